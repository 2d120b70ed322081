//! Zaägox's invariant checks driven by arbitrary bytes: the bodies of the fuzz targets
//! `zaagox_game`, `zaagox_state_json`, `zaagox_score` and `zaagox_action_text` (feature
//! `fuzzing`).
//!
//! Each public function takes any byte string, drives one part of the crate with it and
//! **panics** as soon as an invariant fails — the signal a fuzzer looks for. The generic part
//! (the [`Game`] contract) is `cards-testkit`'s byte-driven driver; this module is what is
//! Zaägox's own: how the first bytes choose the rules, the real-time Da operations
//! ([`Zaagox::claim_da`], [`Zaagox::close_da`]) as extra driver operations, what each move must
//! have done, the invariants of a position, the scoring fast path against the reference, and
//! the action notation. See `docs/fuzzing.md`.
//!
//! Not a stable API: hidden from the docs, free to change in any release.

use cards_core::{Card, CardSet, DidoCard, Game, NoEvents, PlayerId};
use cards_testkit::fuzz::{self, FuzzGame, Input, Table, text};

use crate::{
    Action, AvaRule, Event, Exhaustion, FirstPlayer, NegativeScores, Outcome, Phase, Rules, Score,
    ScoreError, Scorer, SetupError, Shape, ShapeMap, View, Zaagox, reference,
};

/// A set of Didopoikas cards.
type Hand = CardSet<DidoCard>;

/// Most 4- and 5-card windows of one input scored in [`score`].
const MAX_WINDOWS: usize = 64;

// ---- open findings -----------------------------------------------------------------------------
//
// None at present. While a bug found here is open in another crate, a fuzz build may skip the
// inputs that reproduce it, so the fuzzer keeps looking for new bugs: guard that one check with
// `cfg!(fuzzing)` (cargo-fuzz builds with `--cfg fuzzing`; allow `unexpected_cfgs` on the item)
// and name the finding. The stable replay test stays strict. See docs/fuzzing.md.

// ---- entry points -----------------------------------------------------------------------------

/// A Zaägox game driven by bytes, checked after every step: [`cards_testkit::fuzz::game`] with
/// Zaägox's own table, operations and invariants.
///
/// The first bytes choose the table: byte 0 the player count (`2 + byte % 3`), the Ava rule
/// (bit 2), how negative scores settle (bit 3), whether the first player is fixed (bit 4; the
/// seat from bits 5–7) and whether a custom shape map is used (bit 7); byte 1 a small turn
/// limit (`1 + byte % 40` below `0x80`) or the default; the next eight bytes the seed. Then
/// each step reads an opcode (`% 8`) and an argument byte (sometimes more): 0–3 a legal action,
/// 4 any action index, 5 a plausible action built from the cards on the table (another seat's
/// card, another seat's pair, the wrong number, …), 6 a real-time [`Zaagox::claim_da`] by any
/// seat 0–4 with one of its cards or any card, 7 a real-time [`Zaagox::close_da`].
///
/// Besides the generic checks, after each step: no seat stores more than four cards without
/// Ava (nor more than five); seats not at the table hold nothing; turns stay within the limit;
/// the phase, `to_act`, the outcome and the legal actions agree; legal actions round-trip
/// through their index; a discard lies out exactly in the Da window (or after a turn-limit
/// ending); the seat to play after a store or an End/Ava choice is the next one; an ending fits
/// the state; the settlement is the spec's (the winner's score is the reference score of its
/// stored cards; a failed Ava declarer pays alone). Each action did what it says; a claim or a
/// close succeeds exactly when the rules allow it and does what it says. Views show ageing
/// cards to their owner only and number Ava declarations 1, 2, …; a finished game refuses
/// `claim_da` and `close_da`.
///
/// # Panics
/// When any of these properties fails.
pub fn game(data: &[u8]) {
    fuzz::game::<Zaagox>(data);
}

