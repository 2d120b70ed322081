//! `impl Game for Elewenjewe`, and [`Outcome`].

use core::fmt;
use core::ops::RangeInclusive;

use cards_core::{CardSet, Census, Game, PerSeat, PlayerId, Rng, Seed, StdCard};

use crate::action::Action;
use crate::error::{RuleError, SetupError};
use crate::rules::Rules;
use crate::score::winners;
use crate::setup::{Setup, validate};
use crate::state::{Elewenjewe, pack};
use crate::view::View;

/// The settlement's scale: the returns × 60 (60 is divisible by every number of tied winners,
/// 1 to 5), so the settlement is an integer.
pub const SETTLEMENT_SCALE: i64 = 60;

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Outcome {
    /// Each seat's game total.
    pub totals: Vec<i64>,
    /// The winners: the highest total (several on a shared win).
    pub winners: Vec<PlayerId>,
    /// The rounds played.
    pub rounds: u32,
}

impl fmt::Display for Outcome {
    /// `Seat 1 wins with 6 points after 3 rounds (totals 2, 6, 3).`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let best = self
            .winners
            .first()
            .and_then(|w| self.totals.get(w.index()))
            .copied()
            .unwrap_or(0);
        match self.winners.as_slice() {
            [one] => write!(f, "Seat {one} wins with {best} points")?,
            many => {
                let seats: Vec<String> = many.iter().map(ToString::to_string).collect();
                write!(
                    f,
                    "Seats {} share the win with {best} points",
                    seats.join(", ")
                )?;
            }
        }
        let all: Vec<String> = self.totals.iter().map(ToString::to_string).collect();
        let s = if self.rounds == 1 { "" } else { "s" };
        write!(
            f,
            " after {} round{s} (totals {}).",
            self.rounds,
            all.join(", ")
        )
    }
}

impl Elewenjewe {
    fn outcome_now(&self) -> Option<Outcome> {
        if !self.over() {
            return None;
        }
        let n = self.n();
        let rounds = self.records.len() as u32;
        let totals = self.totals[..n].to_vec();
        let winners = winners(&self.rules, rounds, &totals).unwrap_or_default();
        Some(Outcome {
            totals,
            winners,
            rounds,
        })
    }
}

impl Game for Elewenjewe {
    type Rules = Rules;
    type Action = Action;
    type View = View;
    type Setup = Setup;
    type Outcome = Outcome;
    type Card = StdCard;
    type Error = RuleError;
    type SetupError = SetupError;

    const NAME: &'static str = "elewenjewe";

    fn player_range(_rules: &Rules) -> RangeInclusive<usize> {
        Rules::PLAYERS
    }

    /// Round 0: the layout diamonds on the table, the rest shuffled by
    /// `GameRng::for_deal(seed, 0)`, the dealer drawn after the shuffle (unless
    /// [`Rules::first_dealer`] fixes it), the first batch dealt.
    fn new(rules: &Rules, players: usize, seed: Seed) -> Result<Self, SetupError> {
        rules.validate(players)?;
        Ok(Elewenjewe::start(rules, players, seed, None))
    }

    fn from_setup(rules: &Rules, setup: Setup) -> Result<Self, SetupError> {
        validate(rules, &setup)
    }

    fn setup(&self) -> Setup {
        self.to_setup()
    }

    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn num_players(&self) -> usize {
        self.n()
    }

    fn to_act(&self) -> Option<PlayerId> {
        self.current()
    }

    /// For each card of the hand in card index order: its captures (with the piles of its
    /// value, see [`Elewenjewe`]'s capture order in `docs/elewenjewe.md`), its Esun builds
    /// (values ascending), its trail.
    fn for_each_legal(&self, f: impl FnMut(Action)) {
        self.each_legal(f);
    }

    fn play(&mut self, action: Action) -> Result<(), RuleError> {
        self.step(action, None)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome_now()
    }

    /// The returns × [`SETTLEMENT_SCALE`] (60): a sole winner 60 (n − 1), each loser −60;
    /// k tied winners 60 (n − k) / k each. All zeros before the end.
    fn settlement(&self) -> PerSeat<i64> {
        let n = self.n();
        let mut out = PerSeat::new(n).unwrap_or_default();
        if let Some(o) = self.outcome_now() {
            let k = o.winners.len().max(1) as i64;
            for v in out.iter_mut() {
                *v = -SETTLEMENT_SCALE;
            }
            for w in &o.winners {
                out[w.index()] = SETTLEMENT_SCALE * (n as i64 - k) / k;
            }
        }
        out
    }

    /// The spec's returns: a sole winner n − 1, each loser −1; k tied winners (n − k) / k.
    fn returns(&self) -> PerSeat<f64> {
        self.settlement()
            .map(|s| s as f64 / SETTLEMENT_SCALE as f64)
    }

    fn view(&self, player: PlayerId) -> View {
        self.view_of(player)
    }

    fn view_legal_actions(view: &View, out: &mut Vec<Action>) {
        view.legal_actions(out);
    }

    fn sample_world<R: Rng + ?Sized>(view: &View, rng: &mut R) -> Result<Self, SetupError> {
        view.sample_world(rng)
    }

    /// Every round plays each hand card once (at most 50), for at most
    /// [`Rules::most_rounds`] rounds.
    fn max_actions(rules: &Rules, _players: usize) -> usize {
        (rules.most_rounds() as usize).saturating_mul(50)
    }

    /// The 52 cards, and the two jokers when [`Rules::jokers`] is on.
    fn deck(rules: &Rules) -> CardSet<StdCard> {
        pack(rules)
    }

    fn census(&self) -> Census<StdCard> {
        self.take_census()
    }
}
