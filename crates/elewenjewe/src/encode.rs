//! Tensors for learning agents ([`cards_core::Encode`]): what one seat knows of a game of
//! Eléwénjewé, as fixed-length rows of `f32`.
//!
//! The layout, slice by slice, is on the repository's `docs/elewenjewe.md` ("Tensors for
//! learning agents"); the constants here are its offsets. In short:
//! - seats are relative to the viewer (slot 0 the viewer, slot 1 the next seat, …), padded to
//!   [`Rules::MAX_PLAYERS`] slots; a card is its [`Card::index`](cards_core::Card::index) (54
//!   slots, the jokers last);
//! - the **observation** ([`OBSERVATION_PUBLIC`] + [`PRIVATE`] = 882 values) is the view: the
//!   public part (rules, seats, counts, scores, the loose table, the protected piles, the
//!   captured piles with Isiwo) then the private part (the hand and the decision under way);
//! - the **information state** ([`INFORMATION_PUBLIC`] + [`PRIVATE`] = 1,584) adds to the
//!   public part the current round's history from [`Recall`]: for every card, who played it
//!   and when, when it was built into a pile, who took it and when. A round has at most 50
//!   plays, so there is no horizon within it; earlier rounds are summarised by what the view
//!   keeps of them (the totals and the round's number);
//! - the decision under way (`steps`, indices of [`Step`]) is in the private part: the kind of
//!   decision, the card of the hand played, the build value and the table cards picked.
//!
//! Every value lies in `[0, 1]` but the totals, in `[-1, 1]` (a total below 0 after Esun
//! penalties).

use cards_core::encode::{put, set_each};
use cards_core::{Card as _, Encode, PlayerId, Shape, StdCard};

use crate::event::{Deal, Event};
use crate::rules::{Leftovers, Rules, Scoring};
use crate::state::{Cards, Elewenjewe};
use crate::steps::Step;
use crate::view::View;

/// Cards in the pack (jokers included): the length of every card field.
pub const CARDS: usize = StdCard::COUNT;
/// Seat slots: the most seats at a table.
pub const SEATS: usize = Rules::MAX_PLAYERS;

// The public part, shared by both tensors (offsets from the tensor's start).
/// Which seat slots are at the table (many-hot).
pub const SEATED: usize = 0;
/// The seat to act (one-hot; none once the game is over).
pub const TO_ACT: usize = SEATED + SEATS;
/// The round's dealer (one-hot).
pub const DEALER: usize = TO_ACT + SEATS;
/// The seat that played the round's last card so far (one-hot).
pub const LAST: usize = DEALER + SEATS;
/// Each seat's cards in hand, / [`HAND_SCALE`].
pub const HAND_SIZES: usize = LAST + SEATS;
/// Each seat's captured cards this round, / [`CARD_SCALE`].
pub const CAPTURED_SIZES: usize = HAND_SIZES + SEATS;
/// Each seat's captures this round by playing a joker, / [`JOKER_PLAY_SCALE`].
pub const JOKER_PLAYS: usize = CAPTURED_SIZES + SEATS;
/// Each seat's Esun penalties this round, / [`PENALTY_SCALE`] (capped at 1).
pub const PENALTIES: usize = JOKER_PLAYS + SEATS;
/// Each seat's game total / the target, clamped to `[-1, 1]`.
pub const TOTALS: usize = PENALTIES + SEATS;
/// Cards left to deal this round, / [`CARD_SCALE`].
pub const STOCK: usize = TOTALS + SEATS;
/// Cards set aside this round, / [`CARD_SCALE`].
pub const SET_ASIDE: usize = STOCK + 1;
/// The round's number (from 0) / the most rounds the rules allow, capped at 1.
pub const ROUND: usize = SET_ASIDE + 1;
/// The rules, [`RULE_FLAGS`] flags: jokers, Yorùbá, Esun, `yoruba_pile_excludes_v`,
/// `yoruba_checks_piles`, Isiwo, `last_player_takes`, leftovers (unused, to the table, one-card
/// hand), scoring (layout and most, most cards).
pub const RULES: usize = ROUND + 1;
/// The number of rule flags.
pub const RULE_FLAGS: usize = 12;
/// The loose table cards (many-hot).
pub const TABLE: usize = RULES + RULE_FLAGS;
/// The protected piles' cards, one card field per owner (seat slot `s` at `PILES + s × 54`).
pub const PILES: usize = TABLE + CARDS;
/// For each card in a protected pile, the pile's value / 10.
pub const PILE_VALUES: usize = PILES + SEATS * CARDS;
/// With Isiwo, each seat's captured cards this round, one card field per seat (zero without).
pub const CAPTURED: usize = PILE_VALUES + CARDS;
/// The observation's public part ends here.
pub const OBSERVATION_PUBLIC: usize = CAPTURED + SEATS * CARDS;