/// Zaägox states, views, rules and setups from arbitrary JSON:
/// [`cards_testkit::fuzz::state_json`] with Zaägox's invariants. A state's JSON is
/// `{"rules": …, "setup": …}`; rules that validate for a player count must set up a game for
/// it.
///
/// # Panics
/// When any of these properties fails.
pub fn state_json(data: &[u8]) {
    fuzz::state_json::<Zaagox>(data);
}

/// Zaägox action notation on arbitrary input: [`cards_testkit::fuzz::game_text`] (Didopoikas
/// cards, actions, seeds and their JSON), and for an action that parses: its display is the
/// input's canonical spelling (keywords exact, cards in upper case, single spaces) and it
/// round-trips through its index; a refusal echoes the input's first 64 characters.
///
/// # Panics
/// When any of these properties fails.
pub fn action_text(data: &[u8]) {
    fuzz::game_text::<Zaagox>(data);
    let text = String::from_utf8_lossy(data);
    match text.parse::<Action>() {
        Ok(action) => {
            let shown = action.to_string();
            // Keywords are matched exactly (lower case, and none is a card); cards in any case.
            let canonical_words: Vec<String> = text
                .split_whitespace()
                .map(|w| match w.parse::<DidoCard>() {
                    Ok(_) => text::canonical_dido(w),
                    Err(_) => w.to_owned(),
                })
                .collect();
            assert_eq!(
                shown,
                canonical_words.join(" "),
                "action {text:?} displays as {shown:?}, not in canonical spelling"
            );
            assert!(action.index() < Action::COUNT);
            assert_eq!(Action::from_index(action.index()), Some(action));
        }
        Err(e) => {
            let echoed: String = text.chars().take(64).collect();
            assert_eq!(e.text, echoed, "an action parse error echoes 64 characters");
            assert!(!e.to_string().is_empty());
        }
    }
}

/// Zaägox scoring: the fast path against the plain reference, on arbitrary card lists.
///
/// Each byte `b` names the card with index `b % 40`; the indices 36–39 name no card and are
/// skipped. The whole list (any length, repeats allowed) and its first 64 4- and 5-card
/// windows are scored with [`crate::score`] and [`reference::score`] under the default map,
/// which must agree exactly (the same [`Score`] or the same [`ScoreError`], both also worked
/// out independently); [`crate::score_set`] on the distinct cards must agree with the
/// reference on them, and with the slice score whenever no card repeats. A [`Scorer`] for a
/// shape map derived from the input must agree with the reference under that map. Every score
/// lies within the spec's bounds.
///
/// # Panics
/// When any of these properties fails.
pub fn score(data: &[u8]) {
    let cards: Vec<DidoCard> = data
        .iter()
        .filter_map(|&b| DidoCard::from_index(b % 40))
        .collect();
    let custom = shape_map_from(fuzz::fnv1a(data));
    let custom_scorer = Scorer::new(&custom);
    check_score(&cards, &custom, &custom_scorer);
    for len in [4, 5] {
        for window in cards.windows(len).take(MAX_WINDOWS) {
            check_score(window, &custom, &custom_scorer);
        }
    }
}

// ---- the driver's hooks -----------------------------------------------------------------------

/// Zaägox in `cards-testkit`'s byte-driven checks (see [`game`] and [`state_json`]).
impl FuzzGame for Zaagox {
    type Position = Zaagox;

    /// Opcode 6: a real-time Da claim; opcode 7: a real-time close of the Da window.
    const EXTRA_OPS: u8 = 2;

