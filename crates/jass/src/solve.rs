//! An exact open-hand (double-dummy) solver for the card play of a Schieber deal: with every
//! hand known, the card points each team takes from a position on under best play by both
//! teams, and the best cards for the seat to play.
//!
//! Each team maximises its own card points. Since the card points still to be taken (the
//! cards in the hands and on the table, and the last trick's 5) are fixed, that is one team
//! maximising what the other minimises: the solver is an alpha-beta search over single cards
//! with the points of a trick counted when it completes. Weis and Stöck are left out: Weis
//! does not depend on the card play at all, and Stöck (20 points for the trump King and Queen
//! in one hand) only in the moment it is credited, never in its amount. The value is
//! therefore the card points (with the last trick's 5) of the tricks still to complete, the
//! current trick's cards already on the table included.
//!
//! Legal cards, trick winners and points come from the crate's own [`legal_cards`],
//! [`trick_winner`] and [`Mode::points`], so the solver cannot disagree with the game.
//!
//! The crate's `docs/rules.md` ("Open-hand solver") describes the algorithm.

use cards_core::{Card, CardSet, Game, JassCard, PlayerId};

use crate::{Contract, Mode, PlayRules, SchieberDeal, legal_cards, trick_winner};

/// Seats at a Schieber table.
const SEATS: usize = 4;
/// Tricks in a deal.
const TRICKS: usize = 9;
/// The last trick's bonus, as [`crate::trick_points`] adds it.
const LAST_BONUS: u32 = 5;

/// A card-play position of a Schieber deal, every hand open: what [`solve`] takes.
///
/// `plays` are the cards played so far in this deal, in order from forehand's lead;
/// `hands` are the cards each seat still holds. Together they are the 36 cards, each once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// The cards each seat (0–3) still holds.
    pub hands: [CardSet<JassCard>; SEATS],
    /// The contract the deal is played in (not [`Contract::Trio`]).
    pub contract: Contract,
    /// Who led the first trick.
    pub forehand: PlayerId,
    /// The cards played so far, in order from forehand's lead.
    pub plays: Vec<JassCard>,
    /// The rules of the play of a trick.
    pub rules: PlayRules,
}

impl Position {
    /// The position of a Schieber deal in its card play: its hands, contract, forehand, plays
    /// and play rules.
    ///
    /// # Errors
    /// [`SolveError::NoContract`] before the contract is named, and
    /// [`SolveError::UnsupportedContract`] for a Trio.
    pub fn from_deal(deal: &SchieberDeal) -> Result<Position, SolveError> {
        let contract = deal.contract().ok_or(SolveError::NoContract)?;
        if contract == Contract::Trio {
            return Err(SolveError::UnsupportedContract { contract });
        }
        Ok(Position {
            hands: core::array::from_fn(|s| deal.hand(PlayerId(s as u8))),
            contract,
            forehand: deal.forehand(),
            plays: deal.plays().to_vec(),
            rules: deal.rules().play,
        })
    }
}

/// What [`solve`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The seat to play (`None` once every card is played).
    pub to_play: Option<PlayerId>,
    /// The card points (the last trick's 5 included) each team — seats 0 and 2, seats 1 and
    /// 3 — takes from the position on under best play: the tricks still to complete, the
    /// current trick's cards on the table included. Weis and Stöck are not counted.
    pub points: [u32; 2],
    /// The card points each team took in the tricks completed before the position.
    pub taken: [u32; 2],
    /// Every card the seat to play may play that reaches [`Solution::points`] (empty once
    /// every card is played).
    pub best: CardSet<JassCard>,
    /// Positions the search visited.
    pub nodes: u64,
}

