//! Whole random games per second: `zaagox/playout`.
//!
//! Three ways to play the same seeded games with the built-in random player: in place with
//! `Game::play`; copy-make with `Game::apply`; and `random_playout`, which also
//! keeps the game record (what the CLI and the oracle run). All play identical games, so the
//! ratios are the cost of copying the state and of recording.
//!
//! `jass/playout` plays whole random Schieber deals the same two ways, and in place with one
//! player generator for the whole run; `jass/games` whole random games of each Jass type
//! (Schieber to the target, Coiffeur in teams and individually, Differenzler at 3 and 4), in
//! place.
//!
//! `elewenjewe/playout` plays whole random Eléwénjewé games (default rules: to 5 points, about
//! two rounds) at 2 to 5 players in place, and at 3 players copy-make too.
//!
//! `letom/playout` plays whole random Letom deals (default rules: one deal, ended by a Tom, a
//! chongtong or a nagari) at 2, 3 and 4 players, in place and copy-make side by side.
//!
//! `cargo bench --bench playouts`

use std::hint::black_box;

use cardrules::cards_core::{Game, RandomPlayer, Seed, random_playout};
use cardrules::elewenjewe;
use cardrules::jass;
use cardrules::letom;
use cardrules::zaagox::{Rules, Zaagox};
use criterion::{Bencher, BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

/// Games per measured iteration: enough that per-game setup noise averages out.
const GAMES: u64 = 64;

/// One random game of `G` from `seed`, played by `player`: in place with `Game::play`, or
/// copy-make with `Game::apply` (the same game either way).
fn random_game<G: Game>(
    rules: &G::Rules,
    players: usize,
    seed: Seed,
    player: &mut RandomPlayer,
    buf: &mut Vec<G::Action>,
    copy: bool,
) -> G {
    let mut game = G::new(rules, players, seed).expect("a valid table");
    while let Some(action) = player.choose(&game, buf) {
        if copy {
            game = game.apply(action).expect("legal actions apply");
        } else {
            game.play(action).expect("legal actions apply");
        }
    }
    game
}

/// One measured iteration: `games` games on fresh seeds, each played by `play` (which
/// returns something of the finished game, so nothing is optimised away).
fn iterate<T>(b: &mut Bencher<'_>, games: u64, mut play: impl FnMut(Seed) -> T) {
    let mut next = 0u64;
    b.iter(|| {
        for _ in 0..games {
            next += 1;
            black_box(play(Seed::from(next)));
        }
    });
}

/// `random_game` with a player of its own seeded from the game's seed (as `random_playout`
/// and the CLI play them), at 2, 3 and 4 players, in place and copy-make: one group.
fn in_place_and_copy_make<G: Game>(c: &mut Criterion, group: &str, rules: &G::Rules) {
    let mut group = c.benchmark_group(group);
    group.throughput(Throughput::Elements(GAMES));
    for players in [2usize, 3, 4] {
        for (name, copy) in [("copy_make", true), ("in_place", false)] {
            group.bench_with_input(BenchmarkId::new(name, players), &players, |b, &players| {
                let mut buf = Vec::new();
                iterate(b, GAMES, |seed| {
                    let mut player = RandomPlayer::new(seed);
                    random_game::<G>(rules, players, seed, &mut player, &mut buf, copy).settlement()
                });
            });
        }
    }
    group.finish();
}

/// Whole random Zaägox games: `zaagox/playout`, in place, copy-make and recorded.
fn playout(c: &mut Criterion) {
    in_place_and_copy_make::<Zaagox>(c, "zaagox/playout", &Rules::default());
    let mut group = c.benchmark_group("zaagox/playout");
    group.throughput(Throughput::Elements(GAMES));
    for players in [2usize, 3, 4] {
        group.bench_with_input(
            BenchmarkId::new("recorded", players),
            &players,
            |b, &players| {
                iterate(b, GAMES, |seed| {
                    let (game, record) =
                        random_playout::<Zaagox>(&Rules::default(), players, seed).unwrap();
                    (game.settlement(), record.actions.len())
                });
            },
        );
    }
    group.finish();
}

/// Whole random Schieber deals (a contract choice or push, then 36 cards): `jass/playout`.
///
/// `in_place` and `copy_make` create the random player per deal, from the deal's seed (what
/// `random_playout` and the CLI do): two generators per deal, the deal's and the player's.
/// `in_place_one_player` plays the same deals in place with one player generator for the
/// whole run (seeded once), so only the deal's generator is created per deal; its player draws
/// differ, so it plays other (equally random) cards.
fn jass_playout(c: &mut Criterion) {
    let rules = jass::Rules::default();
    let mut group = c.benchmark_group("jass/playout");
    group.throughput(Throughput::Elements(GAMES));
    for (name, copy) in [("in_place", false), ("copy_make", true)] {
        group.bench_function(name, |b| {
            let mut buf = Vec::new();
            iterate(b, GAMES, |seed| {
                let mut player = RandomPlayer::new(seed);
                random_game::<jass::SchieberDeal>(&rules, 4, seed, &mut player, &mut buf, copy)
                    .settlement()
            });
        });
    }
    group.bench_function("in_place_one_player", |b| {
        let mut buf = Vec::new();
        let mut player = RandomPlayer::new(Seed::from(0));
        iterate(b, GAMES, |seed| {
            random_game::<jass::SchieberDeal>(&rules, 4, seed, &mut player, &mut buf, false)
                .settlement()
        });
    });
    group.finish();
}

/// Whole random games of each Jass type, in place: `jass/games`. One iteration plays
/// `WHOLE_GAMES` games (the table divides by it); a Schieber game to 2500 is about 11.5 deals,
/// a Coiffeur team game 16, a Differenzler game 16.
fn jass_games(c: &mut Criterion) {
    const WHOLE_GAMES: u64 = 4;
    let mut group = c.benchmark_group("jass/games");
    group.throughput(Throughput::Elements(WHOLE_GAMES));
    let rules = jass::Rules::default();
    let individual = jass::Rules {
        coiffeur: jass::CoiffeurRules {
            individual: true,
            ..jass::CoiffeurRules::default()
        },
        ..jass::Rules::default()
    };
    /// One whole game of `G`, in place, its first seat's result.
    fn whole<G: Game<Rules = jass::Rules, Action = jass::Action>>(
        rules: &jass::Rules,
        players: usize,
        seed: Seed,
        buf: &mut Vec<jass::Action>,
    ) -> i64 {
        let mut player = RandomPlayer::new(seed);
        random_game::<G>(rules, players, seed, &mut player, buf, false).settlement()[0]
    }
    type Play = fn(&jass::Rules, usize, Seed, &mut Vec<jass::Action>) -> i64;
    let rows: [(&str, &jass::Rules, usize, Play); 5] = [
        ("schieber", &rules, 4, whole::<jass::Schieber>),
        ("coiffeur_teams", &rules, 4, whole::<jass::Coiffeur>),
        (
            "coiffeur_individual",
            &individual,
            4,
            whole::<jass::Coiffeur>,
        ),
        ("differenzler_3", &rules, 3, whole::<jass::Differenzler>),
        ("differenzler_4", &rules, 4, whole::<jass::Differenzler>),
    ];
    for (name, rules, players, play) in rows {
        group.bench_function(name, |b| {
            let mut buf = Vec::new();
            iterate(b, WHOLE_GAMES, |seed| play(rules, players, seed, &mut buf));
        });
    }
    group.finish();
}

/// Whole random Eléwénjewé games: `elewenjewe/playout`, in place at 2–5 players and
/// copy-make at 3. One iteration plays `ELEWENJEWE_GAMES` games.
fn elewenjewe_playout(c: &mut Criterion) {
    const ELEWENJEWE_GAMES: u64 = 16;
    elewenjewe::warm_up();
    let rules = elewenjewe::Rules::default();
    let mut group = c.benchmark_group("elewenjewe/playout");
    group.throughput(Throughput::Elements(ELEWENJEWE_GAMES));
    let rows = [
        ("in_place", 2usize, false),
        ("in_place", 3, false),
        ("in_place", 4, false),
        ("in_place", 5, false),
        ("copy_make", 3, true),
    ];
    for (name, players, copy) in rows {
        group.bench_with_input(BenchmarkId::new(name, players), &players, |b, &players| {
            let mut buf = Vec::new();
            iterate(b, ELEWENJEWE_GAMES, |seed| {
                let mut player = RandomPlayer::new(seed);
                random_game::<elewenjewe::Elewenjewe>(
                    &rules,
                    players,
                    seed,
                    &mut player,
                    &mut buf,
                    copy,
                )
                .settlement()
            });
        });
    }
    group.finish();
}

/// Whole random Letom deals (the player picks uniformly among the legal actions, Ren and Tom
/// included where offered): `letom/playout`, in place and copy-make at 2, 3 and 4 players.
fn letom_playout(c: &mut Criterion) {
    in_place_and_copy_make::<letom::Letom>(c, "letom/playout", &letom::Rules::default());
}

criterion_group!(
    benches,
    playout,
    jass_playout,
    jass_games,
    elewenjewe_playout,
    letom_playout
);
criterion_main!(benches);
