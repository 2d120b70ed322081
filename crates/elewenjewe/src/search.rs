//! The value-level search behind captures and Esun builds: an odometer over how many cards of
//! each value `2 ..= v − 1` are taken, the aces read off the group table
//! ([`groups`](crate::groups)) in one lookup per odometer position, and the cards of value `v`
//! (each a group of its own) free.
//!
//! Every position whose aces fit yields at least one pattern, so the work is bounded by the
//! output plus the positions with no fitting aces; the cards of value `v − 1`, which need one
//! ace each, are capped by the aces up front.

use crate::cards::{binomial, nibble};
use crate::groups::{AceMasks, POW5};
use crate::pattern::Pattern;

/// One search for value `v`: what may be taken of each value, plus optionally one card already
/// committed to the groups (the played card of an Esun build).
#[derive(Clone, Debug)]
pub(crate) struct Search {
    v: u8,
    /// The group table of `v`.
    masks: AceMasks,
    /// `v − 1` when `v ≥ 3` (its cards each pair with an ace); 0 otherwise.
    top: u8,
    /// The committed card, when it is an ace below `v` (0 or 1).
    extra_ace: u8,
    /// The committed card, when it is the top value (0 or 1).
    extra_top: u8,
    /// The most aces that may be taken (0 when `v = 1`: aces are then value `v`).
    cap_ace: u8,
    /// The most cards of value `v` that may be taken.
    cap_v: u8,
    /// The table's cards per rank (packed nibbles), for the binomials of the counts.
    table: u64,
    /// The jokers every pattern takes along (a packed nibble, or 0).
    jokers: u64,
    caps: [u8; 11],
    digits: [u8; 11],
    /// The values `2 ..= top` that may be taken at all, ascending: the odometer's digits.
    active: [u8; 9],
    n_active: u8,
    /// Base-5 index of the middle values (2 ..= v − 2), the committed card included.
    middle: u32,
    /// The digits as a packed pattern.
    packed: u64,
    /// The aces that complete the current position (bit = count), not yet handed out.
    ace_bits: u16,
    /// The next count of value-`v` cards to hand out with the current aces.
    next_v: u8,
    /// Whether the odometer has passed its last position.
    done: bool,
    /// Whether taking nothing (from the table) completes the groups.
    empty_ok: bool,
}

impl Search {
    /// A search for groups of `v` (1 ..= 10) taking at most `caps[value]` cards of each value
    /// `1 ..= v` from a table with `table` cards per rank (packed), with `extra` (a value, or 0)
    /// already in the groups, and `jokers` (a packed nibble) added to every pattern.
    pub(crate) fn new(v: u8, caps: [u8; 11], table: u64, extra: u8, jokers: u64) -> Search {
        let v = v.clamp(1, 10);
        let top = if v >= 3 { v - 1 } else { 0 };
        let extra_ace = u8::from(extra == 1 && v >= 2);
        let extra_top = u8::from(top != 0 && extra == top);
        let cap_ace = if v >= 2 { caps[1] } else { 0 };
        let mut caps = caps;
        if top != 0 {
            // Each card of value v − 1 needs an ace of its own.
            caps[usize::from(top)] =
                caps[usize::from(top)].min((cap_ace + extra_ace).saturating_sub(extra_top));
        }
        let mut active = [0; 9];
        let mut n_active = 0;
        for value in 2..=top {
            if caps[usize::from(value)] > 0 {
                active[n_active] = value;
                n_active += 1;
            }
        }
        let middle = if (2..v.saturating_sub(1)).contains(&extra) {
            POW5[usize::from(extra - 2)]
        } else {
            0
        };
        let mut search = Search {
            v,
            masks: AceMasks::of(v),
            top,
            extra_ace,
            extra_top,
            cap_ace,
            cap_v: caps[usize::from(v)],
            table,
            jokers,
            caps,
            digits: [0; 11],
            active,
            n_active: n_active as u8,
            middle,
            packed: 0,
            ace_bits: 0,
            next_v: 0,
            done: false,
            empty_ok: false,
        };
        search.ace_bits = search.leaf_aces();
        search.empty_ok = search.ace_bits & 1 == 1;
        search
    }