/// Why a position could not be solved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The deal has no contract yet.
    #[error("the deal has no contract yet")]
    NoContract,
    /// A contract whose trick modes the position does not fix (Trio's segments are named
    /// during the play).
    #[error("the solver does not play {contract}: its trick modes are named during the play")]
    UnsupportedContract {
        /// The contract.
        contract: Contract,
    },
    /// Forehand is not a seat of the four.
    #[error("forehand {seat} is not a seat of four")]
    NoSuchSeat {
        /// The seat given.
        seat: PlayerId,
    },
    /// A card is held or played twice.
    #[error("{card} is held or played twice")]
    Duplicate {
        /// The card.
        card: JassCard,
    },
    /// The hands and plays are not the whole deck.
    #[error("the hands and plays hold {count} cards, not the 36 of the deck")]
    NotTheDeck {
        /// How many distinct cards they hold.
        count: usize,
    },
    /// A seat holds a number of cards that does not fit the plays.
    #[error("seat {seat} holds {held} cards; after the plays it should hold {expected}")]
    HandSize {
        /// The seat.
        seat: PlayerId,
        /// Cards it holds.
        held: usize,
        /// Cards it should hold.
        expected: usize,
    },
    /// A play broke the rules of the play of a trick.
    #[error("play {index} ({card} by seat {seat}) is not legal: {legal} were")]
    Illegal {
        /// Its index in the plays.
        index: usize,
        /// The card.
        card: JassCard,
        /// Who played it.
        seat: PlayerId,
        /// The cards that seat could legally play.
        legal: CardSet<JassCard>,
    },
}

/// A position checked and replayed up to its current trick: the state both searches start
/// from.
#[derive(Clone, Copy, Debug)]
struct Start {
    hands: [u64; SEATS],
    trick: [JassCard; SEATS],
    trick_len: usize,
    leader: usize,
    done: usize,
    taken: [u32; 2],
    modes: [Mode; TRICKS],
    counting: Mode,
    rules: PlayRules,
}

impl Start {
    fn seat_to_play(&self) -> Option<usize> {
        (self.done < TRICKS).then_some((self.leader + self.trick_len) % SEATS)
    }

    fn legal(&self, seat: usize) -> u64 {
        legal_cards(
            CardSet::from_bits_truncate(self.hands[seat]),
            &self.trick[..self.trick_len],
            self.modes[self.done.min(TRICKS - 1)],
            &self.rules,
        )
        .bits()
    }

    /// Plays `card` for `seat` (the seat to play); returns the trick's points and winner
    /// when it completes one.
    fn play(&mut self, seat: usize, card: JassCard) -> Option<(u32, usize)> {
        self.hands[seat] &= !(1u64 << card.index());
        self.trick[self.trick_len] = card;
        self.trick_len += 1;
        if self.trick_len < SEATS {
            return None;
        }
        let mode = self.modes[self.done];
        let winner = (self.leader + trick_winner(&self.trick, mode)) % SEATS;
        self.done += 1;
        let mut points: u32 = self.trick.iter().map(|&c| self.counting.points(c)).sum();
        if self.done == TRICKS {
            points += LAST_BONUS;
        }
        self.trick_len = 0;
        self.leader = winner;
        Some((points, winner))
    }
}

