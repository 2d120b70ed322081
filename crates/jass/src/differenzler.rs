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

use crate::coiffeur::deal_event;
use crate::deal::Hand;
use crate::sampling::{HiddenDeal, evidence};
use crate::tricks::{MAX_SEATS, PLAYS, Tricks, seat_after_at};
use crate::view::{TrickView, follow_card, misfit, seen_hands, trick_views};
use crate::{
    Action, Event, MAX_PREDICTION, Mode, RuleError, Rules, SeededDeal, SetupError, ViewError,
};

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
    /// A sentence: `Seat 2 wins with a penalty of 131 after 16 deals (penalties 190, 212,
    /// 131).`
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
        let all: Vec<String> = self.penalties.iter().map(ToString::to_string).collect();
        write!(
            f,
            " after {} deal{} (penalties {}).",
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
    tricks: Tricks,
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
            tricks: Tricks::new(seats, hands, deal.forehand),
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
        });
        events.emit(|| Event::Penalties {
            penalties: (0..n).map(|s| self.penalty(s)).collect(),
            totals: self.penalties[..n].to_vec(),
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

    /// The start of this position as events: the current deal's start, then its
    /// predictions and cards, replayed.
    fn report_start(&self, events: &mut impl Events<Event>) {
        let setup = self.setup();
        let mut game = *self;
        game.start_over(&self.dealt);
        game.report_deal(self.seeded_deal().as_ref(), events);
        // The position was reached by these actions: none fails.
        for &p in &setup.predictions {
            let _ = game.play_reporting(Action::Predict(p), events);
        }
        for &card in &setup.plays {
            let _ = game.play_reporting(Action::Play(card), events);
        }
    }

    /// Back to the start of the current deal, with these hands.
    fn start_over(&mut self, dealt: &[Hand; MAX_SEATS]) {
        let n = self.seat_count();
        self.dealt = *dealt;
        self.predictions = [0; MAX_SEATS];
        self.predicted = 0;
        self.tricks = Tricks::new(n, *dealt, seat_after_at(self.dealer, 1, n));
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

/// An explicit position of a Differenzler game: the seed of the later deals, the current
/// deal's number, the penalties before it, and the current deal — dealer, shown card, hands as
/// dealt, the predictions made (in order from the seat after the dealer) and the plays.
///
/// [`Game::from_setup`] checks the rules, the table, the hands and the shown card, then
/// replays the predictions and the plays; a complete deal rolls on to the next deal (from the
/// seed) or ends the game.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DifferenzlerSetup {
    /// The game's seed: deal `k` after the current one draws from `GameRng::for_deal(seed, k)`.
    pub seed: Seed,
    /// The current deal's number, from 0.
    pub deal_number: u32,
    /// Each seat's total penalty before the current deal (one per seat: 3 or 4).
    pub penalties: Vec<u32>,
    /// The current deal's dealer.
    pub dealer: PlayerId,
    /// The shown trump card: the dealer's last card, in the dealer's hand.
    pub shown: JassCard,
    /// The hands as dealt (12 cards each at three seats, 9 at four; together the deck).
    pub hands: Vec<CardSet<JassCard>>,
    /// The predictions made so far, in order from the seat after the dealer.
    pub predictions: Vec<u8>,
    /// The cards played so far, in order.
    pub plays: Vec<JassCard>,
}

// The JSON form `{"rules": …, "setup": …}`, through `setup` and `from_setup`.
cards_core::serde_via_setup!(Differenzler);

/// What one seat may see of a Differenzler game: its own hand, every hand's size, the shown
/// trump card, the predictions (all as made, or with `hidden_predictions` only its own until
/// the game ends), every card played (completed tricks with leaders and winners, the current
/// trick), the card points each seat has taken in this deal, the penalties before this deal,
/// the seat to act and the outcome. Not the other hands, nor the seed.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DifferenzlerView {
    /// Whose view this is.
    pub seat: PlayerId,
    /// The rules in force.
    pub rules: Rules,
    /// The current deal's number, from 0.
    pub deal_number: u32,
    /// The current deal's dealer.
    pub dealer: PlayerId,
    /// The shown trump card.
    pub shown: JassCard,
    /// The viewer's hand now (empty for a seat not at the table).
    pub hand: CardSet<JassCard>,
    /// Every seat's number of cards in hand.
    pub hand_sizes: Vec<usize>,
    /// How many seats have predicted in this deal.
    pub predicted: u8,
    /// Each seat's prediction as this seat sees it (`None`: not made yet, or hidden).
    pub predictions: Vec<Option<u8>>,
    /// The completed tricks of this deal, in order.
    pub tricks: Vec<TrickView>,
    /// The cards of the current trick so far, in play order.
    pub trick: Vec<JassCard>,
    /// The current trick's leader (once the deal is over: the last trick's).
    pub leader: PlayerId,
    /// The seat to act, `None` once the game is over.
    pub to_act: Option<PlayerId>,
    /// The card points each seat has taken in this deal.
    pub points: Vec<u32>,
    /// Each seat's total penalty before this deal.
    pub penalties: Vec<u32>,
    /// How the game ended, once it has.
    pub outcome: Option<DifferenzlerOutcome>,
}

impl DifferenzlerView {
    /// Brings the view up to date with `event` (on error it may be half changed: callers
    /// work on a copy).
    fn follow(&mut self, event: &Event) -> Result<(), ObserveError> {
        if self.outcome.is_some() {
            return Err(misfit("the game is over"));
        }
        let n = self.hand_sizes.len();
        let dealt = self.hand_sizes.iter().sum::<usize>() > 0 || !self.tricks.is_empty();
        match event {
            Event::DealBegan {
                deal,
                dealer,
                forehand,
                totals,
            } => {
                if dealer.index() >= n || *forehand != seat_after_at(*dealer, 1, n) {
                    return Err(misfit("a seat not at the table"));
                }
                if totals.len() != n {
                    return Err(misfit("not a penalty per seat"));
                }
                let blank = <Differenzler as Game>::blank_view(&self.rules, n, self.seat);
                *self = DifferenzlerView {
                    deal_number: *deal,
                    dealer: *dealer,
                    leader: *forehand,
                    penalties: totals.clone(),
                    ..blank
                };
            }
            Event::Dealt(deal) => {
                let Some(shown) = deal.shown else {
                    return Err(misfit("no shown card"));
                };
                if dealt || deal.dealer != self.dealer {
                    return Err(misfit("a deal out of turn"));
                }
                let (hand, sizes) = seen_hands(deal, self.seat, n)?;
                if sizes.iter().any(|&h| h != PLAYS / n) {
                    return Err(misfit("not a Differenzler deal"));
                }
                self.shown = shown;
                self.hand = hand;
                self.hand_sizes = sizes;
            }
            Event::Predicted { seat, prediction } => {
                if !dealt || self.to_act != Some(*seat) || usize::from(self.predicted) >= n {
                    return Err(misfit("a prediction out of turn"));
                }
                self.predictions[seat.index()] = *prediction;
                self.predicted += 1;
            }
            Event::PredictionsShown { predictions } => {
                if predictions.len() != n {
                    return Err(misfit("not a prediction per seat"));
                }
                self.predictions = predictions.iter().map(|&p| Some(p)).collect();
            }
            Event::Played { seat, card } => {
                if usize::from(self.predicted) < n || self.to_act != Some(*seat) {
                    return Err(misfit("a card out of turn"));
                }
                follow_card(
                    &mut self.hand,
                    &mut self.hand_sizes,
                    &mut self.trick,
                    self.seat,
                    *seat,
                    *card,
                )?;
            }
            Event::TrickTaken { seat, points, last } => {
                if seat.index() >= n
                    || self.trick.len() != n
                    || *last != (self.tricks.len() + 1 == PLAYS / n)
                {
                    return Err(misfit("a trick that is not complete"));
                }
                self.tricks.push(TrickView {
                    leader: self.leader,
                    cards: core::mem::take(&mut self.trick),
                    winner: *seat,
                });
                self.points[seat.index()] = self.points[seat.index()].saturating_add(*points);
                if !last {
                    self.leader = *seat;
                }
            }
            Event::DealScored { score } if score.len() == n => {}
            Event::Penalties { penalties, totals } if penalties.len() == n && totals.len() == n => {
            }
            Event::DifferenzlerOver { outcome } => self.outcome = Some(outcome.clone()),
            _ => return Err(misfit("not an event of a Differenzler game")),
        }
        let dealt = self.hand_sizes.iter().sum::<usize>() > 0 || !self.tricks.is_empty();
        self.to_act = if self.outcome.is_some() || !dealt || self.tricks.len() >= PLAYS / n {
            None
        } else if usize::from(self.predicted) < n {
            Some(seat_after_at(
                self.dealer,
                1 + usize::from(self.predicted),
                n,
            ))
        } else {
            Some(seat_after_at(self.leader, self.trick.len(), n))
        };
        Ok(())
    }

    /// The legal actions of this view's seat when it is the seat to act (in the order of
    /// [`Game::legal_actions`]), into `out` (cleared first); empty otherwise. They depend only
    /// on what the seat sees: whether it predicts, its hand and the current trick.
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.to_act != Some(self.seat) || self.outcome.is_some() {
            return;
        }
        if usize::from(self.predicted) < self.hand_sizes.len() {
            out.extend((0..=MAX_PREDICTION).map(Action::Predict));
        } else {
            let mode = Mode::Trump(self.shown.suit());
            out.extend(
                crate::legal_cards(self.hand, &self.trick, mode, &self.rules.play)
                    .iter()
                    .map(Action::Play),
            );
        }
    }

    /// A whole game that shows this view to its seat: the unseen cards of the current deal
    /// are dealt at random subject to everything the view implies (hand sizes; the suits a
    /// seat showed it lacks; the shown card stays with the dealer until played), hidden
    /// predictions are drawn uniformly from 0 to 157, a fresh seed is drawn for the later
    /// deals, and the game is built from a [`DifferenzlerSetup`] (validated by replay) and kept
    /// only if it shows the same view, up to 400 tries.
    ///
    /// # Errors
    /// [`SetupError`] when the view is inconsistent (it may come from anywhere): mostly
    /// [`SetupError::View`]; [`ViewError::NoWorld`] when no world tried shows it.
    pub fn sample_world<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<Differenzler, SetupError> {
        let bad = SetupError::View;
        let n = self.hand_sizes.len();
        PlayerCountError::check(<Differenzler as Game>::NAME, n, Rules::DIFFERENZLER_PLAYERS)?;
        self.rules.validate_differenzler(n)?;
        let me = self.seat.index();
        if me >= n || self.dealer.index() >= n {
            return Err(bad(ViewError::TrickSeats));
        }
        if self.predictions.len() != n
            || self.points.len() != n
            || self.penalties.len() != n
            || usize::from(self.predicted) > n
        {
            return Err(bad(ViewError::PlayCount));
        }
        if self.hand.len() != self.hand_sizes[me] || self.hand_sizes.iter().any(|&h| h > PLAYS / n)
        {
            return Err(bad(ViewError::HandSize));
        }
        let mut plays: Vec<JassCard> = Vec::with_capacity(PLAYS);
        for t in &self.tricks {
            plays.extend_from_slice(&t.cards);
        }
        plays.extend_from_slice(&self.trick);
        let played_set: Hand = plays.iter().copied().collect();
        if played_set.len() != plays.len() || !(played_set & self.hand).is_empty() {
            return Err(bad(ViewError::CardTwice));
        }
        let mode = Mode::Trump(self.shown.suit());
        let first = seat_after_at(self.dealer, 1, n);
        let seen = evidence(
            n,
            first,
            &plays,
            |_| Some(mode),
            &self.rules.play,
            PLAYS / n,
        )
        .ok_or(bad(ViewError::TrickSeats))?;
        if (0..n).any(|s| seen.played[s].len() + self.hand_sizes[s] != PLAYS / n) {
            return Err(bad(ViewError::PlayCount));
        }
        // The shown card stays with the dealer until played.
        let mut base = [Hand::EMPTY; MAX_SEATS];
        let dealer = self.dealer.index();
        let shown_unplayed = !played_set.contains(self.shown);
        if shown_unplayed {
            if dealer == me {
                if !self.hand.contains(self.shown) {
                    return Err(bad(ViewError::CardTwice));
                }
            } else {
                if self.hand.contains(self.shown) || seen.forbidden[dealer].contains(self.shown) {
                    return Err(bad(ViewError::NoDeal));
                }
                base[dealer].insert(self.shown);
            }
        } else if !seen.played[dealer].contains(self.shown) {
            return Err(bad(ViewError::CardTwice));
        }
        let known = self.hand | played_set | base[dealer];
        let pool: Vec<JassCard> = (!known).iter().collect();
        let mut need = [0usize; MAX_SEATS];
        for s in (0..n).filter(|&s| s != me) {
            need[s] = self.hand_sizes[s]
                .checked_sub(base[s].len())
                .ok_or(bad(ViewError::NoDeal))?;
        }
        base[me] = self.hand;
        let hidden =
            HiddenDeal::new(pool, need, base, seen.forbidden).ok_or(bad(ViewError::NoDeal))?;
        for _ in 0..MAX_TRIES {
            let hands = hidden.draw(rng);
            let predictions: Vec<u8> = (0..usize::from(self.predicted))
                .map(|i| {
                    let s = seat_after_at(self.dealer, 1 + i, n).index();
                    self.predictions[s]
                        .unwrap_or_else(|| rng.below(u64::from(MAX_PREDICTION) + 1) as u8)
                })
                .collect();
            let setup = DifferenzlerSetup {
                seed: rng.seed(),
                deal_number: self.deal_number,
                penalties: self.penalties.clone(),
                dealer: self.dealer,
                shown: self.shown,
                hands: (0..n).map(|s| hands[s] | seen.played[s]).collect(),
                predictions,
                plays: plays.clone(),
            };
            if let Ok(world) = Differenzler::from_setup(&self.rules, setup)
                && world.view(self.seat) == *self
            {
                return Ok(world);
            }
        }
        Err(bad(ViewError::NoWorld))
    }
}

