//! The playout policy a search's playouts follow ([`cards_core::RuleBot::playout_action`]):
//! a cheap, state-based greedy player mixed with chance.
//!
//! A playout runs on a full sampled world, so the policy reads the whole state (the pile's
//! top card, the other hands). It never lists the legal actions for its greedy choice: it
//! builds one from the phase, the seat's hand and its pairs, which is what makes it cheap.

use cards_core::{DidoCard, Draw, Game as _, PlayerId};

use crate::state::{Hand, ageing_needed, same_number};
use crate::{Action, AvaRule, Phase, Scorer, ShapeMap, Zaagox};

/// Out of 16: how often an `Act` turn plays the greedy action (else a uniformly random one).
const GREEDY_ACT: u64 = 14;
/// Per-turn discount of a five-card plan when weighing Ava (the rule bot's).
const DISCOUNT: f64 = 0.86;
/// What a failed Ava is counted to cost per loser (the rule bot's typical winning score).
const TYPICAL_WIN: f64 = 32.0;

/// The policy's action for the seat to act in `game`, or `None` when it is over.
pub(crate) fn playout_action<R: cards_core::Rng + ?Sized>(
    game: &Zaagox,
    buf: &mut Vec<Action>,
    rng: &mut R,
) -> Option<Action> {
    let scorer_store;
    let scorer = if game.rules.shapes.is_default() {
        &Scorer::DEFAULT
    } else {
        scorer_store = Scorer::new(&game.rules.shapes);
        &scorer_store
    };
    match game.phase {
        Phase::Over => None,
        Phase::Act { seat } => {
            if rng.below(16) < GREEDY_ACT {
                Some(act(game, seat))
            } else {
                game.pick_legal(buf, |n| rng.index(n))
            }
        }
        Phase::Da { asking, .. } => {
            let hand = game.hands[asking.index()];
            let claim = game
                .discard
                .and_then(|d| same_number(hand, d).first())
                .map_or(Action::Pass, Action::Da);
            Some(claim)
        }
        Phase::Store { seat, pair, .. } => Some(store(game, scorer, seat, pair)),
        Phase::Decide { seat, .. } => Some(decide(game, scorer, seat)),
    }
}

/// How many of `card`'s shape, colour and number class `set` lacks (0–3).
fn novelty(shapes: &ShapeMap, set: Hand, card: DidoCard) -> u32 {
    let shape = shapes.shape(card);
    let mut new = u32::from(!set.iter().any(|c| shapes.shape(c) == shape));
    if !card.is_zero() {
        let (mut colour, mut class) = (true, true);
        for c in set.iter().filter(|c| !c.is_zero()) {
            colour &= c.colour() != card.colour();
            class &= c.number() % 4 != card.number() % 4;
        }
        new += u32::from(colour) + u32::from(class);
    }
    new
}

/// The seat's pairs: (lower card, ageing cards still missing), oldest first.
fn own_pairs(game: &Zaagox, seat: PlayerId) -> impl Iterator<Item = (DidoCard, u8)> + '_ {
    game.pairs()
        .iter()
        .filter(move |p| p.owner == seat)
        .map(|p| {
            let need = ageing_needed(p.cards[0].number());
            (p.cards[0], need.saturating_sub(p.ageing_len))
        })
}

