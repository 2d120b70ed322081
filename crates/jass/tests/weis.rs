//! Weis detection: the spec's examples, the fast path against the exhaustive reference, the
//! strength order and its tie-breaks, the award, the serde form.

use std::cmp::Ordering;

use cards_core::{CardSet, GameRng, JassCard, JassRank, JassSuit, Seed};
use jass::{
    Declaration, MAX_MELDS, Meld, MeldKind, Mode, Scale, WeisRules, award, compare, declare,
    strongest, weis_reference as reference,
};
use serde_json::json;

use JassRank::{Ace, Eight, Jack, King, Nine, Queen, Seven, Six, Ten};
use JassSuit::{Clubs, Diamonds, Hearts, Spades};

fn hand(cards: &str) -> CardSet<JassCard> {
    cards
        .split_whitespace()
        .map(|c| c.parse::<JassCard>().unwrap())
        .collect()
}

fn rules(scale: Scale, four_low: bool, cross_weis: bool) -> WeisRules {
    WeisRules {
        scale,
        four_low,
        cross_weis,
    }
}

/// Every combination of the options.
fn all_rules() -> Vec<WeisRules> {
    let mut out = Vec::new();
    for scale in [Scale::Big, Scale::Small] {
        for four_low in [false, true] {
            for cross in [false, true] {
                out.push(rules(scale, four_low, cross));
            }
        }
    }
    out
}

const BIG: WeisRules = WeisRules {
    scale: Scale::Big,
    four_low: false,
    cross_weis: false,
};
const SMALL: WeisRules = WeisRules {
    scale: Scale::Small,
    four_low: false,
    cross_weis: false,
};
const HEARTS: Mode = Mode::Trump(Hearts);

fn seq(suit: JassSuit, low: JassRank, len: u8, scale: Scale) -> Meld {
    Meld::sequence(suit, low, len, scale).unwrap()
}

/// The oracle's answer fields for a hand.
fn oracle(cards: &str, mode: Mode, rules: &WeisRules) -> serde_json::Value {
    serde_json::to_value(declare(hand(cards), mode, rules)).unwrap()
}

// --- The spec's examples -------------------------------------------------------------------

/// jass.md: "a 6-card run 6–J plus the other three Jacks: four Jacks + the run 6–10 = 300 beats
/// the 6-run alone."
#[test]
fn spec_six_run_plus_three_jacks_counts_four_jacks_and_the_five_run() {
    let cards = hand("6H 7H 8H 9H TH JH JC JD JS");
    for mode in Mode::ALL {
        let d = declare(cards, mode, &BIG);
        assert_eq!(d.total(), 300);
        assert_eq!(
            d.melds(),
            [Meld::four(Jack), seq(Hearts, Six, 5, Scale::Big)]
        );
        assert_eq!(d.best(), Some(Meld::four(Jack)));
    }
}

/// jass.md: "Small scale: hearts 6–J counts as the one 6-card run, worth 100."
#[test]
fn spec_small_scale_six_run_is_one_run_worth_100() {
    let cards = hand("6H 7H 8H 9H TH JH AC KD 6S");
    for mode in Mode::ALL {
        let d = declare(cards, mode, &SMALL);
        assert_eq!(d.total(), 100);
        assert_eq!(d.melds(), [seq(Hearts, Six, 6, Scale::Small)]);
    }
    // On the big scale the same run is worth 150.
    assert_eq!(declare(cards, HEARTS, &BIG).total(), 150);
}

/// jass.md's table, every row on both scales.
#[test]
fn spec_points_table() {
    let big = [20, 50, 100, 150, 200, 250, 300];
    let small = [20, 50, 100, 100, 100, 100, 100];
    for len in 3..=9u8 {
        let i = usize::from(len - 3);
        assert_eq!(seq(Clubs, Six, len, Scale::Big).points(), big[i]);
        assert_eq!(seq(Clubs, Six, len, Scale::Small).points(), small[i]);
    }
    let fours = [
        (Jack, 200),
        (Nine, 150),
        (Ace, 100),
        (Ten, 100),
        (King, 100),
        (Queen, 100),
        (Eight, 100),
        (Seven, 100),
        (Six, 100),
    ];
    for (rank, points) in fours {
        assert_eq!(Meld::four(rank).points(), points);
    }
    // Four 8s, 7s, 6s count only with four_low.
    let eights = hand("8C 8D 8H 8S 6C AD KH QS TC");
    assert_eq!(declare(eights, HEARTS, &BIG).total(), 0);
    assert_eq!(
        declare(eights, HEARTS, &rules(Scale::Big, true, false)).melds(),
        [Meld::four(Eight)]
    );
}