impl Game for Differenzler {
    type Rules = Rules;
    type Action = Action;
    type View = DifferenzlerView;
    type Setup = DifferenzlerSetup;
    type Outcome = DifferenzlerOutcome;
    type Card = JassCard;
    type Error = RuleError;
    type Event = Event;
    type SetupError = SetupError;

    const NAME: &'static str = "differenzler";

    fn player_range(_rules: &Rules) -> RangeInclusive<usize> {
        Rules::DIFFERENZLER_PLAYERS
    }

    /// Deal 0 of the game: [`SeededDeal::first`].
    fn new(rules: &Rules, players: usize, seed: Seed) -> Result<Self, SetupError> {
        PlayerCountError::check(Self::NAME, players, Rules::DIFFERENZLER_PLAYERS)?;
        rules.validate_differenzler(players)?;
        let deal = SeededDeal::first(seed, players, rules.first_dealer);
        Ok(Differenzler::at(rules, seed, 0, [0; MAX_SEATS], &deal))
    }

    /// Checks the rules, the table, the hands and the shown card, then replays the
    /// predictions and the plays.
    fn from_setup(rules: &Rules, raw: DifferenzlerSetup) -> Result<Self, SetupError> {
        let n = raw.hands.len();
        PlayerCountError::check(<Differenzler as Game>::NAME, n, Rules::DIFFERENZLER_PLAYERS)?;
        rules.validate_differenzler(n)?;
        if raw.penalties.len() != n {
            return Err(SetupError::SeatCount {
                what: "penalties",
                got: raw.penalties.len(),
                seats: n,
            });
        }
        if raw.deal_number >= rules.differenzler.deals {
            return Err(SetupError::BadRule {
                what: "deal_number",
                why: "it is not below the number of deals in the rules",
            });
        }
        if raw.dealer.index() >= n {
            return Err(SetupError::SeatNotAtTable {
                what: "dealer",
                seat: raw.dealer,
                seats: n,
            });
        }
        let mut all = Hand::EMPTY;
        let mut hands = [Hand::EMPTY; MAX_SEATS];
        for (s, &hand) in raw.hands.iter().enumerate() {
            if hand.len() != PLAYS / n {
                return Err(SetupError::HandSize {
                    seat: PlayerId(s as u8),
                    got: hand.len(),
                    expected: PLAYS / n,
                });
            }
            all |= hand;
            hands[s] = hand;
        }
        if all != Hand::full() {
            return Err(SetupError::Cards { missing: !all });
        }
        if !hands[raw.dealer.index()].contains(raw.shown) {
            return Err(SetupError::ShownCard {
                card: raw.shown,
                dealer: raw.dealer,
            });
        }
        let mut before = [0u32; MAX_SEATS];
        before[..n].copy_from_slice(&raw.penalties);
        let mut game = Differenzler {
            rules: *rules,
            seed: raw.seed,
            seats: n as u8,
            deal_number: raw.deal_number,
            dealer: raw.dealer,
            shown: raw.shown,
            dealt: hands,
            predictions: [0; MAX_SEATS],
            predicted: 0,
            tricks: Tricks::new(n, hands, seat_after_at(raw.dealer, 1, n)),
            before,
            penalties: before,
            over: false,
        };
        if raw.predictions.len() > n {
            return Err(SetupError::SeatCount {
                what: "predictions",
                got: raw.predictions.len(),
                seats: n,
            });
        }
        for &p in &raw.predictions {
            let action = Action::Predict(p);
            game.play(action)
                .map_err(|error| SetupError::IllegalChoice { action, error })?;
        }
        for (i, &card) in raw.plays.iter().enumerate() {
            game.play(Action::Play(card))
                .map_err(|error| SetupError::IllegalPlay {
                    play: i + 1,
                    trick: i / n + 1,
                    card,
                    error,
                })?;
        }
        Ok(game)
    }

