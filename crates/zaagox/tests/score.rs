//! Scoring a stored set: the spec's worked examples, edge cases, errors, and the fast path
//! checked against the reference on every possible 4- and 5-card set.

use cards_core::{Card as _, CardSet, DidoCard, GameRng, Seed};
use zaagox::{Score, ScoreError, Scorer, reference, score, score_set};
use zaagox::{Shape, ShapeMap};

fn cards(text: &str) -> Vec<DidoCard> {
    text.split_whitespace()
        .map(|s| s.parse().expect("test card text is valid"))
        .collect()
}

/// Scores `text` through every entry point and checks they agree before returning the score.
fn scored(text: &str) -> Score {
    let cards = cards(text);
    let set: CardSet<DidoCard> = cards.iter().copied().collect();
    let fast = score(&cards).expect("valid set");
    assert_eq!(score_set(set), Ok(fast), "score_set vs score for {text}");
    assert_eq!(
        Scorer::DEFAULT.score(&cards),
        Ok(fast),
        "Scorer::DEFAULT for {text}"
    );
    assert_eq!(
        reference::score(&cards, &ShapeMap::DEFAULT),
        Ok(fast),
        "reference vs fast for {text}"
    );
    fast
}

/// Checks the kinds `(shape, colour, number)`, `strong` and the points.
fn check(text: &str, kinds: (u8, u8, u8), strong: bool, points: i64) {
    let s = scored(text);
    assert_eq!(
        (s.shape_kinds, s.colour_kinds, s.number_kinds),
        kinds,
        "kinds of {text}"
    );
    assert_eq!(s.strong, strong, "strong of {text}");
    assert_eq!(s.points, points, "points of {text}");
    assert_eq!(usize::from(s.cards), text.split_whitespace().count());
}

// The spec's six worked examples ("Scoring a stored set", the acceptance table).

#[test]
fn spec_example_a1_a2_a3_a4() {
    // | A1 A2 A3 A4 | 2, 1, 4 strong | (2+1−2)^2 = 1 |
    check("A1 A2 A3 A4", (2, 1, 4), true, 1);
}

#[test]
fn spec_example_s2_p2_a3_s6() {
    // | S2 P2 A3 S6 | 1, 3, 2 | (2−1+1)×2 = 4 |
    check("S2 P2 A3 S6", (1, 3, 2), false, 4);
}

#[test]
fn spec_example_s8_a5_g6_p3() {
    // | S8 A5 G6 P3 | 3, 4, 4 weak | 2×2×3×3 = 36 |
    check("S8 A5 G6 P3", (3, 4, 4), false, 36);
}

#[test]
fn spec_example_a1_a6_s7_g8_s3() {
    // | A1 A6 S7 G8 S3 | 2, 3, 4 weak | (2+1)×2×3 = 18 |
    check("A1 A6 S7 G8 S3", (2, 3, 4), false, 18);
}

#[test]
fn spec_example_a0_s8_a2_s3_g3() {
    // | A0 S8 A2 S3 G3 | 4, 3, 3 | (2×2×2)^2 = 64 |
    check("A0 S8 A2 S3 G3", (4, 3, 3), false, 64);
}

#[test]
fn spec_example_a0_s8_a5_g6_p7() {
    // | A0 S8 A5 G6 P7 | 4, 5, 5 strong | ((2^2)^2)^3 = 4096 |
    check("A0 S8 A5 G6 P7", (4, 5, 5), true, 4096);
}

#[test]
fn spec_minimum_a0_s0_s4_s8() {
    // "lowest possible under the default shape map: −4, e.g. A0 S0 S4 S8": shapes Quotos,
    // Ronaldisis, Oxas (3, ×2); colour S only (1, −2); numbers 4 ≡ 8 (1, −2): (2−2−2)×2.
    check("A0 S0 S4 S8", (3, 1, 1), false, -4);
}

#[test]
fn blank_upgrades_only_four_number_classes() {
    // Spec: "`[1,2,6,7,0]` is 3 kinds" — classes 1, 2, 3 plus a blank stay 3.
    // Shapes: A1 R, S2 R, G6 L, P7 L, A0 Quotos (3, ×2); colours A S G P + blank (5, ^2).
    check("A1 S2 G6 P7 A0", (3, 5, 3), false, (2 * 2 * 2_i64).pow(2));
}

#[test]
fn blank_does_not_upgrade_three_colours() {
    // Five cards, three colours and a blank: the blank adds nothing.
    // Shapes: A1 R, A2 L, S3 L, G4 L, P0 Quotos (3, ×2); numbers 1 2 3 4 + blank (5 strong, ^3).
    check("A1 A2 S3 G4 P0", (3, 3, 5), true, (2 * 2 * 2_i64).pow(3));
}

