//! Scoring whole Schieber deals (`jass.md`, "Schieber", "Weis", and oracle.md's `jass.deal`).

use cards_core::{CardSet, GameRng, JassCard, JassSuit, PlayerId, Seed, shuffled_deck};
use jass::{DealError, Mode, Rules, legal_cards, score_deal};

fn c(s: &str) -> JassCard {
    s.parse().unwrap()
}

fn set(s: &str) -> CardSet<JassCard> {
    s.split_whitespace().map(c).collect()
}

/// The four hands of a seeded deal (9 consecutive cards each).
fn hands_of(seed: u64) -> [CardSet<JassCard>; 4] {
    let deck = shuffled_deck::<JassCard>(Seed::from(seed));
    core::array::from_fn(|s| deck[9 * s..9 * s + 9].iter().copied().collect())
}

/// A random legal play-out of `hands` in `mode` (seat 0 leads), from `rng`.
fn random_plays(hands: &[CardSet<JassCard>; 4], mode: Mode, rng: &mut GameRng) -> Vec<JassCard> {
    let rules = Rules::default();
    let mut held = *hands;
    let mut plays = Vec::new();
    let mut leader = 0usize;
    for _ in 0..9 {
        let mut trick = Vec::new();
        for i in 0..4 {
            let seat = (leader + i) % 4;
            let legal: Vec<JassCard> = legal_cards(held[seat], &trick, mode, &rules.play)
                .iter()
                .collect();
            let card = legal[rng.below(legal.len() as u64) as usize];
            held[seat].remove(card);
            trick.push(card);
        }
        leader = (leader + jass::trick_winner(&trick, mode)) % 4;
        plays.extend(trick);
    }
    plays
}

#[test]
fn random_deals_keep_the_totals() {
    let mut rng = GameRng::new(Seed::from(1), 9);
    for seed in 0..600 {
        let hands = hands_of(seed);
        let mode = Mode::ALL[seed as usize % 6];
        let plays = random_plays(&hands, mode, &mut rng);
        let score = score_deal(&hands, &plays, mode, &Rules::default()).unwrap();
        assert_eq!(
            score.card_points[0] + score.card_points[1],
            157,
            "seed {seed}"
        );
        assert_eq!(score.tricks.iter().map(|t| t.points).sum::<u32>(), 157);
        assert!(
            score.weis[0] == 0 || score.weis[1] == 0,
            "one team scores Weis"
        );
        for t in 0..2 {
            let total =
                score.card_points[t] + score.weis[t] + score.stoeck[t] + score.match_bonus[t];
            assert_eq!(score.total[t], total);
            assert_eq!(score.scored[t], total * score.multiplier);
        }
        // Each trick is led by the previous one's winner.
        for pair in score.tricks.windows(2) {
            assert_eq!(pair[1].leader, pair[0].winner);
        }
        if mode.trump().is_none() {
            assert_eq!(score.stoeck, [0, 0], "no Stöck without trump");
        }
    }
}

/// Seat s holds one whole suit: seat 0 wins every trick in Obenabe — a Match.
#[test]
fn a_match_scores_257_and_is_multiplied() {
    let deck = JassCard::ALL;
    let hands: [CardSet<JassCard>; 4] =
        core::array::from_fn(|s| deck[9 * s..9 * s + 9].iter().copied().collect());
    let plays: Vec<JassCard> = (0..36).map(|i| deck[9 * (i % 4) + i / 4]).collect();
    let score = score_deal(&hands, &plays, Mode::Obenabe, &Rules::default()).unwrap();
    assert_eq!(score.card_points, [157, 0]);
    assert_eq!(score.match_bonus, [100, 0]);
    assert_eq!(score.multiplier, 3);
    // Each seat holds a 9-card run (300 on the big scale): seat 0 has the strongest (clubs are
    // equal in kind, top card equal, no trump: the first in play order from forehand).
    assert_eq!(score.weis, [600, 0], "both partners' 9-runs");
    assert_eq!(score.scored, [(157 + 100 + 600) * 3, 0]);
    let seed_rule = Rules {
        seed_weis_scoring: true,
        ..Rules::default()
    };
    let score = score_deal(&hands, &plays, Mode::Obenabe, &seed_rule).unwrap();
    assert_eq!(
        score.weis,
        [600, 0],
        "each partner's best is its whole 9-run"
    );
}

