//! Captures and Esun builds: the spec's worked examples verbatim, face cards, jokers, the empty
//! table, errors; then the fast path against the brute-force reference on many seeded and
//! random tables (both rules, with and without jokers, every played rank), value patterns
//! against card sets, and the Esun check against its brute force.

use std::collections::BTreeSet;

use cards_core::{CardSet, GameRng, Seed, StdCard};
use elewenjewe::{
    CaptureError, Pattern, Rules, build_patterns, builds, can_build, capture_patterns, captures,
    count_build_patterns, count_builds, count_capture_patterns, count_captures, is_build,
    is_capture, reference,
};
use proptest::prelude::*;

fn cards(text: &str) -> CardSet<StdCard> {
    text.split_whitespace()
        .map(|c| c.parse::<StdCard>().unwrap())
        .collect()
}

fn card(text: &str) -> StdCard {
    text.parse().unwrap()
}

/// The fast captures as a sorted list of sets (written `6C 3D` etc.).
fn capture_texts(played: &str, table: &str, rules: &Rules) -> BTreeSet<String> {
    captures(card(played), cards(table), rules)
        .unwrap()
        .map(|s| s.to_string())
        .collect()
}

fn texts(list: &[&str]) -> BTreeSet<String> {
    list.iter().map(|s| cards(s).to_string()).collect()
}

const PLAIN: Rules = Rules {
    jokers: true,
    yoruba: false,
    esun: false,
    yoruba_pile_excludes_v: false,
    yoruba_checks_piles: false,
    esun_penalty: 1,
    isiwo: false,
    leftovers: elewenjewe::Leftovers::ToTable,
    last_player_takes: false,
    scoring: elewenjewe::Scoring::LayoutAndMost,
    target: 5,
    max_rounds: None,
    round_cap: 50,
    first_dealer: None,
};
const YORUBA: Rules = Rules {
    yoruba: true,
    ..PLAIN
};

// --- The spec's examples -------------------------------------------------------------------

/// Spec, "What a numeric card of value v may capture": "a 9 played onto 6, 3, 3, 7, 9, A, A may
/// take {6,3}, {7,A,A} and {9} together (one 3 stays), or any sub-collection of those" — and the
/// oracle's `elewenjewe.captures` example answers `count: 11` with `["6C","3D"]` and `["9H"]`
/// among the options.
#[test]
fn spec_nine_onto_6_3_3_7_9_a_a_has_eleven_options() {
    let table = "6C 3D 3H 7S 9H AC AD";
    let expected = texts(&[
        "6C 3D",
        "6C 3H",
        "7S AC AD",
        "9H",
        "6C 3D 7S AC AD",
        "6C 3H 7S AC AD",
        "6C 3D 9H",
        "6C 3H 9H",
        "7S AC AD 9H",
        "6C 3D 7S AC AD 9H",
        "6C 3H 7S AC AD 9H",
    ]);
    assert_eq!(capture_texts("9S", table, &Rules::default()), expected);
    assert_eq!(
        count_captures(card("9S"), cards(table), &Rules::default()),
        Ok(11)
    );
    assert_eq!(
        count_capture_patterns(card("9S"), cards(table), &Rules::default()),
        Ok(7)
    );
    // Taking both 3s would need a group {3, 3, A, A, A}, and there are two aces.
    assert!(!is_capture(card("9S"), cards(table), cards("3D 3H AC AD"), &PLAIN).unwrap());
}

/// Spec, "Yorùbá rule": "In the seed's example only 6+3 may be taken: the two aces cannot go
/// together and the 9 cannot be taken." At the card level that is 6C with either 3: two
/// options (one pattern).
#[test]
fn spec_nine_example_under_the_yoruba_rule_is_six_and_a_three() {
    let table = "6C 3D 3H 7S 9H AC AD";
    assert_eq!(
        capture_texts("9S", table, &Rules::yoruba()),
        texts(&["6C 3D", "6C 3H"])
    );
    assert_eq!(
        count_capture_patterns(card("9S"), cards(table), &Rules::yoruba()),
        Ok(1)
    );
}