#[test]
fn five_without_blank_one_to_five_is_weak() {
    // Spec decision: `[1,2,3,4,5]` is weak, its values are not {1,2,3,4} nor {5,6,7,8}.
    // Shapes: A1 R, S2 R, G3 R, P4 R, A5 R (1, −1); colours 4 without a blank stay 4 (×3);
    // classes 4, no blank: 4 weak (×3). (2 − 1) × 3 × 3 = 9.
    check("A1 S2 G3 P4 A5", (1, 4, 4), false, 9);
}

#[test]
fn five_without_blank_values_one_to_four_is_strong() {
    // A1 S1 A2 A3 A4: distinct values exactly {1,2,3,4}, no blank: 4 kinds, strong.
    // Shapes: A1 R, S1 L, A2 L, A3 R, A4 L (2, +1); colours A S (2, +1): (2+1+1)^2.
    check("A1 S1 A2 A3 A4", (2, 2, 4), true, 16);
}

#[test]
fn four_blanks_have_no_colour_and_no_number() {
    // Spec decision: 0 kinds adds nothing. One shape (−1): 2 − 1.
    check("A0 S0 G0 P0", (1, 0, 0), false, 1);
}

#[test]
fn card_order_does_not_matter() {
    let forward = cards("A0 S8 A2 S3 G3");
    let mut backward = forward.clone();
    backward.reverse();
    assert_eq!(score(&forward), score(&backward));
}

// Errors.

#[test]
fn wrong_counts_are_refused() {
    for text in [
        "",
        "A1",
        "A1 A2 A3",
        "A1 A2 A3 A4 A5 A6",
        "A1 A2 A3 A4 A5 A6 A7 A8",
    ] {
        let given = cards(text);
        let expected = Err(ScoreError::WrongCount { got: given.len() });
        assert_eq!(score(&given), expected, "{text:?}");
        assert_eq!(reference::score(&given, &ShapeMap::DEFAULT), expected);
        let set: CardSet<DidoCard> = given.iter().copied().collect();
        assert_eq!(score_set(set), expected, "{text:?}");
    }
}

#[test]
fn count_is_checked_before_duplicates() {
    let given = cards("A1 A1 A2");
    assert_eq!(score(&given), Err(ScoreError::WrongCount { got: 3 }));
}

#[test]
fn duplicates_are_refused_naming_the_first_repeat() {
    let a2: DidoCard = "A2".parse().unwrap();
    let s3: DidoCard = "S3".parse().unwrap();
    for (text, card) in [
        ("A1 A2 A3 A2", a2),
        ("A2 A2 A2 A2", a2),
        ("S3 A2 S3 A2 G4", s3),
        ("A2 S3 S3 A2 G4", s3),
    ] {
        let given = cards(text);
        let expected = Err(ScoreError::Duplicate { card });
        assert_eq!(score(&given), expected, "{text}");
        assert_eq!(reference::score(&given, &ShapeMap::DEFAULT), expected);
    }
}

#[test]
fn error_messages_say_what_is_wrong_and_what_is_allowed() {
    let wrong = ScoreError::WrongCount { got: 3 }.to_string();
    assert!(
        wrong.contains('3') && wrong.contains('4') && wrong.contains('5'),
        "{wrong}"
    );
    let dup = ScoreError::Duplicate {
        card: "G7".parse().unwrap(),
    }
    .to_string();
    assert!(dup.contains("G7") && dup.contains("differ"), "{dup}");
}

// The fast path against the reference, everywhere.

/// Every set of `k` cards out of 36, as bits, in increasing order (Gosper's hack).
fn all_sets(k: u32) -> impl Iterator<Item = u64> {
    let limit = 1u64 << 36;
    let mut next = (1u64 << k) - 1;
    std::iter::from_fn(move || {
        if next >= limit {
            return None;
        }
        let current = next;
        let lowest = current & current.wrapping_neg();
        let ripple = current + lowest;
        next = (((current ^ ripple) >> 2) / lowest) | ripple;
        Some(current)
    })
}

/// Checks fast == reference on every `k`-card set and returns (count, min, max) points.
fn exhaustive(k: u32) -> (usize, i64, i64) {
    let map = ShapeMap::DEFAULT;
    let (mut count, mut min, mut max) = (0, i64::MAX, i64::MIN);
    let mut hand = Vec::with_capacity(5);
    for bits in all_sets(k) {
        let set = CardSet::<DidoCard>::from_bits(bits).expect("bits lie in the deck");
        hand.clear();
        hand.extend(set.iter());
        let expected = reference::score(&hand, &map);
        let fast = score_set(set);
        assert_eq!(fast, expected, "score_set of {set}");
        // The slice path, with the cards in another order than the set's.
        hand.reverse();
        assert_eq!(score(&hand), expected, "score of {set}");
        let scored = fast.expect("every set of 4 or 5 distinct cards scores");
        // The steps a player reads work out to the points.
        assert_eq!(scored.steps_value(), scored.points, "steps of {set}");
        let points = scored.points;
        count += 1;
        min = min.min(points);
        max = max.max(points);
    }
    (count, min, max)
}

