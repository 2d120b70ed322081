//! What captured cards are worth to the rule bot: the base points they score now plus a share
//! of the scoring sets still within reach ([`potential`]), and how many more cards a pile needs
//! to reach a score ([`cards_needed`]).

use crate::state::number_bits;
use crate::{Hand, score};

/// Bits of the cards of colour `colour` (A = 0 … P = 3) with a number in `lo..=hi`.
const fn row(colour: u32, lo: u32, hi: u32) -> u64 {
    let mut mask = 0;
    let mut n = lo;
    while n <= hi {
        mask |= 1 << (colour * 9 + n);
        n += 1;
    }
    mask
}

/// The four Guã.
pub(crate) const GUANG: u64 = number_bits(0);
/// A1–A8 and S1–S8: the pi.
pub(crate) const PI: u64 = row(0, 1, 8) | row(1, 1, 8);
/// S8, the Sãpie, worth two pi.
pub(crate) const SAPIE: u64 = row(1, 8, 8);
/// Gran 1–8 (Dan).
pub(crate) const GRAN: u64 = row(2, 1, 8);
/// Pradol 1–8 (Ÿnkt).
pub(crate) const PRADOL: u64 = row(3, 1, 8);

/// The scoring sets completed by owning every card: (cards, points).
const SETS: [(u64, f32); 5] = [
    (row(3, 2, 2) | row(3, 4, 4) | row(3, 8, 8), 5.0), // Godorie
    (GUANG, 4.0),                                      // the four Guã
    (row(2, 1, 3), 3.0),                               // Hõdan
    (row(2, 4, 6), 3.0),                               // Codan
    (row(2, 7, 8), 2.0),                               // Cyñdan
];

/// The share of a set's points credited while `i` of its cards are still missing (and every
/// one of them can still be captured): a rough chance of completing it.
const SET_SHARE: [f32; 5] = [0.0, 0.45, 0.18, 0.06, 0.02];

/// The share of a counted category's first point credited at the fraction of the threshold
/// reached, squared: the last cards before the threshold are worth the most.
const COUNT_SHARE: f32 = 0.75;

/// The pi value of a set of cards (S8 counts two).
#[inline]
pub(crate) fn pi_value(cards: u64) -> u32 {
    (cards & PI).count_ones() + (cards & SAPIE).count_ones()
}

/// What `captured` is worth to its owner: its base points, plus a share of every set and
/// counted category it has started and can still complete with cards from `reachable` (the
/// cards nobody else has captured). A share falls to nothing once a missing card is gone.
#[inline]
pub(crate) fn potential(captured: Hand, reachable: Hand) -> f32 {
    let c = captured.bits();
    let open = reachable.bits() & !c;
    let mut value = score(captured).points as f32;
    for (mask, points) in SETS {
        let missing = mask & !c;
        if missing != 0 && missing & !open == 0 && missing != mask {
            value += points * SET_SHARE[missing.count_ones() as usize];
        }
    }
    let counted = |have: u32, open: u32, threshold: u32| {
        if have >= threshold || have + open < threshold {
            0.0
        } else {
            let f = have as f32 / threshold as f32;
            COUNT_SHARE * f * f
        }
    };
    value += counted(pi_value(c), pi_value(open), 8);
    value += counted((c & GRAN).count_ones(), (open & GRAN).count_ones(), 4);
    value += counted((c & PRADOL).count_ones(), (open & PRADOL).count_ones(), 4);
    value
}

/// What adding `cards` to `captured` adds to its [`potential`].
#[inline]
pub(crate) fn gain(captured: Hand, cards: Hand, reachable: Hand) -> f32 {
    potential(captured | cards, reachable) - potential(captured, reachable)
}

/// The most cards one colour group can add to its points: entry `j` is the best base points
/// of the group's captured cards with `j` more cards from `open` (entries 0 to 4).
fn best_by_count(group: u64, captured: u64, open: u64) -> [u32; 5] {
    let have = captured & group;
    let open = open & group & !captured;
    let mut best = [0u32; 5];
    // Every subset of the open cards of up to four cards (at most C(16, 4) for the pi).
    let mut cards = [0u64; 16];
    let mut k = 0;
    let mut rest = open;
    while rest != 0 && k < cards.len() {
        cards[k] = rest & rest.wrapping_neg();
        rest &= rest - 1;
        k += 1;
    }
    let mut pick = |set: u64, j: usize| {
        let p = score(Hand::from_bits_truncate(have | set)).points;
        best[j] = best[j].max(p);
    };
    pick(0, 0);
    for a in 0..k {
        pick(cards[a], 1);
        for b in a + 1..k {
            pick(cards[a] | cards[b], 2);
            for c in b + 1..k {
                pick(cards[a] | cards[b] | cards[c], 3);
                for d in c + 1..k {
                    pick(cards[a] | cards[b] | cards[c] | cards[d], 4);
                }
            }
        }
    }
    // More cards never score less than fewer: a card can always be left out.
    for j in 1..5 {
        best[j] = best[j].max(best[j - 1]);
    }
    best
}

/// The fewest cards from `reachable` that bring `captured` to at least `target` base points,
/// or `None` when four cards or fewer do not. The colour groups score apart (Guã, pi, Gran,
/// Pradol), so the best of each group for each count is combined.
pub(crate) fn cards_needed(captured: Hand, reachable: Hand, target: u32) -> Option<u32> {
    let c = captured.bits();
    let open = reachable.bits() & !c;
    let groups = [GUANG, PI, GRAN, PRADOL].map(|g| best_by_count(g, c, open));
    let mut fewest: Option<u32> = None;
    for a in 0..5 {
        for b in 0..5 - a {
            for g in 0..5 - a - b {
                for p in 0..5 - a - b - g {
                    let points = groups[0][a] + groups[1][b] + groups[2][g] + groups[3][p];
                    let used = (a + b + g + p) as u32;
                    if points >= target && fewest.is_none_or(|f| used < f) {
                        fewest = Some(used);
                    }
                }
            }
        }
    }
    fewest
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(s: &str) -> Hand {
        s.split_whitespace().map(|c| c.parse().unwrap()).collect()
    }

    #[test]
    fn a_started_set_is_worth_something_until_a_missing_card_is_gone() {
        let all = Hand::full();
        let two = hand("P2 P4");
        assert!(potential(two, all) > potential(hand("P2"), all));
        assert!(gain(two, hand("P8"), all) > 2.0);
        // P8 captured by someone else: the Godorie is dead.
        assert!(potential(two, all.without("P8".parse().unwrap())) < 0.5);
    }

    #[test]
    fn cards_needed_counts_the_cheapest_way_to_a_score() {
        let all = Hand::full();
        assert_eq!(cards_needed(hand("P2 P4"), all, 3), Some(1));
        assert_eq!(cards_needed(hand("G1 G2 G3"), all, 3), Some(0));
        // S8 and two more: a pi value of 10.
        assert_eq!(cards_needed(hand("A1 A2 A3 A4 A5 A6"), all, 3), Some(3));
        assert_eq!(cards_needed(hand("G7"), all, 3), Some(3)); // G8 for Cyñdan, then 2 Dan more
        assert_eq!(cards_needed(hand("G1 G2"), all, 3), Some(1));
        let none = hand("P2 P4");
        assert_eq!(cards_needed(none, none, 3), None);
    }
}