/// jass.md: sequences in the natural order in every mode, no wrap.
#[test]
fn spec_sequences_natural_order_no_wrap() {
    let wrap = hand("KH AH 6H 7D 9S JC QD TS 8C");
    for mode in Mode::ALL {
        for r in all_rules() {
            assert!(declare(wrap, mode, &r).is_empty(), "{mode}");
        }
    }
    // 10 sits between 9 and J (no Belote order), in every mode.
    let run = hand("9D TD JD 6C 8H QS AC 7S KH");
    for mode in Mode::ALL {
        assert_eq!(
            declare(run, mode, &BIG).melds(),
            [seq(Diamonds, Nine, 3, Scale::Big)]
        );
    }
}

/// jass.md: each card counts in one Weis only; with cross_weis a four may share cards with a run.
#[test]
fn spec_cross_weis_lets_a_four_share_cards_with_a_run() {
    let cards = hand("6H 7H 8H 9H TH JH JC JD JS");
    let cross = rules(Scale::Big, false, true);
    let d = declare(cards, HEARTS, &cross);
    assert_eq!(d.total(), 350);
    assert_eq!(
        d.melds(),
        [Meld::four(Jack), seq(Hearts, Six, 6, Scale::Big)]
    );
    // Small scale with cross_weis: the whole 6-run, not 6-10 beside the shared Jack (this
    // crate's criterion 5), though both score 300 with the same best Weis and 9 cards.
    let small_cross = rules(Scale::Small, false, true);
    let d = declare(cards, HEARTS, &small_cross);
    assert_eq!(d.total(), 300);
    assert_eq!(
        d.melds(),
        [Meld::four(Jack), seq(Hearts, Six, 6, Scale::Small)]
    );
    let ties = reference::ties(cards, HEARTS, &small_cross);
    assert_eq!((ties[3], ties[4]), (1, 0));
}

/// The oracle's answer shape for `jass.weis`.
#[test]
fn oracle_answer_fields() {
    let answer = oracle("6H 7H 8H 9H TH JH JC JD JS", HEARTS, &BIG);
    assert_eq!(
        answer,
        json!({
            "total": 300,
            "weis": [
                {"kind": "four", "cards": ["JC", "JD", "JH", "JS"], "points": 200},
                {"kind": "sequence", "cards": ["6H", "7H", "8H", "9H", "TH"], "points": 100},
            ],
            "best": {"kind": "four", "cards": ["JC", "JD", "JH", "JS"], "points": 200},
        })
    );
    assert_eq!(
        oracle("6C 8D TH QS AC 7D 9H JS KC", Mode::Obenabe, &BIG),
        json!({"total": 0, "weis": [], "best": null})
    );
    let d = declare(hand("6H 7H 8H 9H TH JH JC JD JS"), HEARTS, &BIG);
    assert_eq!(d.best().map(|m| m.kind_name()), Some("four"));
    assert_eq!(d.melds()[1].kind_name(), "sequence");
}

// --- Fast path against the reference --------------------------------------------------------

fn check(cards: CardSet<JassCard>, mode: Mode, rules: &WeisRules) {
    let fast = declare(cards, mode, rules);
    let slow = reference::declare(cards, mode, rules);
    assert_eq!(fast, slow, "{cards} {mode} {rules:?}");
    assert_eq!(fast.best(), slow.best(), "{cards} {mode} {rules:?}");
    // Beyond the spec's four criteria only criterion 5 is ever needed, and only with
    // cross_weis on the small scale; nothing is left to criterion 6.
    let ties = reference::ties(cards, mode, rules);
    if ties[3] != 0 {
        assert!(
            rules.cross_weis && rules.scale == Scale::Small,
            "{cards} {mode} {rules:?}"
        );
    }
    assert_eq!(ties[4], 0, "{cards} {mode} {rules:?}");
}

