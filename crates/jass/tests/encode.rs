//! The tensors ([`cards_core::Encode`]): the leak check over every rule set, golden examples
//! pinning the documented layout, and values in range.

use cards_core::{Encode, Game, PlayerId, Presets, RandomPlayer, Seed};
use cards_testkit::encoding::{EncodingReport, check_encoding};
use jass::encode::{schieber, schieber_deal as deal};
use jass::{Coiffeur, Differenzler, Rules, Schieber, SchieberDeal};

/// The default rules and each preset.
fn rule_sets() -> Vec<(&'static str, Rules)> {
    let mut sets = vec![("default", Rules::default())];
    sets.extend(Rules::presets());
    sets
}

/// `check_encoding` seed by seed. In Jass an exchange of two unseen cards can change what the
/// seat is shown: a Weis made or unmade in the scoring team's hands becomes public after the
/// first trick (its points and its cards). The check compares tensors without comparing the
/// seat's views, so it reports such a change; here each report is replayed and must be one of
/// those, a change of the seat's own view (so the tensors may differ), never of the tensors
/// alone, and at an index `shown` allows (the slices of what the Weis changes). Returns the
/// merged report and how many seeds stopped on a view change.
fn leak_check<G: Encode<Rules = Rules>>(
    rules: &Rules,
    players: usize,
    seeds: u64,
    shown: impl Fn(usize) -> bool,
) -> (EncodingReport, usize) {
    let mut total = EncodingReport::default();
    let mut view_changes = 0;
    for seed in 0..seeds {
        match check_encoding::<G>(rules, players, seed..seed + 1) {
            Ok(r) => {
                total.games += r.games;
                total.positions += r.positions;
                total.flips += r.flips;
            }
            Err(e) => {
                let index = e
                    .split("at index ")
                    .nth(1)
                    .and_then(|r| r.split(' ').next())
                    .and_then(|i| i.parse::<usize>().ok());
                assert!(index.is_some_and(&shown), "{}: {e}", G::NAME);
                assert!(view_changed::<G>(rules, players, &e), "{}: {e}", G::NAME);
                view_changes += 1;
            }
        }
    }
    (total, view_changes)
}

/// Whether the exchange a `check_encoding` report names changes the seat's view.
fn view_changed<G: Game<Rules = Rules>>(rules: &Rules, players: usize, report: &str) -> bool {
    // "seed S: seat K's ... after T actions changes at index I when C and D, which it has not
    // seen, are exchanged after T0 actions"
    let words: Vec<&str> = report
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let after = |k: usize| {
        words
            .iter()
            .enumerate()
            .filter(|(_, w)| **w == "after")
            .nth(k)
    };
    let number = |i: usize| words.get(i).and_then(|w| w.parse::<usize>().ok());
    let (Some(seed), Some(seat)) = (number(1), number(3)) else {
        return false;
    };
    let (Some((a, _)), Some((b, _))) = (after(0), after(1)) else {
        return false;
    };
    let (Some(t), Some(t0)) = (number(a + 1), number(b + 1)) else {
        return false;
    };
    let Some(when) = words.iter().position(|w| *w == "when") else {
        return false;
    };
    let (c, d) = (words[when + 1], words[when + 3]);
    let mut game = G::new(rules, players, Seed::from(seed as u64)).expect("dealt");
    let mut player = RandomPlayer::new(Seed::from(seed as u64));
    let (mut actions, mut buf, mut setup) = (Vec::new(), Vec::new(), None);
    while actions.len() < t {
        if actions.len() == t0 {
            setup = Some(game.setup());
        }
        let action = player.choose(&game, &mut buf).expect("an action");
        game.play(action).expect("legal");
        actions.push(action);
    }
    let setup = setup.unwrap_or_else(|| game.setup());
    let text = serde_json::to_string(&setup).expect("serde");
    let swapped = exchange(&text, c, d);
    let Ok(mut flipped) = G::from_setup(rules, serde_json::from_str(&swapped).expect("serde"))
    else {
        return false;
    };
    for &action in &actions[t0..] {
        flipped.play(action).expect("legal in the check");
    }
    let seat = PlayerId(seat as u8);
    serde_json::to_string(&game.view(seat)).ok() != serde_json::to_string(&flipped.view(seat)).ok()
}

