//! The obvious Weis detection, the test oracle of [`declare`](super::declare): list every
//! four-of-a-kind and every run (each sub-run of a longer one too), enumerate every set of them
//! that respects the disjointness rule, and keep the best by the criteria written out one by one.
//! Exponential in the number of candidate runs: meant for hands of 9 cards or so.

use std::cmp::Reverse;

use cards_core::{CardSet, JassCard, JassRank, JassSuit};

use super::{Declaration, Meld, MeldKind, Scale, WeisRules};
use crate::mode::Mode;

/// A kind of Weis as the spec's strength list names it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Named {
    /// A run of this many cards (on the small scale 5 stands for "5 or more").
    Seq(u8),
    Four(JassRank),
}

use JassRank::{Ace, Eight, Jack, King, Nine, Queen, Seven, Six, Ten};

/// The big scale's list, strongest first.
const BIG: [Named; 16] = [
    Named::Seq(9),
    Named::Seq(8),
    Named::Seq(7),
    Named::Four(Jack),
    Named::Seq(6),
    Named::Four(Nine),
    Named::Four(Ace),
    Named::Four(Ten),
    Named::Four(King),
    Named::Four(Queen),
    Named::Four(Eight),
    Named::Four(Seven),
    Named::Four(Six),
    Named::Seq(5),
    Named::Seq(4),
    Named::Seq(3),
];

/// The small scale's list, strongest first.
const SMALL: [Named; 12] = [
    Named::Four(Jack),
    Named::Four(Nine),
    Named::Four(Ace),
    Named::Four(Ten),
    Named::Four(King),
    Named::Four(Queen),
    Named::Four(Eight),
    Named::Four(Seven),
    Named::Four(Six),
    Named::Seq(5),
    Named::Seq(4),
    Named::Seq(3),
];

/// The strength of a Weis as a tuple, larger stronger: its place in the list (reversed), then
/// for runs the top card's rank (in Undenufe the lowest card's rank, reversed), then trump.
fn strength(meld: &Meld, mode: Mode, scale: Scale) -> (Reverse<usize>, i32, bool) {
    let (named, list): (Named, &[Named]) = match (meld.kind(), scale) {
        (MeldKind::Four(rank), Scale::Big) => (Named::Four(rank), &BIG),
        (MeldKind::Four(rank), Scale::Small) => (Named::Four(rank), &SMALL),
        (MeldKind::Sequence { len, .. }, Scale::Big) => (Named::Seq(len), &BIG),
        (MeldKind::Sequence { len, .. }, Scale::Small) => (Named::Seq(len.min(5)), &SMALL),
    };
    let place = list.iter().position(|&n| n == named).unwrap_or(list.len());
    match meld.kind() {
        MeldKind::Four(_) => (Reverse(place), 0, false),
        MeldKind::Sequence { suit, low, len } => {
            let tie = if mode == Mode::Undenufe {
                -i32::from(low as u8)
            } else {
                i32::from(low as u8 + len - 1)
            };
            (Reverse(place), tie, mode.trump() == Some(suit))
        }
    }
}

/// Higher for a suit earlier in C, D, H, S; 0 for a four-of-a-kind.
fn suit_first(meld: &Meld) -> u8 {
    meld.suit().map_or(0, |s| 4 - s as u8)
}

/// A Weis's place in a combination's order: strength, suit first, longer.
type Order = ((Reverse<usize>, i32, bool), u8, usize);

fn order(meld: &Meld, mode: Mode, scale: Scale) -> Order {
    (strength(meld, mode, scale), suit_first(meld), meld.len())
}

/// The criteria for one combination, compared field by field in this order.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Key {
    /// (1) points.
    points: u32,
    /// (2) the best Weis's strength (`None`: no Weis).
    best: Option<(Reverse<usize>, i32, bool)>,
    /// (3) distinct cards.
    cards: usize,
    /// (4) the best Weis's suit, earlier higher.
    suit: u8,
    /// (5) cards counted once per Weis.
    multiplicity: usize,
    /// (6) the Weis one by one, strongest first.
    list: Vec<Order>,
}

impl Key {
    /// The first `criteria` fields, for counting ties.
    fn prefix_eq(&self, other: &Key, criteria: usize) -> bool {
        [
            self.points == other.points,
            self.best == other.best,
            self.cards == other.cards,
            self.suit == other.suit,
            self.multiplicity == other.multiplicity,
            self.list == other.list,
        ]
        .iter()
        .take(criteria)
        .all(|&same| same)
    }
}