    fn setup(&self) -> DifferenzlerSetup {
        let n = self.seat_count();
        let order = (0..usize::from(self.predicted))
            .map(|i| self.predictions[seat_after_at(self.dealer, 1 + i, n).index()])
            .collect();
        DifferenzlerSetup {
            seed: self.seed,
            deal_number: self.deal_number,
            penalties: self.before[..n].to_vec(),
            dealer: self.dealer,
            shown: self.shown,
            hands: self.dealt[..n].to_vec(),
            predictions: order,
            plays: self.tricks.plays().to_vec(),
        }
    }

    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn num_players(&self) -> usize {
        self.seat_count()
    }

    fn to_act(&self) -> Option<PlayerId> {
        if self.over {
            None
        } else if usize::from(self.predicted) < self.seat_count() {
            Some(seat_after_at(
                self.dealer,
                1 + usize::from(self.predicted),
                self.seat_count(),
            ))
        } else {
            self.tricks.seat_to_play()
        }
    }

    /// While predicting: the 158 predictions 0 to 157 in order; then the legal cards in card
    /// index order.
    fn for_each_legal(&self, mut f: impl FnMut(Action)) {
        if self.over {
            return;
        }
        if usize::from(self.predicted) < self.seat_count() {
            (0..=MAX_PREDICTION).map(Action::Predict).for_each(f);
        } else {
            self.tricks
                .legal(self.mode(), &self.rules.play)
                .iter()
                .for_each(|card| f(Action::Play(card)));
        }
    }

