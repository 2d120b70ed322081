//! # cardrules-web
//!
//! The browser page's game engine: the registry ([`cards_registry`]) behind one JSON
//! request/answer surface, [`Engine::answer`], built for `wasm32-unknown-unknown` with the
//! plain `cargo build` (no wasm-bindgen: the exports in [`wasm`] and a few lines of JS,
//! `web/engine.js`, carry the text across). It names no game: every game type comes from the
//! catalogue.
//!
//! The engine keeps the tables; what it answers is only what the person's seat may see (its
//! view, its redacted events, its legal moves), and a game's record only once the game is
//! over ([`cards_registry::Session`]). The page runs it in a Web Worker, so a bot's search
//! never freezes the page.
//!
//! Every request is one JSON object with an `"op"`; every answer is one JSON object,
//! `{"ok":true,...}` or `{"ok":false,"error":"..."}` in the user's words. Bad input is an
//! answer, never a panic; the sizes of requests and the number of games held are bounded
//! ([`MAX_REQUEST`], [`MAX_SESSIONS`]).
//!
//! ```
//! let mut engine = cardrules_web::Engine::default();
//! let answer = engine.answer(r#"{"op":"new","game":"jass","variant":"schieber-deal","seed":7,"bots":["random"]}"#);
//! let answer: serde_json::Value = serde_json::from_str(&answer).unwrap();
//! assert_eq!(answer["ok"], true);
//! assert_eq!(answer["screen"]["view"]["hand"].as_array().map(Vec::len), Some(9));
//! ```

pub mod wasm;

use std::collections::BTreeMap;

use cards_bots::{BotSpec, Budget};
use cards_registry::rules::RuleChoices;
use cards_registry::{GameType, Session, TableError};
use serde::Deserialize;
use serde_json::{Value, json};

/// The longest request read, in bytes: a record to replay is the largest thing sent.
pub const MAX_REQUEST: usize = 4 << 20;
/// The most games held at once: a page holds one or two.
pub const MAX_SESSIONS: usize = 16;
/// The most moves a hint lists.
pub const MAX_HINT: usize = 32;
/// The largest iteration budget of a bot in the page: a search past it would take minutes in
/// a browser.
pub const MAX_ITERATIONS: u32 = 200_000;
/// The most actions a record to replay may hold: each step's view is answered, so the answer
/// grows with it.
pub const MAX_REPLAY: usize = 5_000;

/// A request, by its `"op"`.
#[derive(Debug, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
enum Request {
    /// The game types and what each takes.
    Catalogue,
    /// A new game.
    New {
        game: String,
        #[serde(default)]
        variant: Option<String>,
        #[serde(default)]
        players: Option<usize>,
        #[serde(default)]
        seat: usize,
        #[serde(deserialize_with = "number_or_digits")]
        seed: u64,
        bots: Vec<String>,
        #[serde(default)]
        preset: Option<String>,
        #[serde(default)]
        rules: Option<Value>,
    },
    /// What the seat sees now, and the events it has not been given.
    Screen { session: u32 },
    /// Every event so far as the seat saw them, and the screen (a screen rebuilt).
    History { session: u32 },
    /// The person's move: typed text, a legal move's index or a step's id.
    Play {
        session: u32,
        #[serde(default, rename = "move")]
        text: Option<String>,
        #[serde(default)]
        index: Option<usize>,
        #[serde(default)]
        step: Option<usize>,
    },
    /// Starts the decision under way again from its first step.
    Restart { session: u32 },
    /// One move of the bot to act.
    Bot { session: u32 },
    /// What a fair bot would play for the person.
    Hint {
        session: u32,
        bot: String,
        #[serde(default = "default_top")]
        top: usize,
    },
    /// Takes back the person's last move.
    Undo { session: u32 },
    /// Forgets a game.
    Close { session: u32 },
    /// A finished game's record played back as `seat` saw it, step by step.
    Replay {
        record: Value,
        #[serde(default)]
        seat: usize,
    },
}

/// A seed as a whole number, or as its digits in a string: JavaScript's numbers hold whole
/// numbers exactly only up to 2^53, and a seed goes to 2^64 - 1.
fn number_or_digits<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    struct Seed;
    impl serde::de::Visitor<'_> for Seed {
        type Value = u64;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("a whole number from 0 to 18446744073709551615, or its digits as text")
        }
        fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<u64, E> {
            Ok(v)
        }
        fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<u64, E> {
            match v.parse::<u64>() {
                Ok(seed) if v.bytes().all(|b| b.is_ascii_digit()) => Ok(seed),
                _ => Err(E::invalid_value(serde::de::Unexpected::Str(v), &self)),
            }
        }
    }
    d.deserialize_any(Seed)
}

