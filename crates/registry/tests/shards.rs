//! Tournaments and self-play split by deal range: any split merges to one run's result, and
//! shards that do not cover the deals exactly once are refused.

use cards_registry::{Part, SelfPlay, Shard, ShardError, TableError, find, merge};
use serde_json::{Value, json};

fn bots() -> Vec<String> {
    vec!["rules".to_owned(), "random".to_owned()]
}

fn shards(game: &str, variant: Option<&str>, cuts: &[u64]) -> Vec<Shard> {
    let line = find(game, variant).unwrap();
    let players = *line.players().start();
    let rules = line.default_rules();
    let bots = bots();
    cuts.windows(2)
        .map(|w| {
            let part = Part {
                line,
                rules: &rules,
                players,
                bots: &bots,
                seed: 5,
                range: w[0]..w[1],
            };
            Shard::play(&part, true, &mut || true).unwrap()
        })
        .collect()
}

/// The report without its timing, which differs from run to run.
fn report(shards: &[Shard]) -> (Value, Vec<String>) {
    let merged = merge(shards).unwrap();
    let mut report: Value = serde_json::from_str(&merged.report_json().unwrap()).unwrap();
    report.as_object_mut().unwrap().remove("timing");
    let records = merged.records.iter().map(str::to_owned).collect();
    (report, records)
}

#[test]
fn any_split_merges_to_one_run() {
    for (game, variant) in [("jass", Some("schieber-deal")), ("letom", Some("deal"))] {
        let whole = report(&shards(game, variant, &[0, 9]));
        assert_eq!(whole.0["deals"], 9);
        assert_eq!(whole.1.len(), 9 * 2);
        for cuts in [&[0, 4, 9][..], &[0, 1, 2, 3, 8, 9], &[0, 0, 5, 9]] {
            let mut parts = shards(game, variant, cuts);
            // The order they come back in does not matter.
            parts.reverse();
            // Nor does a trip through JSON, as between processes.
            let parts: Vec<Shard> = parts
                .iter()
                .map(|s| serde_json::from_str(&serde_json::to_string(s).unwrap()).unwrap())
                .collect();
            assert_eq!(report(&parts), whole, "{game} split at {cuts:?}");
        }
        // The one-process tournament gives the same standings, to the last bit.
        let line = find(game, variant).unwrap();
        let t = line
            .duplicate(&line.default_rules(), *line.players().start(), &bots(), 5)
            .unwrap();
        let results: Vec<_> = (0..9)
            .map(|d| t.play_deal(d, false).unwrap().games)
            .collect();
        let merged = merge(&shards(game, variant, &[0, 3, 9])).unwrap();
        assert_eq!(merged.standings, t.standings(&results));
    }
}

#[test]
fn gaps_overlaps_and_other_tournaments_are_refused() {
    let refused = |parts: &[Shard]| match merge(parts) {
        Err(TableError::Shard(e)) => e,
        other => panic!("merged: {other:?}"),
    };
    let parts = shards("letom", Some("deal"), &[0, 2, 4, 6]);
    assert_eq!(refused(&[]), ShardError::Empty);
    // A shard of no deals checks a run's bots and rules, and is no tournament by itself.
    let nothing = shards("letom", Some("deal"), &[0, 0]);
    assert_eq!(refused(&nothing), ShardError::NoDeals);
    assert_eq!(
        refused(&[nothing[0].clone(), nothing[0].clone()]),
        ShardError::NoDeals
    );
    assert_eq!(
        refused(&[parts[0].clone(), parts[2].clone()]),
        ShardError::Gap { from: 2, to: 4 }
    );
    assert_eq!(refused(&parts[1..]), ShardError::Gap { from: 0, to: 2 });
    let wide = shards("letom", Some("deal"), &[1, 5]);
    assert_eq!(
        refused(&[parts[0].clone(), wide[0].clone(), parts[2].clone()]),
        ShardError::Overlap { deal: 1 }
    );
    let mut other = parts.clone();
    other[1].seed = 6;
    assert_eq!(refused(&other), ShardError::Mismatch { what: "seed" });
    let mut edited = parts.clone();
    edited[1].deals[0].games[0].pair = (1, 0);
    assert!(matches!(refused(&edited), ShardError::Damaged { .. }));
    // Every game is zero-sum: a settlement edited alone is seen, however large.
    let mut bent = parts.clone();
    bent[1].deals[1].games[0].settlement[0] = i64::MAX;
    assert!(matches!(refused(&bent), ShardError::Damaged { .. }));
    let mut short = parts.clone();
    short[2].deals.pop();
    assert!(matches!(refused(&short), ShardError::Damaged { .. }));
    // Each shard holds 2 deals of 2 games, so 4 records; one lost is seen.
    let mut lost = parts[1].clone();
    let mut records = serde_json::to_value(&lost.records).unwrap();
    records.as_array_mut().unwrap().pop();
    lost.records = serde_json::from_value(records).unwrap();
    assert_eq!(
        refused(&[parts[0].clone(), lost, parts[2].clone()]),
        ShardError::Damaged {
            start: 2,
            end: 4,
            why: "it holds 3 records for 4".to_owned()
        }
    );
    let line = find("letom", Some("deal")).unwrap();
    // A range as a caller from Python may build it, ending before it starts.
    let (start, end) = (3, 1);
    let backwards = Part {
        line,
        rules: &json!({}),
        players: 2,
        bots: &bots(),
        seed: 0,
        range: start..end,
    };
    assert!(matches!(
        Shard::play(&backwards, false, &mut || true),
        Err(TableError::Shard(ShardError::Backwards {
            start: 3,
            end: 1
        }))
    ));
}

