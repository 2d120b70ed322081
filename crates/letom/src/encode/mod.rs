//! Tensors for learning agents ([`cards_core::Encode`]) of one deal ([`Letom`](crate::Letom),
//! [`deal`]) and of a match ([`LetomMatch`](crate::LetomMatch), [`matches`](mod@matches)).
//!
//! The layout is the table in `docs/letom.md` ("Tensors for learning agents"); the constants
//! here are its offsets. Seats are relative to the viewing seat (slot 0 = the viewer, slot 1 =
//! the next seat in play order, …), padded to four; cards are many-hot over
//! [`Card::index`] (colour × 9 + number); counts are divided by a
//! documented scale and capped at 1, so every value lies in [0, 1].
//!
//! The information state is the observation followed by the deal's turns in order
//! ([`TURNS`] slots: no deal has more turns, every turn flipping one stock card); a match
//! summarises its earlier deals by the tallies its view shows.

pub mod deal;
pub mod matches;

use cards_core::encode::{put, set_each};
use cards_core::{Card, DidoCard, PlayerId};

use crate::{BombMultiplier, Exhaustion, Hand, Phase, RenScoring, View};

/// Seat slots in every per-seat field (the most players).
pub const SEATS: usize = crate::Rules::MAX_PLAYERS;
/// Cards in the deck: the length of every card field.
pub const CARDS: usize = DidoCard::COUNT;

// The observation's public part.
/// The player count, one-hot over 2, 3, 4.
pub const PLAYERS: usize = 0;
/// The phase, one-hot: sale, turn, take, decide, over.
pub const PHASE: usize = 3;
/// The seat to act (relative, one-hot).
pub const TO_ACT: usize = 8;
/// The dealer (relative, one-hot).
pub const DEALER: usize = 12;
/// The seller who sits out (relative, one-hot; none without gwang-selling).
pub const SELLER: usize = 16;
/// The seat that took the pot on its first turn (relative, one-hot).
pub const STAKE_TAKER: usize = 20;
/// The deal's winner once over (relative, one-hot).
pub const WINNER: usize = 24;
/// 1 when the deal ended in a nagari.
pub const NAGARI: usize = 28;
/// The floor cards.
pub const FLOOR: usize = 29;
/// In the take phase: the flipped card held until the choice.
pub const TAKE_CARD: usize = 65;
/// In the take phase: the pi rewards earned this turn, / [`REWARD_SCALE`].
pub const TAKE_REWARDS: usize = 101;
/// In the take phase: 1 on the seat's last turn.
pub const TAKE_LAST: usize = 102;
/// In the take phase: 1 when one of the rewards is this turn's bomb.
pub const TAKE_BOMBED: usize = 103;
/// The Guã the seller showed.
pub const SHOWN: usize = 104;
/// Cards in the stock, / [`STOCK_SCALE`].
pub const STOCK: usize = 140;
/// The nagari carry factor, / [`CARRY_SCALE`].
pub const CARRY: usize = 141;
/// The rules' flags: bombs × 2, Ren additive, highest score on exhaustion, gwang-selling,
/// reshuffle of a sold hand, sweep.
pub const RULES: usize = 142;
/// The first seat block (slot 0, the viewer); slot `k`'s is at `SEAT_BLOCKS + k * SEAT_LEN`.
pub const SEAT_BLOCKS: usize = 148;
/// One seat block's length.
pub const SEAT_LEN: usize = 84;
/// The observation's public part: the deal's (a match adds its tallies after it).
pub const OBSERVATION_PUBLIC: usize = SEAT_BLOCKS + SEATS * SEAT_LEN;