    /// A prediction; a card and the trick it completes; at the end of a deal its score (the
    /// card points), the penalties, then the next deal's start, or (predictions shown when
    /// hidden) the outcome.
    fn play_reporting(
        &mut self,
        action: Action,
        events: &mut impl Events<Event>,
    ) -> Result<(), RuleError> {
        // All or nothing: `step` changes the state only once the action is known legal.
        let seat = self.to_act().ok_or(RuleError::GameOver)?;
        let predicting = usize::from(self.predicted) < self.seat_count();
        match action {
            Action::Predict(n) if predicting => {
                if n > MAX_PREDICTION {
                    return Err(RuleError::OutOfTurn {
                        action,
                        why: "a prediction is 0 to 157 card points",
                    });
                }
                self.predictions[seat.index()] = n;
                self.predicted += 1;
                events.emit(|| Event::Predicted {
                    seat,
                    prediction: Some(n),
                });
                Ok(())
            }
            Action::Predict(_) => Err(RuleError::OutOfTurn {
                action,
                why: "every seat has predicted: play a card",
            }),
            Action::Play(_) if predicting => Err(RuleError::OutOfTurn {
                action,
                why: "every seat predicts before the first card",
            }),
            Action::Play(card) => {
                let mode = self.mode();
                let end = self.tricks.play(card, mode, mode, &self.rules.play)?;
                events.emit(|| Event::Played { seat, card });
                if let Some(end) = end {
                    events.emit(|| Event::TrickTaken {
                        seat: end.winner,
                        points: end.points,
                        last: end.last,
                    });
                    if end.last {
                        self.finish_deal(events);
                    }
                }
                Ok(())
            }
            _ => Err(RuleError::OtherGame {
                action,
                game: "Differenzler",
            }),
        }
    }

