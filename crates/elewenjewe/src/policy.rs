//! The playout policy a search's playouts follow ([`cards_core::RuleBot::playout_action`]):
//! a greedy capturer mixed with chance, which never lists the legal actions; and where a
//! playout stops ([`cards_core::RuleBot::playout_value`]): at the end of the decision's round,
//! valued by each seat's chance to win the game from the totals it leaves.
//!
//! A playout runs on a full sampled world, so the policy reads the whole state (every hand).

use cards_core::{Card as _, Draw, Game as _, PerSeat, StdCard};

use crate::cards::{JOKER_BITS, RANK_COLUMN, card_value};
use crate::state::{Cards, MAX};
use crate::{Action, Elewenjewe, LAYOUT, Rules, Scoring};

/// Out of 8: how often the policy plays its greedy action (else a random one).
const GREEDY: u64 = 7;

/// The policy's action for the seat to act, or `None` when the game is over.
pub(crate) fn playout_action<R: cards_core::Rng + ?Sized>(
    game: &Elewenjewe,
    rng: &mut R,
) -> Option<Action> {
    let seat = game.to_act()?;
    let hand = game.hands[seat.index()];
    if rng.below(8) < GREEDY {
        return Some(greedy(game, seat, hand));
    }
    // A random card of the hand, then one of its actions (captures, builds, trail) at random.
    let played = hand.nth(rng.index(hand.len())?)?;
    let mut count = 0usize;
    game.each_capture(played, |_| count += 1);
    game.each_build(seat, played, |_, _| count += 1);
    let mut k = rng.index(count + 1)?;
    let mut chosen = None;
    game.each_capture(played, |taken| {
        if k == 0 && chosen.is_none() {
            chosen = Some(Action::Capture { played, taken });
        }
        k = k.wrapping_sub(1);
    });
    game.each_build(seat, played, |value, taken| {
        if k == 0 && chosen.is_none() {
            chosen = Some(Action::Build {
                played,
                value,
                taken,
            });
        }
        k = k.wrapping_sub(1);
    });
    Some(chosen.unwrap_or(Action::Trail(played)))
}

/// The cards of `card`'s rank (none for a joker).
fn same_rank(card: StdCard) -> Cards {
    if card.is_joker() {
        return Cards::EMPTY;
    }
    Cards::from_bits_truncate(RANK_COLUMN << (card.index() % 13))
}

/// The capture that takes the most: a layout diamond counts four cards (under
/// `LayoutAndMost`), a joker two; ties to the first found. With no capture, trail the card
/// the other hands can least take by its rank (then the lowest value, face cards last).
fn greedy(game: &Elewenjewe, seat: cards_core::PlayerId, hand: Cards) -> Action {
    let diamond = if game.rules.scoring == Scoring::LayoutAndMost {
        4
    } else {
        0
    };
    let jokers = Cards::from_bits_truncate(JOKER_BITS);
    let mut best: Option<(usize, Action)> = None;
    for played in hand {
        game.each_capture(played, |taken| {
            let value = taken.len() + diamond * (taken & LAYOUT).len() + (taken & jokers).len();
            if best.is_none_or(|(v, _)| value > v) {
                best = Some((value, Action::Capture { played, taken }));
            }
        });
    }
    if let Some((_, action)) = best {
        return action;
    }
    let mut others = Cards::EMPTY;
    for s in 0..game.n() {
        if s != seat.index() {
            others |= game.hands[s];
        }
    }
    let danger = |c: StdCard| {
        let taken_by = (same_rank(c) & others).len() + 2 * (others & jokers).len();
        let value = card_value(c).map_or(11, usize::from);
        taken_by * 16 + value
    };
    let card = hand
        .iter()
        .min_by_key(|&c| danger(c))
        .unwrap_or(StdCard::JOKER_1);
    Action::Trail(card)
}

