//! Everything the commands do the same way for every game, written once over
//! [`cards_core::Game`] (and the game's [`Adapter`] where it adds something): the
//! `<game>.playout` and `<game>.trace` ops, one `simulate` game, and `replay`.

use std::path::Path;

use cards_core::{
    Game, GameRecord, PlayerId, RandomPlayer, Seed, Start, play_randomly, random_playout,
};
use serde::Serialize;
use serde_json::Number;
use sha2::{Digest, Sha256};

use super::adapter::{Adapter, Event};
use crate::protocol::{Body, Fields, MAX_ECHO, OpName, OracleError, cut, fields};
use crate::replay::{ReplayFileError, ReplayReport};
use crate::simulate::{
    self, About, Config, MAX_RECORD_ALL, Played, Report, SimulateError, record_file_name,
};

/// The fields of every `<game>.playout` and `<game>.trace` request.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayoutRequest {
    /// Number of seats (checked against the game's range).
    pub players: Number,
    /// The seed: an integer with 0 ≤ seed < 2^64.
    pub seed: Number,
}

impl PlayoutRequest {
    /// The checked player count and seed for the game of adapter `A` under default rules;
    /// messages echo the values as the request wrote them (`raw`).
    ///
    /// # Errors
    /// [`OracleError::Invalid`] when `players` is not an integer in the game's range or
    /// `seed` is not an integer in `0..2^64`.
    pub fn checked<A: Adapter>(
        &self,
        op: OpName,
        raw: &Fields,
    ) -> Result<(usize, u64), OracleError> {
        let shown = |key: &str, number: &Number| {
            raw.raw(key)
                .map_or_else(|| number.to_string(), |text| cut(text, MAX_ECHO))
        };
        let range = A::Game::player_range(&Default::default());
        let label = A::VARIANTS.first().map_or(A::NAME, |variant| variant.label);
        let players = self
            .players
            .as_u64()
            .and_then(|p| usize::try_from(p).ok())
            .filter(|p| range.contains(p))
            .ok_or_else(|| {
                let counts = if range.start() == range.end() {
                    format!("{}", range.start())
                } else {
                    format!("an integer from {} to {}", range.start(), range.end())
                };
                OracleError::invalid(
                    op,
                    format!(
                        "players must be {counts} for {label}, not {}",
                        shown("players", &self.players)
                    ),
                )
            })?;
        let seed = self.seed.as_u64().ok_or_else(|| {
            OracleError::invalid(
                op,
                format!(
                    "seed must be an integer with 0 <= seed < 2^64, not {}",
                    shown("seed", &self.seed)
                ),
            )
        })?;
        Ok((players, seed))
    }
}

/// The `"variant"` values of `A`, quoted, for messages: `"schieber" (the default),
/// "coiffeur" or "differenzler"`.
fn variant_list<A: Adapter>() -> String {
    let names: Vec<String> = A::VARIANTS
        .iter()
        .enumerate()
        .map(|(i, v)| {
            if i == 0 {
                format!("{:?} (the default)", v.name)
            } else {
                format!("{:?}", v.name)
            }
        })
        .collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// Reads a `<game>.playout` or `<game>.trace` request of adapter `A`: its optional
/// `"variant"` (only when `A` has variants: the first is played, the others are not
/// implemented yet), then `players` and `seed`.
///
/// # Errors
/// A variant of another type or value, one not implemented yet; unknown or missing fields;
/// as [`PlayoutRequest::checked`].
pub fn read_request<A: Adapter>(op: OpName, mut rest: Fields) -> Result<(usize, u64), OracleError> {
    if let Some(played) = A::VARIANTS.first() {
        let shown = rest.raw("variant").map(|raw| cut(raw, MAX_ECHO));
        if let Some(value) = rest.remove("variant") {
            let variant = value
                .as_str()
                .and_then(|name| A::VARIANTS.iter().find(|v| v.name == name))
                .ok_or_else(|| {
                    OracleError::invalid(
                        op,
                        format!(
                            "variant must be {}, not {}",
                            variant_list::<A>(),
                            shown.unwrap_or_default()
                        ),
                    )
                })?;
            if variant != played {
                return Err(OracleError::VariantNotImplemented {
                    op,
                    variant: variant.name,
                    played: played.name,
                });
            }
        }
    }
    let request: PlayoutRequest = fields(op, &rest)?;
    request.checked::<A>(op, &rest)
}

/// One whole game between uniformly random players from `Seed::from(seed)` under default
/// rules, exactly as `cards_core::random_playout` plays it (without keeping a record): the
/// final state and the number of actions.
///
/// # Errors
/// [`Game::SetupError`] when the game cannot be set up (e.g. a bad player count).
pub fn playout<G: Game>(players: usize, seed: u64) -> Result<(G, usize), G::SetupError> {
    let seed = Seed::from(seed);
    let mut state = G::new(&G::Rules::default(), players, seed)?;
    let actions = play_randomly(&mut state, &mut RandomPlayer::new(seed), |_, _| {});
    Ok((state, actions))
}

/// SHA-256, as lower-case hex, of `serde_json::to_vec(state)`: the protocol's `final`.
///
/// # Errors
/// When the state cannot be written as JSON (a bug in the game's serde).
pub fn state_digest<T: Serialize>(state: &T) -> Result<String, serde_json::Error> {
    let json = serde_json::to_vec(state)?;
    Ok(hex(&Sha256::digest(&json)))
}

/// Lower-case hex of `bytes`.
#[must_use]
pub fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    bytes
        .iter()
        .fold(String::with_capacity(bytes.len() * 2), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        })
}