    fn table(input: &mut Input<'_>) -> Table<Self> {
        let flags = input.byte();
        let players = 2 + usize::from(flags % 3);
        let limit = input.byte();
        let seed_bits = input.u64();
        let rules = Rules {
            ava: if flags & 0x04 == 0 {
                AvaRule::Continue
            } else {
                AvaRule::Immediate
            },
            negative_scores: if flags & 0x08 == 0 {
                NegativeScores::Pay
            } else {
                NegativeScores::AsZero
            },
            first_player: if flags & 0x10 == 0 {
                FirstPlayer::FromSeed
            } else {
                FirstPlayer::Seat(PlayerId((flags >> 5) % players as u8))
            },
            turn_limit: if limit < 0x80 {
                1 + u32::from(limit % 40)
            } else {
                Rules::DEFAULT_TURN_LIMIT
            },
            shapes: if flags & 0x80 == 0 {
                ShapeMap::default()
            } else {
                shape_map_from(seed_bits.rotate_left(17))
            },
        };
        Table {
            rules,
            players,
            seed: seed_bits.into(),
        }
    }

    fn plausible_action(&self, kind: u8, input: &mut Input<'_>) -> Option<Action> {
        let (a, b) = (input.byte(), input.byte());
        Some(plausible_action(self, kind, a, b))
    }

    fn extra_op(&self, op: u8, arg: u8, input: &mut Input<'_>) -> Option<Zaagox> {
        match op {
            0 => try_claim(self, arg, input.byte()),
            _ => try_close(self),
        }
    }

    fn check_state(&self) {
        check_state(self);
    }

    fn check_transition(&self, action: Action, after: &Zaagox) {
        check_transition(self, action, after);
    }

    fn check_view(&self, seat: PlayerId, view: &View) {
        for pair in &view.pairs {
            assert_eq!(
                pair.ageing.is_some(),
                pair.owner == seat,
                "ageing shown to the wrong seat"
            );
        }
        assert!(
            ava_positions_consecutive(&view.ava),
            "Ava positions {:?} are not 1, 2, … in order of declaration",
            view.ava
        );
        assert_eq!(view.seat, seat, "seat {seat} is shown the view of another");
    }

    fn view_seat(view: &View) -> Option<PlayerId> {
        Some(view.seat)
    }

    fn check_finished(&self) {
        let mut probe = self.clone();
        assert!(
            probe.close_da(&mut NoEvents).is_err(),
            "close_da on a finished game"
        );
        for seat in PlayerId::all(Rules::MAX_PLAYERS) {
            for card in self.hand(seat) {
                assert!(
                    probe.claim_da(seat, card, &mut NoEvents).is_err(),
                    "claim_da on a finished game"
                );
            }
        }
        assert_eq!(
            probe, *self,
            "refused real-time calls changed a finished game"
        );
    }

    fn check_new(rules: &Rules, players: usize, result: &Result<Zaagox, SetupError>) {
        assert_eq!(
            rules.validate(players).is_ok(),
            result.is_ok(),
            "rules that validate for {players} players set up a game exactly: {result:?}"
        );
    }
}

// ---- input helpers ----------------------------------------------------------------------------

/// A valid shape map with the blanks Quotos and the numbered cards' shapes taken from `bits`
/// (custom counts allowed), so scoring is also checked away from the default map.
fn shape_map_from(bits: u64) -> ShapeMap {
    let mut shapes = [Shape::Quotos; DidoCard::COUNT];
    for card in DidoCard::ALL {
        if !card.is_zero() {
            let i = u32::from(card.index());
            shapes[card.index() as usize] = Shape::ALL[(bits.rotate_right(i) % 3) as usize];
        }
    }
    ShapeMap::new(shapes, true).expect("blanks are Quotos and numbered cards are not")
}

// ---- scoring ----------------------------------------------------------------------------------