/// What a playout that began at `root` is worth at `game`: `None` while the round the
/// decision was in goes on. At its end, the game's returns if the game is over; otherwise
/// each seat's expected return, `n × chance − 1` (a sole winner's `n − 1`, each loser's −1,
/// the chances from [`win_chances`]). Zero-sum.
pub(crate) fn playout_value(game: &Elewenjewe, root: &Elewenjewe) -> Option<PerSeat<f64>> {
    if game.records.len() <= root.records.len() {
        return None;
    }
    if game.over() {
        return Some(game.returns());
    }
    let n = game.n();
    let chances = win_chances(&game.rules, &game.totals[..n]);
    PerSeat::from_fn(n, |s| n as f64 * chances[s.index()] - 1.0)
}

/// Each seat's chance to win from `totals` at a round's end (the game not over), by a simple
/// model of the rounds to come: every round scores the same points (5 under
/// `LayoutAndMost`: the four layout diamonds and the most cards; 1 under `MostCards`), each
/// of them to one seat or the other of a two-seat race with chance one half, until a seat
/// has reached [`Rules::target`] and leads. (Between rule bots at two seats, a round splits 5–0, 4–1 and 3–2 in
/// 6 %, 30 % and 60 % of rounds, and 4 points in 5 %: nearly the binomial's 6, 31 and
/// 63 %.) A seat's chance is its chance in the race against the best other seat, the chances
/// then scaled to sum to 1 (exact at two seats). The round limits are left out.
pub(crate) fn win_chances(rules: &Rules, totals: &[i64]) -> [f64; MAX] {
    let per_round = match rules.scoring {
        Scoring::LayoutAndMost => 5,
        Scoring::MostCards => 1,
    };
    let target = i64::from(rules.target);
    let mut chances = [0.0; MAX];
    for (s, &mine) in totals.iter().enumerate() {
        let best = (0..totals.len())
            .filter(|&o| o != s)
            .map(|o| totals[o])
            .max()
            .unwrap_or(mine);
        chances[s] = race(mine, best, target, per_round);
    }
    let sum: f64 = chances.iter().sum();
    if sum > 0.0 {
        chances.iter_mut().for_each(|c| *c /= sum);
    }
    chances
}

/// Rounds the race looks ahead at most (past them, an even chance).
const LOOKAHEAD: usize = 12;

/// The chance that a seat at total `a` wins a two-seat race against one at `b`, each of a
/// round's `p` points (at most 5) going to either with chance one half: the race ends at the
/// first round's end where one of them has reached `target` and leads. A backward induction
/// over the rounds (level `d`, `i` of its `p d` points to the first seat), as far ahead as
/// the leader can need (at most [`LOOKAHEAD`] rounds).
fn race(a: i64, b: i64, target: i64, p: usize) -> f64 {
    let p = p.clamp(1, 5);
    let mut weight = [0.0f64; 6];
    for (k, w) in weight.iter_mut().enumerate().take(p + 1) {
        let ways = (0..k).fold(1.0, |c, j| c * (p - j) as f64 / (j + 1) as f64);
        *w = ways / f64::from(1u32 << p);
    }
    // After r rounds the higher total is at least (a + b + r p) / 2, so it reaches the
    // target within (2 target − a − b) / p rounds; two more settle a tie.
    let short = (2 * target - a - b).max(0) as usize;
    let rounds = short.div_ceil(p).saturating_add(2).min(LOOKAHEAD);
    let mut next = [0.5f64; 5 * LOOKAHEAD + 1];
    for d in (0..rounds).rev() {
        let mut here = [0.0f64; 5 * LOOKAHEAD + 1];
        for (i, h) in here.iter_mut().enumerate().take(p * d + 1) {
            *h = (0..=p)
                .map(|k| {
                    let x = a + (i + k) as i64;
                    let y = b + (p * (d + 1) - i - k) as i64;
                    let v = if x.max(y) >= target && x != y {
                        f64::from(u8::from(x > y))
                    } else {
                        next[i + k]
                    };
                    weight[k] * v
                })
                .sum();
        }
        next = here;
    }
    next[0]
}
