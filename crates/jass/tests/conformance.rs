//! The test kit's conformance harness over many seeds, with the default rules and the main
//! options.

use cards_core::Seed;
use cards_testkit::conformance::{Config, check};
use jass::{Multipliers, PlayRules, Rules, SchieberDeal};

fn run(rules: Rules, seeds: std::ops::Range<u64>) {
    let report = check::<SchieberDeal>(&rules, 4, seeds.map(Seed::from), Config::default())
        .unwrap_or_else(|v| panic!("{v}"));
    assert!(report.states > report.games * 30, "{report:?}");
    assert!(report.illegal_refused > 0, "{report:?}");
    assert!(report.worlds_differing > 0, "{report:?}");
}

#[test]
fn default_rules() {
    run(Rules::default(), 0..200);
}

#[test]
fn swisslos_multipliers() {
    let rules = Rules {
        multipliers: Multipliers::SWISSLOS,
        ..Rules::default()
    };
    run(rules, 1000..1060);
}

#[test]
fn seed_weis_scoring() {
    let rules = Rules {
        seed_weis_scoring: true,
        ..Rules::default()
    };
    run(rules, 2000..2060);
}

#[test]
fn no_buur_exception() {
    let rules = Rules {
        play: PlayRules {
            buur_exception: false,
            ..PlayRules::default()
        },
        ..Rules::default()
    };
    run(rules, 3000..3060);
}

#[test]
fn undertrump_when_void_and_fixed_dealer() {
    let rules = Rules {
        play: PlayRules {
            undertrump_when_void: true,
            ..PlayRules::default()
        },
        first_dealer: Some(jass::PlayerId(1)),
        ..Rules::default()
    };
    run(rules, 4000..4040);
}
