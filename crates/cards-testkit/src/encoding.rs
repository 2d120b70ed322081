//! Holds a game's tensors ([`cards_core::Encode`]) to their contract: the right lengths, finite
//! values, and **nothing a seat may not see**.
//!
//! The leak check exchanges cards in the true deal: over seeded random games, at a position
//! `t0` (six points of each game) it takes the game's setup, swaps two cards that the seat does
//! not see up to a position `t` a few moves later (in any hand but its own, the stock, a pile), replays the same actions from
//! `t0` to `t` in both worlds, and asks that the seat's observation and information state be
//! the same in both. Cards are exchanged in the setup's JSON (every string token equal to one
//! card's notation becomes the other's), so the check needs nothing of the game but its serde;
//! a pair whose exchange makes an action illegal is skipped, and so is one that changes the seat's
//! view at some moment (where the rules make a hidden holding public in part: a Weis shown, whom
//! a rule asks to act), since the seat then knows the worlds apart. What remains is caught: a
//! tensor that differs while every view along the way is the same (an event that tells the seat
//! more than its view shows, kept by its recall; an encoder reading anything but its view and
//! recall). The tensors are built as a seat's
//! client would, from its redacted events alone ([`Knowledge`]).

use core::ops::Range;
use std::collections::BTreeSet;

use cards_core::{Encode, Game, Knowledge, PlayerId, RandomPlayer, Seed};
use serde_json::Value;

/// What the check covered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EncodingReport {
    /// Games played.
    pub games: usize,
    /// (position, seat) pairs whose tensors were checked.
    pub positions: usize,
    /// Exchanges of two unseen cards that changed the true state and were compared.
    pub flips: usize,
}

/// Checks `G`'s tensors over random games from `seeds` with `players` seats.
///
/// # Errors
/// A description naming the seed, the positions, the seat and the two cards when a tensor has
/// the wrong length or a value that is not finite, or when exchanging two cards the seat has
/// not seen changes its tensors.
pub fn check_encoding<G: Encode>(
    rules: &G::Rules,
    players: usize,
    seeds: Range<u64>,
) -> Result<EncodingReport, String> {
    let mut report = EncodingReport::default();
    let deck: Vec<String> = G::deck(rules).iter().map(|c| c.to_string()).collect();
    for seed in seeds {
        let game = G::new(rules, players, Seed::from(seed))
            .map_err(|e| format!("seed {seed}: the game could not be dealt: {e}"))?;
        // The whole game, with the setup and the events of every position.
        let mut events = Vec::new();
        game.start_events(&mut events);
        let mut marks = vec![events.len()];
        let mut setups = vec![game.setup()];
        let mut actions = Vec::new();
        let (mut state, mut player, mut buf) =
            (game, RandomPlayer::new(Seed::from(seed)), Vec::new());
        while actions.len() < G::max_actions(rules, players) {
            let Some(action) = player.choose(&state, &mut buf) else {
                break;
            };
            state
                .play_reporting(action, &mut events)
                .map_err(|e| format!("seed {seed}: a legal action was refused: {e}"))?;
            actions.push(action);
            marks.push(events.len());
            setups.push(state.setup());
        }
        report.games += 1;
        let n = actions.len();
        // Short stretches from six points of the game: a card stays unseen over a few
        // moves (over a whole deal every card of a trick game is seen).
        let stretches = (0..6).flat_map(|k| {
            let t0 = n * k / 6;
            [(t0, (t0 + 1).min(n)), (t0, (t0 + 6).min(n))]
        });
        for (t0, t) in stretches {
            for seat in PlayerId::all(players) {
                let case = Case {
                    from_start: t0 == 0,
                    rules,
                    seat,
                    players,
                    prefix: &events[..marks[t0]],
                    setup: &setups[t0],
                    actions: &actions[t0..t],
                };
                let Some(truth) = case.tensors(None) else {
                    return Err(format!(
                        "seed {seed}: the setup after {t0} actions does not replay the game"
                    ));
                };
                check_values::<G>(&truth)
                    .map_err(|e| format!("seed {seed}, after {t} actions, seat {seat}: {e}"))?;
                report.positions += 1;
                // The cards the seat sees in this stretch: in its events from `t0` to `t`
                // or its view at `t`. (Which pairs are tried only spends the effort well:
                // a pair is compared only when the seat is told the same in both worlds.)
                let mut seen = BTreeSet::new();
                for event in &events[marks[t0]..marks[t]] {
                    tokens(&json(&G::redact(rules, event, seat)), &mut seen);
                }
                tokens(&json(truth.knowledge.view()), &mut seen);
                let unseen: Vec<&String> = deck.iter().filter(|c| !seen.contains(*c)).collect();
                // A few pairs, spread over the unseen cards.
                let pairs = unseen.len() / 2;
                for k in 0..pairs.min(3) {
                    let (c, d) = (unseen[k], unseen[unseen.len() - 1 - k]);
                    let Some(flipped) = case.tensors(Some((c, d))) else {
                        continue;
                    };
                    // Unchanged truth tests nothing; and where the rules show the seat
                    // something of the exchanged cards (a Weis made public, whom a rule
                    // asks), its view differs at some moment and so may its tensors.
                    if flipped.state == truth.state || flipped.views != truth.views {
                        continue;
                    }
                    report.flips += 1;
                    if let Some(i) = first_difference(&truth.observation, &flipped.observation) {
                        return Err(format!(
                            "seed {seed}: seat {seat}'s observation after {t} actions changes \
                             at index {i} when {c} and {d}, which it has not seen, are exchanged \
                             after {t0} actions"
                        ));
                    }
                    if let Some(i) = first_difference(&truth.information, &flipped.information) {
                        return Err(format!(
                            "seed {seed}: seat {seat}'s information state after {t} actions \
                             changes at index {i} when {c} and {d}, which it has not seen, are \
                             exchanged after {t0} actions"
                        ));
                    }
                }
            }
        }
    }
    Ok(report)
}