/// Checks the scoring functions on one list of cards (see [`score`]).
fn check_score(cards: &[DidoCard], custom: &ShapeMap, custom_scorer: &Scorer) {
    let default = ShapeMap::default();
    let fast = crate::score(cards);
    let slow = reference::score(cards, &default);
    assert_eq!(
        fast, slow,
        "score and reference::score disagree on {cards:?}"
    );

    // What the error must be, worked out independently.
    let first_repeat = cards
        .iter()
        .enumerate()
        .find(|&(i, c)| cards[..i].contains(c))
        .map(|(_, &c)| c);
    match (&fast, cards.len(), first_repeat) {
        (Err(ScoreError::WrongCount { got }), n, _) if n != 4 && n != 5 => assert_eq!(*got, n),
        (Err(ScoreError::Duplicate { card }), 4 | 5, Some(first)) => assert_eq!(*card, first),
        (Ok(score), n @ (4 | 5), None) => check_score_value(score, n),
        (result, n, repeat) => {
            panic!("{cards:?} ({n} cards, first repeat {repeat:?}) scores as {result:?}")
        }
    }

    let set: Hand = cards.iter().copied().collect();
    let distinct: Vec<DidoCard> = set.iter().collect();
    let fast_set = crate::score_set(set);
    assert_eq!(
        fast_set,
        reference::score(&distinct, &default),
        "score_set and reference::score disagree on {set}"
    );
    if first_repeat.is_none() {
        assert_eq!(fast_set, fast, "score_set and score disagree on {cards:?}");
    }

    assert_eq!(
        custom_scorer.score(cards),
        reference::score(cards, custom),
        "Scorer::score and reference::score disagree on {cards:?} under {custom:?}"
    );
    let custom_set = custom_scorer.score_set(set);
    assert_eq!(
        custom_set,
        reference::score(&distinct, custom),
        "Scorer::score_set and reference::score disagree on {set} under {custom:?}"
    );
    if let Ok(score) = custom_set {
        check_score_value(&score, distinct.len());
    }
}

/// Bounds every score obeys, under any shape map: −4 to 144 for four cards, −4 to 4096 for five;
/// kind counts that the cards can have; five kinds only with five cards.
fn check_score_value(score: &Score, cards: usize) {
    let max = if cards == 4 { 144 } else { 4096 };
    assert!(
        (-4..=max).contains(&score.points),
        "{score:?} is out of bounds for {cards} cards"
    );
    assert_eq!(usize::from(score.cards), cards);
    assert!((1..=4).contains(&score.shape_kinds), "{score:?}");
    assert!(
        score.colour_kinds <= 5 && score.number_kinds <= 5,
        "{score:?}"
    );
    if cards == 4 {
        assert!(
            score.colour_kinds <= 4 && score.number_kinds <= 4,
            "{score:?}"
        );
    }
    assert!(!score.strong || score.number_kinds >= 4, "{score:?}");
}

// ---- moves ------------------------------------------------------------------------------------

/// What each applied action must have done, beyond the state invariants.
fn check_transition(before: &Zaagox, action: Action, after: &Zaagox) {
    let seat = before
        .to_act()
        .expect("an action was applied, so someone was to act");
    let over = after.is_terminal();
    let has_pair = |a: DidoCard, b: DidoCard| {
        after
            .pairs()
            .iter()
            .any(|p| p.owner() == seat && p.cards().contains(&a) && p.cards().contains(&b))
    };
    match action {
        Action::Discard(card) | Action::Age { card, .. } => {
            assert!(
                !after.hand(seat).contains(card),
                "{action} left {card} in the hand"
            );
        }
        Action::Pair(a, b) => assert!(has_pair(a, b), "{action} made no pair"),
        Action::Da(card) => {
            let discard = before.discard().expect("a Da claim needs a discard");
            assert!(
                has_pair(card, discard),
                "{action} made no pair with {discard}"
            );
        }
        Action::Pass => {}
        Action::Store(card) => {
            assert!(
                after.stored(seat).contains(card),
                "{action} did not store {card}"
            );
        }
        Action::End => assert!(
            matches!(after.outcome(), Some(Outcome::Won { winner, .. }) if winner == seat),
            "{action} by seat {seat} did not make it win"
        ),
        Action::Ava => assert!(
            over || after.ava_declared(seat),
            "ava by seat {seat} left it without a declared Ava"
        ),
    }
}