// The information state's history of the current round (after the observation's public part).
/// For each card, who played it from hand this round (one card field per seat slot).
pub const PLAYED_BY: usize = OBSERVATION_PUBLIC;
/// For each card played this round, its play's ordinal (1 for the round's first play) /
/// [`CARD_SCALE`].
pub const PLAYED_AT: usize = PLAYED_BY + SEATS * CARDS;
/// For each card built into a protected pile this round, the ordinal of the build /
/// [`CARD_SCALE`].
pub const BUILT_AT: usize = PLAYED_AT + CARDS;
/// For each card captured this round, who took it (one card field per seat slot).
pub const TAKEN_BY: usize = BUILT_AT + CARDS;
/// For each card captured this round, the ordinal of the capture / [`CARD_SCALE`] (the last
/// player's take of the table: the last play's ordinal + 1).
pub const TAKEN_AT: usize = TAKEN_BY + SEATS * CARDS;
/// The information state's public part ends here.
pub const INFORMATION_PUBLIC: usize = TAKEN_AT + CARDS;

// The private part, the same in both tensors (offsets from the private part's start).
/// The seat's hand (many-hot).
pub const HAND: usize = 0;
/// The decision under way: a capture (slot 0) or a build (slot 1) started; none at a
/// decision's start.
pub const STEP_KIND: usize = HAND + CARDS;
/// The card of the hand the decision under way plays (one-hot).
pub const STEP_CARD: usize = STEP_KIND + 2;
/// The value a build under way is for (one-hot, slot `v − 1`).
pub const STEP_VALUE: usize = STEP_CARD + CARDS;
/// The table cards picked so far (many-hot).
pub const STEP_PICKED: usize = STEP_VALUE + 10;
/// The private part's length.
pub const PRIVATE: usize = STEP_PICKED + CARDS;

/// Card counts and play ordinals are divided by the pack's size.
pub const CARD_SCALE: f32 = CARDS as f32;
/// Hand sizes are divided by a batch's four cards.
pub const HAND_SCALE: f32 = 4.0;
/// Joker plays are divided by the two jokers.
pub const JOKER_PLAY_SCALE: f32 = 2.0;
/// Esun penalties are divided by 10 (more count as 10).
pub const PENALTY_SCALE: f32 = 10.0;

/// What a seat has seen of the current round beyond its view: for every card, who played it
/// and when, when it went into a protected pile, who took it and when (the information
/// state's history). Folded from the seat's redacted events; a new round (or a game set up at
/// a position, whose past is not told) starts it afresh.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recall {
    /// Cards played this round.
    plays: u8,
    /// By card index.
    cards: [Memo; CARDS],
}

/// What happened to one card this round (ordinals from 1; 0 for never).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Memo {
    played_by: Option<PlayerId>,
    played_at: u8,
    built_at: u8,
    taken_by: Option<PlayerId>,
    taken_at: u8,
}

/// Nothing seen yet.
impl Default for Recall {
    fn default() -> Self {
        Recall {
            plays: 0,
            cards: [Memo::default(); CARDS],
        }
    }
}

impl Recall {
    /// The cards seen taken this round, with the seat that took each: the cards of the
    /// captured piles, which the view counts but does not show.
    pub(crate) fn taken(&self) -> impl Iterator<Item = (StdCard, PlayerId)> + '_ {
        (self.cards.iter().zip(StdCard::ALL)).filter_map(|(m, c)| m.taken_by.map(|s| (c, s)))
    }

    fn memo(&mut self, card: StdCard) -> Option<&mut Memo> {
        self.cards.get_mut(usize::from(card.index()))
    }

    /// `seat` plays `card` from hand: the round's next play.
    fn play(&mut self, seat: PlayerId, card: StdCard) {
        self.plays = self.plays.saturating_add(1);
        let at = self.plays;
        if let Some(m) = self.memo(card) {
            m.played_by = Some(seat);
            m.played_at = at;
        }
    }

    fn take(&mut self, seat: PlayerId, cards: Cards, at: u8) {
        for card in cards {
            if let Some(m) = self.memo(card) {
                m.taken_by = Some(seat);
                m.taken_at = at;
            }
        }
    }
}

