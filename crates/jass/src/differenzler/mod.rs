//! [`Differenzler`]: a whole Differenzler game (3 or 4 players, each alone) — predictions, the
//! shown trump card, the tricks and the penalties, deal after deal — as a `Game` with
//! `DirectIndex`; its [`DifferenzlerSetup`], [`DifferenzlerView`] and
//! [`DifferenzlerOutcome`].

use core::fmt;
use core::ops::RangeInclusive;

use cards_core::{
    CardSet, Census, Draw as _, Events, Game, JassCard, ObserveError, PerSeat, PlayerCountError,
    PlayerId, Rng, Seed,
};

use crate::card_play::{CardPlay, MAX_SEATS, PLAYS, seat_after_at};
use crate::event::deal_event;
use crate::sampling::{HiddenDeal, evidence};
use crate::schieber_deal::Hand;
use crate::schieber_deal::view::{TrickView, follow_card, follow_trick, misfit, seen_hands};
use crate::{
    Action, Event, MAX_PREDICTION, Mode, RuleError, Rules, SeededDeal, SetupError, ViewError,
};

mod game;
mod playout;
mod screen;
mod setup;
mod view;

pub use setup::DifferenzlerSetup;
pub use view::DifferenzlerView;

/// How many sampled deals [`DifferenzlerView::sample_world`] tries before it gives up.
const MAX_TRIES: usize = 400;

/// How a Differenzler game ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DifferenzlerOutcome {
    /// Each seat's total penalty: the sum over the deals of |prediction − card points taken|.
    pub penalties: Vec<u32>,
    /// The seats with the lowest total (several on a tie).
    pub winners: Vec<PlayerId>,
    /// The deals played.
    pub deals: u32,
}

impl fmt::Display for DifferenzlerOutcome {
    /// A sentence: `Seat 2 wins with a penalty of 131 after 16 deals (penalties: seat 0 190,
    /// seat 1 212, seat 2 131).`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let best = self
            .winners
            .first()
            .and_then(|w| self.penalties.get(w.index()))
            .copied()
            .unwrap_or(0);
        match self.winners.as_slice() {
            [one] => write!(f, "Seat {one} wins with a penalty of {best}")?,
            many => {
                let seats: Vec<String> = many.iter().map(ToString::to_string).collect();
                write!(f, "Seats {} tie with a penalty of {best}", seats.join(", "))?;
            }
        }
        let all: Vec<String> = self
            .penalties
            .iter()
            .enumerate()
            .map(|(s, p)| format!("seat {s} {p}"))
            .collect();
        write!(
            f,
            " after {} deal{} (penalties: {}).",
            self.deals,
            if self.deals == 1 { "" } else { "s" },
            all.join(", ")
        )
    }
}

/// A whole Differenzler game: 3 or 4 players, each alone. Each deal: 12 cards each (three
/// players) or 9 (four), in packets of three from the seat after the dealer; the dealer's
/// last card is shown to all and its suit is trump; from the seat after the dealer, each
/// player predicts the card points it will take (0 to 157, [`Action::Predict`]); the seat
/// after the dealer leads; tricks as in Schieber (no Weis, no Stöck, no Match bonus; the last
/// trick's 5 counts); each player's penalty is |prediction − points taken|. After
/// [`DifferenzlerRules::deals`](crate::DifferenzlerRules::deals) deals the lowest total wins.
///
/// Deal `k` draws its cards from `GameRng::for_deal(seed, k)` ([`SeededDeal`]): in deal 0 the
/// dealer is drawn after the shuffle (unless [`Rules::first_dealer`] fixes it); the deal then
/// passes one seat on.
///
/// ```
/// use jass::{Action, Differenzler, Game, Rules, Seed};
/// let mut game = Differenzler::new(&Rules::default(), 3, Seed::from(7))?;
/// assert_eq!(game.hand(game.to_act().unwrap()).len(), 12);
/// let mut moves = Vec::new();
/// while game.to_act().is_some() {
///     game.legal_actions(&mut moves);
///     // Predict 52 (a third of the points), then play the first legal card.
///     let pick = moves.iter().find(|a| **a == Action::Predict(52)).unwrap_or(&moves[0]);
///     game.play(*pick)?;
/// }
/// let outcome = game.outcome().expect("over");
/// assert_eq!(outcome.deals, 16);
/// assert_eq!(game.settlement().iter().sum::<i64>(), 0);
/// println!("{outcome}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Differenzler {
    rules: Rules,
    seed: Seed,
    seats: u8,
    /// The current deal's number, from 0.
    deal_number: u32,
    dealer: PlayerId,
    /// The dealer's last card: its suit is trump.
    shown: JassCard,
    /// The hands as dealt.
    dealt: [Hand; MAX_SEATS],
    /// The predictions of this deal, by seat (valid for the seats that predicted).
    predictions: [u8; MAX_SEATS],
    /// How many seats have predicted in this deal.
    predicted: u8,
    tricks: CardPlay,
    /// Each seat's total penalty before this deal.
    before: [u32; MAX_SEATS],
    /// Each seat's total penalty now (this deal's added once it is complete).
    penalties: [u32; MAX_SEATS],
    over: bool,
}

