//! Tensors for learning agents: [`Encode`] for [`Zaagox`] (`docs/zaagox.md`, "Tensors for
//! learning agents", names every slice).
//!
//! Seats are relative to the viewer (slot 0 = the viewer, slot 1 = the next seat in turn
//! order, …), padded to [`Rules::MAX_PLAYERS`] slots; cards are one-hot or many-hot over
//! `DidoCard::index()`. Every value lies in `[0, 1]`.
//!
//! - The **observation** is the seat's [`View`]: the phase, the discard, the pile's size, every
//!   seat's hand size, stored cards, pairs with their ageing counts and Ava; privately its hand
//!   and its own ageing cards.
//! - The **information state** is the observation, then what the seat remembers beyond it
//!   ([`Recall`]): where the cards it saw go under lie in the centre pile (a queue: cards go to
//!   the bottom, draws take the top, so a remembered card's place is known exactly), which seat
//!   drew such a card, and the last [`HORIZON`] moves in order. Zaägox can run to
//!   `Rules::turn_limit` turns, so the move history has a horizon; what is older lives on in
//!   the view (the table) and in the pile and draw memory, which are never forgotten.

use std::collections::VecDeque;

use cards_core::encode::{Shape, set_each};
use cards_core::{Card as _, DidoCard, Encode, PlayerId};

use crate::{Event, Hand, Outcome, Phase, Rules, View, Zaagox};

/// Cards in the deck: the length of every card field.
pub const CARDS: usize = DidoCard::COUNT;
/// Seat slots (the most seats at a table); seats are relative to the viewer.
pub const SEATS: usize = Rules::MAX_PLAYERS;

// The observation's public part.
/// The phase, one-hot: act, Da, store, decide, over.
pub const PHASE: usize = 0;
/// The seat to act (the asked seat in the Da polling), one-hot over relative seats.
pub const ACTOR: usize = PHASE + 5;
/// The discarder while the Da polling runs, one-hot over relative seats.
pub const DISCARDER: usize = ACTOR + SEATS;
/// The discard lying out, one-hot over cards.
pub const DISCARD: usize = DISCARDER + SEATS;
/// Cards in the centre pile, ÷ 36.
pub const PILE_LEN: usize = DISCARD + CARDS;
/// Turns played, ÷ `Rules::turn_limit`.
pub const TURNS: usize = PILE_LEN + 1;
/// The winner once the game is won, one-hot over relative seats.
pub const WINNER: usize = TURNS + 1;
/// The failed Ava declarer who pays alone, one-hot over relative seats.
pub const AVA_FAILED: usize = WINNER + SEATS;
/// 1 when the game ended exhausted (no winner).
pub const EXHAUSTED: usize = AVA_FAILED + SEATS;
/// The first seat block; seat slot `s` starts at `SEAT_BLOCKS + s * SEAT_LEN`.
pub const SEAT_BLOCKS: usize = EXHAUSTED + 1;

// Within a seat block.
/// 1 when a seat sits in this slot (fewer than four players leave slots empty).
pub const SEAT_PRESENT: usize = 0;
/// The seat's hand size, ÷ 36.
pub const SEAT_HAND_LEN: usize = 1;
/// 1 when the seat declared Ava.
pub const SEAT_AVA: usize = 2;
/// The seat's Ava position (1 = declared first), ÷ 4.
pub const SEAT_AVA_ORDER: usize = 3;
/// The seat's stored cards, many-hot over cards.
pub const SEAT_STORED: usize = 4;
/// The cards of the seat's pairs on the table, many-hot over cards.
pub const SEAT_PAIRS: usize = SEAT_STORED + CARDS;
/// Ageing cards on each of the seat's pairs, ÷ 4, at the pair's lower card.
pub const SEAT_AGEING: usize = SEAT_PAIRS + CARDS;
/// One seat block's length.
pub const SEAT_LEN: usize = SEAT_AGEING + CARDS;

/// The observation's public part's length.
pub const OBSERVATION_PUBLIC: usize = SEAT_BLOCKS + SEATS * SEAT_LEN;

// The observation's private part.
/// The viewer's hand, many-hot over cards.
pub const HAND: usize = 0;
/// The viewer's own ageing cards (face down on its pairs), many-hot over cards.
pub const OWN_AGEING: usize = HAND + CARDS;
/// The observation's private part's length.
pub const OBSERVATION_PRIVATE: usize = OWN_AGEING + CARDS;

