//! What the erased table costs a random playout: `erased/<record name>`, one group per line of
//! the catalogue, so each ratio comes from one run.
//!
//! Every variant plays whole random games under the line's default rules from seeds 1, 2, 3,
//! …, the random choice drawn from the game's seed on `PLAYER_STREAM` with `Draw::index` over
//! the legal count (what `RandomPlayer` does):
//!
//! | variant | how a move is made |
//! |---|---|
//! | `typed` | `RandomPlayer::choose` (`Game::pick_legal`) and `Game::play`: no events, no record |
//! | `typed_events` | as `typed`, but keeping what a table keeps: the record's actions, the start events and every event (`Game::play_reporting` into a `Vec`) |
//! | `erased_index` | `Box<dyn Table>` from `GameType::new_table` (rules as JSON), then `Table::legal_len` and `Table::play_index` |
//! | `erased_steps` | the step form: `Table::legal_steps` and `Table::play_step` with a random step |
//!
//! `typed`, `typed_events` and `erased_index` play the same games (checked before timing on
//! seeds 1–50: the same final state's JSON, the same record, as many events); `erased_index / typed` is
//! what a front end pays for playing through the table, `typed_events / typed` the part of it
//! that is the events and the record, which the table keeps (`Typed::act` plays with
//! `play_reporting`). `erased_steps` chooses among steps, not actions, so it plays other
//! (equally random) games, of about the same length where every action is one step.
//!
//! `cargo bench -p cards-registry --bench erased -- --warm-up-time 1 --measurement-time 3`
//! (exact instruction counts of the same ways: `examples/erased_playouts.rs` under callgrind;
//! the figures and what they mean: `docs/performance.md`).

use std::hint::black_box;

use cards_core::{Game, GameRecord, GameRng, Indexed, PLAYER_STREAM, RandomPlayer, Seed};
use cards_registry::{Catalogued, GameType, Stepped, Table, Visitor, catalogue};
use criterion::{Bencher, BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

/// Games per measured iteration (the table divides by it).
const GAMES: u64 = 8;

/// Games checked before timing: the typed and erased ways must play them alike.
const CHECKED: u64 = 50;

/// The seat count a line is benched at: 3 where its default rules allow it, else the fewest.
fn players(line: &GameType) -> usize {
    let range = line.players();
    if range.contains(&3) {
        3
    } else {
        *range.start()
    }
}

/// One typed random game from `seed`, in place, nothing kept.
fn typed<G: Game>(rules: &G::Rules, players: usize, seed: u64, buf: &mut Vec<G::Action>) -> G {
    let seed = Seed::from(seed);
    let mut game = G::new(rules, players, seed).expect("a valid table");
    let mut player = RandomPlayer::new(seed);
    while let Some(action) = player.choose(&game, buf) {
        game.play(action).expect("legal actions apply");
    }
    game
}

/// One typed random game from `seed`, keeping the record and every event as a table does.
fn typed_events<G: Game>(
    rules: &G::Rules,
    players: usize,
    seed: u64,
    buf: &mut Vec<G::Action>,
) -> (G, GameRecord<G>, Vec<G::Event>) {
    let mut game = G::new(rules, players, Seed::from(seed)).expect("a valid table");
    let mut record = GameRecord::<G>::from_integer_seed(rules.clone(), players, seed);
    let mut events = Vec::new();
    game.start_events(&mut events);
    let mut player = RandomPlayer::new(Seed::from(seed));
    while let Some(action) = player.choose(&game, buf) {
        game.play_reporting(action, &mut events)
            .expect("legal actions apply");
        record.actions.push(action);
    }
    (game, record, events)
}

/// One random game from `seed` through the erased table, by index.
fn erased_index(
    line: &'static GameType,
    rules: &serde_json::Value,
    players: usize,
    seed: u64,
) -> Box<dyn Table> {
    let mut table = line.new_table(rules, players, seed).expect("a valid table");
    let mut rng = GameRng::new(Seed::from(seed), PLAYER_STREAM);
    while let Some(i) = rng.index(table.legal_len()) {
        table.play_index(i).expect("a legal index plays");
    }
    table
}

/// One random game from `seed` through the erased table's step form; also the actions played.
fn erased_steps(
    line: &'static GameType,
    rules: &serde_json::Value,
    players: usize,
    seed: u64,
) -> (Box<dyn Table>, usize) {
    let mut table = line.new_table(rules, players, seed).expect("a valid table");
    let mut rng = GameRng::new(Seed::from(seed), PLAYER_STREAM);
    let mut played = 0;
    loop {
        let steps = table.legal_steps();
        let Some(i) = rng.index(steps.len()) else {
            break;
        };
        // Steps that make no legal move are refused and the decision starts again.
        if let Ok(Stepped::Played(_)) = table.play_step(steps[i].id) {
            played += 1;
        }
    }
    (table, played)
}

/// One measured iteration: `GAMES` games on fresh seeds.
fn iterate<T>(b: &mut Bencher<'_>, mut play: impl FnMut(u64) -> T) {
    let mut next = 0u64;
    b.iter(|| {
        for _ in 0..GAMES {
            next += 1;
            black_box(play(next));
        }
    });
}

/// The group of one catalogue line, run typed.
struct Bench<'a>(&'a mut Criterion);

