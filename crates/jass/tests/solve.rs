//! The open-hand solver (`jass::solve`, rules.md "Open-hand solver"): equal to plain minimax
//! on random positions, hand-worked endings, its invariants and its refusals.

use cards_core::{CardSet, GameRng, JassCard, JassSuit, PlayerId, Seed};
use jass::solve::{Position, SolveError, Solver, best_card, reference, solve, sure_points};
use jass::{
    Action, Contract, Game, Mode, PlayRules, Rules, SchieberDeal, SlalomStart, Variants,
    trick_winner,
};

use crate::seeded::play_random_cards;

fn c(s: &str) -> JassCard {
    s.parse().unwrap()
}

fn set(s: &str) -> CardSet<JassCard> {
    s.split_whitespace().map(c).collect()
}

/// The contracts the solver plays: the six modes and the variants with fixed trick modes.
const CONTRACTS: [Contract; 10] = [
    Contract::Mode(Mode::Trump(JassSuit::Clubs)),
    Contract::Mode(Mode::Trump(JassSuit::Diamonds)),
    Contract::Mode(Mode::Trump(JassSuit::Hearts)),
    Contract::Mode(Mode::Trump(JassSuit::Spades)),
    Contract::Mode(Mode::Obenabe),
    Contract::Mode(Mode::Undenufe),
    Contract::Slalom(SlalomStart::Obenabe),
    Contract::Slalom(SlalomStart::Undenufe),
    Contract::Guschti,
    Contract::Mary,
];

/// A seeded deal in `contract`, played with random legal cards until `cards` are played.
fn deal_after(seed: u64, contract: Contract, cards: usize) -> SchieberDeal {
    deal_under(seed, contract, cards, PlayRules::default())
}

/// [`deal_after`] under the play rules `play`.
fn deal_under(seed: u64, contract: Contract, cards: usize, play: PlayRules) -> SchieberDeal {
    let rules = Rules {
        variants: Variants::ALL,
        play,
        ..Rules::default()
    };
    let mut deal = SchieberDeal::new(&rules, 4, Seed::from(seed)).unwrap();
    deal.play(Action::Name(contract)).unwrap();
    play_random_cards(&mut deal, seed, cards);
    deal
}

/// The solver equals plain minimax — the value and the set of best cards — on random
/// positions with at most 4 tricks left, in every contract it plays, at any point of a trick,
/// under each of the play rules' options (one position in four without the Buur exception, one
/// in four undertrumping when void).
#[test]
fn equals_brute_force_on_random_positions() {
    let mut rng = GameRng::new(Seed::from(0x5017E), 0);
    let mut checked = 0;
    for seed in 0..30_000u64 {
        let contract = CONTRACTS[rng.below(CONTRACTS.len() as u64) as usize];
        // 1 to 4 tricks left, more of the longer endings; 0–3 cards of the trick played.
        let tricks_left = [1, 2, 3, 3, 4, 4][rng.below(6) as usize];
        let cards = 36 - 4 * tricks_left + rng.below(4) as usize;
        let play = PlayRules {
            buur_exception: seed % 4 != 1,
            undertrump_when_void: seed % 4 == 2,
        };
        let deal = deal_under(seed, contract, cards, play);
        let position = Position::from_deal(&deal).unwrap();
        let fast = solve(&position).unwrap();
        let slow = reference::solve(&position).unwrap();
        assert_eq!(
            (fast.points, fast.best, fast.taken, fast.to_play),
            (slow.points, slow.best, slow.taken, slow.to_play),
            "seed {seed} {contract} after {cards} cards: {position:?}"
        );
        // What is left and what was taken make the deal's 157.
        let [a, b] = fast.points;
        assert_eq!(a + b + fast.taken[0] + fast.taken[1], 157);
        assert!(!fast.best.is_empty());
        checked += 1;
    }
    assert_eq!(checked, 30_000);
}