impl Encode for Elewenjewe {
    const OBSERVATION: Shape = Shape::new(OBSERVATION_PUBLIC, PRIVATE);
    const INFORMATION_STATE: Shape = Shape::new(INFORMATION_PUBLIC, PRIVATE);

    type Recall = Recall;

    fn recall_start(_rules: &Rules, _players: usize, _seat: PlayerId) -> Recall {
        Recall::default()
    }

    fn recall(recall: &mut Recall, event: &Event) {
        match event {
            Event::Dealt(Deal::Round { .. }) | Event::Position(_) => *recall = Recall::default(),
            Event::Trailed { seat, card } => recall.play(*seat, *card),
            Event::Captured {
                seat,
                card,
                taken,
                piles,
            } => {
                recall.play(*seat, *card);
                let from_piles = piles.iter().fold(Cards::EMPTY, |a, p| a | p.cards);
                recall.take(*seat, taken.with(*card) | from_piles, recall.plays);
            }
            Event::Built { seat, card, pile } => {
                recall.play(*seat, *card);
                let at = recall.plays;
                for c in pile.cards {
                    if let Some(m) = recall.memo(c) {
                        m.built_at = at;
                    }
                }
            }
            // After the round's last play, so that it reads apart from a capture by that play.
            Event::TookRest { seat, cards } => {
                recall.take(*seat, *cards, recall.plays.saturating_add(1));
            }
            // Counted in the view (hand sizes, stock, penalties, records, totals).
            Event::Dealt(Deal::Batch { .. })
            | Event::SetAside { .. }
            | Event::Released { .. }
            | Event::RoundScored { .. }
            | Event::Ended { .. } => {}
        }
    }

    fn write_observation(view: &View, steps: &[usize], public: &mut [f32], private: &mut [f32]) {
        write_public(view, public);
        write_private(view, steps, private);
    }

    fn write_information_state(
        view: &View,
        recall: &Recall,
        steps: &[usize],
        public: &mut [f32],
        private: &mut [f32],
    ) {
        write_public(view, public);
        let seats = Seats::of(view);
        for (i, m) in recall.cards.iter().enumerate() {
            if let Some(s) = m.played_by {
                set_each(public, [PLAYED_BY + seats.slot(s) * CARDS + i]);
            }
            if let Some(s) = m.taken_by {
                set_each(public, [TAKEN_BY + seats.slot(s) * CARDS + i]);
            }
            // A round has at most 50 plays; the cap holds the range on any event stream.
            let ordinal = |at: u8| (f32::from(at) / CARD_SCALE).min(1.0);
            put(public, PLAYED_AT + i, ordinal(m.played_at));
            put(public, BUILT_AT + i, ordinal(m.built_at));
            put(public, TAKEN_AT + i, ordinal(m.taken_at));
        }
        write_private(view, steps, private);
    }
}

/// Seats as slots relative to the viewer.
#[derive(Clone, Copy)]
struct Seats {
    viewer: usize,
    n: usize,
}

impl Seats {
    fn of(view: &View) -> Seats {
        Seats {
            viewer: view.seat.index(),
            n: view.hand_sizes.len(),
        }
    }

    /// The slot of `seat`: 0 for the viewer, 1 for the next seat, …; an onlooker (not at the
    /// table) sees the seats as they are numbered. A slot past [`SEATS`] is written nowhere.
    fn slot(self, seat: PlayerId) -> usize {
        if self.viewer < self.n {
            (seat.index() + self.n - self.viewer) % self.n
        } else {
            seat.index()
        }
    }

    /// Each seat at the table with its slot, in seat order.
    fn each(self) -> impl Iterator<Item = (usize, usize)> {
        (0..self.n).map(move |s| (s, self.slot(PlayerId(s as u8))))
    }
}

/// Each card of `cards` as its index.
fn indices(cards: Cards) -> impl Iterator<Item = usize> {
    cards.iter().map(|c| usize::from(c.index()))
}