/// Checks `position` and replays its plays.
fn start(position: &Position) -> Result<Start, SolveError> {
    let contract = position.contract;
    let counting = contract
        .counting_mode(&[])
        .ok_or(SolveError::UnsupportedContract { contract })?;
    let mut modes = [counting; TRICKS];
    for (t, mode) in modes.iter_mut().enumerate() {
        *mode = contract
            .trick_mode(t, &[])
            .ok_or(SolveError::UnsupportedContract { contract })?;
    }
    let first = position.forehand.index();
    if first >= SEATS {
        return Err(SolveError::NoSuchSeat {
            seat: position.forehand,
        });
    }
    let mut seen = 0u64;
    let cards = position.hands.iter().flat_map(|h| h.iter());
    for card in cards.chain(position.plays.iter().copied()) {
        let bit = 1u64 << card.index();
        if seen & bit != 0 {
            return Err(SolveError::Duplicate { card });
        }
        seen |= bit;
    }
    let count = seen.count_ones() as usize;
    if count != JassCard::COUNT {
        return Err(SolveError::NotTheDeck { count });
    }
    // Who played each card: the trick leaders follow from the winners.
    let mut seats = [0usize; JassCard::COUNT];
    let mut leader = first;
    for (t, trick) in position.plays.chunks(SEATS).enumerate() {
        for (i, seat) in seats[t * SEATS..t * SEATS + trick.len()]
            .iter_mut()
            .enumerate()
        {
            *seat = (leader + i) % SEATS;
        }
        if trick.len() == SEATS {
            leader = (leader + trick_winner(trick, modes[t])) % SEATS;
        }
    }
    let plays = position.plays.len();
    let mut dealt = position.hands.map(|h| h.bits());
    for (i, &card) in position.plays.iter().enumerate() {
        dealt[seats[i]] |= 1u64 << card.index();
    }
    for (s, hand) in position.hands.iter().enumerate() {
        let played = (0..plays).filter(|&i| seats[i] == s).count();
        let expected = TRICKS - played;
        if hand.len() != expected {
            return Err(SolveError::HandSize {
                seat: PlayerId(s as u8),
                held: hand.len(),
                expected,
            });
        }
    }
    let mut state = Start {
        hands: dealt,
        trick: [JassCard::ALL[0]; SEATS],
        trick_len: 0,
        leader: first,
        done: 0,
        taken: [0; 2],
        modes,
        counting,
        rules: position.rules,
    };
    for (index, &card) in position.plays.iter().enumerate() {
        let seat = seats[index];
        let legal = state.legal(seat);
        if legal & (1u64 << card.index()) == 0 {
            return Err(SolveError::Illegal {
                index,
                card,
                seat: PlayerId(seat as u8),
                legal: CardSet::from_bits_truncate(legal),
            });
        }
        if let Some((points, winner)) = state.play(seat, card) {
            state.taken[winner % 2] += points;
        }
    }
    Ok(state)
}

/// The card points (with the last trick's 5) still to be taken from `state`.
fn remaining(state: &Start) -> u32 {
    let held: u32 = state
        .hands
        .iter()
        .map(|&h| {
            CardSet::<JassCard>::from_bits_truncate(h)
                .iter()
                .map(|c| state.counting.points(c))
                .sum::<u32>()
        })
        .sum();
    let table: u32 = state.trick[..state.trick_len]
        .iter()
        .map(|&c| state.counting.points(c))
        .sum();
    held + table + if state.done < TRICKS { LAST_BONUS } else { 0 }
}

/// Solves `position` exactly: the card points each team takes from it on under best play,
/// and every best card for the seat to play (see [`Solution`]).
///
/// ```
/// use jass::solve::{Position, solve};
/// use jass::{Action, Contract, Game, Mode, Rules, SchieberDeal, Seed};
///
/// let mut deal = SchieberDeal::new(&Rules::default(), 4, Seed::from(7))?;
/// deal.play(Action::Name(Contract::Mode(Mode::Obenabe)))?;
/// let mut moves = Vec::new();
/// for _ in 0..20 {
///     deal.legal_actions(&mut moves); // the first legal card, 20 times: 4 tricks left
///     deal.play(moves[0])?;
/// }
/// let solution = solve(&Position::from_deal(&deal)?)?;
/// // Every point is taken by someone: what is left and what was taken make 157.
/// let [a, b] = solution.points;
/// assert_eq!(a + b + solution.taken[0] + solution.taken[1], 157);
/// let best = solution.best.first().expect("a card to play");
/// assert!(deal.hand(solution.to_play.unwrap()).contains(best));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// A [`SolveError`] when the position is not one of a Schieber deal: forehand not a seat, a
/// card twice or missing, hand sizes that do not fit the plays, an illegal play, or a Trio.
pub fn solve(position: &Position) -> Result<Solution, SolveError> {
    let state = start(position)?;
    let total = remaining(&state);
    let Some(seat) = state.seat_to_play() else {
        return Ok(Solution {
            to_play: None,
            points: [0, 0],
            taken: state.taken,
            best: CardSet::EMPTY,
            nodes: 0,
        });
    };
    let tricks_left = TRICKS - state.done;
    let bits = (2 + 2 * tricks_left).min(20);
    let mut search = Search::new(&state, bits);
    let (value, best) = search.root(total);
    Ok(Solution {
        to_play: Some(PlayerId(seat as u8)),
        points: [value, total - value],
        taken: state.taken,
        best: CardSet::from_bits_truncate(best),
        nodes: search.nodes,
    })
}

