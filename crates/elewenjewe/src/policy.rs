//! The playout policy a search's playouts follow ([`cards_core::RuleBot::playout_action`]):
//! a greedy capturer mixed with chance, which never lists the legal actions.
//!
//! A playout runs on a full sampled world, so the policy reads the whole state (every hand).

use cards_core::{Card as _, Draw, Game as _, StdCard};

use crate::cards::{JOKER_BITS, RANK_COLUMN, card_value};
use crate::state::Cards;
use crate::{Action, Elewenjewe, LAYOUT, Scoring};

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
