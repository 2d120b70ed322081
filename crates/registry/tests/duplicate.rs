//! Duplicate-deal tournaments through the registry: every deal alone and fixed by the run's
//! seed, so any spread of the deals gives the same standings.

use cards_registry::{Run, TableError, catalogue, find};
use serde_json::json;

#[test]
fn deals_are_fixed_by_the_seed_whatever_their_order() {
    for line in catalogue() {
        let players = *line.players().start();
        let bots = ["random".to_owned(), "rules".to_owned()];
        let t = line.duplicate(&json!({}), players, &bots, 7).unwrap();
        assert!(std::ptr::eq(t.game_type(), line));
        assert_eq!(t.pairs(), [(0, 1)]);
        let forward: Vec<_> = (0..3).map(|d| t.play_deal(d, true).unwrap()).collect();
        let again = line.duplicate(&json!({}), players, &bots, 7).unwrap();
        let mut backward: Vec<_> = (0..3)
            .rev()
            .map(|d| again.play_deal(d, true).unwrap())
            .collect();
        backward.reverse();
        assert_eq!(forward, backward, "{line:?}");
        for deal in &forward {
            assert_eq!(deal.games.len(), t.seatings().len());
            assert_eq!(deal.records.len(), deal.games.len());
            for (game, record) in deal.games.iter().zip(&deal.records) {
                // Every game's record replays to the settlement the tournament counted.
                let table = line.replay(record).unwrap();
                assert_eq!(table.settlement(), game.settlement, "{line:?}");
                assert_eq!(game.settlement.iter().sum::<i64>(), 0);
            }
        }
        let results: Vec<_> = forward.into_iter().map(|d| d.games).collect();
        let standings = t.standings(&results);
        assert_eq!(standings, again.standings(&results));
        let bots_given = bots.to_vec();
        let report = t
            .report_json(
                &standings,
                &Run {
                    seed: 7,
                    deals: 3,
                    bots: &bots_given,
                    records: Vec::new(),
                    seconds: 1.0,
                },
            )
            .unwrap();
        let report: serde_json::Value = serde_json::from_str(&report).unwrap();
        assert_eq!(report["game"], json!(line.game));
        assert_eq!(report["variant"], json!(line.variant));
        assert_eq!(report["rules"], line.default_rules());
        assert_eq!(report["deals"], json!(3));
    }
}

#[test]
fn bad_tournaments_are_refused_in_words() {
    let line = find("zaagox", None).unwrap();
    let e = line
        .duplicate(
            &json!({}),
            3,
            &["random".to_owned(), "alphazero".to_owned()],
            1,
        )
        .unwrap_err();
    assert!(matches!(e, TableError::Bot(_)), "{e}");
    let e = line
        .duplicate(&json!({}), 3, &["random".to_owned()], 1)
        .unwrap_err();
    assert!(e.to_string().contains("at least two bots"), "{e}");
    let e = line
        .duplicate(&json!({}), 9, &["random".to_owned(), "rules".to_owned()], 1)
        .unwrap_err();
    assert!(e.to_string().contains("cannot be set up"), "{e}");
    let e = line
        .duplicate(
            &json!({"turn_limit": "x"}),
            3,
            &["random".to_owned(), "rules".to_owned()],
            1,
        )
        .unwrap_err();
    assert!(matches!(e, TableError::Rules(_)), "{e}");
}