fn default_top() -> usize {
    5
}

/// The games a page holds, by number.
#[derive(Debug, Default)]
pub struct Engine {
    sessions: BTreeMap<u32, Session>,
    next: u32,
}

/// A refusal, in the user's words.
type Refusal = String;

impl Engine {
    /// The answer to one request (JSON text), as JSON text.
    #[must_use]
    pub fn answer(&mut self, request: &str) -> String {
        self.answer_sized(request.len(), request)
    }

    /// The answer to a request of `len` bytes, `request` its text when `len` is at most
    /// [`MAX_REQUEST`] (a host keeps none of a longer one, so as to refuse it by its length).
    pub(crate) fn answer_sized(&mut self, len: usize, request: &str) -> String {
        let answer = if len > MAX_REQUEST {
            Err(format!(
                "a request is at most {} MiB, not {len} bytes",
                MAX_REQUEST >> 20,
            ))
        } else {
            match serde_json::from_str::<Request>(request) {
                Ok(request) => self.run(request),
                Err(e) => Err(format!(
                    "not a request: {}",
                    cards_registry::words::user_words(&e.to_string())
                )),
            }
        };
        let value = match answer {
            Ok(Value::Object(mut fields)) => {
                fields.insert("ok".to_owned(), Value::Bool(true));
                Value::Object(fields)
            }
            Ok(other) => json!({"ok": true, "value": other}),
            Err(error) => json!({"ok": false, "error": error}),
        };
        value.to_string()
    }

    fn session(&mut self, id: u32) -> Result<&mut Session, Refusal> {
        self.sessions
            .get_mut(&id)
            .ok_or_else(|| format!("there is no game {id} (it ended with close, or never began)"))
    }

    fn run(&mut self, request: Request) -> Result<Value, Refusal> {
        match request {
            Request::Catalogue => Ok(json!({ "games": catalogue() })),
            Request::New {
                game,
                variant,
                players,
                seat,
                seed,
                bots,
                preset,
                rules,
            } => {
                if self.sessions.len() >= MAX_SESSIONS {
                    return Err(format!(
                        "at most {MAX_SESSIONS} games are held at once: close one first"
                    ));
                }
                let line =
                    cards_registry::find(&game, variant.as_deref()).map_err(|e| e.to_string())?;
                for bot in &bots {
                    check_bot(bot)?;
                }
                let choices = RuleChoices {
                    preset,
                    json: rules.map(|r| r.to_string()),
                    set: Vec::new(),
                };
                let players = players.unwrap_or(*line.players().start());
                let rules = line.rules(&choices, players)?;
                let mut session =
                    Session::new(line, &rules, players, seat, seed, &bots).map_err(said)?;
                let id = self.next;
                self.next = self.next.wrapping_add(1);
                let answer = json!({
                    "session": id,
                    "game": line.game,
                    "variant": line.variant,
                    "label": line.label,
                    "players": players,
                    "seat": seat,
                    "bots": session.bots(),
                    "news": session.news(),
                    "screen": session.screen(),
                });
                self.sessions.insert(id, session);
                Ok(answer)
            }
            Request::Screen { session } => {
                let s = self.session(session)?;
                Ok(json!({ "news": s.news(), "screen": s.screen() }))
            }
            Request::History { session } => {
                let s = self.session(session)?;
                Ok(json!({ "news": s.history(), "screen": s.screen() }))
            }
            Request::Play {
                session,
                text,
                index,
                step,
            } => {
                let s = self.session(session)?;
                let stepped = match (text, index, step) {
                    (Some(text), None, None) => s.play(&text).map(|()| None),
                    (None, Some(index), None) => s.play_index(index).map(|()| None),
                    (None, None, Some(step)) => s.play_step(step).map(Some),
                    _ => {
                        return Err(
                            "a move is one of \"move\" (text), \"index\" or \"step\"".to_owned()
                        );
                    }
                }
                .map_err(said)?;
                Ok(json!({ "stepped": stepped, "news": s.news(), "screen": s.screen() }))
            }
            Request::Restart { session } => {
                let s = self.session(session)?;
                s.restart_steps();
                Ok(json!({ "news": s.news(), "screen": s.screen() }))
            }
            Request::Bot { session } => {
                let s = self.session(session)?;
                let moved = s.bot_turn().map_err(said)?;
                Ok(json!({ "moved": moved, "news": s.news(), "screen": s.screen() }))
            }
            Request::Hint { session, bot, top } => {
                check_bot(&bot)?;
                let s = self.session(session)?;
                let weighed = s.hint(&bot, top.clamp(1, MAX_HINT)).map_err(said)?;
                Ok(json!({ "hint": weighed }))
            }
            Request::Undo { session } => {
                let s = self.session(session)?;
                let undone = s.undo().map_err(said)?;
                Ok(json!({ "undone": undone, "news": s.history(), "screen": s.screen() }))
            }
            Request::Close { session } => {
                self.sessions.remove(&session);
                Ok(json!({}))
            }
            Request::Replay { record, seat } => replay(&record, seat),
        }
    }
}

