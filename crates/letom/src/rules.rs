//! [`Rules`]: the options of Letom that scoring and settlement read. The game's own options
//! (sweep, exhaustion, carry cap, gwang-selling, table stake, 독박 reading, first dealer) join
//! with the game; every field has a serde default, so rules written now stay readable then.

use core::ops::RangeInclusive;

/// How Ren (go) calls raise the winner's score (`docs/letom.md`, decision S8).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum RenScoring {
    /// Standard Go-Stop (the default): each Ren adds 1 point, and from the third Ren the total
    /// is also doubled once per Ren: n Ren pay (base + n) × 2^(n−2) for n ≥ 3.
    #[default]
    Doubling,
    /// Each Ren adds 1 point; no doubling.
    Additive,
}

/// What each bomb multiplies the winner's score by (`docs/letom.md`, decision S9).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum BombMultiplier {
    /// × 3 per bomb: the seed's rule (the default).
    #[default]
    Triple,
    /// × 2 per bomb: standard Go-Stop.
    Double,
}

impl BombMultiplier {
    /// The factor per bomb: 3 or 2.
    #[must_use]
    pub const fn factor(self) -> i64 {
        match self {
            BombMultiplier::Triple => 3,
            BombMultiplier::Double => 2,
        }
    }
}

/// The rules a Letom game is scored and settled under. `Rules::default()` is the documented
/// default: Ren doubling from the third, bombs × 3, pi-bak for a loser with a pi value of 1 to
/// 4, meong-bak when the winner scores Ÿnkt with 6 or more.
///
/// ```
/// use letom::{BombMultiplier, Rules};
/// let rules: Rules = serde_json::from_str(r#"{"bomb":"double"}"#).unwrap();
/// assert_eq!(rules.bomb, BombMultiplier::Double);
/// assert_eq!(rules.pi_bak_max, 4);
/// assert!(serde_json::from_str::<Rules>(r#"{"bombs":"double"}"#).is_err()); // unknown field
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// How Ren calls raise the score (default [`RenScoring::Doubling`]).
    pub ren: RenScoring,
    /// The factor per bomb (default [`BombMultiplier::Triple`], the seed's × 3).
    pub bomb: BombMultiplier,
    /// Pi-bak: a loser whose pi value is 1 to this doubles what it owes, when the winner
    /// scored Pie (default 4; 0 switches pi-bak off). A loser with no pi is exempt.
    pub pi_bak_max: u32,
    /// Meong-bak: every loser doubles what it owes when the winner scored Ÿnkt with at least
    /// this many Ÿnkt (default 6; 9 or more switches meong-bak off, there being 8 Ÿnkt).
    pub meong_bak_min: u32,
}

impl Rules {
    /// The player counts: 2 to 4.
    pub const PLAYERS: RangeInclusive<usize> = 2..=4;
    /// The most seats at a table.
    pub const MAX_PLAYERS: usize = 4;
    /// The default pi-bak threshold: a pi value of 1 to 4.
    pub const DEFAULT_PI_BAK_MAX: u32 = 4;
    /// The default meong-bak threshold: 6 Ÿnkt.
    pub const DEFAULT_MEONG_BAK_MIN: u32 = 6;

    /// Standard Go-Stop's bomb: × 2 per bomb instead of the seed's × 3; everything else
    /// default.
    #[must_use]
    pub fn go_stop() -> Rules {
        Rules {
            bomb: BombMultiplier::Double,
            ..Rules::default()
        }
    }
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            ren: RenScoring::Doubling,
            bomb: BombMultiplier::Triple,
            pi_bak_max: Self::DEFAULT_PI_BAK_MAX,
            meong_bak_min: Self::DEFAULT_MEONG_BAK_MIN,
        }
    }
}
