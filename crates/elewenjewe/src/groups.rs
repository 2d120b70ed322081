//! Which multisets of values split into groups that each sum to `v`: the one question every
//! search in this crate asks, answered by a table lookup.
//!
//! Suits never matter, so the question is about counts per value, and a pack holds at most
//! four cards of a value. Two facts shrink the table:
//! - a card of value `v` is a group on its own, and a card above `v` is in no group: neither
//!   enters the table;
//! - a card of value `v − 1` (for `v ≥ 3`) is in a group with exactly one ace: each takes an
//!   ace, and the rest is independent of it.
//!
//! What is left are the counts of values `2 ..= v − 2` (the *middle*, a base-5 index) and the
//! aces that no `v − 1` took. For each middle, the table holds a 5-bit mask: bit `a` is set when
//! that middle with `a` aces splits into groups of `v`. For `v = 10` that is 5⁷ masks, packed
//! twelve to a word (52 KB); all values together take 65 KB, built once on first use by a
//! dynamic programme over the 5^(v−2) multisets (a few milliseconds).

use std::sync::OnceLock;

/// The most cards of one value in one pack, hence in any count this crate looks up.
pub(crate) const MAX_COUNT: u8 = 4;

/// Powers of five: the weights of the middle digits in the table index.
pub(crate) const POW5: [u32; 10] = {
    let mut p = [1u32; 10];
    let mut i = 1;
    while i < 10 {
        p[i] = p[i - 1] * 5;
        i += 1;
    }
    p
};

/// Masks packed per word (5 bits each).
const PER_WORD: usize = 12;

struct Tables {
    words: Vec<u64>,
    /// First word of each `v`'s masks (used for `v ≥ 3`).
    start: [usize; 11],
    /// One past the last word of each `v`'s masks.
    end: [usize; 11],
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(build)
}

/// Forces the tables to be built now (so a benchmark does not time the first build).
pub(crate) fn warm_up() {
    let _ = tables();
}

/// The ace masks of value `v` (1 ..= 10), for [`AceMasks::get`]: one lookup per odometer
/// position, so the search holds them rather than asking the shared tables each time.
#[derive(Clone, Copy, Debug)]
pub(crate) enum AceMasks {
    /// `v = 1` (no small values: mask `{0}`) or `v = 2` (only aces, in pairs: `{0, 2, 4}`).
    Fixed(u8),
    /// `v ≥ 3`: the packed masks of [`build`].
    Table(&'static [u64]),
}

impl AceMasks {
    pub(crate) fn of(v: u8) -> AceMasks {
        match v {
            0 | 1 => AceMasks::Fixed(1),
            2 => AceMasks::Fixed(0b10101),
            _ => {
                let t = tables();
                let v = usize::from(v.min(10));
                AceMasks::Table(&t.words[t.start[v]..t.end[v]])
            }
        }
    }