/// The public part of the observation (the information state's first part too).
fn write_public(view: &View, out: &mut [f32]) {
    let seats = Seats::of(view);
    // A slot past the seats comes only from a malformed view: such a seat is written nowhere.
    let slot = |s: PlayerId| seats.slot(s).min(SEATS);
    for (_, s) in seats.each() {
        if s < SEATS {
            put(out, SEATED + s, 1.0);
        }
    }
    if let Some(s) = view.to_act.map(slot).filter(|&s| s < SEATS) {
        put(out, TO_ACT + s, 1.0);
    }
    if slot(view.dealer) < SEATS {
        put(out, DEALER + slot(view.dealer), 1.0);
    }
    if let Some(s) = view.last.map(slot).filter(|&s| s < SEATS) {
        put(out, LAST + s, 1.0);
    }
    let scaled = |x: usize, scale: f32| (x as f32 / scale).min(1.0);
    for (s, slot) in seats.each().filter(|&(_, slot)| slot < SEATS) {
        let at = |v: &[usize]| v.get(s).copied().unwrap_or(0);
        put(
            out,
            HAND_SIZES + slot,
            scaled(at(&view.hand_sizes), HAND_SCALE),
        );
        put(
            out,
            CAPTURED_SIZES + slot,
            scaled(at(&view.captured_sizes), CARD_SCALE),
        );
        let count = |v: &[u8], scale| scaled(v.get(s).map_or(0, |&x| usize::from(x)), scale);
        put(
            out,
            JOKER_PLAYS + slot,
            count(&view.joker_plays, JOKER_PLAY_SCALE),
        );
        put(out, PENALTIES + slot, count(&view.penalties, PENALTY_SCALE));
    }
    let target = view.rules.target.max(1) as f32;
    for (s, slot) in seats.each().filter(|&(_, slot)| slot < SEATS) {
        let total = view.totals.get(s).copied().unwrap_or(0) as f32;
        put(out, TOTALS + slot, (total / target).clamp(-1.0, 1.0));
    }
    put(out, STOCK, scaled(view.stock, CARD_SCALE));
    put(out, SET_ASIDE, scaled(view.set_aside, CARD_SCALE));
    let rounds = view.rules.most_rounds().max(1) as f32;
    put(out, ROUND, (view.round as f32 / rounds).min(1.0));
    let r = &view.rules;
    let flags = [
        r.jokers,
        r.yoruba,
        r.esun,
        r.yoruba_pile_excludes_v,
        r.yoruba_checks_piles,
        r.isiwo,
        r.last_player_takes,
        r.leftovers == Leftovers::Unused,
        r.leftovers == Leftovers::ToTable,
        r.leftovers == Leftovers::OneCardHand,
        r.scoring == Scoring::LayoutAndMost,
        r.scoring == Scoring::MostCards,
    ];
    for (i, &on) in flags.iter().enumerate() {
        if on {
            put(out, RULES + i, 1.0);
        }
    }
    set_each(out, indices(view.table).map(|i| TABLE + i));
    for pile in &view.piles {
        let owner = slot(pile.owner);
        if owner < SEATS {
            set_each(out, indices(pile.cards).map(|i| PILES + owner * CARDS + i));
        }
        let value = (f32::from(pile.value) / 10.0).min(1.0);
        for i in indices(pile.cards) {
            put(out, PILE_VALUES + i, value);
        }
    }
    if let Some(captured) = &view.captured {
        for (s, slot) in seats.each().filter(|&(_, slot)| slot < SEATS) {
            if let Some(&cards) = captured.get(s) {
                set_each(out, indices(cards).map(|i| CAPTURED + slot * CARDS + i));
            }
        }
    }
}

/// The private part: the hand, then the decision under way from its steps.
fn write_private(view: &View, steps: &[usize], out: &mut [f32]) {
    set_each(out, indices(view.hand).map(|i| HAND + i));
    for &index in steps {
        match Step::from_index(index) {
            Some(Step::Capture(card)) => {
                put(out, STEP_KIND, 1.0);
                put(out, STEP_CARD + usize::from(card.index()), 1.0);
            }
            Some(Step::Build(card, value)) => {
                put(out, STEP_KIND + 1, 1.0);
                put(out, STEP_CARD + usize::from(card.index()), 1.0);
                // `from_index` gives 1 ..= 10.
                let v = usize::from(value.clamp(1, 10)) - 1;
                put(out, STEP_VALUE + v, 1.0);
            }
            Some(Step::Pick(card)) => put(out, STEP_PICKED + usize::from(card.index()), 1.0),
            // A trail is a whole decision, and a finish ends one: neither is under way.
            Some(Step::Trail(_) | Step::Finish) | None => {}
        }
    }
}