fn random_hand(rng: &mut GameRng, size: usize) -> CardSet<JassCard> {
    let mut deck = JassCard::ALL;
    rng.shuffle(&mut deck);
    deck[..size].iter().copied().collect()
}

/// Uniform 9-card hands, each under a random mode and options: 120 000 hands.
#[test]
fn fast_equals_reference_on_random_hands() {
    let mut rng = GameRng::new(Seed::from(0x3E15), 0);
    let all = all_rules();
    for _ in 0..120_000 {
        let cards = random_hand(&mut rng, 9);
        let mode = Mode::ALL[rng.below(6) as usize];
        let r = all[rng.below(all.len() as u64) as usize];
        let fast = declare(cards, mode, &r);
        assert_eq!(
            fast,
            reference::declare(cards, mode, &r),
            "{cards} {mode} {r:?}"
        );
    }
}

/// 9-card hands rich in Weis (runs and fours planted), under every mode and option: 4 000
/// hands × 48.
#[test]
fn fast_equals_reference_on_rich_hands() {
    let mut rng = GameRng::new(Seed::from(0x3E16), 0);
    for _ in 0..4_000 {
        let mut bits = 0u64;
        // Plant up to two fours and a long run, then fill to nine cards at random.
        for _ in 0..rng.below(3) {
            let rank = rng.below(9);
            bits |= (1 | 1 << 9 | 1 << 18 | 1 << 27) << rank;
        }
        let len = 3 + rng.below(7);
        let low = rng.below(10 - len);
        let suit = rng.below(4);
        bits |= ((1u64 << len) - 1) << (suit * 9 + low);
        let mut cards = CardSet::<JassCard>::from_bits_truncate(bits);
        while cards.len() > 9 {
            let drop = cards
                .iter()
                .nth(rng.below(cards.len() as u64) as usize)
                .unwrap();
            cards.remove(drop);
        }
        while cards.len() < 9 {
            cards.insert(JassCard::ALL[rng.below(36) as usize]);
        }
        for mode in Mode::ALL {
            for r in all_rules() {
                check(cards, mode, &r);
            }
        }
    }
}

/// Every 9-card hand from two suits (48 620 hands: all long runs and their splits), every mode,
/// both scales.
#[test]
fn fast_equals_reference_on_every_two_suit_hand() {
    let pool: Vec<JassCard> = JassCard::ALL
        .into_iter()
        .filter(|c| matches!(c.suit(), Hearts | Spades))
        .collect();
    let mut count = 0;
    for mask in 0u32..1 << 18 {
        if mask.count_ones() != 9 {
            continue;
        }
        let cards: CardSet<JassCard> = (0..18)
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| pool[i])
            .collect();
        count += 1;
        for mode in [
            Mode::Trump(Spades),
            Mode::Trump(Clubs),
            Mode::Obenabe,
            Mode::Undenufe,
        ] {
            for r in [BIG, SMALL] {
                assert_eq!(
                    declare(cards, mode, &r),
                    reference::declare(cards, mode, &r),
                    "{cards} {mode} {r:?}"
                );
            }
        }
    }
    assert_eq!(count, 48_620);
}

/// Larger sets than a hand (the fast path takes any set): 12 cards.
#[test]
fn fast_equals_reference_on_twelve_card_sets() {
    let mut rng = GameRng::new(Seed::from(0x3E17), 0);
    let all = all_rules();
    for _ in 0..3_000 {
        let cards = random_hand(&mut rng, 12);
        let mode = Mode::ALL[rng.below(6) as usize];
        let r = all[rng.below(all.len() as u64) as usize];
        assert_eq!(
            declare(cards, mode, &r),
            reference::declare(cards, mode, &r),
            "{cards} {mode} {r:?}"
        );
    }
}