/// `text` with the whole tokens `c` and `d` exchanged.
fn exchange(text: &str, c: &str, d: &str) -> String {
    let (mut out, mut token) = (String::new(), String::new());
    let flush = |token: &mut String, out: &mut String| {
        out.push_str(if token == c {
            d
        } else if token == d {
            c
        } else {
            token
        });
        token.clear();
    };
    for ch in text.chars() {
        if ch.is_alphanumeric() {
            token.push(ch);
        } else {
            flush(&mut token, &mut out);
            out.push(ch);
        }
    }
    flush(&mut token, &mut out);
    out
}

#[test]
fn schieber_deal_leaks_nothing() {
    for (name, rules) in rule_sets() {
        let (report, changes) = leak_check::<SchieberDeal>(&rules, 4, 120, |i| {
            (deal::CREDITS..deal::PUBLIC_LEN).contains(&i)
        });
        println!("{name}: {report:?}, {changes} seeds stopped on a view change");
        assert!(report.flips > 0, "{name}: {report:?}");
        assert!(report.positions > 0, "{name}: {report:?}");
    }
}

#[test]
fn schieber_leaks_nothing() {
    // A whole game to 2500 reveals all 36 cards in its first deal, and the check's first
    // stretch of play ends after it, so only a short game leaves cards unseen to exchange.
    let short = Rules {
        target: Some(300),
        ..Rules::default()
    };
    for (name, rules) in rule_sets().into_iter().chain([("target 300", short)]) {
        let (report, changes) = leak_check::<Schieber>(&rules, 4, 6, |i| {
            (deal::CREDITS..deal::PUBLIC_LEN).contains(&i)
                || (schieber::TOTALS..schieber::TOTALS + 2).contains(&i)
        });
        println!("{name}: {report:?}, {changes} seeds stopped on a view change");
        assert!(report.positions > 0, "{name}: {report:?}");
        if name == "target 300" {
            assert!(report.flips > 0, "{name}: {report:?}");
        }
    }
}

#[test]
fn differenzler_leaks_nothing() {
    // One deal leaves cards unseen for the check's exchanges; a whole game shows them all in
    // its first deal.
    let mut one_deal = Rules::default();
    one_deal.differenzler.deals = 1;
    let mut hidden = one_deal;
    hidden.differenzler.hidden_predictions = true;
    let short = [
        ("one deal", one_deal),
        ("one deal, hidden predictions", hidden),
    ];
    for (name, rules) in rule_sets().into_iter().chain(short) {
        for players in Rules::DIFFERENZLER_PLAYERS {
            let (report, changes) = leak_check::<Differenzler>(&rules, players, 4, |_| false);
            println!("{name} at {players}: {report:?}, {changes} seeds stopped on a view change");
            assert!(report.positions > 0, "{name}: {report:?}");
            if name.starts_with("one deal") {
                assert!(report.flips > 0, "{name}: {report:?}");
            }
        }
    }
}

#[test]
fn coiffeur_leaks_nothing() {
    for (name, rules) in rule_sets() {
        let (report, changes) = leak_check::<Coiffeur>(&rules, 4, 3, |_| false);
        println!("{name}: {report:?}, {changes} seeds stopped on a view change");
        assert!(report.positions > 0, "{name}: {report:?}");
    }
}

// Golden examples: a position built by hand, the values the docs table puts where.

type Hand = cards_core::CardSet<cards_core::JassCard>;

fn hand(text: &str) -> Hand {
    text.split_whitespace()
        .map(|c| c.parse().unwrap())
        .collect()
}

fn card(text: &str) -> usize {
    usize::from(cards_core::Card::index(
        text.parse::<cards_core::JassCard>().unwrap(),
    ))
}

fn tensors<G: Encode<Recall = ()>>(view: &G::View) -> (Vec<f32>, Vec<f32>) {
    let mut obs = vec![0.0; G::OBSERVATION.len()];
    let mut info = vec![0.0; G::INFORMATION_STATE.len()];
    cards_core::encode::observation::<G>(view, &[], &mut obs).unwrap();
    cards_core::encode::information_state::<G>(view, &(), &[], &mut info).unwrap();
    (obs, info)
}

fn sum(values: &[f32]) -> f32 {
    values.iter().sum()
}

