//! A game played natively through the engine's answers: the `new` request given (JSON), the
//! person's moves given in order (their notation), the bots answering the rest. Prints the end's
//! settlement and record as JSON. The page's browser test plays the same request and moves in
//! the browser, and the two records must be the same.
//!
//! Usage: cargo run --release -p cardrules-web --example play -- 'NEW-REQUEST' 'MOVES'

use cardrules_web::Engine;
use serde_json::{Value, json};

fn ask(engine: &mut Engine, request: &Value) -> Value {
    serde_json::from_str(&engine.answer(&request.to_string())).unwrap_or_default()
}

fn fail(why: &str) -> ! {
    eprintln!("{why}");
    std::process::exit(1);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [new, moves] = args.as_slice() else {
        fail("usage: play 'NEW-REQUEST' 'MOVES'");
    };
    let new: Value = serde_json::from_str(new).unwrap_or_else(|e| fail(&e.to_string()));
    let moves: Vec<String> = serde_json::from_str(moves).unwrap_or_else(|e| fail(&e.to_string()));
    let mut engine = Engine::default();
    let start = ask(&mut engine, &new);
    if start["ok"] != true {
        fail(&start.to_string());
    }
    let (id, seat) = (start["session"].clone(), start["seat"].clone());
    let mut screen = start["screen"].clone();
    let mut moves = moves.into_iter();
    while screen["end"].is_null() {
        let request = if screen["to_act"] == seat {
            let text = moves
                .next()
                .unwrap_or_else(|| fail("the moves ran out before the end"));
            json!({"op": "play", "session": id, "move": text})
        } else {
            json!({"op": "bot", "session": id})
        };
        let answer = ask(&mut engine, &request);
        if answer["ok"] != true {
            fail(&answer.to_string());
        }
        screen = answer["screen"].clone();
    }
    let end = &screen["end"];
    println!(
        "{}",
        json!({"settlement": end["settlement"], "record": end["record"]})
    );
}
