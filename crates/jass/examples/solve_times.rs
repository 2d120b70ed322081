//! Times the open-hand solver (`jass::solve`) on seeded positions and prints each position's
//! nodes and time, then the median (for an even count the mean of the two middle values, both
//! shown), p90 and max.
//!
//! `cargo run --release -p jass --example solve_times -- [CARDS_PLAYED] [COUNT]`: COUNT seeded
//! deals (default 32), the contract cycling through the six modes (four trumps, Obenabe,
//! Undenufe), after CARDS_PLAYED random legal cards (default 0: the whole deal from the first
//! card; 16 leaves 5 tricks). One reusable `Solver` (`--reuse`) or a fresh `solve` each time;
//! `--one` asks for the value and one best card (`best_card`, or `Solver::best_card` with
//! `--reuse`) instead of every best card. `--named`: each deal in the contract the rule bot
//! (`JassBot`) names for it, forehand's choice or its partner's after a Schieben, instead of the
//! cycle (a deal as it is played, its contract chosen for the hands). `--seeds 1,16,24`: only
//! those of the COUNT deals (to time or profile a few). `--reaches POINTS`: times
//! `Solver::reaches` instead, one null-window test of whether seats 0 and 2 take at least POINTS
//! from the position on, with a fresh solver each run (the question a win-or-lose game asks,
//! such as Skat's 61), and prints each answer with its nodes (`Solver::nodes`).
//! A position's time is the least of up to five runs (while they take under a second in all),
//! or, for a position longer than 0.1 s, its one run's time on a core where Linux tells it:
//! the machine may be shared, and load only ever adds time.

use std::time::{Duration, Instant};

use cards_core::{Bot, Seed};
use jass::solve::{Position, Solver, best_card, solve};
use jass::{Action, Contract, Game, JassBot, Mode, Rules, SchieberDeal};

#[path = "../tests/support/seeded.rs"]
mod seeded;

/// A seeded deal in `contract` (or the one the rule bot names, for `None`) after `cards`
/// random legal cards, as a position.
fn position(seed: u64, contract: Option<Contract>, cards: usize) -> Position {
    let mut deal = SchieberDeal::new(&Rules::default(), 4, Seed::from(seed)).expect("a deal");
    match contract {
        Some(contract) => deal.play(Action::Name(contract)).expect("a contract"),
        None => {
            let mut bot = JassBot::new(Seed::from(seed));
            let mut legal = Vec::new();
            while deal.contract().is_none() {
                let seat = deal.to_act().expect("a seat to name");
                deal.legal_actions(&mut legal);
                let action = Bot::<SchieberDeal>::choose(&mut bot, &deal.view(seat), &legal);
                deal.play(action).expect("a legal choice");
            }
        }
    }
    seeded::play_random_cards(&mut deal, seed, cards);
    Position::from_deal(&deal).expect("a position")
}

