//! The serialized form of a state and the checks that turn it back into one: no JSON can
//! produce an impossible game.

use cards_core::{Card, Census, DidoCard, PlayerId};

use crate::state::{Hand, ageing_needed};
use crate::{AvaRule, Exhaustion, Outcome, Phase, Rules, Zaagox};

/// A pair as serialized.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawPair {
    pub owner: PlayerId,
    pub cards: [DidoCard; 2],
    pub ageing: Vec<DidoCard>,
}

/// A state as serialized: plain lists, checked by `TryFrom` before it becomes a [`Zaagox`].
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawState {
    pub rules: Rules,
    pub players: u8,
    /// Top first.
    pub pile: Vec<DidoCard>,
    pub hands: Vec<Hand>,
    pub pairs: Vec<RawPair>,
    pub stored: Vec<Hand>,
    pub discard: Option<DidoCard>,
    pub phase: Phase,
    pub turns: u32,
    pub ava_order: Vec<u8>,
    pub outcome: Option<Outcome>,
}

impl serde::Serialize for Zaagox {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_raw().serialize(s)
    }
}

impl<'de> serde::Deserialize<'de> for Zaagox {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = RawState::deserialize(d)?;
        validate(&raw).map_err(serde::de::Error::custom)
    }
}

/// Checks every invariant of a Zaägox state and builds it.
pub(crate) fn validate(raw: &RawState) -> Result<Zaagox, String> {
    let players = raw.players as usize;
    if !(2..=4).contains(&players) {
        return Err(format!("players must be 2 to 4, not {players}"));
    }
    raw.rules.validate(players).map_err(|e| e.to_string())?;
    for (name, len) in [
        ("hands", raw.hands.len()),
        ("stored", raw.stored.len()),
        ("ava_order", raw.ava_order.len()),
    ] {
        if len != players {
            return Err(format!("{name} has {len} entries for {players} players"));
        }
    }
    if raw.pairs.len() > 18 {
        return Err(format!(
            "{} pairs cannot exist with 36 cards",
            raw.pairs.len()
        ));
    }
    let seat_ok = |seat: PlayerId| seat.index() < players;

    // Every card exactly once.
    let mut census = Census::default();
    for c in &raw.pile {
        census.add_index(c.index());
    }
    for set in raw.hands.iter().chain(&raw.stored) {
        census.add_bits(set.bits());
    }
    for p in &raw.pairs {
        for c in p.cards.iter().chain(&p.ageing) {
            census.add_index(c.index());
        }
    }
    if let Some(d) = raw.discard {
        census.add_index(d.index());
    }
    if census.count != 36 || census.cards != Hand::full().bits() {
        return Err(format!(
            "the zones must hold each of the 36 cards exactly once, but hold {} cards and miss {}",
            census.count,
            !Hand::from_bits_truncate(census.cards)
        ));
    }

    // Pairs.
    let store_pair = match raw.phase {
        Phase::Store { seat, pair, .. } => Some((seat, pair)),
        _ => None,
    };
    for p in &raw.pairs {
        let [lo, hi] = p.cards;
        if !seat_ok(p.owner) {
            return Err(format!(
                "pair {lo} {hi} belongs to seat {}, not at the table",
                p.owner
            ));
        }
        if lo >= hi || lo.number() != hi.number() {
            return Err(format!(
                "{lo} {hi} is not a pair (same number, lower card first)"
            ));
        }
        let needed = ageing_needed(lo.number()) as usize;
        let waiting = store_pair == Some((p.owner, lo));
        if p.ageing.len() > needed || (p.ageing.len() == needed && !waiting) {
            return Err(format!(
                "pair {lo} {hi} holds {} ageing cards but completes at {needed}",
                p.ageing.len()
            ));
        }
    }

    // Stored cards and Ava.
    let over = raw.phase == Phase::Over;
    let mut orders: Vec<u8> = raw.ava_order.iter().copied().filter(|&o| o != 0).collect();
    orders.sort_unstable();
    if orders
        .iter()
        .enumerate()
        .any(|(i, &o)| usize::from(o) != i + 1)
    {
        return Err(format!(
            "Ava declaration positions must be 1, 2, … in order, not {orders:?}"
        ));
    }
    for seat in 0..players {
        let n = raw.stored[seat].len();
        let ava = raw.ava_order[seat] != 0;
        let winner =
            matches!(raw.outcome, Some(Outcome::Won { winner, .. }) if winner.index() == seat);
        let deciding = matches!(raw.phase, Phase::Decide { seat: s, .. } if s.index() == seat);
        // Four cards: a declarer still going for five, or a seat choosing End/Ava, or one that ended.
        let ok = match n {
            0..=3 => !ava,
            4 if ava => !winner,
            4 => deciding || winner,
            5 => ava && winner,
            _ => false,
        };
        if !ok {
            return Err(format!(
                "seat {seat} has {n} stored cards, which does not fit its Ava and the phase"
            ));
        }
    }

    if raw.rules.ava == AvaRule::Immediate && !over && !orders.is_empty() {
        return Err(
            "under AvaRule::Immediate an Ava ends the game, so a running game has no declarer"
                .into(),
        );
    }

    // Phase.
    if matches!(raw.phase, Phase::Act { .. } | Phase::Da { .. }) && raw.turns == 0 {
        return Err("a seat acts only after a turn's draw, so turns is at least 1".into());
    }
    match raw.phase {
        Phase::Act { seat } => {
            if !seat_ok(seat) || raw.discard.is_some() || raw.hands[seat.index()].is_empty() {
                return Err(
                    "an acting seat is at the table, has drawn a card, and no discard lies out"
                        .into(),
                );
            }
        }
        Phase::Da { discarder, asking } => {
            let Some(d) = raw.discard else {
                return Err("a Da window needs a discard".into());
            };
            if !seat_ok(discarder) || !seat_ok(asking) || discarder == asking {
                return Err("a Da window asks a seat other than the discarder".into());
            }
            if raw.hands[asking.index()]
                .iter()
                .all(|c| c.number() != d.number())
            {
                return Err(format!(
                    "seat {asking} is asked for Da but holds no card numbered {}",
                    d.number()
                ));
            }
        }
        Phase::Store { seat, pair, next } => {
            if !seat_ok(seat) || next != seat.next(players) || raw.discard.is_some() {
                return Err("a store choice needs a seat at the table, the seat after it to play next, and no discard".into());
            }
            let complete = raw.pairs.iter().any(|p| {
                p.owner == seat
                    && p.cards[0] == pair
                    && p.ageing.len() == ageing_needed(pair.number()) as usize
            });
            if !complete {
                return Err(format!(
                    "seat {seat} has no completed pair {pair} to store from"
                ));
            }
        }
        Phase::Decide { seat, next } => {
            if !seat_ok(seat) || next != seat.next(players) || raw.discard.is_some() {
                return Err("an End/Ava choice needs a seat at the table, the seat after it to play next, and no discard".into());
            }
            if raw.stored[seat.index()].len() != 4 || raw.ava_order[seat.index()] != 0 {
                return Err(format!(
                    "seat {seat} decides End or Ava only with four stored cards and no Ava yet"
                ));
            }
        }
        Phase::Over => {}
    }
    if over != raw.outcome.is_some() {
        return Err("a finished game has an outcome and a running one has none".into());
    }
    if raw.turns > raw.rules.turn_limit {
        return Err(format!(
            "{} turns played, beyond the limit {}",
            raw.turns, raw.rules.turn_limit
        ));
    }

    match raw.outcome {
        Some(Outcome::Exhausted {
            cause: Exhaustion::PileEmpty,
        }) if !raw.pile.is_empty() || raw.discard.is_some() => {
            return Err(
                "a game exhausted by an empty pile has an empty pile and no discard".into(),
            );
        }
        Some(Outcome::Exhausted {
            cause: Exhaustion::TurnLimit,
        }) if raw.turns != raw.rules.turn_limit => {
            return Err(
                "a game exhausted by the turn limit has played exactly turn_limit turns".into(),
            );
        }
        Some(Outcome::Won { .. }) if raw.discard.is_some() => {
            return Err(
                "a game is won from a store or an End/Ava choice, when no discard lies out".into(),
            );
        }
        _ => {}
    }

    let state = Zaagox::from_raw_unchecked(raw).ok_or("inconsistent sizes")?;
    if let Some(Outcome::Won { winner, .. }) = raw.outcome {
        if !seat_ok(winner) {
            return Err(format!("winner {winner} is not at the table"));
        }
        let expected = state.winning_outcome(winner).map_err(|e| e.to_string())?;
        if Some(expected) != raw.outcome {
            return Err(format!(
                "the outcome does not match the stored cards: expected {expected:?}"
            ));
        }
    }
    Ok(state)
}