/// Dealer 0, forehand 1 names spades; trick 1: AS 6S QS 8S (seat 1 takes 14); the Weis of
/// seats 1 (four Jacks, 200) and 3 (a diamonds 3-run, 20) is scored; seat 1 leads JS.
fn golden_deal() -> jass::SchieberDealSetup {
    let mut setup = jass::SchieberDealSetup::dealt(
        PlayerId(0),
        PlayerId(1),
        [
            hand("6H 7H 8H AC 6D 8S TD QC 9S"),
            hand("JC JD JH JS 6C 8D AS KH 7S"),
            hand("7C 9C KC 7D 9D 9H QH 6S TS"),
            hand("8C TC QD KD AD TH AH QS KS"),
        ],
    );
    setup.contract = Some("trump:S".parse().unwrap());
    setup.plays = ["AS", "6S", "QS", "8S", "JS"]
        .iter()
        .map(|c| c.parse().unwrap())
        .collect();
    setup
}

/// Seat 3's view: slots are seat 3 (0), seat 0 (1), seat 1 (2), seat 2 (3); its team is 1.
fn check_golden_deal(public: &[f32], private: &[f32]) {
    use jass::encode::shared::*;
    let spades = 3; // Mode::ALL: clubs, diamonds, hearts, spades, Obenabe, Undenufe
    assert_eq!(public[PLAY_TO_ACT + 3], 1.0); // seat 2
    assert_eq!(sum(&public[PLAY_TO_ACT..PLAY_TO_ACT + SEATS]), 1.0);
    assert_eq!(public[PLAY_DEALER + 1], 1.0); // seat 0
    assert_eq!(public[PLAY_LEADER + 2], 1.0); // seat 1
    assert_eq!(public[PLAY_HAND_SIZES], 8.0 / 12.0);
    assert_eq!(public[PLAY_HAND_SIZES + 2], 7.0 / 12.0);
    assert_eq!(public[PLAY_TRICKS_WON + 2], 1.0 / 12.0);
    assert_eq!(public[PLAY_TRICK + card("JS")], 1.0);
    assert_eq!(sum(&public[PLAY_TRICK..PLAY_PLAYED]), 1.0);
    for c in ["AS", "6S", "QS", "8S"] {
        assert_eq!(public[PLAY_PLAYED + c_(c)], 1.0, "{c}");
    }
    assert_eq!(sum(&public[PLAY_PLAYED..PLAY_LEN]), 4.0);
    let c = deal::CONTRACT;
    assert_eq!(public[c + CONTRACT + spades], 1.0);
    assert_eq!(public[c + CONTRACT_DECLARER + 2], 1.0);
    assert_eq!(
        sum(&public[c + CONTRACT_TRIO..c + CONTRACT_TRICK_MODE]),
        0.0
    );
    assert_eq!(public[c + CONTRACT_TRICK_MODE + spades], 1.0);
    assert_eq!(public[deal::PUSHED], 0.0);
    // Credits [cards, Weis, Stöck, Match] × [viewer's team 1, team 0].
    assert_eq!(public[deal::CREDITS], 14.0 / 257.0);
    assert_eq!(public[deal::CREDITS + 2], 220.0 / 257.0);
    assert_eq!(sum(&public[deal::CREDITS..deal::STOECK]), 234.0 / 257.0);
    assert_eq!(sum(&public[deal::STOECK..deal::WEIS_SEAT]), 0.0);
    assert_eq!(public[deal::WEIS_SEAT + 2], 1.0);
    assert_eq!(public[deal::WEIS_POINTS], 220.0 / 257.0);
    for c in ["JC", "JD", "JH", "JS"] {
        assert_eq!(public[deal::WEIS_SHOWN + 2 * CARDS + c_(c)], 1.0, "{c}");
    }
    for c in ["QD", "KD", "AD"] {
        assert_eq!(public[deal::WEIS_SHOWN + c_(c)], 1.0, "{c}");
    }
    assert_eq!(sum(&public[deal::WEIS_SHOWN..deal::PUBLIC_LEN]), 7.0);
    // Private: the hand less QS, its own 3-run.
    for c in ["8C", "TC", "QD", "KD", "AD", "TH", "AH", "KS"] {
        assert_eq!(private[deal::HAND + c_(c)], 1.0, "{c}");
    }
    assert_eq!(sum(&private[deal::HAND..deal::OWN_WEIS]), 8.0);
    assert_eq!(sum(&private[deal::OWN_WEIS..deal::OWN_WEIS_POINTS]), 3.0);
    assert_eq!(private[deal::OWN_WEIS + card("AD")], 1.0);
    assert_eq!(private[deal::OWN_WEIS_POINTS], 20.0 / 257.0);
    assert_eq!(private[deal::OWN_WEIS_COUNTED], 1.0);
}

