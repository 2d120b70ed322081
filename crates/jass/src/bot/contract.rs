//! The rule bot's judgement of a hand before the play: how many tricks it takes in each mode
//! ([`tricks`]), what its side may expect from a contract ([`side_points`]), and the choices
//! built on it — a Schieber contract or a push ([`schieber_choice`]), a Coiffeur slot or a
//! pass ([`coiffeur_choice`]), a Trio segment's mode ([`trio_choice`]) and a Differenzler
//! prediction ([`prediction`]).

use cards_core::JassSuit;

use crate::action::Contract;
use crate::schieber_deal::Hand;
use crate::{Action, Mode, Rules, SlalomStart, Slot, declare, suit_cards};

/// The chance that a card takes a trick by the number of stronger cards of its suit missing
/// from the hand (a trump in a trump mode).
const TRUMP_BY_MISSING: [f64; 4] = [1.0, 0.72, 0.45, 0.25];
/// The same for a plain suit in a trump mode (the others may ruff).
const PLAIN_BY_MISSING: [f64; 3] = [0.8, 0.35, 0.1];
/// The same for a suit in Obenabe or Undenufe (nobody ruffs; a long suit runs).
const NO_TRUMP_BY_MISSING: [f64; 3] = [0.92, 0.45, 0.15];

/// The tricks `hand` is expected to take in `mode` by itself: each card's chance of taking a
/// trick by how many stronger cards of its suit are missing from the hand (a king needs a
/// guard, a queen two), trumps counted by their own order and length (from the fourth trump
/// on each one is nearly a trick), plain winners in a trump mode less often (the others may
/// ruff the second and third round), and a long suit with its top cards in Obenabe or
/// Undenufe running to the end.
pub(crate) fn tricks(hand: Hand, mode: Mode) -> f64 {
    let mut total = 0.0;
    for suit in JassSuit::ALL {
        let cards = hand & suit_cards(suit);
        if cards.is_empty() {
            continue;
        }
        let trump = mode.trump() == Some(suit);
        // The suit's cards from the strongest down, with the stronger cards missing above each.
        let mut order: Vec<_> = cards.iter().collect();
        order.sort_by_key(|&c| core::cmp::Reverse(mode.rank_strength(c)));
        let mut missing = 0usize;
        let mut prev = 9u8;
        let mut runs = true;
        for (i, &card) in order.iter().enumerate() {
            let strength = mode.rank_strength(card);
            missing += usize::from(prev - strength - 1);
            prev = strength;
            runs &= missing == 0;
            let guarded = order.len() > missing;
            let p = if trump {
                let base = TRUMP_BY_MISSING.get(missing).copied().unwrap_or(0.15);
                if i >= 3 { base.max(0.7) } else { base }
            } else if !guarded {
                0.0
            } else if mode.trump().is_some() {
                let round = [1.0, 0.85, 0.6, 0.4];
                PLAIN_BY_MISSING.get(missing).copied().unwrap_or(0.0)
                    * round.get(i).copied().unwrap_or(0.3)
            } else {
                let base = NO_TRUMP_BY_MISSING.get(missing).copied().unwrap_or(0.0);
                // A long suit with its top: the last cards run once the others are out.
                if runs || (i >= 4 && order.len() >= 5 && missing <= 1) {
                    base.max(0.75)
                } else {
                    base
                }
            };
            total += p;
        }
    }
    // Voids beside three or more trumps: a ruff each.
    if let Some(t) = mode.trump() {
        let trumps = (hand & suit_cards(t)).len();
        if trumps >= 3 {
            let voids = JassSuit::ALL
                .into_iter()
                .filter(|&s| s != t && (hand & suit_cards(s)).is_empty())
                .count();
            total += 0.5 * voids.min(trumps - 2) as f64;
        }
    }
    total
}

/// The tricks of `hand` under `contract` (a variant: the trick modes weighted by how many
/// tricks each one plays; a Trio: its three segments, the best trump for the suit).
fn contract_tricks(hand: Hand, contract: Contract) -> f64 {
    let o = || tricks(hand, Mode::Obenabe);
    let u = || tricks(hand, Mode::Undenufe);
    match contract {
        Contract::Mode(mode) => tricks(hand, mode),
        Contract::Slalom(SlalomStart::Obenabe) | Contract::Guschti => (5.0 * o() + 4.0 * u()) / 9.0,
        Contract::Slalom(SlalomStart::Undenufe) | Contract::Mary => (4.0 * o() + 5.0 * u()) / 9.0,
        _ => {
            let best_trump = JassSuit::ALL
                .into_iter()
                .map(|s| tricks(hand, Mode::Trump(s)))
                .fold(0.0, f64::max);
            (o() + u() + best_trump) / 3.0
        }
    }
}