/// Spec, "Yorùbá rule" decisions: "groups may still combine when all values stay distinct (10
/// onto 6, 4, 7, 3 may take {6,4} and {7,3})".
#[test]
fn spec_ten_onto_6_4_7_3_combines_groups_under_the_yoruba_rule() {
    let table = "6C 4D 7H 3S";
    let expected = texts(&["6C 4D", "7H 3S", "6C 4D 7H 3S"]);
    assert_eq!(capture_texts("TD", table, &Rules::yoruba()), expected);
    assert_eq!(capture_texts("TD", table, &Rules::default()), expected);
    // A repeated value is what the rule forbids: 5 + 5 plainly, not under the rule.
    assert_eq!(
        capture_texts("TD", "5C 5H", &Rules::default()),
        texts(&["5C 5H"])
    );
    assert!(capture_texts("TD", "5C 5H", &Rules::yoruba()).is_empty());
    // Nor the played card's value: a 10 onto a 10.
    assert_eq!(capture_texts("TD", "TC", &Rules::default()), texts(&["TC"]));
    assert!(capture_texts("TD", "TC", &Rules::yoruba()).is_empty());
}

// --- Face cards ----------------------------------------------------------------------------

#[test]
fn face_cards_capture_their_own_rank_only() {
    let table = "KC KD KH QS JD 3C";
    assert_eq!(
        capture_texts("KS", table, &Rules::default()),
        texts(&["KC", "KD", "KH", "KC KD", "KC KH", "KD KH", "KC KD KH"])
    );
    // Yorùbá: exactly one.
    assert_eq!(
        capture_texts("KS", table, &Rules::yoruba()),
        texts(&["KC", "KD", "KH"])
    );
    assert_eq!(
        capture_texts("QD", table, &Rules::default()),
        texts(&["QS"])
    );
    assert!(capture_texts("QD", "KC JD 3C", &Rules::default()).is_empty());
    // No numeric card takes a face card, and 10 + 3 is no group of a J.
    assert_eq!(
        capture_texts("3D", table, &Rules::default()),
        texts(&["3C"])
    );
    assert!(capture_texts("JC", "TC 3H", &Rules::default()).is_empty());
    assert_eq!(count_captures(card("KS"), cards(table), &PLAIN), Ok(7));
    assert_eq!(
        count_capture_patterns(card("KS"), cards(table), &PLAIN),
        Ok(3)
    );
}

// --- Jokers --------------------------------------------------------------------------------

#[test]
fn a_played_joker_takes_the_whole_table_once() {
    let rules = Rules::casual();
    let table = "KC 5D 5H 2S X2";
    assert_eq!(capture_texts("X1", table, &rules), texts(&[table]));
    assert_eq!(capture_texts("X1", table, &YORUBA), texts(&[table]));
    // None on an empty table (the oracle's count 0).
    assert!(capture_texts("X1", "", &rules).is_empty());
    assert_eq!(count_captures(card("X1"), cards(""), &rules), Ok(0));
    // A table holding only the other joker is still a table: one option.
    assert_eq!(capture_texts("X1", "X2", &rules), texts(&["X2"]));
    assert!(is_capture(card("X1"), cards(table), cards(table), &rules).unwrap());
    assert!(!is_capture(card("X1"), cards(table), cards("KC"), &rules).unwrap());
}

#[test]
fn a_lying_joker_joins_every_capture_and_is_never_one_alone() {
    let rules = Rules::casual();
    assert_eq!(
        capture_texts("7C", "3D 4D 7H X1", &rules),
        texts(&["3D 4D X1", "7H X1", "3D 4D 7H X1"])
    );
    assert_eq!(
        capture_texts("KC", "KD X1 X2", &rules),
        texts(&["KD X1 X2"])
    );
    // Nothing to capture: the joker stays.
    assert!(capture_texts("7C", "X1", &rules).is_empty());
    assert!(capture_texts("7C", "KD 9H X1", &rules).is_empty());
    assert!(!is_capture(card("7C"), cards("7H X1"), cards("X1"), &rules).unwrap());
    assert!(!is_capture(card("7C"), cards("7H X1"), cards("7H"), &rules).unwrap());
    // The Yorùbá rule never restricts jokers: both join, though they are "equal".
    assert_eq!(
        capture_texts("7C", "3D 4D 4H X1 X2", &YORUBA),
        texts(&["3D 4D X1 X2", "3D 4H X1 X2"])
    );
}

