//! Everything the commands do the same way for every game, written once over
//! [`cards_core::Game`] (and the game's [`Adapter`] where it adds something): the
//! `<game>.playout` and `<game>.trace` ops, one `simulate` game, and `replay`.

use std::path::Path;

use cards_core::{
    Game, GameRecord, PlayerId, Presets, RandomPlayer, Seed, Start, play_randomly, random_playout,
};
use serde::Serialize;
use serde_json::Number;
use sha2::{Digest, Sha256};

use super::adapter::{Adapter, Event, Simulation};
use crate::protocol::{Body, Fields, MAX_ECHO, OpName, OracleError, cut, fields};
use crate::replay::{ReplayFileError, ReplayReport};
use crate::simulate::{
    self, About, Config, MAX_RECORD_ALL, Played, Report, RuleChoices, RunRules, SimulateError,
    record_file_name,
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
    /// The checked player count and seed for the game of adapter `A` under default rules
    /// (`label` names it in messages); messages echo the values as the request wrote them
    /// (`raw`).
    ///
    /// # Errors
    /// [`OracleError::Invalid`] when `players` is not an integer in the game's range or
    /// `seed` is not an integer in `0..2^64`.
    pub fn checked<A: Adapter>(
        &self,
        op: OpName,
        raw: &Fields,
        label: &str,
    ) -> Result<(usize, u64), OracleError> {
        let shown = |key: &str, number: &Number| {
            raw.raw(key)
                .map_or_else(|| number.to_string(), |text| cut(text, MAX_ECHO))
        };
        let range = A::Game::player_range(&Default::default());
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

/// Checks a trace's first deal event: `derived`, the game an adapter rebuilt from the deal it
/// derived from the seed, must be exactly `start`.
///
/// # Errors
/// A message when the derived deal is not a valid start or gives another state (a bug).
pub fn check_derived<G: Game>(derived: Result<G, G::SetupError>, start: &G) -> Result<(), String> {
    let dealt = derived.map_err(|e| format!("the derived deal is not a valid start: {e}"))?;
    if dealt == *start {
        Ok(())
    } else {
        Err("the derived deal does not give the game's start".to_owned())
    }
}

/// Reads the `players` and `seed` of a `<game>.playout` or `<game>.trace` request of adapter
/// `A` (`label` names the game in messages).
///
/// # Errors
/// Unknown or missing fields; as [`PlayoutRequest::checked`].
pub fn read_request<A: Adapter>(
    op: OpName,
    rest: &Fields,
    label: &str,
) -> Result<(usize, u64), OracleError> {
    let request: PlayoutRequest = fields(op, rest)?;
    request.checked::<A>(op, rest, label)
}

/// One whole game between uniformly random players from `Seed::from(seed)` under default
/// rules, exactly as `cards_core::random_playout` plays it (without keeping a record): the
/// final state and the number of actions.
///
/// # Errors
/// [`Game::SetupError`] when the game cannot be set up (e.g. a bad player count).
pub fn playout<G: Game>(players: usize, seed: u64) -> Result<(G, usize), G::SetupError> {
    playout_with(&G::Rules::default(), players, seed, |_, _| {})
}

/// [`playout`] under `rules`, calling `watch` before each action with the state it is
/// applied to.
///
/// # Errors
/// [`Game::SetupError`] when the game cannot be set up under `rules`.
pub fn playout_with<G: Game>(
    rules: &G::Rules,
    players: usize,
    seed: u64,
    watch: impl FnMut(&G, G::Action),
) -> Result<(G, usize), G::SetupError> {
    let seed = Seed::from(seed);
    let mut state = G::new(rules, players, seed)?;
    let actions = play_randomly(&mut state, &mut RandomPlayer::new(seed), watch);
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

/// A game's [`Game::returns`] as the oracle writes them: JSON numbers, a whole number without
/// a fraction (`48`, `-16`), anything else as the shortest decimal that reads back exactly
/// (`94.5`, `-12.333333333333334`).
#[derive(Debug, Clone, PartialEq)]
pub struct Returns(pub Vec<f64>);

impl Returns {
    /// The returns of `state`.
    pub fn of<G: Game>(state: &G) -> Self {
        Returns(state.returns().to_vec())
    }
}

impl Serialize for Returns {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        for &value in &self.0 {
            // Exactly representable whole numbers keep the integer form they always had.
            if value.fract() == 0.0 && value.abs() < 9.0e15 {
                seq.serialize_element(&(value as i64))?;
            } else {
                seq.serialize_element(&value)?;
            }
        }
        seq.end()
    }
}

/// The answer to every `<game>.playout`, fields in protocol order.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayoutAnswer {
    /// Number of actions played.
    pub actions: usize,
    /// The game's returns ([`Game::returns`]), one entry per seat.
    pub returns: Returns,
    /// SHA-256 (lower-case hex) of the final state's JSON.
    #[serde(rename = "final")]
    pub final_digest: String,
}

/// `<game>.playout` (`op`, its fields `rest`): one whole random game of `A` (`label` in
/// messages) under default rules.
///
/// # Errors
/// Unknown or missing fields, players outside the game's range, a seed outside `0..2^64`, a
/// variant not implemented yet (as [`read_request`]).
pub fn playout_op<A: Adapter>(op: OpName, rest: &Fields, label: &str) -> Result<Body, OracleError> {
    let (players, seed) = read_request::<A>(op, rest, label)?;
    let (state, actions) = playout::<A::Game>(players, seed).map_err(OracleError::game)?;
    let final_digest = state_digest(&state)
        .map_err(|e| OracleError::internal(op, format!("cannot serialize the final state: {e}")))?;
    Body::new(
        op,
        &PlayoutAnswer {
            actions,
            returns: Returns::of(&state),
            final_digest,
        },
    )
}

/// The answer to every `<game>.trace`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Trace<D> {
    /// Deal, decision and score events in order.
    pub events: Vec<Event<D>>,
    /// The game's returns, one entry per seat (the playout's `returns`).
    pub returns: Returns,
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
    trace_under::<A>(&Default::default(), players, seed).map(|(_, trace)| trace)
}

