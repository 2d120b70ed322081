//! The catalogue: unique names, lookups that name what exists, defaults that play.

use cards_registry::{LookupError, by_record, catalogue, find, games};

#[test]
fn names_are_unique_and_each_game_has_a_default() {
    let mut records: Vec<&str> = catalogue().iter().map(|t| t.record()).collect();
    records.sort_unstable();
    records.dedup();
    assert_eq!(records.len(), catalogue().len());
    assert_eq!(games(), ["zaagox", "jass", "elewenjewe", "letom"]);
    for t in catalogue() {
        assert!(std::ptr::eq(by_record(t.record()).unwrap(), t));
        assert!(!t.about.is_empty() && !t.label.is_empty());
        assert!(!t.players().is_empty(), "{t:?}");
        // The default rules and every preset set up a table of the fewest players.
        let players = *t.players().start();
        t.new_table(&t.default_rules(), players, 1).unwrap();
        for (name, rules) in t.presets() {
            t.new_table(&rules, players, 1)
                .unwrap_or_else(|e| panic!("{t:?} preset {name}: {e}"));
        }
    }
    for game in games() {
        assert_eq!(find(game, None).unwrap().game, game);
    }
}

#[test]
fn a_whole_schieber_game_and_one_deal_are_told_apart() {
    assert_eq!(find("jass", None).unwrap().record(), "schieber");
    assert_eq!(
        find("jass", Some("schieber-deal")).unwrap().record(),
        "schieber-deal"
    );
    assert_eq!(
        find("letom", Some("match")).unwrap().record(),
        "letom-match"
    );
    assert_eq!(find("zaagox", None).unwrap().variant, None);
}

#[test]
fn lookups_name_what_exists() {
    let e = find("chess", None).unwrap_err();
    assert!(matches!(e, LookupError::Game { .. }));
    assert_eq!(
        e.to_string(),
        "\"chess\" is not a game this build plays; the games are zaagox, jass, elewenjewe, letom"
    );
    let e = find("jass", Some("bridge")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "the variants of jass are schieber, schieber-deal, coiffeur, differenzler, not \"bridge\""
    );
    let e = find("zaagox", Some("x")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "zaagox has no variants, so the variant \"x\" does not apply"
    );
    assert!(by_record("jass").is_none());
}

/// Every game type but one deal of Schieber (whose summary is the whole game's, deal by deal)
/// has a summary of many games, reached typed.
#[test]
fn summaries_are_reached_through_the_catalogue() {
    use cards_core::summary::Summary;
    use cards_registry::{Catalogued, GameType, SummaryVisitor};

    struct Terms;
    impl SummaryVisitor for Terms {
        type Out = (&'static str, usize);
        fn visit<G: Catalogued + Summary>(self, _: &'static GameType) -> Self::Out {
            (G::NAME, G::TERMS.len())
        }
    }
    for line in cards_registry::catalogue() {
        let summarized = line.visit_summarized(Terms);
        assert_eq!(line.summarized(), summarized.is_some());
        assert_eq!(
            summarized.is_none(),
            line.record() == "schieber-deal",
            "{line:?}"
        );
        if let Some((name, terms)) = summarized {
            assert_eq!(name, line.record());
            assert!(terms > 0, "{name}");
        }
    }
}