/// One entry of the transposition table, packed in a word: bounds on the points team 0
/// takes from a trick boundary on. Bits 0–38 are the key ([`Search::key`]; zero: empty),
/// 40–47 the lower bound, 48–55 the upper bound, 56–61 the card that last gave the value
/// here (63: none).
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Entry(u64);

impl Entry {
    const KEY: u64 = (1 << 39) - 1;
    const NO_CARD: u8 = 63;

    fn new(key: u64, lower: u8, upper: u8, best: u8) -> Entry {
        Entry(key | u64::from(lower) << 40 | u64::from(upper) << 48 | u64::from(best) << 56)
    }
    fn key(self) -> u64 {
        self.0 & Self::KEY
    }
    fn lower(self) -> u8 {
        (self.0 >> 40) as u8
    }
    fn upper(self) -> u8 {
        (self.0 >> 48) as u8
    }
    fn best(self) -> u8 {
        (self.0 >> 56) as u8 & 63
    }
    /// Cards still held in the key's hands: 4 per trick left.
    fn cards(self) -> u32 {
        (self.0 & ((1 << 36) - 1)).count_ones()
    }
}

/// The alpha-beta search. Values are the points team 0 (seats 0 and 2) takes from the
/// current state on, the current trick's cards included.
struct Search {
    s: Start,
    /// Each card's points in the counting mode.
    points: [u8; JassCard::COUNT],
    /// For each suit, its cards from weakest to strongest in the order every trick mode
    /// of the deal shares (the trump order for a trump suit, the natural one otherwise:
    /// Obenabe and Undenufe have the same neighbours).
    order: [[u8; 9]; 4],
    table: Vec<Entry>,
    /// The trump suit (0–3, as in [`Search::order`]) when every trick still to play is in
    /// one trump mode, the counting mode: then the top trumps give sure points.
    trump: Option<usize>,
    /// Each card's place among the cards its seat held when the search started (bit
    /// `9 * seat + place` of [`Search::held`]).
    place: [u8; JassCard::COUNT],
    /// The hands as 9 bits a seat, each bit a card the seat held at the start (see
    /// [`Search::place`]): the table's compact key.
    held: u64,
    /// The points still to take from the current state (cards in hand and on the table,
    /// and the last trick's 5), kept up to date as tricks complete: the value lies in
    /// `0..=rem`.
    rem: i32,
    nodes: u64,
}

