//! `impl Encode for Letom`: the observation from the seat's [`View`], the information state
//! adding the deal's turns in order and the seat's own dealt and sold cards ([`Recall`]).

use cards_core::{Card, DidoCard, Encode, PlayerId, Shape, encode::set_each};

use super::{
    DEALT, FLAGS, HISTORY, INFORMATION_PRIVATE, INFORMATION_PUBLIC, OBSERVATION_PRIVATE,
    OBSERVATION_PUBLIC, Seats, TURN_ACTOR, TURN_CAPTURED, TURN_FLAGS, TURN_FLIPPED, TURN_GIVEN,
    TURN_LEN, TURN_PLAYED, TURN_SHOOK, TURNS, TurnFlag, UNDER, cards, put, window,
};
use crate::event::{Dealing, Event};
use crate::{Hand, Letom, Phase, Rules, View};

/// The most cards a seller puts under the stock (a hand of a two-player table).
const MAX_UNDER: usize = crate::state::MAX_HAND;

/// One turn as every seat saw it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Turn {
    seat: u8,
    played: Hand,
    flipped: Hand,
    captured: Hand,
    given: Hand,
    /// Numbers shaken, a bit per number.
    shook: u16,
    /// [`TurnFlag`]s, a bit per flag.
    flags: u16,
}

/// What a seat's information state keeps of its events beyond its view: the deal's turns in
/// order (who played, flipped, captured and was handed what), its hand as dealt and, as
/// seller, the cards it put under the stock. A match starts it afresh at each deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recall {
    seat: PlayerId,
    turns: [Turn; TURNS],
    /// Turns begun (those past [`TURNS`] are not kept; no deal has them).
    len: usize,
    dealt: Hand,
    under: [Option<DidoCard>; MAX_UNDER],
}

impl Recall {
    /// What `seat` knows before any event.
    #[must_use]
    pub fn new(seat: PlayerId) -> Recall {
        Recall {
            seat,
            turns: [Turn::default(); TURNS],
            len: 0,
            dealt: Hand::EMPTY,
            under: [None; MAX_UNDER],
        }
    }

    /// The turns begun this deal.
    #[must_use]
    pub fn turns(&self) -> usize {
        self.len
    }

    /// The turn under way, if it is kept.
    fn turn(&mut self) -> Option<&mut Turn> {
        let last = self.len.checked_sub(1)?;
        self.turns.get_mut(last)
    }

    /// Opens the record of `seat`'s turn.
    fn begin(&mut self, seat: PlayerId) {
        if let Some(t) = self.turns.get_mut(self.len) {
            *t = Turn {
                seat: seat.0,
                ..Turn::default()
            };
        }
        self.len = self.len.saturating_add(1);
    }

    fn flag(&mut self, flag: TurnFlag) {
        if let Some(t) = self.turn() {
            t.flags |= 1 << flag as u8;
        }
    }