/// The moves the information state lists, most recent first.
pub const HORIZON: usize = 24;

/// The kinds of move in the history, in the order of [`ENTRY_KIND`]'s one-hot.
pub const KINDS: [&str; 11] = [
    "drew",
    "discarded",
    "da_asked",
    "passed",
    "da_claimed",
    "paired",
    "aged",
    "stored",
    "ava_declared",
    "ava_drew",
    "ava_stored",
];

// One history entry (public).
/// The seat that moved, one-hot over relative seats.
pub const ENTRY_SEAT: usize = 0;
/// The move's kind, one-hot in the order of [`KINDS`].
pub const ENTRY_KIND: usize = ENTRY_SEAT + SEATS;
/// The face-up cards of the move, many-hot over cards.
pub const ENTRY_CARDS: usize = ENTRY_KIND + KINDS.len();
/// One history entry's length.
pub const ENTRY_LEN: usize = ENTRY_CARDS + CARDS;

// The information state's public part; it starts with the observation's public part.
/// Where each card every seat saw go under lies in the pile: (place from the top + 1) ÷ 36.
pub const IS_PILE: usize = OBSERVATION_PUBLIC;
/// Such cards drawn since (and not seen face up after): relative seat block of 36 cards each.
pub const IS_DRAWN: usize = IS_PILE + CARDS;
/// The last [`HORIZON`] moves, most recent first, [`ENTRY_LEN`] each.
pub const IS_HISTORY: usize = IS_DRAWN + SEATS * CARDS;
/// The information state's public part's length.
pub const IS_PUBLIC: usize = IS_HISTORY + HORIZON * ENTRY_LEN;

// The information state's private part; it starts with the observation's private part.
/// Where the viewer's own ageing cards, gone under after a store, lie in the pile.
pub const IS_OWN_PILE: usize = OBSERVATION_PRIVATE;
/// Such cards drawn since, by relative seat (36 cards each).
pub const IS_OWN_DRAWN: usize = IS_OWN_PILE + CARDS;
/// For each history entry, the card only the viewer saw in it (its draw, its ageing card).
pub const IS_OWN_HISTORY: usize = IS_OWN_DRAWN + SEATS * CARDS;
/// The information state's private part's length.
pub const IS_PRIVATE: usize = IS_OWN_HISTORY + HORIZON * CARDS;

/// One place in the centre pile, as the seat remembers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    /// A card the seat never saw go under.
    Unknown,
    /// A card every seat saw go under (a buried discard, a stored pair's other card).
    Public(DidoCard),
    /// One of the seat's own ageing cards, which only it saw.
    Own(DidoCard),
}

/// A move's kind, in the order of [`KINDS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Drew,
    Discarded,
    DaAsked,
    Passed,
    DaClaimed,
    Paired,
    Aged,
    Stored,
    AvaDeclared,
    AvaDrew,
    AvaStored,
}

/// One move of the history.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    seat: PlayerId,
    kind: Kind,
    /// The cards every seat saw in the move.
    cards: Hand,
    /// The card only the viewer saw in it.
    own: Option<DidoCard>,
}

/// What a seat remembers beyond its [`View`]: the centre pile's order as far as it saw cards
/// go under, who drew those cards, and its last [`HORIZON`] moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recall {
    /// The pile, top first.
    pile: VecDeque<Place>,
    /// For each card every seat saw go under, the seat that drew it since.
    drawn: [Option<PlayerId>; CARDS],
    /// For each of the viewer's own ageing cards gone under, the seat that drew it since. Kept
    /// apart from `drawn`: what every seat remembers of a card stays as it is when the viewer
    /// learns more (a card drawn, laid face down and gone under again).
    own_drawn: [Option<PlayerId>; CARDS],
    /// The last moves, oldest first (at most [`HORIZON`]).
    history: VecDeque<Entry>,
    /// Whether it was told the game's start (the deal, or a position set up): only then
    /// does its pile name the centre pile.
    told: bool,
}

/// A search's worlds agree with the seat's recall: [`View::sample_world_recalled`].
impl cards_core::RecallWorlds for Zaagox {
    fn sample_world_recalled<R: cards_core::Rng + ?Sized>(
        view: &View,
        recall: &Recall,
        rng: &mut R,
    ) -> Result<Zaagox, crate::SetupError> {
        view.sample_world_recalled(recall, rng)
    }
}