impl Visitor for Bench<'_> {
    type Out = ();

    fn visit<G: Catalogued, P: Indexed<Game = G> + Send + 'static>(self, line: &'static GameType) {
        let players = players(line);
        let rules = G::Rules::default();
        let json_rules = line.default_rules();

        // The same games, typed and erased: checked outside the timed loops.
        let mut buf = Vec::new();
        let (mut actions, mut events, mut step_actions) = (0, 0, 0);
        for seed in 1..=CHECKED {
            let game = typed::<G>(&rules, players, seed, &mut buf);
            let (kept, record, told) = typed_events::<G>(&rules, players, seed, &mut buf);
            let table = erased_index(line, &json_rules, players, seed);
            let state = serde_json::to_value(&game).expect("state JSON");
            assert_eq!(serde_json::to_value(&kept).expect("state JSON"), state);
            assert_eq!(table.state(), state, "{} seed {seed}", G::NAME);
            assert_eq!(table.event_count(), told.len());
            assert_eq!(
                table.record(),
                serde_json::to_value(&record).expect("record JSON")
            );
            assert!(table.to_act().is_none());
            actions += record.actions.len();
            events += told.len();
            let (stepped, played) = erased_steps(line, &json_rules, players, seed);
            assert!(stepped.to_act().is_none());
            step_actions += played;
        }
        let per_game = |n: usize| n as f64 / CHECKED as f64;
        eprintln!(
            "erased/{}: {players} players; per game {:.1} actions, {:.1} events; step form {:.1} actions",
            G::NAME,
            per_game(actions),
            per_game(events),
            per_game(step_actions),
        );

        let mut group = self.0.benchmark_group(format!("erased/{}", G::NAME));
        group.throughput(Throughput::Elements(GAMES));
        group.sample_size(20);
        group.bench_function(BenchmarkId::new("typed", players), |b| {
            let mut buf = Vec::new();
            iterate(b, |seed| {
                typed::<G>(&rules, players, seed, &mut buf).settlement()
            });
        });
        group.bench_function(BenchmarkId::new("typed_events", players), |b| {
            let mut buf = Vec::new();
            iterate(b, |seed| {
                let (game, record, events) = typed_events::<G>(&rules, players, seed, &mut buf);
                (game.settlement(), record.actions.len(), events.len())
            });
        });
        group.bench_function(BenchmarkId::new("erased_index", players), |b| {
            iterate(b, |seed| {
                erased_index(line, &json_rules, players, seed).settlement()
            });
        });
        group.bench_function(BenchmarkId::new("erased_steps", players), |b| {
            iterate(b, |seed| {
                erased_steps(line, &json_rules, players, seed)
                    .0
                    .settlement()
            });
        });
        group.finish();
    }
}

fn erased(c: &mut Criterion) {
    for line in catalogue() {
        line.visit(Bench(c));
    }
}

criterion_group!(benches, erased);
criterion_main!(benches);
