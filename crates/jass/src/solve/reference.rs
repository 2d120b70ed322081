//! A plain minimax over every legal card — no pruning, no reduction, no table — for tests
//! and benches to hold [`super::solve`] against. Exponential: only for a few tricks.

use cards_core::{Card, CardSet, JassCard};

use super::start::{Start, remaining, start};
use super::{Position, Solution, SolveError};

/// [`super::solve`] by plain minimax.
///
/// # Errors
/// As [`super::solve`].
pub fn solve(position: &Position) -> Result<Solution, SolveError> {
    let mut state = start(position)?;
    let total = remaining(&state);
    let mut nodes = 0;
    let Some(seat) = state.seat_to_play() else {
        return Ok(Solution::over(state.taken));
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