/// Playing a best card keeps the value; every other legal card does worse for the seat to
/// play (whole-deal positions of 5–6 tricks, beyond the brute force).
#[test]
fn best_cards_keep_the_value() {
    for seed in 0..40u64 {
        let contract = CONTRACTS[(seed % 10) as usize];
        let cards = 12 + (seed % 8) as usize;
        let deal = deal_after(seed, contract, cards);
        let solution = solve(&Position::from_deal(&deal).unwrap()).unwrap();
        let seat = solution.to_play.unwrap();
        let team = seat.index() % 2;
        let mine = solution.taken[team] + solution.points[team];
        let mut moves = Vec::new();
        deal.legal_actions(&mut moves);
        for &action in &moves {
            let Action::Play(card) = action else {
                panic!("a card to play")
            };
            let after = deal.apply(action).unwrap();
            let next = solve(&Position::from_deal(&after).unwrap()).unwrap();
            let value = next.taken[team] + next.points[team];
            if solution.best.contains(card) {
                assert_eq!(value, mine, "seed {seed}: {card}");
            } else {
                assert!(value < mine, "seed {seed}: {card} {value} vs {mine}");
            }
        }
    }
}

/// A position whose remaining hands are `ending` (seat 0 to lead): the other cards were played
/// in tricks of one suit, each won by seat 0 (it played the highest card), so every play was
/// legal. Each suit must have 1, 5 or 9 cards in the ending.
fn ending(ending: [&str; 4], contract: Contract) -> Position {
    let hands = ending.map(set);
    let held = hands.iter().fold(CardSet::EMPTY, |a, &h| a | h);
    let mode = contract.trick_mode(0, &[]).unwrap();
    let mut plays = Vec::new();
    for suit in JassSuit::ALL {
        let mut cards: Vec<JassCard> = JassCard::ALL
            .into_iter()
            .filter(|c| c.suit() == suit && !held.contains(*c))
            .collect();
        assert_eq!(cards.len() % 4, 0, "{suit:?}");
        // Strongest first; each trick: the strongest remaining to seat 0, then three more.
        cards.sort_by_key(|&c| std::cmp::Reverse(mode.rank_strength(c)));
        let tricks = cards.len() / 4;
        for t in 0..tricks {
            let trick = [
                cards[t],
                cards[tricks + 3 * t],
                cards[tricks + 3 * t + 1],
                cards[tricks + 3 * t + 2],
            ];
            assert_eq!(trick_winner(&trick, mode), 0);
            plays.extend(trick);
        }
    }
    Position {
        hands,
        contract,
        forehand: PlayerId(0),
        plays,
        rules: PlayRules::default(),
    }
}

/// The last trick: no choice, the winner takes its cards and the 5.
#[test]
fn last_trick_by_hand() {
    // Hearts trump: 6S led, 6H trumps it; 6S 0 + 6H 0 + AD 11 + 7C 0, and 5.
    let position = ending(
        ["6S", "6H", "AD", "7C"],
        Contract::Mode("trump:H".parse().unwrap()),
    );
    let solution = solve(&position).unwrap();
    assert_eq!(solution.points, [0, 16]);
    assert_eq!(solution.best, set("6S"));
    assert_eq!(solution.to_play, Some(PlayerId(0)));
    // Obenabe, no trump: nobody follows the 6S, which takes 11 + 5 for seats 0 and 2.
    let position = ending(["6S", "6H", "AD", "7C"], Contract::Mode(Mode::Obenabe));
    assert_eq!(solve(&position).unwrap().points, [16, 0]);
}

/// Two tricks, spades trump, seat 0 to lead with the Buur and the AH: drawing trumps with the
/// Buur is wrong, cashing the AH is right.
///
/// * JS first: 9S and 6S must follow, seat 3 gives the KS: 20 + 14 + 0 + 4 = 38 for seats 0
///   and 2; then the AS trumps the AH: 11 · 4 + 5 = 49 for seats 1 and 3 (giving the AS
///   instead: 45 and 42). Seats 0 and 2 take 38.
/// * AH first: seat 1 trumps with the 9S (seat 2 may not undertrump and gives the AD; seat 3,
///   holding only trumps, gives the AS: 11 + 14 + 11 + 11 = 47 for seats 1 and 3), and the JS
///   takes the last trick: 11 + 0 + 4 + 20 + 5 = 40. If seat 1 discards the AC instead, seat 2
///   trumps with the 6S, seat 3 overtrumps with the AS (33), and the JS takes 20 + 14 + 11 +
///   4 + 5 = 54. Seats 0 and 2 take 40.
#[test]
fn two_trick_ending_by_hand() {
    let position = ending(
        ["JS AH", "9S AC", "6S AD", "AS KS"],
        Contract::Mode(Mode::Trump(JassSuit::Spades)),
    );
    let solution = solve(&position).unwrap();
    assert_eq!(solution.points, [40, 47]);
    assert_eq!(solution.best, set("AH"));
    let slow = reference::solve(&position).unwrap();
    assert_eq!((slow.points, slow.best), (solution.points, solution.best));
}

