//! The cards-testkit conformance harness over the stepped index ([`Stepped`]), for every
//! player count and preset, and the main options.
//!
//! The harness walks every legal action's step path at every state, so a state with tens of
//! thousands of captures (a crowded table of low cards, rare in random play) costs minutes in
//! a debug build. Each test therefore replays the game the harness would play from a seed
//! (the same random player) and keeps the seeds whose largest decision has at most
//! [`MAX_LEGAL`] actions; most seeds are kept (asserted), and the skipped ones are counted.

use cards_core::{Game, RandomPlayer, Seed};
use cards_testkit::conformance::{Config, check};
use elewenjewe::{Elewenjewe, Leftovers, Rules, Stepped};

/// The largest number of legal actions in one state of a game the tests run.
const MAX_LEGAL: usize = 500;

/// The largest number of legal actions in the game the harness plays from `seed`.
fn largest_decision(rules: &Rules, players: usize, seed: Seed) -> usize {
    let mut game = Elewenjewe::new(rules, players, seed).expect("valid rules");
    let mut player = RandomPlayer::new(seed);
    let (mut buf, mut legal, mut most) = (Vec::new(), Vec::new(), 0);
    while let Some(action) = player.choose(&game, &mut buf) {
        game.legal_actions(&mut legal);
        most = most.max(legal.len());
        game.play(action).expect("legal");
    }
    most
}

fn run(rules: &Rules, players: usize, want: usize) {
    let config = Config {
        index_probes: 3,
        view_every: 2,
        hidden_information: true,
    };
    let seeds: Vec<Seed> = (0..10 * want as u64)
        .map(Seed::from)
        .filter(|&s| largest_decision(rules, players, s) <= MAX_LEGAL)
        .take(want)
        .collect();
    assert_eq!(seeds.len(), want, "too many seeds with huge decisions");
    let report = check::<Stepped>(rules, players, seeds, config).unwrap_or_else(|v| panic!("{v}"));
    assert_eq!(report.games, want);
    assert!(report.legal_probed > 0 && report.illegal_refused > 0);
}

#[test]
fn default_rules_every_player_count() {
    for players in 2..=5 {
        run(&Rules::default(), players, 12);
    }
}

#[test]
fn professional_two_players() {
    run(&Rules::professional(), 2, 24);
}

#[test]
fn casual_every_player_count() {
    for players in 2..=5 {
        run(&Rules::casual(), players, 12);
    }
}

#[test]
fn yoruba_every_player_count() {
    for players in 2..=5 {
        run(&Rules::yoruba(), players, 12);
    }
}

#[test]
fn esun_isiwo_last_player_takes() {
    let rules = Rules {
        esun: true,
        isiwo: true,
        last_player_takes: true,
        ..Rules::casual()
    };
    for players in 2..=5 {
        run(&rules, players, 8);
    }
}

#[test]
fn esun_under_the_yoruba_rule_with_its_options() {
    let rules = Rules {
        esun: true,
        yoruba_checks_piles: true,
        yoruba_pile_excludes_v: true,
        jokers: true,
        ..Rules::yoruba()
    };
    for players in 2..=5 {
        run(&rules, players, 6);
    }
}

#[test]
fn leftovers_options_and_most_cards_scoring() {
    for leftovers in [Leftovers::Unused, Leftovers::OneCardHand] {
        let rules = Rules {
            leftovers,
            jokers: true,
            esun: true,
            scoring: elewenjewe::Scoring::MostCards,
            max_rounds: Some(3),
            ..Rules::default()
        };
        for players in 2..=5 {
            run(&rules, players, 3);
        }
    }
}
