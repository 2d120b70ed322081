//! [`Rules`]: every option the spec names. The capture machinery reads [`Rules::jokers`],
//! [`Rules::yoruba`] and [`Rules::yoruba_pile_excludes_v`]; the other fields are plain data
//! for the game state machine (a later slice), here now so the serde form is settled. Every
//! field has a serde default, so rules written now stay readable as options join.

use core::ops::RangeInclusive;

use cards_core::{PlayerCountError, PlayerId, RuleRangeError};

use crate::error::SetupError;

/// What happens to the cards left over when fewer remain than a full batch needs.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Leftovers {
    /// Set aside, unused, when the last full batch is dealt.
    Unused,
    /// Laid face up on the table when the last full batch is dealt, before its first play
    /// (the default).
    #[default]
    ToTable,
    /// A last hand of one card each when the hands are empty after the last full batch, if
    /// there are at least as many leftovers as players; any rest goes to the table then.
    OneCardHand,
}

/// How a round's points are scored (the source's scoring is lost: a replaceable policy).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Scoring {
    /// 1 point for each layout card (K♦ Q♦ J♦ 9♦) captured, 1 for strictly the most captured
    /// cards (the default).
    #[default]
    LayoutAndMost,
    /// Only the 1 point for strictly the most captured cards.
    MostCards,
}

/// The rules an Eléwénjewé game is played under. `Rules::default()` is the documented default:
/// no jokers, Yorùbá off, Esun off, Isiwo off, leftovers to the table, last player takes the
/// table off, scoring `LayoutAndMost`, target 5, no round limit (hard cap 50).
///
/// ```
/// use elewenjewe::Rules;
/// let rules: Rules = serde_json::from_str(r#"{"yoruba":true}"#).unwrap();
/// assert!(rules.yoruba && !rules.jokers);
/// assert_eq!(rules, Rules::yoruba());
/// assert!(serde_json::from_str::<Rules>(r#"{"yorouba":true}"#).is_err()); // unknown field
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// Whether the two jokers are in the pack (amateur play; default off).
    pub jokers: bool,
    /// The Yorùbá rule: captured cards (and an Esun pile's cards) have pairwise distinct
    /// values, none equal to the played card's; a face card captures exactly one card; jokers
    /// are never restricted (default off).
    pub yoruba: bool,
    /// Esun: protected piles may be built (default off).
    pub esun: bool,
    /// Under the Yorùbá rule, no card of an Esun pile has the value `v` it is built for either
    /// (default off).
    pub yoruba_pile_excludes_v: bool,
    /// Under the Yorùbá rule, the rule also applies to the cards of piles when a pile is
    /// captured (default off).
    pub yoruba_checks_piles: bool,
    /// The game points an Esun builder loses for a pile still standing when the next batch is
    /// dealt or the round ends (default 1).
    pub esun_penalty: u32,
    /// Isiwo: players may look at captured piles (default off: only their sizes are shown).
    pub isiwo: bool,
    /// What happens to leftover cards (default [`Leftovers::ToTable`]).
    pub leftovers: Leftovers,
    /// Whether the player who played the round's last card takes the cards left on the table
    /// (default off).
    pub last_player_takes: bool,
    /// The scoring policy (default [`Scoring::LayoutAndMost`]).
    pub scoring: Scoring,
    /// The game ends when a player reaches this many points (default 5).
    pub target: u32,
    /// The game ends after this many rounds (default none, left out of JSON).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_rounds: Option<u32>,
    /// So that every game ends: at most this many rounds whatever else (default 50).
    pub round_cap: u32,
    /// The dealer of the first round (default none, left out of JSON: drawn from the seed after
    /// the first round's shuffle).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_dealer: Option<PlayerId>,
}

impl Rules {
    /// The player counts: 2 to 5.
    pub const PLAYERS: RangeInclusive<usize> = 2..=5;
    /// The most seats at a table (the size of per-seat arrays in the states).
    pub const MAX_PLAYERS: usize = 5;
    /// The default target: 5 points.
    pub const DEFAULT_TARGET: u32 = 5;
    /// The default hard cap on rounds: 50.
    pub const DEFAULT_ROUND_CAP: u32 = 50;
    /// The most rounds a game may be given (`round_cap`, `max_rounds`): 10,000, a game of at
    /// most 500,000 actions.
    pub const MAX_ROUNDS: u32 = 10_000;
    /// The highest target: 1,000,000 points.
    pub const MAX_TARGET: u32 = 1_000_000;
    /// The highest Esun penalty: 1,000 points a pile.
    pub const MAX_ESUN_PENALTY: u32 = 1_000;

