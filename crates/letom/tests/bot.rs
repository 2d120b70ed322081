//! The rule bot ([`LetomBot`]) over many seeded deals and matches: every choice is legal and
//! plays, the same seeds give the same game, and it beats the random player in duplicate
//! matches (each deal played at every seating of the rule bot and the random player).

use cards_core::{Bot, Game, RandomPlayer, RuleBot, Seed};
use letom::{Action, Letom, LetomMatch, Rules};

use crate::common;

/// Plays `game` to its end with `rule_seats` (a bit per seat) taken by the rule bot and the
/// other seats by random players seeded from `seed`; checks that every choice is among the
/// legal actions the view gives, which are the state's. Returns the settlement and the
/// actions played.
fn play_out<G: RuleBot<Action = Action>>(
    mut game: G,
    rule_seats: u32,
    seed: u64,
) -> (Vec<i64>, Vec<Action>) {
    let n = game.num_players();
    let mut bots: Vec<Box<dyn Bot<G>>> = (0..n)
        .map(|s| -> Box<dyn Bot<G>> {
            if rule_seats >> s & 1 == 1 {
                Box::new(G::rule_bot(Seed::from(seed)))
            } else {
                RandomPlayer::boxed::<G>(Seed::from(seed * 8 + s as u64))
            }
        })
        .collect();
    let (mut legal, mut truth, mut actions) = (Vec::new(), Vec::new(), Vec::new());
    let limit = G::max_actions(game.rules(), n);
    while let Some(seat) = game.to_act() {
        let view = game.view(seat);
        G::view_legal_actions(&view, &mut legal);
        game.legal_actions(&mut truth);
        assert_eq!(legal, truth, "the view's legal actions are the state's");
        let action = bots[seat.index()].choose(&view, &legal);
        assert!(legal.contains(&action), "{action} is not legal");
        game.play(action).expect("a legal action plays");
        actions.push(action);
        assert!(actions.len() <= limit, "the game does not end");
    }
    (game.settlement().to_vec(), actions)
}

/// The mean over `seeds` and every seating (each non-empty proper subset of the seats taken by
/// the rule bot) of the rule bot's mean settlement less the random players' mean, with its
/// standard error over the seeds.
fn duplicate<G: RuleBot<Action = Action>>(
    new: impl Fn(u64) -> G,
    players: usize,
    seeds: std::ops::Range<u64>,
) -> (f64, f64) {
    let full = (1u32 << players) - 1;
    let per_seed: Vec<f64> = seeds
        .map(|seed| {
            let mut sum = 0.0;
            for mask in 1..full {
                let (result, _) = play_out(new(seed), mask, seed);
                let (mut bot, mut rnd) = ((0.0, 0.0), (0.0, 0.0));
                for (s, r) in result.iter().enumerate() {
                    let slot = if mask >> s & 1 == 1 {
                        &mut bot
                    } else {
                        &mut rnd
                    };
                    slot.0 += *r as f64;
                    slot.1 += 1.0;
                }
                sum += bot.0 / bot.1 - rnd.0 / rnd.1;
            }
            sum / f64::from(full - 1)
        })
        .collect();
    let n = per_seed.len() as f64;
    let mean = per_seed.iter().sum::<f64>() / n;
    let var = per_seed.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, (var / n).sqrt())
}

fn deal(players: usize, rules: Rules) -> impl Fn(u64) -> Letom {
    move |seed| Letom::new(&rules, players, Seed::from(seed)).unwrap()
}

fn a_match(players: usize, deals: u32) -> impl Fn(u64) -> LetomMatch {
    move |seed| {
        let rules = Rules {
            deals,
            ..Rules::default()
        };
        LetomMatch::new(&rules, players, Seed::from(seed)).unwrap()
    }
}

#[test]
fn every_choice_is_legal_under_every_rule_set_and_player_count() {
    for rules in [Rules::default(), common::flipped(), Rules::go_stop()] {
        for players in 2..=4 {
            for seed in 0..25 {
                let mask = (seed as u32 % ((1 << players) - 1)) + 1;
                play_out(deal(players, rules)(seed), mask, seed);
            }
        }
    }
    for players in 2..=4 {
        play_out(a_match(players, 3)(7), 0b101, 7);
    }
}

#[test]
fn the_same_seeds_give_the_same_game() {
    for players in 2..=4 {
        let a = play_out(deal(players, Rules::default())(11), 1, 11);
        let b = play_out(deal(players, Rules::default())(11), 1, 11);
        assert_eq!(a, b);
    }
}

/// Asserts the duplicate figure is clearly positive: above `at_least` and above four
/// standard errors.
fn clearly_positive((mean, se): (f64, f64), at_least: f64, what: &str) {
    println!("{what}: the rule bot less random, per game: {mean:.2} ± {se:.2}");
    assert!(
        mean >= at_least && mean > 4.0 * se,
        "{what}: {mean:.2} ± {se:.2}"
    );
}

// The figures (debug and release alike; fixed seeds): two players, 200 deals at both seatings:
// +53.6 ± 7.4 points per deal (the bot's settlement less the random player's); three players,
// 200 deals at all six seatings: +3.6 ± 0.6 (the mean of the bot's seats less the mean of the
// random seats); matches of 3 deals, 60 matches: +113.6 ± 20.9 per match (two players), +10.7 ± 2.3
// (three players). The bounds asserted are about half of each.

#[test]
fn the_rule_bot_beats_random_in_duplicate_deals_of_two() {
    let figure = duplicate(deal(2, Rules::default()), 2, 0..200);
    clearly_positive(figure, 25.0, "deals of two");
}

#[test]
fn the_rule_bot_beats_random_in_duplicate_deals_of_three() {
    let figure = duplicate(deal(3, Rules::default()), 3, 0..200);
    clearly_positive(figure, 1.8, "deals of three");
}

#[test]
fn the_rule_bot_beats_random_in_duplicate_matches() {
    clearly_positive(duplicate(a_match(2, 3), 2, 0..60), 50.0, "matches of two");
    clearly_positive(duplicate(a_match(3, 3), 3, 0..60), 5.0, "matches of three");
}

#[test]
fn an_odd_view_gets_a_legal_fallback() {
    let game = Letom::new(&Rules::default(), 3, Seed::from(4)).unwrap();
    let seat = game.to_act().unwrap();
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    let mut bot = Letom::rule_bot(Seed::from(1));
    // Per-seat lists that do not fit the table: the first legal action.
    let mut view = game.view(seat);
    view.public.captured.pop();
    assert_eq!(Bot::<Letom>::choose(&mut bot, &view, &legal), legal[0]);
    // A seat not at the table.
    let mut view = game.view(seat);
    view.seat = letom::PlayerId(9);
    assert_eq!(Bot::<Letom>::choose(&mut bot, &view, &legal), legal[0]);
    // Asked with nothing legal (no caller does): an action, no panic.
    let _ = Bot::<Letom>::choose(&mut bot, &game.view(seat), &[]);
}