/// Hand-built hard cases, every mode and option.
#[test]
fn fast_equals_reference_on_tricky_hands() {
    let hands = [
        "6H 7H 8H 9H TH JH QH KH AH", // the 9-run
        "6H 7H 8H 9H TH JH QH KH 6S", // 8-run (small: split 5 + 3)
        "7H 8H 9H TH JH QH KH 6S AS", // 7-run
        "6H 7H 8H 9H TH JH JC JD JS", // spec: 6-run + three Jacks
        "9H TH JH QH KH AH 9C 9D 9S", // four 9s at the bottom of a 6-run
        "6H 7H 8H 9H TH JH 6C 6D 6S", // four 6s (four_low) at the bottom
        "8C 9C TC JC QC JD JH JS 6D", // four J inside a 5-run
        "JC JD JH JS 9C 9D 9H 9S AH", // two fours
        "JC JD JH JS 9C 9D 9H 9S TC", // two fours and a 9-10-J run in clubs
        "9C TC JC 9D TD JD 9H TH JH", // three runs against two fours
        "9C TC JC 9D TD JD JH JS 9S", // runs vs four J
        "6C 7C 8C 6D 7D 8D 6H 7H 8H", // three equal runs
        "QC KC AC QD KD AD QH KH AH", // equal runs at the top
        "6C 7C 8C 9C TC JC QC AD AH", // 7-run
        "6C 7C 8C 9C TC QC KC AC AD", // 5-run + 3-run
        "TC TD TH TS 8C 9C JC QC 7C", // four 10 in the middle of a 7-run
        "AC AD AH AS KC QC JC KD QD", // four A + runs at the top
        "KC KD KH KS QC QD QH QS AC", // two fours, no run
        "6C 7C 8C 9C 6D 7D 8D 9D 6H", // two 4-runs
        "6S 7S 8S 9S TS JS QS KS AS", // 9-run in spades
    ];
    for text in hands {
        let cards = hand(text);
        assert_eq!(cards.len(), 9, "{text}");
        for mode in Mode::ALL {
            for r in all_rules() {
                check(cards, mode, &r);
            }
        }
    }
}

#[test]
fn small_scale_long_runs_split_towards_the_stronger_five() {
    let eight = hand("6H 7H 8H 9H TH JH QH KH 6S");
    let d = declare(eight, Mode::Obenabe, &SMALL);
    assert_eq!(d.total(), 120);
    assert_eq!(
        d.melds(),
        [
            seq(Hearts, Nine, 5, Scale::Small),
            seq(Hearts, Six, 3, Scale::Small)
        ]
    );
    let d = declare(eight, Mode::Undenufe, &SMALL);
    assert_eq!(
        d.melds(),
        [
            seq(Hearts, Six, 5, Scale::Small),
            seq(Hearts, Jack, 3, Scale::Small)
        ]
    );
    let nine = hand("6H 7H 8H 9H TH JH QH KH AH");
    assert_eq!(declare(nine, HEARTS, &SMALL).total(), 150);
    assert_eq!(declare(nine, HEARTS, &BIG).total(), 300);
    assert_eq!(
        declare(nine, HEARTS, &SMALL).best(),
        Some(seq(Hearts, Ten, 5, Scale::Small))
    );
}

#[test]
fn whole_deck_does_not_overflow() {
    let deck = CardSet::<JassCard>::full();
    for mode in Mode::ALL {
        for r in all_rules() {
            let d = declare(deck, mode, &r);
            assert!(d.len() <= MAX_MELDS);
            assert!(d.total() > 0);
        }
    }
    let d = declare(deck, HEARTS, &rules(Scale::Small, true, true));
    assert_eq!(d.len(), MAX_MELDS);
    assert_eq!(d.total(), 4 * 150 + 200 + 150 + 7 * 100);
}

// --- Strength ---------------------------------------------------------------------------------

/// jass.md's strength list, strongest first, checked pairwise in every mode (the runs are in
/// clubs; every run of the list is its own kind, so no top-card tie-break is involved).
#[test]
fn strength_order_big_scale() {
    let s = Scale::Big;
    let list = [
        seq(Clubs, Six, 9, s),
        seq(Clubs, Six, 8, s),
        seq(Clubs, Six, 7, s),
        Meld::four(Jack),
        seq(Clubs, Six, 6, s),
        Meld::four(Nine),
        Meld::four(Ace),
        Meld::four(Ten),
        Meld::four(King),
        Meld::four(Queen),
        Meld::four(Eight),
        Meld::four(Seven),
        Meld::four(Six),
        seq(Clubs, Ten, 5, s), // top A: the strongest 5-run still ranks below every four
        seq(Clubs, Jack, 4, s),
        seq(Clubs, Queen, 3, s),
    ];
    check_list(&list, s);
}

