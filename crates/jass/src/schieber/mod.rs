//! [`Schieber`]: a whole Schieber game, deal after deal until a team's multiplied total
//! reaches the target (mid-deal if so, with the Stöck exception), as a `Game` with
//! `DirectIndex`; its [`SchieberSetup`], [`SchieberView`] and [`SchieberOutcome`].

use core::fmt;
use core::ops::RangeInclusive;

use cards_core::{
    Census, Draw as _, Events, Game, JassCard, ObserveError, PerSeat, PlayerId, Rng, Seed,
};

use crate::schieber_deal::view::misfit;
use crate::schieber_deal::{PLAYS, SEATS, SchieberDeal, TRICKS, seat_after, team_of};
use crate::score::STOECK;
use crate::{
    Action, Credit, CreditKind, Credits, Deal, DealSummary, Event, RuleError, Rules,
    SchieberDealSetup, SchieberDealView, SeededDeal, SetupError, ViewError,
};

mod game;
mod screen;
mod setup;
mod view;

pub use setup::SchieberSetup;
pub use view::SchieberView;

/// Actions in one deal at most: a push, a contract, three Trio modes and 36 cards.
const DEAL_ACTIONS: usize = PLAYS + 5;
/// Card points (with the last trick's 5) that every complete deal credits to the two teams.
const DEAL_POINTS: u64 = 157;
/// How many sampled deals [`SchieberView::sample_world`] tries before it gives up.
const MAX_TRIES: usize = 400;

/// How a whole Schieber game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SchieberOutcome {
    /// Each team's multiplied total (index 0: seats 0 and 2; index 1: seats 1 and 3).
    pub totals: [u32; 2],
    /// The winning team: the one that reached the target (without a target: the one with
    /// more points; `None` for a tie).
    pub winner: Option<usize>,
    /// The deals played, the last one (perhaps stopped mid-way) included.
    pub deals: u32,
    /// The seat whose Stöck ended the game at the start of its first turn (the Stöck
    /// exception), if that is how it ended.
    pub early_stoeck: Option<PlayerId>,
}

impl fmt::Display for SchieberOutcome {
    /// A sentence: `Seats 0 and 2 win 2512 to 1877 after 8 deals.`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.totals;
        let deals = if self.deals == 1 {
            "1 deal".to_owned()
        } else {
            format!("{} deals", self.deals)
        };
        match self.winner {
            Some(0) => write!(f, "Seats 0 and 2 win {a} to {b} after {deals}")?,
            Some(_) => write!(f, "Seats 1 and 3 win {b} to {a} after {deals}")?,
            None => write!(f, "A tie at {a} after {deals}")?,
        }
        if let Some(seat) = self.early_stoeck {
            write!(f, ", on seat {seat}'s Stöck before it played")?;
        }
        f.write_str(".")
    }
}

/// A whole Schieber game: four seats in two teams (seats 0 and 2 against 1 and 3) play
/// [`SchieberDeal`]s one after another until a team's multiplied total reaches
/// [`Rules::target`] — the moment it does, even mid-deal (see `docs/jass.md`, "A whole
/// Schieber game").
///
/// Deal `k` draws its cards from `GameRng::for_deal(seed, k)`: deal 0 is
/// [`SeededDeal::first_schieber`] (forehand holds [`Rules::forehand_card`]); the first deal's forehand
/// deals the second, then the deal passes one seat each deal, and forehand is the seat after
/// the dealer ([`SeededDeal::later`]). The actions are the deal's ([`Action`], same index).
///
/// ```
/// use jass::{Game, Rules, Schieber, Seed};
/// let mut game = Schieber::new(&Rules::flat(), 4, Seed::from(7))?;
/// let mut moves = Vec::new();
/// while game.to_act().is_some() {
///     game.legal_actions(&mut moves);
///     game.play(moves[0])?;
/// }
/// let outcome = game.outcome().expect("over");
/// assert!(outcome.totals.iter().any(|&t| t >= 1000));
/// assert_eq!(game.settlement().iter().sum::<i64>(), 0);
/// println!("{outcome}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Schieber {
    rules: Rules,
    seed: Seed,
    /// The current deal's number, from 0.
    deal_number: u32,
    /// The multiplied totals before the current deal.
    before: [u32; 2],
    /// The current deal.
    deal: SchieberDeal,
    /// The multiplied totals now: `before` plus the current deal's credits that counted.
    totals: [u32; 2],
    /// The seat whose Stöck was credited by the exception.
    early_stoeck: Option<PlayerId>,
    /// Whether the game is over.
    over: bool,
    /// The winning team, once over.
    winner: Option<usize>,
}

impl Schieber {
    /// The game at the start of `deal` (unchecked: callers validate).
    fn at(
        rules: &Rules,
        seed: Seed,
        deal_number: u32,
        before: [u32; 2],
        deal: SchieberDeal,
    ) -> Self {
        Schieber {
            rules: *rules,
            seed,
            deal_number,
            before,
            deal,
            totals: before,
            early_stoeck: None,
            over: false,
            winner: None,
        }
    }

    /// The current deal's score as credited to the totals.
    fn deal_score(&self) -> Vec<i64> {
        (0..2)
            .map(|t| i64::from(self.totals[t]) - i64::from(self.before[t]))
            .collect()
    }

    /// Whether `team`'s total reaches the target.
    fn reached(&self, team: usize) -> bool {
        self.rules.target.is_some_and(|t| self.totals[team] >= t)
    }