/// The answer to every `<game>.playout`, fields in protocol order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayoutAnswer {
    /// Number of actions played.
    pub actions: usize,
    /// The game's integer settlement, one entry per seat.
    pub returns: Vec<i64>,
    /// SHA-256 (lower-case hex) of the final state's JSON.
    #[serde(rename = "final")]
    pub final_digest: String,
}

/// `<game>.playout`: one whole random game under default rules.
///
/// # Errors
/// Unknown or missing fields, players outside the game's range, a seed outside `0..2^64`, a
/// variant not implemented yet (as [`read_request`]).
pub fn playout_op<A: Adapter>(rest: Fields) -> Result<Body, OracleError> {
    let op = OpName::new(A::NAME, "playout");
    let (players, seed) = read_request::<A>(op, rest)?;
    let (state, actions) = playout::<A::Game>(players, seed).map_err(OracleError::game)?;
    let final_digest = state_digest(&state)
        .map_err(|e| OracleError::internal(op, format!("cannot serialize the final state: {e}")))?;
    Body::new(
        op,
        &PlayoutAnswer {
            actions,
            returns: state.settlement().to_vec(),
            final_digest,
        },
    )
}

/// The answer to every `<game>.trace`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Trace<D> {
    /// Deal, decision and score events in order.
    pub events: Vec<Event<D>>,
    /// The game's integer settlement, one entry per seat (the playout's `returns`).
    pub returns: Vec<i64>,
}

/// Why a trace could not be made.
#[derive(Debug, thiserror::Error)]
pub enum TraceError<G: Game> {
    /// The game could not be set up.
    #[error(transparent)]
    Setup(G::SetupError),
    /// The trace does not fit the game (a bug in the adapter or the game).
    #[error("{0}")]
    Inconsistent(String),
}

