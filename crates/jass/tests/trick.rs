//! The play of a trick (`docs`: the spec's "Play of a trick" and "Ranks and card points"):
//! legal cards, trick winners and trick points, the oracle's examples verbatim, every engine
//! bug the spec lists, and the fast legal-card computation held against the reference on
//! exhaustive small cases and a large seeded sample.

use cards_core::{Card, CardSet, GameRng, JassCard, JassRank, JassSuit, Seed};
use jass::{
    Mode, PlayRules, is_legal, legal_cards, stronger_trumps, suit_cards, trick_points,
    trick_reference as reference, trick_winner,
};

/// Cards from their text, space separated (`""` is no card).
fn cards(text: &str) -> Vec<JassCard> {
    text.split_whitespace()
        .map(|c| c.parse().expect("card text"))
        .collect()
}

/// A set of cards from their text.
fn set(text: &str) -> CardSet<JassCard> {
    cards(text).into_iter().collect()
}

fn mode(text: &str) -> Mode {
    text.parse().expect("mode text")
}

const DEFAULT: PlayRules = PlayRules::DEFAULT;
const NO_BUUR_EXCEPTION: PlayRules = PlayRules {
    buur_exception: false,
    undertrump_when_void: false,
};
const DIFFERENZLER_SWISSLOS: PlayRules = PlayRules {
    buur_exception: true,
    undertrump_when_void: true,
};
const ALL_RULES: [PlayRules; 4] = [
    DEFAULT,
    NO_BUUR_EXCEPTION,
    DIFFERENZLER_SWISSLOS,
    PlayRules {
        buur_exception: false,
        undertrump_when_void: true,
    },
];

/// The legal cards, checked against the reference before they are returned.
fn legal_with(m: &str, hand: &str, trick: &str, rules: &PlayRules) -> CardSet<JassCard> {
    let (m, hand, trick) = (mode(m), set(hand), cards(trick));
    let fast = legal_cards(hand, &trick, m, rules);
    assert_eq!(
        fast,
        reference::legal_cards(hand, &trick, m, rules),
        "fast and reference differ: {m} hand {hand} trick {trick:?}"
    );
    fast
}

fn legal(m: &str, hand: &str, trick: &str) -> CardSet<JassCard> {
    legal_with(m, hand, trick, &DEFAULT)
}

// ---------------------------------------------------------------------------------------------
// oracle.md, verbatim

/// oracle.md `jass.legal`:
/// `{"mode":"trump:D","hand":["AD","9D","6D","TS"],"trick":["6C","JD","TD"]}` → `{"legal":["TS"]}`.
#[test]
fn oracle_jass_legal_example() {
    assert_eq!(legal("trump:D", "AD 9D 6D TS", "6C JD TD"), set("TS"));
}

/// oracle.md `jass.trick`: `{"mode":"obenabe","cards":["6H","AH","KS","8H"],"last":false}`
/// → `{"winner":1,"points":23}`.
#[test]
fn oracle_jass_trick_example() {
    let trick = cards("6H AH KS 8H");
    assert_eq!(trick_winner(&trick, Mode::Obenabe), 1);
    assert_eq!(trick_points(&trick, Mode::Obenabe, false), 23);
    assert_eq!(trick_points(&trick, Mode::Obenabe, true), 28);
    assert_eq!(reference::trick_winner(&trick, Mode::Obenabe), 1);
}

// ---------------------------------------------------------------------------------------------
// jass.md "Bugs in public engines that tests must rule out"

/// Bug 1: the undertrump check against the *lowest* trump. ♣ led, ♦ trump, ♦J and ♦10 in the
/// trick, hand ♦A ♦9 ♦6 ♠10: only the non-trump is legal (♦A and ♦9 beat ♦10 but not ♦J).
#[test]
fn bug_undertrump_checked_against_highest_trump_not_lowest() {
    assert_eq!(legal("trump:D", "AD 9D 6D TS", "6C JD TD"), set("TS"));
    // The same with the trumps in the other order.
    assert_eq!(legal("trump:D", "AD 9D 6D TS", "6C TD JD"), set("TS"));
    // Only the ♦J is above the ♦9: a hand holding it may overtrump, and nothing else.
    assert_eq!(legal("trump:D", "AD JD 6D TS", "6C TD 9D"), set("JD TS"));
}