    /// The deal's labelled summary: `counted`, the credits that counted for the game;
    /// `reached`, the team that reached the target in it.
    fn summary(&self, counted: Credits, reached: Option<usize>) -> DealSummary {
        DealSummary::Schieber {
            deal: self.deal_number,
            contract: self.deal.contract(),
            multiplier: self.deal.multiplier().unwrap_or(1),
            credits: counted,
            totals: Some(self.totals),
            target: self.rules.target,
            reached,
        }
    }

    /// Ends the game: the last deal's score (`counted`: the deal's credits that counted for
    /// the game) and the outcome.
    pub(crate) fn finish(
        &mut self,
        winner: Option<usize>,
        counted: Credits,
        events: &mut impl Events<Event>,
    ) {
        self.over = true;
        self.winner = winner;
        let reached = winner.filter(|_| self.rules.target.is_some());
        events.emit(|| Event::DealScored {
            score: self.deal_score(),
            summary: Some(self.summary(counted, reached)),
        });
        if let Some(outcome) = self.outcome() {
            events.emit(|| Event::SchieberOver { outcome });
        }
    }

    /// After a complete deal with no team at the target: the next deal, or without a target
    /// the end of the one-deal game.
    fn next_deal(&mut self, events: &mut impl Events<Event>) {
        if self.rules.target.is_none() {
            let [a, b] = self.totals;
            let winner = match a.cmp(&b) {
                core::cmp::Ordering::Greater => Some(0),
                core::cmp::Ordering::Less => Some(1),
                core::cmp::Ordering::Equal => None,
            };
            self.finish(winner, self.deal.credits(), events);
            return;
        }
        events.emit(|| Event::DealScored {
            score: self.deal_score(),
            summary: Some(self.summary(self.deal.credits(), None)),
        });
        let dealer = if self.deal_number == 0 {
            self.deal.forehand
        } else {
            seat_after(self.deal.dealer, 1)
        };
        self.deal_number = self.deal_number.saturating_add(1);
        let seeded = SeededDeal::later(self.seed, self.deal_number, SEATS, dealer);
        self.deal = SchieberDeal::dealt(
            &self.rules,
            seeded.dealer,
            seeded.forehand,
            seeded.hand_sets(),
        );
        self.before = self.totals;
        self.report_deal(Some(&seeded), events);
    }

    /// The current deal begins: its number, the totals before it, and its cards (`seeded`:
    /// in the order dealt).
    fn report_deal(&self, seeded: Option<&SeededDeal>, events: &mut impl Events<Event>) {
        let deal = &self.deal;
        events.emit(|| Event::DealBegan {
            deal: self.deal_number,
            dealer: deal.dealer,
            forehand: deal.forehand,
            totals: self.before.to_vec(),
        });
        events.emit(|| {
            Event::Dealt(match seeded {
                Some(s) => Deal::shown(s.dealer, s.forehand, s.hands(), None),
                None => deal.deal_event(),
            })
        });
    }

    /// The seeded deal this game's seed deals as its current deal, when that is the current
    /// deal (a set-up game's may be any).
    fn seeded_deal(&self) -> Option<SeededDeal> {
        let deal = &self.deal;
        let seeded = if self.deal_number == 0 {
            SeededDeal::first_schieber(&self.rules, self.seed)
        } else {
            SeededDeal::later(self.seed, self.deal_number, SEATS, deal.dealer)
        };
        let same = seeded.dealer == deal.dealer
            && seeded.forehand == deal.forehand
            && seeded.hand_sets() == deal.dealt;
        same.then_some(seeded)
    }

    /// The Stöck exception: at the start of the Stöck holder's first turn to play in a trump
    /// contract, if its Stöck would bring its team to the target, it is credited now and the
    /// game ends.
    fn stoeck_exception(&mut self, events: &mut impl Events<Event>) {
        let (Some(target), Some(holder), Some(factor)) = (
            self.rules.target,
            self.deal.stoeck_holder,
            self.deal.multiplier(),
        ) else {
            return;
        };
        if self.deal.to_act() != Some(holder)
            || self.deal.stoeck_credited
            || self.deal.hands[holder.index()].len() != TRICKS
        {
            return;
        }
        let team = team_of(holder);
        let total = self.totals[team].saturating_add(STOECK.saturating_mul(factor));
        if total >= target {
            self.totals[team] = total;
            self.early_stoeck = Some(holder);
            events.emit(|| Event::EarlyStoeck {
                seat: holder,
                points: STOECK.saturating_mul(factor),
            });
            // The Stöck counted before any other credit of the deal's holder's turn.
            let mut counted = self.deal.credits();
            counted.add(Credit {
                kind: CreditKind::Stoeck,
                team,
                points: STOECK,
            });
            self.finish(Some(team), counted, events);
        }
    }

    // ---- Public accessors: what is the game's own. ----

    /// The current deal (the last one, once the game is over; it may have stopped mid-way).
    #[must_use]
    pub fn deal(&self) -> &SchieberDeal {
        &self.deal
    }

    /// The current deal's number, from 0.
    #[must_use]
    pub fn deal_number(&self) -> u32 {
        self.deal_number
    }

    /// Each team's multiplied total now (index 0: seats 0 and 2).
    #[must_use]
    pub fn totals(&self) -> [u32; 2] {
        self.totals
    }

    /// Each team's multiplied total before the current deal.
    #[must_use]
    pub fn scores_before_deal(&self) -> [u32; 2] {
        self.before
    }

    /// The seat whose Stöck ended the game by the Stöck exception.
    #[must_use]
    pub fn early_stoeck(&self) -> Option<PlayerId> {
        self.early_stoeck
    }
}