/// This thread's time on a core so far, where Linux tells it (`/proc/thread-self/schedstat`,
/// nanoseconds), so a busy machine does not inflate the figures; else `None`.
fn cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let reuse = args.iter().any(|a| a == "--reuse");
    let one = args.iter().any(|a| a == "--one");
    let named = args.iter().any(|a| a == "--named");
    let list = args.iter().position(|a| a == "--seeds").map(|i| i + 1);
    let only: Option<Vec<u64>> = list.and_then(|i| args.get(i)).map(|list| {
        let seeds = list.split(',').filter_map(|n| n.trim().parse().ok());
        seeds.collect()
    });
    let bar_at = args.iter().position(|a| a == "--reaches").map(|i| i + 1);
    let bar: Option<u32> = match bar_at.map(|i| args.get(i).map(|a| a.parse())) {
        None => None,
        Some(Some(Ok(points))) => Some(points),
        Some(_) => {
            eprintln!("--reaches takes a number of card points, for example --reaches 79");
            std::process::exit(2);
        }
    };
    let mut numbers = (args.iter().enumerate())
        .filter(|&(i, _)| Some(i) != list && Some(i) != bar_at)
        .filter_map(|(_, a)| a.parse::<u64>().ok());
    let cards = numbers.next().unwrap_or(0) as usize;
    let count = numbers.next().unwrap_or(32);
    let mut solver = Solver::new();
    let mut times: Vec<Duration> = Vec::new();
    let mut nodes: Vec<u64> = Vec::new();
    for seed in (0..count).filter(|s| only.as_ref().is_none_or(|o| o.contains(s))) {
        let cycled = Contract::Mode(Mode::ALL[(seed % 6) as usize]);
        let p = position(seed, (!named).then_some(cycled), cards);
        let contract = p.contract;
        if let Some(bar) = bar {
            // A fresh solver each run: an empty table, as for `solve`.
            let ((answer, searched), e) = least_time(5, || {
                let mut fresh = Solver::new();
                let answer = fresh.reaches(&p, 0, bar).expect("a valid position");
                (answer, fresh.nodes())
            });
            let answer = if answer { "yes" } else { "no" };
            println!(
                "seed {seed:3} {contract}: seats 0 and 2 take {bar}: {answer:>3} {searched:>11} nodes {:>10.3} ms",
                e.as_secs_f64() * 1e3
            );
            times.push(e);
            nodes.push(searched);
            continue;
        }
        // A reused solver runs once: its second run would find the first one's table.
        let (s, e) = least_time(if reuse { 1 } else { 5 }, || {
            match (reuse, one) {
                (true, false) => solver.solve(&p),
                (false, false) => solve(&p),
                (true, true) => solver.best_card(&p),
                (false, true) => best_card(&p),
            }
            .expect("solved")
        });
        println!(
            "seed {seed:3} {contract}: {:>11} nodes {:>10.3} ms {:?} best {}",
            s.nodes,
            e.as_secs_f64() * 1e3,
            s.points,
            s.best
        );
        times.push(e);
        nodes.push(s.nodes);
    }
    if times.is_empty() {
        println!("no positions: --seeds names none of the {count} deals");
        return;
    }
    times.sort();
    nodes.sort();
    let n = times.len();
    let at = |q: f64| ((n - 1) as f64 * q).round() as usize;
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let time = median(&times.iter().map(|&d| ms(d)).collect::<Vec<_>>(), |v| {
        format!("{v:.3} ms")
    });
    let node = median(&nodes.iter().map(|&k| k as f64).collect::<Vec<_>>(), |v| {
        (v as u64).to_string()
    });
    println!(
        "{n} positions after {cards} cards: median {time}, p90 {:.3} ms, max {:.3} ms; nodes median {node}, p90 {}, max {}, total {}",
        ms(times[at(0.9)]),
        ms(times[n - 1]),
        nodes[at(0.9)],
        nodes[n - 1],
        nodes.iter().sum::<u64>(),
    );
}

/// `run`'s result and its time: the least of up to `runs` runs while they take under a second
/// in all (a busy machine only ever adds time); a run longer than 0.1 s is timed by its time on
/// a core, where Linux tells it.
fn least_time<T>(runs: usize, mut run: impl FnMut() -> T) -> (T, Duration) {
    let (mut least, mut spent, mut out) = (Duration::MAX, Duration::ZERO, None);
    for _ in 0..runs {
        let (t, c) = (Instant::now(), cpu_time());
        out = Some(run());
        let wall = t.elapsed();
        let took = match (c, cpu_time()) {
            (Some(a), Some(b)) if wall > Duration::from_millis(100) => b.saturating_sub(a),
            _ => wall,
        };
        least = least.min(took);
        spent += wall;
        if spent > Duration::from_secs(1) {
            break;
        }
    }
    (out.expect("at least one run"), least)
}

/// The median of the sorted `values` (at least one), each written by `show`: for an even count
/// the mean of the two middle values, then both.
fn median(sorted: &[f64], show: impl Fn(f64) -> String) -> String {
    let (low, high) = (sorted[(sorted.len() - 1) / 2], sorted[sorted.len() / 2]);
    let mean = show((low + high) / 2.0);
    if sorted.len() % 2 == 1 {
        mean
    } else {
        format!("{mean} (the two middle {} and {})", show(low), show(high))
    }
}