#[test]
fn jokers_without_jokers_and_a_card_twice_are_errors() {
    let default = Rules::default();
    assert_eq!(
        captures(card("X1"), cards("5C"), &default).unwrap_err(),
        CaptureError::JokersNotInPlay { card: card("X1") }
    );
    assert_eq!(
        count_captures(card("5D"), cards("5C X2"), &default).unwrap_err(),
        CaptureError::JokersNotInPlay { card: card("X2") }
    );
    assert_eq!(
        capture_patterns(card("5C"), cards("5C"), &default).unwrap_err(),
        CaptureError::PlayedOnTable { card: card("5C") }
    );
    let message = is_capture(card("5C"), cards("5C"), cards("5C"), &default)
        .unwrap_err()
        .to_string();
    assert!(message.contains("5C"), "{message}");
    assert_eq!(
        builds(card("AC"), cards("9D"), 11, &default).unwrap_err(),
        CaptureError::NotAValue { value: 11 }
    );
    assert_eq!(
        is_build(card("AC"), cards("9D"), 0, cards("9D"), &default).unwrap_err(),
        CaptureError::NotAValue { value: 0 }
    );
    // The reference refuses the same inputs.
    assert!(reference::captures(card("X1"), cards("5C"), &default).is_err());
    assert!(reference::builds(card("AC"), cards("9D"), 11, &default).is_err());
}

#[test]
fn the_empty_table_has_no_capture() {
    for played in StdCard::ALL {
        for rules in [PLAIN, YORUBA] {
            assert_eq!(captures(played, CardSet::EMPTY, &rules).unwrap().count(), 0);
            assert_eq!(count_captures(played, CardSet::EMPTY, &rules), Ok(0));
            assert_eq!(
                count_capture_patterns(played, CardSet::EMPTY, &rules),
                Ok(0)
            );
        }
    }
}

#[test]
fn aces_and_twos() {
    // An ace takes aces, each its own group.
    assert_eq!(
        capture_texts("AC", "AD AH 2S", &Rules::default()),
        texts(&["AD", "AH", "AD AH"])
    );
    // A two takes twos and pairs of aces.
    assert_eq!(
        capture_texts("2C", "AD AH AS 2S", &Rules::default()),
        texts(&[
            "2S", "AD AH", "AD AS", "AH AS", "AD AH 2S", "AD AS 2S", "AH AS 2S"
        ])
    );
}

// --- Esun ----------------------------------------------------------------------------------

/// Spec, "Esun": "with a 10 in hand, play an A to a table holding 9, 2, 8, 5, 5 and build
/// {9,A}+{2,8}+{5,5}" … "Under the Yorùbá rule … (so the two 5s are not allowed)".
#[test]
fn spec_esun_ace_onto_9_2_8_5_5_for_ten() {
    let table = cards("9C 2D 8H 5S 5H");
    let ace = card("AS");
    assert!(is_build(ace, table, 10, table, &Rules::default()).unwrap());
    assert!(!is_build(ace, table, 10, table, &Rules::yoruba()).unwrap());
    let plain: BTreeSet<String> = builds(ace, table, 10, &Rules::default())
        .unwrap()
        .map(|s| s.to_string())
        .collect();
    // The ace needs the 9; {2,8} and {5,5} may join.
    assert_eq!(
        plain,
        texts(&["9C", "9C 2D 8H", "9C 5S 5H", "9C 2D 8H 5S 5H"])
    );
    let yoruba: BTreeSet<String> = builds(ace, table, 10, &Rules::yoruba())
        .unwrap()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(yoruba, texts(&["9C", "9C 2D 8H"]));
    assert!(can_build(ace, table, 10, &Rules::default()).unwrap());
    assert!(!can_build(ace, cards("2D 8H"), 10, &Rules::default()).unwrap());
}

