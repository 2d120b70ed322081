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