    /// The ace counts (bit = count) that complete the current position.
    #[inline]
    fn leaf_aces(&self) -> u16 {
        let mask = u16::from(self.masks.get(self.middle));
        // Aces taken = aces for the v − 1 cards + free aces − the committed ace.
        let paired = if self.top != 0 {
            self.digits[usize::from(self.top)] + self.extra_top
        } else {
            0
        };
        let shifted = if paired >= self.extra_ace {
            mask << (paired - self.extra_ace)
        } else {
            mask >> (self.extra_ace - paired)
        };
        shifted & ((2u16 << self.cap_ace) - 1)
    }

    /// Moves the odometer to its next position; `false` after the last.
    #[inline]
    fn advance(&mut self) -> bool {
        for &value in &self.active[..usize::from(self.n_active)] {
            let i = usize::from(value);
            let weight = if value < self.top { POW5[i - 2] } else { 0 };
            if self.digits[i] < self.caps[i] {
                self.digits[i] += 1;
                self.packed += 1 << (4 * (i - 1));
                self.middle += weight;
                return true;
            }
            self.packed -= u64::from(self.digits[i]) << (4 * (i - 1));
            self.middle -= u32::from(self.digits[i]) * weight;
            self.digits[i] = 0;
        }
        false
    }

    /// The next pattern (the table's part only; never empty).
    #[inline]
    pub(crate) fn next_pattern(&mut self) -> Option<Pattern> {
        loop {
            if self.ace_bits != 0 {
                if self.next_v <= self.cap_v {
                    let aces = u64::from(self.ace_bits.trailing_zeros());
                    let numeric = self.packed | aces | u64::from(self.next_v) << (4 * (self.v - 1));
                    self.next_v += 1;
                    if numeric != 0 {
                        return Some(Pattern::from_packed(numeric | self.jokers));
                    }
                    continue;
                }
                self.ace_bits &= self.ace_bits - 1;
                self.next_v = 0;
                continue;
            }
            if self.done || !self.advance() {
                self.done = true;
                return None;
            }
            self.ace_bits = self.leaf_aces();
            self.next_v = 0;
        }
    }

    /// The number of patterns, from the start (consumes the search).
    pub(crate) fn pattern_count(mut self) -> u64 {
        let mut positions = 0u64;
        loop {
            positions += u64::from(self.ace_bits.count_ones());
            if !self.advance() {
                break;
            }
            self.ace_bits = self.leaf_aces();
        }
        positions * (u64::from(self.cap_v) + 1) - u64::from(self.empty_ok)
    }

    /// The number of distinct card sets, from the start (consumes the search).
    pub(crate) fn card_set_count(mut self) -> u64 {
        let aces_on_table = nibble(self.table, 0);
        let ace_ways: [u64; 5] = core::array::from_fn(|k| binomial(aces_on_table, k as u8));
        let mut total = 0u64;
        loop {
            let mut ways = 0;
            let mut bits = self.ace_bits;
            while bits != 0 {
                ways += ace_ways[(bits.trailing_zeros() as usize).min(4)];
                bits &= bits - 1;
            }
            if ways != 0 {
                for &value in &self.active[..usize::from(self.n_active)] {
                    let i = usize::from(value);
                    ways *= binomial(nibble(self.table, u32::from(value) - 1), self.digits[i]);
                }
                total += ways;
            }
            if !self.advance() {
                break;
            }
            self.ace_bits = self.leaf_aces();
        }
        let on_table_v = nibble(self.table, u32::from(self.v) - 1);
        let v_ways: u64 = (0..=self.cap_v).map(|k| binomial(on_table_v, k)).sum();
        total * v_ways - u64::from(self.empty_ok)
    }
}
