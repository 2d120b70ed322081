//! Timing and tuning the solver-backed bots on Schieber deals (docs/bots.md, the
//! solver-backed bots):
//!
//! - `cargo run --release -p cards-bots --example solve_tune -- time BOT [DEALS]` seats BOT at
//!   all four seats of DEALS seeded deals (default 20) and prints its mean milliseconds a
//!   decision, over all decisions and by the cards left in the deal;
//! - `... -- play BOT_A BOT_B [DEALS] [SEED]` plays a duplicate tournament between them on one
//!   thread and prints its table.
//!
//! BOT is a ladder name (`pimc`, `ismcts-solve:1000`) or a solver-backed search with its own
//! horizons, `pimc-solve:BUDGET@P/D` or `ismcts-solve:BUDGET@P/D`: playouts solve from P cards
//! left, decisions from D ([`Solving`]).

use std::time::Instant;

use cards_bots::{
    BotSpec, Budget, Entrant, Fair, Ismcts, Pimc, Player, SearchConfig, Solving, Tournament,
};
use cards_core::{Game, RuleBot, Seed};
use jass::SchieberDeal;

type Make = Box<dyn Fn(Seed) -> Box<dyn Player<SchieberDeal>> + Send + Sync>;

/// The maker of BOT's players.
fn maker(text: &str) -> Make {
    let Some((name, horizons)) = text.split_once('@') else {
        let spec: BotSpec = text.parse().expect("a bot of the ladder");
        return Box::new(move |seed| spec.player::<SchieberDeal>(seed, &SearchConfig::DEFAULT));
    };
    let (kind, budget) = name.split_once(':').expect("KIND:BUDGET@P/D");
    let budget: Budget = budget.parse().expect("a budget");
    let (p, d) = horizons.split_once('/').expect("P/D");
    let (p, d): (usize, usize) = (p.parse().expect("P"), d.parse().expect("D"));
    match kind {
        "pimc-solve" => Box::new(move |seed| {
            Box::new(Fair(Pimc::<SchieberDeal, _>::with_policy(
                budget,
                seed,
                Solving::new(p, d),
            )))
        }),
        "ismcts-solve" => Box::new(move |seed| {
            Box::new(Fair(
                Ismcts::<SchieberDeal, _>::with_policy(budget, seed, Solving::new(p, d))
                    .with_prior(Box::new(SchieberDeal::rule_bot(seed))),
            ))
        }),
        _ => panic!("pimc-solve or ismcts-solve before the @"),
    }
}

fn time(bot: &str, deals: u64) {
    let make = maker(bot);
    // Time a decision by the cards left: 36 (and the contract) down to 1.
    let mut by_left = [(0.0f64, 0u32); 37];
    let mut legal = Vec::new();
    for d in 0..deals {
        let mut players: Vec<_> = (0..4).map(|s| make(Seed::from(d * 4 + s))).collect();
        let mut game = SchieberDeal::new(&Default::default(), 4, Seed::from(d)).expect("a deal");
        while let Some(seat) = game.to_act() {
            game.legal_actions(&mut legal);
            let left = 36 - game.plays().len();
            let start = Instant::now();
            let action = players[usize::from(seat.0)]
                .act(&game, &legal)
                .expect("an action");
            by_left[left].0 += start.elapsed().as_secs_f64() * 1e3;
            by_left[left].1 += 1;
            game.play(action).expect("a legal action");
        }
    }
    let (ms, n) = by_left
        .iter()
        .fold((0.0, 0), |(a, b), &(ms, n)| (a + ms, b + n));
    println!(
        "{bot}: {n} decisions, {:.3} ms a decision",
        ms / f64::from(n)
    );
    print!("by cards left:");
    for (left, &(ms, n)) in by_left.iter().enumerate().rev() {
        if n > 0 && (left % 4 == 0 || left == 36) {
            print!(" {left}: {:.2}", ms / f64::from(n));
        }
    }
    println!();
}

fn play(a: &str, b: &str, deals: u64, seed: u64) {
    let entrants = [a, b]
        .iter()
        .map(|&name| Entrant::<SchieberDeal> {
            name: name.into(),
            make: maker(name),
        })
        .collect();
    let t = Tournament::new(Default::default(), 4, entrants, Seed::from(seed)).expect("two bots");
    let start = Instant::now();
    let results: Vec<_> = (0..deals)
        .map(|d| t.play_deal(d, false).expect("a deal"))
        .collect();
    println!(
        "{}",
        t.standings(results.iter().map(|r| r.games.as_slice()))
    );
    println!("{:.0} s", start.elapsed().as_secs_f64());
}

/// Solver nodes against playouts: for positions with `left` cards left (the rule bot's play of
/// seeded deals), the microseconds and nodes of a solve and the microseconds of a playout.
fn calibrate(deals: u64) {
    use cards_core::{Bot, GameRng};
    use jass::solve::{Position, best_card};
    let mut legal = Vec::new();
    for left in [4usize, 8, 12, 15, 16, 20] {
        let (mut solve_us, mut nodes, mut playout_us) = (0.0, 0u64, 0.0);
        for d in 0..deals {
            let mut game =
                SchieberDeal::new(&Default::default(), 4, Seed::from(d)).expect("a deal");
            let mut bot = SchieberDeal::rule_bot(Seed::from(d));
            while 36 - game.plays().len() > left || game.contract().is_none() {
                let seat = game.to_act().expect("a seat");
                game.legal_actions(&mut legal);
                let a = Bot::<SchieberDeal>::choose(&mut bot, &game.view(seat), &legal);
                game.play(a).expect("legal");
            }
            let start = Instant::now();
            let solution =
                best_card(&Position::from_deal(&game).expect("a position")).expect("solved");
            solve_us += start.elapsed().as_secs_f64() * 1e6;
            nodes += solution.nodes;
            let mut rng = GameRng::new(Seed::from(d), 0);
            let start = Instant::now();
            for _ in 0..100 {
                let mut w = game;
                while let Some(a) = w.playout_action(&mut legal, &mut rng) {
                    w.play(a).expect("legal");
                }
                std::hint::black_box(w.returns());
            }
            playout_us += start.elapsed().as_secs_f64() * 1e6 / 100.0;
        }
        let n = deals as f64;
        println!(
            "{left} left: solve {:.1} us, {:.0} nodes; playout {:.2} us",
            solve_us / n,
            nodes as f64 / n,
            playout_us / n
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize| args.get(i).map(String::as_str);
    let num = |i: usize, default: u64| arg(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    match arg(0) {
        Some("time") => time(arg(1).unwrap_or("pimc-solve"), num(2, 20)),
        Some("play") => play(
            arg(1).unwrap_or("pimc-solve"),
            arg(2).unwrap_or("pimc"),
            num(3, 100),
            num(4, 1),
        ),
        Some("calibrate") => calibrate(num(1, 50)),
        _ => eprintln!("usage: solve_tune time BOT [DEALS] | play BOT_A BOT_B [DEALS] [SEED]"),
    }
}