    /// Whether these rules can be played by `players` seats: every number in its range, and
    /// no option that another makes pointless.
    ///
    /// # Errors
    /// [`SetupError::PlayerCount`] outside 2 ..= 5; [`SetupError::RuleRange`] for a `target`
    /// outside 1 to [`Rules::MAX_TARGET`], a `max_rounds` or `round_cap` outside 1 to
    /// [`Rules::MAX_ROUNDS`], an `esun_penalty` above [`Rules::MAX_ESUN_PENALTY`];
    /// [`SetupError::BadRule`] for a `first_dealer` not at the table, a `max_rounds` above the
    /// `round_cap` (the cap would end the game first), a Yorùbá pile option without `yoruba`
    /// and `esun`, or an `esun_penalty` other than 1 without `esun`.
    pub fn validate(&self, players: usize) -> Result<(), SetupError> {
        PlayerCountError::check("elewenjewe", players, Self::PLAYERS)?;
        RuleRangeError::check("target", self.target, 1..=u64::from(Self::MAX_TARGET))?;
        if let Some(max_rounds) = self.max_rounds {
            RuleRangeError::check("max_rounds", max_rounds, 1..=u64::from(Self::MAX_ROUNDS))?;
        }
        RuleRangeError::check("round_cap", self.round_cap, 1..=u64::from(Self::MAX_ROUNDS))?;
        RuleRangeError::check(
            "esun_penalty",
            self.esun_penalty,
            0..=u64::from(Self::MAX_ESUN_PENALTY),
        )?;
        let bad = |what, why| Err(SetupError::BadRule { what, why });
        if self.first_dealer.is_some_and(|s| s.index() >= players) {
            return bad("first_dealer", "the seat is not at the table");
        }
        if self.max_rounds.is_some_and(|m| m > self.round_cap) {
            return bad(
                "max_rounds",
                "it is above round_cap, which would end the game first (raise round_cap too)",
            );
        }
        for (what, set) in [
            ("yoruba_pile_excludes_v", self.yoruba_pile_excludes_v),
            ("yoruba_checks_piles", self.yoruba_checks_piles),
        ] {
            if set && !(self.yoruba && self.esun) {
                return bad(
                    what,
                    "it refines the Yorùbá rule for Esun piles: set yoruba and esun too",
                );
            }
        }
        if !self.esun && self.esun_penalty != Rules::default().esun_penalty {
            return bad(
                "esun_penalty",
                "it is what a standing Esun pile costs, and Esun is off (set esun too)",
            );
        }
        Ok(())
    }

    /// The most rounds a game can last: the round cap, or the round limit when lower.
    #[must_use]
    pub fn most_rounds(&self) -> u32 {
        self.max_rounds
            .map_or(self.round_cap, |m| m.min(self.round_cap))
    }

    /// The `professional` preset (the English source): no jokers, the default rules. The
    /// source plays it with two players; that is the caller's choice of seats (decision G2 in
    /// `docs/elewenjewe.md`).
    #[must_use]
    pub fn professional() -> Rules {
        Rules::default()
    }

    /// The `casual` preset: two jokers (2–5 players).
    #[must_use]
    pub fn casual() -> Rules {
        Rules {
            jokers: true,
            ..Rules::default()
        }
    }

    /// The `yoruba` preset: the Yorùbá rule on.
    #[must_use]
    pub fn yoruba() -> Rules {
        Rules {
            yoruba: true,
            ..Rules::default()
        }
    }
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            jokers: false,
            yoruba: false,
            esun: false,
            yoruba_pile_excludes_v: false,
            yoruba_checks_piles: false,
            esun_penalty: 1,
            isiwo: false,
            leftovers: Leftovers::ToTable,
            last_player_takes: false,
            scoring: Scoring::LayoutAndMost,
            target: Self::DEFAULT_TARGET,
            max_rounds: None,
            round_cap: Self::DEFAULT_ROUND_CAP,
            first_dealer: None,
        }
    }
}

/// `professional` (the default rules, by the name the source gives them), `casual` and
/// `yoruba` ([`Rules::professional`], [`Rules::casual`], [`Rules::yoruba`]).
impl cards_core::Presets for Rules {
    fn presets() -> Vec<(&'static str, Self)> {
        vec![
            ("professional", Rules::professional()),
            ("casual", Rules::casual()),
            ("yoruba", Rules::yoruba()),
        ]
    }

    /// `professional` is for two players, as its source plays it (the spec's preset).
    fn preset_seats(name: &str) -> Option<core::ops::RangeInclusive<usize>> {
        (name == "professional").then_some(2..=2)
    }
}
