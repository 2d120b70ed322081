//! Worlds that leak nothing: `sample_world` of [`Letom`] and [`LetomMatch`] over many random
//! states (a seed, then a random number of random legal moves, every player count, with and
//! without gwang-selling), for every seat: each sampled world shows the seat its view and
//! holds the deck once; it keeps what the view implies (the floor and its stuck stacks, every
//! captured pile, the flipped card awaiting a `take`, hand sizes and the stock's size, a
//! shaker's shaken cards still in its hand, a seller's shown Guã in its part of the stock);
//! the true place of a hidden card is found no more often than a decoy world's; and right after
//! the deal every unseen card lies in a given opponent's hand, or on top of the stock, equally
//! often (χ²).

use cards_core::{DidoCard, Game, GameRng, PlayerId, Seed};
use cards_testkit::worlds::{Placements, chi_square_uniform, placements, placements_with};
use letom::{Action, Hand, Letom, LetomMatch, Phase, Rules};

use crate::common;

/// Where a hidden card lies: a seat's hand, or a place in the stock counted from the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Zone {
    Hand(usize),
    Stock(usize),
}

/// The zone of `card` in `deal` as `seat` cannot see it, or `None` when the seat sees it
/// (its hand, the floor, a captured pile, the flipped card).
fn locate(seat: PlayerId) -> impl Fn(&Letom, DidoCard) -> Option<Zone> + Copy {
    move |deal, card| {
        if deal.hand(seat).contains(card) {
            return None;
        }
        if let Some(s) = PlayerId::all(deal.num_players()).position(|p| deal.hand(p).contains(card))
        {
            return Some(Zone::Hand(s));
        }
        deal.stock()
            .iter()
            .position(|&c| c == card)
            .map(Zone::Stock)
    }
}

/// The rule sets the states are drawn under: the default, gwang-selling with the seller's
/// cards under the stock, and every option flipped (gwang-selling with the reshuffle).
fn rule_sets() -> [Rules; 3] {
    [
        Rules::default(),
        Rules {
            gwang_selling: true,
            ..Rules::default()
        },
        common::flipped(),
    ]
}

/// Random legal moves on `game` until it ends or `steps` were made (`None`: to the end);
/// returns the number made. A shake is taken whenever one is legal, so that shaken cards held
/// in hand are common among the states.
fn advance<G: Game<Action = Action>>(game: &mut G, steps: Option<usize>, seed: u64) -> usize {
    let mut rng = GameRng::new(Seed::from(seed), 4);
    let mut legal = Vec::new();
    let mut made = 0;
    while steps.is_none_or(|k| made < k) {
        game.legal_actions(&mut legal);
        if legal.is_empty() {
            break;
        }
        let action = legal
            .iter()
            .copied()
            .find(|a| matches!(a, Action::Shake(_)))
            .unwrap_or_else(|| legal[rng.index(legal.len()).unwrap_or(0)]);
        game.play(action).unwrap();
        made += 1;
    }
    made
}

/// `fresh` after a random number of random moves short of its end: any point of the game.
fn somewhere<G: Game<Action = Action>>(fresh: G, seed: u64, pick: &mut GameRng) -> G {
    let length = advance(&mut fresh.clone(), None, seed);
    let mut game = fresh;
    advance(&mut game, Some(pick.index(length).unwrap_or(0)), seed);
    game
}

/// The random deals in play: for every rule set, player count and seed, a deal at a random
/// point (deals over at the deal, a chongtong or four on the floor, are left out).
fn random_deals() -> Vec<Letom> {
    let mut pick = GameRng::new(Seed::from(2026), 3);
    let mut out = Vec::new();
    for rules in rule_sets() {
        for players in 2..=4 {
            for seed in 0..24u64 {
                let fresh = Letom::new(&rules, players, Seed::from(seed * 31 + 5)).unwrap();
                let deal = somewhere(fresh, seed, &mut pick);
                if !deal.is_terminal() {
                    out.push(deal);
                }
            }
        }
    }
    out
}