/// An action built from cards on the table, so that near-misses (another seat's card, another
/// seat's pair, the wrong number) are tried far more often than by uniform indices.
fn plausible_action(game: &Zaagox, kind: u8, a: u8, b: u8) -> Action {
    let seat = game.to_act().unwrap_or_default();
    let hand = game.hand(seat);
    let pick = |set: Hand, byte: u8| -> DidoCard {
        if set.is_empty() || byte & 0x80 != 0 {
            DidoCard::ALL[usize::from(byte) % DidoCard::COUNT]
        } else {
            set.iter()
                .nth(usize::from(byte) % set.len())
                .expect("index below the length")
        }
    };
    let pair_card = |byte: u8| -> DidoCard {
        let pairs = game.pairs();
        if pairs.is_empty() || byte & 0x80 != 0 {
            DidoCard::ALL[usize::from(byte) % DidoCard::COUNT]
        } else {
            pairs[usize::from(byte) % pairs.len()].cards()[usize::from(byte >> 6) & 1]
        }
    };
    let other_seat = PlayerId(b % 4);
    match kind % 8 {
        0 => Action::Discard(pick(hand, a)),
        1 => Action::Discard(pick(game.hand(other_seat), a)),
        2 => Action::Pair(pick(hand, a), pick(hand, b)),
        3 => Action::Age {
            card: pick(hand, a),
            onto: pair_card(b),
        },
        4 => Action::Da(pick(hand, a)),
        5 => Action::Store(pair_card(a)),
        6 => Action::Pass,
        _ => {
            if a & 1 == 0 {
                Action::End
            } else {
                Action::Ava
            }
        }
    }
}

/// A real-time Da claim by seat `who % (MAX_PLAYERS + 1)` (the last is never at the table): it succeeds exactly
/// when the seat is at the table, is not the discarder and holds the card, whose number matches
/// the open discard; then the pair exists, the discard is gone and the right seat moves. The
/// state after it, or `None` when refused (the state is a value: a refusal cannot change it).
fn try_claim(game: &Zaagox, who: u8, card_byte: u8) -> Option<Zaagox> {
    let seat = PlayerId(who % (Rules::MAX_PLAYERS as u8 + 1));
    let hand = game.hand(seat);
    let card = if hand.is_empty() || card_byte & 0x80 != 0 {
        DidoCard::ALL[usize::from(card_byte) % DidoCard::COUNT]
    } else {
        hand.iter()
            .nth(usize::from(card_byte) % hand.len())
            .expect("index below the length")
    };
    let players = game.num_players();
    let allowed = match (game.phase(), game.discard()) {
        (Phase::Da { discarder, .. }, Some(discard)) => {
            seat.index() < players
                && seat != discarder
                && hand.contains(card)
                && card.number() == discard.number()
        }
        _ => false,
    };
    let eligible: Vec<PlayerId> = game.da_eligible().collect();
    if allowed {
        assert!(
            eligible.contains(&seat),
            "seat {seat} may claim but is not listed as eligible"
        );
    }
    let mut next = game.clone();
    let mut events = Vec::new();
    match next.claim_da(seat, card, &mut events) {
        Ok(()) => {
            assert!(
                allowed,
                "seat {seat} claimed with {card} against the rules\n{game:?}"
            );
            let discard = game.discard().expect("a claim needs a discard");
            assert_eq!(
                events.first(),
                Some(&Event::DaClaimed {
                    seat,
                    card,
                    discard
                }),
                "a claim reports itself first"
            );
            views_follow(game, &events, &next);
            assert_eq!(next.discard(), None, "a claimed discard leaves the table");
            assert!(
                !next.hand(seat).contains(card),
                "the claiming card leaves the hand"
            );
            assert!(
                next.pairs()
                    .iter()
                    .any(|p| p.owner() == seat && p.cards().contains(&card))
                    || next.stored(seat).contains(card)
                    || next.stored(seat).contains(discard),
                "the claim made no pair of {discard} and {card} for seat {seat}"
            );
            match next.phase() {
                Phase::Act { seat: s } => assert_eq!(s, seat.next(players)),
                Phase::Store { seat: s, .. } => assert_eq!(s, seat),
                Phase::Over => {}
                other => panic!("after a Da claim the phase is {other:?}"),
            }
            Some(next)
        }
        Err(e) => {
            assert!(
                !allowed,
                "seat {seat}'s claim with {card} refused: {e}\n{game:?}"
            );
            assert!(!e.to_string().is_empty());
            assert_eq!(next, *game, "a refused claim changed the state");
            assert!(events.is_empty(), "a refused claim reported {events:?}");
            None
        }
    }
}

