//! [`Rules`]: every Jass option the spec names that the landed parts use (more join as the
//! contract variants, the whole game and Coiffeur/Differenzler land; all with serde defaults,
//! so rules written now stay readable).

use crate::{Multipliers, PlayRules, WeisRules};

/// The rules a Jass deal is played and scored under. `Rules::default()` is the documented
/// default (`docs/jass.md`).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// How a card may be played (Buur exception, undertrumping when void).
    pub play: PlayRules,
    /// How Weis are counted (scale, four 6/7/8, cross-Weis).
    pub weis: WeisRules,
    /// Whether the team with the strongest Weis scores only the strongest player's best Weis
    /// plus the partner's best Weis (the seed's wording), instead of every counted Weis of
    /// both partners (the official rule, the default).
    pub seed_weis_scoring: bool,
    /// The factor of each contract.
    pub multipliers: Multipliers,
}