/// The quick tricks through the partner, by hand: Obenabe, seat 0 to lead with two small
/// spades, its partner holding the AS and the KS. Seat 0 has no top of its own, but leads a
/// spade to the AS (11) and the partner cashes the KS (4) with the last trick's 5: 20 for seats
/// 0 and 2, which is the value. Counting the leader's own tops alone gives nothing here.
#[test]
fn quick_tricks_through_the_partner() {
    let position = ending(
        ["6S 7S", "9S 6H", "AS KS", "6D 6C"],
        Contract::Mode(Mode::Obenabe),
    );
    assert_eq!(sure_points(&position).unwrap(), [20, 0]);
    assert_eq!(solve(&position).unwrap().points, [20, 0]);
    assert_eq!(reference::solve(&position).unwrap().points, [20, 0]);
}

/// Refusals: a card twice, a card missing, wrong hand sizes, an illegal play, forehand off the
/// table, a Trio, no contract yet.
#[test]
fn refuses_impossible_positions() {
    let good = ending(["6S", "6H", "AD", "7C"], Contract::Mode(Mode::Obenabe));
    assert!(solve(&good).is_ok());
    let mut p = good.clone();
    p.hands[1] = set("6S");
    assert_eq!(solve(&p), Err(SolveError::Duplicate { card: c("6S") }));
    let mut p = good.clone();
    p.hands[1] = CardSet::EMPTY;
    assert_eq!(solve(&p), Err(SolveError::NotTheDeck { count: 35 }));
    let mut p = good.clone();
    p.hands[1] = CardSet::EMPTY;
    p.hands[0] = set("6S 6H");
    assert!(matches!(solve(&p), Err(SolveError::HandSize { .. })));
    let mut p = good.clone();
    p.forehand = PlayerId(4);
    assert!(matches!(solve(&p), Err(SolveError::NoSuchSeat { .. })));
    let mut p = good.clone();
    p.contract = Contract::Trio;
    assert!(matches!(
        solve(&p),
        Err(SolveError::UnsupportedContract { .. })
    ));
    // Seat 1 discards on clubs while holding a club: swap its first-trick card with one
    // still held.
    let mut p = ending(["6S", "6H", "AD", "7C"], Contract::Mode(Mode::Obenabe));
    let swapped = p.plays[1];
    p.plays[1] = c("6H");
    p.hands[1] = CardSet::EMPTY;
    p.hands[1].insert(swapped);
    assert!(
        matches!(solve(&p), Err(SolveError::Illegal { index: 1, .. })),
        "{:?}",
        solve(&p)
    );
    let deal = SchieberDeal::new(&Rules::default(), 4, Seed::from(1)).unwrap();
    assert_eq!(Position::from_deal(&deal), Err(SolveError::NoContract));
    assert_eq!(
        reference::solve(&p).map(|s| s.points),
        solve(&p).map(|s| s.points)
    );
}

/// A finished deal: nothing left to take.
#[test]
fn finished_deal() {
    let deal = deal_after(3, Contract::Mode(Mode::Obenabe), 36);
    let solution = solve(&Position::from_deal(&deal).unwrap()).unwrap();
    assert_eq!(solution.points, [0, 0]);
    assert_eq!(solution.taken[0] + solution.taken[1], 157);
    assert_eq!(solution.to_play, None);
    assert!(solution.best.is_empty());
}

