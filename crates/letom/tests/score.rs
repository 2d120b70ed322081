//! Base scoring: the oracle's example, each line of the spec's "Scoring" section as a worked
//! case, and the fast path equal to the reference on structured and random sets.

use cards_core::{CardSet, DidoCard, GameRng, Seed};
use letom::{Breakdown, reference, score};

fn cards(text: &str) -> CardSet<DidoCard> {
    text.split_whitespace()
        .map(|s| s.parse::<DidoCard>().expect("test card text is valid"))
        .collect()
}

/// Scores `text` by the fast path, checks the reference agrees, and returns the breakdown.
fn scored(text: &str) -> Breakdown {
    let set = cards(text);
    let fast = score(set);
    assert_eq!(reference::score(set), fast, "reference vs fast for {text}");
    fast
}

/// `[points, godorie, guang, hodan, codan, cyndan, pie, dan, ynkt]`.
fn fields(b: Breakdown) -> [u32; 9] {
    [
        b.points, b.godorie, b.guang, b.hodan, b.codan, b.cyndan, b.pie, b.dan, b.ynkt,
    ]
}

#[test]
fn oracle_example_godorie_and_one_guang() {
    // oracle.md: ["P2","P4","P8","A0"] → points 5, godorie 5, everything else 0.
    assert_eq!(fields(scored("P2 P4 P8 A0")), [5, 5, 0, 0, 0, 0, 0, 0, 0]);
}

#[test]
fn nothing_captured_scores_nothing() {
    assert_eq!(scored(""), Breakdown::default());
}

#[test]
fn godorie_needs_all_three_birds() {
    // "Godorie: P2, P4, P8 → 5"
    assert_eq!(scored("P2 P4 P8").godorie, 5);
    assert_eq!(scored("P2 P4").godorie, 0);
    assert_eq!(scored("P2 P4 P7").godorie, 0);
}

#[test]
fn guang_scores_only_all_four() {
    // "all four Guã (A0, S0, G0, P0) → 4 (no partial Guã score)"
    assert_eq!(fields(scored("A0 S0 G0 P0")), [4, 0, 4, 0, 0, 0, 0, 0, 0]);
    let three = scored("A0 S0 G0");
    assert_eq!((three.points, three.guang_cards), (0, 3));
}

#[test]
fn the_three_dan_sets() {
    // "Hõdan G1, G2, G3 → 3; Codan G4, G5, G6 → 3; Cyñdan G7, G8 → 2"
    assert_eq!(fields(scored("G1 G2 G3")), [3, 0, 0, 3, 0, 0, 0, 0, 0]);
    assert_eq!(fields(scored("G4 G5 G6")), [3, 0, 0, 0, 3, 0, 0, 0, 0]);
    assert_eq!(fields(scored("G7 G8")), [2, 0, 0, 0, 0, 2, 0, 0, 0]);
    assert_eq!(scored("G1 G2 G4").points, 0);
    // The sets also count as Dan: four Gran with Hõdan are 3 + 1.
    assert_eq!(fields(scored("G1 G2 G3 G8")), [4, 0, 0, 3, 0, 0, 0, 1, 0]);
}

#[test]
fn pie_from_a_pi_value_of_eight() {
    // "Pie: with pi value ≥ 8, 1 point plus 1 per pi beyond 8"
    assert_eq!(scored("A1 A2 A3 A4 A5 A6 A7").pie, 0);
    assert_eq!(scored("A1 A2 A3 A4 A5 A6 A7 A8").pie, 1);
    assert_eq!(scored("A1 A2 A3 A4 A5 A6 A7 A8 S1").pie, 2);
    // "S8, Sãpie, counts 2"
    let with_sapie = scored("A1 A2 A3 A4 A5 A6 S8");
    assert_eq!((with_sapie.pi_value, with_sapie.pie), (8, 1));
    assert_eq!(scored("A1 A2 A3 A4 A5 S8").pie, 0);
    // Every pi: 8 + 7 + 2 = 17 → 10 points. Guã are not pi.
    let all = scored("A0 A1 A2 A3 A4 A5 A6 A7 A8 S0 S1 S2 S3 S4 S5 S6 S7 S8");
    assert_eq!((all.pi_value, all.pie, all.points), (17, 10, 10));
}