struct Case<'a, G: Game> {
    /// Whether the stretch starts at the game's start (each world then tells its own deal).
    from_start: bool,
    rules: &'a G::Rules,
    seat: PlayerId,
    players: usize,
    prefix: &'a [G::Event],
    setup: &'a G::Setup,
    actions: &'a [G::Action],
}

struct Tensors<G: Encode> {
    knowledge: Knowledge<G>,
    state: String,
    /// The seat's view after each of its events from `t0` on, as JSON.
    views: Vec<String>,
    observation: Vec<f32>,
    information: Vec<f32>,
}

impl<G: Encode> Case<'_, G> {
    /// The seat's tensors after the actions, from the setup with `swap`'s two cards exchanged;
    /// `None` when the exchanged setup is refused or an action becomes illegal.
    fn tensors(&self, swap: Option<(&String, &String)>) -> Option<Tensors<G>> {
        let setup = match swap {
            None => self.setup.clone(),
            Some((c, d)) => {
                let mut value = serde_json::to_value(self.setup).ok()?;
                exchange(&mut value, c, d);
                serde_json::from_value(value).ok()?
            }
        };
        let mut state = G::from_setup(self.rules, setup).ok()?;
        let mut events = Vec::new();
        // From the start, each world tells its own start; later, both share the true history
        // before `t0` (the seat's knowledge then, the same in both).
        let prefix = if self.from_start {
            state.start_events(&mut events);
            &[][..]
        } else {
            self.prefix
        };
        for &action in self.actions {
            state.play_reporting(action, &mut events).ok()?;
        }
        let mut knowledge = Knowledge::<G>::new(self.rules, self.players, self.seat);
        for event in prefix {
            knowledge
                .observe(&G::redact(self.rules, event, self.seat))
                .ok()?;
        }
        let mut views = Vec::new();
        for event in &events {
            knowledge
                .observe(&G::redact(self.rules, event, self.seat))
                .ok()?;
            views.push(json(knowledge.view()));
        }
        let mut observation = vec![f32::NAN; G::OBSERVATION.len()];
        let mut information = vec![f32::NAN; G::INFORMATION_STATE.len()];
        knowledge.observation(&[], &mut observation).ok()?;
        knowledge.information_state(&[], &mut information).ok()?;
        Some(Tensors {
            knowledge,
            state: json(&state),
            views,
            observation,
            information,
        })
    }
}

fn check_values<G: Encode>(t: &Tensors<G>) -> Result<(), String> {
    for (name, values) in [
        ("observation", &t.observation),
        ("information state", &t.information),
    ] {
        if let Some(i) = values.iter().position(|x| !x.is_finite()) {
            return Err(format!("the {name} has {} at index {i}", values[i]));
        }
    }
    Ok(())
}

fn first_difference(a: &[f32], b: &[f32]) -> Option<usize> {
    a.iter()
        .zip(b)
        .position(|(x, y)| x.to_bits() != y.to_bits())
}

fn json(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// Adds the alphanumeric tokens of `text` to `out` (a card's notation is one such token).
fn tokens(text: &str, out: &mut BTreeSet<String>) {
    for token in text.split(|c: char| !c.is_alphanumeric()) {
        if !token.is_empty() {
            out.insert(token.to_owned());
        }
    }
}

/// Exchanges the tokens `c` and `d` in every string (and key) of `value`.
fn exchange(value: &mut Value, c: &str, d: &str) {
    match value {
        Value::String(s) => *s = exchange_text(s, c, d),
        Value::Array(items) => items.iter_mut().for_each(|v| exchange(v, c, d)),
        Value::Object(map) => {
            let entries = core::mem::take(map);
            for (key, mut v) in entries {
                exchange(&mut v, c, d);
                map.insert(exchange_text(&key, c, d), v);
            }
        }
        _ => {}
    }
}

fn exchange_text(text: &str, c: &str, d: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut token = String::new();
    let flush = |token: &mut String, out: &mut String| {
        out.push_str(if token == c {
            d
        } else if token == d {
            c
        } else {
            token
        });
        token.clear();
    };
    for ch in text.chars() {
        if ch.is_alphanumeric() {
            token.push(ch);
        } else {
            flush(&mut token, &mut out);
            out.push(ch);
        }
    }
    flush(&mut token, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exchanges_whole_tokens_only() {
        assert_eq!(exchange_text("A1 A12,B3", "A1", "B3"), "B3 A12,A1");
        let mut v = serde_json::json!({"hands": [["A1", "C2"], "A1 B3"], "A1": 1});
        exchange(&mut v, "A1", "B3");
        assert_eq!(
            v,
            serde_json::json!({"hands": [["B3", "C2"], "B3 A1"], "B3": 1})
        );
    }
}
