//! Card notation, card sets and sampling.

use cards_core::{Card, CardSet, DidoCard, GameRng, JassCard, Seed, StdCard};

fn round_trip_all<C: Card>() {
    for (i, &card) in C::all().iter().enumerate() {
        assert_eq!(card.index() as usize, i);
        assert_eq!(C::from_index(card.index()), Some(card));
        let text = card.to_string();
        assert_eq!(text.parse::<C>().unwrap(), card, "{text}");
        assert_eq!(text.to_lowercase().parse::<C>().unwrap(), card, "{text}");
        let json = serde_json::to_string(&card).unwrap();
        assert_eq!(json, format!("\"{text}\""));
        assert_eq!(serde_json::from_str::<C>(&json).unwrap(), card);
    }
    assert_eq!(C::all().len(), C::DECK_SIZE as usize);
    assert_eq!(C::from_index(C::DECK_SIZE), None);
}

#[test]
fn every_card_round_trips_through_text_and_serde() {
    round_trip_all::<DidoCard>();
    round_trip_all::<JassCard>();
    round_trip_all::<StdCard>();
}

#[test]
fn aliases_parse() {
    let p = |s: &str| s.parse::<JassCard>().unwrap().to_string();
    assert_eq!(p("10H"), "TH");
    assert_eq!(p("uS"), "JS");
    assert_eq!(p("oc"), "QC");
    assert_eq!("10d".parse::<StdCard>().unwrap().to_string(), "TD");
    assert_eq!("x1".parse::<StdCard>().unwrap(), StdCard::JOKER_1);
}

#[test]
fn bad_text_is_an_error_naming_the_text() {
    for bad in ["", "A", "A9", "Z1", "A10", "AA", " A1", "A1 ", "é1", "1A"] {
        let err = bad.parse::<DidoCard>().unwrap_err();
        assert_eq!(err.text, bad);
        assert!(err.to_string().contains(&format!("{bad:?}")), "{err}");
    }
    for bad in ["", "5H", "1H", "JX", "100H", "10", "H"] {
        assert!(bad.parse::<JassCard>().is_err(), "{bad}");
    }
    for bad in ["", "1H", "X3", "X0", "XX", "ZH", "11C"] {
        assert!(bad.parse::<StdCard>().is_err(), "{bad}");
    }
    let long = "x".repeat(10_000);
    assert!(long.parse::<DidoCard>().unwrap_err().text.len() <= 32);
}

#[test]
fn card_set_algebra() {
    let set = |s: &str| -> CardSet<DidoCard> {
        s.split_whitespace().map(|c| c.parse().unwrap()).collect()
    };
    let a = set("A1 A2 S3 P0");
    let b = set("A2 S3 G8");
    assert_eq!(a | b, set("A1 A2 S3 P0 G8"));
    assert_eq!(a & b, set("A2 S3"));
    assert_eq!(a - b, set("A1 P0"));
    assert_eq!(a ^ b, set("A1 P0 G8"));
    assert_eq!((!a).len(), 32);
    assert_eq!(!CardSet::<DidoCard>::full(), CardSet::EMPTY);
    assert!((a & b).is_subset(a));
    assert!((a - b).is_disjoint(b));
    assert_eq!(a.first().unwrap().to_string(), "A1");
    assert_eq!(a.last().unwrap().to_string(), "P0");
    let listed: Vec<String> = a.iter().map(|c| c.to_string()).collect();
    assert_eq!(listed, ["A1", "A2", "S3", "P0"]);
    assert_eq!(a.iter().next_back().unwrap().to_string(), "P0");
    assert_eq!(a.to_string(), "A1 A2 S3 P0");
    assert_eq!(CardSet::<DidoCard>::EMPTY.to_string(), "-");
    assert_eq!(CardSet::<DidoCard>::from_bits(1 << 36), None);
    assert_eq!(CardSet::<StdCard>::full().len(), 54);
    let mut m = a;
    assert!(!m.insert("A1".parse().unwrap()));
    assert!(m.remove("A1".parse().unwrap()));
    assert!(!m.remove("A1".parse().unwrap()));
}

#[test]
fn card_set_serde_refuses_duplicates_and_bad_cards() {
    let set: CardSet<DidoCard> = serde_json::from_str(r#"["S3","A1"]"#).unwrap();
    assert_eq!(serde_json::to_string(&set).unwrap(), r#"["A1","S3"]"#);
    let err = serde_json::from_str::<CardSet<DidoCard>>(r#"["A1","a1"]"#).unwrap_err();
    assert!(err.to_string().contains("A1 appears twice"), "{err}");
    assert!(serde_json::from_str::<CardSet<DidoCard>>(r#"["A9"]"#).is_err());
}

#[test]
fn bounded_sampling_is_uniform_enough() {
    // 60,000 draws in 0..6: each bucket within 5% of 10,000 (a biased or off-by-one sampler fails).
    let mut rng = GameRng::new(Seed::from(3), 0);
    let mut buckets = [0u32; 6];
    for _ in 0..60_000 {
        buckets[rng.below(6) as usize] += 1;
    }
    for b in buckets {
        assert!((9_500..=10_500).contains(&b), "{buckets:?}");
    }
    assert_eq!(rng.index(0), None);
    // A bound near 2^64 exercises the rejection branch without hanging.
    let big = u64::MAX - 1;
    assert!(rng.below(big) < big);
}

#[test]
fn shuffles_are_permutations_and_streams_differ() {
    let deck = cards_core::shuffled_deck::<StdCard>(Seed::from(9));
    let set: CardSet<StdCard> = deck.iter().copied().collect();
    assert_eq!(set, CardSet::full());
    let a: Vec<u64> = (0..4)
        .map({
            let mut r = GameRng::new(Seed::from(9), 0);
            move |_| r.next_u64()
        })
        .collect();
    let b: Vec<u64> = (0..4)
        .map({
            let mut r = GameRng::new(Seed::from(9), 1);
            move |_| r.next_u64()
        })
        .collect();
    assert_ne!(a, b);
}

#[test]
fn seeds_parse_and_serialize_as_hex() {
    let seed = Seed::from(5);
    let json = serde_json::to_string(&seed).unwrap();
    assert_eq!(serde_json::from_str::<Seed>(&json).unwrap(), seed);
    assert!("00".parse::<Seed>().is_err());
    assert!("zz".repeat(32).parse::<Seed>().is_err());
    assert!("é".repeat(32).parse::<Seed>().is_err());
    // A sign is not a hex digit (found by fuzzing: `u8::from_str_radix` accepts "+f").
    assert!(format!("+f{}", "0".repeat(62)).parse::<Seed>().is_err());
}

fn nth_agrees_with_iter<C: Card>(rng: &mut GameRng) {
    for round in 0..2_000 {
        // Sparse and dense sets, the empty and the full set.
        let bits = match round {
            0 => 0,
            1 => u64::MAX,
            _ if round % 2 == 0 => rng.next_u64() & rng.next_u64(),
            _ => rng.next_u64(),
        };
        let set = CardSet::<C>::from_bits_truncate(bits);
        for n in 0..=set.len() + 1 {
            assert_eq!(set.nth(n), set.iter().nth(n), "{bits:#x}, n = {n}");
        }
    }
}

#[test]
fn nth_is_the_iterators_nth() {
    let mut rng = GameRng::new(Seed::from(0x4e7), 0);
    nth_agrees_with_iter::<JassCard>(&mut rng);
    nth_agrees_with_iter::<StdCard>(&mut rng);
    nth_agrees_with_iter::<DidoCard>(&mut rng);
}