/// The card points a side expects from `contract` when the seat holding `hand` declares and
/// leads, at a table of four: `alone` counts the seat's own tricks only (individual
/// Coiffeur), otherwise its partner takes its share of the rest. Calibrated on rule-bot play
/// (the slope and intercept of points on [`tricks`]).
pub(crate) fn side_points(hand: Hand, contract: Contract, alone: bool) -> f64 {
    let t = contract_tricks(hand, contract);
    let points = if alone {
        ALONE_BASE + ALONE_SLOPE * t
    } else {
        TEAM_BASE + TEAM_SLOPE * t
    };
    points.clamp(0.0, 157.0)
}

/// Team points expected from a hand with no trick of its own (calibrated, see `side_points`).
const TEAM_BASE: f64 = 51.0;
/// Team points per expected trick of the declarer's hand.
const TEAM_SLOPE: f64 = 12.4;
/// The declarer's own points with no trick of its own.
const ALONE_BASE: f64 = 1.0;
/// The declarer's own points per expected trick.
const ALONE_SLOPE: f64 = 17.8;
/// Team points an average hand brings (the baseline of a Coiffeur slot).
const TEAM_AVERAGE: f64 = 75.0;
/// The declarer's own points with an average hand.
const ALONE_AVERAGE: f64 = 36.0;

/// What naming `contract` with `hand` is worth to the declaring team in a Schieber deal, in
/// multiplied points of difference: the factor × (its points − the others' + the Weis it
/// likely scores + the Stöck).
pub(crate) fn schieber_value(hand: Hand, contract: Contract, rules: &Rules) -> f64 {
    let points = side_points(hand, contract, false);
    let mode = contract.mode().unwrap_or(Mode::Obenabe);
    // A Weis scores only when it is the strongest: about half the time, more for a big one.
    let weis = if rules.bonuses.weis {
        f64::from(declare(hand, mode, &rules.weis).total())
    } else {
        0.0
    };
    let weis_share = if weis >= 100.0 { 0.8 } else { 0.5 };
    let stoeck = match contract {
        Contract::Mode(Mode::Trump(t)) if rules.bonuses.stoeck => {
            let pair = crate::schieber_deal::stoeck_pair(t);
            if pair.is_subset(hand) { 20.0 } else { 0.0 }
        }
        _ => 0.0,
    };
    let factor = f64::from(rules.multipliers.contract_factor(contract));
    factor * (2.0 * points - 157.0 + weis_share * weis + stoeck)
}

/// The Schieber contract choice from `legal` (the modes, the enabled variants, a push when
/// allowed): the contract worth most ([`schieber_value`]); a push when it is worth less than
/// what the partner's choice is worth on average and a push is legal.
pub(crate) fn schieber_choice(
    hand: Hand,
    legal: &[Action],
    rules: &Rules,
    push_value: f64,
) -> Option<Action> {
    let mut best: Option<(Action, f64)> = None;
    for &a in legal {
        if let Action::Name(c) = a {
            let v = schieber_value(hand, c, rules);
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((a, v));
            }
        }
    }
    match best {
        Some((_, v)) if v < push_value && legal.contains(&Action::Push) => Some(Action::Push),
        Some((a, _)) => Some(a),
        None => None,
    }
}

/// The Trio segment mode from `legal`: the mode the hand now takes most tricks in.
pub(crate) fn trio_choice(hand: Hand, legal: &[Action]) -> Option<Action> {
    let mut best: Option<(Action, f64)> = None;
    for &a in legal {
        if let Action::TrioMode(m) = a {
            let v = tricks(hand, m);
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((a, v));
            }
        }
    }
    best.map(|(a, _)| a)
}

/// The Coiffeur choice from `legal`: the open slot (a Joker in its best mode) where the hand
/// beats an average hand by most, weighted by the slot's factor (so a weak hand goes to a
/// low factor, a strong one to a high factor; a Joker only for a hand well above average);
/// a pass when the best slot is worth less than `tuning.pass_below` and a pass is allowed.
pub(crate) fn coiffeur_choice(
    hand: Hand,
    legal: &[Action],
    rules: &Rules,
    tuning: &super::Tuning,
) -> Option<Action> {
    let c = &rules.coiffeur;
    let (alone, average) = if c.individual {
        (true, ALONE_AVERAGE)
    } else {
        (false, TEAM_AVERAGE)
    };
    let mut best: Option<(Action, f64)> = None;
    for &a in legal {
        let Some((slot, contract)) = Slot::of_action(a) else {
            continue;
        };
        let hope = if matches!(slot, Slot::Joker(_)) {
            tuning.joker_hope
        } else {
            0.0
        };
        let factor = f64::from(slot.factor(&c.factors));
        let v = factor * (side_points(hand, contract, alone) - average - hope);
        if best.is_none_or(|(_, b)| v > b) {
            best = Some((a, v));
        }
    }
    match best {
        Some((_, v)) if v < tuning.pass_below && legal.contains(&Action::Pass) => {
            Some(Action::Pass)
        }
        Some((a, _)) => Some(a),
        None => None,
    }
}