/// The greedy turn: lay a pair the set still needs, else age the least useful card onto the
/// own pair closest to complete, else lay any pair, else discard the least useful card (one
/// no opponent can claim by Da, if possible).
fn act(game: &Zaagox, seat: PlayerId) -> Action {
    let shapes = &game.rules.shapes;
    let hand = game.hands[seat.index()];
    let stored = game.stored[seat.index()];
    let target = if game.ava_declared(seat) { 5 } else { 4 };
    let needed = target - stored.len().min(target);
    // What the seat already collects: its stored cards and one card of each of its pairs.
    let mut collecting = stored;
    let mut pairs = 0;
    let mut closest: Option<(DidoCard, u8)> = None;
    for (lo, missing) in own_pairs(game, seat) {
        collecting.insert(lo);
        pairs += 1;
        if missing > 0 && closest.is_none_or(|(_, m)| missing < m) {
            closest = Some((lo, missing));
        }
    }
    // The best pair in hand: cheap to age, and new to what the seat collects.
    let mut best_pair: Option<(u32, DidoCard, DidoCard)> = None;
    let mut rest = hand;
    while let Some(a) = rest.first() {
        let same = same_number(rest, a);
        rest -= same;
        if same.len() >= 2 {
            let mut it = same.iter();
            let (Some(x), Some(y)) = (it.next(), it.next()) else {
                continue;
            };
            let value = 2 * novelty(shapes, collecting, x).max(novelty(shapes, collecting, y))
                + u32::from(4 - ageing_needed(a.number()));
            if best_pair.is_none_or(|(v, _, _)| value > v) {
                best_pair = Some((value, x, y));
            }
        }
    }
    if let Some((_, a, b)) = best_pair
        && pairs < needed
    {
        return Action::Pair(a, b);
    }
    // How much a single hand card is worth keeping.
    let pile: Hand = game.pile.iter().collect();
    let keep = |c: DidoCard| {
        2 * novelty(shapes, collecting, c)
            + u32::from(4 - ageing_needed(c.number()))
            + u32::from(!same_number(pile, c).is_empty())
            + 2 * u32::from(same_number(hand, c).len() >= 2)
    };
    if let Some((onto, _)) = closest
        && let Some(card) = hand.iter().min_by_key(|&c| keep(c))
    {
        return Action::Age { card, onto };
    }
    if let Some((_, a, b)) = best_pair {
        return Action::Pair(a, b);
    }
    let mut others = Hand::EMPTY;
    for s in PlayerId::all(game.players()).filter(|&s| s != seat) {
        others |= game.hands[s.index()];
    }
    let cost = |c: DidoCard| keep(c) + 3 * u32::from(!same_number(others, c).is_empty());
    match hand.iter().min_by_key(|&c| cost(c)) {
        Some(card) => Action::Discard(card),
        // An empty hand cannot act; the state machine never asks it to.
        None => Action::Pass,
    }
}

/// The pair card to store: the better set when it completes one, else the newer card.
fn store(game: &Zaagox, scorer: &Scorer, seat: PlayerId, pair: DidoCard) -> Action {
    let stored = game.stored[seat.index()];
    let target = if game.ava_declared(seat) { 5 } else { 4 };
    let Some(p) = game
        .pairs()
        .iter()
        .find(|p| p.owner == seat && p.cards[0] == pair)
    else {
        return Action::Store(pair);
    };
    let [lo, hi] = p.cards;
    let value = |c: DidoCard| -> i64 {
        if stored.len() + 1 >= target {
            scorer
                .score_set(stored.with(c))
                .map_or(i64::MIN, |s| s.points)
        } else {
            i64::from(novelty(&game.rules.shapes, stored, c))
        }
    };
    if value(hi) > value(lo) {
        Action::Store(hi)
    } else {
        Action::Store(lo)
    }
}

/// End or Ava: Ava when some fifth card in reach (a card of an own pair, or of a pair in the
/// hand with the card Ava draws) makes a five-card set whose points, discounted by the turns
/// it takes, less a failure's cost times its chance, beat the four-card score.
fn decide(game: &Zaagox, scorer: &Scorer, seat: PlayerId) -> Action {
    let stored = game.stored[seat.index()];
    let Ok(four) = scorer.score_set(stored) else {
        return Action::End;
    };
    let four = four.points as f64;
    let five = |c: DidoCard| {
        if stored.contains(c) {
            return f64::NEG_INFINITY;
        }
        scorer
            .score_set(stored.with(c))
            .map_or(f64::NEG_INFINITY, |s| s.points as f64)
    };
    let top = game.pile.iter().next();
    if game.rules.ava == AvaRule::Immediate {
        return match top {
            Some(c) if five(c) > four => Action::Ava,
            _ => Action::End,
        };
    }
    if game.pile_len() < 6 {
        return Action::End;
    }
    let mut best = f64::NEG_INFINITY;
    let mut offer = |c: DidoCard, turns: f64| {
        let chance = DISCOUNT.powf(turns);
        best = best.max(five(c) * chance - (1.0 - chance) * TYPICAL_WIN);
    };
    for p in game.pairs().iter().filter(|p| p.owner == seat) {
        let missing = ageing_needed(p.cards[0].number()).saturating_sub(p.ageing_len);
        for c in p.cards {
            offer(c, f64::from(missing) + 1.0);
        }
    }
    let mut hand = game.hands[seat.index()];
    if let Some(t) = top {
        hand.insert(t);
    }
    for c in hand.iter() {
        if same_number(hand, c).len() >= 2 {
            offer(c, 2.0 + f64::from(ageing_needed(c.number())));
        }
    }
    if best > four {
        Action::Ava
    } else {
        Action::End
    }
}