    fn start_events(&self, events: &mut impl Events<Event>) {
        self.report_start(events);
    }

    fn redact(rules: &Rules, event: &Event, seat: PlayerId) -> Event {
        event.redacted(rules, seat)
    }

    fn blank_view(rules: &Rules, players: usize, seat: PlayerId) -> DifferenzlerView {
        DifferenzlerView {
            seat,
            rules: *rules,
            deal_number: 0,
            dealer: PlayerId(0),
            shown: JassCard::ALL[0],
            hand: Hand::EMPTY,
            hand_sizes: vec![0; players],
            predicted: 0,
            predictions: vec![None; players],
            tricks: Vec::new(),
            trick: Vec::new(),
            leader: PlayerId(0),
            to_act: None,
            points: vec![0; players],
            penalties: vec![0; players],
            outcome: None,
        }
    }

    fn observe(view: &mut DifferenzlerView, event: &Event) -> Result<(), ObserveError> {
        let mut next = view.clone();
        next.follow(event)?;
        *view = next;
        Ok(())
    }

    fn outcome(&self) -> Option<DifferenzlerOutcome> {
        if !self.over {
            return None;
        }
        let penalties = self.penalties[..self.seat_count()].to_vec();
        let best = penalties.iter().copied().min().unwrap_or(0);
        Some(DifferenzlerOutcome {
            winners: PlayerId::all(self.seat_count())
                .filter(|s| penalties[s.index()] == best)
                .collect(),
            penalties,
            deals: self.deal_number.saturating_add(1),
        })
    }