#[test]
fn esun_decisions() {
    let rules = Rules::default();
    // v may equal the played card's value; the pile still needs a table card.
    assert_eq!(
        builds(card("7C"), cards("7D 3H 4S"), 7, &rules)
            .unwrap()
            .map(|s| s.to_string())
            .collect::<BTreeSet<_>>(),
        texts(&["7D", "3H 4S", "7D 3H 4S"])
    );
    assert!(!is_build(card("7C"), cards("7D"), 7, CardSet::EMPTY, &rules).unwrap());
    // Face cards and jokers have no value: they build nothing, and a joker never goes in.
    let casual = Rules::casual();
    assert_eq!(count_builds(card("KC"), cards("KD"), 10, &casual), Ok(0));
    assert_eq!(count_builds(card("X1"), cards("5D 5H"), 10, &casual), Ok(0));
    assert_eq!(
        builds(card("5C"), cards("5D X2"), 10, &casual)
            .unwrap()
            .map(|s| s.to_string())
            .collect::<BTreeSet<_>>(),
        texts(&["5D"])
    );
    assert!(!is_build(card("5C"), cards("5D X2"), 10, cards("5D X2"), &casual).unwrap());
    // A card above v is in no group.
    assert_eq!(count_builds(card("8C"), cards("2D"), 7, &rules), Ok(0));
    // Yorùbá: the table cards may not repeat the played card's value.
    assert_eq!(
        count_builds(card("5C"), cards("5D"), 10, &Rules::yoruba()),
        Ok(0)
    );
    // yoruba_pile_excludes_v: no pile card has the value v, the played card included.
    let excl = Rules {
        yoruba_pile_excludes_v: true,
        ..Rules::yoruba()
    };
    assert_eq!(
        count_builds(card("3C"), cards("7D TH"), 10, &Rules::yoruba()),
        Ok(2)
    );
    assert_eq!(count_builds(card("3C"), cards("7D TH"), 10, &excl), Ok(1));
    assert_eq!(
        count_builds(card("TC"), cards("3D 7H"), 10, &Rules::yoruba()),
        Ok(1)
    );
    assert_eq!(count_builds(card("TC"), cards("3D 7H"), 10, &excl), Ok(0));
}

// --- Fast path == reference ----------------------------------------------------------------

/// Checks every answer about one position against the reference; returns the number of
/// captures (for statistics).
fn check_captures(played: StdCard, table: CardSet<StdCard>, rules: &Rules) -> usize {
    let want = reference::captures(played, table, rules).unwrap();
    let mut got: Vec<CardSet<StdCard>> = captures(played, table, rules).unwrap().collect();
    let n = got.len();
    got.sort_by_key(|s| s.bits());
    got.dedup();
    let ctx = || format!("{played} onto {table} ({rules:?})");
    assert_eq!(got.len(), n, "a capture listed twice: {}", ctx());
    assert_eq!(got, want, "{}", ctx());
    assert_eq!(
        count_captures(played, table, rules),
        Ok(n as u64),
        "{}",
        ctx()
    );
    for set in &got {
        assert!(
            is_capture(played, table, *set, rules).unwrap(),
            "{set}: {}",
            ctx()
        );
    }
    // A few sets that are not captures are refused.
    let mut x = table.bits() ^ u64::from(played.to_string().as_bytes()[0]);
    for _ in 0..8 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let subset = CardSet::from_bits_truncate(x & table.bits());
        assert_eq!(
            is_capture(played, table, subset, rules).unwrap(),
            want.binary_search_by_key(&subset.bits(), |s| s.bits())
                .is_ok(),
            "{subset}: {}",
            ctx()
        );
    }
    check_patterns_expand(
        capture_patterns(played, table, rules).unwrap().collect(),
        reference::capture_patterns(played, table, rules).unwrap(),
        count_capture_patterns(played, table, rules).unwrap(),
        &got,
        table,
        &ctx(),
    );
    n
}

/// The value patterns: distinct, equal to the reference's, counted right, and expanding
/// exactly to the card-level answer, each set under exactly one pattern.
fn check_patterns_expand(
    patterns: Vec<Pattern>,
    want: Vec<Pattern>,
    count: u64,
    sets: &[CardSet<StdCard>],
    table: CardSet<StdCard>,
    ctx: &str,
) {
    assert_eq!(patterns.len() as u64, count, "{ctx}");
    let mut sorted = patterns.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(
        sorted.len(),
        patterns.len(),
        "a pattern listed twice: {ctx}"
    );
    assert_eq!(sorted, want, "{ctx}");
    let mut expanded = Vec::new();
    for p in &patterns {
        let before = expanded.len();
        expanded.extend(p.card_sets(table));
        assert_eq!(
            (expanded.len() - before) as u64,
            p.card_set_count(table),
            "{p}: {ctx}"
        );
        assert!(expanded[before..].iter().all(|s| Pattern::of(*s) == *p));
    }
    expanded.sort_by_key(|s| s.bits());
    assert_eq!(expanded, sets, "{ctx}");
}

