//! World sampling leaks nothing: over many random states and every seat, each sampled world
//! shows the seat its view and keeps everything the view implies, finds the true deal no more
//! often than a decoy world does, and spreads the unseen cards uniformly at the deal.

use std::collections::VecDeque;

use cards_core::{CardSet, DidoCard, Encode as _, GameRng, Knowledge, RandomPlayer};
use cards_testkit::worlds::{Placements, chi_square_uniform, placements};
use zaagox::{Event, Game, Phase, PlayerId, Rules, Seed, Zaagox};

/// Where a card the seat cannot see lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Zone {
    /// In this seat's hand.
    Hand(usize),
    /// Among the ageing cards of the pair named by its lower card.
    Ageing(DidoCard),
    /// In the centre pile.
    Pile,
}

/// The zone of `card` in `world`, or `None` when `seat` sees where it is.
fn locate(seat: PlayerId) -> impl Fn(&Zaagox, DidoCard) -> Option<Zone> {
    move |world, card| {
        if world.discard() == Some(card)
            || (0..world.num_players()).any(|s| world.stored(PlayerId(s as u8)).contains(card))
            || world.hand(seat).contains(card)
        {
            return None;
        }
        for pair in world.pairs() {
            if pair.cards().contains(&card) {
                return None;
            }
            if pair.ageing().contains(&card) {
                return (pair.owner() != seat).then_some(Zone::Ageing(pair.cards()[0]));
            }
        }
        match (0..world.num_players()).find(|&s| world.hand(PlayerId(s as u8)).contains(card)) {
            Some(s) => Some(Zone::Hand(s)),
            None => Some(Zone::Pile),
        }
    }
}

/// A random state: a fresh game after a random number of random legal moves (up to a whole
/// game), so that states cover the deal, the middle, Da windows, stores and the end.
fn random_state(players: usize, seed: u64) -> Zaagox {
    let mut game = Zaagox::new(&Rules::default(), players, Seed::from(seed)).unwrap();
    let mut rng = GameRng::new(Seed::from(seed), 9);
    let moves = cards_core::Draw::index(&mut rng, 120).unwrap_or(0);
    let mut player = RandomPlayer::new(Seed::from(seed ^ 0x5eed));
    let mut buf = Vec::new();
    for _ in 0..moves {
        let Some(action) = player.choose(&game, &mut buf) else {
            break;
        };
        game.play(action).unwrap();
    }
    game
}

/// What the view of `seat` implies, held on a sampled world: the pairs with their owners and
/// ageing counts (and the seat's own ageing cards), the stored cards, the discard, the hand
/// sizes and the pile's size, the seat's hand, and a seat asked for Da holding a card of the
/// discard's number.
fn check_implications(truth: &Zaagox, world: &Zaagox, seat: PlayerId) {
    let players = truth.num_players();
    assert_eq!(world.phase(), truth.phase());
    assert_eq!(world.discard(), truth.discard());
    assert_eq!(world.pile_len(), truth.pile_len());
    assert_eq!(world.turns(), truth.turns());
    assert_eq!(world.hand(seat), truth.hand(seat));
    for s in (0..players).map(|s| PlayerId(s as u8)) {
        assert_eq!(world.stored(s), truth.stored(s), "stored cards of seat {s}");
        assert_eq!(world.hand(s).len(), truth.hand(s).len(), "hand size of {s}");
        assert_eq!(world.ava_declared(s), truth.ava_declared(s));
    }
    assert_eq!(world.pairs().len(), truth.pairs().len());
    for (w, t) in world.pairs().iter().zip(truth.pairs()) {
        assert_eq!((w.owner(), w.cards()), (t.owner(), t.cards()), "a pair");
        assert_eq!(w.ageing().len(), t.ageing().len(), "ageing count");
        if t.owner() == seat {
            assert_eq!(w.ageing(), t.ageing(), "the seat's own ageing cards");
        }
    }
    if let (Phase::Da { asking, .. }, Some(d)) = (world.phase(), world.discard()) {
        assert!(
            world.hand(asking).iter().any(|c| c.number() == d.number()),
            "the seat asked for Da holds a card of the discard's number"
        );
    }
}

#[test]
fn sampled_worlds_keep_what_the_view_implies_and_do_not_favour_the_truth() {
    let mut rng = GameRng::new(Seed::from(77), 3);
    let mut all: Option<Placements<DidoCard, Zone>> = None;
    let mut da_states = 0;
    for players in 2..=4 {
        for seed in 0..100u64 {
            let truth = random_state(players, 100 * players as u64 + seed);
            da_states += usize::from(matches!(truth.phase(), Phase::Da { .. }));
            for seat in (0..players).map(|s| PlayerId(s as u8)) {
                let view = truth.view(seat);
                for _ in 0..5 {
                    let world = Zaagox::sample_world(&view, &mut rng).unwrap();
                    check_implications(&truth, &world, seat);
                }
                let p = placements(&truth, seat, 40, &mut rng, locate(seat)).unwrap();
                match &mut all {
                    Some(all) => all.merge(p),
                    None => all = Some(p),
                }
            }
        }
    }
    assert!(da_states > 0, "no Da window among the states");
    let all = all.unwrap();
    eprintln!(
        "{} hidden cards, {da_states} Da states: truth {:.4}, decoy {:.4}",
        all.hidden.len(),
        all.truth_rate(),
        all.decoy_rate()
    );
    assert!(all.hidden.len() > 5000);
    // Truth and decoy are two draws of the same law; with ~2·10^4 hidden cards over 40 worlds each
    // the difference of the rates has a standard deviation well under 0.005, so 0.02 is a leak.
    assert!(
        all.truth_rate() <= all.decoy_rate() + 0.02,
        "truth {} decoy {}",
        all.truth_rate(),
        all.decoy_rate()
    );
}

