//! A position checked and replayed up to its current trick: the state both searches (the
//! solver's and the reference minimax) start from.

use cards_core::{Card, CardSet, JassCard, PlayerId};

use super::{LAST_BONUS, Position, SEATS, SolveError, TRICKS};
use crate::{Mode, PlayRules, legal_cards, trick_winner};

/// A position checked and replayed up to its current trick: the state both searches start
/// from.
#[derive(Clone, Copy, Debug)]
pub(super) struct Start {
    pub(super) hands: [u64; SEATS],
    pub(super) trick: [JassCard; SEATS],
    pub(super) trick_len: usize,
    pub(super) leader: usize,
    pub(super) done: usize,
    pub(super) taken: [u32; 2],
    pub(super) modes: [Mode; TRICKS],
    pub(super) counting: Mode,
    pub(super) rules: PlayRules,
}

impl Start {
    pub(super) fn seat_to_play(&self) -> Option<usize> {
        (self.done < TRICKS).then_some((self.leader + self.trick_len) % SEATS)
    }

    pub(super) fn legal(&self, seat: usize) -> u64 {
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
    pub(super) fn play(&mut self, seat: usize, card: JassCard) -> Option<(u32, usize)> {
        if !self.lay(seat, card) {
            return None;
        }
        let top = trick_winner(&self.trick, self.modes[self.done]);
        let points = self.trick.iter().map(|&c| self.counting.points(c)).sum();
        Some(self.gather(top, points))
    }

    /// Puts `card` from `seat`'s hand on the table; whether it completes the trick (then
    /// [`Start::gather`] it).
    #[inline]
    pub(super) fn lay(&mut self, seat: usize, card: JassCard) -> bool {
        self.trick[self.trick_len] = card;
        self.take(seat, card.index())
    }

    /// [`Start::lay`] without writing the trick's array of cards, for the search, which keeps
    /// the trick its own way (`search::Trick`).
    #[inline]
    pub(super) fn take(&mut self, seat: usize, card: u8) -> bool {
        self.hands[seat] &= !(1u64 << card);
        self.trick_len += 1;
        self.trick_len == SEATS
    }

    /// Gives the complete trick to the card at place `top` in it, its cards worth `points`:
    /// the next trick is led by its winner. Returns the trick's points (the last trick's 5
    /// added) and winner.
    #[inline]
    pub(super) fn gather(&mut self, top: usize, mut points: u32) -> (u32, usize) {
        let winner = (self.leader + top) % SEATS;
        self.done += 1;
        if self.done == TRICKS {
            points += LAST_BONUS;
        }
        self.trick_len = 0;
        self.leader = winner;
        (points, winner)
    }
}

/// Checks `position` and replays its plays.
pub(super) fn start(position: &Position) -> Result<Start, SolveError> {
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
pub(super) fn remaining(state: &Start) -> u32 {
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
