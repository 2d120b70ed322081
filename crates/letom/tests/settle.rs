//! Settlement of a game won by Tom: the oracle's example, each multiplier, each bak, 독박,
//! every refusal, and properties (zero-sum, 독박 only moves amounts, monotone multipliers,
//! never a panic).

use cards_core::{CardSet, DidoCard};
use letom::{
    BombMultiplier, CountField, RenScoring, Rules, SettleError, SettleInput, Settlement, settle,
};
use proptest::prelude::*;

fn cards(text: &str) -> CardSet<DidoCard> {
    text.split_whitespace()
        .map(|s| s.parse::<DidoCard>().expect("test card text is valid"))
        .collect()
}

/// The oracle's `letom.settle` example request.
fn oracle_example() -> SettleInput {
    SettleInput {
        captured: vec![
            cards("P2 P4 P8 A1 A2 A3 A4 A5 A6 A7 A8"),
            cards("S1 S2"),
            cards("G1"),
        ],
        winner: 0,
        ren: vec![2, 0, 1],
        last_ren: Some(2),
        shakes: vec![1, 0, 0],
        bombs: vec![0, 0, 0],
        carry: 1,
    }
}

/// Seat 0 wins with `winner` against `losers`; no Ren, shakes or bombs, carry 1.
fn plain(winner: &str, losers: &[&str]) -> SettleInput {
    let seats = losers.len() + 1;
    SettleInput {
        captured: std::iter::once(winner)
            .chain(losers.iter().copied())
            .map(cards)
            .collect(),
        winner: 0,
        ren: vec![0; seats],
        last_ren: None,
        shakes: vec![0; seats],
        bombs: vec![0; seats],
        carry: 1,
    }
}

fn settled(input: &SettleInput) -> Settlement {
    settle(input, &Rules::default()).expect("valid input")
}

#[test]
fn oracle_example_answer() {
    // oracle.md: → base 6, score 16, owed [0,32,16], pay [0,0,48], returns [48,0,-48].
    let s = settled(&oracle_example());
    assert_eq!(s.base.points, 6);
    assert_eq!(s.score, 16);
    assert_eq!(s.owed, [0, 32, 16]);
    assert_eq!(s.pay, [0, 0, 48]);
    assert_eq!(s.returns, [48, 0, -48]);
    assert!(s.baks[1].pi && !s.baks[2].pi, "seat 2 has no pi: exempt");
    assert_eq!(s.dokbak, Some(2));
    assert_eq!(
        s.to_string(),
        "seat 0 wins\n\
         base: 6 points: Godorie 5, Pie 1 (pi value 8)\n\
         score: (6 + 2 Ren) = 8 × 2 (shakes) → 16\n\
         seat 1 owes 32 (pi-bak)\n\
         seat 2 owes 16 (no bak)\n\
         독박: seat 2 pays 48 alone\n\
         returns: [48, 0, -48]"
    );
}

#[test]
fn without_dokbak_each_loser_pays_its_own() {
    let mut input = oracle_example();
    input.last_ren = None;
    let s = settled(&input);
    assert_eq!(s.pay, [0, 32, 16]);
    assert_eq!(s.returns, [48, -32, -16]);
}

#[test]
fn ren_adds_one_each_and_doubles_from_the_third() {
    // "n Ren pay (base + n) × 2^(n−2) for n ≥ 3"; base 5 (Godorie).
    let mut input = plain("P2 P4 P8", &["A1"]);
    for (n, score) in [(0, 5), (1, 6), (2, 7), (3, 16), (4, 36), (5, 80)] {
        input.ren[0] = n;
        assert_eq!(settled(&input).score, score, "{n} Ren");
    }
    let additive = Rules {
        ren: RenScoring::Additive,
        ..Rules::default()
    };
    assert_eq!(settle(&input, &additive).unwrap().score, 10);
}