/// A real-time close of the Da window: it succeeds exactly when the window is open, and the seat
/// after the discarder plays next.
fn try_close(game: &Zaagox) -> Option<Zaagox> {
    let mut next = game.clone();
    let mut events = Vec::new();
    let closed = next.close_da(&mut events);
    match (game.phase(), closed) {
        (Phase::Da { discarder, .. }, Ok(())) => {
            assert_eq!(events.first(), Some(&Event::DaClosed));
            views_follow(game, &events, &next);
            match next.phase() {
                Phase::Act { seat } => {
                    assert_eq!(seat, discarder.next(game.num_players()));
                    assert_eq!(
                        next.discard(),
                        None,
                        "a closed window's discard goes to the pile"
                    );
                }
                // The turn limit ends the game before the next turn starts; the discard stays.
                Phase::Over => {}
                other => panic!("after closing the Da window the phase is {other:?}"),
            }
            Some(next)
        }
        (Phase::Da { .. }, Err(e)) => panic!("closing an open Da window refused: {e}"),
        (phase, Ok(_)) => panic!("close_da succeeded in phase {phase:?}"),
        (_, Err(e)) => {
            assert!(!e.to_string().is_empty());
            assert_eq!(next, *game, "a refused close changed the state");
            assert!(events.is_empty(), "a refused close reported {events:?}");
            None
        }
    }
}

// ---- positions --------------------------------------------------------------------------------

/// Zaägox's own invariants of a state (the generic ones — census, settlement sums, legal
/// actions against `to_act` and the mask — are the driver's).
fn check_state(game: &Zaagox) {
    let players = game.num_players();
    assert!((2..=4).contains(&players));
    for seat in PlayerId::all(Rules::MAX_PLAYERS) {
        let stored = game.stored(seat).len();
        if seat.index() >= players {
            assert!(
                game.hand(seat).is_empty() && stored == 0,
                "seat {seat} is not at the table"
            );
            continue;
        }
        assert!(
            stored <= 4 || (stored == 5 && game.ava_declared(seat)),
            "seat {seat} stores {stored} cards (Ava: {})\n{game:?}",
            game.ava_declared(seat)
        );
    }
    assert!(
        game.turns() <= game.rules().turn_limit,
        "turns past the limit"
    );

    let over = game.phase() == Phase::Over;
    assert_eq!(
        game.to_act().is_none(),
        over,
        "to_act disagrees with the phase"
    );
    assert_eq!(
        game.outcome().is_some(),
        over,
        "the outcome disagrees with the phase"
    );
    game.for_each_legal(|action| {
        assert_eq!(Action::from_index(action.index()), Some(action));
    });
    match game.phase() {
        Phase::Da { .. } => assert!(game.discard().is_some(), "a Da window without a discard"),
        Phase::Act { .. } => assert_eq!(game.discard(), None, "a discard outside the Da window"),
        Phase::Store { seat, next, .. } | Phase::Decide { seat, next } => {
            assert_eq!(game.discard(), None, "a discard outside the Da window");
            // A completed pair or a fourth stored card never changes whose turn comes next.
            assert_eq!(
                next,
                seat.next(players),
                "after seat {seat}'s store or decision, seat {next} is to play next"
            );
        }
        Phase::Over => {}
    }

    if let Some(misfit) = outcome_misfit(game) {
        panic!("{misfit}\n{game:?}");
    }

    let settlement = game.settlement();
    match game.outcome() {
        None | Some(Outcome::Exhausted { .. }) => {
            assert!(
                settlement.iter().all(|&r| r == 0),
                "{settlement:?} without a winner"
            );
        }
        Some(Outcome::Won {
            winner,
            score,
            ava_failed,
        }) => check_win(game, winner, score, ava_failed, &settlement),
    }
}