impl Search {
    fn new(s: &Start, bits: usize) -> Search {
        let points = core::array::from_fn(|i| s.counting.points(JassCard::ALL[i]) as u8);
        let mut order = [[0u8; 9]; 4];
        for (suit, row) in order.iter_mut().enumerate() {
            let mut cards: [u8; 9] = core::array::from_fn(|r| (suit * 9 + r) as u8);
            cards.sort_by_key(|&c| s.counting.rank_strength(JassCard::ALL[c as usize]));
            *row = cards;
        }
        let mut place = [0u8; JassCard::COUNT];
        let mut held = 0u64;
        for (seat, &hand) in s.hands.iter().enumerate() {
            let mut bits = hand;
            let mut i = 0;
            while bits != 0 {
                let c = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                place[c] = (9 * seat + i) as u8;
                held |= 1 << place[c];
                i += 1;
            }
        }
        let uniform = s.modes[s.done.min(TRICKS - 1)..]
            .iter()
            .all(|&m| m == s.counting);
        let trump = (0..4).find(|&suit| {
            uniform
                && matches!(s.counting, Mode::Trump(_))
                && s.counting.is_trump(JassCard::ALL[suit * 9])
        });
        Search {
            s: *s,
            points,
            order,
            trump,
            table: vec![Entry::default(); 1 << bits],
            place,
            held,
            rem: remaining(s) as i32,
            nodes: 0,
        }
    }

    /// Walks the cards of `legal` still in play, suit by suit in rank order, calling
    /// `f(bit, starts_class)`: cards of one suit with equal points and no card still in play
    /// (in a hand or on the table) between them in rank order are one class, and play alike.
    fn each_in_class(&self, legal: u64, mut f: impl FnMut(u64, bool)) {
        let in_play = self.s.hands.iter().fold(0u64, |a, h| a | h)
            | self.s.trick[..self.s.trick_len]
                .iter()
                .fold(0u64, |a, c| a | (1u64 << c.index()));
        for (suit, row) in self.order.iter().enumerate() {
            if legal & (0x1FF << (9 * suit)) == 0 {
                continue;
            }
            let mut prev: Option<u8> = None; // the last card in play seen, if legal
            for &c in row {
                let bit = 1u64 << c;
                if in_play & bit == 0 {
                    continue;
                }
                if legal & bit == 0 {
                    prev = None;
                    continue;
                }
                let same = prev.is_some_and(|p| self.points[p as usize] == self.points[c as usize]);
                f(bit, !same);
                prev = Some(c);
            }
        }
    }

    /// One card of each class of equivalent cards in `legal` (see [`Self::each_in_class`]).
    fn representatives(&self, legal: u64) -> u64 {
        if legal & legal.wrapping_sub(1) == 0 {
            return legal;
        }
        let mut reps = 0u64;
        self.each_in_class(legal, |bit, starts| {
            if starts {
                reps |= bit;
            }
        });
        reps
    }

    /// Every card of `legal` equivalent to a card of `chosen` (see [`Self::each_in_class`]).
    fn expand(&self, legal: u64, chosen: u64) -> u64 {
        let (mut out, mut class_chosen) = (0u64, false);
        self.each_in_class(legal, |bit, starts| {
            if starts {
                class_chosen = chosen & bit != 0;
            }
            if class_chosen {
                out |= bit;
            }
        });
        out
    }

    /// The cards of `reps` in the order to try them, best guess first; returns how many.
    fn ordered(&self, seat: usize, reps: u64, first: u8, out: &mut [u8; 9]) -> usize {
        let s = &self.s;
        let k = s.trick_len;
        let mode = s.modes[s.done];
        let mut keys = [0i32; 9];
        let mut n = 0;
        let winning = (k > 0).then(|| trick_winner(&s.trick[..k], mode));
        let mut bits = reps;
        while bits != 0 && n < 9 {
            let c = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            let card = JassCard::ALL[c as usize];
            let pts = i32::from(self.points[c as usize]);
            let strength =
                i32::from(mode.rank_strength(card)) + if mode.is_trump(card) { 9 } else { 0 };
            let key = match winning {
                None => 16 * strength + pts,
                Some(w) => {
                    let top = s.trick[w];
                    let beats = mode.beats(card, top, s.trick[0].suit());
                    let partner = (s.leader + w) % 2 == seat % 2;
                    match (partner, beats) {
                        (true, false) => 200 + pts,
                        (true, true) => 100 - strength,
                        (false, true) if k == 3 => 300 + pts,
                        (false, true) => 300 - pts + strength,
                        (false, false) => 100 - pts,
                    }
                }
            };
            let key = if c == first { i32::MAX } else { key };
            // Insertion, highest key first.
            let mut i = n;
            while i > 0 && keys[i - 1] < key {
                keys[i] = keys[i - 1];
                out[i] = out[i - 1];
                i -= 1;
            }
            keys[i] = key;
            out[i] = c;
            n += 1;
        }
        n
    }

