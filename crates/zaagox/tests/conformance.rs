//! The test kit's conformance harness over many seeds, for every player count and both Ava
//! rules.

use cards_core::Seed;
use cards_testkit::conformance::{Config, check};
use zaagox::{AvaRule, NegativeScores, Rules, Zaagox};

fn run(rules: Rules, players: usize, seeds: std::ops::Range<u64>) {
    let report = check::<Zaagox>(&rules, players, seeds.map(Seed::from), Config::default())
        .unwrap_or_else(|v| panic!("{v}"));
    assert!(report.states > report.games * 10, "{report:?}");
    assert!(report.illegal_refused > 0, "{report:?}");
}

#[test]
fn default_rules_all_player_counts() {
    for players in Rules::PLAYERS {
        run(Rules::default(), players, 0..40);
    }
}

#[test]
fn immediate_ava() {
    let rules = Rules {
        ava: AvaRule::Immediate,
        ..Rules::default()
    };
    for players in Rules::PLAYERS {
        run(rules, players, 100..130);
    }
}

#[test]
fn short_turn_limit_and_zero_negative_scores() {
    let rules = Rules {
        turn_limit: 7,
        negative_scores: NegativeScores::AsZero,
        ..Rules::default()
    };
    run(rules, 3, 200..230);
}
