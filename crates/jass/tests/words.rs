//! What a player reads (issue 29): the deal summaries, labelled by seats, whose arithmetic
//! adds up; the refusals with the rule that forbids the card; the contracts' `{:#}` forms;
//! Differenzler's prediction typed as a number; each game's returns unit.

use cards_core::{CardSet, Game, JassCard, PlayerId, RandomPlayer, ReturnsUnit, Seed};
use jass::{
    Action, Coiffeur, CoiffeurRules, Contract, DealSummary, Differenzler, DifferenzlerRules, Event,
    Joker, Mode, RuleError, Rules, Schieber, SchieberDeal, SchieberDealSetup, WhyIllegal,
};

/// Plays `game` to the end with the random player seeded `seed`, keeping every event.
fn events_of<G: Game<Event = Event>>(mut game: G, seed: u64) -> (G, Vec<Event>) {
    let mut player = RandomPlayer::new(Seed::from(seed));
    let mut legal = Vec::new();
    let mut events = Vec::new();
    game.start_events(&mut events);
    while let Some(action) = player.choose(&game, &mut legal) {
        game.play_reporting(action, &mut events).unwrap();
    }
    (game, events)
}

fn cards(text: &str) -> CardSet<JassCard> {
    text.split_whitespace()
        .map(|c| c.parse::<JassCard>().unwrap())
        .collect()
}

/// A deal by hand, seat 0 forehand: seat 0 holds the low clubs, diamonds and hearts; seat 1
/// 9 10 of the three and the high spades; seat 2 J Q of the three and 9 10 J of spades;
/// seat 3 K A of the three and the low spades.
fn hand_dealt(contract: Mode, plays: &str) -> SchieberDeal {
    let hands = [
        cards("6C 7C 8C 6D 7D 8D 6H 7H 8H"),
        cards("9C TC 9D TD 9H TH QS KS AS"),
        cards("JC QC JD QD JH QH 9S TS JS"),
        cards("KC AC KD AD KH AH 6S 7S 8S"),
    ];
    let mut setup = SchieberDealSetup::dealt(PlayerId(3), PlayerId(0), hands);
    setup.contract = Some(Contract::Mode(contract));
    setup.plays = plays
        .split_whitespace()
        .map(|c| c.parse().unwrap())
        .collect();
    SchieberDeal::from_setup(&Rules::default(), setup).unwrap()
}

/// The refusal of `card` in `deal`: the rule, and the sentence with it and the legal cards.
fn refusal(deal: &SchieberDeal, card: &str) -> (WhyIllegal, String) {
    let card: JassCard = card.parse().unwrap();
    match deal.clone().play(Action::Play(card)) {
        Err(e @ RuleError::Illegal { why, .. }) => (why, e.to_string()),
        other => panic!("{card} should be refused as illegal: {other:?}"),
    }
}

#[test]
fn a_refused_card_names_the_rule_that_forbids_it() {
    // Obenabe, clubs led: seat 1 holds clubs.
    let deal = hand_dealt(Mode::Obenabe, "6C");
    let (why, text) = refusal(&deal, "9D");
    assert_eq!(why, WhyIllegal::FollowSuit(cards_core::JassSuit::Clubs));
    assert_eq!(
        text,
        "seat 1 may not play 9D now: you must follow suit, ♣ (Clubs), which was led; legal: 9C TC"
    );
    // Hearts trump, trump led: seat 1 holds two trumps.
    let deal = hand_dealt("trump:H".parse().unwrap(), "6H");
    let (why, text) = refusal(&deal, "9C");
    assert_eq!(why, WhyIllegal::FollowTrump(cards_core::JassSuit::Hearts));
    assert!(
        text.contains("trump was led, so you must play a trump, ♥ (Hearts); legal: 9H TH"),
        "{text}"
    );
    // Diamonds trump, clubs led: follow clubs or trump.
    let deal = hand_dealt("trump:D".parse().unwrap(), "6C");
    let (why, text) = refusal(&deal, "QS");
    assert_eq!(why, WhyIllegal::FollowOrTrump(cards_core::JassSuit::Clubs));
    assert!(
        text.contains(
            "you must follow suit, ♣ (Clubs), which was led, or play a trump; legal: 9C TC 9D TD"
        ),
        "{text}"
    );
    // Spades trump, clubs led, seat 1 ruffed with the ace: seat 3's 6 of spades would
    // under-trump while it still holds clubs.
    let deal = hand_dealt("trump:S".parse().unwrap(), "6C AS JC");
    let (why, text) = refusal(&deal, "6S");
    assert_eq!(
        why,
        WhyIllegal::Undertrump {
            over: "AS".parse().unwrap()
        }
    );
    assert!(
        text.starts_with("seat 3 may not play 6S now: you may not under-trump: a trump you play must beat AS (A♠)"),
        "{text}"
    );
    assert!(text.ends_with("; legal: KC AC"), "{text}");
}