/// The bounds the search prunes with unsearched (the sure trumps, the leader's quick tricks)
/// never promise a team more than it takes: on random positions of every contract at every
/// point of the deal, each team's sure points are at most its exact points, checked against
/// plain minimax up to 4 tricks left and against the solver beyond. Many of the positions are
/// trick boundaries late in a trump or no-trump deal, where the quick tricks apply.
#[test]
fn sure_points_never_exceed_the_value() {
    let mut rng = GameRng::new(Seed::from(0xB0B), 0);
    let mut applied = 0;
    for seed in 0..3000u64 {
        let contract = CONTRACTS[rng.below(CONTRACTS.len() as u64) as usize];
        // Mostly trick boundaries (where the quick tricks apply), 1 to 6 tricks left.
        let tricks_left = 1 + rng.below(6) as usize;
        let offset = if rng.below(4) == 0 {
            rng.below(4) as usize
        } else {
            0
        };
        let cards = 36 - 4 * tricks_left + offset;
        let deal = deal_after(seed, contract, cards);
        let position = Position::from_deal(&deal).unwrap();
        let sure = sure_points(&position).unwrap();
        let exact = if tricks_left <= 4 {
            reference::solve(&position).unwrap().points
        } else {
            solve(&position).unwrap().points
        };
        for team in 0..2 {
            assert!(
                sure[team] <= exact[team],
                "seed {seed} {contract} after {cards}: team {team} sure of {} but takes {}",
                sure[team],
                exact[team]
            );
        }
        if sure != [0, 0] {
            applied += 1;
        }
    }
    // The bounds say something on a good share of the positions.
    assert!(applied > 500, "{applied}");
}

/// A reusable `Solver` gives `solve`'s solutions, whatever it solved before: a deal played
/// out card by card (the table kept), positions of other deals in between (the table
/// forgotten), a small table; its cheaper calls agree with the full one.
#[test]
fn solver_keeps_its_table_and_agrees() {
    let mut solver = Solver::new();
    let mut small = Solver::with_memory(4096);
    assert_eq!(small.memory(), 4096);
    for seed in 0..12u64 {
        let contract = CONTRACTS[(seed % 10) as usize];
        let mut deal = deal_after(seed, contract, 16);
        let mut moves = Vec::new();
        while deal.to_act().is_some() {
            let position = Position::from_deal(&deal).unwrap();
            let fresh = solve(&position).unwrap();
            let kept = solver.solve(&position).unwrap();
            assert_eq!(
                (kept.points, kept.best, kept.taken, kept.to_play),
                (fresh.points, fresh.best, fresh.taken, fresh.to_play),
                "seed {seed} {contract} after {} cards",
                deal.plays().len()
            );
            let tight = small.solve(&position).unwrap();
            assert_eq!((tight.points, tight.best), (fresh.points, fresh.best));
            let one = solver.best_card(&position).unwrap();
            let lone = best_card(&position).unwrap();
            for one in [&one, &lone] {
                assert_eq!((one.points, one.taken), (fresh.points, fresh.taken));
                assert_eq!(one.best.len(), 1);
                assert!(fresh.best.contains(one.best.first().unwrap()));
            }
            assert!(
                lone.nodes <= fresh.nodes,
                "the other cards' proofs are skipped"
            );
            for team in 0..2 {
                let v = fresh.points[team];
                assert!(solver.reaches(&position, team, v).unwrap());
                assert!(!solver.reaches(&position, team, v + 1).unwrap());
                assert!(small.reaches(&position, team, v.saturating_sub(7)).unwrap());
            }
            // An unrelated position in between: the table is forgotten, not wrong.
            let other = Position::from_deal(&deal_after(seed + 100, contract, 24)).unwrap();
            assert_eq!(
                solver.solve(&other).unwrap().points,
                solve(&other).unwrap().points
            );
            // Play on along a best line and, each third card, along another legal card.
            deal.legal_actions(&mut moves);
            let card = fresh.best.first().unwrap();
            let action = if deal.plays().len().is_multiple_of(3) {
                moves[moves.len() - 1]
            } else {
                Action::Play(card)
            };
            deal.play(action).unwrap();
        }
        let done = Position::from_deal(&deal).unwrap();
        for solution in [solver.best_card(&done).unwrap(), best_card(&done).unwrap()] {
            assert_eq!(solution.to_play, None);
            assert!(solution.best.is_empty());
        }
        assert!(!solver.reaches(&done, 0, 1).unwrap());
        assert!(solver.reaches(&done, 1, 0).unwrap());
    }
    let position = Position::from_deal(&deal_after(1, CONTRACTS[0], 20)).unwrap();
    let refused = solver.reaches(&position, 2, 10).unwrap_err();
    assert_eq!(refused, SolveError::NoSuchTeam { team: 2 });
    assert!(refused.to_string().ends_with("not 2"), "{refused}");
}

