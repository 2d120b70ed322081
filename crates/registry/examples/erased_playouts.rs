//! Plays `N` random games of one catalogue line (seeds 1..=N, default rules) one way, for exact
//! instruction counts under callgrind: the `erased` bench's variants without criterion.
//!
//! ```sh
//! cargo build --release -p cards-registry --example erased_playouts
//! # <game> <way> <games> <players> [variant]; way: typed, events, erased, steps or setup
//! valgrind --tool=callgrind target/release/examples/erased_playouts jass erased 1000 4 schieber-deal
//! ```
//!
//! - `typed`: `RandomPlayer` and `Game::play`, nothing kept;
//! - `events`: as `typed`, keeping the record's actions and every event, as a table does;
//! - `erased`: `Box<dyn Table>`, `Table::legal_len` and `Table::play_index` (the same games);
//! - `steps`: the table's step form, a random legal step at a time (other games);
//! - `setup`: `GameType::new_table` and one `Table::legal_len`, no play.
//!
//! A game's own cost is the count for 2N games less the count for N (the process start and
//! Eléwénjewé's capture tables, built once, drop out). It prints a checksum of the games.

use cards_core::{GameRecord, GameRng, Indexed, PLAYER_STREAM, RandomPlayer, Seed};
use cards_registry::{Catalogued, GameType, Visitor, find};

/// The way to play, the number of games and the seats.
struct Run {
    way: String,
    games: u64,
    players: usize,
}

impl Visitor for Run {
    type Out = u64;

    fn visit<G: Catalogued, P: Indexed<Game = G> + Send + 'static>(
        self,
        line: &'static GameType,
    ) -> u64 {
        let players = self.players;
        let rules = G::Rules::default();
        let json = line.default_rules();
        let mut buf = Vec::new();
        let mut checksum = 0u64;
        for seed in 1..=self.games {
            let word = match self.way.as_str() {
                "typed" => {
                    let mut game = G::new(&rules, players, Seed::from(seed)).expect("a table");
                    let mut player = RandomPlayer::new(Seed::from(seed));
                    while let Some(action) = player.choose(&game, &mut buf) {
                        game.play(action).expect("legal actions apply");
                    }
                    game.settlement()[0] as u64
                }
                "events" => {
                    let mut game = G::new(&rules, players, Seed::from(seed)).expect("a table");
                    let mut record =
                        GameRecord::<G>::from_integer_seed(rules.clone(), players, seed);
                    let mut events = Vec::new();
                    game.start_events(&mut events);
                    let mut player = RandomPlayer::new(Seed::from(seed));
                    while let Some(action) = player.choose(&game, &mut buf) {
                        game.play_reporting(action, &mut events)
                            .expect("legal actions apply");
                        record.actions.push(action);
                    }
                    game.settlement()[0] as u64 ^ events.len() as u64
                }
                "erased" => {
                    let mut table = line.new_table(&json, players, seed).expect("a table");
                    let mut rng = GameRng::new(Seed::from(seed), PLAYER_STREAM);
                    while let Some(i) = rng.index(table.legal_len()) {
                        table.play_index(i).expect("a legal index plays");
                    }
                    table.settlement()[0] as u64 ^ table.event_count() as u64
                }
                "steps" => {
                    let mut table = line.new_table(&json, players, seed).expect("a table");
                    let mut rng = GameRng::new(Seed::from(seed), PLAYER_STREAM);
                    loop {
                        let steps = table.legal_steps();
                        let Some(i) = rng.index(steps.len()) else {
                            break;
                        };
                        // Steps that make no legal move are refused; the decision starts again.
                        let _ = table.play_step(steps[i].id);
                    }
                    table.settlement()[0] as u64 ^ table.event_count() as u64
                }
                "setup" => {
                    let table = line.new_table(&json, players, seed).expect("a table");
                    table.legal_len() as u64
                }
                other => panic!("no way {other}: typed, events, erased, steps or setup"),
            };
            checksum = (checksum.rotate_left(5) ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
        checksum
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [game, way, games, players, rest @ ..] = args.as_slice() else {
        eprintln!(
            "usage: erased_playouts <game> <typed|events|erased|steps|setup> <games> <players> [variant]"
        );
        std::process::exit(2);
    };
    let line = find(game, rest.first().map(String::as_str)).expect("a catalogue line");
    let run = Run {
        way: way.clone(),
        games: games.parse().expect("a number of games"),
        players: players.parse().expect("a number of players"),
    };
    let n = run.games;
    let checksum = line.visit(run);
    println!(
        "{n} games of {}, {way}: checksum {checksum:016x}",
        line.record()
    );
}