/// What `seat`'s view of `truth` implies, checked on `world`. Returns whether the seat saw an
/// opponent's unplayed shaken cards and whether there was a stuck stack (for coverage).
fn check_world(truth: &Letom, world: &Letom, seat: PlayerId) -> (bool, bool) {
    let n = truth.num_players();
    assert_eq!(world.floor(), truth.floor(), "the floor");
    assert_eq!(
        world.phase(),
        truth.phase(),
        "the phase (and a flipped card)"
    );
    assert_eq!(world.hand(seat), truth.hand(seat), "the seat's own hand");
    assert_eq!(world.stock_len(), truth.stock_len(), "the stock's size");
    let stacks = (0..9u8).any(|k| truth.floor().iter().filter(|c| c.number() == k).count() == 3);
    let mut seen = truth.hand(seat) | truth.floor();
    for p in PlayerId::all(n) {
        assert_eq!(
            world.captured(p),
            truth.captured(p),
            "seat {p}'s captured cards"
        );
        assert_eq!(
            world.hand(p).len(),
            truth.hand(p).len(),
            "seat {p}'s hand size"
        );
        assert_eq!(world.shaken(p), truth.shaken(p), "seat {p}'s shakes");
        assert_eq!(
            world.owed_flips(p),
            truth.owed_flips(p),
            "seat {p}'s owed flips"
        );
        seen |= truth.captured(p);
    }
    if let Phase::Take { flipped, .. } = truth.phase() {
        seen.insert(flipped);
        assert!(
            !world.stock().contains(&flipped),
            "the flipped card is not in the stock"
        );
    }
    let mut held_shaken = false;
    for p in PlayerId::all(n).filter(|&p| p != seat) {
        let unplayed = truth.shaken(p) - seen;
        assert!(
            unplayed.is_subset(world.hand(p)),
            "seat {p} holds its shaken {unplayed}"
        );
        held_shaken |= !unplayed.is_empty();
    }
    // A seller's shown Guã, not yet flipped, lie where its hand went: under the stock.
    let shown = truth.shown_guang() - seen - truth.hand(seat);
    if !shown.is_empty() && !truth.rules().reshuffle_sold {
        let part = letom::table(n - 1).1;
        let stock = world.stock();
        let bottom: Hand = stock[stock.len().saturating_sub(part)..]
            .iter()
            .copied()
            .collect();
        assert!(
            shown.is_subset(bottom),
            "shown {shown} in the bottom {bottom}"
        );
    }
    (held_shaken, stacks)
}

#[test]
fn every_world_shows_the_view_and_keeps_what_it_implies() {
    let mut rng = GameRng::new(Seed::from(17), 3);
    let (mut states, mut shaken, mut stacks, mut takes, mut sold) = (0, 0, 0, 0, 0);
    for truth in random_deals() {
        states += 1;
        takes += usize::from(matches!(truth.phase(), Phase::Take { .. }));
        sold += usize::from(!truth.shown_guang().is_empty());
        for seat in PlayerId::all(truth.num_players()) {
            if Some(seat) == truth.seller() {
                continue;
            }
            let view = truth.view(seat);
            for _ in 0..12 {
                let world = Letom::sample_world(&view, &mut rng).unwrap();
                assert_eq!(world.view(seat), view);
                assert!(world.census().is_exactly(Letom::deck(truth.rules())));
                let (h, s) = check_world(&truth, &world, seat);
                shaken += usize::from(h);
                stacks += usize::from(s);
            }
        }
    }
    // The states cover what the checks are about.
    assert!(states > 150, "{states} states");
    assert!(
        shaken > 0 && stacks > 0 && takes > 0 && sold > 0,
        "{shaken} {stacks} {takes} {sold}"
    );
}

/// Truth against decoy over every state and seat (`leak_one_in`: the sampler returns the true
/// deal once in that many worlds, to show the test catches it).
fn truth_and_decoy(leak_one_in: Option<u64>) -> (f64, f64) {
    let mut rng = GameRng::new(Seed::from(23), 3);
    let mut all: Option<Placements<DidoCard, Zone>> = None;
    for truth in random_deals() {
        for seat in PlayerId::all(truth.num_players()) {
            if Some(seat) == truth.seller() {
                continue;
            }
            let sampler = |view: &_, rng: &mut GameRng| match leak_one_in {
                Some(k) if rng.below(k) == 0 => Ok(truth.clone()),
                _ => Letom::sample_world(view, rng),
            };
            let one = placements_with(&truth, seat, 60, &mut rng, sampler, locate(seat)).unwrap();
            match &mut all {
                Some(a) => a.merge(one),
                None => all = Some(one),
            }
        }
    }
    let all = all.unwrap();
    assert!(all.hidden.len() > 5000, "{} hidden cards", all.hidden.len());
    (all.truth_rate(), all.decoy_rate())
}

