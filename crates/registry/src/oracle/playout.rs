//! The oracle's `<game>.playout` and `<game>.trace`, written once over [`cards_core::Game`]:
//! one whole game between uniformly random players, and the same game step by step, its
//! deal and score entries read off the game's own events.

use cards_core::{Game, GameEvent, PlayerId, RandomPlayer, Seed, play_randomly};
use serde::Serialize;
use serde_json::Number;
use serde_json::value::RawValue;
use sha2::{Digest, Sha256};

use super::protocol::{Body, Fields, MAX_ECHO, OpName, OracleError, cut, fields};

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
    /// The checked player count and seed for the game `G` under default rules
    /// (`label` names it in messages); messages echo the values as the request wrote them
    /// (`raw`).
    ///
    /// # Errors
    /// [`OracleError::Invalid`] when `players` is not an integer in the game's range or
    /// `seed` is not an integer in `0..2^64`.
    pub fn checked<G: Game>(
        &self,
        op: OpName,
        raw: &Fields,
        label: &str,
    ) -> Result<(usize, u64), OracleError> {
        let shown = |key: &str, number: &Number| {
            raw.raw(key)
                .map_or_else(|| number.to_string(), |text| cut(text, MAX_ECHO))
        };
        let range = G::player_range(&Default::default());
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

/// Reads the `players` and `seed` of a `<game>.playout` or `<game>.trace` request of the game
/// `G` (`label` names it in messages).
///
/// # Errors
/// Unknown or missing fields; as [`PlayoutRequest::checked`].
pub fn read_request<G: Game>(
    op: OpName,
    rest: &Fields,
    label: &str,
) -> Result<(usize, u64), OracleError> {
    let request: PlayoutRequest = fields(op, rest)?;
    request.checked::<G>(op, rest, label)
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

/// `<game>.playout` (`op`, its fields `rest`): one whole random game of `G` (`label` in
/// messages) under default rules.
///
/// # Errors
/// Unknown or missing fields, players outside the game's range, a seed outside `0..2^64`, a
/// variant not implemented yet (as [`read_request`]).
pub fn playout_op<G: Game>(op: OpName, rest: &Fields, label: &str) -> Result<Body, OracleError> {
    let (players, seed) = read_request::<G>(op, rest, label)?;
    let (state, actions) = playout::<G>(players, seed).map_err(OracleError::game)?;
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

/// One entry of a `<game>.trace` answer (`docs/oracle.md`, "Traces"): `{"deal":…}`,
/// `{"seat":k,"legal":[…],"action":"…"}` or `{"score":[…]}`. Deal and score entries are read
/// off the game's events ([`GameEvent::deal`], [`GameEvent::score`]).
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum TraceEntry {
    /// Cards were dealt (or the order of undealt cards changed), in the game's deal form.
    Deal {
        /// The deal form, as the game's serde writes it (its fields in the game's order).
        deal: Box<RawValue>,
    },
    /// A seat chose an action.
    Decision {
        /// The seat that acted.
        seat: u8,
        /// Every legal action at that moment, in action notation.
        legal: Vec<String>,
        /// The action applied, in action notation.
        action: String,
    },
    /// A deal or round ended.
    Score {
        /// One number per seat or team, as the game's trace form says.
        score: Vec<i64>,
    },
}

impl TraceEntry {
    /// The deal form as a JSON value, for a deal entry.
    #[must_use]
    pub fn deal(&self) -> Option<serde_json::Value> {
        match self {
            TraceEntry::Deal { deal } => serde_json::from_str(deal.get()).ok(),
            _ => None,
        }
    }
}

/// Entries are equal when they write the same JSON.
impl PartialEq for TraceEntry {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (TraceEntry::Deal { deal: a }, TraceEntry::Deal { deal: b }) => a.get() == b.get(),
            (
                TraceEntry::Decision {
                    seat: a,
                    legal: b,
                    action: c,
                },
                TraceEntry::Decision {
                    seat: x,
                    legal: y,
                    action: z,
                },
            ) => (a, b, c) == (x, y, z),
            (TraceEntry::Score { score: a }, TraceEntry::Score { score: b }) => a == b,
            _ => false,
        }
    }
}

/// The answer to every `<game>.trace`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Trace {
    /// Deal, decision and score entries in order.
    pub events: Vec<TraceEntry>,
    /// The game's returns, one entry per seat (the playout's `returns`).
    pub returns: Returns,
}

