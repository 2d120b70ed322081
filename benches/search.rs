//! One search decision at 1,000 iterations, for every game type: `search/<game>`.
//!
//! Each game is benched four ways on the same positions (a third into random games from seeds
//! 1, 2, …, at a decision with at least two legal actions), all at 1,000
//! iterations: `ismcts` (the information-set tree, uniformly random playouts), `pimc` (flat
//! determinized Monte Carlo), `ladder_ismcts` (the ladder's `ismcts:1000`, what a tournament
//! plays: the game's playout policy, the rule bot as prior and the registry's tuning of the type)
//! and, as the simple reference, `worlds_and_playouts`: 1,000 worlds sampled from the view,
//! each played out at random from the position, with no tree. `ismcts / worlds_and_playouts`
//! is the tree's own cost. Throughput is in iterations, so criterion's elements/s is
//! iterations per second, and the time is the time of one decision.
//!
//! `cargo bench --bench search`

use std::hint::black_box;

use cardrules::cards_core::{Bot, Game, GameRng, RandomPlayer, RuleBot, Seed};
use cardrules::{elewenjewe, jass, letom, zaagox};
use cards_bots::{BotSpec, Budget, Ismcts, Pimc, Player};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const ITERATIONS: u32 = 1000;
const POSITIONS: u64 = 4;

/// One decision: the state, the view of the seat to act, its legal actions.
type Position<G> = (G, <G as Game>::View, Vec<<G as Game>::Action>);

/// `POSITIONS` mid-game decisions of `G`: each seeded game is played at random once to learn
/// its length, then again to a third of it.
fn positions<G: Game>(rules: &G::Rules, players: usize) -> Vec<Position<G>> {
    let mut out = Vec::new();
    let mut buf = Vec::new();
    for seed in 1u64..1000 {
        if out.len() as u64 == POSITIONS {
            break;
        }
        let play = |steps: usize, buf: &mut Vec<G::Action>| {
            let mut game = G::new(rules, players, Seed::from(seed)).expect("a valid table");
            let mut player = RandomPlayer::new(Seed::from(seed));
            let mut n = 0;
            while n < steps {
                let Some(a) = player.choose(&game, buf) else {
                    break;
                };
                game.play(a).expect("legal actions apply");
                n += 1;
            }
            (game, n)
        };
        let (_, length) = play(usize::MAX, &mut buf);
        let (game, _) = play(length / 3, &mut buf);
        let Some(seat) = game.to_act() else { continue };
        game.legal_actions(&mut buf);
        if buf.len() >= 2 {
            out.push((game.clone(), game.view(seat), buf.clone()));
        }
    }
    out
}

fn bench_game<G: RuleBot + 'static>(
    c: &mut Criterion,
    name: &str,
    rules: &G::Rules,
    players: usize,
) {
    let positions = positions::<G>(rules, players);
    let mut group = c.benchmark_group(format!("search/{name}"));
    group.throughput(Throughput::Elements(u64::from(ITERATIONS)));
    group.sample_size(10);
    let mut i = 0usize;
    let mut next = || {
        i += 1;
        &positions[i % positions.len()]
    };
    let budget = Budget::Iterations(ITERATIONS);
    group.bench_function("ismcts", |b| {
        let mut bot = Ismcts::<G>::new(budget, Seed::from(1));
        b.iter(|| {
            let (_, view, legal) = next();
            black_box(bot.choose(view, legal))
        });
    });
    group.bench_function("pimc", |b| {
        let mut bot = Pimc::<G>::new(budget, Seed::from(1));
        b.iter(|| {
            let (_, view, legal) = next();
            black_box(bot.choose(view, legal))
        });
    });
    group.bench_function("ladder_ismcts", |b| {
        let mut player =
            BotSpec::Ismcts(budget).player::<G>(Seed::from(1), &cards_registry::tuning(G::NAME));
        b.iter(|| {
            let (state, _, legal) = next();
            black_box(player.act(state, legal))
        });
    });
    group.bench_function("worlds_and_playouts", |b| {
        let mut rng = GameRng::new(Seed::from(1), 1);
        let mut buf = Vec::new();
        b.iter(|| {
            let (_, view, _) = next();
            let mut sum = 0.0;
            for _ in 0..ITERATIONS {
                let mut w = G::sample_world(view, &mut rng).expect("a world fits the view");
                let limit = G::max_actions(w.rules(), w.num_players());
                for _ in 0..limit {
                    let Some(a) = w.pick_legal(&mut buf, |n| rng.index(n)) else {
                        break;
                    };
                    w.play(a).expect("legal actions apply");
                }
                sum += w.returns()[0];
            }
            black_box(sum)
        });
    });
    group.finish();
}

fn search(c: &mut Criterion) {
    bench_game::<jass::SchieberDeal>(c, "schieber_deal", &jass::Rules::default(), 4);
    bench_game::<jass::Coiffeur>(c, "coiffeur", &Default::default(), 4);
    bench_game::<jass::Differenzler>(c, "differenzler", &Default::default(), 4);
    bench_game::<jass::Schieber>(c, "schieber", &jass::Rules::default(), 4);
    bench_game::<letom::Letom>(c, "letom", &Default::default(), 2);
    bench_game::<letom::LetomMatch>(c, "letom_match", &Default::default(), 2);
    bench_game::<zaagox::Zaagox>(c, "zaagox", &Default::default(), 3);
    bench_game::<elewenjewe::Elewenjewe>(c, "elewenjewe", &Default::default(), 3);
}

criterion_group!(benches, search);
criterion_main!(benches);