/// A `Solver` reports the positions of its last call: what its `Solution` says, the work of a
/// `reaches` test, and none for a call that searched nothing or was refused.
#[test]
fn a_solver_counts_the_positions_of_its_last_call() {
    let mut solver = Solver::new();
    assert_eq!(solver.nodes(), 0);
    let position = Position::from_deal(&deal_after(3, CONTRACTS[0], 12)).unwrap();
    let solution = solver.best_card(&position).unwrap();
    assert!(solution.nodes > 0);
    assert_eq!(solver.nodes(), solution.nodes);
    let mut fresh = Solver::new();
    assert!(fresh.reaches(&position, 0, solution.points[0]).unwrap());
    assert!(fresh.nodes() > 0);
    // Asked for no points, or more than are left, no search is needed.
    assert!(fresh.reaches(&position, 0, 0).unwrap());
    assert_eq!(fresh.nodes(), 0);
    assert!(solver.reaches(&position, 1, 158).is_ok_and(|r| !r));
    assert_eq!(solver.nodes(), 0);
    solver.solve(&position).unwrap();
    assert!(solver.reaches(&position, 2, 10).is_err());
    assert_eq!(solver.nodes(), 0);
}

/// What a search is given for a position (`RuleBot::exact_value`) is what the deal's returns
/// come to when every seat plays a best card of the solver from there on: the card points,
/// the Stöck not yet credited, the Match, the multiplier. On random positions with two or
/// three tricks left in every contract the solver plays.
#[test]
fn exact_value_is_the_returns_of_best_play() {
    use cards_core::RuleBot;
    let mut stoeck_pending = 0;
    for seed in 0..200u64 {
        let contract = CONTRACTS[seed as usize % CONTRACTS.len()];
        let mut deal = deal_after(seed, contract, 24 + (seed as usize % 5) * 2);
        let left = 36 - deal.plays().len();
        assert_eq!(deal.solve_left(), Some(left));
        let exact = deal.exact_value(&deal).unwrap();
        assert!(exact.cost >= 1);
        if let Mode::Trump(suit) = contract.mode().unwrap_or(Mode::Obenabe)
            && deal.stoeck().is_none()
            && (0..4).any(|s| {
                let h = deal.dealt_hand(PlayerId(s));
                h.contains(JassCard::new(suit, cards_core::JassRank::King))
                    && h.contains(JassCard::new(suit, cards_core::JassRank::Queen))
            })
        {
            stoeck_pending += 1;
        }
        while let Some(seat) = deal.to_act() {
            let best = solve(&Position::from_deal(&deal).unwrap()).unwrap().best;
            assert!(deal.hand(seat).contains(best.first().unwrap()));
            deal.play(Action::Play(best.first().unwrap())).unwrap();
        }
        assert_eq!(deal.solve_left(), None, "over");
        assert_eq!(exact.value, deal.returns(), "seed {seed}, {contract}");
    }
    assert!(
        stoeck_pending > 0,
        "some position has a Stöck still to credit"
    );
}

/// No exact value before the contract, in a Trio, or once the deal is over.
#[test]
fn exact_value_where_the_solver_does_not_play() {
    use cards_core::RuleBot;
    let rules = Rules {
        variants: Variants::ALL,
        ..Rules::default()
    };
    let mut deal = SchieberDeal::new(&rules, 4, Seed::from(1)).unwrap();
    assert_eq!(deal.solve_left(), None);
    assert!(deal.exact_value(&deal).is_none());
    deal.play(Action::Name(Contract::Trio)).unwrap();
    assert_eq!(deal.solve_left(), None);
    assert!(deal.exact_value(&deal).is_none());
}

/// The sure trumps with the cards that fall beside them, by hand: hearts trump, seat 0 holds
/// the Buur, the only trump left, so one trick is sure to seats 0 and 2. Each opponent gives it
/// a card, at least the KS and the KD (4 each), and the partner one that is not a trump, at
/// least the JD (2): 20 + 4 + 4 + 2 = 30 sure, where the Buur alone counts 20.
#[test]
fn sure_trumps_with_what_falls_beside_them() {
    let position = ending(
        ["JH 6S 7S", "AS TS KS", "AC QD JD", "AD TD KD"],
        Contract::Mode(Mode::Trump(JassSuit::Hearts)),
    );
    assert_eq!(sure_points(&position).unwrap(), [30, 0]);
    let exact = reference::solve(&position).unwrap().points;
    assert_eq!(solve(&position).unwrap().points, exact);
    assert!(exact[0] >= 30, "{exact:?}");
}