fn c_(text: &str) -> usize {
    card(text)
}

/// The history block of the golden deal (seat 3's slots).
fn check_golden_history(history: &[f32]) {
    use jass::encode::shared::*;
    let entry = |c: &str| &history[card(c) * HISTORY_CARD..(card(c) + 1) * HISTORY_CARD];
    // AS: seat 1 (slot 2) led trick 0.
    assert_eq!(entry("AS")[HISTORY_SEAT + 2], 1.0);
    assert_eq!(entry("AS")[HISTORY_TRICK], 1.0);
    assert_eq!(entry("AS")[HISTORY_POSITION], 1.0);
    // 8S: seat 0 (slot 1), fourth in trick 0.
    assert_eq!(entry("8S")[HISTORY_SEAT + 1], 1.0);
    assert_eq!(entry("8S")[HISTORY_TRICK], 1.0);
    assert_eq!(entry("8S")[HISTORY_POSITION + 3], 1.0);
    // QS: the viewer's own, third.
    assert_eq!(entry("QS")[HISTORY_SEAT], 1.0);
    assert_eq!(entry("QS")[HISTORY_POSITION + 2], 1.0);
    // JS: seat 1 leads trick 1.
    assert_eq!(entry("JS")[HISTORY_SEAT + 2], 1.0);
    assert_eq!(entry("JS")[HISTORY_TRICK + 1], 1.0);
    assert_eq!(entry("JS")[HISTORY_POSITION], 1.0);
    assert_eq!(sum(history), 15.0);
    assert_eq!(history.len(), HISTORY_LEN);
}

#[test]
fn golden_schieber_deal() {
    let game = SchieberDeal::from_setup(&Rules::default(), golden_deal()).unwrap();
    let view = game.view(PlayerId(3));
    let (obs, info) = tensors::<SchieberDeal>(&view);
    assert_eq!((obs.len(), info.len()), (401 + 74, 401 + 720 + 74));
    assert_eq!(SchieberDeal::OBSERVATION.public, deal::PUBLIC_LEN);
    let (public, private) = obs.split_at(deal::PUBLIC_LEN);
    check_golden_deal(public, private);
    let (ipublic, iprivate) = info.split_at(deal::PUBLIC_LEN + 720);
    assert_eq!(&ipublic[..deal::PUBLIC_LEN], public);
    check_golden_history(&ipublic[deal::HISTORY..]);
    assert_eq!(iprivate, private);
}

#[test]
fn golden_schieber() {
    let setup = jass::SchieberSetup {
        seed: Seed::from(1),
        deal_number: 3,
        scores: [1000, 700],
        deal: golden_deal(),
    };
    let game = Schieber::from_setup(&Rules::default(), setup).unwrap();
    let view = game.view(PlayerId(3));
    let (obs, info) = tensors::<Schieber>(&view);
    assert_eq!((obs.len(), info.len()), (401 + 9 + 74, 401 + 9 + 720 + 74));
    let (public, private) = obs.split_at(schieber::PUBLIC_LEN);
    check_golden_deal(&public[..deal::PUBLIC_LEN], private);
    assert_eq!(public[schieber::DEAL_NUMBER], 3.0 / 32.0);
    // [viewer's team 1, team 0] / 2500; this deal's 234 at spades' ×2.
    assert_eq!(public[schieber::SCORES], 700.0 / 2500.0);
    assert_eq!(public[schieber::SCORES + 1], 1000.0 / 2500.0);
    assert_eq!(public[schieber::TOTALS], (700.0 + 468.0) / 2500.0);
    assert_eq!(public[schieber::TOTALS + 1], 1000.0 / 2500.0);
    assert_eq!(sum(&public[schieber::EARLY_STOECK..]), 0.0);
    check_golden_history(&info[schieber::HISTORY..schieber::HISTORY + 720]);
    assert_eq!(&info[schieber::HISTORY + 720..], private);
}