#[test]
fn shakes_double_bombs_triple_and_carry_multiplies() {
    let mut input = plain("P2 P4 P8", &["A1"]);
    input.shakes[0] = 2;
    assert_eq!(settled(&input).score, 20);
    input.bombs[0] = 1;
    assert_eq!(settled(&input).score, 60);
    assert_eq!(settle(&input, &Rules::go_stop()).unwrap().score, 40);
    assert_eq!(BombMultiplier::Double.factor(), 2);
    input.carry = 4;
    assert_eq!(settled(&input).score, 240);
    // Only the winner's own multipliers count.
    let mut input = plain("P2 P4 P8", &["A1"]);
    input.shakes[1] = 3;
    input.bombs[1] = 2;
    input.ren[1] = 4;
    assert_eq!(settled(&input).score, 5);
}

const PIE_WINNER: &str = "A1 A2 A3 A4 A5 A6 A7 A8"; // Pie 1

#[test]
fn pi_bak_for_a_loser_with_one_to_four_pi() {
    let s = settled(&plain(PIE_WINNER, &["S1", "S2 S3 S4 S5"]));
    assert_eq!(s.owed, [0, 2, 2]);
    // 4 pi (S8 counts 2): pi-bak; 5: none; none at all: exempt.
    let s = settled(&plain(PIE_WINNER, &["S1 S2 S8", "G1"]));
    assert_eq!(s.owed, [0, 2, 1]);
    let s = settled(&plain(PIE_WINNER, &["S1 S2 S3 S4 S5", "S6 S7 S8"]));
    assert_eq!(s.owed, [0, 1, 2]);
    // The winner must have scored Pie: 7 pi and Godorie is no Pie.
    let s = settled(&plain("A1 A2 A3 A4 A5 A6 A7 P2 P4 P8", &["S1", "S2"]));
    assert_eq!(s.owed, [0, 5, 5]);
    assert!(!s.baks[1].pi);
    // The threshold is an option; 0 switches pi-bak off.
    let input = plain(PIE_WINNER, &["S1 S2 S3 S4 S5", "S6"]);
    let wide = Rules {
        pi_bak_max: 5,
        ..Rules::default()
    };
    assert_eq!(settle(&input, &wide).unwrap().owed, [0, 2, 2]);
    let off = Rules {
        pi_bak_max: 0,
        ..Rules::default()
    };
    assert_eq!(settle(&input, &off).unwrap().owed, [0, 1, 1]);
}

#[test]
fn gwang_bak_always_applies_when_the_winner_scored_guang() {
    // All four Guã are the winner's, so no loser holds one: every loser doubles (kept literal).
    let s = settled(&plain("A0 S0 G0 P0", &["S1 S2 S3 S4 S5", "G1", ""]));
    assert_eq!(s.score, 4);
    assert_eq!(s.owed, [0, 8, 8, 8]);
    assert!((1..4).all(|seat| s.baks[seat].gwang));
    // Three Guã score nothing, so no gwang-bak.
    let s = settled(&plain("A0 S0 G0 P2 P4 P8", &["P0"]));
    assert_eq!(s.owed, [0, 5]);
}

#[test]
fn meong_bak_from_six_ynkt() {
    // Six Ÿnkt (Ÿnkt 3) with Godorie: 8 points; every loser doubles.
    let s = settled(&plain("P1 P2 P3 P4 P5 P8", &["P6", "A1"]));
    assert_eq!((s.base.ynkt, s.score), (3, 8));
    assert_eq!(s.owed, [0, 16, 16]);
    // Five Ÿnkt: no meong-bak.
    let s = settled(&plain("P1 P2 P3 P4 P8", &["P6", "A1"]));
    assert_eq!(s.owed, [0, 7, 7]);
    let off = Rules {
        meong_bak_min: 9,
        ..Rules::default()
    };
    let input = plain("P1 P2 P3 P4 P5 P6 P7 P8", &["A1"]);
    assert_eq!(settle(&input, &off).unwrap().owed, [0, 10]);
    assert_eq!(settled(&input).owed, [0, 20]);
}

#[test]
fn all_three_baks_multiply_by_eight() {
    let s = settled(&plain(
        "A0 S0 G0 P0 A1 A2 A3 A4 A5 A6 A7 A8 P1 P2 P3 P4 P5 P6",
        &["S1"],
    ));
    // Guã 4 + Pie 1 + Ÿnkt 3 = 8.
    assert_eq!(s.score, 8);
    assert_eq!(s.baks[1].multiplier(), 8);
    assert_eq!(s.baks[1].to_string(), "pi-bak, gwang-bak, meong-bak");
    assert_eq!(s.owed, [0, 64]);
    assert_eq!(s.returns, [64, -64]);
}