/// Bug 1, second form: the undertrump check by card index. With ♦ trump, ♦9 beats ♦A although
/// ♦A has the higher index, and ♦J beats both.
#[test]
fn bug_undertrump_checked_by_trump_order_not_card_index() {
    assert_eq!(legal("trump:D", "AD JD 7S", "6C 9D"), set("JD 7S"));
    assert_eq!(legal("trump:D", "AD KD QD 7S", "6C TD"), set("AD KD QD 7S"));
    assert_eq!(legal("trump:D", "AD KD TD 7S", "6C QD"), set("AD KD 7S"));
    assert_eq!(legal("trump:H", "9H 6S", "6C AH"), set("9H 6S"));
    assert_eq!(legal("trump:H", "AH 6S", "6C 9H"), set("6S"));
}

/// Bug 2: forcing an overtrump on a player who holds only trumps. Void in the led suit with
/// nothing but trumps, every trump is legal, undertrumps included.
#[test]
fn bug_no_forced_overtrump_when_holding_only_trumps() {
    assert_eq!(legal("trump:D", "AD 9D 6D", "6C JD TD"), set("AD 9D 6D"));
    // Holding an overtrump changes nothing: the undertrumps stay legal.
    assert_eq!(legal("trump:D", "JD AD 6D", "6C 9D"), set("JD AD 6D"));
    assert_eq!(legal("trump:S", "6S", "AH KS QS"), set("6S"));
}

/// Bug 3: the plain-suit order with 10 above K (the Belote order). In a plain suit of a trump
/// game, and in Obenabe, A > K > Q > J > 10 > 9 > … > 6.
#[test]
fn bug_plain_suit_order_ten_below_king() {
    for m in ["trump:H", "trump:C", "obenabe"] {
        assert_eq!(trick_winner(&cards("TS KS"), mode(m)), 1, "{m}");
        assert_eq!(trick_winner(&cards("KS TS"), mode(m)), 0, "{m}");
        assert_eq!(trick_winner(&cards("TS QS 6S 7S"), mode(m)), 1, "{m}");
        assert_eq!(trick_winner(&cards("TS JS 9S 8S"), mode(m)), 1, "{m}");
        assert_eq!(trick_winner(&cards("QS JS KS TS"), mode(m)), 2, "{m}");
    }
    // Undenufe: 6 > 7 > 8 > 9 > 10 > J > Q > K > A, so 10 is above K there.
    assert_eq!(trick_winner(&cards("KS TS"), Mode::Undenufe), 1);
    // And the undertrump rule uses the same orders: a plain suit is never ranked as Belote.
    assert_eq!(legal("trump:H", "KS TS", "QS"), set("KS TS"));
}

// ---------------------------------------------------------------------------------------------
// Buur exception

/// Trump led, the Jack is the player's only trump: with the exception (default) any card.
#[test]
fn buur_exception_lone_jack_need_not_be_played() {
    assert_eq!(legal("trump:H", "JH 6S AC", "7H"), set("JH 6S AC"));
    assert_eq!(legal("trump:H", "JH 6S AC", "7H 9H KH"), set("JH 6S AC"));
    assert_eq!(legal("trump:C", "JC", "AC"), set("JC"));
}

/// With the option off, the lone Jack must be played.
#[test]
fn buur_exception_off_lone_jack_must_be_played() {
    assert_eq!(
        legal_with("trump:H", "JH 6S AC", "7H", &NO_BUUR_EXCEPTION),
        set("JH")
    );
    assert_eq!(
        legal_with("trump:S", "JS 9D", "AS QS", &NO_BUUR_EXCEPTION),
        set("JS")
    );
}

