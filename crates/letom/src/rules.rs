//! [`Rules`]: every option of Letom (`docs/letom.md` names the decision each one changes).
//! Every field has a serde default, so rules may name only what they change.

use core::ops::RangeInclusive;

use cards_core::{PlayerCountError, PlayerId, RuleRangeError};

use crate::SetupError;

/// How Ren (go) calls raise the winner's score (`docs/letom.md`, decision T2).
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

/// What each bomb multiplies the winner's score by (`docs/letom.md`, decision T3).
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

/// How a deal ends when the stock runs out and nobody stopped (`docs/letom.md`, G19).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Exhaustion {
    /// Nobody wins (the seed's nagari section; the default).
    #[default]
    Nagari,
    /// The player with the most base points wins, settled as a Tom without Ren bonus; a tie at
    /// the top is a nagari (the seed's opening section).
    HighestScore,
}

/// Who pays alone (독박) when a loser called Ren (`docs/letom.md`, G21).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Dokbak {
    /// The loser who called Ren most recently pays alone, even if the winner called Ren after
    /// it (the default).
    #[default]
    LastLoser,
    /// Only when the most recent Ren call of all was a loser's (the seed's literal reading);
    /// if it was the winner's, nobody pays alone.
    LastRenCaller,
}

/// The rules a Letom game is scored and settled under. `Rules::default()` is the documented
/// default: Ren doubling from the third, bombs × 3, pi-bak for a loser with a pi value of 1 to
/// 4, meong-bak when the winner scores Ÿnkt with 6 or more, sweep on, nagari on exhaustion with
/// a carry up to × 8, no gwang-selling, no table stake, the first dealer from the seed.
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
    /// scored Pie (default 4; 0 switches pi-bak off; at most 17, every pi). A loser with no pi is exempt.
    pub pi_bak_max: u32,
    /// Meong-bak: every loser doubles what it owes when the winner scored Ÿnkt with at least
    /// this many Ÿnkt (default 6; 9, the largest, switches meong-bak off, there being 8 Ÿnkt).
    pub meong_bak_min: u32,
    /// Sweep (싹쓸이): a turn that leaves the floor empty takes a pi from every other player
    /// (default on).
    pub sweep: bool,
    /// How a deal ends when the stock runs out (default [`Exhaustion::Nagari`]).
    pub exhaustion: Exhaustion,
    /// The nagari carry doubles per consecutive nagari up to this factor (default 8; 1 turns
    /// the carry off). At most [`Rules::MAX_CARRY`].
    pub carry_cap: u32,
    /// Who pays alone (default [`Dokbak::LastLoser`]).
    pub dokbak: Dokbak,
    /// Gwang-selling (광팔기) with 3 or 4 players: one player sits each deal out and is paid
    /// for its Guã (default off; does nothing with 2 players).
    pub gwang_selling: bool,
    /// What each playing player pays the seller per Guã the seller holds (default 1).
    pub gwang_price: u32,
    /// With gwang-selling: the seller's cards join the stock and the whole stock is reshuffled
    /// (default off: they go under the stock in their dealt order).
    pub reshuffle_sold: bool,
    /// The table stake (판돈) each playing player puts in the pot every deal (default 0: off;
    /// the spec's customary stake is 2). At most [`Rules::MAX_STAKE`].
    pub stake: u32,
    /// The first dealer; `None` (the default) draws it from the seed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_dealer: Option<PlayerId>,
    /// Deals in a match ([`LetomMatch`](crate::LetomMatch); default 10). At most
    /// [`Rules::MAX_DEALS`].
    pub deals: u32,
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
    /// The base points from which a player may stop (Tom) or go on (Ren).
    pub const REN_MIN: u32 = 3;
    /// The largest nagari carry cap.
    pub const MAX_CARRY: u32 = 8;
    /// The pi value of every pi in the deck: the largest `pi_bak_max`.
    pub const MAX_PI_VALUE: u32 = 17;
    /// One more than the Ÿnkt in the deck: the `meong_bak_min` that switches meong-bak off,
    /// and the largest.
    pub const MEONG_BAK_OFF: u32 = 9;
    /// The largest gwang price and table stake (keeps every amount far inside 64 bits).
    pub const MAX_STAKE: u32 = 1000;
    /// The most deals in a match.
    pub const MAX_DEALS: u32 = 10_000;
    /// The default number of deals in a match.
    pub const DEFAULT_DEALS: u32 = 10;

    /// Whether these rules allow a game of `players` players, with every option in range
    /// and none made pointless by another.
    ///
    /// # Errors
    /// [`SetupError::PlayerCount`] outside 2–4 players; [`SetupError::RuleRange`] naming a
    /// number out of its range (`carry_cap` 1 to 8, `pi_bak_max` 0 to 17, `meong_bak_min` 0
    /// to 9, `gwang_price` and `stake` 0 to 1000, `deals` 1 to 10,000);
    /// [`SetupError::BadRule`] for a first dealer not at the table, or a gwang-selling option
    /// (`gwang_price`, `reshuffle_sold`) changed without `gwang_selling`.
    pub fn validate(&self, players: usize) -> Result<(), SetupError> {
        PlayerCountError::check("letom", players, Self::PLAYERS)?;
        let range = RuleRangeError::check;
        range("carry_cap", self.carry_cap, 1..=u64::from(Self::MAX_CARRY))?;
        range(
            "pi_bak_max",
            self.pi_bak_max,
            0..=u64::from(Self::MAX_PI_VALUE),
        )?;
        range(
            "meong_bak_min",
            self.meong_bak_min,
            0..=u64::from(Self::MEONG_BAK_OFF),
        )?;
        range(
            "gwang_price",
            self.gwang_price,
            0..=u64::from(Self::MAX_STAKE),
        )?;
        range("stake", self.stake, 0..=u64::from(Self::MAX_STAKE))?;
        range("deals", self.deals, 1..=u64::from(Self::MAX_DEALS))?;
        let bad = |rule: &'static str, reason: String| Err(SetupError::BadRule { rule, reason });
        if let Some(seat) = self.first_dealer
            && seat.index() >= players
        {
            return bad(
                "first_dealer",
                format!("seat {seat} is not at a table of {players}"),
            );
        }
        let default = Rules::default();
        if !self.gwang_selling {
            if self.gwang_price != default.gwang_price {
                return bad(
                    "gwang_price",
                    "it prices gwang-selling, which is off (set gwang_selling too)".to_owned(),
                );
            }
            if self.reshuffle_sold {
                return bad(
                    "reshuffle_sold",
                    "it reshuffles a sold hand, and gwang-selling is off (set gwang_selling too)"
                        .to_owned(),
                );
            }
        }
        Ok(())
    }

    /// Whether this table sells Guã: the option is on and 3 or 4 play.
    #[must_use]
    pub fn sells(&self, players: usize) -> bool {
        self.gwang_selling && players >= 3
    }

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
            sweep: true,
            exhaustion: Exhaustion::Nagari,
            carry_cap: Self::MAX_CARRY,
            dokbak: Dokbak::LastLoser,
            gwang_selling: false,
            gwang_price: 1,
            reshuffle_sold: false,
            stake: 0,
            first_dealer: None,
            deals: Self::DEFAULT_DEALS,
        }
    }
}

/// `go-stop` ([`Rules::go_stop`]).
impl cards_core::Presets for Rules {
    fn presets() -> Vec<(&'static str, Self)> {
        vec![("go-stop", Rules::go_stop())]
    }
}