    /// Folds one event, as redacted for the seat.
    pub(crate) fn fold(&mut self, event: &Event) {
        let me = self.seat.index();
        match event {
            Event::DealBegins { .. } => *self = Recall::new(self.seat),
            Event::Dealt(Dealing::Table { hands, .. }) => {
                let own = hands.get(me).and_then(|h| h.shown()).unwrap_or_default();
                self.dealt = own.iter().copied().collect();
            }
            Event::Position(p) => {
                let own = p.hands.get(me).and_then(|h| h.shown()).unwrap_or_default();
                self.dealt = own.iter().copied().collect();
                // A position set up in play tells no turn's begin: its turn is under way.
                if let Phase::Turn { seat } | Phase::Take { seat, .. } | Phase::Decide { seat } =
                    p.public.phase
                {
                    self.begin(seat);
                }
            }
            Event::UnderStock { cards, .. } => {
                for (slot, &card) in self.under.iter_mut().zip(cards.shown().unwrap_or_default()) {
                    *slot = Some(card);
                }
            }
            Event::TurnBegins { seat } => self.begin(*seat),
            Event::Shook { number, .. } => {
                if let Some(t) = self.turn() {
                    t.shook |= 1 << (number % 9);
                }
            }
            Event::Bombed { cards, .. } => {
                if let Some(t) = self.turn() {
                    t.played |= *cards;
                }
                self.flag(TurnFlag::Bomb);
            }
            Event::FlipOnly { .. } => self.flag(TurnFlag::FlipOnly),
            Event::Played { card, .. } => {
                if let Some(t) = self.turn() {
                    t.played.insert(*card);
                }
            }
            Event::Flipped { card, .. } => {
                if let Some(t) = self.turn() {
                    t.flipped.insert(*card);
                }
            }
            Event::Captured { cards, .. } => {
                if let Some(t) = self.turn() {
                    t.captured |= *cards;
                }
            }
            Event::PiGiven { card, .. } => {
                if let Some(t) = self.turn() {
                    t.given.insert(*card);
                }
            }
            Event::StackMade { .. } => self.flag(TurnFlag::StackMade),
            Event::StackTaken { .. } => self.flag(TurnFlag::StackTaken),
            Event::Jjok { .. } => self.flag(TurnFlag::Jjok),
            Event::Ttadak { .. } => self.flag(TurnFlag::Ttadak),
            Event::Swept { .. } => self.flag(TurnFlag::Sweep),
            // The pot is taken on a turn, or by the winner at the end: the last turn's.
            Event::PotTaken { .. } => self.flag(TurnFlag::PotTaken),
            Event::RenCalled { .. } => self.flag(TurnFlag::Ren),
            Event::TomCalled { .. } | Event::Stopped { .. } => self.flag(TurnFlag::Tom),
            _ => {}
        }
    }

    /// The turn records, into the history at [`HISTORY`] of `public`.
    fn write_history(&self, seats: Seats, public: &mut [f32]) {
        for (t, turn) in self.turns.iter().take(self.len).enumerate() {
            let record = window(public, HISTORY + t * TURN_LEN, TURN_LEN);
            put(record, TURN_ACTOR + seats.slot(PlayerId(turn.seat)), 1.0);
            cards(record, TURN_PLAYED, turn.played);
            cards(record, TURN_FLIPPED, turn.flipped);
            cards(record, TURN_CAPTURED, turn.captured);
            cards(record, TURN_GIVEN, turn.given);
            set_each(
                window(record, TURN_SHOOK, 9),
                (0..9).filter(|n| turn.shook & (1 << n) != 0),
            );
            set_each(
                window(record, TURN_FLAGS, FLAGS),
                (0..FLAGS).filter(|f| turn.flags & (1 << f) != 0),
            );
        }
    }

    /// The private additions: the hand as dealt, the cards put under the stock.
    fn write_private(&self, private: &mut [f32]) {
        cards(private, DEALT, self.dealt);
        for (k, card) in self.under.iter().enumerate() {
            if let Some(card) = card {
                // Their order under the stock, as a rank: the last dealt (at the very bottom)
                // highest.
                let rank = (k + 1) as f32 / (MAX_UNDER + 1) as f32;
                put(private, UNDER + usize::from(card.index()), rank);
            }
        }
    }
}

/// The information state of a deal into `public` and `private` (the deal's lengths).
pub(crate) fn write_information(
    view: &View,
    recall: &Recall,
    public: &mut [f32],
    private: &mut [f32],
) {
    super::write_public(view, public);
    recall.write_history(Seats::new(view.hand_sizes.len(), view.seat), public);
    super::write_private(view, private);
    recall.write_private(private);
}

impl Encode for Letom {
    const OBSERVATION: Shape = Shape::new(OBSERVATION_PUBLIC, OBSERVATION_PRIVATE);
    const INFORMATION_STATE: Shape = Shape::new(INFORMATION_PUBLIC, INFORMATION_PRIVATE);

    type Recall = Recall;

    fn recall_start(_rules: &Rules, _players: usize, seat: PlayerId) -> Recall {
        Recall::new(seat)
    }

    fn recall(recall: &mut Recall, event: &Event) {
        recall.fold(event);
    }

    /// `steps` is always empty: Letom's actions are played whole.
    fn write_observation(view: &View, _steps: &[usize], public: &mut [f32], private: &mut [f32]) {
        super::write_public(view, public);
        super::write_private(view, private);
    }

    fn write_information_state(
        view: &View,
        recall: &Recall,
        _steps: &[usize],
        public: &mut [f32],
        private: &mut [f32],
    ) {
        write_information(view, recall, public, private);
    }
}