/// Holding the Jack and other trumps, a trump must be played (any of them), either way.
#[test]
fn buur_exception_jack_with_other_trumps_must_follow_trump() {
    for rules in ALL_RULES {
        assert_eq!(
            legal_with("trump:H", "JH 6H 6S AC", "7H", &rules),
            set("JH 6H")
        );
        // Any trump, undertrumps included: there is no undertrumping when trump is led.
        assert_eq!(
            legal_with("trump:H", "JH 6H 6S AC", "7H 9H", &rules),
            set("JH 6H")
        );
        assert_eq!(
            legal_with("trump:H", "6H 6S AC", "7H AH", &rules),
            set("6H")
        );
    }
}

/// The exception is about the Jack only: another lone trump must follow trump.
#[test]
fn buur_exception_applies_to_the_jack_only() {
    assert_eq!(legal("trump:H", "9H 6S AC", "7H"), set("9H"));
    // Without trumps, anything.
    assert_eq!(legal("trump:H", "6S AC", "7H"), set("6S AC"));
}

/// The exception is about a trump lead: on a plain-suit lead the Jack is an ordinary trump
/// (never forced, always allowed as it beats every trump).
#[test]
fn buur_exception_only_when_trump_is_led() {
    assert_eq!(legal("trump:H", "JH 7S 8C", "6S"), set("JH 7S"));
    assert_eq!(legal("trump:H", "JH 8C", "6S 9H"), set("JH 8C"));
}

// ---------------------------------------------------------------------------------------------
// Following, trumping and undertrumping

/// Holding the led suit: follow it or trump; a player who trumps need not be void.
#[test]
fn holding_led_suit_follow_or_trump() {
    assert_eq!(legal("trump:H", "KC 6H 7S", "AC"), set("KC 6H"));
    assert_eq!(
        legal("trump:H", "KC QC 6H JH 7S", "AC 8C"),
        set("KC QC 6H JH")
    );
}

/// Holding the led suit after a trump was played: follow, or overtrump, never undertrump.
#[test]
fn holding_led_suit_may_overtrump_not_undertrump() {
    assert_eq!(legal("trump:H", "KC 6H JH", "AC 9H"), set("KC JH"));
    assert_eq!(legal("trump:H", "KC 6H 7H", "AC 9H"), set("KC"));
    // The Differenzler option is about a void player: following players still may not
    // undertrump.
    assert_eq!(
        legal_with("trump:H", "KC 6H JH", "AC 9H", &DIFFERENZLER_SWISSLOS),
        set("KC JH")
    );
}

/// Void in the led suit: anything, except an undertrump while holding a non-trump — even
/// when every trump held would undertrump (the non-trumps are legal, the undertrumps not).
#[test]
fn void_in_led_suit_anything_but_undertrump() {
    assert_eq!(legal("trump:H", "6H 7S 8D", "AC"), set("6H 7S 8D"));
    assert_eq!(legal("trump:H", "6H 7S 8D", "AC 9H"), set("7S 8D"));
    assert_eq!(legal("trump:H", "6H JH 7S", "AC 9H QD"), set("JH 7S"));
    assert_eq!(legal("trump:H", "6H 7H 8H 7S", "AC 9H"), set("7S"));
}

/// Differenzler's Swisslos option: void in the led suit, any card, an undertrump included.
#[test]
fn differenzler_undertrump_when_void() {
    let r = &DIFFERENZLER_SWISSLOS;
    assert_eq!(
        legal_with("trump:H", "6H 7S 8D", "AC 9H", r),
        set("6H 7S 8D")
    );
    assert_eq!(
        legal_with("trump:D", "AD 9D 6D TS", "6C JD TD", r),
        set("AD 9D 6D TS")
    );
    // The option does not change following or trump leads.
    assert_eq!(legal_with("trump:H", "KC 6H", "AC 9H", r), set("KC"));
    assert_eq!(legal_with("trump:H", "6H 7S", "AH", r), set("6H"));
}

/// Obenabe and Undenufe: follow suit if possible, otherwise anything.
#[test]
fn no_trump_modes_follow_suit() {
    for m in ["obenabe", "undenufe"] {
        assert_eq!(legal(m, "6H AH KS 8C", "TH"), set("6H AH"), "{m}");
        assert_eq!(
            legal(m, "6H AH KS 8C", "TD 6D AD"),
            set("6H AH KS 8C"),
            "{m}"
        );
        // A Jack is just a card here.
        assert_eq!(legal(m, "JH KS", "TS"), set("KS"), "{m}");
    }
}