// Within a seat block.
/// 1 when the slot is a seat at the table.
pub const SEAT_PRESENT: usize = 0;
/// Cards in its hand, / [`HAND_SCALE`].
pub const SEAT_HAND_SIZE: usize = 1;
/// Flip-only turns it owes, / [`COUNT_SCALE`].
pub const SEAT_OWED: usize = 2;
/// Its bombs this deal, / [`COUNT_SCALE`].
pub const SEAT_BOMBS: usize = 3;
/// Its Ren calls this deal, / [`REN_SCALE`].
pub const SEAT_REN: usize = 4;
/// Its base points at its last Ren call, / [`POINTS_SCALE`].
pub const SEAT_REN_BASE: usize = 5;
/// The number of its last Ren call among all calls this deal, / [`REN_ORDER_SCALE`].
pub const SEAT_REN_ORDER: usize = 6;
/// Its shakes carried out of nagaris, / [`CARRIED_SCALE`].
pub const SEAT_CARRIED_SHAKES: usize = 7;
/// Its bombs carried out of nagaris, / [`CARRIED_SCALE`].
pub const SEAT_CARRIED_BOMBS: usize = 8;
/// Its stakes in the pot, in stakes, / [`POT_SCALE`].
pub const SEAT_POT: usize = 9;
/// 1 when it has finished its first turn.
pub const SEAT_FIRST_DONE: usize = 10;
/// The base points of its captured cards, / [`POINTS_SCALE`].
pub const SEAT_POINTS: usize = 11;
/// Its captured cards.
pub const SEAT_CAPTURED: usize = 12;
/// The cards it revealed by shaking.
pub const SEAT_SHAKEN: usize = 48;

// The observation's private part.
/// The viewer's hand.
pub const HAND: usize = 0;
/// The observation's private part's length.
pub const OBSERVATION_PRIVATE: usize = CARDS;

// The information state: the observation's parts, each followed by more.
/// The first turn record in the public part; turn `t`'s is at `HISTORY + t * TURN_LEN`.
pub const HISTORY: usize = OBSERVATION_PUBLIC;
/// Turn records kept: every turn flips one stock card, and no table starts its play with
/// more than 16 in the stock (4 players, or 4 with a seller: 15).
pub const TURNS: usize = 16;
/// One turn record's length.
pub const TURN_LEN: usize = 167;
/// The information state's public part: the deal's (a match adds its tallies after it).
pub const INFORMATION_PUBLIC: usize = HISTORY + TURNS * TURN_LEN;

// Within a turn record.
/// The seat whose turn it was (relative, one-hot; all zero for a turn not yet played).
pub const TURN_ACTOR: usize = 0;
/// The hand cards it played (one, or the three of a bomb).
pub const TURN_PLAYED: usize = 4;
/// The card it flipped from the stock.
pub const TURN_FLIPPED: usize = 40;
/// The cards it captured from the floor.
pub const TURN_CAPTURED: usize = 76;
/// The pi handed over as rewards this turn (each from the pile that held it, to the taker).
pub const TURN_GIVEN: usize = 112;
/// The numbers it shook, many-hot over 0–8.
pub const TURN_SHOOK: usize = 148;
/// Its flags, in [`TurnFlag`] order.
pub const TURN_FLAGS: usize = 157;

// The information state's private part.
/// The viewer's hand as dealt (or as set up).
pub const DEALT: usize = CARDS;
/// As seller: the cards it put under the stock, the `k`-th in dealt order at (k + 1) / 8.
pub const UNDER: usize = 2 * CARDS;
/// The information state's private part's length.
pub const INFORMATION_PRIVATE: usize = 3 * CARDS;

/// Hand sizes are divided by the largest hand dealt.
pub const HAND_SCALE: f32 = 7.0;
/// The stock's size is divided by the largest stock at the first turn (4 players with a
/// seller: 10 + 5 under it; 20 leaves room).
pub const STOCK_SCALE: f32 = 20.0;
/// The carry factor is divided by its largest value.
pub const CARRY_SCALE: f32 = crate::Rules::MAX_CARRY as f32;
/// Pi rewards earned this turn (capped).
pub const REWARD_SCALE: f32 = 4.0;
/// Flip-only turns owed and bombs (capped).
pub const COUNT_SCALE: f32 = 4.0;
/// Ren calls (capped).
pub const REN_SCALE: f32 = 8.0;
/// The order of a Ren call among the deal's calls (capped).
pub const REN_ORDER_SCALE: f32 = 16.0;
/// Base points (capped).
pub const POINTS_SCALE: f32 = 20.0;
/// Shakes and bombs carried out of nagaris (capped).
pub const CARRIED_SCALE: f32 = 8.0;
/// A seat's stakes in the pot, counted in stakes (capped).
pub const POT_SCALE: f32 = 8.0;