/// A finished game and its trace.
pub type Traced<A> = (<A as Adapter>::Game, Trace<<A as Adapter>::Deal>);

/// [`trace`] under any `rules` (the oracle uses the defaults), with the final state.
///
/// # Errors
/// As [`trace`].
pub fn trace_under<A: Adapter>(
    rules: &<A::Game as Game>::Rules,
    players: usize,
    seed: u64,
) -> Result<Traced<A>, TraceError<A::Game>> {
    let seed = Seed::from(seed);
    let mut state = A::Game::new(rules, players, seed).map_err(TraceError::Setup)?;
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
    let trace = Trace {
        events,
        returns: Returns::of(&state),
    };
    Ok((state, trace))
}

/// `<game>.trace` (`op`, its fields `rest`): the game `<game>.playout` plays, as events.
///
/// # Errors
/// As [`playout_op`]; [`OracleError::Internal`] when the trace does not fit the game (a bug).
pub fn trace_op<A: Adapter>(op: OpName, rest: &Fields, label: &str) -> Result<Body, OracleError> {
    let (players, seed) = read_request::<A>(op, rest, label)?;
    match trace::<A>(players, seed) {
        Ok(trace) => Body::new(op, &trace),
        Err(TraceError::Setup(e)) => Err(OracleError::game(e)),
        Err(TraceError::Inconsistent(message)) => Err(OracleError::internal(op, message)),
    }
}

/// The rules `choices` name for the game of `A` ([`RuleChoices::rules`]: its default rules or
/// a preset, the `--rules` JSON merged in, then each `--rule` in order).
///
/// # Errors
/// [`SimulateError::Rules`] naming what was wrong: JSON that is not the game's rules, an
/// unknown option or a bad value.
pub fn rules_from<A: Simulation>(
    choices: &RuleChoices,
) -> Result<<A::Game as Game>::Rules, SimulateError> {
    choices
        .rules(A::NAME, &<<A::Game as Game>::Rules as Presets>::presets())
        .map_err(SimulateError::Rules)
}