    /// The 5-bit ace mask of the middle with index `middle`: bit `a` is set when the middle
    /// plus `a` aces splits into groups (0 for an index past the table).
    #[inline]
    pub(crate) fn get(self, middle: u32) -> u8 {
        match self {
            AceMasks::Fixed(mask) => mask,
            AceMasks::Table(words) => {
                let i = middle as usize;
                words
                    .get(i / PER_WORD)
                    .map_or(0, |w| (w >> (5 * (i % PER_WORD)) & 0x1f) as u8)
            }
        }
    }
}

/// Whether `counts` (index = value, 1 ..= `v − 1` used; each at most [`MAX_COUNT`]) splits into
/// groups of `v`. Counts of `v` and above are ignored (a card of value `v` is its own group).
pub(crate) fn splits(v: u8, counts: &[u8; 11]) -> bool {
    if !(1..=10).contains(&v) || counts.iter().any(|&c| c > MAX_COUNT) {
        return false;
    }
    let aces = if v >= 2 { counts[1] } else { 0 };
    let (top, mut middle) = (v - 1, 0u32);
    let taken = if v >= 3 { counts[usize::from(top)] } else { 0 };
    for value in 2..v.saturating_sub(1) {
        middle += u32::from(counts[usize::from(value)]) * POW5[usize::from(value - 2)];
    }
    taken <= aces && AceMasks::of(v).get(middle) >> (aces - taken) & 1 == 1
}

/// The groups of `v` made of values `1 ..= v − 2`, as count vectors (index = value − 1) with
/// their largest value.
fn groups(v: u8) -> Vec<([u8; 8], u8)> {
    fn walk(left: u8, max: u8, counts: &mut [u8; 8], out: &mut Vec<([u8; 8], u8)>, top: u8) {
        if left == 0 {
            out.push((*counts, top));
            return;
        }
        for part in (1..=max.min(left)).rev() {
            counts[usize::from(part - 1)] += 1;
            walk(left - part, part, counts, out, top.max(part));
            counts[usize::from(part - 1)] -= 1;
        }
    }
    let mut out = Vec::new();
    walk(v, v - 2, &mut [0; 8], &mut out, 0);
    out
}

fn build() -> Tables {
    let mut words = Vec::new();
    let mut start = [0; 11];
    let mut end = [0; 11];
    for v in 3u8..=10 {
        start[usize::from(v)] = words.len();
        let dims = usize::from(v - 2); // values 1 ..= v − 2
        let size = POW5[dims] as usize;
        let groups: Vec<([u8; 8], u32, u8)> = groups(v)
            .into_iter()
            .map(|(g, top)| {
                let index = (0..dims).map(|d| u32::from(g[d]) * POW5[d]).sum();
                (g, index, top)
            })
            .collect();
        // feasible[m]: the multiset with base-5 index m splits into groups. A non-empty one
        // does when some group holding one of its largest cards leaves a multiset that does;
        // that rest has a smaller index, so one pass in index order decides all.
        let mut feasible = vec![false; size];
        let mut digits = [0u8; 8];
        for m in 0..size {
            if m > 0 {
                // Base-5 increment of `digits` to match `m`.
                let mut d = 0;
                while digits[d] == MAX_COUNT {
                    digits[d] = 0;
                    d += 1;
                }
                digits[d] += 1;
            }
            let Some(largest) = (0..dims).rev().find(|&d| digits[d] > 0) else {
                feasible[m] = true;
                continue;
            };
            feasible[m] = groups.iter().any(|(g, index, top)| {
                usize::from(*top) == largest + 1
                    && (0..dims).all(|d| g[d] <= digits[d])
                    && feasible[m - *index as usize]
            });
        }
        // Middle index i (values 2 ..= v − 2) with a aces is multiset a + 5·i.
        let middles = size / 5;
        let mut word = 0u64;
        for i in 0..middles {
            let mask = (0..5).fold(0u64, |acc, a| acc | u64::from(feasible[a + 5 * i]) << a);
            word |= mask << (5 * (i % PER_WORD));
            if i % PER_WORD == PER_WORD - 1 || i == middles - 1 {
                words.push(word);
                word = 0;
            }
        }
        end[usize::from(v)] = words.len();
    }
    Tables { words, start, end }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// The obvious check: try every group holding the last remaining card, remembering the
    /// multisets (sorted) already found not to split.
    fn slow(v: u8, cards: &mut Vec<u8>) -> bool {
        fn go(v: u8, cards: &mut Vec<u8>, failed: &mut HashSet<Vec<u8>>) -> bool {
            let mut key = cards.clone();
            key.sort_unstable();
            if failed.contains(&key) {
                return false;
            }
            let Some(first) = cards.pop() else {
                return true;
            };
            fn pick(
                v: u8,
                need: u8,
                from: usize,
                cards: &mut Vec<u8>,
                failed: &mut HashSet<Vec<u8>>,
            ) -> bool {
                if need == 0 {
                    return go(v, cards, failed);
                }
                for i in from..cards.len() {
                    if cards[i] <= need {
                        let c = cards.remove(i);
                        let ok = pick(v, need - c, i, cards, failed);
                        cards.insert(i, c);
                        if ok {
                            return true;
                        }
                    }
                }
                false
            }
            let ok = first <= v && pick(v, v - first, 0, cards, failed);
            cards.push(first);
            if !ok {
                failed.insert(key);
            }
            ok
        }
        go(v, cards, &mut HashSet::new())
    }

    #[test]
    fn table_matches_slow_search_for_small_values_exhaustively() {
        // Every count vector over values 1 ..= v − 1 for v up to 7 (5^6 vectors at most).
        for v in 1u8..=7 {
            let dims = usize::from(v - 1);
            for m in 0..POW5[dims] {
                let mut counts = [0u8; 11];
                let mut cards = Vec::new();
                for d in 0..dims {
                    counts[d + 1] = (m / POW5[d] % 5) as u8;
                    cards.extend(std::iter::repeat_n(d as u8 + 1, usize::from(counts[d + 1])));
                }
                assert_eq!(
                    splits(v, &counts),
                    slow(v, &mut cards),
                    "v {v} counts {counts:?}"
                );
            }
        }
    }

    #[test]
    fn table_matches_slow_search_for_large_values_on_a_sample() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let v = 8 + (x % 3) as u8;
            let mut counts = [0u8; 11];
            let mut cards = Vec::new();
            for value in 1..v {
                counts[usize::from(value)] = (x >> (4 + 3 * value) & 7) as u8 % 5;
                cards.extend(std::iter::repeat_n(
                    value,
                    usize::from(counts[usize::from(value)]),
                ));
            }
            assert_eq!(
                splits(v, &counts),
                slow(v, &mut cards),
                "v {v} counts {counts:?}"
            );
        }
    }
}