#[test]
fn at_the_deal_unseen_cards_are_spread_uniformly() {
    let mut rng = GameRng::new(Seed::from(5), 3);
    for players in 2..=4 {
        let game = Zaagox::new(&Rules::default(), players, Seed::from(players as u64)).unwrap();
        let seat = PlayerId(0);
        let one = placements(&game, seat, 2000, &mut rng, locate(seat)).unwrap();
        let unseen: CardSet<DidoCard> = one.hidden.iter().map(|h| h.0).collect();
        assert_eq!(unseen.len(), 36 - game.hand(seat).len());
        // Every unseen card lies in seat 1's hand (and in the pile) equally often.
        chi_square_uniform(&one.counts_in(&Zone::Hand(1), unseen)).unwrap();
        chi_square_uniform(&one.counts_in(&Zone::Pile, unseen)).unwrap();
    }
}

/// Where `seat` saw each card of the centre pile go under, top first (`None`: a card it never
/// saw go under), told from its redacted events: a model of its memory written apart from the
/// crate's [`zaagox::encode::Recall`], to hold the recalled worlds to.
fn pile_seen(events: &[Event]) -> VecDeque<Option<DidoCard>> {
    let mut pile = VecDeque::new();
    for event in events {
        match event {
            Event::Dealt(deal) => {
                pile = (0..deal.pile.len()).map(|_| None).collect();
            }
            Event::Drew { .. } | Event::AvaDrew { .. } | Event::AvaStored { .. } => {
                pile.pop_front();
            }
            Event::DiscardBuried { card } => pile.push_back(Some(*card)),
            Event::Stored { other, ageing, .. } => {
                pile.push_back(Some(*other));
                match ageing.shown() {
                    Some(cards) => pile.extend(cards.iter().map(|&c| Some(c))),
                    None => pile.extend((0..ageing.len()).map(|_| None)),
                }
            }
            _ => {}
        }
    }
    pile
}

#[test]
fn recalled_worlds_put_the_cards_seen_going_under_where_they_lie() {
    let rules = Rules::default();
    let mut rng = GameRng::new(Seed::from(78), 3);
    let (mut remembered, mut states) = (0usize, 0usize);
    for players in 2..=4 {
        for seed in 0..60u64 {
            let mut truth = Zaagox::new(&rules, players, Seed::from(seed)).unwrap();
            let mut events = Vec::new();
            truth.start_events(&mut events);
            // Whole games, to well past the pile turning over.
            let mut player = RandomPlayer::new(Seed::from(seed ^ 0xace));
            let mut buf = Vec::new();
            while let Some(action) = player.choose(&truth, &mut buf) {
                truth.play_reporting(action, &mut events).unwrap();
                if truth.is_terminal() || truth.turns() > 70 {
                    break;
                }
            }
            if truth.is_terminal() {
                continue;
            }
            states += 1;
            for seat in (0..players).map(|s| PlayerId(s as u8)) {
                let mine: Vec<Event> = events
                    .iter()
                    .map(|e| Zaagox::redact(&rules, e, seat))
                    .collect();
                let mut knows = Knowledge::<Zaagox>::new(&rules, players, seat);
                for e in &mine {
                    knows.observe(e).unwrap();
                }
                let view = truth.view(seat);
                assert_eq!(knows.view(), &view);
                let seen = pile_seen(&mine);
                let pile: Vec<DidoCard> = truth.pile().collect();
                assert_eq!(seen.len(), pile.len());
                for _ in 0..3 {
                    let world = view
                        .sample_world_recalled(knows.recall(), &mut rng)
                        .unwrap();
                    check_implications(&truth, &world, seat);
                    let in_world: Vec<DidoCard> = world.pile().collect();
                    for (i, card) in seen.iter().enumerate() {
                        if let Some(card) = card {
                            assert_eq!((pile[i], in_world[i]), (*card, *card), "place {i}");
                            remembered += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(
        states > 50 && remembered > 1000,
        "{states} states, {remembered}"
    );
}

#[test]
fn a_recall_that_does_not_fit_the_view_is_set_aside() {
    // A recall told nothing: worlds as the view alone gives them, draw for draw.
    for seed in 0..40u64 {
        let truth = random_state(2, seed);
        let seat = PlayerId((seed % 2) as u8);
        let view = truth.view(seat);
        let blank = Zaagox::recall_start(truth.rules(), 2, seat);
        let mut a = GameRng::new(Seed::from(seed), 5);
        let mut b = GameRng::new(Seed::from(seed), 5);
        let recalled = view.sample_world_recalled(&blank, &mut a).unwrap();
        if truth.pile_len() > 0 {
            assert_eq!(recalled, Zaagox::sample_world(&view, &mut b).unwrap());
        }
    }
}