/// The rule a refusal names is the one `legal_cards` applied: over random deals, every held
/// card that is refused gets a reason that fits the trick (its led suit, the trump, a trump in
/// it), in every game that plays tricks.
#[test]
fn every_refusal_has_a_fitting_reason() {
    let mut seen = [0usize; 4];
    for seed in 0..60u64 {
        let mut game =
            Differenzler::new(&Rules::default(), 3 + (seed % 2) as usize, Seed::from(seed))
                .unwrap();
        let mut player = RandomPlayer::new(Seed::from(seed));
        let mut legal = Vec::new();
        while let Some(seat) = game.to_act() {
            game.legal_actions(&mut legal);
            if let Action::Play(_) = legal[0] {
                let view = game.view(seat);
                for card in view.hand.iter() {
                    if legal.contains(&Action::Play(card)) {
                        continue;
                    }
                    let Err(RuleError::Illegal { why, legal: l, .. }) =
                        game.clone().play(Action::Play(card))
                    else {
                        panic!("{card} should be refused");
                    };
                    assert!(!l.contains(card));
                    let led = view.trick[0].suit();
                    let trump = view.shown.suit();
                    match why {
                        WhyIllegal::FollowTrump(s) => {
                            assert_eq!((s, led), (trump, trump));
                            seen[0] += 1;
                        }
                        WhyIllegal::FollowOrTrump(s) => {
                            assert_eq!(s, led);
                            assert_ne!(card.suit(), trump);
                            seen[1] += 1;
                        }
                        WhyIllegal::Undertrump { over } => {
                            assert_eq!(card.suit(), trump);
                            assert!(view.trick.contains(&over) && over.suit() == trump);
                            seen[2] += 1;
                        }
                        other => panic!("no trump-less trick in Differenzler: {other:?}"),
                    }
                }
            }
            let action = player.choose(&game, &mut legal).unwrap();
            game.play(action).unwrap();
        }
    }
    assert!(
        seen.iter().take(3).all(|&n| n > 0),
        "each reason met: {seen:?}"
    );
}

#[test]
fn a_schieber_deal_summary_adds_up_and_names_the_seats() {
    let (game, events) = events_of(
        Schieber::new(&Rules::default(), 4, Seed::from(1)).unwrap(),
        1,
    );
    let mut totals = [0u32; 2];
    let mut deals = 0;
    for event in &events {
        let Event::DealScored { score, summary } = event else {
            continue;
        };
        let Some(DealSummary::Schieber {
            multiplier,
            credits,
            totals: Some(after),
            target,
            ..
        }) = summary
        else {
            panic!("a Schieber summary: {summary:?}");
        };
        for team in 0..2 {
            let sum = credits.total()[team];
            assert_eq!(i64::from(sum * multiplier), score[team], "{event}");
            totals[team] += sum * multiplier;
        }
        assert_eq!(&totals, after);
        assert_eq!(*target, Some(2500));
        let text = event.to_string();
        assert!(text.contains("\n  seats 0 and 2: ") && text.contains("\n  seats 1 and 3: "));
        assert!(text.contains(&format!(
            "score: seats 0 and 2: {}, seats 1 and 3: {}; playing to 2500",
            after[0], after[1]
        )));
        deals += 1;
    }
    let outcome = game.outcome().unwrap();
    assert_eq!(
        totals, outcome.totals,
        "the summaries sum to the final score"
    );
    assert_eq!(deals, outcome.deals);
    // The last deal was stopped at the target: its summary says so, and so does the event
    // before it, the winners' total first.
    let winner = outcome.winner.unwrap();
    let reached = events
        .iter()
        .find(|e| matches!(e, Event::TargetReached { .. }))
        .unwrap()
        .to_string();
    let (own, other) = (outcome.totals[winner], outcome.totals[1 - winner]);
    let (us, them) = if winner == 0 {
        ("seats 0 and 2", "seats 1 and 3")
    } else {
        ("seats 1 and 3", "seats 0 and 2")
    };
    assert_eq!(
        reached,
        format!("{us} reached the target of 2500 with {own} (against {other} points for {them})")
    );
    let last = events
        .iter()
        .rev()
        .find(|e| matches!(e, Event::DealScored { .. }))
        .unwrap()
        .to_string();
    assert!(
        last.contains(&format!("(stopped when {us} reached the target)")),
        "{last}"
    );
}

