//! The generic conformance harness every game crate runs over many seeds (feature `conformance`,
//! which adds a `serde_json` dependency for the round-trip checks).
//!
//! It plays whole games with the built-in [`RandomPlayer`] and checks, at every state:
//! - `to_act`, `is_terminal` and `legal_actions` agree; legal actions are distinct and their
//!   indices round-trip;
//! - every legal action applies;
//! - random actions from the whole index space that are not legal are refused with an error,
//!   leaving the state unchanged;
//! - cards are conserved ([`Game::census`] covers the deck exactly once);
//! - the state and every player's view survive a JSON round trip, and a world sampled from each
//!   view shows that player the same view and conserves cards;
//! - returns are all zero before the end;
//!
//! and at the end: the game ended within [`Game::max_actions`]; returns have one entry per seat
//! and sum to zero; the record survives JSON and replays to the same final state.

use crate::{Game, GameRecord, GameRng, RandomPlayer, Seed};

/// How thorough a run is.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// Random action indices tried against each state (the illegal ones must be refused).
    pub illegal_probes: usize,
    /// Check views and sampled worlds every this many states (1 = every state).
    pub view_every: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            illegal_probes: 4,
            view_every: 1,
        }
    }
}

/// A broken invariant: which game, where, and what.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{game} with {players} players, seed {seed}, after {step} actions: {message}")]
pub struct Violation {
    /// Game name.
    pub game: &'static str,
    /// Seats.
    pub players: usize,
    /// Seed of the failing game.
    pub seed: Seed,
    /// Number of actions applied before the failure.
    pub step: usize,
    /// What went wrong.
    pub message: String,
}

/// What a successful run covered.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Report {
    /// Games played.
    pub games: usize,
    /// States checked.
    pub states: usize,
    /// Illegal actions refused.
    pub illegal_refused: usize,
    /// Longest game, in actions.
    pub longest: usize,
}

/// Runs [`check_game`] for every seed and sums the reports.
///
/// # Errors
/// The first [`Violation`] found.
pub fn check<G: Game>(
    rules: &G::Rules,
    players: usize,
    seeds: impl IntoIterator<Item = Seed>,
    config: Config,
) -> Result<Report, Violation> {
    let mut total = Report::default();
    for seed in seeds {
        let r = check_game::<G>(rules, players, seed, config)?;
        total.games += r.games;
        total.states += r.states;
        total.illegal_refused += r.illegal_refused;
        total.longest = total.longest.max(r.longest);
    }
    Ok(total)
}

/// Plays one random game from `seed` and checks every invariant listed in the module docs.
///
/// # Errors
/// The first [`Violation`] found.
pub fn check_game<G: Game>(
    rules: &G::Rules,
    players: usize,
    seed: Seed,
    config: Config,
) -> Result<Report, Violation> {
    let mut step = 0;
    let fail = |step: usize, message: String| Violation {
        game: G::NAME,
        players,
        seed,
        step,
        message,
    };
    let mut state =
        G::new(rules, players, seed).map_err(|e| fail(0, format!("setup failed: {e}")))?;
    let mut record = GameRecord::<G>::new(rules.clone(), players, seed);
    let mut player = RandomPlayer::new(seed);
    // A separate stream for probes and sampling, so the game played does not depend on them.
    let mut probe_rng = GameRng::new(seed, 2);
    let mut legal = Vec::new();
    let mut buf = Vec::new();
    let mut report = Report {
        games: 1,
        ..Report::default()
    };
    let limit = G::max_actions(rules, players);

    loop {
        check_state(
            &state,
            step,
            &mut legal,
            &mut probe_rng,
            config,
            &mut report,
        )
        .map_err(|m| fail(step, m))?;
        if step % config.view_every.max(1) == 0 {
            check_views(&state, &mut probe_rng).map_err(|m| fail(step, m))?;
        }
        let Some(action) = player.choose(&state, &mut buf) else {
            break;
        };
        if step >= limit {
            return Err(fail(
                step,
                format!("the game did not end within max_actions = {limit}"),
            ));
        }
        state = state
            .apply(&action)
            .map_err(|e| fail(step, format!("legal action {action} refused: {e}")))?;
        record.actions.push(action);
        step += 1;
    }
    report.longest = step;

    let returns = state.returns();
    if returns.len() != players {
        return Err(fail(
            step,
            format!(
                "returns has {} entries for {players} players",
                returns.len()
            ),
        ));
    }
    let sum: f64 = returns.iter().sum();
    if sum.abs() > 1e-9 {
        return Err(fail(
            step,
            format!("returns {returns:?} sum to {sum}, not 0"),
        ));
    }
    let json = serde_json::to_string(&record)
        .map_err(|e| fail(step, format!("record does not serialize: {e}")))?;
    let back: GameRecord<G> = serde_json::from_str(&json)
        .map_err(|e| fail(step, format!("record does not deserialize: {e}")))?;
    if back != record {
        return Err(fail(step, "record changed in a JSON round trip".into()));
    }
    let replayed = back
        .replay()
        .map_err(|e| fail(step, format!("replay failed: {e}")))?;
    if replayed != state {
        return Err(fail(step, "replay reached a different final state".into()));
    }
    Ok(report)
}

