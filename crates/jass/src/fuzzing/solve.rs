//! The open-hand solver's checks driven by bytes: the body of the fuzz target `jass_solve`.

use cards_core::{Game, JassCard, PlayerId};
use cards_testkit::fuzz::Input;

use crate::solve::{Position, Solution, SolveError, Solver, best_card, reference, solve};
use crate::{Action, Contract, PlayRules, Rules, SchieberDeal, Variants};

/// Positions of a Schieber deal read from the bytes, each solved and held against plain
/// minimax ([`reference::solve`]), then spoiled the way a caller's own [`Position`] could be
/// and solved again.
///
/// Byte 0 chooses the contract (`% 10`: every one but Trio, in the legal-action order; Trio
/// is tried on every position, and refused); byte 1 the play rules (bit 0 no Buur exception,
/// bit 1 undertrumping when void), the first dealer (bits 2–3) and the cards played: 36 less
/// 4 × (bits 4–5, the tricks left, 0 to 3) plus bits 6–7 (how far into the current trick);
/// the next eight bytes the seed. Then one byte a play picks a legal card (modulo their
/// number; the first once the bytes run out), and a last byte spoils the position (`% 8`,
/// 0–3 none).
///
/// The checks, on the position as dealt and played:
/// - [`solve`] gives what plain minimax gives: the seat to play, each team's points, the
///   points taken before and every best card; what is left and what was taken make 157;
/// - [`best_card`] gives the same points and one of the best cards;
/// - a small [`Solver`] that solved the position one play earlier (the same deal, so its
///   table is kept) and the position itself, twice, gives the same, and
///   [`Solver::reaches`] says each team reaches its points and not one point more;
/// - every bound the search prunes with ([`crate::solve::sure_points`]) is at most the exact
///   points;
/// - in Trio the position is refused as [`SolveError::UnsupportedContract`].
///
/// A spoiled position (a played card also held, a card moved to another hand, a forehand
/// that is no seat, a card swapped between a play and its seat's hand, or the last play
/// dropped when that seat holds no card) is refused with the error its kind names, or, where
/// it may still be a position of a deal (the swap), solved or refused (`Illegal`, or
/// `HandSize` when it changes who won an earlier trick) as plain minimax is; nothing panics.
///
/// # Panics
/// When any of these properties fails.
pub fn positions(data: &[u8]) {
    let mut input = Input::new(data);
    // Every contract but Trio, in the legal-action order.
    let contract = Contract::ALL
        .into_iter()
        .chain(Contract::VARIANTS)
        .filter(|&c| c != Contract::Trio)
        .nth(usize::from(input.byte()) % 10)
        .expect("ten contracts");
    let flags = input.byte();
    let play = PlayRules {
        buur_exception: flags & 0x01 == 0,
        undertrump_when_void: flags & 0x02 != 0,
    };
    let tricks_left = usize::from(flags >> 4 & 3);
    let cards = (36 - 4 * tricks_left + usize::from(flags >> 6)).min(36);
    let rules = Rules {
        play,
        variants: Variants::ALL,
        first_dealer: Some(PlayerId(flags >> 2 & 3)),
        ..Rules::default()
    };
    let seed = input.u64();
    let mut deal = SchieberDeal::new(&rules, 4, seed.into()).expect("the rules are valid");
    deal.play(Action::Name(contract))
        .expect("forehand may name any contract when every variant is on");
    let mut by = Vec::new();
    let mut moves = Vec::new();
    while deal.plays().len() < cards
        && let Some(seat) = deal.to_act()
    {
        deal.legal_actions(&mut moves);
        let pick = moves[usize::from(input.byte()) % moves.len()];
        deal.play(pick).expect("a legal card");
        by.push(seat);
    }
    let position = Position::from_deal(&deal).expect("a contract is named");
    // The position one play earlier: the last card back in its seat's hand.
    let before = by.last().zip(position.plays.last()).map(|(seat, &card)| {
        let mut before = position.clone();
        before.plays.pop();
        before.hands[seat.index()].insert(card);
        before
    });
    let solution = check(&position, before.as_ref());
    check_spoiled(&position, &by, &solution, input.byte());
}

/// [`solve`] of `position`, which must give what plain minimax gives: the same solution
/// (the seat to play, each team's points, the points taken before, every best card), or the
/// same refusal.
fn against_reference(position: &Position) -> Result<Solution, SolveError> {
    let (fast, slow) = (solve(position), reference::solve(position));
    match (&fast, &slow) {
        (Ok(f), Ok(s)) => assert_eq!(
            (f.to_play, f.points, f.taken, f.best),
            (s.to_play, s.points, s.taken, s.best),
            "solve against plain minimax on {position:?}"
        ),
        _ => assert_eq!(fast.as_ref().err(), slow.err().as_ref(), "{position:?}"),
    }
    fast
}