fn check_builds(played: StdCard, table: CardSet<StdCard>, value: u8, rules: &Rules) -> usize {
    let want = reference::builds(played, table, value, rules).unwrap();
    let mut got: Vec<CardSet<StdCard>> = builds(played, table, value, rules).unwrap().collect();
    let n = got.len();
    got.sort_by_key(|s| s.bits());
    got.dedup();
    let ctx = || format!("build {played} onto {table} for {value} ({rules:?})");
    assert_eq!(got.len(), n, "a set listed twice: {}", ctx());
    assert_eq!(got, want, "{}", ctx());
    assert_eq!(
        count_builds(played, table, value, rules),
        Ok(n as u64),
        "{}",
        ctx()
    );
    assert_eq!(
        can_build(played, table, value, rules),
        Ok(n > 0),
        "{}",
        ctx()
    );
    for set in &got {
        assert!(
            is_build(played, table, value, *set, rules).unwrap(),
            "{set}: {}",
            ctx()
        );
    }
    let mut x = table.bits().rotate_left(u32::from(value));
    for _ in 0..8 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let subset = CardSet::from_bits_truncate(x & table.bits());
        assert_eq!(
            is_build(played, table, value, subset, rules).unwrap(),
            want.binary_search_by_key(&subset.bits(), |s| s.bits())
                .is_ok(),
            "{subset}: {}",
            ctx()
        );
    }
    check_patterns_expand(
        build_patterns(played, table, value, rules)
            .unwrap()
            .collect(),
        reference::build_patterns(played, table, value, rules).unwrap(),
        count_build_patterns(played, table, value, rules).unwrap(),
        &got,
        table,
        &ctx(),
    );
    n
}

/// The rule sets every position is checked under.
fn all_rules(jokers: bool) -> Vec<Rules> {
    let mut out = Vec::new();
    for yoruba in [false, true] {
        for excl in [false, true] {
            if excl && !yoruba {
                continue;
            }
            out.push(Rules {
                jokers,
                yoruba,
                yoruba_pile_excludes_v: excl,
                ..Rules::default()
            });
        }
    }
    out
}

/// One played card of every rank not all on the table (and a joker when in play).
fn played_cards(table: CardSet<StdCard>, jokers: bool) -> Vec<StdCard> {
    let mut out = Vec::new();
    for rank in 1..=13u8 {
        if let Some(c) = StdCard::ALL[..52]
            .iter()
            .copied()
            .find(|c| c.rank() == Some(rank) && !table.contains(*c))
        {
            out.push(c);
        }
    }
    if jokers {
        out.extend(
            [StdCard::JOKER_1, StdCard::JOKER_2]
                .iter()
                .find(|j| !table.contains(**j)),
        );
    }
    out
}

/// Every answer about one table: captures by every played rank, builds of every numeric
/// played card for every value, under every rule set.
fn check_table(table: CardSet<StdCard>, jokers: bool, builds_too: bool) -> usize {
    let mut options = 0;
    for rules in all_rules(jokers) {
        for played in played_cards(table, jokers) {
            if !rules.yoruba_pile_excludes_v {
                options += check_captures(played, table, &rules);
            }
            if builds_too {
                // Below the played card's value nothing can be built (the played card is in
                // a group): checked against the reference on small tables only.
                let own = elewenjewe::card_value(played).unwrap_or(11);
                for value in 1..=10 {
                    if value >= own || table.len() <= 6 {
                        check_builds(played, table, value, &rules);
                    } else {
                        assert_eq!(count_builds(played, table, value, &rules), Ok(0));
                    }
                }
            }
        }
    }
    options
}

fn random_table(
    rng: &mut GameRng,
    size: usize,
    jokers: bool,
    pool: &[StdCard],
) -> CardSet<StdCard> {
    let mut deck: Vec<StdCard> = pool.to_vec();
    if jokers {
        deck.extend([StdCard::JOKER_1, StdCard::JOKER_2]);
    }
    rng.shuffle(&mut deck);
    deck[..size.min(deck.len())].iter().copied().collect()
}

#[test]
fn fast_equals_reference_on_seeded_random_tables() {
    let mut rng = GameRng::new(Seed::from(0xE1E), 0);
    let mut options = 0;
    for i in 0..1200 {
        let size = rng.below(13) as usize;
        let jokers = i % 3 == 0;
        let table = random_table(&mut rng, size, jokers, &StdCard::ALL[..52]);
        options += check_table(table, jokers, i % 4 == 0);
    }
    assert!(
        options > 10_000,
        "the sample should hold many captures: {options}"
    );
}