/// A record played back as `seat` saw it: the start and then one step per action, each with
/// the seat's events (redacted for it, with their sentences) and its view after it. Only the
/// seat's view crosses, as in a game: a replay shows what that seat saw, not the deal.
fn replay(record: &Value, seat: usize) -> Result<Value, Refusal> {
    let name = record["game"]
        .as_str()
        .ok_or("not a record: it names no \"game\"")?;
    let line = cards_registry::by_record(name)
        .ok_or_else(|| format!("not a record of a game here: \"{name}\""))?;
    let actions: Vec<String> = match record.get("actions") {
        Some(Value::Array(actions)) => (actions.iter())
            .map(|a| a.as_str().map(str::to_owned))
            .collect::<Option<_>>()
            .ok_or("not a record: an action is not text")?,
        _ => return Err("not a record: it has no \"actions\" list".to_owned()),
    };
    if actions.len() > MAX_REPLAY {
        return Err(format!(
            "a record to replay has at most {MAX_REPLAY} actions, not {}",
            actions.len()
        ));
    }
    let mut start = record.clone();
    start["actions"] = json!([]);
    let mut table = line.replay(&start.to_string()).map_err(said)?;
    if seat >= table.players() {
        return Err(format!(
            "seat {seat} is not at this table: its seats are 0 to {}",
            table.players() - 1
        ));
    }
    let mut told = 0;
    let mut step = |table: &dyn cards_registry::Table, action: Option<&str>| {
        let news = table.events(Some(seat), told).unwrap_or_default();
        told = table.event_count();
        json!({
            "action": action,
            "news": news,
            "view": table.view(seat).unwrap_or_default(),
            "text": table.view_text(seat).unwrap_or_default(),
        })
    };
    let mut steps = vec![step(table.as_ref(), None)];
    for (i, action) in actions.iter().enumerate() {
        table.play(action).map_err(|e| {
            format!(
                "not a record that replays: action {} ({action}): {e}",
                i + 1
            )
        })?;
        steps.push(step(table.as_ref(), Some(action)));
    }
    Ok(json!({
        "game": line.game,
        "seat": seat,
        "players": table.players(),
        "steps": steps,
        "outcome": table.outcome().map(|(sentence, _)| sentence),
        "settlement": table.outcome().map(|_| table.settlement()),
        "unit": line.settlement,
    }))
}

/// A table's refusal as the person reads it.
fn said(e: TableError) -> Refusal {
    e.to_string()
}

/// Refuses a bot the page cannot run: a name the ladder does not know, a time budget (a
/// browser's wasm has no clock the search may read), or an iteration budget past
/// [`MAX_ITERATIONS`].
fn check_bot(name: &str) -> Result<(), Refusal> {
    let spec: BotSpec = name
        .parse()
        .map_err(|e: cards_bots::ParseBotError| e.to_string())?;
    let budget = match spec {
        BotSpec::Random | BotSpec::Rules => return Ok(()),
        BotSpec::Pimc(b)
        | BotSpec::Ismcts(b)
        | BotSpec::Cheat(b)
        | BotSpec::PimcSolve(b)
        | BotSpec::IsmctsSolve(b) => b,
    };
    match budget {
        Budget::Iterations(n) if n <= MAX_ITERATIONS => Ok(()),
        Budget::Iterations(n) => Err(format!(
            "{name}: at most {MAX_ITERATIONS} iterations in the browser, not {n}"
        )),
        Budget::Millis(_) => Err(format!(
            "{name}: a time budget cannot be kept in the browser; give iterations \
             (ismcts:1000)"
        )),
    }
}