impl Differenzler {
    /// The game at the start of a deal (unchecked: callers validate).
    fn at(
        rules: &Rules,
        seed: Seed,
        deal_number: u32,
        before: [u32; MAX_SEATS],
        deal: &SeededDeal,
    ) -> Differenzler {
        let seats = deal.seats();
        let hands = deal.hand_sets();
        Differenzler {
            rules: *rules,
            seed,
            seats: seats as u8,
            deal_number,
            dealer: deal.dealer,
            shown: deal.shown(),
            dealt: hands,
            predictions: [0; MAX_SEATS],
            predicted: 0,
            tricks: CardPlay::new(seats, hands, deal.forehand),
            before,
            penalties: before,
            over: false,
        }
    }

    fn seat_count(&self) -> usize {
        usize::from(self.seats)
    }

    /// The trump of this deal: the shown card's suit.
    fn mode(&self) -> Mode {
        Mode::Trump(self.shown.suit())
    }

    /// This deal's penalty of `seat`: |prediction − card points taken|.
    fn penalty(&self, seat: usize) -> u32 {
        u32::from(self.predictions[seat]).abs_diff(self.tricks.points()[seat])
    }

    /// After the last card: the penalties, then the next deal or the end.
    fn finish_deal(&mut self, events: &mut impl Events<Event>) {
        let n = self.seat_count();
        for s in 0..n {
            self.penalties[s] = self.penalties[s].saturating_add(self.penalty(s));
        }
        events.emit(|| Event::DealScored {
            score: self.tricks.points()[..n]
                .iter()
                .map(|&p| i64::from(p))
                .collect(),
            summary: Some(crate::DealSummary::Differenzler {
                deal: self.deal_number,
                deals: self.rules.differenzler.deals,
            }),
        });
        events.emit(|| Event::Penalties {
            penalties: (0..n).map(|s| self.penalty(s)).collect(),
            totals: self.penalties[..n].to_vec(),
            points: self.tricks.points()[..n].to_vec(),
            // Hidden predictions stay hidden until the game's end (`PredictionsShown`).
            predictions: if self.rules.differenzler.hidden_predictions {
                Vec::new()
            } else {
                self.predictions[..n].to_vec()
            },
        });
        if self.deal_number.saturating_add(1) >= self.rules.differenzler.deals {
            self.over = true;
            if self.rules.differenzler.hidden_predictions {
                events.emit(|| Event::PredictionsShown {
                    predictions: self.predictions[..n].to_vec(),
                });
            }
            if let Some(outcome) = self.outcome() {
                events.emit(|| Event::DifferenzlerOver { outcome });
            }
            return;
        }
        let k = self.deal_number.saturating_add(1);
        let next = SeededDeal::later(
            self.seed,
            k,
            self.seat_count(),
            seat_after_at(self.dealer, 1, self.seat_count()),
        );
        *self = Differenzler::at(&self.rules, self.seed, k, self.penalties, &next);
        self.report_deal(Some(&next), events);
    }