/// The whole game `<game>.playout` plays for (`players`, `seed`), step by step: the
/// adapter's deal and score events around one decision event per applied action.
///
/// # Errors
/// [`TraceError::Setup`] when the game cannot be set up; [`TraceError::Inconsistent`] when
/// the adapter's deal does not fit the game or a decision was not applied.
pub fn trace<A: Adapter>(players: usize, seed: u64) -> Result<Trace<A::Deal>, TraceError<A::Game>> {
    let seed = Seed::from(seed);
    let mut state = A::Game::new(&Default::default(), players, seed).map_err(TraceError::Setup)?;
    let mut events = Vec::new();
    A::start_events(&state, players, seed, &mut events).map_err(TraceError::Inconsistent)?;
    let mut legal = Vec::new();
    let mut decisions = 0usize;
    // The state before the previous action, and that action: its after-events are due once
    // the state after it is seen (at the next decision, or at the end).
    let mut previous: Option<(A::Game, <A::Game as Game>::Action)> = None;
    let actions = play_randomly(&mut state, &mut RandomPlayer::new(seed), |now, action| {
        if let Some((before, done)) = previous.take() {
            A::events_after(&before, done, now, &mut events);
        }
        now.legal_actions(&mut legal);
        events.push(Event::Decision {
            seat: now.to_act().map_or(u8::MAX, |PlayerId(seat)| seat),
            legal: legal.iter().map(ToString::to_string).collect(),
            action: action.to_string(),
        });
        decisions += 1;
        previous = Some((now.clone(), action));
    });
    if decisions != actions {
        return Err(TraceError::Inconsistent(format!(
            "{decisions} decisions but {actions} actions applied: a legal action was refused"
        )));
    }
    if let Some((before, done)) = previous {
        A::events_after(&before, done, &state, &mut events);
    }
    Ok(Trace {
        events,
        returns: state.settlement().to_vec(),
    })
}

/// `<game>.trace`: the game `<game>.playout` plays, as events.
///
/// # Errors
/// As [`playout_op`]; [`OracleError::Internal`] when the trace does not fit the game (a bug).
pub fn trace_op<A: Adapter>(rest: Fields) -> Result<Body, OracleError> {
    let op = OpName::new(A::NAME, "trace");
    let (players, seed) = read_request::<A>(op, rest)?;
    match trace::<A>(players, seed) {
        Ok(trace) => Body::new(op, &trace),
        Err(TraceError::Setup(e)) => Err(OracleError::game(e)),
        Err(TraceError::Inconsistent(message)) => Err(OracleError::internal(op, message)),
    }
}

/// One `simulate` game: the playout of `seed`, summarized for the engine and the tally.
///
/// # Errors
/// [`Game::SetupError`] when the game cannot be set up.
pub fn simulate_one<A: Adapter>(
    players: usize,
    seed: u64,
) -> Result<Played<<A::Tally as simulate::Tally>::Summary>, <A::Game as Game>::SetupError> {
    let (state, actions) = playout::<A::Game>(players, seed)?;
    Ok(Played {
        actions,
        finished: state.is_terminal(),
        settlement: state.settlement().to_vec(),
        score: A::score(&state),
        summary: A::summarize(&state),
    })
}

/// `cardrules simulate` for one game: runs, writes the records asked for and renders the
/// report.
///
/// # Errors
/// [`SimulateError`] when the pool cannot start, a game cannot be set up, a record cannot be
/// written or the JSON cannot be written.
pub fn simulate<A: Adapter>(config: &Config, json: bool) -> Result<String, SimulateError> {
    let (stats, elapsed) = simulate::run::<A::Tally, _, _>(A::NAME, config, simulate_one::<A>)?;
    let about = About {
        terms: A::TERMS,
        score: A::SCORE,
    };
    let mut report = stats.report(elapsed, &about);
    if let Some(dir) = &config.record {
        write_records::<A::Game, _>(A::NAME, dir, config, &mut report)?;
    }
    simulate::render(&report, json)
}

/// `simulate --record DIR`: writes the record of every notable game of `report` (or, with
/// `--record-all`, of every game, up to [`MAX_RECORD_ALL`]) into `dir`, created if needed, as
/// `<name>-<players>p-seed<seed>.json` (`name`: the registry's name, as `simulate` took it;
/// the record inside names [`Game::NAME`]); notes the files in the report.
///
/// # Errors
/// [`SimulateError::Record`] when the directory or a file cannot be written.
pub fn write_records<G: Game, D>(
    name: &str,
    dir: &Path,
    config: &Config,
    report: &mut Report<D>,
) -> Result<(), SimulateError> {
    std::fs::create_dir_all(dir).map_err(|source| SimulateError::Record {
        path: dir.to_owned(),
        source,
    })?;
    let mut indices: Vec<u64> = if config.record_all {
        (0..config.games.min(MAX_RECORD_ALL)).collect()
    } else {
        report.notable.iter_mut().map(|n| n.game).collect()
    };
    let mut seen = std::collections::BTreeSet::new();
    indices.retain(|&index| seen.insert(index));
    for index in indices {
        let seed = config.seed.wrapping_add(index);
        let text = record_json::<G>(config.players, seed).map_err(|e| match e {
            RecordError::Setup(source) => SimulateError::Game {
                index,
                seed,
                source: Box::new(source),
            },
            RecordError::Write(e) => SimulateError::Write(e),
        })?;
        let path = dir.join(record_file_name(name, config.players, seed));
        std::fs::write(&path, text).map_err(|source| SimulateError::Record {
            path: path.clone(),
            source,
        })?;
        let shown = path.display().to_string();
        for notable in report.notable.iter_mut() {
            if notable.game == index {
                notable.record = Some(shown.clone());
            }
        }
        report.records.push(shown);
    }
    report.text.record_dir = Some(dir.display().to_string());
    Ok(())
}