impl Recall {
    pub(crate) fn new() -> Self {
        Recall {
            pile: VecDeque::with_capacity(CARDS),
            drawn: [None; CARDS],
            own_drawn: [None; CARDS],
            history: VecDeque::with_capacity(HORIZON + 1),
            told: false,
        }
    }

    fn push(&mut self, seat: PlayerId, kind: Kind, cards: Hand, own: Option<DidoCard>) {
        if self.history.len() == HORIZON {
            self.history.pop_front();
        }
        self.history.push_back(Entry {
            seat,
            kind,
            cards,
            own,
        });
    }

    /// `seat` takes the pile's top card; `face_up` when everyone sees it (an Ava store).
    fn draw(&mut self, seat: PlayerId, face_up: bool) {
        let (memory, card) = match self.pile.pop_front() {
            Some(Place::Public(c)) => (&mut self.drawn, c),
            Some(Place::Own(c)) => (&mut self.own_drawn, c),
            _ => return,
        };
        if let Some(d) = memory.get_mut(card.index() as usize) {
            *d = (!face_up).then_some(seat);
        }
    }

    /// What the recall tells a world sampled for `seat` (see
    /// [`View::sample_world_recalled`]) among the cards it does not see (`unseen`). `None`
    /// when the recall was never told the game's start or its pile is not `pile_len` long: it
    /// does not fit the view.
    pub(crate) fn placed(
        &self,
        seat: PlayerId,
        pile_len: usize,
        unseen: &[DidoCard],
    ) -> Option<Placed> {
        if !self.told || self.pile.len() != pile_len {
            return None;
        }

        let mut free: Hand = unseen.iter().copied().collect();
        let pile = self
            .pile
            .iter()
            .map(|place| match *place {
                Place::Public(c) | Place::Own(c) if free.contains(c) => {
                    free.remove(c);
                    Some(c)
                }
                _ => None,
            })
            .collect();
        let mut held = Vec::new();
        for (i, (a, b)) in self.drawn.iter().zip(&self.own_drawn).enumerate() {
            let card = DidoCard::ALL[i];
            if let Some(drawer) = a.or(*b)
                && drawer != seat
                && free.contains(card)
            {
                free.remove(card);
                held.push((card, drawer));
            }
        }
        Some(Placed { pile, held, free })
    }

    /// Cards now lying face up are no longer hidden in a hand.
    fn face_up(&mut self, cards: &[DidoCard]) {
        for c in cards {
            for memory in [&mut self.drawn, &mut self.own_drawn] {
                if let Some(d) = memory.get_mut(c.index() as usize) {
                    *d = None;
                }
            }
        }
    }
}

/// Where a recall puts the cards a seat does not see ([`Recall::placed`]).
pub(crate) struct Placed {
    /// The centre pile, top first: each place's card where the seat saw it go under.
    pub(crate) pile: Vec<Option<DidoCard>>,
    /// The cards the seat saw another seat draw, with that seat.
    pub(crate) held: Vec<(DidoCard, PlayerId)>,
    /// The unseen cards neither places: dealt at random.
    pub(crate) free: Hand,
}

fn hand(cards: &[DidoCard]) -> Hand {
    cards.iter().copied().collect()
}

/// The slot of `seat` relative to `viewer` at a table of `players`; an onlooker (a viewer
/// past the table) takes the place its index names modulo the player count. `None` when no
/// slot fits (a view from anywhere may claim no players, or more than [`SEATS`]): the
/// writers then write nothing for the seat.
fn relative(seat: PlayerId, viewer: PlayerId, players: usize) -> Option<usize> {
    if players == 0 {
        return None;
    }
    let (s, v) = (seat.index() % players, viewer.index() % players);
    let slot = if s >= v { s - v } else { players - (v - s) };
    (slot < SEATS).then_some(slot)
}

/// The slice from `at` on (empty past the end, so a writer never panics).
fn field(out: &mut [f32], at: usize) -> &mut [f32] {
    out.get_mut(at..).unwrap_or_default()
}

fn set(out: &mut [f32], i: usize, value: f32) {
    if let Some(x) = out.get_mut(i) {
        *x = value;
    }
}