/// The flags of a turn record, each one float at [`TURN_FLAGS`] + its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum TurnFlag {
    /// A flip-only turn (no hand card).
    FlipOnly = 0,
    /// A bomb.
    Bomb = 1,
    /// A stuck stack made.
    StackMade = 2,
    /// A stuck stack taken.
    StackTaken = 3,
    /// Jjok.
    Jjok = 4,
    /// Ttadak.
    Ttadak = 5,
    /// A sweep.
    Sweep = 6,
    /// The pot taken.
    PotTaken = 7,
    /// Ren called after the turn.
    Ren = 8,
    /// Tom, called or on the last turn.
    Tom = 9,
}

/// The number of [`TurnFlag`]s.
pub const FLAGS: usize = 10;

/// `value / scale`, capped at 1 (counts are never negative).
fn scaled(value: f32, scale: f32) -> f32 {
    (value / scale).clamp(0.0, 1.0)
}

/// The window `at..at + len` of `out` (empty past its end).
fn window(out: &mut [f32], at: usize, len: usize) -> &mut [f32] {
    let end = at.saturating_add(len).min(out.len());
    out.get_mut(at.min(end)..end).unwrap_or_default()
}

/// Many-hot over the card indices of `cards`.
fn cards(out: &mut [f32], at: usize, cards: Hand) {
    set_each(
        window(out, at, CARDS),
        cards.iter().map(|c| usize::from(c.index())),
    );
}

/// Seats as the viewer sees them: slot 0 is the viewer, then play order.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Seats {
    /// Seats at the table.
    n: usize,
    /// The viewer (0 for an onlooker, who sees the seats as they are numbered).
    me: usize,
}

impl Seats {
    pub(crate) fn new(players: usize, seat: PlayerId) -> Seats {
        let n = players.clamp(1, SEATS);
        let me = if seat.index() < n { seat.index() } else { 0 };
        Seats { n, me }
    }

    /// The slot of seat `s`.
    pub(crate) fn slot(self, s: PlayerId) -> usize {
        (s.index() % self.n + self.n - self.me) % self.n
    }

    /// The seat in slot `k`, or `None` past the table.
    fn seat(self, k: usize) -> Option<usize> {
        (k < self.n).then(|| (self.me + k) % self.n)
    }

    /// One-hot of seat `s` in the four slots at `at`.
    fn one_hot(self, out: &mut [f32], at: usize, s: Option<PlayerId>) {
        if let Some(s) = s {
            put(out, at + self.slot(s), 1.0);
        }
    }
}