/// Why a record could not be made.
#[derive(Debug, thiserror::Error)]
pub enum RecordError<G: Game> {
    /// The game could not be set up.
    #[error(transparent)]
    Setup(G::SetupError),
    /// The record could not be written as JSON (a bug in the game's serde).
    #[error("cannot write the record: {0}")]
    Write(serde_json::Error),
}

/// A seeded [`GameRecord`] in its JSON form with the seed written as the integer it came
/// from (`"seed": 42`, which `GameRecord` reads as `Seed::from(42)`), fields in the library's
/// order.
#[derive(Serialize)]
#[serde(bound = "")]
struct SeededRecord<'a, G: Game> {
    /// [`Game::NAME`].
    game: &'a str,
    /// The rules.
    rules: &'a G::Rules,
    /// Number of seats.
    players: usize,
    /// The seed, as an integer.
    seed: u64,
    /// The actions in order.
    actions: &'a [G::Action],
}

/// The record of the random game `<game>.playout` plays for (`players`, `seed`), as pretty
/// JSON ending with a line end: what `simulate --record` writes and `replay` reads.
///
/// # Errors
/// [`RecordError`] when the game cannot be set up or written.
pub fn record_json<G: Game>(players: usize, seed: u64) -> Result<String, RecordError<G>> {
    let (_, record) = random_playout::<G>(&Default::default(), players, Seed::from(seed))
        .map_err(RecordError::Setup)?;
    let mut text = serde_json::to_string_pretty(&SeededRecord::<G> {
        game: &record.game,
        rules: &record.rules,
        players,
        seed,
        actions: &record.actions,
    })
    .map_err(RecordError::Write)?;
    text.push('\n');
    Ok(text)
}

/// Replays a record of game `A::Game` given as JSON text and reports how it ended.
///
/// # Errors
/// [`ReplayFileError::Parse`] when the text is not a record of this game;
/// [`ReplayFileError::Replay`] when the setup fails or an action is refused.
pub fn replay<A: Adapter>(
    text: &[u8],
) -> Result<ReplayReport<<A::Game as Game>::Outcome>, ReplayFileError> {
    let record: GameRecord<A::Game> =
        serde_json::from_slice(text).map_err(ReplayFileError::Parse)?;
    let state = record
        .replay()
        .map_err(|e| ReplayFileError::Replay(Box::new(e)))?;
    let seed = match &record.start {
        Start::Seed { seed, .. } => Some(seed.to_string()),
        Start::Setup(_) => None,
    };
    Ok(ReplayReport {
        game: A::Game::NAME,
        players: state.num_players(),
        seed,
        seed_integer: None,
        actions: record.actions.len(),
        to_act: state.to_act().map(|PlayerId(seat)| seat),
        notes: A::notes(&state),
        outcome: state.outcome(),
        returns: state.settlement().to_vec(),
        final_digest: state_digest(&state).map_err(ReplayFileError::Write)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_is_lower_case_and_padded() {
        assert_eq!(hex(&[0, 1, 0xab, 0xff]), "0001abff");
    }

    #[test]
    fn digest_is_sha256_of_the_json() {
        // SHA-256 of the two bytes `[]`.
        assert_eq!(
            state_digest(&Vec::<u8>::new()).unwrap(),
            "4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945"
        );
    }
}