    /// The sum of all penalties minus the number of seats × the seat's own (the returns × the
    /// number of seats, an integer); 0 for all before the end.
    fn settlement(&self) -> PerSeat<i64> {
        let n = self.seat_count();
        let total: i64 = self.penalties[..n].iter().map(|&p| i64::from(p)).sum();
        PerSeat::from_fn(n, |s| {
            if self.over {
                total - n as i64 * i64::from(self.penalties[s.index()])
            } else {
                0
            }
        })
        .unwrap_or_default()
    }

    /// The spec's returns: the mean penalty minus the seat's own.
    fn returns(&self) -> PerSeat<f64> {
        let n = self.seat_count() as f64;
        self.settlement().map(|s| s as f64 / n)
    }

    fn view(&self, seat: PlayerId) -> DifferenzlerView {
        let n = self.seat_count();
        let hidden = self.rules.differenzler.hidden_predictions && !self.over;
        let predictions = (0..n)
            .map(|s| {
                let made = (0..usize::from(self.predicted))
                    .any(|i| seat_after_at(self.dealer, 1 + i, n).index() == s);
                (made && (!hidden || s == seat.index())).then_some(self.predictions[s])
            })
            .collect();
        let seen = evidence(
            n,
            self.tricks.first(),
            self.tricks.plays(),
            |_| Some(self.mode()),
            &self.rules.play,
            self.tricks.count(),
        );
        let (tricks, leader) = match seen {
            Some(seen) => (trick_views(seen.tricks), seen.leader),
            None => (Vec::new(), self.tricks.first()),
        };
        DifferenzlerView {
            seat,
            rules: self.rules,
            deal_number: self.deal_number,
            dealer: self.dealer,
            shown: self.shown,
            hand: self.tricks.hand(seat),
            hand_sizes: (0..n)
                .map(|s| self.tricks.hand(PlayerId(s as u8)).len())
                .collect(),
            predicted: self.predicted,
            predictions,
            tricks,
            trick: self.tricks.trick().to_vec(),
            leader,
            to_act: self.to_act(),
            points: self.tricks.points()[..n].to_vec(),
            penalties: self.before[..n].to_vec(),
            outcome: self.outcome(),
        }
    }

    fn view_legal_actions(view: &DifferenzlerView, out: &mut Vec<Action>) {
        view.legal_actions(out);
    }

    fn sample_world<R: Rng + ?Sized>(
        view: &DifferenzlerView,
        rng: &mut R,
    ) -> Result<Self, SetupError> {
        view.sample_world(rng)
    }

    /// Each deal: one prediction per seat and 36 cards.
    fn max_actions(rules: &Rules, players: usize) -> usize {
        usize::try_from(rules.differenzler.deals)
            .unwrap_or(usize::MAX)
            .saturating_mul(PLAYS + players)
    }

    fn census(&self) -> Census<JassCard> {
        let mut census = Census::default();
        self.tricks.hands()[..self.seat_count()]
            .iter()
            .for_each(|&h| census.add(h));
        census.add_all(self.tricks.plays().iter().copied());
        census
    }
}

crate::action::direct_index!(Differenzler);