#[test]
fn strength_order_small_scale() {
    let s = Scale::Small;
    let list = [
        Meld::four(Jack),
        Meld::four(Nine),
        Meld::four(Ace),
        Meld::four(Ten),
        Meld::four(King),
        Meld::four(Queen),
        Meld::four(Eight),
        Meld::four(Seven),
        Meld::four(Six),
        seq(Clubs, Six, 9, s),
        seq(Clubs, Jack, 4, s),
        seq(Clubs, Queen, 3, s),
    ];
    check_list(&list, s);
    // Sequences of 5 or more are one kind: the top card decides, then the length does not.
    assert_eq!(
        compare(
            &seq(Clubs, Six, 9, s),
            &seq(Clubs, Ten, 5, s),
            Mode::Obenabe,
            s
        ),
        Ordering::Equal
    );
    assert_eq!(
        compare(
            &seq(Clubs, Six, 8, s),
            &seq(Diamonds, Ten, 5, s),
            Mode::Obenabe,
            s
        ),
        Ordering::Less
    );
    // In Undenufe the lower lowest card: 6..K beats 7..A.
    assert_eq!(
        compare(
            &seq(Clubs, Six, 8, s),
            &seq(Diamonds, Seven, 8, s),
            Mode::Undenufe,
            s
        ),
        Ordering::Greater
    );
}

fn check_list(list: &[Meld], scale: Scale) {
    for mode in Mode::ALL {
        for (i, a) in list.iter().enumerate() {
            for (j, b) in list.iter().enumerate() {
                let expected = j.cmp(&i); // earlier in the list is stronger
                // In Undenufe runs of the same kind compare by their lowest card; every run of
                // the list is its own kind, so the list holds in every mode.
                assert_eq!(compare(a, b, mode, scale), expected, "{a} vs {b} in {mode}");
            }
        }
    }
}

#[test]
fn tie_breaks_top_card_undenufe_trump() {
    let s = Scale::Big;
    let low = seq(Clubs, Six, 3, s); // 6-8
    let high = seq(Diamonds, Queen, 3, s); // Q-A
    assert_eq!(compare(&high, &low, Mode::Obenabe, s), Ordering::Greater);
    assert_eq!(
        compare(&high, &low, Mode::Trump(Hearts), s),
        Ordering::Greater
    );
    assert_eq!(compare(&high, &low, Mode::Undenufe, s), Ordering::Less);
    // The top card outranks trump.
    assert_eq!(
        compare(&high, &low, Mode::Trump(Clubs), s),
        Ordering::Greater
    );
    // Same kind, same top: trump decides, only in a trump mode.
    let c = seq(Clubs, Nine, 4, s);
    let h = seq(Hearts, Nine, 4, s);
    assert_eq!(compare(&h, &c, Mode::Trump(Hearts), s), Ordering::Greater);
    assert_eq!(compare(&h, &c, Mode::Trump(Clubs), s), Ordering::Less);
    assert_eq!(compare(&h, &c, Mode::Trump(Spades), s), Ordering::Equal);
    assert_eq!(compare(&h, &c, Mode::Obenabe, s), Ordering::Equal);
    assert_eq!(compare(&h, &c, Mode::Undenufe, s), Ordering::Equal);
    // Four-of-a-kinds of equal points rank in the list's order.
    assert_eq!(
        compare(&Meld::four(Ace), &Meld::four(Queen), Mode::Undenufe, s),
        Ordering::Greater
    );
}

#[test]
fn best_weis_of_equal_runs_is_the_first_suit_unless_trump() {
    let cards = hand("6C 7C 8C 6D 7D 8D 6H 7H 8H");
    let d = declare(cards, Mode::Obenabe, &BIG);
    assert_eq!(d.total(), 60);
    assert_eq!(d.best(), Some(seq(Clubs, Six, 3, Scale::Big)));
    let d = declare(cards, Mode::Trump(Hearts), &BIG);
    assert_eq!(d.best(), Some(seq(Hearts, Six, 3, Scale::Big)));
    assert_eq!(
        d.melds().iter().map(Meld::suit).collect::<Vec<_>>(),
        [Some(Hearts), Some(Clubs), Some(Diamonds)]
    );
}

