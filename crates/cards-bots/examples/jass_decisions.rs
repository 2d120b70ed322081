//! IS-MCTS decisions at 1,000 iterations on Schieber deals, for timing and for counting
//! instructions with callgrind: `cargo run --release -p cards-bots --example jass_decisions [N]
//! [game]` makes N decisions (default 20) at the first card of N seeded deals after the
//! contract and prints the chosen cards' checksum and the time a decision. With `game` the
//! playouts follow the game's own policy ([`GamePolicy`], as the ladder's searches do) instead
//! of uniformly random ones.

use cards_bots::{Budget, GamePolicy, Ismcts, Uniform};
use cards_core::{Bot, Game, Seed};
use jass::SchieberDeal;

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20);
    let budget = Budget::Iterations(1000);
    let mut bot: Box<dyn Bot<SchieberDeal>> = if std::env::args().nth(2).as_deref() == Some("game")
    {
        Box::new(Ismcts::with_policy(budget, Seed::from(1), GamePolicy))
    } else {
        Box::new(Ismcts::with_policy(budget, Seed::from(1), Uniform))
    };
    let mut legal = Vec::new();
    let mut checksum = 0u64;
    let start = std::time::Instant::now();
    for s in 0..n {
        let mut game = SchieberDeal::new(&Default::default(), 4, Seed::from(s)).expect("a deal");
        // The contract: the first legal choice, so the decision is a card.
        game.legal_actions(&mut legal);
        game.play(legal[0]).expect("legal");
        let seat = game.to_act().expect("a card is due");
        game.legal_actions(&mut legal);
        let a = bot.choose(&game.view(seat), &legal);
        checksum = checksum.rotate_left(5) ^ legal.iter().position(|&x| x == a).unwrap_or(0) as u64;
    }
    let per = start.elapsed().as_secs_f64() * 1e3 / n as f64;
    println!("{n} decisions, checksum {checksum:x}, {per:.2} ms a decision");
}