/// What is wrong with the way the game ended, if anything: the turn limit ends a game only when
/// reached, an empty pile only when empty, and only a turn-limit ending can leave a discard out
/// (the other endings come from moves made without one, or after it went back to the pile).
fn outcome_misfit(game: &Zaagox) -> Option<&'static str> {
    match game.outcome() {
        Some(Outcome::Exhausted {
            cause: Exhaustion::TurnLimit,
        }) if game.turns() != game.rules().turn_limit => {
            Some("the turn limit ended the game before it was reached")
        }
        Some(Outcome::Exhausted {
            cause: Exhaustion::PileEmpty,
        }) if game.pile_len() != 0 => Some("an empty pile ended the game but holds cards"),
        Some(Outcome::Exhausted {
            cause: Exhaustion::PileEmpty,
        })
        | Some(Outcome::Won { .. })
            if game.discard().is_some() =>
        {
            Some("a discard lies out after a win or after the pile ran out")
        }
        _ => None,
    }
}

/// Whether the Ava declarations are numbered 1, 2, … in order, as play numbers them.
fn ava_positions_consecutive(ava: &[Option<u8>]) -> bool {
    let mut positions: Vec<u8> = ava.iter().flatten().copied().collect();
    positions.sort_unstable();
    positions
        .iter()
        .enumerate()
        .all(|(i, &o)| usize::from(o) == i + 1)
}

/// A won game: the score is the reference score of the winner's stored cards and the
/// settlement pays it as the spec says.
fn check_win(
    game: &Zaagox,
    winner: PlayerId,
    score: Score,
    ava_failed: Option<PlayerId>,
    settlement: &[i64],
) {
    let stored: Vec<DidoCard> = game.stored(winner).iter().collect();
    assert!(
        stored.len() == 4 || (stored.len() == 5 && game.ava_declared(winner)),
        "winner {winner} stores {} cards",
        stored.len()
    );
    assert_eq!(
        Ok(score),
        reference::score(&stored, &game.rules().shapes),
        "the winning score is not the reference score"
    );
    let points = match game.rules().negative_scores {
        NegativeScores::Pay => score.points,
        NegativeScores::AsZero => score.points.max(0),
    };
    let losers = game.num_players() as i64 - 1;
    let mut expected = vec![0; game.num_players()];
    expected[winner.index()] = points * losers;
    match ava_failed {
        Some(payer) => {
            assert_ne!(payer, winner);
            assert!(
                game.ava_declared(payer),
                "{payer} pays for an Ava it did not declare"
            );
            expected[payer.index()] = -points * losers;
        }
        None => {
            for (seat, e) in expected.iter_mut().enumerate() {
                if seat != winner.index() {
                    *e = -points;
                }
            }
        }
    }
    assert_eq!(settlement, expected, "the settlement is not the spec's");
}

/// Every seat's view (and an onlooker's) of `before`, following the real-time call's `events`
/// redacted for it, is its view of `after`.
fn views_follow(before: &Zaagox, events: &[Event], after: &Zaagox) {
    let rules = before.rules();
    for seat in (0..=before.num_players()).filter_map(PlayerId::from_index) {
        let mut view = before.view(seat);
        for event in events {
            Zaagox::observe(&mut view, &Zaagox::redact(rules, event, seat))
                .unwrap_or_else(|e| panic!("seat {seat} cannot follow {event}: {e}"));
        }
        assert_eq!(
            view,
            after.view(seat),
            "seat {seat}'s view after {events:?}"
        );
    }
}