/// Zones are hands and stock places, so a hidden card lands in a given zone with a chance of
/// about 0.15. Over some 600 (state, seat) tallies of 60 worlds each the two rates differ by
/// chance by a few thousandths (measured: truth 0.1543, decoy 0.1551); they are compared at
/// 0.01, while a sampler that returns the true deal in one world of ten adds 0.08 to the
/// truth's rate and one in thirty 0.026: both are caught.
#[test]
fn the_truth_is_found_no_more_often_than_a_decoy() {
    let (t, d) = truth_and_decoy(None);
    println!("truth {t} decoy {d}");
    assert!(t <= d + 0.01, "truth {t} decoy {d}");
    for k in [10, 30] {
        let (t, d) = truth_and_decoy(Some(k));
        println!("leak 1/{k}: truth {t} decoy {d}");
        assert!(
            t > d + 0.01,
            "a leak of one world in {k} is caught: truth {t} decoy {d}"
        );
    }
}

/// Right after the deal each unseen card is of equal standing: it lies in a given opponent's
/// hand, and on top of the stock, equally often (χ² at the 0.1% level).
fn chi_square_at_the_deal(deal: &Letom, seat: PlayerId, rng: &mut GameRng) {
    let one = placements(deal, seat, 3000, rng, locate(seat)).unwrap();
    let unseen: Hand = one.hidden.iter().map(|h| h.0).collect();
    assert_eq!(
        unseen.len(),
        36 - deal.hand(seat).len() - deal.floor().len()
    );
    for p in PlayerId::all(deal.num_players()).filter(|&p| p != seat) {
        chi_square_uniform(&one.counts_in(&Zone::Hand(p.index()), unseen)).unwrap();
    }
    chi_square_uniform(&one.counts_in(&Zone::Stock(0), unseen)).unwrap();
}

#[test]
fn at_the_deal_every_unseen_card_is_anywhere_equally_often() {
    let mut rng = GameRng::new(Seed::from(29), 3);
    for players in 2..=4 {
        let deal = Letom::new(&Rules::default(), players, Seed::from(players as u64)).unwrap();
        let seat = PlayerId((players - 1) as u8);
        chi_square_at_the_deal(&deal, seat, &mut rng);
    }
}

/// A match: the deal's worlds as above at every point of the match (later deals included),
/// the tallies kept, and a fresh seed for the deals to come.
#[test]
fn match_worlds_keep_the_deal_the_tallies_and_hide_the_seed() {
    let mut rng = GameRng::new(Seed::from(31), 3);
    let mut all: Option<Placements<DidoCard, Zone>> = None;
    let mut later = 0;
    for players in 2..=4 {
        for seed in 0..12u64 {
            let rules = Rules {
                deals: 3,
                ..Rules::default()
            };
            let fresh = LetomMatch::new(&rules, players, Seed::from(seed)).unwrap();
            let game = somewhere(fresh, seed, &mut rng);
            later += usize::from(game.deal_number() > 0);
            let truth = game.deal().clone();
            for seat in PlayerId::all(players) {
                let view = game.view(seat);
                for _ in 0..8 {
                    let world = LetomMatch::sample_world(&view, &mut rng).unwrap();
                    assert_eq!(world.view(seat), view);
                    assert_eq!(world.deal_number(), game.deal_number());
                    assert_eq!(world.totals(), game.totals());
                    assert_ne!(world.setup().seed, game.setup().seed, "the seed is fresh");
                    check_world(&truth, world.deal(), seat);
                }
                let deal_locate = locate(seat);
                let one = placements(&game, seat, 40, &mut rng, |g: &LetomMatch, c| {
                    deal_locate(g.deal(), c)
                })
                .unwrap();
                match &mut all {
                    Some(a) => a.merge(one),
                    None => all = Some(one),
                }
            }
        }
    }
    assert!(later > 0, "no state in a later deal");
    let all = all.unwrap();
    let (t, d) = (all.truth_rate(), all.decoy_rate());
    println!(
        "match: truth {t} decoy {d} over {} hidden cards",
        all.hidden.len()
    );
    // Fewer states than the deal's test: three standard errors are about 0.015 here.
    assert!(t <= d + 0.015, "truth {t} decoy {d}");
    // At a match's start, as at a deal's.
    let game = LetomMatch::new(&Rules::default(), 3, Seed::from(3)).unwrap();
    let seat = PlayerId(0);
    let deal_locate = locate(seat);
    let one = placements(&game, seat, 3000, &mut rng, |g: &LetomMatch, c| {
        deal_locate(g.deal(), c)
    })
    .unwrap();
    let unseen: Hand = one.hidden.iter().map(|h| h.0).collect();
    for zone in [Zone::Hand(1), Zone::Hand(2), Zone::Stock(0)] {
        chi_square_uniform(&one.counts_in(&zone, unseen)).unwrap();
    }
}
