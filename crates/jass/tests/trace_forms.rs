//! The oracle trace's deal and score events, read off the games' events alone
//! (`GameEvent::deal`, `GameEvent::score`), are exactly what the command line built from the
//! states before the events (the forms of `crates/cli/src/games/jass/`, rebuilt here from the
//! states as it did), for random games of every type.

use cards_core::{Game, GameEvent, JassCard, PlayerId, RandomPlayer, Seed};
use jass::{
    Action, Coiffeur, CoiffeurRules, Differenzler, DifferenzlerRules, Event, Rules, Schieber,
    SchieberDeal, ScoreSheet, SeededDeal, trick_points, trick_winner,
};
use serde_json::{Value, json};

/// The command line's deal form: dealer, forehand, the hands in the order dealt, and with
/// `shown` Differenzler's shown card.
fn cli_deal(deal: &SeededDeal, shown: bool) -> Value {
    let mut value = json!({
        "dealer": deal.dealer.0,
        "forehand": deal.forehand.0,
        "hands": deal.hands().map(<[JassCard]>::to_vec).collect::<Vec<_>>(),
    });
    if shown {
        value["shown"] = json!(deal.shown());
    }
    json!({ "deal": value })
}

fn cli_score(score: Vec<i64>) -> Value {
    json!({ "score": score })
}

/// The trace events of the game's own events: `{"deal": …}` and `{"score": …}`.
fn from_events(events: &[Event]) -> Vec<Value> {
    events
        .iter()
        .filter_map(|e| {
            e.deal()
                .map(|d| json!({ "deal": d }))
                .or_else(|| e.score().map(|s| json!({ "score": s })))
        })
        .collect()
}

/// Plays `game` randomly from `seed`; `after(before, action, after, out)` adds what the
/// command line added after each action. Returns (from the events, as the command line).
fn both<G: Game<Event = Event>>(
    mut game: G,
    seed: u64,
    start: Vec<Value>,
    mut after: impl FnMut(&G, G::Action, &G, &mut Vec<Value>),
) -> (Vec<Value>, Vec<Value>) {
    let mut events = Vec::new();
    game.start_events(&mut events);
    let mut cli = start;
    let mut player = RandomPlayer::new(Seed::from(seed));
    let mut buf = Vec::new();
    while let Some(action) = player.choose(&game, &mut buf) {
        let before = game.clone();
        game.play_reporting(action, &mut events).unwrap();
        after(&before, action, &game, &mut cli);
    }
    (from_events(&events), cli)
}

#[test]
fn one_deal() {
    let rules = Rules::default();
    for seed in 0..50 {
        let game = SchieberDeal::new(&rules, 4, Seed::from(seed)).unwrap();
        let start = vec![cli_deal(
            &SeededDeal::first_schieber(&rules, Seed::from(seed)),
            false,
        )];
        let (ours, cli) = both(game, seed, start, |before, _, after, out| {
            if !before.is_terminal()
                && let Some(outcome) = after.outcome()
            {
                out.push(cli_score(
                    outcome.scored.iter().map(|&p| i64::from(p)).collect(),
                ));
            }
        });
        assert_eq!(ours, cli, "seed {seed}");
        assert_eq!(ours.len(), 2);
        // Byte for byte, keys in the trace's order.
        let seeded = SeededDeal::first_schieber(&rules, Seed::from(seed));
        let hands: Vec<String> = seeded
            .hands()
            .map(|h| {
                let cards: Vec<String> = h.iter().map(|c| format!("\"{c}\"")).collect();
                format!("[{}]", cards.join(","))
            })
            .collect();
        let text = format!(
            r#"{{"dealer":{},"forehand":{},"hands":[{}]}}"#,
            seeded.dealer.0,
            seeded.forehand.0,
            hands.join(",")
        );
        let mut events = Vec::new();
        SchieberDeal::new(&rules, 4, Seed::from(seed))
            .unwrap()
            .start_events(&mut events);
        let deal = events.iter().find_map(|e| e.deal()).unwrap();
        assert_eq!(serde_json::to_string(deal).unwrap(), text);
    }
}