/// A shard stops where its caller asks (Python's Ctrl-C), and no shard is longer than a run.
#[test]
fn shards_stop_when_asked_and_are_no_longer_than_a_run() {
    let line = find("letom", Some("deal")).unwrap();
    let rules = line.default_rules();
    let tournament = Part {
        line,
        rules: &rules,
        players: 2,
        bots: &bots(),
        seed: 0,
        range: 5..9,
    };
    let mut asked = 0;
    let mut two_deals = || {
        asked += 1;
        asked <= 2
    };
    assert!(matches!(
        Shard::play(&tournament, false, &mut two_deals),
        Err(TableError::Shard(ShardError::Stopped { deal: 7 }))
    ));
    let mut asked = 0;
    let mut one_deal = || {
        asked += 1;
        asked <= 1
    };
    let random = ["random".to_owned()];
    let self_play = Part {
        bots: &random,
        range: 0..3,
        ..tournament.clone()
    };
    assert!(matches!(
        SelfPlay::play(&self_play, &mut one_deal),
        Err(TableError::Shard(ShardError::Stopped { deal: 1 }))
    ));
    // Refused before anything is played: `keep_on` is never asked.
    let too_long = 0..cards_registry::MAX_DEALS + 1;
    let e = Shard::play(
        &Part {
            range: too_long.clone(),
            ..tournament
        },
        false,
        &mut || panic!("asked to play"),
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "a shard plays at most 10000000 deals, not 10000001"
    );
    assert!(matches!(
        SelfPlay::play(
            &Part {
                range: too_long,
                ..self_play
            },
            &mut || panic!("asked")
        ),
        Err(TableError::Shard(ShardError::TooLong { deals: 10_000_001 }))
    ));
}

#[test]
fn self_play_concatenates_across_shards() {
    let line = find("letom", Some("deal")).unwrap();
    let rules = line.default_rules();
    let bots = ["rules".to_owned(), "random".to_owned()];
    let run = Part {
        line,
        rules: &rules,
        players: 2,
        bots: &bots,
        seed: 3,
        range: 0..0,
    };
    let play = |range| {
        SelfPlay::play(
            &Part {
                range,
                ..run.clone()
            },
            &mut || true,
        )
        .unwrap()
    };
    let whole = play(0..5);
    let (a, b) = (play(0..2), play(2..5));
    assert_eq!(
        [a.returns.clone(), b.returns.clone()].concat(),
        whole.returns
    );
    assert_eq!([a.action.clone(), b.action.clone()].concat(), whole.action);
    assert_eq!([a.masks.clone(), b.masks.clone()].concat(), whole.masks);
    assert_eq!(
        [a.observations.clone(), b.observations.clone()].concat(),
        whole.observations
    );
    assert_eq!([a.deal.clone(), b.deal.clone()].concat(), whole.deal);
    assert_eq!(whole.returns.len(), 5 * 2);
    assert_eq!([a.seeds.clone(), b.seeds.clone()].concat(), whole.seeds);
    // Each deal dealt again from its seed and replayed from its steps gives its returns, and
    // each recorded observation is the acting seat's own.
    let size = whole.observation_size;
    let mut row = 0;
    for (i, &seed) in whole.seeds.iter().enumerate() {
        let mut table = line.new_table(&rules, 2, seed).unwrap();
        while row < whole.deal.len() && whole.deal[row] == i as u64 {
            assert_eq!(table.to_act(), Some(whole.seat[row] as usize));
            let mut seen = vec![0.0; size];
            table
                .observation(whole.seat[row] as usize, &mut seen)
                .unwrap();
            assert_eq!(seen, whole.observations[row * size..(row + 1) * size]);
            table.take_step(whole.action[row] as usize).unwrap();
            row += 1;
        }
        assert_eq!(table.returns(), whole.returns[i * 2..i * 2 + 2]);
    }
    assert_eq!(row, whole.deal.len());
    // Every step taken was legal under the mask recorded with it.
    for (i, &id) in whole.action.iter().enumerate() {
        assert_eq!(whole.masks[i * whole.step_space + id as usize], 1);
    }
    assert!(matches!(
        SelfPlay::play(
            &Part {
                bots: &["nobody".to_owned()],
                range: 0..1,
                ..run
            },
            &mut || true
        ),
        Err(TableError::Bot(_))
    ));
}