/// Leading: the whole hand, in every mode.
#[test]
fn leading_any_card() {
    for m in Mode::ALL {
        for rules in ALL_RULES {
            let hand = set("JH 9H 6S AC TD");
            assert_eq!(legal_cards(hand, &[], m, &rules), hand);
        }
    }
    assert_eq!(
        legal_cards(CardSet::EMPTY, &cards("6C"), Mode::Obenabe, &DEFAULT),
        CardSet::EMPTY
    );
}

#[test]
fn is_legal_agrees_with_legal_cards() {
    let hand = set("AD 9D 6D TS");
    let trick = cards("6C JD TD");
    let m = mode("trump:D");
    for card in JassCard::ALL {
        let expected = card.to_string() == "TS";
        assert_eq!(
            is_legal(hand, &trick, m, &DEFAULT, card),
            expected,
            "{card}"
        );
    }
}

#[test]
fn stronger_trumps_and_suit_cards() {
    assert_eq!(
        stronger_trumps(mode("trump:H"), "JH".parse().unwrap()),
        CardSet::EMPTY
    );
    assert_eq!(
        stronger_trumps(mode("trump:H"), "9H".parse().unwrap()),
        set("JH")
    );
    assert_eq!(
        stronger_trumps(mode("trump:H"), "6H".parse().unwrap()),
        set("7H 8H 9H TH JH QH KH AH")
    );
    assert_eq!(
        stronger_trumps(mode("trump:H"), "TH".parse().unwrap()),
        set("QH KH AH 9H JH")
    );
    assert_eq!(
        stronger_trumps(mode("trump:H"), "AS".parse().unwrap()),
        suit_cards(JassSuit::Hearts)
    );
    assert_eq!(
        stronger_trumps(Mode::Obenabe, "6S".parse().unwrap()),
        CardSet::EMPTY
    );
    for suit in JassSuit::ALL {
        let s = suit_cards(suit);
        assert_eq!(s.len(), 9);
        assert!(s.iter().all(|c| c.suit() == suit));
    }
}

// ---------------------------------------------------------------------------------------------
// Rank orders and card points (jass.md "Ranks and card points"), written out literally

const TRUMP_ORDER: &str = "J 9 A K Q T 8 7 6";
const PLAIN_ORDER: &str = "A K Q J T 9 8 7 6";
const UNDENUFE_ORDER: &str = "6 7 8 9 T J Q K A";

/// The order (strongest first) of `suit` in `m`, as the spec's table states it.
fn spec_order(m: Mode, suit: JassSuit) -> Vec<JassCard> {
    let order = match m {
        Mode::Trump(t) if t == suit => TRUMP_ORDER,
        Mode::Trump(_) | Mode::Obenabe => PLAIN_ORDER,
        Mode::Undenufe => UNDENUFE_ORDER,
    };
    order
        .split(' ')
        .map(|r| format!("{r}{}", suit.letter()).parse().unwrap())
        .collect()
}

/// Every mode, every suit: of two cards of the led suit, the one earlier in the spec's order
/// wins, whichever is led.
#[test]
fn rank_orders_of_every_mode() {
    for m in Mode::ALL {
        for suit in JassSuit::ALL {
            let order = spec_order(m, suit);
            for (i, &a) in order.iter().enumerate() {
                for &b in &order[i + 1..] {
                    assert_eq!(trick_winner(&[a, b], m), 0, "{m}: {a} beats {b}");
                    assert_eq!(trick_winner(&[b, a], m), 1, "{m}: {a} beats {b}");
                    assert!(m.rank_strength(a) > m.rank_strength(b), "{m}: {a} > {b}");
                }
            }
        }
    }
}

