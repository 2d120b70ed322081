//! [`Rules`]: every Jass option the spec names that the landed parts use (more join as the
//! contract variants, the whole game and Coiffeur/Differenzler land; all with serde defaults,
//! so rules written now stay readable).

use core::ops::RangeInclusive;

use cards_core::{JassCard, JassRank, JassSuit, PlayerCountError, PlayerId};

use crate::{Contract, Multipliers, PlayRules, SetupError, WeisRules};

/// Which contract variants may be named (all off by default: the four trumps, Obenabe and
/// Undenufe only). Slalom enables both starts.
///
/// ```
/// use jass::Variants;
/// let v: Variants = serde_json::from_str(r#"{"trio":true}"#).unwrap();
/// assert!(v.trio && !v.slalom);
/// ```
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(default, deny_unknown_fields)]
pub struct Variants {
    /// Slalom, from Obenabe and from Undenufe.
    pub slalom: bool,
    /// Guschti.
    pub guschti: bool,
    /// Mary.
    pub mary: bool,
    /// Trio.
    pub trio: bool,
}

impl Variants {
    /// Every variant enabled.
    pub const ALL: Variants = Variants {
        slalom: true,
        guschti: true,
        mary: true,
        trio: true,
    };

    /// Whether `contract` may be named: the modes always, a variant when enabled.
    #[must_use]
    pub const fn allows(&self, contract: Contract) -> bool {
        match contract {
            Contract::Mode(_) => true,
            Contract::Slalom(_) => self.slalom,
            Contract::Guschti => self.guschti,
            Contract::Mary => self.mary,
            Contract::Trio => self.trio,
        }
    }
}

/// The rules a Jass deal is played and scored under. `Rules::default()` is the documented
/// default (`docs/jass.md`).
///
/// ```
/// use jass::Rules;
/// let rules: Rules = serde_json::from_str(r#"{"first_dealer":2}"#).unwrap();
/// assert_eq!(rules.forehand_card.to_string(), "7D");
/// assert_eq!(rules.first_dealer.map(|s| s.index()), Some(2));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
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
    /// The contract variants that may be named (default: none).
    pub variants: Variants,
    /// The first deal's dealer; `None` (the default, left out of JSON): drawn from the seed,
    /// right after the shuffle.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_dealer: Option<PlayerId>,
    /// In the first deal of a game, the holder of this card is forehand (default ♦7, `7D`).
    pub forehand_card: JassCard,
    /// A whole Schieber game ([`Schieber`](crate::Schieber)) ends the moment a team's
    /// multiplied total reaches this (default 2500; left out of JSON: the default). `None`
    /// (`null` in JSON): the game is a single deal, won by the team with more points. One
    /// deal on its own ([`SchieberDeal`](crate::SchieberDeal)) ignores it.
    pub target: Option<u32>,
}

impl Rules {
    /// The player counts of Schieber (one deal or a whole game): exactly four.
    pub const SCHIEBER_PLAYERS: RangeInclusive<usize> = 4..=4;
    /// The most seats at a Jass table (the size of per-seat arrays in the states).
    pub const MAX_PLAYERS: usize = 4;
    /// The default forehand card of a game's first deal: ♦7.
    pub const DEFAULT_FOREHAND_CARD: JassCard = JassCard::new(JassSuit::Diamonds, JassRank::Seven);
    /// The default target of a whole Schieber game: 2500.
    pub const DEFAULT_TARGET: u32 = 2500;

    /// The flat preset: every contract ×1 ([`Multipliers::FLAT`]) and a target of 1000.
    #[must_use]
    pub fn flat() -> Rules {
        Rules {
            multipliers: Multipliers::FLAT,
            target: Some(1000),
            ..Rules::default()
        }
    }

    /// Checks the rules for a whole Schieber game of `players` seats: as
    /// [`Rules::validate_schieber`], and a target, when set, that can be played to.
    ///
    /// # Errors
    /// [`SetupError::PlayerCount`] unless `players` is 4; [`SetupError::SeatNotAtTable`] for
    /// a `first_dealer` not at the table; [`SetupError::Target`] for a target of 0 or a
    /// contract with factor 0 under a target (a game that might never end).
    pub fn validate_schieber_game(&self, players: usize) -> Result<(), SetupError> {
        PlayerCountError::check(
            <crate::Schieber as cards_core::Game>::NAME,
            players,
            Self::SCHIEBER_PLAYERS,
        )?;
        self.validate_schieber(players)?;
        if let Some(target) = self.target {
            if target == 0 {
                return Err(SetupError::Target {
                    target,
                    why: "a target of 0 is reached before the first card",
                });
            }
            if self.min_factor() == 0 {
                return Err(SetupError::Target {
                    target,
                    why: "a contract with factor 0 could make the game endless",
                });
            }
        }
        Ok(())
    }

    /// The smallest factor of any contract that may be named.
    pub(crate) fn min_factor(&self) -> u32 {
        Contract::ALL
            .into_iter()
            .chain(Contract::VARIANTS)
            .filter(|&c| self.variants.allows(c))
            .map(|c| self.multipliers.contract_factor(c))
            .min()
            .unwrap_or(0)
    }

    /// Checks the rules for a Schieber table of `players` seats.
    ///
    /// # Errors
    /// [`SetupError::PlayerCount`] unless `players` is 4; [`SetupError::SeatNotAtTable`] for
    /// a `first_dealer` that is not at the table.
    pub fn validate_schieber(&self, players: usize) -> Result<(), SetupError> {
        PlayerCountError::check(
            <crate::SchieberDeal as cards_core::Game>::NAME,
            players,
            Self::SCHIEBER_PLAYERS,
        )?;
        if let Some(seat) = self.first_dealer
            && seat.index() >= players
        {
            return Err(SetupError::SeatNotAtTable {
                what: "first_dealer",
                seat,
            });
        }
        Ok(())
    }
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            play: PlayRules::default(),
            weis: WeisRules::default(),
            seed_weis_scoring: false,
            multipliers: Multipliers::default(),
            variants: Variants::default(),
            first_dealer: None,
            forehand_card: Self::DEFAULT_FOREHAND_CARD,
            target: Some(Self::DEFAULT_TARGET),
        }
    }
}
