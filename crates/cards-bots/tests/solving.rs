//! The solver-backed bots (`pimc-solve`, `ismcts-solve`; `Solving`): legal and reproducible,
//! the best card of a hand-worked ending, and exactly today's bots where a game solves nothing.

use cards_bots::{BotSpec, Player, SearchConfig};
use cards_core::{CardSet, Game, JassCard, JassRank, JassSuit, PlayerId, RuleBot, Seed};
use jass::{Action, Contract, Mode, Rules, SchieberDeal, SchieberDealSetup};

fn bot<G: RuleBot + 'static>(name: &str, seed: u64) -> Box<dyn Player<G>> {
    let spec: BotSpec = name.parse().unwrap();
    spec.player::<G>(Seed::from(seed), &SearchConfig::DEFAULT)
}

/// Plays `game` to its end with `name` at every seat (seat `s` seeded `seed + s`), checking
/// every action is legal; returns the actions.
fn play_out<G: RuleBot + 'static>(mut game: G, name: &str, seed: u64) -> Vec<G::Action> {
    let mut players: Vec<_> = (0..game.num_players())
        .map(|s| bot::<G>(name, seed + s as u64))
        .collect();
    let (mut legal, mut actions) = (Vec::new(), Vec::new());
    while let Some(seat) = game.to_act() {
        game.legal_actions(&mut legal);
        let action = players[seat.index()].act(&game, &legal).unwrap();
        assert!(legal.contains(&action), "{name}: {action:?} is not legal");
        game.play(action).unwrap();
        actions.push(action);
    }
    actions
}

#[test]
fn the_solver_backed_bots_play_legally_and_reproducibly() {
    for name in ["pimc-solve:60", "ismcts-solve:60"] {
        for seed in 0..2 {
            let deal = || SchieberDeal::new(&Rules::default(), 4, Seed::from(seed)).unwrap();
            let first = play_out(deal(), name, 10 * seed);
            assert_eq!(first.len(), 37, "{name}: the contract and 36 cards");
            assert_eq!(
                first,
                play_out(deal(), name, 10 * seed),
                "{name}, seed {seed}"
            );
        }
    }
}

fn card(suit: JassSuit, rank: JassRank) -> JassCard {
    JassCard::new(suit, rank)
}

/// Obenabe, seat 0 forehand. Seat 0 leads and wins the first seven tricks, each all of one
/// suit (its Ace or King over the others' low cards; the seventh its Jack of spades over 6, 7
/// and 8). Then it leads with the A and Q of spades; the K, 10 and 9 of spades and the Q of
/// clubs, diamonds and hearts are out, seat 1 holding the K.
///
/// - **AS first** takes the K (seat 1 must follow), and the QS, now the top spade, takes the
///   last trick: all nine tricks, the Match.
/// - **QS first** loses it to the K wherever an opponent holds it (two worlds in three from seat
///   0's view), and the AS takes the last.
///
/// So the AS is never worse and mostly better: the one best card. The first legal card in the
/// game's order is the QS, so a bot that took the first card would fail.
fn ending() -> SchieberDeal {
    use JassRank::*;
    use JassSuit::*;
    let hand = |cards: &[(JassSuit, JassRank)]| -> CardSet<JassCard> {
        cards.iter().map(|&(s, r)| card(s, r)).collect()
    };
    let hands = [
        hand(&[
            (Clubs, Ace),
            (Clubs, King),
            (Diamonds, Ace),
            (Diamonds, King),
        ]) | hand(&[(Hearts, Ace), (Hearts, King), (Spades, Jack), (Spades, Ace)])
            | hand(&[(Spades, Queen)]),
        hand(&[
            (Clubs, Six),
            (Clubs, Nine),
            (Diamonds, Six),
            (Diamonds, Nine),
        ]) | hand(&[(Hearts, Six), (Hearts, Nine), (Spades, Six), (Spades, King)])
            | hand(&[(Clubs, Queen)]),
        hand(&[
            (Clubs, Seven),
            (Clubs, Ten),
            (Diamonds, Seven),
            (Diamonds, Ten),
        ]) | hand(&[
            (Hearts, Seven),
            (Hearts, Ten),
            (Spades, Seven),
            (Spades, Nine),
        ]) | hand(&[(Diamonds, Queen)]),
        hand(&[
            (Clubs, Eight),
            (Clubs, Jack),
            (Diamonds, Eight),
            (Diamonds, Jack),
        ]) | hand(&[
            (Hearts, Eight),
            (Hearts, Jack),
            (Spades, Eight),
            (Spades, Ten),
        ]) | hand(&[(Hearts, Queen)]),
    ];
    let mut plays = Vec::new();
    for suit in [Clubs, Diamonds, Hearts] {
        plays.extend([(suit, Ace), (suit, Six), (suit, Seven), (suit, Eight)]);
        plays.extend([(suit, King), (suit, Nine), (suit, Ten), (suit, Jack)]);
    }
    plays.truncate(24);
    plays.extend([
        (Spades, Jack),
        (Spades, Six),
        (Spades, Seven),
        (Spades, Eight),
    ]);
    let setup = SchieberDealSetup {
        contract: Some(Contract::Mode(Mode::Obenabe)),
        plays: plays.iter().map(|&(s, r)| card(s, r)).collect(),
        ..SchieberDealSetup::dealt(PlayerId(3), PlayerId(0), hands)
    };
    SchieberDeal::from_setup(&Rules::default(), setup).unwrap()
}