#[test]
fn a_low_tom_is_not_judged() {
    let s = settled(&plain("", &["A1"]));
    assert_eq!(s.score, 0);
    assert_eq!(s.returns, [0, 0]);
}

/// The refusals of oracle.md's list, each with its typed error.
#[test]
fn every_refusal() {
    let good = oracle_example();
    let refuse = |f: &dyn Fn(&mut SettleInput)| {
        let mut input = good.clone();
        f(&mut input);
        settle(&input, &Rules::default()).unwrap_err()
    };
    assert_eq!(
        refuse(&|i| i.captured.truncate(1)),
        SettleError::SeatCount { got: 1 }
    );
    assert_eq!(
        refuse(&|i| i.captured.resize(5, CardSet::EMPTY)),
        SettleError::SeatCount { got: 5 }
    );
    assert_eq!(
        refuse(&|i| i.shakes.push(0)),
        SettleError::Length {
            field: CountField::Shakes,
            got: 4,
            seats: 3
        }
    );
    assert_eq!(
        refuse(&|i| {
            i.ren.pop();
        }),
        SettleError::Length {
            field: CountField::Ren,
            got: 2,
            seats: 3
        }
    );
    let e = refuse(&|i| {
        i.captured[2].insert("A5".parse().unwrap());
    });
    assert_eq!(
        e,
        SettleError::CardTwice {
            card: "A5".parse().unwrap(),
            first: 0,
            second: 2
        }
    );
    assert_eq!(
        e.to_string(),
        "A5 is in captured[0] and in captured[2]: each card exists once"
    );
    assert_eq!(
        refuse(&|i| i.winner = 3),
        SettleError::Winner {
            winner: 3,
            seats: 3
        }
    );
    let e = refuse(&|i| i.bombs[1] = -1);
    assert_eq!(
        e,
        SettleError::Negative {
            field: CountField::Bombs,
            seat: 1,
            value: -1
        }
    );
    assert_eq!(e.to_string(), "bombs[1] is -1: a count cannot be negative");
    assert!(matches!(
        refuse(&|i| i.ren[0] = -2),
        SettleError::Negative {
            field: CountField::Ren,
            ..
        }
    ));
    assert!(matches!(
        refuse(&|i| i.shakes[2] = i64::MIN),
        SettleError::Negative {
            field: CountField::Shakes,
            ..
        }
    ));
    assert_eq!(
        refuse(&|i| i.last_ren = Some(3)),
        SettleError::LastRenNotASeat { seat: 3, seats: 3 }
    );
    assert_eq!(
        refuse(&|i| i.last_ren = Some(0)),
        SettleError::LastRenIsWinner { seat: 0 }
    );
    assert_eq!(
        refuse(&|i| i.last_ren = Some(1)),
        SettleError::LastRenWithoutRen { seat: 1 }
    );
    assert_eq!(refuse(&|i| i.carry = 0), SettleError::Carry { carry: 0 });
    assert!(matches!(
        refuse(&|i| i.shakes[0] = 63),
        SettleError::Overflow { .. }
    ));
    assert!(matches!(
        refuse(&|i| i.ren[0] = i64::MAX),
        SettleError::Overflow { .. }
    ));
    assert!(matches!(
        refuse(&|i| i.carry = i64::MAX),
        SettleError::Overflow { .. }
    ));
    // The largest answer that fits is given exactly.
    let mut input = plain("", &["A1"]);
    input.ren[0] = 1;
    input.shakes[0] = 62;
    assert_eq!(settled(&input).returns, [1 << 62, -(1 << 62)]);
}