    /// Points each team is sure to take: when every trick left is in one trump mode, the
    /// run of the highest trumps still in play held by one team (none on the table) goes to
    /// that team, since any trick with one of them is won by one of them.
    fn sure(&self) -> [i32; 2] {
        let mut sure = [0; 2];
        let Some(trump) = self.trump else {
            return sure;
        };
        let s = &self.s;
        let mut team = None;
        for &c in self.order[trump].iter().rev() {
            let bit = 1u64 << c;
            let Some(seat) = s.hands.iter().position(|&h| h & bit != 0) else {
                if s.trick[..s.trick_len].iter().any(|t| t.index() == c) {
                    break;
                }
                continue;
            };
            let t = *team.get_or_insert(seat % 2);
            if t != seat % 2 {
                break;
            }
            sure[t] += i32::from(self.points[c as usize]);
        }
        sure
    }

    /// The table's key at a trick boundary: the hands (as [`Search::held`]), the leader in
    /// bits 36–37 and bit 38 set (so no key is zero). Within one search each seat only
    /// plays from the hand it started with, so this names the four hands exactly.
    fn key(&self) -> u64 {
        self.held | (self.s.leader as u64) << 36 | 1 << 38
    }

    fn slot(&self, key: u64) -> usize {
        let h = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> 32) as usize & (self.table.len() - 1) & !1
    }

    /// Plays `card` and searches on; returns the value of the rest (this trick's points
    /// counted for its winner).
    fn child(&mut self, seat: usize, card: u8, alpha: i32, beta: i32) -> i32 {
        let saved = self.s;
        let held = self.held;
        self.held &= !(1 << self.place[card as usize]);
        let value = match self.s.play(seat, JassCard::ALL[card as usize]) {
            None => self.search(alpha, beta),
            Some((points, winner)) => {
                let gained = if winner.is_multiple_of(2) {
                    points as i32
                } else {
                    0
                };
                self.rem -= points as i32;
                let v = gained + self.search(alpha - gained, beta - gained);
                self.rem += points as i32;
                v
            }
        };
        self.s = saved;
        self.held = held;
        value
    }

    /// The value of the state, fail-soft alpha-beta.
    fn search(&mut self, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        // The value lies in 0..=rem: a window outside it is decided already.
        if self.rem <= alpha {
            return self.rem;
        }
        if beta <= 0 {
            return 0;
        }
        if self.trump.is_some() {
            let [lower, other] = self.sure();
            let upper = self.rem - other;
            if upper <= alpha {
                return upper;
            }
            if lower >= beta {
                return lower;
            }
        }
        let s = &self.s;
        if s.done == TRICKS {
            return 0;
        }
        if s.done == TRICKS - 1 && s.trick_len == 0 {
            return self.last_trick();
        }
        let seat = (s.leader + s.trick_len) % SEATS;
        let boundary = s.trick_len == 0;
        let mut slot = usize::MAX;
        let mut first = 0xFF;
        let key = self.key();
        if boundary {
            slot = self.slot(key);
            if self.table[slot].key() != key {
                slot += 1;
            }
            let e = self.table[slot];
            if e.key() == key {
                let (lo, hi) = (i32::from(e.lower()), i32::from(e.upper()));
                if lo >= beta {
                    return lo;
                }
                if hi <= alpha {
                    return hi;
                }
                if lo == hi {
                    return lo;
                }
                alpha = alpha.max(lo);
                beta = beta.min(hi);
                first = e.best();
            }
        }
        let legal = self.s.legal(seat);
        let reps = self.representatives(legal);
        let mut cards = [0u8; 9];
        let n = self.ordered(seat, reps, first, &mut cards);
        let max = seat.is_multiple_of(2);
        // Enhanced transposition cutoff: a card completing the trick into a position the
        // table already bounds past the window decides this one.
        if s.trick_len == SEATS - 1 && s.done + 2 < TRICKS {
            for &c in &cards[..n] {
                let mut next = self.s;
                let Some((points, winner)) = next.play(seat, JassCard::ALL[c as usize]) else {
                    continue;
                };
                let gained = if winner.is_multiple_of(2) {
                    points as i32
                } else {
                    0
                };
                let key =
                    (self.held & !(1 << self.place[c as usize])) | (winner as u64) << 36 | 1 << 38;
                let slot = self.slot(key);
                let e = if self.table[slot].key() == key {
                    self.table[slot]
                } else {
                    self.table[slot + 1]
                };
                if e.key() == key {
                    if max && gained + i32::from(e.lower()) >= beta {
                        return gained + i32::from(e.lower());
                    }
                    if !max && gained + i32::from(e.upper()) <= alpha {
                        return gained + i32::from(e.upper());
                    }
                }
            }
        }
        let mut best = if max { i32::MIN } else { i32::MAX };
        let mut best_card = 0xFF;
        let (a0, b0) = (alpha, beta);
        for &c in &cards[..n] {
            let v = self.child(seat, c, alpha, beta);
            if max {
                if v > best {
                    best = v;
                    best_card = c;
                }
                alpha = alpha.max(v);
            } else {
                if v < best {
                    best = v;
                    best_card = c;
                }
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        if boundary {
            if self.table[slot].key() != key {
                // Two ways: the entry of the fewer tricks left (the cheaper to search again)
                // makes room, the second on a tie.
                let first = slot & !1;
                slot = if self.table[first].cards() < self.table[first + 1].cards() {
                    first
                } else {
                    first + 1
                };
            }
            let e = self.table[slot];
            let (mut lower, mut upper) = if e.key() == key {
                (e.lower(), e.upper())
            } else {
                (0, u8::MAX)
            };
            let v = best.clamp(0, 255) as u8;
            if best <= a0 {
                upper = upper.min(v);
            } else if best >= b0 {
                lower = lower.max(v);
            } else {
                lower = v;
                upper = v;
            }
            self.table[slot] = Entry::new(key, lower, upper, best_card.min(Entry::NO_CARD));
        }
        best
    }

    /// The last trick, every hand down to one card: no choice left.
    fn last_trick(&self) -> i32 {
        let s = &self.s;
        let mut trick = [JassCard::ALL[0]; SEATS];
        let mut points = LAST_BONUS;
        for (i, slot) in trick.iter_mut().enumerate() {
            let c = s.hands[(s.leader + i) % SEATS].trailing_zeros() as usize;
            *slot = JassCard::ALL[c.min(JassCard::COUNT - 1)];
            points += u32::from(self.points[c.min(JassCard::COUNT - 1)]);
        }
        let winner = (s.leader + trick_winner(&trick, s.modes[TRICKS - 1])) % SEATS;
        if winner.is_multiple_of(2) {
            points as i32
        } else {
            0
        }
    }

    /// The root: the exact value and every card reaching it.
    ///
    /// The value by MTD(f), a sequence of null-window searches (each "does team 0 take at
    /// least `v`?" prunes far more than a wide window, and the table keeps the bounds found
    /// from one to the next); then each card is tested against that value with one null window.
    fn root(&mut self, total: u32) -> (u32, u64) {
        let seat = (self.s.leader + self.s.trick_len) % SEATS;
        let (mut lo, mut hi) = (0i32, total as i32);
        // MTD(f): each test at the last value found, the bounds closing in from both sides;
        // while the tests keep failing one way the step beyond the bound found doubles (the
        // bounds a test returns are often only one point past its window).
        let mut g = hi / 2;
        let mut step = 0i32;
        let mut last_up = None;
        while lo < hi {
            let b = if g <= lo { lo + 1 } else { g.min(hi) };
            g = self.search(b - 1, b);
            let up = g >= b;
            if up {
                lo = g.min(hi);
            } else {
                hi = g.max(lo);
            }
            step = if last_up == Some(up) {
                (2 * step).max(1)
            } else {
                0
            };
            last_up = Some(up);
            g = if up { g + step } else { g - step };
            if lo < hi && (g <= lo || g > hi) {
                g = lo + (hi - lo + 1) / 2;
            }
        }
        let value = lo;
        let legal = self.s.legal(seat);
        let reps = self.representatives(legal);
        let mut cards = [0u8; 9];
        let n = self.ordered(seat, reps, 0xFF, &mut cards);
        let mut chosen = 0u64;
        for &c in &cards[..n] {
            let best = if seat.is_multiple_of(2) {
                self.child(seat, c, value - 1, value) >= value
            } else {
                self.child(seat, c, value, value + 1) <= value
            };
            if best {
                chosen |= 1u64 << c;
            }
        }
        (value as u32, self.expand(legal, chosen))
    }
}

/// A plain minimax over every legal card — no pruning, no reduction, no table — for tests
/// and benches to hold [`solve`] against. Exponential: only for a few tricks.
#[doc(hidden)]
pub mod reference {
    use cards_core::{Card, CardSet, JassCard};

    use super::{Position, Solution, SolveError, Start, remaining, start};

    /// [`super::solve`] by plain minimax.
    ///
    /// # Errors
    /// As [`super::solve`].
    pub fn solve(position: &Position) -> Result<Solution, SolveError> {
        let mut state = start(position)?;
        let total = remaining(&state);
        let mut nodes = 0;
        let Some(seat) = state.seat_to_play() else {
            return Ok(Solution {
                to_play: None,
                points: [0, 0],
                taken: state.taken,
                best: CardSet::EMPTY,
                nodes,
            });
        };
        let legal = state.legal(seat);
        let mut best_value = None;
        let mut best = 0u64;
        for card in CardSet::<JassCard>::from_bits_truncate(legal) {
            let v = value_after(&mut state, seat, card, &mut nodes);
            let better = match best_value {
                None => true,
                Some(b) => (seat % 2 == 0 && v > b) || (seat % 2 == 1 && v < b),
            };
            if better {
                best_value = Some(v);
                best = 0;
            }
            if Some(v) == best_value {
                best |= 1u64 << card.index();
            }
        }
        let value = best_value.unwrap_or(0);
        Ok(Solution {
            to_play: Some(cards_core::PlayerId(seat as u8)),
            points: [value, total - value],
            taken: state.taken,
            best: CardSet::from_bits_truncate(best),
            nodes,
        })
    }

    fn value_after(state: &mut Start, seat: usize, card: JassCard, nodes: &mut u64) -> u32 {
        let saved = *state;
        let gained = match state.play(seat, card) {
            Some((points, winner)) if winner % 2 == 0 => points,
            _ => 0,
        };
        let v = gained + value(state, nodes);
        *state = saved;
        v
    }

    /// The points team 0 takes from `state` on.
    fn value(state: &mut Start, nodes: &mut u64) -> u32 {
        *nodes += 1;
        let Some(seat) = state.seat_to_play() else {
            return 0;
        };
        let legal = CardSet::<JassCard>::from_bits_truncate(state.legal(seat));
        let values = legal
            .iter()
            .map(|card| value_after(state, seat, card, nodes));
        if seat % 2 == 0 {
            values.max().unwrap_or(0)
        } else {
            values.min().unwrap_or(0)
        }
    }
}
