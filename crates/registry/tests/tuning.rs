//! The ladder's search tuning, kept per catalogue line: Eléwénjewé's `ismcts` leans on its rule
//! bot, Differenzler's weighs the rule bot's predictions around its estimate, Zaägox's gives the
//! rule bot's choice a head start, every other game type searches plainly.

use cards_bots::{BotSpec, SearchConfig};
use cards_core::{Bot as _, Game as _, RuleBot as _, Seed};
use cards_registry::{catalogue, find, tuning};
use elewenjewe::{Elewenjewe, Rules};

#[test]
fn only_elewenjewe_differenzler_and_zaagox_tune_the_ladders_search() {
    let elewenjewe = find("elewenjewe", None).unwrap();
    let tuned = elewenjewe.tuning;
    assert_eq!(tuned.prior_visits, 150);
    assert_eq!(tuned.prior_candidates, 3);
    assert!(tuned.common_worlds);
    assert_eq!(
        (tuned.exploration, tuned.max_children),
        (
            SearchConfig::DEFAULT.exploration,
            SearchConfig::DEFAULT.max_children
        )
    );
    let differenzler = find("jass", Some("differenzler")).unwrap();
    assert_eq!(differenzler.tuning.prior_candidates, 7);
    assert!(differenzler.tuning.common_worlds);
    let zaagox = find("zaagox", None).unwrap();
    assert_eq!(
        zaagox.tuning,
        SearchConfig {
            prior_visits: 300,
            ..SearchConfig::DEFAULT
        }
    );
    for t in catalogue() {
        assert_eq!(tuning(t.record()), t.tuning, "{t:?}");
        if ![elewenjewe, differenzler, zaagox]
            .iter()
            .any(|&tuned| std::ptr::eq(t, tuned))
        {
            assert_eq!(t.tuning, SearchConfig::DEFAULT, "{t:?}");
        }
    }
    assert_eq!(tuning("no such game"), SearchConfig::DEFAULT);
}

/// The ladder's `ismcts`, tuned as the catalogue tunes Eléwénjewé, weighs the rule bot's three
/// best actions on common worlds, chooses among them, follows the rule bot more often than not,
/// and the same seed gives the same choices.
#[test]
fn elewenjewes_search_weighs_the_rule_bots_best_actions() {
    let tuning = tuning(Elewenjewe::NAME);
    let spec: BotSpec = "ismcts:300".parse().unwrap();
    let mut legal = Vec::new();
    let mut three = Vec::new();
    let mut followed = 0;
    let mut decisions = 0;
    for seed in 0..2u64 {
        let mut game = Elewenjewe::new(&Rules::default(), 2, Seed::from(seed)).unwrap();
        let mut rules_bot = Elewenjewe::rule_bot(Seed::from(seed));
        for step in 0..24 {
            let seat = game.to_act().unwrap();
            game.legal_actions(&mut legal);
            let view = game.view(seat);
            let choice = rules_bot.choose(&view, &legal);
            if step % 4 == 1 {
                rules_bot.candidates(&view, &legal, 3, &mut three);
                let search = |k: u64| {
                    let mut player = spec.player::<Elewenjewe>(Seed::from(k), &tuning);
                    let a = player.act(&game, &legal).unwrap();
                    (a, player.hint().to_vec())
                };
                let (a, hint) = search(step);
                assert!(three.contains(&a), "{a} not among {three:?}");
                assert!(hint.iter().all(|s| three.contains(&s.action)));
                assert_eq!(hint.iter().map(|s| s.visits).sum::<u32>(), 300);
                assert_eq!(search(step), (a, hint), "the same seed, the same search");
                followed += usize::from(a == choice);
                decisions += 1;
            }
            game.play(choice).unwrap();
        }
    }
    assert!(followed * 2 > decisions, "{followed} of {decisions}");
}