#[test]
fn every_four_card_set_matches_the_reference() {
    let (count, min, max) = exhaustive(4);
    assert_eq!(count, 58_905, "C(36, 4)");
    // Spec: "Over all 4-card sets the maximum is 144 … the minimum of both is −4."
    assert_eq!((min, max), (-4, 144));
}

#[test]
fn every_five_card_set_matches_the_reference() {
    let (count, min, max) = exhaustive(5);
    assert_eq!(count, 376_992, "C(36, 5)");
    // Spec: "over all 5-card sets it is 4096; the minimum of both is −4."
    assert_eq!((min, max), (-4, 4096));
}

#[test]
fn default_scorer_is_the_default_map() {
    // `Scorer::DEFAULT` restates the default map's rule in a const; it must not drift.
    assert_eq!(Scorer::DEFAULT, Scorer::new(&ShapeMap::DEFAULT));
    assert_eq!(Scorer::DEFAULT, Scorer::new(&ShapeMap::default()));
}

/// A random valid map with custom counts: blanks Quotos, every numbered card one of the three
/// pictures.
fn random_map(rng: &mut GameRng) -> ShapeMap {
    let pictures = [Shape::Oxas, Shape::Lindys, Shape::Ronaldisis];
    let mut shapes = [Shape::Quotos; 36];
    for card in DidoCard::ALL {
        if !card.is_zero() {
            shapes[card.index() as usize] = pictures[rng.below(3) as usize];
        }
    }
    ShapeMap::new(shapes, true).expect("blanks are Quotos and only blanks are")
}

/// `n` distinct random cards.
fn random_hand(rng: &mut GameRng, n: usize) -> Vec<DidoCard> {
    let mut deck = DidoCard::ALL.to_vec();
    rng.shuffle(&mut deck);
    deck.truncate(n);
    deck
}

#[test]
fn custom_maps_match_the_reference() {
    let mut rng = GameRng::new(Seed::from(2024), 0);
    // A map where every numbered card is Lindys: at most two shape kinds.
    let mut flat = [Shape::Lindys; 36];
    for card in DidoCard::ALL.into_iter().filter(|c| c.is_zero()) {
        flat[card.index() as usize] = Shape::Quotos;
    }
    let mut maps = vec![ShapeMap::new(flat, true).expect("valid")];
    maps.extend((0..8).map(|_| random_map(&mut rng)));
    for map in maps {
        let scorer = Scorer::new(&map);
        for i in 0..5_000 {
            let hand = random_hand(&mut rng, 4 + i % 2);
            let expected = reference::score(&hand, &map);
            assert_eq!(scorer.score(&hand), expected, "{hand:?} under {map:?}");
            let set: CardSet<DidoCard> = hand.iter().copied().collect();
            assert_eq!(scorer.score_set(set), expected, "{set} under {map:?}");
        }
    }
}

#[test]
fn score_serializes_as_its_fields() {
    let s = scored("A0 S8 A5 G6 P7");
    let json = serde_json::to_string(&s).unwrap();
    assert_eq!(
        json,
        r#"{"points":4096,"cards":5,"shape_kinds":4,"colour_kinds":5,"number_kinds":5,"strong":true}"#
    );
    assert_eq!(serde_json::from_str::<Score>(&json).unwrap(), s);
}

/// The spec's six worked examples, as the steps a player reads (additions, multiplications,
/// powers, each with the kinds that make it).
#[test]
fn the_steps_of_the_spec_examples() {
    for (text, steps) in [
        (
            "A1 A2 A3 A4",
            "2 for the set, + 1 for 2 shape kinds, − 2 for 1 colour kind, squared for 4 number \
             kinds (strong)",
        ),
        (
            "S2 P2 A3 S6",
            "2 for the set, − 1 for 1 shape kind, + 1 for 2 number kinds, × 2 for 3 colour kinds",
        ),
        (
            "S8 A5 G6 P3",
            "2 for the set, × 2 for 3 shape kinds, × 3 for 4 colour kinds, × 3 for 4 number \
             kinds (weak)",
        ),
        (
            "A1 A6 S7 G8 S3",
            "2 for the set, + 1 for 2 shape kinds, × 2 for 3 colour kinds, × 3 for 4 number \
             kinds (weak)",
        ),
        (
            "A0 S8 A2 S3 G3",
            "2 for the set, × 2 for 3 colour kinds, × 2 for 3 number kinds, squared for 4 shape \
             kinds",
        ),
        (
            "A0 S8 A5 G6 P7",
            "2 for the set, squared for 4 shape kinds, squared for 5 colour kinds, cubed for 5 \
             number kinds (strong)",
        ),
    ] {
        let s = scored(text);
        assert_eq!(s.steps(), steps, "{text}");
        assert_eq!(s.steps_value(), s.points, "{text}");
    }
}