#[test]
fn serde_form_is_the_oracle_request() {
    let json = r#"{"captured":[["P2","P4","P8","A1","A2","A3","A4","A5","A6","A7","A8"],["S1","S2"],["G1"]],"winner":0,"ren":[2,0,1],"last_ren":2,"shakes":[1,0,0],"bombs":[0,0,0],"carry":1}"#;
    let input: SettleInput = serde_json::from_str(json).unwrap();
    assert_eq!(input, oracle_example());
    assert!(serde_json::from_str::<SettleInput>(&json.replace("\"carry\"", "\"cary\"")).is_err());
    // A card twice within one pile is refused by the card set.
    assert!(serde_json::from_str::<SettleInput>(&json.replace("\"S2\"", "\"S1\"")).is_err());
}

/// A random finished table: a deal of the cards among 2–4 piles (some left out), counts and
/// a winner; `last_ren` is a loser with Ren when one exists and the draw asks for it.
fn table() -> impl Strategy<Value = SettleInput> {
    (
        2usize..=4,
        prop::collection::vec(0usize..6, 36),
        prop::collection::vec((0i64..5, 0i64..3, 0i64..3), 4),
        0usize..4,
        any::<bool>(),
        prop::sample::select(vec![1i64, 2, 4, 8]),
    )
        .prop_map(|(seats, owners, counts, winner, dokbak, carry)| {
            let mut captured = vec![CardSet::EMPTY; seats];
            for (card, &owner) in DidoCard::ALL.iter().zip(&owners) {
                if owner < seats {
                    captured[owner].insert(*card);
                }
            }
            let winner = winner % seats;
            let ren: Vec<i64> = counts[..seats].iter().map(|c| c.0).collect();
            let last_ren = (0..seats)
                .rev()
                .find(|&s| s != winner && ren[s] > 0)
                .filter(|_| dokbak);
            SettleInput {
                captured,
                winner,
                last_ren,
                ren,
                shakes: counts[..seats].iter().map(|c| c.1).collect(),
                bombs: counts[..seats].iter().map(|c| c.2).collect(),
                carry,
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn returns_are_zero_sum_and_dokbak_only_moves_amounts(input in table()) {
        let s = settled(&input);
        prop_assert_eq!(s.returns.iter().sum::<i64>(), 0);
        prop_assert_eq!(s.owed[input.winner], 0);
        prop_assert_eq!(s.pay[input.winner], 0);
        let owed: i64 = s.owed.iter().sum();
        prop_assert_eq!(s.pay.iter().sum::<i64>(), owed);
        prop_assert_eq!(s.returns[input.winner], owed);
        for seat in (0..input.captured.len()).filter(|&seat| seat != input.winner) {
            prop_assert_eq!(s.owed[seat], s.score * s.baks[seat].multiplier());
            prop_assert!(s.owed[seat] >= s.score);
            match s.dokbak {
                Some(payer) if payer == seat => prop_assert_eq!(s.pay[seat], owed),
                Some(_) => prop_assert_eq!(s.pay[seat], 0),
                None => prop_assert_eq!(s.pay[seat], s.owed[seat]),
            }
        }
        prop_assert_eq!(s.base, letom::score(input.captured[input.winner]));
    }

    #[test]
    fn more_ren_shakes_bombs_or_carry_never_lower_the_score(
        input in table(),
        which in 0usize..4,
        rules in prop::sample::select(vec![Rules::default(), Rules::go_stop(), Rules { ren: RenScoring::Additive, ..Rules::default() }]),
    ) {
        let before = settle(&input, &rules).unwrap();
        let mut more = input.clone();
        let w = more.winner;
        match which {
            0 => more.ren[w] += 1,
            1 => more.shakes[w] += 1,
            2 => more.bombs[w] += 1,
            _ => more.carry *= 2,
        }
        let after = settle(&more, &rules).unwrap();
        prop_assert!(after.score >= before.score);
        for seat in 0..input.captured.len() {
            prop_assert!(after.owed[seat] >= before.owed[seat]);
            prop_assert_eq!(after.baks[seat], before.baks[seat]);
        }
    }

    #[test]
    fn a_winner_with_more_cards_never_scores_less(input in table(), extra in 0usize..36) {
        // Give the winner one more card taken from wherever it lies (or from nowhere).
        let card = DidoCard::ALL[extra];
        let mut more = input.clone();
        for pile in &mut more.captured {
            pile.remove(card);
        }
        more.captured[more.winner].insert(card);
        let before = settled(&input);
        let after = settled(&more);
        prop_assert!(after.base.points >= before.base.points);
        prop_assert!(after.score >= before.score);
    }

    #[test]
    fn any_input_is_answered_without_panic(
        piles in prop::collection::vec(any::<u64>(), 0..6),
        winner in 0usize..6,
        ren in prop::collection::vec(any::<i64>(), 0..6),
        shakes in prop::collection::vec(prop_oneof![any::<i64>(), 0i64..70], 0..6),
        bombs in prop::collection::vec(prop_oneof![any::<i64>(), 0i64..45], 0..6),
        last_ren in prop::option::of(0usize..6),
        carry in prop_oneof![any::<i64>(), 1i64..1000],
    ) {
        let input = SettleInput {
            captured: piles.into_iter().map(CardSet::from_bits_truncate).collect(),
            winner,
            ren,
            last_ren,
            shakes,
            bombs,
            carry,
        };
        if let Ok(s) = settle(&input, &Rules::default()) {
            prop_assert_eq!(s.returns.iter().sum::<i64>(), 0);
        }
    }
}

#[test]
fn additive_ren_beyond_64_bits_is_refused_not_wrapped() {
    let mut input = oracle_example();
    input.ren = vec![i64::MAX, 0, 1];
    let rules = Rules {
        ren: RenScoring::Additive,
        ..Rules::default()
    };
    assert_eq!(
        settle(&input, &rules),
        Err(SettleError::Overflow { what: "score" })
    );
}

/// The oracle's example itemised: each loser's amount with every factor by name, then the
/// 독박 payer; without 독박 each loser pays its own.
#[test]
fn payments_name_every_factor_and_who_pays_whom() {
    let s = settle(&oracle_example(), &Rules::default()).unwrap();
    assert_eq!(
        s.score_terms(),
        "(6 base points + 2 for 2 Ren) × 2 (1 shake)"
    );
    assert_eq!(
        s.payments(None),
        [
            "seat 1 owes 32 points: (6 base points + 2 for 2 Ren) × 2 (1 shake) × 2 (pi-bak)",
            "seat 2 owes 16 points: (6 base points + 2 for 2 Ren) × 2 (1 shake)",
            "독박: seat 2, the last loser to call Ren, pays seat 0 all 48 points alone",
        ]
    );
    let own = settle(
        &SettleInput {
            last_ren: None,
            ren: vec![4, 0, 0],
            bombs: vec![1, 0, 0],
            carry: 2,
            ..oracle_example()
        },
        &Rules::default(),
    )
    .unwrap();
    // (6 + 4) × 4 (Ren 4) × 2 (shake) × 3 (bomb) × 2 (carry) = 480; seat 1's pi-bak doubles it.
    assert_eq!(own.score, 480);
    assert_eq!(
        own.payments(None),
        [
            "seat 1 pays seat 0 960 points: (6 base points + 4 for 4 Ren) × 4 (4 Ren: doubled \
             from the third) × 2 (1 shake) × 3 (1 bomb) × 2 (nagari carry) × 2 (pi-bak)",
            "seat 2 pays seat 0 480 points: (6 base points + 4 for 4 Ren) × 4 (4 Ren: doubled \
             from the third) × 2 (1 shake) × 3 (1 bomb) × 2 (nagari carry)",
        ]
    );
    // A seat sitting out (a seller) has no line.
    assert_eq!(own.payments(Some(2)).len(), 1);
}

#[test]
fn a_settlement_from_anywhere_is_told_without_a_panic() {
    // A settlement deserialized from anywhere: a 독박 seat past the table, a Ren bonus past
    // 64 bits with the base.
    let settled = settle(&oracle_example(), &Rules::default()).unwrap();
    let json = serde_json::to_value(settled).unwrap();
    for (field, value) in [
        ("dokbak", serde_json::json!(5)),
        ("ren_bonus", serde_json::json!(i64::MAX)),
    ] {
        let mut bad = json.clone();
        bad[field] = value;
        let bad: letom::Settlement = serde_json::from_value(bad).unwrap();
        assert!(bad.to_string().starts_with("seat 0 wins"), "{field}");
    }
}