/// Card points per mode, card by card from the spec's table; every mode totals 152.
#[test]
fn card_points_of_every_mode() {
    let table = |m: Mode, suit: JassSuit| -> [u32; 9] {
        // Ranks 6 7 8 9 T J Q K A.
        match m {
            Mode::Trump(t) if t == suit => [0, 0, 0, 14, 10, 20, 3, 4, 11],
            Mode::Trump(_) => [0, 0, 0, 0, 10, 2, 3, 4, 11],
            Mode::Obenabe => [0, 0, 8, 0, 10, 2, 3, 4, 11],
            Mode::Undenufe => [11, 0, 8, 0, 10, 2, 3, 4, 0],
        }
    };
    for m in Mode::ALL {
        let mut total = 0;
        for card in JassCard::ALL {
            let expected = table(m, card.suit())[card.rank() as usize];
            assert_eq!(m.points(card), expected, "{m} {card}");
            total += expected;
        }
        assert_eq!(total, 152, "{m}");
        assert_eq!(m.points_of(CardSet::full()), 152, "{m}");
        // Nine tricks of four cards, the last +5: 157.
        let deck = JassCard::ALL;
        let sum: u32 = deck
            .chunks(4)
            .enumerate()
            .map(|(i, trick)| trick_points(trick, m, i == 8))
            .sum();
        assert_eq!(sum, 157, "{m}");
    }
}

#[test]
fn trick_points_examples() {
    assert_eq!(
        trick_points(&cards("JH 9H AH TH"), mode("trump:H"), false),
        55
    );
    assert_eq!(
        trick_points(&cards("JS 9S AS TS"), mode("trump:H"), false),
        23
    );
    assert_eq!(
        trick_points(&cards("6C 8C TC AC"), Mode::Undenufe, true),
        34
    );
    assert_eq!(trick_points(&[], Mode::Obenabe, false), 0);
    assert_eq!(trick_points(&[], Mode::Obenabe, true), 5);
}

// ---------------------------------------------------------------------------------------------
// Trick winners

#[test]
fn trump_beats_the_led_suit() {
    let m = mode("trump:H");
    assert_eq!(trick_winner(&cards("AS KS 6H QS"), m), 2);
    assert_eq!(trick_winner(&cards("AS 6H 7H QS"), m), 2);
    assert_eq!(trick_winner(&cards("AS 6H JH 9H"), m), 2);
    assert_eq!(trick_winner(&cards("AS 9H AH KH"), m), 1);
    // Trump led: the highest trump; a plain ace is a discard.
    assert_eq!(trick_winner(&cards("6H AS AC 7H"), m), 3);
    assert_eq!(trick_winner(&cards("AH 9H JH KH"), m), 2);
}

#[test]
fn off_suit_discards_never_win() {
    for m in ["trump:H", "obenabe"] {
        assert_eq!(trick_winner(&cards("6S AC AD 7S"), mode(m)), 3, "{m}");
        assert_eq!(trick_winner(&cards("6S AC AD KD"), mode(m)), 0, "{m}");
    }
    assert_eq!(trick_winner(&cards("AS 6C 6D 6S"), Mode::Undenufe), 3);
    assert_eq!(trick_winner(&cards("AS 6C 6D KS"), Mode::Undenufe), 3);
    assert_eq!(trick_winner(&cards("KS 6C 6D AS"), Mode::Undenufe), 0);
    // A Jack is not a trump in a no-trump mode.
    assert_eq!(trick_winner(&cards("7S JH JC 6S"), Mode::Obenabe), 0);
}

#[test]
fn trick_winner_short_tricks() {
    assert_eq!(trick_winner(&[], Mode::Obenabe), 0);
    assert_eq!(trick_winner(&cards("6S"), Mode::Obenabe), 0);
    assert_eq!(trick_winner(&cards("6S 7S"), Mode::Obenabe), 1);
    assert_eq!(trick_winner(&cards("6S 7S"), Mode::Undenufe), 0);
}