#[test]
fn fast_equals_reference_on_rich_low_tables() {
    // Many low cards: most subsets split into groups of 7 to 10.
    let low: Vec<StdCard> = StdCard::ALL[..52]
        .iter()
        .copied()
        .filter(|c| c.rank().is_some_and(|r| r <= 6))
        .collect();
    let mut rng = GameRng::new(Seed::from(0x10E), 0);
    let mut options = 0;
    for i in 0..60 {
        let size = 9 + rng.below(4) as usize;
        let table = random_table(&mut rng, size, i % 2 == 0, &low);
        options += check_table(table, i % 2 == 0, i % 3 == 0);
    }
    assert!(
        options > 20_000,
        "rich tables should hold many captures: {options}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// Any table of up to 12 cards (a random subset of the pack, jokers optional), every played
    /// rank, both rules: the fast answers equal the reference's.
    #[test]
    fn fast_equals_reference(bits in any::<u64>(), keep in any::<u64>(), jokers in any::<bool>()) {
        // Keep at most 12 of the random bits.
        let mut table_bits = bits & keep & CardSet::<StdCard>::full().bits();
        if !jokers {
            table_bits &= (1 << 52) - 1;
        }
        while table_bits.count_ones() > 12 {
            table_bits &= table_bits - 1;
        }
        let table = CardSet::from_bits_truncate(table_bits);
        check_table(table, jokers, false);
        // Builds: every played card, one value each (from the played card's value up).
        let mut pick = bits ^ keep;
        for rules in all_rules(jokers) {
            for played in played_cards(table, jokers) {
                let own = elewenjewe::card_value(played).unwrap_or(1);
                let value = own + (pick % u64::from(11 - own)) as u8;
                pick = pick.rotate_left(7) ^ 0x9E37_79B9;
                check_builds(played, table, value, &rules);
            }
        }
    }
}

// --- Small API pieces ----------------------------------------------------------------------

#[test]
fn patterns_count_read_and_print() {
    let set = cards("AC AD 7S KH X1");
    let p = Pattern::of(set);
    assert_eq!(p.to_string(), "A A 7 K X");
    assert_eq!(
        (p.count(1), p.count(7), p.count(13), p.count(0), p.count(14)),
        (2, 1, 1, 0, 0)
    );
    assert_eq!((p.jokers(), p.len(), p.value_sum()), (1, 5, 9));
    assert_eq!(
        Pattern::EMPTY
            .with(1, 2)
            .with(7, 1)
            .with(13, 1)
            .with_jokers(1),
        p
    );
    assert_eq!(Pattern::EMPTY.with(14, 3), Pattern::EMPTY);
    assert!(p.fits(set) && !p.fits(cards("AC 7S KH X1")));
    assert_eq!(p.card_sets(set).collect::<Vec<_>>(), [set]);
    assert_eq!(p.card_sets(cards("AC")).count(), 0);
    assert_eq!(
        Pattern::EMPTY.card_sets(set).collect::<Vec<_>>(),
        [CardSet::EMPTY]
    );
    assert_eq!(Pattern::EMPTY.to_string(), "-");
    // Two aces of four: six sets, each once.
    let aces = cards("AC AD AH AS");
    let two = Pattern::EMPTY.with(1, 2);
    let sets: BTreeSet<u64> = two.card_sets(aces).map(|s| s.bits()).collect();
    assert_eq!((sets.len() as u64, two.card_set_count(aces)), (6, 6));
}

#[test]
fn rules_serde_and_presets() {
    let json = serde_json::to_string(&Rules::default()).unwrap();
    assert_eq!(
        serde_json::from_str::<Rules>(&json).unwrap(),
        Rules::default()
    );
    assert_eq!(
        serde_json::from_str::<Rules>("{}").unwrap(),
        Rules::default()
    );
    let casual: Rules =
        serde_json::from_str(r#"{"jokers":true,"leftovers":"one_card_hand"}"#).unwrap();
    assert!(casual.jokers && casual.leftovers == elewenjewe::Leftovers::OneCardHand);
    assert!(Rules::casual().jokers);
    assert_eq!(Rules::professional(), Rules::default());
    assert_eq!(Rules::default().target, 5);
    assert_eq!(Rules::default().round_cap, 50);
}