/// Whole deals, where the value's tests start from a guess (the rest solved after the trick
/// the move ordering plays first): the value is what single null-window tests, which take no
/// guess, find, on deals the guess hits and deals it misses.
#[test]
fn whole_deal_values_agree_with_single_tests() {
    let mut solver = Solver::new();
    for (seed, contract) in [(1u64, 0usize), (3, 4), (5, 2), (8, 5), (13, 8), (21, 1)] {
        let contract = CONTRACTS[contract];
        let position = Position::from_deal(&deal_after(seed, contract, 0)).unwrap();
        let value = best_card(&position).unwrap().points[0];
        assert!(solver.reaches(&position, 0, value).unwrap(), "seed {seed}");
        assert!(
            !solver.reaches(&position, 0, value + 1).unwrap(),
            "seed {seed}"
        );
    }
}

/// Card `c` with its suit renamed by `names` (suit `s` becomes `names[s]`).
fn renamed_card(c: JassCard, names: [usize; 4]) -> JassCard {
    JassCard::new(JassSuit::ALL[names[c.suit() as usize]], c.rank())
}

/// The position with its suits renamed by `names` ([`renamed_card`]), the trump suit of a
/// trump contract with them: the same game, card for card.
fn renamed(position: &Position, names: [usize; 4]) -> Position {
    let card = |c| renamed_card(c, names);
    let contract = match position.contract {
        Contract::Mode(Mode::Trump(s)) => {
            Contract::Mode(Mode::Trump(JassSuit::ALL[names[s as usize]]))
        }
        other => other,
    };
    Position {
        hands: position.hands.map(|hand| hand.iter().map(card).collect()),
        contract,
        plays: position.plays.iter().copied().map(card).collect(),
        ..position.clone()
    }
}

/// Seat `seat` moved `by` places on at the four-seat table.
fn turned_seat(seat: PlayerId, by: usize) -> PlayerId {
    (0..by).fold(seat, |s, _| s.next(4))
}

/// The position with every seat moved `by` places on (seat `s`'s hand to seat `s + by`,
/// forehand with it): the same game, the teams swapped when `by` is odd.
fn turned(position: &Position, by: usize) -> Position {
    Position {
        hands: core::array::from_fn(|s| position.hands[(s + 4 - by) % 4]),
        forehand: turned_seat(position.forehand, by),
        ..position.clone()
    }
}

/// The solution does not depend on the suits' names or on which seats hold the hands: with
/// the suits renamed (the trump suit too) the values are the same and the best cards the
/// renamed ones; with the seats turned the teams' values swap when they swap. On positions of
/// 3 to 7 tricks left, beyond the brute force, in every contract the solver plays and under
/// each of the play rules' options: the search's bit tricks work suit by suit and its bounds
/// team by team, so a slip in one suit or for one team shows here.
#[test]
fn values_do_not_depend_on_suit_names_or_seats() {
    let mut rng = GameRng::new(Seed::from(0x5A3E), 0);
    for seed in 0..600u64 {
        let contract = CONTRACTS[(seed % 10) as usize];
        let cards = 8 + rng.below(17) as usize;
        let play = PlayRules {
            buur_exception: seed % 4 != 1,
            undertrump_when_void: seed % 4 == 2,
        };
        let position = Position::from_deal(&deal_under(seed, contract, cards, play)).unwrap();
        let solution = solve(&position).unwrap();
        let what = format!("seed {seed} {contract} after {cards} cards");

        // A random order of the four suits.
        let mut names = [0, 1, 2, 3];
        rng.shuffle(&mut names);
        let other = solve(&renamed(&position, names)).unwrap();
        let best: CardSet<JassCard> = (solution.best.iter())
            .map(|c| renamed_card(c, names))
            .collect();
        assert_eq!(
            (other.points, other.taken, other.to_play, other.best),
            (solution.points, solution.taken, solution.to_play, best),
            "{what}, suits renamed {names:?}"
        );

        let by = 1 + rng.below(3) as usize;
        let other = solve(&turned(&position, by)).unwrap();
        let swap = |[a, b]: [u32; 2]| if by % 2 == 1 { [b, a] } else { [a, b] };
        let to_play = solution.to_play.map(|s| turned_seat(s, by));
        assert_eq!(
            (other.points, other.taken, other.to_play, other.best),
            (
                swap(solution.points),
                swap(solution.taken),
                to_play,
                solution.best
            ),
            "{what}, seats turned by {by}"
        );
    }
}