/// Every mode, a seeded sample of 4-card tricks: the winner agrees with the reference.
#[test]
fn trick_winner_matches_reference() {
    let mut rng = GameRng::new(Seed::from(0x7A1C), 0);
    let mut deck = JassCard::ALL;
    for _ in 0..50_000 {
        rng.shuffle(&mut deck);
        let m = Mode::ALL[rng.below(6) as usize];
        let len = 1 + rng.below(4) as usize;
        let trick = &deck[..len];
        assert_eq!(
            trick_winner(trick, m),
            reference::trick_winner(trick, m),
            "{m} {trick:?}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Fast == reference

/// Compares fast and reference, and checks the invariants every answer has.
fn check(hand: CardSet<JassCard>, trick: &[JassCard], m: Mode, rules: &PlayRules) {
    let fast = legal_cards(hand, trick, m, rules);
    let slow = reference::legal_cards(hand, trick, m, rules);
    assert_eq!(fast, slow, "{m} {rules:?} hand {hand} trick {trick:?}");
    assert!(fast.is_subset(hand), "{m} hand {hand} trick {trick:?}");
    assert_eq!(
        fast.is_empty(),
        hand.is_empty(),
        "{m} hand {hand} trick {trick:?}"
    );
}

/// Exhaustive: every mode and the three usual option sets, every trick of 0–2 distinct
/// cards, every hand of one or two other cards (10,822,644 cases).
#[test]
fn fast_matches_reference_exhaustive_short_tricks_small_hands() {
    let mut cases = 0u64;
    for m in Mode::ALL {
        // The options only act in trump modes; the fourth set (both changed) is in the
        // random sample.
        let all_rules: &[PlayRules] = if m.trump().is_some() {
            &ALL_RULES[..3]
        } else {
            &ALL_RULES[..1]
        };
        let mut tricks: Vec<Vec<JassCard>> = vec![vec![]];
        for a in JassCard::ALL {
            tricks.push(vec![a]);
            for b in JassCard::ALL {
                if b != a {
                    tricks.push(vec![a, b]);
                }
            }
        }
        for trick in &tricks {
            let rest = JassCard::ALL.iter().filter(|c| !trick.contains(c));
            let rest: Vec<JassCard> = rest.copied().collect();
            for (i, &x) in rest.iter().enumerate() {
                for &y in &rest[i..] {
                    let hand = CardSet::single(x).with(y);
                    for rules in all_rules {
                        check(hand, trick, m, rules);
                        cases += 1;
                    }
                }
            }
        }
    }
    assert!(cases > 10_000_000, "{cases}");
}

/// Exhaustive: every trump mode, every trick of a plain lead followed by two trumps, every
/// hand of up to three cards of the trump suit and one other card — the cases where the
/// highest of several trumps decides.
#[test]
fn fast_matches_reference_exhaustive_two_trumps_in_trick() {
    let mut cases = 0u64;
    for trump in JassSuit::ALL {
        let m = Mode::Trump(trump);
        let trumps: Vec<JassCard> = suit_cards(trump).iter().collect();
        // The lead's rank does not matter: a 7 of each plain suit.
        let leads = JassSuit::ALL.into_iter().filter(|&s| s != trump);
        for lead in leads.map(|s| JassCard::new(s, JassRank::Seven)) {
            for &t1 in &trumps {
                for &t2 in &trumps {
                    if t1 == t2 {
                        continue;
                    }
                    let trick = [lead, t1, t2];
                    let free = suit_cards(trump) - CardSet::single(t1).with(t2);
                    // Every subset of the remaining 7 trumps, with or without one card of
                    // each other suit (the led suit included).
                    for sub in 0u64..(1 << 7) {
                        let mut hand = CardSet::EMPTY;
                        for (k, c) in free.iter().enumerate() {
                            if sub >> k & 1 == 1 {
                                hand.insert(c);
                            }
                        }
                        let others = JassSuit::ALL.into_iter().filter(|&s| s != trump);
                        let extras = others.flat_map(|s| {
                            [JassRank::Six, JassRank::Ace]
                                .map(|r| CardSet::single(JassCard::new(s, r)))
                        });
                        for extra in core::iter::once(CardSet::EMPTY).chain(extras) {
                            for rules in &ALL_RULES[..3] {
                                check(hand | extra, &trick, m, rules);
                                cases += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(cases > 2_000_000, "{cases}");
}

/// Draws `count` distinct cards not in `taken`, each from the whole deck or (biased, so that
/// hands of only trumps, lone Jacks and trump-heavy tricks come up often) from `focus`.
fn draw(
    rng: &mut GameRng,
    count: usize,
    taken: &mut CardSet<JassCard>,
    focus: CardSet<JassCard>,
) -> Vec<JassCard> {
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let pool = if rng.below(2) == 0 && !(focus - *taken).is_empty() {
            focus - *taken
        } else {
            !*taken
        };
        let pick = rng.below(pool.len() as u64) as usize;
        let card = pool.iter().nth(pick).expect("pool not empty");
        taken.insert(card);
        out.push(card);
    }
    out
}

/// A large seeded sample: every mode, tricks of 0–3 cards, hands of 1–12 cards (Differenzler
/// with three players holds 12), biased towards trump-heavy tricks and hands, every option.
#[test]
fn fast_matches_reference_random_sample() {
    const CASES: usize = 400_000;
    let mut rng = GameRng::new(Seed::from(0x1E6A1), 0);
    let mut by_len = [0usize; 4];
    let mut only_trumps = 0;
    let mut lone_buur = 0;
    for _ in 0..CASES {
        let m = Mode::ALL[rng.below(6) as usize];
        let rules = ALL_RULES[rng.below(4) as usize];
        // The focus: the trump suit (or a random suit), sometimes with one more suit.
        let focus_suit = m.trump().unwrap_or(JassSuit::ALL[rng.below(4) as usize]);
        let mut focus = suit_cards(focus_suit);
        if rng.below(3) == 0 {
            focus |= suit_cards(JassSuit::ALL[rng.below(4) as usize]);
        }
        let mut taken = CardSet::EMPTY;
        let trick_len = rng.below(4) as usize;
        let trick = draw(&mut rng, trick_len, &mut taken, focus);
        let hand_len = 1 + rng.below(12) as usize;
        let hand: CardSet<JassCard> = draw(&mut rng, hand_len, &mut taken, focus)
            .into_iter()
            .collect();
        check(hand, &trick, m, &rules);
        by_len[trick_len] += 1;
        if let Some(t) = m.trump() {
            let trumps = hand & suit_cards(t);
            only_trumps += usize::from(trumps == hand);
            lone_buur += usize::from(Some(trumps) == m.buur().map(CardSet::single));
        }
    }
    // The sample reaches the rare cases.
    assert!(by_len.iter().all(|&n| n > CASES / 5), "{by_len:?}");
    assert!(only_trumps > 1_000, "{only_trumps}");
    assert!(lone_buur > 1_000, "{lone_buur}");
}

/// Inconsistent input (trick cards also in the hand, repeated trick cards, tricks longer
/// than three) is read the same way by both and never panics.
#[test]
fn fast_matches_reference_on_inconsistent_input() {
    let mut rng = GameRng::new(Seed::from(0xBAD), 0);
    for _ in 0..50_000 {
        let m = Mode::ALL[rng.below(6) as usize];
        let rules = ALL_RULES[rng.below(4) as usize];
        let hand = CardSet::from_bits_truncate(rng.next_u64());
        let trick: Vec<JassCard> = (0..rng.below(6))
            .map(|_| JassCard::from_index(rng.below(36) as u8).unwrap())
            .collect();
        check(hand, &trick, m, &rules);
    }
}

// ---------------------------------------------------------------------------------------------
// PlayRules

#[test]
fn play_rules_defaults_and_serde() {
    assert_eq!(PlayRules::default(), DEFAULT);
    let rules = PlayRules::default();
    assert!(rules.buur_exception && !rules.undertrump_when_void);
    let parsed: PlayRules = serde_json::from_str("{}").unwrap();
    assert_eq!(parsed, DEFAULT);
    let parsed: PlayRules = serde_json::from_str(r#"{"buur_exception":false}"#).unwrap();
    assert_eq!(parsed, NO_BUUR_EXCEPTION);
    assert!(serde_json::from_str::<PlayRules>(r#"{"undertrump":true}"#).is_err());
    let text = serde_json::to_string(&DIFFERENZLER_SWISSLOS).unwrap();
    assert_eq!(
        text,
        r#"{"buur_exception":true,"undertrump_when_void":true}"#
    );
    assert_eq!(
        serde_json::from_str::<PlayRules>(&text).unwrap(),
        DIFFERENZLER_SWISSLOS
    );
}