#[test]
fn dan_from_four_gran() {
    // "Dan (Gran 1–8): with ≥ 4, 1 point plus 1 per card beyond 4"
    assert_eq!(scored("G1 G2 G4 G7").dan, 1);
    assert_eq!(scored("G1 G2 G4").dan, 0);
    // G0 is a Guã, not a Dan.
    assert_eq!(scored("G0 G1 G2 G4").dan, 0);
    // All eight: Dan 5 and all three sets.
    assert_eq!(
        fields(scored("G1 G2 G3 G4 G5 G6 G7 G8")),
        [13, 0, 0, 3, 3, 2, 0, 5, 0]
    );
}

#[test]
fn ynkt_from_four_pradol_birds_included() {
    // "Ÿnkt (Pradol 1–8): with ≥ 4, 1 point plus 1 per card beyond 4"; the birds are Ÿnkt too.
    assert_eq!(fields(scored("P1 P2 P4 P8")), [6, 5, 0, 0, 0, 0, 0, 0, 1]);
    assert_eq!(scored("P0 P1 P3 P5").ynkt, 0);
    assert_eq!(scored("P1 P2 P3 P4 P5 P6 P7 P8").ynkt, 5);
}

#[test]
fn the_whole_deck_scores_every_category() {
    let all = score(CardSet::full());
    assert_eq!(
        fields(all),
        [37, 5, 4, 3, 3, 2, 10, 5, 5],
        "the most points a pile can hold"
    );
    assert_eq!(reference::score(CardSet::full()), all);
    assert_eq!(
        all.to_string(),
        "37 points: Godorie 5, Guã 4, Hõdan 3, Codan 3, Cyñdan 2, Pie 10 (pi value 17), \
         Dan 5 (8 Dan), Ÿnkt 5 (8 Ÿnkt)"
    );
    assert_eq!(score(CardSet::EMPTY).to_string(), "0 points");
}

#[test]
fn serializes_in_the_oracles_order() {
    let json = serde_json::to_string(&scored("P2 P4 P8 A0")).unwrap();
    assert!(
        json.starts_with(
            r#"{"points":5,"godorie":5,"guang":0,"hodan":0,"codan":0,"cyndan":0,"pie":0,"dan":0,"ynkt":0,"#
        ),
        "{json}"
    );
}

/// The bits of the Alivaie and Suçes cards (pi and two Guã), and of Gran and Pradol.
const LOW: u64 = (1 << 18) - 1;
const HIGH: u64 = LOW << 18;

/// Every subset of one half of the deck (2^18 each), beside a few fixed sets of the other half.
/// Each category lies within one half, or (Guã) is all-or-nothing across both, so this covers
/// every count of every category.
#[test]
fn fast_equals_reference_on_every_subset_of_each_half() {
    let others_high = [
        0,
        HIGH,
        cards("G0 P0").bits(),
        cards("P2 P4 P8 G1 G2").bits(),
    ];
    let others_low = [0, LOW, cards("A0 S0").bits(), cards("A1 S8").bits()];
    for half in 0..=LOW {
        for (&high, &low) in others_high.iter().zip(&others_low) {
            for bits in [half | high, (half << 18) | low] {
                let set = CardSet::from_bits(bits).unwrap();
                assert_eq!(score(set), reference::score(set), "{set}");
            }
        }
    }
}

#[test]
fn fast_equals_reference_on_random_sets() {
    let mut rng = GameRng::new(Seed::from(0x1E70_5C0E), 0);
    for _ in 0..200_000 {
        // A random density, so small and large piles are both common.
        let keep = rng.below(37);
        let bits = DidoCard::ALL
            .iter()
            .enumerate()
            .filter(|_| rng.below(36) < keep)
            .fold(0u64, |acc, (i, _)| acc | 1 << i);
        let set = CardSet::from_bits(bits).unwrap();
        assert_eq!(score(set), reference::score(set), "{set}");
    }
}
