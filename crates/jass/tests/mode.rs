//! Rank orders, card points and the text of the modes (`jass.md`, "Ranks and card points").

use cards_core::{CardSet, JassCard, JassSuit};
use jass::{Mode, Multipliers};

fn c(s: &str) -> JassCard {
    s.parse().unwrap()
}

/// The ranks of one suit from strongest to weakest in `mode`.
fn order(mode: Mode, suit: &str) -> String {
    let mut cards: Vec<JassCard> = ["6", "7", "8", "9", "T", "J", "Q", "K", "A"]
        .iter()
        .map(|r| c(&format!("{r}{suit}")))
        .collect();
    cards.sort_by_key(|&card| std::cmp::Reverse(mode.rank_strength(card)));
    cards
        .iter()
        .map(|card| card.to_string()[..1].to_owned())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn rank_orders_are_the_specs() {
    let hearts = Mode::Trump(JassSuit::Hearts);
    assert_eq!(order(hearts, "H"), "J 9 A K Q T 8 7 6");
    // Plain suits: the natural order, 10 below K (not the Belote order).
    assert_eq!(order(hearts, "S"), "A K Q J T 9 8 7 6");
    assert_eq!(order(Mode::Obenabe, "C"), "A K Q J T 9 8 7 6");
    assert_eq!(order(Mode::Undenufe, "D"), "6 7 8 9 T J Q K A");
}

#[test]
fn every_mode_counts_152_card_points() {
    for mode in Mode::ALL {
        assert_eq!(mode.points_of(CardSet::full()), 152, "{mode}");
    }
    let spades = Mode::Trump(JassSuit::Spades);
    for (card, points) in [
        ("JS", 20),
        ("9S", 14),
        ("AS", 11),
        ("TS", 10),
        ("KS", 4),
        ("QS", 3),
    ] {
        assert_eq!(spades.points(c(card)), points, "{card}");
    }
    for (card, points) in [
        ("AH", 11),
        ("TH", 10),
        ("KH", 4),
        ("QH", 3),
        ("JH", 2),
        ("9H", 0),
    ] {
        assert_eq!(spades.points(c(card)), points, "{card}");
    }
    assert_eq!(Mode::Obenabe.points(c("8C")), 8);
    assert_eq!(Mode::Undenufe.points(c("6C")), 11);
    assert_eq!(Mode::Undenufe.points(c("AC")), 0);
}

#[test]
fn trumps_beat_everything_and_off_suits_never_win() {
    let diamonds = Mode::Trump(JassSuit::Diamonds);
    let led = JassSuit::Clubs;
    assert!(diamonds.beats(c("6D"), c("AC"), led));
    assert!(diamonds.beats(c("JD"), c("9D"), led));
    assert!(!diamonds.beats(c("AD"), c("9D"), led));
    assert!(
        !diamonds.beats(c("AS"), c("6C"), led),
        "an off-suit card never wins"
    );
    assert!(!Mode::Undenufe.beats(c("AC"), c("6C"), led));
    assert!(Mode::Undenufe.beats(c("6C"), c("7C"), led));
    assert_eq!(diamonds.buur(), Some(c("JD")));
    assert_eq!(Mode::Obenabe.buur(), None);
}

#[test]
fn modes_read_and_write_the_oracle_names() {
    for mode in Mode::ALL {
        assert_eq!(mode.to_string().parse::<Mode>().unwrap(), mode);
    }
    assert_eq!(Mode::Trump(JassSuit::Hearts).to_string(), "trump:H");
    for bad in [
        "", "trump:", "trump:X", "trump:HH", "Obenabe", "trump:h", "slalom",
    ] {
        let err = bad.parse::<Mode>().unwrap_err();
        assert!(err.to_string().contains("trump:C"), "{bad}: {err}");
    }
}

#[test]
fn multiplier_presets_are_the_specs() {
    let t = Multipliers::default();
    assert_eq!(
        Mode::ALL.map(|m| t.factor(m)),
        [2, 1, 1, 2, 3, 4],
        "C D H S obenabe undenufe"
    );
    assert_eq!(Multipliers::SWISSLOS.factor(Mode::Undenufe), 3);
    assert_eq!(Mode::ALL.map(|m| Multipliers::FLAT.factor(m)), [1; 6]);
    assert_eq!(
        Mode::ALL.map(|m| Multipliers::SWISS_CARDS.factor(m))[..4],
        [1, 2, 1, 2]
    );
    assert_eq!(
        Mode::ALL.map(|m| Multipliers::BLACK_ONE_RED_TWO.factor(m))[..4],
        [1, 2, 2, 1]
    );
}