/// One `simulate` game: the playout of `seed` under `rules`, summarized for the engine and
/// the tally.
///
/// # Errors
/// [`Game::SetupError`] when the game cannot be set up.
pub fn simulate_one<A: Simulation>(
    rules: &<A::Game as Game>::Rules,
    players: usize,
    seed: u64,
) -> Result<Played<<A::Tally as simulate::Tally>::Summary>, <A::Game as Game>::SetupError> {
    let mut watch = A::Watch::default();
    let (state, actions) = playout_with::<A::Game>(rules, players, seed, |now, action| {
        A::watch(&mut watch, now, action);
    })?;
    Ok(Played {
        actions,
        finished: state.is_terminal(),
        settlement: state.settlement().to_vec(),
        score: A::score(&state),
        summary: A::summarize(&state, watch),
    })
}

/// `cardrules simulate` for one game (`variant`: the variant it plays, for the report;
/// `trace_variant`: the `"variant"` the oracle's trace of it needs, if not the default):
/// reads the rules, runs, writes the records asked for and renders the report.
///
/// # Errors
/// [`SimulateError`] when the rules are bad, the pool cannot start, a game cannot be set up,
/// a record cannot be written or the JSON cannot be written.
pub fn simulate<A: Simulation>(
    config: &Config,
    variant: Option<&'static str>,
    trace_variant: Option<&'static str>,
    json: bool,
) -> Result<String, SimulateError> {
    let rules = rules_from::<A>(&config.rules)?;
    // A setup error shows before any game runs (bad rules for this table, say).
    A::Game::new(&rules, config.players, Seed::from(config.seed))
        .map_err(|source| SimulateError::Rules(format!("{source}")))?;
    let (stats, elapsed) = simulate::run::<A::Tally, _, _>(A::NAME, config, |players, seed| {
        simulate_one::<A>(&rules, players, seed)
    })?;
    let about = About {
        terms: A::TERMS,
        score: A::SCORE,
        traced: A::TRACED,
    };
    let variant_arg = config
        .variant
        .as_ref()
        .map(|v| format!(" --variant {v}"))
        .unwrap_or_default();
    let run = RunRules {
        variant,
        rules: serde_json::to_value(&rules).map_err(SimulateError::Write)?,
        described: config.rules.describe(),
        args: format!("{variant_arg}{}", config.rules.args()),
        default_rules: config.rules.is_default(),
        trace_variant,
    };
    let mut report = stats.report(elapsed, &about, run);
    if let Some(dir) = &config.record {
        write_records::<A::Game, _>(A::NAME, &rules, dir, config, &mut report)?;
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
    rules: &G::Rules,
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
        let text = record_json::<G>(rules, config.players, seed).map_err(|e| match e {
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

/// The record of the random game that `simulate` plays under `rules` for (`players`, `seed`)
/// (under default rules: `<game>.playout`'s), as pretty JSON ending with a line end: what
/// `simulate --record` writes and `replay` reads.
///
/// # Errors
/// [`RecordError`] when the game cannot be set up or written.
pub fn record_json<G: Game>(
    rules: &G::Rules,
    players: usize,
    seed: u64,
) -> Result<String, RecordError<G>> {
    let (_, record) =
        random_playout::<G>(rules, players, Seed::from(seed)).map_err(RecordError::Setup)?;
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

/// `cardrules replay` of a record of `A::Game` given as JSON text: the report rendered (text,
/// or JSON with `json`); `seed` is the record's seed when written as an integer.
///
/// # Errors
/// As [`replay`]; [`ReplayFileError::Write`] when the JSON cannot be written.
pub fn replay_rendered<A: Adapter>(
    text: &[u8],
    seed: Option<u64>,
    json: bool,
) -> Result<String, ReplayFileError> {
    let mut report = replay::<A>(text)?;
    report.seed_integer = seed;
    report.render(json)
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
    fn returns_are_json_numbers_whole_ones_as_integers() {
        let returns = Returns(vec![48.0, -16.0, 94.5, -126.5, 0.0, -0.0, 1.0 / 3.0]);
        assert_eq!(
            serde_json::to_string(&returns).unwrap(),
            "[48,-16,94.5,-126.5,0,0,0.3333333333333333]"
        );
    }

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