    /// The current deal begins: its number, dealer and forehand, the penalties before it,
    /// and its cards (`table`: in the order dealt; else in card order, the shown card last).
    fn report_deal(&self, table: Option<&SeededDeal>, events: &mut impl Events<Event>) {
        let n = self.seat_count();
        events.emit(|| Event::DealBegan {
            deal: self.deal_number,
            dealer: self.dealer,
            forehand: seat_after_at(self.dealer, 1, n),
            totals: self.before[..n].to_vec(),
        });
        events.emit(|| {
            Event::Dealt(deal_event(
                table,
                self.dealer,
                &self.dealt[..n],
                Some(self.shown),
            ))
        });
    }

    /// The deal this game's seed deals as its current deal, when that is the current deal.
    fn seeded_deal(&self) -> Option<SeededDeal> {
        let n = self.seat_count();
        let table = if self.deal_number == 0 {
            SeededDeal::first(self.seed, n, self.rules.first_dealer)
        } else {
            SeededDeal::later(self.seed, self.deal_number, n, self.dealer)
        };
        let same = table.dealer == self.dealer
            && table.shown() == self.shown
            && table.hand_sets() == self.dealt;
        same.then_some(table)
    }

    /// Back to the start of the current deal, with these hands.
    fn start_over(&mut self, dealt: &[Hand; MAX_SEATS]) {
        let n = self.seat_count();
        self.dealt = *dealt;
        self.predictions = [0; MAX_SEATS];
        self.predicted = 0;
        self.tricks = CardPlay::new(n, *dealt, seat_after_at(self.dealer, 1, n));
        self.penalties = self.before;
        self.over = false;
    }

    // ---- Public accessors: what is the game's own. ----

    /// The current deal's number, from 0 (the last deal once the game is over).
    #[must_use]
    pub fn deal_number(&self) -> u32 {
        self.deal_number
    }

    /// The current deal's dealer.
    #[must_use]
    pub fn dealer(&self) -> PlayerId {
        self.dealer
    }

    /// The current deal's shown card (the dealer's last card): its suit is trump.
    #[must_use]
    pub fn shown(&self) -> JassCard {
        self.shown
    }

    /// The current deal's trump.
    #[must_use]
    pub fn trump(&self) -> Mode {
        self.mode()
    }

    /// `seat`'s hand now (empty for a seat not at the table).
    #[must_use]
    pub fn hand(&self, seat: PlayerId) -> CardSet<JassCard> {
        self.tricks.hand(seat)
    }

    /// `seat`'s hand as dealt in the current deal.
    #[must_use]
    pub fn dealt_hand(&self, seat: PlayerId) -> CardSet<JassCard> {
        self.dealt
            .get(seat.index())
            .copied()
            .filter(|_| seat.index() < self.seat_count())
            .unwrap_or_default()
    }

    /// `seat`'s prediction in the current deal, once made.
    #[must_use]
    pub fn prediction(&self, seat: PlayerId) -> Option<u8> {
        let n = self.seat_count();
        (0..usize::from(self.predicted))
            .any(|i| seat_after_at(self.dealer, 1 + i, n) == seat)
            .then(|| self.predictions[seat.index()])
    }

    /// The card points each seat has taken in the current deal (the last trick's 5
    /// included).
    #[must_use]
    pub fn points(&self) -> Vec<u32> {
        self.tricks.points()[..self.seat_count()].to_vec()
    }

    /// The cards played in the current deal, in order.
    #[must_use]
    pub fn plays(&self) -> &[JassCard] {
        self.tricks.plays()
    }

    /// Each seat's total penalty: before the current deal, plus its penalty once complete.
    #[must_use]
    pub fn penalties(&self) -> Vec<u32> {
        self.penalties[..self.seat_count()].to_vec()
    }
}
