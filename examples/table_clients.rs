//! One table, one client per seat, each kept up to date by its own events alone.
//!
//! The server holds the only full state. After the deal and after every action it sends each
//! seat only that seat's redacted events (`Game::redact`); a client starts from an empty table
//! (`Game::blank_view`) and follows them (`Game::observe`). The seat to act chooses from its own
//! view (`Game::view_legal_actions`) and sends the server nothing but the action. After every
//! step each client's view is checked against the server's `view` of that seat: the events a
//! seat receives are all it needs, and they show it nothing it may not see.
//!
//! The same loop serves every game, because it names none: here Zaägox, one Letom deal, a whole
//! Schieber game and Eléwénjewé.
//!
//! Run with `cargo run --example table_clients [games-per-game]` (default 20).

use std::process::ExitCode;

use cardrules::cards_core::{Game, GameRng, PlayerId, Seed};
use cardrules::{elewenjewe, jass, letom, zaagox};

/// A client at seat `seat`: its view of the table, built from its events.
struct Client<G: Game> {
    view: G::View,
}

/// What one table's game showed.
#[derive(Default)]
struct Counts {
    actions: usize,
    events: usize,
    /// Events some seat received redacted (a card or more hidden from it).
    hidden: usize,
}

/// Plays one game of `G` from `seed` between clients that choose at random from their own
/// views; returns what it counted, or what went wrong.
fn play_table<G: Game>(players: usize, seed: u64) -> Result<Counts, String> {
    let rules = G::Rules::default();
    let mut server = G::new(&rules, players, Seed::from(seed)).map_err(|e| e.to_string())?;
    let seats: Vec<PlayerId> = PlayerId::all(players).collect();
    let mut clients: Vec<Client<G>> = seats
        .iter()
        .map(|&seat| Client {
            view: G::blank_view(&rules, players, seat),
        })
        .collect();
    let mut counts = Counts::default();
    let mut events = Vec::new();
    server.start_events(&mut events);
    let mut rng = GameRng::new(Seed::from(seed), 7);
    let mut legal = Vec::new();
    loop {
        // The server sends each seat its own copy of what just happened.
        counts.events += events.len();
        counts.hidden += events
            .iter()
            .filter(|event| {
                seats
                    .iter()
                    .any(|&seat| G::redact(&rules, event, seat) != **event)
            })
            .count();
        for (client, &seat) in clients.iter_mut().zip(&seats) {
            for event in &events {
                let sent = G::redact(&rules, event, seat);
                G::observe(&mut client.view, &sent).map_err(|e| e.to_string())?;
            }
            if client.view != server.view(seat) {
                return Err(format!(
                    "seat {seat}'s view fell behind after {} actions",
                    counts.actions
                ));
            }
        }
        let Some(seat) = server.to_act() else {
            return Ok(counts);
        };
        // The seat to act decides from its own view alone.
        G::view_legal_actions(&clients[seat.index()].view, &mut legal);
        let pick = usize::try_from(rng.below(legal.len() as u64)).unwrap_or(0);
        let Some(&action) = legal.get(pick) else {
            return Err(format!("seat {seat} is to act but sees no legal action"));
        };
        events.clear();
        server
            .play_reporting(action, &mut events)
            .map_err(|e| format!("the server refused {action} from seat {seat}: {e}"))?;
        counts.actions += 1;
    }
}

/// Plays `games` tables of `G` and prints what they showed.
fn run<G: Game>(players: usize, games: u64) -> Result<(), String> {
    let mut total = Counts::default();
    for seed in 0..games {
        let counts =
            play_table::<G>(players, seed).map_err(|e| format!("{} seed {seed}: {e}", G::NAME))?;
        total.actions += counts.actions;
        total.events += counts.events;
        total.hidden += counts.hidden;
    }
    println!(
        "{:<12} {players} seats, {games} games: {} actions, {} events, {} of them sent redacted to some seat; every client's view matched the server's after every step",
        G::NAME,
        total.actions,
        total.events,
        total.hidden
    );
    Ok(())
}

fn main() -> ExitCode {
    let games = std::env::args()
        .nth(1)
        .map_or(Ok(20), |arg| arg.parse::<u64>())
        .unwrap_or_else(|_| {
            eprintln!("usage: table_clients [games-per-game]");
            std::process::exit(2)
        });
    let result = run::<zaagox::Zaagox>(3, games)
        .and_then(|()| run::<letom::Letom>(3, games))
        .and_then(|()| run::<jass::Schieber>(4, games.div_ceil(10)))
        .and_then(|()| run::<elewenjewe::Elewenjewe>(4, games));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