// --- The award ------------------------------------------------------------------------------

#[test]
fn award_goes_to_the_strongest_team_and_counts_both_partners() {
    let mode = Mode::Trump(Spades);
    let d = |text: &str| declare(hand(text), mode, &BIG);
    let decls = [
        d("6C 7C 8C 9C AD KD QH JS 6S"), // 4-run top 9: 50
        d("TH JH QH KH AH 6D 7D 8D 6S"), // 5-run (100) + 3-run (20)
        d("TC JC QC KC 9D AS 7H 8S 9S"), // 4-run top K: 50
        d("7S 8S 9S 6H 8H 9H QD JD TD"), // 3-run + 3-run: 40
    ];
    let award = award(&decls, mode, Scale::Big).unwrap();
    assert_eq!(award.position, 1);
    assert_eq!(award.team, 1);
    assert_eq!(award.points, 120 + 40);
    assert_eq!(award.best_points, 100 + 20);
    assert_eq!(strongest(&decls, mode, Scale::Big), Some(1));
}

#[test]
fn equal_best_weis_go_to_the_first_in_play_order() {
    let mode = Mode::Obenabe;
    let d = |text: &str| declare(hand(text), mode, &BIG);
    let decls = [
        Declaration::EMPTY,
        d("6C 7C 8C AD KD QH JS 9S TD"),
        d("6D 7D 8D AC KC QS JH 9S TH"),
        Declaration::EMPTY,
    ];
    assert_eq!(strongest(&decls, mode, Scale::Big), Some(1));
    // With diamonds trump the later one wins.
    let trump = Mode::Trump(Diamonds);
    assert_eq!(strongest(&decls, trump, Scale::Big), Some(2));
    assert_eq!(strongest(&[Declaration::EMPTY; 4], mode, Scale::Big), None);
    assert_eq!(award(&[Declaration::EMPTY; 4], mode, Scale::Big), None);
}

// --- Serde ----------------------------------------------------------------------------------

#[test]
fn serde_round_trips_and_checks() {
    for text in [
        "6H 7H 8H 9H TH JH JC JD JS",
        "6C 7C 8C 6D 7D 8D 6H 7H 8H",
        "6C 8D",
    ] {
        let d = declare(hand(text), HEARTS, &BIG);
        let json = serde_json::to_string(&d).unwrap();
        assert_eq!(serde_json::from_str::<Declaration>(&json).unwrap(), d);
    }
    let bad = [
        r#"{"kind":"sequence","cards":["6H","7H","9H"],"points":20}"#,
        r#"{"kind":"sequence","cards":["6H","7H","8H"],"points":50}"#,
        r#"{"kind":"sequence","cards":["6H","7H"],"points":0}"#,
        r#"{"kind":"four","cards":["JC","JD","JH"],"points":200}"#,
        r#"{"kind":"four","cards":["JC","JD","JH","JS"],"points":100}"#,
        r#"{"kind":"pair","cards":["JC","JD"],"points":0}"#,
        r#"{"kind":"four","cards":[],"points":0}"#,
    ];
    for text in bad {
        assert!(serde_json::from_str::<Meld>(text).is_err(), "{text}");
    }
    let six = r#"{"kind":"sequence","cards":["6H","7H","8H","9H","TH","JH"],"points":150}"#;
    let m: Meld = serde_json::from_str(six).unwrap();
    assert_eq!(
        m.kind(),
        MeldKind::Sequence {
            suit: Hearts,
            low: Six,
            len: 6
        }
    );
    let small = six.replace("150", "100");
    assert_eq!(serde_json::from_str::<Meld>(&small).unwrap().points(), 100);
    let wrong_total = r#"{"total":10,"weis":[],"best":null}"#;
    assert!(serde_json::from_str::<Declaration>(wrong_total).is_err());
    let r: WeisRules = serde_json::from_str(r#"{"scale":"small"}"#).unwrap();
    assert_eq!(r, SMALL);
    assert!(serde_json::from_str::<WeisRules>(r#"{"scal":"small"}"#).is_err());
    assert_eq!(
        serde_json::to_value(WeisRules::default()).unwrap()["scale"],
        "big"
    );
}
