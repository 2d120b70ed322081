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
use cardrules::zaagox::Action;
use cardrules::zaagox::{Rules, Zaagox};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

/// Games per measured iteration: enough that per-game setup noise averages out.
const GAMES: u64 = 64;

/// One random game from `seed`, each move made by `make_move`.
fn play(
    players: usize,
    seed: Seed,
    buf: &mut Vec<Action>,
    make_move: fn(&mut Zaagox, Action),
) -> Zaagox {
    let mut game = Zaagox::new(&Rules::default(), players, seed).expect("2-4 players");
    let mut player = RandomPlayer::new(seed);
    while let Some(action) = player.choose(&game, buf) {
        make_move(&mut game, action);
    }
    game
}

fn in_place(game: &mut Zaagox, action: Action) {
    game.play(action).expect("legal actions apply");
}

fn copy_make(game: &mut Zaagox, action: Action) {
    *game = game.apply(action).expect("legal actions apply");
}

fn playout(c: &mut Criterion) {
    let mut group = c.benchmark_group("zaagox/playout");
    group.throughput(Throughput::Elements(GAMES));
    for players in [2usize, 3, 4] {
        for (name, make_move) in [
            ("copy_make", copy_make as fn(&mut Zaagox, Action)),
            ("in_place", in_place),
        ] {
            group.bench_with_input(BenchmarkId::new(name, players), &players, |b, &players| {
                let mut next = 0u64;
                let mut buf = Vec::new();
                b.iter(|| {
                    for _ in 0..GAMES {
                        next += 1;
                        black_box(
                            play(players, Seed::from(next), &mut buf, make_move).settlement(),
                        );
                    }
                });
            });
        }
        group.bench_with_input(
            BenchmarkId::new("recorded", players),
            &players,
            |b, &players| {
                let mut next = 0u64;
                b.iter(|| {
                    for _ in 0..GAMES {
                        next += 1;
                        let (game, record) =
                            random_playout::<Zaagox>(&Rules::default(), players, Seed::from(next))
                                .unwrap();
                        black_box((game.settlement(), record.actions.len()));
                    }
                });
            },
        );
    }
    group.finish();
}

/// One random Schieber deal from `seed`, in place or copy-make, with a player of its own
/// seeded from the same seed.
fn jass_deal(seed: Seed, buf: &mut Vec<jass::Action>, copy: bool) -> jass::SchieberDeal {
    jass_deal_with(seed, &mut RandomPlayer::new(seed), buf, copy)
}

/// One random Schieber deal from `seed`, in place or copy-make, played by `player`.
fn jass_deal_with(
    seed: Seed,
    player: &mut RandomPlayer,
    buf: &mut Vec<jass::Action>,
    copy: bool,
) -> jass::SchieberDeal {
    let mut deal = jass::SchieberDeal::new(&jass::Rules::default(), 4, seed).expect("4 players");
    while let Some(action) = player.choose(&deal, buf) {
        if copy {
            deal = deal.apply(action).expect("legal actions apply");
        } else {
            deal.play(action).expect("legal actions apply");
        }
    }
    deal
}

/// Whole random Schieber deals (a contract choice or push, then 36 cards): `jass/playout`.
///
/// `in_place` and `copy_make` create the random player per deal, from the deal's seed (what
/// `random_playout` and the CLI do): two generators per deal, the deal's and the player's.
/// `in_place_one_player` plays the same deals in place with one player generator for the
/// whole run (seeded once), so only the deal's generator is created per deal; its player draws
/// differ, so it plays other (equally random) cards.
fn jass_playout(c: &mut Criterion) {
    let mut group = c.benchmark_group("jass/playout");
    group.throughput(Throughput::Elements(GAMES));
    for (name, copy) in [("in_place", false), ("copy_make", true)] {
        group.bench_function(name, |b| {
            let mut next = 0u64;
            let mut buf = Vec::new();
            b.iter(|| {
                for _ in 0..GAMES {
                    next += 1;
                    black_box(jass_deal(Seed::from(next), &mut buf, copy).settlement());
                }
            });
        });
    }
    group.bench_function("in_place_one_player", |b| {
        let mut next = 0u64;
        let mut buf = Vec::new();
        let mut player = RandomPlayer::new(Seed::from(0));
        b.iter(|| {
            for _ in 0..GAMES {
                next += 1;
                black_box(
                    jass_deal_with(Seed::from(next), &mut player, &mut buf, false).settlement(),
                );
            }
        });
    });
    group.finish();
}

