//! Golden vectors: seed → exact deck order for every deck. If any of these changes, every
//! recorded game changes: that is a breaking release, never an accident of a dependency upgrade.

use cards_core::{Card, DidoCard, GameRng, JassCard, Seed, StdCard, shuffled_deck};

fn order<C: Card>(seed: u64) -> String {
    shuffled_deck::<C>(Seed::from(seed))
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn seed_from_u64_is_splitmix64() {
    // 0xe220a8397b1dcdaf is SplitMix64's published first output for state 0.
    assert_eq!(
        Seed::from(0).0[..8],
        0xe220_a839_7b1d_cdaf_u64.to_le_bytes()
    );
    assert_eq!(
        Seed::from(0).to_string(),
        "afcd1d7b39a820e2f465b9a16a9e786e4f450980185dc406ec814c72a8b88bf8"
    );
    assert_eq!(
        Seed::from(42).to_string(),
        "956eeb2f2632d7bd03f166b233e3ef28529f0f135767524794e34a0effe11c58"
    );
}

#[test]
fn chacha8_words_are_pinned() {
    let mut rng = GameRng::new(Seed::from(0), 0);
    assert_eq!(
        [rng.next_u64(), rng.next_u64()],
        [13_804_888_775_535_289_832, 4_211_859_015_901_796_865]
    );
    let mut rng = GameRng::new(Seed::from(42), 0);
    assert_eq!(
        [rng.next_u64(), rng.next_u64(), rng.below(10)],
        [3_536_907_876_931_541_756, 1_681_417_456_739_323_905, 9]
    );
}

#[test]
fn didopoikas_deals_are_pinned() {
    assert_eq!(
        order::<DidoCard>(0),
        "P5 A4 S4 A2 A5 S8 P6 P2 S3 P8 S0 P0 G3 A6 G2 G6 S1 S5 G7 P7 G1 S6 G4 A0 G0 G5 P1 P3 S7 P4 A1 S2 A3 A8 A7 G8"
    );
    assert_eq!(
        order::<DidoCard>(42),
        "S8 P7 S0 P6 P8 G2 P0 S2 P1 P2 S7 S5 A5 S1 A1 A2 S4 P3 P4 S3 G7 G6 G0 G3 S6 A8 A4 G8 G1 G4 A7 A0 G5 P5 A3 A6"
    );
    assert_eq!(
        order::<DidoCard>(u64::MAX),
        "G1 P2 A4 A2 P5 P1 P7 A6 G3 G2 S8 G6 G5 A0 G7 S3 P8 S7 S5 P0 G4 P4 S1 G0 S4 S0 A1 A5 S2 G8 A7 A8 P3 S6 P6 A3"
    );
}

#[test]
fn jass_deals_are_pinned() {
    assert_eq!(
        order::<JassCard>(0),
        "JS TC TD 8C JC AD QS 8S 9D AS 6D 6S 9H QC 8H QH 7D JD KH KS 7H QD TH 6C 6H JH 7S 9S KD TS 7C 8D 9C AC KC AH"
    );
    assert_eq!(
        order::<JassCard>(42),
        "AD KS 6D QS AS 8H 6S 8D 7S 8S KD JD JC 7D 7C 8C TD 9S TS 9D KH QH 6H 9H QD AC TC AH 7H TH KC 6C JH JS 9C QC"
    );
}

#[test]
fn standard_deals_are_pinned() {
    assert_eq!(
        order::<StdCard>(0),
        "2D AH 7D 9C 4D 9D JS 8D QD KS TC TS 7S JC 4S 8C 7C 7H 9H QH JD QC 6C KH 5H 4H 8H 6S KD QS JH 3D 9S 3S TD 5S AC AD TH 3H X2 2C 6H AS 8S 4C 2H 5D 3C 6D 5C X1 KC 2S"
    );
    assert_eq!(
        order::<StdCard>(42),
        "5H KH 9C X2 6D 7D 8C JD KD KS 7S TC 5D 6C 4H 9S 6H 8D QC 2S 9H TS 9D TD 4S 8H 4D JS AS 4C AD 3S 3C X1 2H 5S AC QD 3D 3H 8S QH AH 2D 7C 6S 7H TH KC 2C JH QS 5C JC"
    );
}

/// Deal `k` of a game seeded with `seed`: the deck shuffled on deal k's own stream.
fn deal<C: Card>(seed: u64, k: u32) -> String {
    let mut deck = C::all().to_vec();
    GameRng::for_deal(Seed::from(seed), k).shuffle(&mut deck);
    deck.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn deal_zero_is_the_seeded_deal() {
    for seed in [0, 42, u64::MAX] {
        assert_eq!(deal::<DidoCard>(seed, 0), order::<DidoCard>(seed));
        assert_eq!(deal::<JassCard>(seed, 0), order::<JassCard>(seed));
        assert_eq!(deal::<StdCard>(seed, 0), order::<StdCard>(seed));
    }
}

/// Deals 1 and 2 of seed 42 (deal 0 is pinned above): a game that deals again (Jass to 2500,
/// Eléwénjewé rounds, a Letom match) gets exactly these cards on every platform and release.
#[test]
fn later_deals_are_pinned() {
    assert_eq!(
        deal::<DidoCard>(42, 1),
        "P8 A0 S0 A1 P2 G5 G0 G8 S5 S1 P5 S3 A7 A8 P4 S8 G4 A3 P1 P3 P6 S6 G6 P7 S7 A5 A2 G3 P0 G7 G1 S2 G2 A4 S4 A6"
    );
    assert_eq!(
        deal::<JassCard>(42, 1),
        "AS 6C 6D 7C 8S JH 6H AH JD 7D JS 9D KC AC TS AD TH 9C 7S 9S QS QD QH KS KD JC 8C 9H 6S KH 7H 8D 8H TC TD QC"
    );
    assert_eq!(
        deal::<StdCard>(42, 1),
        "QS 9H 2C 4C 3S TS 3D 4D 6C AS 5D 2D 8S 3C TD QD JC 4H KD AC 7D KH KC X2 3H 5S 9D AD QC JH JS X1 AH 7S 8H KS 9S QH 8C 4S 5H JD 2H 9C 5C TH 6S 2S 6H 6D 7H 7C 8D TC"
    );
    assert_eq!(
        deal::<DidoCard>(42, 2),
        "A3 S6 S0 G1 P0 S7 G8 A0 A4 P3 S5 A7 A1 A5 P4 A6 S3 G2 P1 G4 S4 G5 G6 G0 S8 S2 P8 G7 A8 P7 S1 G3 A2 P6 P5 P2"
    );
    assert_eq!(
        deal::<JassCard>(42, 2),
        "9C QD 6D 7H 6S KD AH 6C TC 9S JD KC 7C JC TS QC 9D 8H 7S TH TD JH QH 6H AD 8D AS KH AC KS 7D 9H 8C QS JS 8S"
    );
    assert_eq!(
        deal::<StdCard>(42, 2),
        "9C TD 9S X2 3H 3D KC JH 5S QH 2C 2S JC 8C 8D AC TS 4H 2D TH JD 6C KH 7C TC 7S 8H QD 9D 3S 3C QC 6D 8S AH 2H 5D AS KD X1 6H 7H 5H 7D 5C 4S AD QS 4D 9H 4C KS JS 6S"
    );
}

/// Deal streams are clear of the role streams: deal `k` draws on stream `k << 32`.
#[test]
fn deal_streams_are_clear_of_role_streams() {
    use cards_core::{DEAL_STREAM, PLAYER_STREAM, PROBE_STREAM};
    let seed = Seed::from(42);
    let first = |mut rng: GameRng| rng.next_u64();
    assert_eq!(
        first(GameRng::for_deal(seed, 0)),
        first(GameRng::new(seed, DEAL_STREAM))
    );
    assert_eq!(
        first(GameRng::for_deal(seed, 1)),
        first(GameRng::new(seed, 1 << 32))
    );
    let words: Vec<u64> = [
        GameRng::for_deal(seed, 0),
        GameRng::for_deal(seed, 1),
        GameRng::for_deal(seed, 2),
        GameRng::new(seed, PLAYER_STREAM),
        GameRng::new(seed, PROBE_STREAM),
    ]
    .into_iter()
    .map(first)
    .collect();
    for (i, w) in words.iter().enumerate() {
        assert!(!words[..i].contains(w), "stream {i} repeats an earlier one");
    }
}