/// Why a trace could not be made.
#[derive(Debug, thiserror::Error)]
pub enum TraceError<G: Game> {
    /// The game could not be set up.
    #[error(transparent)]
    Setup(G::SetupError),
    /// The game refused its own legal action, or an event could not be written (a bug).
    #[error("{0}")]
    Inconsistent(String),
}

/// The deal and score entries among `events`, in order.
fn milestones<E: GameEvent>(events: &[E], out: &mut Vec<TraceEntry>) -> Result<(), String> {
    for event in events {
        if let Some(deal) = event.deal() {
            let deal = serde_json::value::to_raw_value(deal)
                .map_err(|e| format!("cannot write the deal of \"{event}\": {e}"))?;
            out.push(TraceEntry::Deal { deal });
        }
        if let Some(score) = event.score() {
            out.push(TraceEntry::Score {
                score: score.to_vec(),
            });
        }
    }
    Ok(())
}

/// The whole game `<game>.playout` plays for (`players`, `seed`), step by step: the deal and
/// score entries of its events around one decision entry per applied action.
///
/// # Errors
/// [`TraceError::Setup`] when the game cannot be set up; [`TraceError::Inconsistent`] when a
/// legal action is refused.
pub fn trace<G: Game>(players: usize, seed: u64) -> Result<Trace, TraceError<G>> {
    trace_under::<G>(&Default::default(), players, seed).map(|(_, trace)| trace)
}

/// [`trace`] under any `rules` (the oracle uses the defaults), with the final state.
///
/// # Errors
/// As [`trace`].
pub fn trace_under<G: Game>(
    rules: &G::Rules,
    players: usize,
    seed: u64,
) -> Result<(G, Trace), TraceError<G>> {
    let seed = Seed::from(seed);
    let mut state = G::new(rules, players, seed).map_err(TraceError::Setup)?;
    let mut events = Vec::new();
    let mut entries = Vec::new();
    state.start_events(&mut events);
    milestones(&events, &mut entries).map_err(TraceError::Inconsistent)?;
    // The player chooses exactly as `playout`'s does (`play_randomly`): the same game.
    let mut player = RandomPlayer::new(seed);
    let (mut buf, mut legal) = (Vec::new(), Vec::new());
    for _ in 0..G::max_actions(rules, players) {
        let Some(action) = player.choose(&state, &mut buf) else {
            break;
        };
        state.legal_actions(&mut legal);
        entries.push(TraceEntry::Decision {
            seat: state.to_act().map_or(u8::MAX, |PlayerId(seat)| seat),
            legal: legal.iter().map(ToString::to_string).collect(),
            action: action.to_string(),
        });
        events.clear();
        state.play_reporting(action, &mut events).map_err(|e| {
            TraceError::Inconsistent(format!("the legal action {action} was refused: {e}"))
        })?;
        milestones(&events, &mut entries).map_err(TraceError::Inconsistent)?;
    }
    let trace = Trace {
        events: entries,
        returns: Returns::of(&state),
    };
    Ok((state, trace))
}

/// `<game>.trace` (`op`, its fields `rest`): the game `<game>.playout` plays, as entries.
///
/// # Errors
/// As [`playout_op`]; [`OracleError::Internal`] when the trace does not fit the game (a bug).
pub fn trace_op<G: Game>(op: OpName, rest: &Fields, label: &str) -> Result<Body, OracleError> {
    let (players, seed) = read_request::<G>(op, rest, label)?;
    match trace::<G>(players, seed) {
        Ok(trace) => Body::new(op, &trace),
        Err(TraceError::Setup(e)) => Err(OracleError::game(e)),
        Err(TraceError::Inconsistent(message)) => Err(OracleError::internal(op, message)),
    }
}