/// A count over a scale, at most 1.
#[allow(clippy::cast_precision_loss)] // counts are small
fn scaled(n: usize, scale: usize) -> f32 {
    (n as f32 / scale.max(1) as f32).min(1.0)
}

fn card_indices(cards: Hand) -> impl Iterator<Item = usize> {
    cards.iter().map(|c| c.index() as usize)
}

impl Zaagox {
    fn write_observation_public(view: &View, out: &mut [f32]) {
        let rel = |s: PlayerId| relative(s, view.seat, view.players);
        let (phase, actor) = match view.phase {
            Phase::Act { seat } => (0, Some(seat)),
            Phase::Da { discarder, asking } => {
                if let Some(r) = rel(discarder) {
                    set(out, DISCARDER + r, 1.0);
                }
                (1, Some(asking))
            }
            Phase::Store { seat, .. } => (2, Some(seat)),
            Phase::Decide { seat, .. } => (3, Some(seat)),
            Phase::Over => (4, None),
        };
        set(out, PHASE + phase, 1.0);
        if let Some(r) = actor.and_then(rel) {
            set(out, ACTOR + r, 1.0);
        }
        if let Some(d) = view.discard {
            set(out, DISCARD + d.index() as usize, 1.0);
        }
        set(out, PILE_LEN, scaled(view.pile_len, CARDS));
        set(
            out,
            TURNS,
            scaled(view.turns as usize, view.rules.turn_limit as usize),
        );
        match view.outcome {
            Some(Outcome::Won {
                winner, ava_failed, ..
            }) => {
                if let Some(r) = rel(winner) {
                    set(out, WINNER + r, 1.0);
                }
                if let Some(r) = ava_failed.and_then(rel) {
                    set(out, AVA_FAILED + r, 1.0);
                }
            }
            Some(Outcome::Exhausted { .. }) => set(out, EXHAUSTED, 1.0),
            None => {}
        }
        for seat in PlayerId::all(view.players.min(SEATS)) {
            let Some(r) = rel(seat) else {
                continue;
            };
            let block = SEAT_BLOCKS + r * SEAT_LEN;
            let Some(out) = out.get_mut(block..block + SEAT_LEN) else {
                continue;
            };
            set(out, SEAT_PRESENT, 1.0);
            if let Some(&n) = view.hand_sizes.get(seat.index()) {
                set(out, SEAT_HAND_LEN, scaled(n, CARDS));
            }
            if let Some(&Some(position)) = view.ava.get(seat.index()) {
                set(out, SEAT_AVA, 1.0);
                set(out, SEAT_AVA_ORDER, scaled(position.into(), SEATS));
            }
            if let Some(&stored) = view.stored.get(seat.index()) {
                set_each(field(out, SEAT_STORED), card_indices(stored));
            }
            for pair in view.pairs.iter().filter(|p| p.owner == seat) {
                set_each(
                    field(out, SEAT_PAIRS),
                    pair.cards.iter().map(|c| c.index() as usize),
                );
                let ageing = scaled(pair.ageing_count.into(), crate::state::MAX_AGEING);
                set(out, SEAT_AGEING + pair.cards[0].index() as usize, ageing);
            }
        }
    }

    fn write_observation_private(view: &View, out: &mut [f32]) {
        set_each(field(out, HAND), card_indices(view.hand));
        for pair in view.pairs.iter().filter(|p| p.owner == view.seat) {
            if let Some(ageing) = &pair.ageing {
                set_each(
                    field(out, OWN_AGEING),
                    ageing.iter().map(|c| c.index() as usize),
                );
            }
        }
    }
}

impl Encode for Zaagox {
    const OBSERVATION: Shape = Shape::new(OBSERVATION_PUBLIC, OBSERVATION_PRIVATE);
    const INFORMATION_STATE: Shape = Shape::new(IS_PUBLIC, IS_PRIVATE);

    type Recall = Recall;

    fn recall_start(_rules: &Rules, _players: usize, _seat: PlayerId) -> Recall {
        Recall::new()
    }

