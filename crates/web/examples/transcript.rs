//! Plays one seeded game of every game type through the engine's answers (the person at seat
//! 0 always takes its first legal move, random bots in the other seats) and prints, per game,
//! the number of answers and the last one: what `web/test/transcript.mjs` prints from the
//! module built for wasm32, so CI can compare the two.
//!
//! `cargo run -p cardrules-web --example transcript`

use cardrules_web::Engine;
use serde_json::{Value, json};

fn ask(engine: &mut Engine, request: &Value) -> Value {
    serde_json::from_str(&engine.answer(&request.to_string())).unwrap_or_default()
}

fn main() {
    let mut engine = Engine::default();
    let games = ask(&mut engine, &json!({"op": "catalogue"}));
    for line in games["games"].as_array().into_iter().flatten() {
        let new = ask(
            &mut engine,
            &json!({"op": "new", "game": line["game"], "variant": line["variant"],
                    "seed": 5, "bots": ["random"]}),
        );
        let id = new["session"].clone();
        let (mut last, mut answers) = (new, 1);
        while last["ok"] == true && last["screen"]["end"].is_null() && answers < 100_000 {
            let request = if last["screen"]["to_act"] == 0 {
                json!({"op": "play", "session": id, "index": 0})
            } else {
                json!({"op": "bot", "session": id})
            };
            last = ask(&mut engine, &request);
            answers += 1;
        }
        ask(&mut engine, &json!({"op": "close", "session": id}));
        println!("{} {answers} {last}", line["label"]);
    }
}