#[test]
fn whole_schieber_games() {
    for target in [Some(2500), Some(400)] {
        let rules = Rules {
            target,
            ..Rules::default()
        };
        for seed in 0..12 {
            let game = Schieber::new(&rules, 4, Seed::from(seed)).unwrap();
            let start = vec![cli_deal(
                &SeededDeal::first_schieber(&rules, Seed::from(seed)),
                false,
            )];
            let (ours, cli) = both(game, seed, start, |before, _, after, out| {
                let next = after.deal_number() != before.deal_number();
                if !(next || after.is_terminal() && !before.is_terminal()) {
                    return;
                }
                let start = before.scores_before_deal();
                let end = if next {
                    after.scores_before_deal()
                } else {
                    after.totals()
                };
                out.push(cli_score(
                    (0..2)
                        .map(|t| i64::from(end[t]) - i64::from(start[t]))
                        .collect(),
                ));
                if next {
                    let seeded = SeededDeal::later(
                        after.setup().seed,
                        after.deal_number(),
                        4,
                        after.deal().dealer(),
                    );
                    out.push(cli_deal(&seeded, false));
                }
            });
            assert_eq!(ours, cli, "target {target:?}, seed {seed}");
        }
    }
}

/// The command line's Coiffeur score: the declaring side's points, 0 for the others.
fn sheet_score(sheet: &ScoreSheet, deal: u32) -> Vec<i64> {
    sheet
        .sides
        .iter()
        .map(|side| {
            side.entries
                .iter()
                .flatten()
                .find(|e| e.deal == deal)
                .map_or(0, |e| i64::from(e.points))
        })
        .collect()
}

#[test]
fn coiffeur_games() {
    for individual in [false, true] {
        let rules = Rules {
            coiffeur: CoiffeurRules {
                individual,
                ..CoiffeurRules::default()
            },
            ..Rules::default()
        };
        for seed in 0..4 {
            let game = Coiffeur::new(&rules, 4, Seed::from(seed)).unwrap();
            let start = vec![cli_deal(
                &SeededDeal::first(Seed::from(seed), 4, None),
                false,
            )];
            let (ours, cli) = both(game, seed, start, |before, _, after, out| {
                let next = after.deal_number() != before.deal_number();
                if !(next || after.is_terminal() && !before.is_terminal()) {
                    return;
                }
                out.push(cli_score(sheet_score(
                    &after.score_sheet(),
                    before.deal_number(),
                )));
                if next {
                    let dealer = PlayerId((before.dealer().0 + 1) % 4);
                    let deal =
                        SeededDeal::later(after.setup().seed, after.deal_number(), 4, dealer);
                    out.push(cli_deal(&deal, false));
                }
            });
            assert_eq!(ours, cli, "individual {individual}, seed {seed}");
        }
    }
}

#[test]
fn differenzler_games() {
    let rules = Rules {
        differenzler: DifferenzlerRules {
            deals: 4,
            hidden_predictions: true,
        },
        ..Rules::default()
    };
    for players in [3usize, 4] {
        for seed in 0..4 {
            let game = Differenzler::new(&rules, players, Seed::from(seed)).unwrap();
            let start = vec![cli_deal(
                &SeededDeal::first(Seed::from(seed), players, None),
                true,
            )];
            let (ours, cli) = both(game, seed, start, |before, action, after, out| {
                let Action::Play(card) = action else {
                    return;
                };
                let plays = before.plays();
                if plays.len() + 1 != JassCard::COUNT {
                    return;
                }
                // The last trick's points go to its winner.
                let mut points = before.points();
                let mut cards = plays[plays.len() - plays.len() % players..].to_vec();
                cards.push(card);
                let seat = before.to_act().unwrap().index();
                let leader = (seat + players - (cards.len() - 1)) % players;
                let winner = (leader + trick_winner(&cards, before.trump())) % players;
                points[winner] += trick_points(&cards, before.trump(), true);
                out.push(cli_score(points.into_iter().map(i64::from).collect()));
                if !after.is_terminal() {
                    let dealer = PlayerId(((before.dealer().index() + 1) % players) as u8);
                    let deal =
                        SeededDeal::later(after.setup().seed, after.deal_number(), players, dealer);
                    out.push(cli_deal(&deal, true));
                }
            });
            assert_eq!(ours, cli, "{players} players, seed {seed}");
            assert_eq!(ours.len(), 8);
        }
    }
}