/// The checks on a position of a deal (see [`positions`]); its solution.
fn check(position: &Position, before: Option<&Position>) -> Solution {
    let fast = against_reference(position).expect("a position of a deal");
    let [a, b] = fast.points;
    assert_eq!(a + b + fast.taken[0] + fast.taken[1], 157, "{position:?}");
    assert_eq!(fast.best.is_empty(), fast.to_play.is_none(), "{position:?}");
    if let Some(seat) = fast.to_play {
        let hand = position.hands[seat.index()];
        assert!(fast.best.iter().all(|c| hand.contains(c)), "{position:?}");
    }

    let one = best_card(position).expect("a position of a deal");
    assert_eq!(one.points, fast.points, "best_card on {position:?}");
    assert_eq!(one.best.len(), usize::from(fast.to_play.is_some()));
    assert!(
        one.best.iter().all(|c| fast.best.contains(c)),
        "{position:?}"
    );

    let mut solver = Solver::with_memory(1 << 12);
    if let Some(before) = before {
        let earlier = solver.solve(before).expect("a position of a deal");
        let again = solve(before).expect("a position of a deal");
        assert_eq!(earlier.points, again.points, "a fresh solver on {before:?}");
    }
    for _ in 0..2 {
        let kept = solver.solve(position).expect("a position of a deal");
        assert_eq!(
            (kept.points, kept.best),
            (fast.points, fast.best),
            "a solver that kept its table, on {position:?}"
        );
    }
    for team in 0..2 {
        let points = fast.points[team];
        assert!(solver.reaches(position, team, points).expect("a team"));
        assert!(!solver.reaches(position, team, points + 1).expect("a team"));
    }
    assert!(matches!(
        solver.reaches(position, 2, 0),
        Err(SolveError::NoSuchTeam { team: 2 })
    ));
    let sure = crate::solve::sure_points(position).expect("a position of a deal");
    assert!(
        sure[0] <= fast.points[0] && sure[1] <= fast.points[1],
        "sure points {sure:?} above the value {:?} on {position:?}",
        fast.points
    );

    let mut trio = position.clone();
    trio.contract = Contract::Trio;
    assert!(matches!(
        solve(&trio),
        Err(SolveError::UnsupportedContract { .. })
    ));
    fast
}

/// The checks on `position` spoiled as `how` says (see [`positions`]); `by` are the seats
/// that made its plays, and `solution` is its solution.
fn check_spoiled(position: &Position, by: &[PlayerId], solution: &Solution, how: u8) {
    let mut spoiled = position.clone();
    let held: Vec<(usize, JassCard)> = (0..4)
        .flat_map(|s| position.hands[s].iter().map(move |c| (s, c)))
        .collect();
    let pick = usize::from(how / 8);
    let refused = |p: &Position, want: fn(&SolveError) -> bool, what: &str| {
        let got = against_reference(p);
        assert!(
            got.as_ref().is_err_and(want),
            "{what} not refused as such: {got:?} on {p:?}"
        );
        assert_eq!(best_card(p).err(), got.err(), "best_card on {p:?}");
    };
    match how % 8 {
        // A played card also held: the deck is no longer the deck.
        4 if !position.plays.is_empty() && !held.is_empty() => {
            let (seat, card) = held[pick % held.len()];
            spoiled.hands[seat].remove(card);
            spoiled.hands[seat].insert(position.plays[pick % position.plays.len()]);
            refused(
                &spoiled,
                |e| matches!(e, SolveError::Duplicate { .. }),
                "a card held and played",
            );
        }
        // A card moved to another seat's hand: the hand sizes no longer fit the plays.
        5 if !held.is_empty() => {
            let (seat, card) = held[pick % held.len()];
            spoiled.hands[seat].remove(card);
            spoiled.hands[(seat + 1 + pick % 3) % 4].insert(card);
            refused(
                &spoiled,
                |e| matches!(e, SolveError::HandSize { .. }),
                "a card in another hand",
            );
        }
        // Forehand outside the table.
        6 => {
            spoiled.forehand = PlayerId(4 + how % 252);
            refused(
                &spoiled,
                |e| matches!(e, SolveError::NoSuchSeat { .. }),
                "a forehand of no seat",
            );
        }
        // A play swapped with a card its seat still holds (a legal play or not), or the last
        // play dropped (its card then in no hand).
        7 if !position.plays.is_empty() => {
            let index = pick % position.plays.len();
            let seat = by[index].index();
            let hand: Vec<JassCard> = position.hands[seat].iter().collect();
            if hand.is_empty() {
                spoiled.plays.pop();
                refused(
                    &spoiled,
                    |e| matches!(e, SolveError::NotTheDeck { .. }),
                    "a play dropped",
                );
            } else {
                let card = hand[usize::from(how) % hand.len()];
                spoiled.hands[seat].remove(card);
                spoiled.hands[seat].insert(position.plays[index]);
                spoiled.plays[index] = card;
                let _ = against_reference(&spoiled);
            }
        }
        _ => {
            let again = solve(position).expect("a position of a deal");
            assert_eq!(again, *solution, "solve twice on {position:?}");
        }
    }
}