#[test]
fn the_solver_backed_bots_play_the_one_best_card_of_an_ending() {
    let deal = ending();
    assert_eq!(deal.to_act(), Some(PlayerId(0)));
    let mut legal = Vec::new();
    deal.legal_actions(&mut legal);
    let ace = Action::Play(card(JassSuit::Spades, JassRank::Ace));
    let queen = Action::Play(card(JassSuit::Spades, JassRank::Queen));
    assert_eq!(legal, [queen, ace], "the first legal card is the wrong one");
    // The exact values agree: after the AS seats 0 and 2 make the Match.
    let after = |a: Action| {
        let mut d = deal;
        d.play(a).unwrap();
        d.exact_value(&deal).unwrap().value[0]
    };
    assert!(
        after(ace) > after(queen),
        "{} vs {}",
        after(ace),
        after(queen)
    );
    for name in ["pimc-solve:200", "ismcts-solve:200"] {
        for seed in 0..3 {
            let mut player = bot::<SchieberDeal>(name, seed);
            assert_eq!(player.act(&deal, &legal), Some(ace), "{name}, seed {seed}");
        }
    }
}

/// Where a game solves nothing the solver-backed bots are today's, action for action from the
/// same seed: a whole Schieber game (its returns are the game's win, not one deal's points)
/// and Zaägox.
#[test]
fn a_game_that_solves_nothing_is_searched_as_before() {
    fn same<G: RuleBot + 'static>(game: G, new: &str, old: &str, decisions: usize) {
        assert!(game.solve_left().is_none());
        let mut game = game;
        let n = game.num_players();
        let mut a: Vec<_> = (0..n).map(|s| bot::<G>(new, s as u64)).collect();
        let mut b: Vec<_> = (0..n).map(|s| bot::<G>(old, s as u64)).collect();
        let mut legal = Vec::new();
        for _ in 0..decisions {
            let Some(seat) = game.to_act() else { break };
            game.legal_actions(&mut legal);
            let x = a[seat.index()].act(&game, &legal).unwrap();
            let y = b[seat.index()].act(&game, &legal).unwrap();
            assert_eq!(x, y, "{new} and {old}");
            assert_eq!(a[seat.index()].hint(), b[seat.index()].hint());
            game.play(x).unwrap();
        }
    }
    let schieber = || jass::Schieber::new(&Default::default(), 4, Seed::from(3)).unwrap();
    same(schieber(), "pimc-solve:40", "pimc:40", 6);
    same(schieber(), "ismcts-solve:40", "ismcts:40", 6);
    let zaagox = || zaagox::Zaagox::new(&Default::default(), 2, Seed::from(3)).unwrap();
    same(zaagox(), "pimc-solve:100", "pimc:100", 20);
    same(zaagox(), "ismcts-solve:100", "ismcts:100", 20);
}