    fn recall(recall: &mut Recall, event: &Event) {
        let r = recall;
        match event {
            Event::Dealt(deal) => {
                r.told = true;
                r.pile.clear();
                r.pile.extend((0..deal.pile.len()).map(|_| Place::Unknown));
            }
            Event::Position(p) => {
                r.told = true;
                r.pile.clear();
                r.pile.extend((0..p.pile.len()).map(|_| Place::Unknown));
            }
            &Event::Drew { seat, card } => {
                r.draw(seat, false);
                r.push(seat, Kind::Drew, Hand::EMPTY, card);
            }
            &Event::Discarded { seat, card } => {
                r.face_up(&[card]);
                r.push(seat, Kind::Discarded, hand(&[card]), None);
            }
            &Event::DaAsked { seat, .. } => r.push(seat, Kind::DaAsked, Hand::EMPTY, None),
            &Event::Passed { seat } => r.push(seat, Kind::Passed, Hand::EMPTY, None),
            &Event::DaClaimed {
                seat,
                card,
                discard,
            } => {
                r.face_up(&[card, discard]);
                r.push(seat, Kind::DaClaimed, hand(&[card, discard]), None);
            }
            &Event::Paired { seat, cards } => {
                r.face_up(&cards);
                r.push(seat, Kind::Paired, hand(&cards), None);
            }
            &Event::Aged { seat, card, pair } => r.push(seat, Kind::Aged, hand(&pair), card),
            Event::Stored {
                seat,
                card,
                other,
                ageing,
            } => {
                r.face_up(&[*card, *other]);
                r.pile.push_back(Place::Public(*other));
                match ageing.shown() {
                    Some(cards) => r.pile.extend(cards.iter().map(|&c| Place::Own(c))),
                    None => r.pile.extend((0..ageing.len()).map(|_| Place::Unknown)),
                }
                r.push(*seat, Kind::Stored, hand(&[*card, *other]), None);
            }
            &Event::AvaDeclared { seat } => r.push(seat, Kind::AvaDeclared, Hand::EMPTY, None),
            &Event::AvaDrew { seat, card } => {
                r.draw(seat, false);
                r.push(seat, Kind::AvaDrew, Hand::EMPTY, card);
            }
            &Event::AvaStored { seat, card } => {
                r.draw(seat, true);
                r.face_up(&[card]);
                r.push(seat, Kind::AvaStored, hand(&[card]), None);
            }
            &Event::DiscardBuried { card } => r.pile.push_back(Place::Public(card)),
            // What these tell is in the view (the phase, the outcome).
            Event::FourStored { .. }
            | Event::PairCompleted { .. }
            | Event::DaClosed
            | Event::Ended { .. } => {}
        }
    }

    fn write_observation(view: &View, _steps: &[usize], public: &mut [f32], private: &mut [f32]) {
        Zaagox::write_observation_public(view, public);
        Zaagox::write_observation_private(view, private);
    }

    fn write_information_state(
        view: &View,
        recall: &Recall,
        _steps: &[usize],
        public: &mut [f32],
        private: &mut [f32],
    ) {
        Zaagox::write_observation_public(view, public);
        Zaagox::write_observation_private(view, private);
        let rel = |s: PlayerId| relative(s, view.seat, view.players);
        for (place, entry) in recall.pile.iter().enumerate() {
            let value = scaled(place + 1, CARDS);
            match *entry {
                Place::Public(c) => set(public, IS_PILE + c.index() as usize, value),
                Place::Own(c) => set(private, IS_OWN_PILE + c.index() as usize, value),
                Place::Unknown => {}
            }
        }
        for (card, seat) in recall.drawn.iter().enumerate() {
            if let Some(r) = seat.and_then(rel) {
                set(public, IS_DRAWN + r * CARDS + card, 1.0);
            }
        }
        for (card, seat) in recall.own_drawn.iter().enumerate() {
            if let Some(r) = seat.and_then(rel) {
                set(private, IS_OWN_DRAWN + r * CARDS + card, 1.0);
            }
        }
        for (k, entry) in recall.history.iter().rev().enumerate() {
            let at = IS_HISTORY + k * ENTRY_LEN;
            let Some(out) = public.get_mut(at..at + ENTRY_LEN) else {
                continue;
            };
            if let Some(r) = rel(entry.seat) {
                set(out, ENTRY_SEAT + r, 1.0);
            }
            set(out, ENTRY_KIND + entry.kind as usize, 1.0);
            set_each(field(out, ENTRY_CARDS), card_indices(entry.cards));
            if let Some(c) = entry.own {
                set(
                    private,
                    IS_OWN_HISTORY + k * CARDS + c.index() as usize,
                    1.0,
                );
            }
        }
    }
}