/// Whole games of one Jass type played in place between random players (a player per game,
/// seeded from the game's seed, as the CLI plays them).
fn jass_whole_game<G: Game<Rules = jass::Rules, Action = jass::Action>>(
    rules: &jass::Rules,
    players: usize,
    seed: Seed,
    buf: &mut Vec<jass::Action>,
) -> G {
    let mut game = G::new(rules, players, seed).expect("a valid table");
    let mut player = RandomPlayer::new(seed);
    while let Some(action) = player.choose(&game, buf) {
        game.play(action).expect("legal actions apply");
    }
    game
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
    type Play = fn(&jass::Rules, usize, Seed, &mut Vec<jass::Action>) -> i64;
    let rows: [(&str, &jass::Rules, usize, Play); 5] = [
        ("schieber", &rules, 4, |r, p, s, b| {
            jass_whole_game::<jass::Schieber>(r, p, s, b).settlement()[0]
        }),
        ("coiffeur_teams", &rules, 4, |r, p, s, b| {
            jass_whole_game::<jass::Coiffeur>(r, p, s, b).settlement()[0]
        }),
        ("coiffeur_individual", &individual, 4, |r, p, s, b| {
            jass_whole_game::<jass::Coiffeur>(r, p, s, b).settlement()[0]
        }),
        ("differenzler_3", &rules, 3, |r, p, s, b| {
            jass_whole_game::<jass::Differenzler>(r, p, s, b).settlement()[0]
        }),
        ("differenzler_4", &rules, 4, |r, p, s, b| {
            jass_whole_game::<jass::Differenzler>(r, p, s, b).settlement()[0]
        }),
    ];
    for (name, rules, players, play) in rows {
        group.bench_function(name, |b| {
            let mut next = 0u64;
            let mut buf = Vec::new();
            b.iter(|| {
                for _ in 0..WHOLE_GAMES {
                    next += 1;
                    black_box(play(rules, players, Seed::from(next), &mut buf));
                }
            });
        });
    }
    group.finish();
}

/// One random Eléwénjewé game from `seed` (default rules), in place or copy-make, with a
/// player of its own seeded from the same seed.
fn elewenjewe_game(
    players: usize,
    seed: Seed,
    buf: &mut Vec<elewenjewe::Action>,
    copy: bool,
) -> elewenjewe::Elewenjewe {
    let rules = elewenjewe::Rules::default();
    let mut game = elewenjewe::Elewenjewe::new(&rules, players, seed).expect("2-5 players");
    let mut player = RandomPlayer::new(seed);
    while let Some(action) = player.choose(&game, buf) {
        if copy {
            game = game.apply(action).expect("legal actions apply");
        } else {
            game.play(action).expect("legal actions apply");
        }
    }
    game
}

/// Whole random Eléwénjewé games: `elewenjewe/playout`, in place at 2–5 players and
/// copy-make at 3. One iteration plays `ELEWENJEWE_GAMES` games.
fn elewenjewe_playout(c: &mut Criterion) {
    const ELEWENJEWE_GAMES: u64 = 16;
    elewenjewe::warm_up();
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
            let mut next = 0u64;
            let mut buf = Vec::new();
            b.iter(|| {
                for _ in 0..ELEWENJEWE_GAMES {
                    next += 1;
                    black_box(
                        elewenjewe_game(players, Seed::from(next), &mut buf, copy).settlement(),
                    );
                }
            });
        });
    }
    group.finish();
}

/// One random Letom deal from `seed` (default rules), in place or copy-make, with a player of
/// its own seeded from the same seed (as `random_playout` and the CLI play them). The player
/// picks uniformly among the legal actions, Ren and Tom included where offered.
fn letom_deal(
    players: usize,
    seed: Seed,
    buf: &mut Vec<letom::Action>,
    copy: bool,
) -> letom::Letom {
    let rules = letom::Rules::default();
    let mut deal = letom::Letom::new(&rules, players, seed).expect("2-4 players");
    let mut player = RandomPlayer::new(seed);
    while let Some(action) = player.choose(&deal, buf) {
        if copy {
            deal = deal.apply(action).expect("legal actions apply");
        } else {
            deal.play(action).expect("legal actions apply");
        }
    }
    deal
}

/// Whole random Letom deals: `letom/playout`, in place and copy-make at 2, 3 and 4 players.
/// One iteration plays `GAMES` deals (the table divides by it).
fn letom_playout(c: &mut Criterion) {
    let mut group = c.benchmark_group("letom/playout");
    group.throughput(Throughput::Elements(GAMES));
    for players in [2usize, 3, 4] {
        for (name, copy) in [("in_place", false), ("copy_make", true)] {
            group.bench_with_input(BenchmarkId::new(name, players), &players, |b, &players| {
                let mut next = 0u64;
                let mut buf = Vec::new();
                b.iter(|| {
                    for _ in 0..GAMES {
                        next += 1;
                        black_box(
                            letom_deal(players, Seed::from(next), &mut buf, copy).settlement(),
                        );
                    }
                });
            });
        }
    }
    group.finish();
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