/// Every game type with what a start screen offers: its players, rules and presets, its
/// terms, and what its settlement counts.
fn catalogue() -> Vec<Value> {
    (cards_registry::catalogue().iter())
        .map(|line: &GameType| {
            let players = line.players();
            let terms: Vec<Value> = (line.terms().iter())
                .map(|t| json!({"word": t.word, "meaning": t.meaning}))
                .collect();
            let fields: Vec<Value> = (line.rule_fields().into_iter())
                .map(|f| json!({"name": f.name, "default": f.default, "values": f.values}))
                .collect();
            let presets: Vec<&str> = line.presets().into_iter().map(|(name, _)| name).collect();
            json!({
                "game": line.game,
                "variant": line.variant,
                "label": line.label,
                "about": line.about,
                "players": [players.start(), players.end()],
                "rules": line.default_rules(),
                "fields": fields,
                "presets": presets,
                "terms": terms,
                "settlement": line.settlement,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(engine: &mut Engine, request: Value) -> Value {
        serde_json::from_str(&engine.answer(&request.to_string())).unwrap()
    }

    #[test]
    fn every_type_plays_to_its_end_through_the_answers() {
        let mut engine = Engine::default();
        let games = ask(&mut engine, json!({"op": "catalogue"}));
        for line in games["games"].as_array().unwrap() {
            let new = ask(
                &mut engine,
                json!({"op": "new", "game": line["game"], "variant": line["variant"],
                       "seed": 11, "bots": ["random"]}),
            );
            assert_eq!(new["ok"], true, "{new}");
            let id = new["session"].clone();
            let mut screen = new["screen"].clone();
            let mut moves = 0;
            while screen["end"].is_null() {
                let answer = if screen["to_act"] == new["seat"] {
                    ask(
                        &mut engine,
                        json!({"op": "play", "session": id, "index": 0}),
                    )
                } else {
                    let answer = ask(&mut engine, json!({"op": "bot", "session": id}));
                    // The seat that moved, never its move (which may hold a hidden card).
                    assert_eq!(answer["moved"], screen["to_act"], "{answer}");
                    answer
                };
                assert_eq!(answer["ok"], true, "{answer}");
                screen = answer["screen"].clone();
                moves += 1;
                assert!(moves < 20_000, "{} did not end", line["label"]);
            }
            let settlement: i64 = (screen["end"]["settlement"].as_array().unwrap().iter())
                .map(|v| v.as_i64().unwrap())
                .sum();
            assert_eq!(settlement, 0);
            assert_eq!(
                ask(&mut engine, json!({"op": "close", "session": id}))["ok"],
                true
            );
        }
    }

    #[test]
    fn bad_requests_are_answered_in_words() {
        let mut engine = Engine::default();
        for (request, words) in [
            ("not json", "not a request"),
            (r#"{"op":"fly"}"#, "not a request"),
            (r#"{"op":"screen","session":5}"#, "there is no game 5"),
            (
                r#"{"op":"new","game":"bridge","seed":1,"bots":["rules"]}"#,
                "bridge",
            ),
            (
                r#"{"op":"new","game":"jass","seed":1,"bots":["ismcts:2s"]}"#,
                "time budget",
            ),
            (
                r#"{"op":"new","game":"jass","seed":1,"bots":["ismcts:5000000"]}"#,
                "at most 200000 iterations",
            ),
            (
                r#"{"op":"new","game":"jass","seed":1,"bots":["rules"],"rules":{"target":"x"}}"#,
                "the rules given are not jass's rules",
            ),
            (
                r#"{"op":"new","game":"jass","seed":1,"bots":["rules"],"seat":9}"#,
                "seats",
            ),
            (
                r#"{"op":"new","game":"jass","seed":"-1","bots":["rules"]}"#,
                "or its digits as text",
            ),
            (
                r#"{"op":"new","game":"jass","seed":"+1","bots":["rules"]}"#,
                "or its digits as text",
            ),
            (
                r#"{"op":"new","game":"jass","seed":1.5,"bots":["rules"]}"#,
                "or its digits as text",
            ),
        ] {
            let answer: Value = serde_json::from_str(&engine.answer(request)).unwrap();
            assert_eq!(answer["ok"], false, "{request}");
            let error = answer["error"].as_str().unwrap();
            assert!(error.contains(words), "{request}: {error}");
        }
        let huge = " ".repeat(MAX_REQUEST + 1);
        assert!(engine.answer(&huge).contains("at most 4 MiB"));
    }

    #[test]
    fn a_seed_past_javascripts_exact_numbers_is_given_as_digits() {
        let mut engine = Engine::default();
        let deal = |engine: &mut Engine, seed: &str| {
            let request = format!(
                r#"{{"op":"new","game":"jass","variant":"schieber-deal","seed":{seed},"bots":["random"]}}"#
            );
            let answer: Value = serde_json::from_str(&engine.answer(&request)).unwrap();
            assert_eq!(answer["ok"], true, "{answer}");
            answer["screen"]["view"]["hand"].clone()
        };
        let max = deal(&mut engine, r#""18446744073709551615""#);
        assert_eq!(max, deal(&mut engine, "18446744073709551615"));
        // 2^53 + 1, which a JavaScript number would make 2^53.
        let past = deal(&mut engine, r#""9007199254740993""#);
        assert_eq!(past, deal(&mut engine, "9007199254740993"));
        assert_ne!(past, deal(&mut engine, "9007199254740992"));
    }

    #[test]
    fn a_refused_move_changes_nothing() {
        let mut engine = Engine::default();
        let new = ask(
            &mut engine,
            json!({"op": "new", "game": "jass", "variant": "schieber-deal", "seed": 2,
                   "seat": 0, "bots": ["rules"]}),
        );
        let id = new["session"].clone();
        let mut screen = new["screen"].clone();
        while screen["to_act"] != 0 {
            screen = ask(&mut engine, json!({"op": "bot", "session": id}))["screen"].clone();
        }
        let refused = ask(
            &mut engine,
            json!({"op": "play", "session": id, "move": "ZZ"}),
        );
        assert_eq!(refused["ok"], false);
        let refused = ask(
            &mut engine,
            json!({"op": "play", "session": id, "index": 99}),
        );
        assert_eq!(refused["ok"], false);
        let again = ask(&mut engine, json!({"op": "screen", "session": id}));
        assert_eq!(again["screen"], screen);
        assert_eq!(again["news"], json!([]));
    }

    #[test]
    fn a_record_replays_as_the_seat_saw_it() {
        let mut engine = Engine::default();
        let new = ask(
            &mut engine,
            json!({"op": "new", "game": "elewenjewe", "seed": 3, "bots": ["random"]}),
        );
        let id = new["session"].clone();
        let mut screen = new["screen"].clone();
        let mut history = new["news"].as_array().unwrap().clone();
        while screen["end"].is_null() {
            let op = if screen["to_act"] == 0 {
                json!({"op": "play", "session": id, "index": 0})
            } else {
                json!({"op": "bot", "session": id})
            };
            let answer = ask(&mut engine, op);
            history.extend(answer["news"].as_array().unwrap().iter().cloned());
            screen = answer["screen"].clone();
        }
        let record = screen["end"]["record"].clone();
        let replay = ask(
            &mut engine,
            json!({"op": "replay", "record": record, "seat": 0}),
        );
        assert_eq!(replay["ok"], true, "{replay}");
        let steps = replay["steps"].as_array().unwrap();
        assert_eq!(steps.len(), record["actions"].as_array().unwrap().len() + 1);
        // The same events the player was given, in the same order, and the same last screen.
        let replayed: Vec<Value> = (steps.iter())
            .flat_map(|s| s["news"].as_array().unwrap().iter().cloned())
            .collect();
        assert_eq!(replayed, history);
        assert_eq!(steps.last().unwrap()["text"], screen["text"]);
        assert_eq!(replay["settlement"], screen["end"]["settlement"]);
        // Another seat sees its own hand, not seat 0's.
        let other = ask(
            &mut engine,
            json!({"op": "replay", "record": record, "seat": 1}),
        );
        assert_eq!(other["steps"][0]["view"]["seat"], 1);
        assert_ne!(other["steps"][0]["view"]["hand"], steps[0]["view"]["hand"]);
        for (bad, words) in [
            (
                json!({"op": "replay", "record": {"game": "chess", "actions": []}}),
                "not a record of a game here",
            ),
            (json!({"op": "replay", "record": [1, 2]}), "names no"),
            (
                json!({"op": "replay", "record": record, "seat": 7}),
                "not at this table",
            ),
        ] {
            let answer = ask(&mut engine, bad);
            assert!(
                answer["error"].as_str().unwrap().contains(words),
                "{answer}"
            );
        }
        let mut broken = record.clone();
        broken["actions"][0] = json!("trail ZZ");
        let answer = ask(&mut engine, json!({"op": "replay", "record": broken}));
        assert!(
            answer["error"].as_str().unwrap().contains("action 1"),
            "{answer}"
        );
    }

    #[test]
    fn the_engine_holds_a_bounded_number_of_games() {
        let mut engine = Engine::default();
        let new = json!({"op": "new", "game": "zaagox", "seed": 1, "bots": ["random"]});
        for _ in 0..MAX_SESSIONS {
            assert_eq!(ask(&mut engine, new.clone())["ok"], true);
        }
        let full = ask(&mut engine, new.clone());
        assert!(full["error"].as_str().unwrap().contains("close one first"));
        assert_eq!(
            ask(&mut engine, json!({"op": "close", "session": 0}))["ok"],
            true
        );
        assert_eq!(ask(&mut engine, new)["ok"], true);
    }
}