/// The Differenzler prediction for `hand` at a table of `seats` with `trump`: the points
/// its expected tricks bring (calibrated on rule-bot play).
pub(crate) fn prediction(hand: Hand, trump: JassSuit, seats: usize) -> u8 {
    let t = tricks(hand, Mode::Trump(trump));
    let (base, slope) = if seats == 3 {
        (DIFF3_BASE, DIFF3_SLOPE)
    } else {
        (DIFF4_BASE, DIFF4_SLOPE)
    };
    (base + slope * t).round().clamp(0.0, 157.0) as u8
}

/// What a Differenzler hand brings with no trick of its own, at three seats.
const DIFF3_BASE: f64 = 7.7;
/// Points per expected trick, at three seats.
const DIFF3_SLOPE: f64 = 14.3;
/// The same at four seats.
const DIFF4_BASE: f64 = 5.0;
/// Points per expected trick, at four seats.
const DIFF4_SLOPE: f64 = 16.2;

/// The points `hand` is still expected to take in Differenzler play (the same estimate as the
/// prediction, for the cards left).
pub(crate) fn still_to_take(hand: Hand, trump: JassSuit, seats: usize) -> f64 {
    if hand.is_empty() {
        return 0.0;
    }
    let slope = if seats == 3 { DIFF3_SLOPE } else { DIFF4_SLOPE };
    slope * tricks(hand, Mode::Trump(trump))
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards_core::JassCard;

    fn hand(text: &str) -> Hand {
        text.split_whitespace()
            .map(|c| c.parse::<JassCard>().unwrap())
            .collect()
    }

    fn forehand_legal() -> Vec<Action> {
        Contract::ALL
            .into_iter()
            .map(Action::Name)
            .chain([Action::Push])
            .collect()
    }

    #[test]
    fn a_strong_hand_names_and_a_trump_hand_its_suit() {
        let h = hand("JH 9H AH KH 7H AS 6C 7D 8D");
        let all = schieber_choice(h, &forehand_legal(), &Rules::default(), 75.0);
        // Obenabe ×3 with A K J of hearts and the ace of spades: worth more than hearts ×1
        // (rule-bot play on 400 random deals: +168 against +80 multiplied points).
        assert_eq!(all, Some(Action::Name(Contract::Mode(Mode::Obenabe))));
        let trumps = [0, 1, 2, 3, 6].map(|i| forehand_legal()[i]);
        let suit = schieber_choice(h, &trumps, &Rules::default(), 75.0);
        assert_eq!(
            suit,
            Some(Action::Name(Contract::Mode(Mode::Trump(JassSuit::Hearts))))
        );
    }

    #[test]
    fn a_weak_hand_pushes_and_the_partner_must_name() {
        let h = hand("7H 8S QC 9D 6H TS 7C 8D QS");
        let legal = forehand_legal();
        assert_eq!(
            schieber_choice(h, &legal, &Rules::default(), 75.0),
            Some(Action::Push)
        );
        let named = schieber_choice(h, &legal[..6], &Rules::default(), 75.0);
        assert!(matches!(named, Some(Action::Name(_))));
    }

    #[test]
    fn aces_make_obenabe_and_sixes_undenufe() {
        let o = hand("AH KH QH AS KS AC KC AD 6D");
        assert!(tricks(o, Mode::Obenabe) > tricks(o, Mode::Undenufe) + 4.0);
        let u = hand("6H 7H 8H 6S 7S 6C 7C 6D AD");
        assert!(tricks(u, Mode::Undenufe) > tricks(u, Mode::Obenabe) + 4.0);
    }

    #[test]
    fn predictions_grow_with_the_hand() {
        let weak = hand("6H 7S 8C 9D 6S 7C 8D 9S 6C");
        let strong = hand("JH 9H AH AS AC AD KS KC 6D");
        let trump = JassSuit::Hearts;
        assert!(prediction(weak, trump, 4) < 20);
        assert!(prediction(strong, trump, 4) > 80);
    }
}
