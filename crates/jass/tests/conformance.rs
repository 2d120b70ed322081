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

fn with_variants(variants: jass::Variants) -> Rules {
    Rules {
        variants,
        ..Rules::default()
    }
}

#[test]
fn slalom_enabled() {
    let v = jass::Variants {
        slalom: true,
        ..jass::Variants::default()
    };
    run(with_variants(v), 5000..5040);
}

#[test]
fn guschti_enabled() {
    let v = jass::Variants {
        guschti: true,
        ..jass::Variants::default()
    };
    run(with_variants(v), 5100..5140);
}

#[test]
fn mary_enabled() {
    let v = jass::Variants {
        mary: true,
        ..jass::Variants::default()
    };
    run(with_variants(v), 5200..5240);
}

#[test]
fn trio_enabled() {
    let v = jass::Variants {
        trio: true,
        ..jass::Variants::default()
    };
    run(with_variants(v), 5300..5340);
}

#[test]
fn all_variants_enabled() {
    run(with_variants(jass::Variants::ALL), 5400..5460);
}

/// The small Weis scale, the regional four 6/7/8 and cross-Weis (a card in a four and a run).
#[test]
fn small_scale_four_low_and_cross_weis() {
    let weis = jass::WeisRules {
        scale: jass::Scale::Small,
        four_low: true,
        cross_weis: true,
    };
    run(
        Rules {
            weis,
            ..Rules::default()
        },
        900..940,
    );
    run(
        Rules {
            weis: jass::WeisRules {
                cross_weis: true,
                ..jass::WeisRules::default()
            },
            ..Rules::default()
        },
        940..980,
    );
}

/// Whole games run through the same harness in `tests/schieber.rs`; here a whole game with
/// every variant enabled and the small scale, to a low target.
#[test]
fn whole_game_with_variants_and_small_scale() {
    let rules = Rules {
        variants: jass::Variants::ALL,
        weis: jass::WeisRules {
            scale: jass::Scale::Small,
            ..jass::WeisRules::default()
        },
        ..Rules::flat()
    };
    let report = check::<jass::Schieber>(&rules, 4, (0..15).map(Seed::from), Config::default())
        .unwrap_or_else(|v| panic!("{v}"));
    assert!(report.games == 15 && report.longest > 37, "{report:?}");
}