fn check_state<G: Game>(
    state: &G,
    _step: usize,
    legal: &mut Vec<G::Action>,
    rng: &mut GameRng,
    config: Config,
    report: &mut Report,
) -> Result<(), String> {
    report.states += 1;
    state.legal_actions(legal);
    match (state.to_act(), legal.is_empty(), state.is_terminal()) {
        (Some(_), false, false) | (None, true, true) => {}
        (to_act, empty, terminal) => {
            return Err(format!(
                "to_act = {to_act:?}, legal actions empty = {empty}, is_terminal = {terminal} disagree"
            ));
        }
    }
    if !state.is_terminal() && state.returns().iter().any(|&r| r != 0.0) {
        return Err(format!(
            "returns {:?} before the game is over",
            state.returns()
        ));
    }
    let census = state.census();
    let full = if G::DECK_SIZE >= 64 {
        u64::MAX
    } else {
        (1u64 << G::DECK_SIZE) - 1
    };
    if census.count != G::DECK_SIZE || census.cards != full {
        return Err(format!(
            "cards not conserved: {} card slots covering {:#x}, expected {} covering {full:#x}",
            census.count,
            census.cards,
            G::DECK_SIZE
        ));
    }
    for (i, action) in legal.iter().enumerate() {
        if legal[..i].contains(action) {
            return Err(format!("legal action {action} listed twice"));
        }
        let index = G::action_index(action);
        if index >= G::NUM_ACTIONS || G::action_from_index(index) != Some(*action) {
            return Err(format!(
                "action {action} has index {index}, which does not map back to it"
            ));
        }
        if let Err(e) = state.apply(action) {
            return Err(format!("legal action {action} refused: {e}"));
        }
    }
    for _ in 0..config.illegal_probes {
        let index = rng.below(G::NUM_ACTIONS as u64) as usize;
        let Some(action) = G::action_from_index(index) else {
            return Err(format!("index {index} < NUM_ACTIONS maps to no action"));
        };
        if legal.contains(&action) {
            continue;
        }
        let before = state.clone();
        if state.apply(&action).is_ok() {
            return Err(format!("illegal action {action} was accepted"));
        }
        if *state != before {
            return Err(format!("refusing {action} changed the state"));
        }
        report.illegal_refused += 1;
    }
    let json =
        serde_json::to_string(state).map_err(|e| format!("state does not serialize: {e}"))?;
    let back: G = serde_json::from_str(&json)
        .map_err(|e| format!("state does not deserialize: {e}: {json}"))?;
    if back != *state {
        return Err("state changed in a JSON round trip".into());
    }
    Ok(())
}

fn check_views<G: Game>(state: &G, rng: &mut GameRng) -> Result<(), String> {
    for seat in 0..state.num_players() {
        let seat = crate::PlayerId(seat as u8);
        let view = state.view(seat);
        let json = serde_json::to_string(&view)
            .map_err(|e| format!("view of {seat:?} does not serialize: {e}"))?;
        let back: G::View = serde_json::from_str(&json)
            .map_err(|e| format!("view of {seat:?} does not deserialize: {e}"))?;
        if back != view {
            return Err(format!("view of {seat:?} changed in a JSON round trip"));
        }
        let world = G::sample_world(&view, rng)
            .map_err(|e| format!("sampling a world for {seat:?} failed: {e}"))?;
        if world.view(seat) != view {
            return Err(format!(
                "a world sampled from {seat:?}'s view shows {seat:?} a different view"
            ));
        }
        let census = world.census();
        if census.count != G::DECK_SIZE {
            return Err(format!(
                "a world sampled for {seat:?} holds {} cards",
                census.count
            ));
        }
    }
    Ok(())
}