/// The worked example of `docs/jass.md`: the first deal of seed 1's Schieber game, played by
/// the random player seeded 1.
#[test]
fn a_worked_deal_summary() {
    let (_, events) = events_of(
        Schieber::new(&Rules::default(), 4, Seed::from(1)).unwrap(),
        1,
    );
    let first = events
        .iter()
        .find(|e| matches!(e, Event::DealScored { .. }))
        .unwrap();
    // Its JSON keeps the trace's `score` and adds the summary, tagged by game; it reads back.
    let json = serde_json::to_value(first).unwrap();
    assert_eq!(json["score"], serde_json::json!([218, 236]));
    assert_eq!(json["summary"]["game"], "schieber");
    assert_eq!(
        json["summary"]["credits"]["weis"],
        serde_json::json!([70, 0])
    );
    assert_eq!(&serde_json::from_value::<Event>(json).unwrap(), first);
    assert_eq!(
        format!("{first:#}"),
        "deal 1 is scored, trump:♣ ×2:
  seats 0 and 2: 39 card points + 70 Weis = 109 × 2 = 218
  seats 1 and 3: 118 card points × 2 = 236
  (card points include the last trick's 5)
  score: seats 0 and 2: 218, seats 1 and 3: 236; playing to 2500"
    );
}

#[test]
fn a_coiffeur_deal_summary_shows_the_slots_arithmetic_and_the_end_the_sheet() {
    for individual in [false, true] {
        let rules = Rules {
            coiffeur: CoiffeurRules {
                individual,
                ..CoiffeurRules::default()
            },
            ..Rules::default()
        };
        let (game, events) = events_of(Coiffeur::new(&rules, 4, Seed::from(3)).unwrap(), 3);
        let mut scored = 0;
        for event in &events {
            let Event::DealScored {
                score,
                summary:
                    Some(DealSummary::Coiffeur {
                        seats,
                        factor,
                        card_points,
                        matched,
                        points,
                        totals,
                        ..
                    }),
            } = event
            else {
                continue;
            };
            let bonus = if *matched { 100 } else { 0 };
            assert_eq!(*points, (card_points + bonus) / 10 * factor);
            assert_eq!(score.iter().sum::<i64>(), i64::from(*points));
            assert_eq!(totals.len(), if individual { 4 } else { 2 });
            let text = event.to_string();
            let side = if individual {
                format!("seat {}", seats[0])
            } else {
                format!("seats {} and {}", seats[0], seats[1])
            };
            assert!(
                text.contains(&format!("\n  {side} took {card_points} card points")),
                "{text}"
            );
            assert!(
                text.contains(&format!("× {factor} = {points} point")),
                "{text}"
            );
            assert!(text.contains("sheet totals: "), "{text}");
            scored += 1;
        }
        assert_eq!(scored, game.deal_number() + 1);
        let end = events.last().unwrap().to_string();
        let sheet = game.score_sheet().to_string();
        assert!(
            end.starts_with("the game is over: seat") || end.starts_with("the game is over: a tie"),
            "one sentence, lower case after the colon: {end}"
        );
        assert!(
            end.ends_with(&sheet),
            "the end shows the score sheet:\n{end}"
        );
        assert!(
            !end.contains("side "),
            "sides are named by their seats: {end}"
        );
    }
}

#[test]
fn differenzler_penalties_are_labelled_by_seat() {
    for hidden in [false, true] {
        let rules = Rules {
            differenzler: DifferenzlerRules {
                hidden_predictions: hidden,
                deals: 2,
            },
            ..Rules::default()
        };
        let (game, events) = events_of(Differenzler::new(&rules, 3, Seed::from(5)).unwrap(), 5);
        let penalties: Vec<String> = events
            .iter()
            .filter(|e| matches!(e, Event::Penalties { .. }))
            .map(ToString::to_string)
            .collect();
        assert_eq!(penalties.len(), 2);
        let totals = game.penalties();
        let last = &penalties[1];
        for (s, total) in totals.iter().enumerate() {
            assert!(last.contains(&format!("\n  seat {s}: ")), "{last}");
            assert!(last.contains(&format!("(in all {total})")), "{last}");
        }
        // Hidden predictions stay out of the sentence everyone reads.
        assert_eq!(last.contains("predicted"), !hidden, "{last}");
        let scored = events
            .iter()
            .find(|e| matches!(e, Event::DealScored { .. }))
            .unwrap()
            .to_string();
        assert!(
            scored.starts_with("deal 1 of 2 is over; card points taken: seat 0: "),
            "{scored}"
        );
    }
}

/// `{:#}` writes a contract's trump suit with its symbol, so a menu of `trump:♣ trump:♦ …`
/// matches the hand's cards; the plain form stays the notation.
#[test]
fn contracts_are_written_with_suit_symbols_for_people() {
    let club: Mode = "trump:C".parse().unwrap();
    for (action, plain, people) in [
        (Action::Name(Contract::Mode(club)), "trump:C", "trump:♣"),
        (
            Action::Name(Contract::Mode(Mode::Obenabe)),
            "obenabe",
            "obenabe",
        ),
        (
            Action::TrioMode("trump:H".parse().unwrap()),
            "trio:trump:H",
            "trio:trump:♥",
        ),
        (
            Action::Joker(Joker::ALL[0], "trump:S".parse().unwrap()),
            "joker7:trump:S",
            "joker7:trump:♠",
        ),
        (Action::Play("TD".parse().unwrap()), "TD", "10♦"),
    ] {
        assert_eq!(action.to_string(), plain);
        assert_eq!(format!("{action:#}"), people);
        assert_eq!(
            plain.parse::<Action>().unwrap(),
            action,
            "the notation is unchanged"
        );
    }
    let named = Event::Named {
        seat: PlayerId(2),
        contract: Contract::Mode("trump:D".parse().unwrap()),
    };
    assert_eq!(format!("{named:#}"), "seat 2 named trump:♦");
    assert_eq!(named.to_string(), "seat 2 named trump:D");
}

/// At a prediction a bare number or `predict N` is that prediction (not the list's item N);
/// the notation still reads as before, and at a card a number is no action.
#[test]
fn differenzler_reads_a_typed_prediction() {
    let mut game = Differenzler::new(&Rules::default(), 3, Seed::from(4)).unwrap();
    for (text, read) in [
        ("60", Some(Action::Predict(60))),
        (" 60 ", Some(Action::Predict(60))),
        ("predict 60", Some(Action::Predict(60))),
        ("Predict  7", Some(Action::Predict(7))),
        ("predict:60", Some(Action::Predict(60))),
        ("0", Some(Action::Predict(0))),
        ("157", Some(Action::Predict(157))),
        ("158", None),
        ("99999999999", None),
        ("predict", None),
        ("predict -1", None),
        ("sixty", None),
        ("", None),
    ] {
        assert_eq!(game.read_action(text), read, "{text:?}");
    }
    for _ in 0..3 {
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        game.play(legal[0]).unwrap();
    }
    assert!(game.to_act().is_some());
    assert_eq!(game.read_action("60"), None, "a number is no card");
    assert_eq!(
        game.read_action("9S"),
        Some(Action::Play("9S".parse().unwrap()))
    );
    // A prediction typed at a card is read (and then refused by the rules, as before).
    assert_eq!(game.read_action("predict:60"), Some(Action::Predict(60)));
    // The other games read the notation only.
    let schieber = Schieber::new(&Rules::default(), 4, Seed::from(4)).unwrap();
    assert_eq!(schieber.read_action("60"), None);
    assert_eq!(
        schieber.read_action(" obenabe "),
        Some(Action::Name(Contract::Mode(Mode::Obenabe)))
    );
}

#[test]
fn each_game_says_what_its_returns_count() {
    let rules = Rules::default();
    let schieber = Schieber::new(&rules, 4, Seed::from(1)).unwrap();
    assert_eq!(schieber.returns_unit(), ReturnsUnit::Wins { sides: 2 });
    let deal = SchieberDeal::new(&rules, 4, Seed::from(1)).unwrap();
    let ReturnsUnit::Points { word, per_point } = deal.returns_unit() else {
        panic!("points")
    };
    assert_eq!((word, per_point), ("points ahead of the other team", 0.5));
    // A finished deal: the returns are half the difference, so the unit says the difference.
    let (deal, _) = events_of(deal, 1);
    let outcome = deal.outcome().unwrap();
    let d = f64::from(outcome.scored[0]) - f64::from(outcome.scored[1]);
    assert_eq!(deal.returns()[0] / per_point, d);
    let team = Coiffeur::new(&rules, 4, Seed::from(1)).unwrap();
    assert_eq!(team.returns_unit(), ReturnsUnit::Wins { sides: 2 });
    let alone = Rules {
        coiffeur: CoiffeurRules {
            individual: true,
            ..CoiffeurRules::default()
        },
        ..Rules::default()
    };
    let (alone, _) = events_of(Coiffeur::new(&alone, 4, Seed::from(2)).unwrap(), 2);
    let unit = alone.returns_unit();
    assert_eq!(unit, ReturnsUnit::Wins { sides: 4 });
    // Individually the returns are a share of wins among four: a sole winner's is 1, the
    // shares sum to 1.
    let shares: f64 = alone
        .returns()
        .iter()
        .map(|&r| unit.win_share(r).unwrap())
        .sum();
    assert!((shares - 1.0).abs() < 1e-9, "{shares}");
    let (differenzler, _) = events_of(
        Differenzler::new(
            &Rules {
                differenzler: DifferenzlerRules {
                    deals: 2,
                    ..DifferenzlerRules::default()
                },
                ..Rules::default()
            },
            3,
            Seed::from(1),
        )
        .unwrap(),
        1,
    );
    let ReturnsUnit::Points { word, per_point } = differenzler.returns_unit() else {
        panic!("points")
    };
    assert_eq!(
        (word, per_point),
        ("penalty points below the table's mean", 1.0)
    );
    let p = differenzler.penalties();
    let mean = p.iter().map(|&x| f64::from(x)).sum::<f64>() / 3.0;
    assert!((differenzler.returns()[0] - (mean - f64::from(p[0]))).abs() < 1e-9);
}

/// A Coiffeur slot the side has already played is refused in words that say so.
#[test]
fn a_slot_played_already_is_refused_with_the_reason() {
    let mut game = Coiffeur::new(&Rules::default(), 4, Seed::from(2)).unwrap();
    let mut legal = Vec::new();
    let mut chosen: Vec<(usize, Action)> = Vec::new();
    while let Some(seat) = game.to_act() {
        game.legal_actions(&mut legal);
        let side = seat.index() % 2;
        if matches!(legal[0], Action::Name(_) | Action::Joker(..)) {
            if let Some(&(_, again)) = chosen.iter().find(|(s, _)| *s == side) {
                let refused = game.clone().play(again).unwrap_err();
                assert!(matches!(refused, RuleError::NotOpen { .. }));
                assert_eq!(
                    refused.to_string(),
                    format!(
                        "{again} is not open for this side: it has already played that slot, or \
                         the sheet has no such slot (each side plays each slot once)"
                    )
                );
                return;
            }
            chosen.push((side, legal[0]));
        }
        game.play(legal[0]).unwrap();
    }
    panic!("a side chose twice in a game");
}