#[test]
fn stoeck_goes_to_the_team_holding_trump_king_and_queen() {
    for seed in 0..200 {
        let hands = hands_of(seed);
        let mode = Mode::Trump(JassSuit::Hearts);
        let pair = set("KH QH");
        let holder = (0..4).find(|&s| pair.is_subset(hands[s]));
        let mut rng = GameRng::new(Seed::from(seed), 7);
        let plays = random_plays(&hands, mode, &mut rng);
        let score = score_deal(&hands, &plays, mode, &Rules::default()).unwrap();
        let mut expected = [0, 0];
        if let Some(s) = holder {
            expected[s % 2] = 20;
        }
        assert_eq!(score.stoeck, expected, "seed {seed}");
    }
}

#[test]
fn refusals_name_the_problem() {
    let hands = hands_of(3);
    let mode = Mode::Trump(JassSuit::Spades);
    let mut rng = GameRng::new(Seed::from(3), 1);
    let plays = random_plays(&hands, mode, &mut rng);
    let rules = Rules::default();
    let mut short = hands;
    short[2] = short[2].without(short[2].first().unwrap());
    assert!(matches!(
        score_deal(&short, &plays, mode, &rules),
        Err(DealError::HandSize {
            seat: PlayerId(2),
            got: 8
        })
    ));
    let mut twice = hands;
    let stolen = hands[1].first().unwrap();
    twice[0] = twice[0].without(twice[0].first().unwrap()).with(stolen);
    assert!(matches!(
        score_deal(&twice, &plays, mode, &rules),
        Err(DealError::Deck { .. })
    ));
    assert!(matches!(
        score_deal(&hands, &plays[..35], mode, &rules),
        Err(DealError::PlayCount { got: 35 })
    ));
    // Seat 0's first play replaced by a card of seat 1's hand.
    let mut wrong = plays.clone();
    wrong[0] = hands[1].first().unwrap();
    let err = score_deal(&hands, &wrong, mode, &rules).unwrap_err();
    assert!(
        matches!(
            err,
            DealError::NotInHand {
                trick: 1,
                seat: PlayerId(0),
                ..
            }
        ),
        "{err}"
    );
    assert!(err.to_string().starts_with("trick 1: "), "{err}");
    // An illegal card: find a play where the seat held a legal alternative that it did not
    // play, and swap in an illegal card of its hand if it had one.
    let mut found = false;
    'deals: for seed in 0..200 {
        let hands = hands_of(seed);
        let mut rng = GameRng::new(Seed::from(seed), 2);
        let plays = random_plays(&hands, mode, &mut rng);
        let mut held = hands;
        let mut leader = 0;
        for t in 0..9 {
            let trick = &plays[4 * t..4 * t + 4];
            for i in 0..4 {
                let seat = (leader + i) % 4;
                let legal = legal_cards(held[seat], &trick[..i], mode, &rules.play);
                if let Some(bad) = (held[seat] - legal).first() {
                    let mut broken = plays.clone();
                    let j = broken.iter().position(|&x| x == bad).unwrap();
                    broken.swap(4 * t + i, j);
                    let err = score_deal(&hands, &broken, mode, &rules).unwrap_err();
                    assert!(
                        matches!(err, DealError::Illegal { trick, card, .. }
                            if trick == t + 1 && card == bad),
                        "{err}"
                    );
                    found = true;
                    break 'deals;
                }
                held[seat].remove(trick[i]);
            }
            leader = (leader + jass::trick_winner(trick, mode)) % 4;
        }
    }
    assert!(found, "some deal had an illegal alternative");
}

#[test]
fn rules_out_of_their_range_are_refused_not_multiplied() {
    // Rules deserialized from anywhere: a factor past the range would overflow the score.
    let mut rng = GameRng::new(Seed::from(3), 9);
    let hands = hands_of(3);
    let plays = random_plays(&hands, Mode::Obenabe, &mut rng);
    let mut rules = Rules::default();
    rules.multipliers.obenabe = u32::MAX;
    let refused = score_deal(&hands, &plays, Mode::Obenabe, &rules).unwrap_err();
    assert!(matches!(refused, DealError::Rules(_)), "{refused}");
    assert!(
        refused.to_string().contains("multipliers.obenabe"),
        "{refused}"
    );
    rules.multipliers.obenabe = Rules::MAX_FACTOR;
    let score = score_deal(&hands, &plays, Mode::Obenabe, &rules).unwrap();
    assert_eq!(score.multiplier, Rules::MAX_FACTOR);
}