/// The observation's public part of a deal (the first [`OBSERVATION_PUBLIC`] values).
pub(crate) fn write_public(view: &View, out: &mut [f32]) {
    let p = &view.public;
    let n = view.hand_sizes.len();
    let seats = Seats::new(n, view.seat);
    if (2..=SEATS).contains(&n) {
        put(out, PLAYERS + n - 2, 1.0);
    }
    let phase = match p.phase {
        Phase::Sale { .. } => 0,
        Phase::Turn { .. } => 1,
        Phase::Take {
            flipped,
            rewards,
            last,
            bombed,
            ..
        } => {
            put(out, TAKE_CARD + usize::from(flipped.index()), 1.0);
            put(out, TAKE_REWARDS, scaled(f32::from(rewards), REWARD_SCALE));
            put(out, TAKE_LAST, f32::from(u8::from(last)));
            put(out, TAKE_BOMBED, f32::from(u8::from(bombed)));
            2
        }
        Phase::Decide { .. } => 3,
        Phase::Over => 4,
    };
    put(out, PHASE + phase, 1.0);
    seats.one_hot(out, TO_ACT, p.phase.seat());
    seats.one_hot(out, DEALER, Some(p.dealer));
    seats.one_hot(out, SELLER, p.seller);
    seats.one_hot(out, STAKE_TAKER, p.stake_taker);
    if let Some(outcome) = p.outcome {
        match outcome.winner() {
            Some(w) => seats.one_hot(out, WINNER, Some(w)),
            None => put(out, NAGARI, 1.0),
        }
    }
    cards(out, FLOOR, p.floor);
    cards(out, SHOWN, p.shown);
    put(out, STOCK, scaled(view.stock_len as f32, STOCK_SCALE));
    put(out, CARRY, scaled(f32::from(p.carry), CARRY_SCALE));
    let r = &view.rules;
    let flags = [
        r.bomb == BombMultiplier::Double,
        r.ren == RenScoring::Additive,
        r.exhaustion == Exhaustion::HighestScore,
        r.gwang_selling,
        r.reshuffle_sold,
        r.sweep,
    ];
    for (i, on) in flags.into_iter().enumerate() {
        put(out, RULES + i, f32::from(u8::from(on)));
    }
    for k in 0..SEATS {
        let Some(s) = seats.seat(k) else { continue };
        let block = window(out, SEAT_BLOCKS + k * SEAT_LEN, SEAT_LEN);
        let count = |list: &[u8]| f32::from(list.get(s).copied().unwrap_or(0));
        put(block, SEAT_PRESENT, 1.0);
        let hand = view.hand_sizes.get(s).copied().unwrap_or(0);
        put(block, SEAT_HAND_SIZE, scaled(hand as f32, HAND_SCALE));
        put(block, SEAT_OWED, scaled(count(&p.owed), COUNT_SCALE));
        put(block, SEAT_BOMBS, scaled(count(&p.bombs), COUNT_SCALE));
        put(block, SEAT_REN, scaled(count(&p.ren), REN_SCALE));
        put(
            block,
            SEAT_REN_BASE,
            scaled(count(&p.ren_base), POINTS_SCALE),
        );
        put(
            block,
            SEAT_REN_ORDER,
            scaled(count(&p.ren_order), REN_ORDER_SCALE),
        );
        let carried = |list: &[u8]| scaled(count(list), CARRIED_SCALE);
        put(block, SEAT_CARRIED_SHAKES, carried(&p.carried_shakes));
        put(block, SEAT_CARRIED_BOMBS, carried(&p.carried_bombs));
        // In stakes: a pot of the stakes of several nagari deals stays in the low range.
        let pot = p.pot.get(s).copied().unwrap_or(0) as f32;
        let stake = r.stake.max(1) as f32;
        put(block, SEAT_POT, scaled(pot / stake, POT_SCALE));
        let done = p.first_done.iter().any(|d| d.index() == s);
        put(block, SEAT_FIRST_DONE, f32::from(u8::from(done)));
        let captured = p.captured.get(s).copied().unwrap_or_default();
        put(
            block,
            SEAT_POINTS,
            scaled(crate::score(captured).points as f32, POINTS_SCALE),
        );
        cards(block, SEAT_CAPTURED, captured);
        cards(
            block,
            SEAT_SHAKEN,
            p.shaken.get(s).copied().unwrap_or_default(),
        );
    }
}

/// The observation's private part of a deal: the viewer's hand.
pub(crate) fn write_private(view: &View, out: &mut [f32]) {
    set_each(
        window(out, HAND, CARDS),
        view.hand.iter().map(|c| usize::from(c.index())),
    );
}

// Each field ends where the next begins.
const _: () = {
    assert!(SHOWN + CARDS == STOCK && RULES + 6 == SEAT_BLOCKS);
    assert!(FLOOR + CARDS == TAKE_CARD && TAKE_CARD + CARDS == TAKE_REWARDS);
    assert!(SEAT_SHAKEN + CARDS == SEAT_LEN);
    assert!(TURN_GIVEN + CARDS == TURN_SHOOK && TURN_SHOOK + 9 == TURN_FLAGS);
    assert!(TURN_FLAGS + FLAGS == TURN_LEN);
    assert!(UNDER + CARDS == INFORMATION_PRIVATE);
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_count_from_the_viewer_in_play_order() {
        let seats = Seats::new(3, PlayerId(2));
        let slots: Vec<usize> = PlayerId::all(3).map(|s| seats.slot(s)).collect();
        assert_eq!(slots, [1, 2, 0]);
        assert_eq!(seats.seat(0), Some(2));
        assert_eq!(seats.seat(3), None);
        // An onlooker sees the seats as numbered.
        assert_eq!(Seats::new(2, PlayerId(3)).slot(PlayerId(1)), 1);
    }

    #[test]
    fn writers_ignore_what_does_not_fit() {
        let mut short = [0.0; 3];
        put(&mut short, 7, 1.0);
        cards(&mut short, 2, Hand::full());
        assert_eq!(short, [0.0, 0.0, 1.0]);
        assert!(window(&mut short, 9, 4).is_empty());
    }
}