/// The combination's Weis sorted strongest first, and its key.
fn evaluate(mut melds: Vec<Meld>, mode: Mode, scale: Scale) -> (Vec<Meld>, Key) {
    melds.sort_by_key(|m| Reverse(order(m, mode, scale)));
    let union: CardSet<JassCard> = melds.iter().fold(CardSet::EMPTY, |acc, m| acc | m.cards());
    let key = Key {
        points: melds.iter().map(Meld::points).sum(),
        best: melds.first().map(|m| strength(m, mode, scale)),
        cards: union.len(),
        suit: melds.first().map_or(0, suit_first),
        multiplicity: melds.iter().map(Meld::len).sum(),
        list: melds.iter().map(|m| order(m, mode, scale)).collect(),
    };
    (melds, key)
}

/// Every four-of-a-kind that counts and every run (whole or inside a longer one) in `hand`.
fn candidates(hand: CardSet<JassCard>, rules: &WeisRules) -> Vec<Meld> {
    let mut out = Vec::new();
    for rank in JassRank::ALL {
        let low = matches!(rank, Six | Seven | Eight);
        let meld = Meld::four(rank);
        if (rules.four_low || !low) && meld.cards().is_subset(hand) {
            out.push(meld);
        }
    }
    for suit in JassSuit::ALL {
        for low in JassRank::ALL {
            for len in 3..=9 {
                if let Some(meld) = Meld::sequence(suit, low, len, rules.scale)
                    && meld.cards().is_subset(hand)
                {
                    out.push(meld);
                }
            }
        }
    }
    out
}

/// Every allowed set of candidates: runs pairwise disjoint; four-of-a-kinds disjoint from runs
/// unless `cross`.
fn combinations(candidates: &[Meld], cross: bool) -> Vec<Vec<Meld>> {
    fn walk(
        rest: &[Meld],
        chosen: &mut Vec<Meld>,
        runs: CardSet<JassCard>,
        fours: CardSet<JassCard>,
        cross: bool,
        out: &mut Vec<Vec<Meld>>,
    ) {
        let Some((first, rest)) = rest.split_first() else {
            out.push(chosen.clone());
            return;
        };
        walk(rest, chosen, runs, fours, cross, out);
        let cards = first.cards();
        let fits = match first.kind() {
            MeldKind::Four(_) => cross || cards.is_disjoint(runs),
            MeldKind::Sequence { .. } => {
                cards.is_disjoint(runs) && (cross || cards.is_disjoint(fours))
            }
        };
        if fits {
            let (runs, fours) = match first.kind() {
                MeldKind::Four(_) => (runs, fours | cards),
                MeldKind::Sequence { .. } => (runs | cards, fours),
            };
            chosen.push(*first);
            walk(rest, chosen, runs, fours, cross, out);
            chosen.pop();
        }
    }
    let mut out = Vec::new();
    walk(
        candidates,
        &mut Vec::new(),
        CardSet::EMPTY,
        CardSet::EMPTY,
        cross,
        &mut out,
    );
    out
}

/// Every allowed combination, sorted, with its key.
fn all(hand: CardSet<JassCard>, mode: Mode, rules: &WeisRules) -> Vec<(Vec<Meld>, Key)> {
    combinations(&candidates(hand, rules), rules.cross_weis)
        .into_iter()
        .map(|c| evaluate(c, mode, rules.scale))
        .collect()
}

/// The counted combination by exhaustive search (see [`declare`](super::declare)).
#[must_use]
pub fn declare(hand: CardSet<JassCard>, mode: Mode, rules: &WeisRules) -> Declaration {
    let mut decl = Declaration::EMPTY;
    let chosen = all(hand, mode, rules)
        .into_iter()
        .max_by(|a, b| a.1.cmp(&b.1));
    for meld in chosen.map(|c| c.0).unwrap_or_default() {
        decl.push(meld);
    }
    decl
}

/// For each number of criteria k = 1..=6 (index k - 1), how many other allowed combinations
/// equal the counted one on the first k criteria: index 3 counts the ties the spec's own four
/// criteria leave open.
#[must_use]
pub fn ties(hand: CardSet<JassCard>, mode: Mode, rules: &WeisRules) -> [usize; 6] {
    let combos = all(hand, mode, rules);
    let mut out = [0; 6];
    let Some(best) = combos.iter().max_by(|a, b| a.1.cmp(&b.1)) else {
        return out;
    };
    for (k, slot) in out.iter_mut().enumerate() {
        *slot = combos
            .iter()
            .filter(|c| c.1.prefix_eq(&best.1, k + 1))
            .count()
            .saturating_sub(1);
    }
    out
}
