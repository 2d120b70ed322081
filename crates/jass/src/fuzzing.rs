//! Jass's invariant checks driven by arbitrary bytes: the bodies of the fuzz targets
//! `jass_game`, `jass_state_json`, `jass_legal` and `jass_weis` (feature `fuzzing`), and of
//! each other game type's targets and the solver's in its submodule ([`coiffeur`],
//! [`differenzler`], [`solve`]).
//!
//! Each public function takes any byte string, drives one part of the crate with it and
//! **panics** as soon as an invariant fails — the signal a fuzzer looks for. The generic part
//! (the [`Game`] contract) is `cards-testkit`'s byte-driven driver; this module is what is
//! Jass's own: how the first bytes choose the rules, near-miss actions, what each move must
//! have done (a card leaves its hand, the trick and the credits progress, credits only grow,
//! the final totals are [`score_deal`]'s), the invariants of a position and a view, and the
//! fast card-level functions against their references ([`trick_reference::legal_cards`],
//! [`weis_reference::declare`]). See `docs/fuzzing.md`.
//!
//! Not a stable API: hidden from the docs, free to change in any release.

use core::cmp::Ordering;

pub mod coiffeur;
pub mod differenzler;
pub mod solve;

use cards_core::{Card, CardSet, Game, JassCard, PlayerId};
use cards_testkit::fuzz::{self, FuzzGame, Input, Table};

use crate::action::Contract;
use crate::schieber_deal::{PLAYS, SEATS, TRICKS, seat_after, team_of};
use crate::{
    Action, Bonuses, CreditKind, Credits, Mode, Multipliers, PlayRules, Rules, Scale, SchieberDeal,
    SchieberDealView, SetupError, WeisRules, compare, declare, is_legal, legal_cards, score_deal,
    trick_points, trick_reference, trick_winner, weis_reference,
};

/// A set of Jass cards.
type Hand = CardSet<JassCard>;

/// The multiplier presets a driven table chooses from.
const PRESETS: [Multipliers; 6] = [
    Multipliers::SEED,
    Multipliers::SWISSLOS,
    Multipliers::FLAT,
    Multipliers::APP,
    Multipliers::SWISS_CARDS,
    Multipliers::BLACK_ONE_RED_TWO,
];

/// Most cases one input drives in [`legal`] and [`weis`].
const MAX_CASES: usize = 64;

// ---- entry points -----------------------------------------------------------------------------

/// A Schieber deal driven by bytes, checked after every step: [`cards_testkit::fuzz::game`]
/// with Jass's own table, near-miss actions and invariants.
///
/// The first bytes choose the table (see [`rules_from`]): byte 0 the play and Weis options,
/// byte 1 the multiplier preset and the first dealer, byte 2 the forehand card; the next eight
/// bytes the seed. Then each step reads an opcode (`% 6`) and an argument byte: 0–3 a legal
/// action, 4 any action index, 5 a near miss (a card of the hand that may be illegal, another
/// seat's card, a contract, a push).
///
/// Besides the generic checks, on every state: the hands are disjoint parts of the dealt ones,
/// each seat holds nine cards less what it played, the plays are distinct and each came from
/// the hand of the seat whose turn it was, the credits agree with the tricks taken (card points
/// at most 157, exactly 157 at the end, Match and Stöck where due), and a finished deal's
/// credits and scores equal [`score_deal`]'s on the dealt hands and the plays. After each
/// action: a push or a contract changes nothing else; a card play removes exactly that card
/// from exactly its seat's hand, appends it to the plays, moves the turn on, credits the trick
/// to its winner when it completes it (the Weis with the first trick), and credits only grow by
/// exactly the moment's credits. Views show the seat its own hand and the public facts.
///
/// # Panics
/// When any of these properties fails.
pub fn game(data: &[u8]) {
    fuzz::game::<SchieberDeal>(data);
}

/// Schieber states (`{"rules": …, "setup": …}`), views, rules and setups from arbitrary JSON:
/// [`cards_testkit::fuzz::state_json`] with Jass's invariants; rules set up a game exactly for
/// the player counts they validate for.
///
/// # Panics
/// When any of these properties fails.
pub fn state_json(data: &[u8]) {
    fuzz::state_json::<SchieberDeal>(data);
}

/// [`legal_cards`] against [`trick_reference::legal_cards`] on hands, tricks, modes and play
/// rules read from the bytes.
///
/// Up to 64 cases, each from 8 bytes: byte 0 the mode (`% 6`) and the play rules (bits 3, 4),
/// byte 1 the trick's length (`% 4`), bytes 2–6 the hand (36 bits of a 40-bit integer), byte 7
/// seeds the trick's cards, taken among the cards not in the hand (as in a real deal). The two
/// must agree exactly, and so must [`is_legal`] for every card; the result lies in the hand and
/// is empty exactly when the hand is; leading, every card is legal.
///
/// # Panics
/// When any of these properties fails.
pub fn legal(data: &[u8]) {
    let mut input = Input::new(data);
    for _ in 0..MAX_CASES {
        if input.is_empty() {
            break;
        }
        let flags = input.byte();
        let mode = Mode::ALL[usize::from(flags % 6)];
        let rules = PlayRules {
            buur_exception: flags & 0x08 == 0,
            undertrump_when_void: flags & 0x10 != 0,
        };
        let len = usize::from(input.byte() % 4);
        let hand = hand_from_bits(&mut input);
        let trick = trick_outside(hand, len, input.byte());
        check_legal(hand, &trick, mode, &rules);
    }
}

/// [`declare`] against [`weis_reference::declare`] on sets of cards, modes and Weis rules read
/// from the bytes.
///
/// Up to 64 cases: byte 0 the mode (`% 6`) and the Weis rules (bit 3 the small scale, bit 4
/// four 6/7/8, bit 5 cross-Weis), byte 1 the number of cards (`% 10`, so up to a hand of
/// nine), then one byte per card (`% 36`, repeats skipped). The two must give the same
/// [`Declaration`](crate::Declaration); its total is the sum of its Weis' points; its Weis lie in the hand, are
/// held strongest first so the best is the strongest ([`compare`]), runs never share a card
/// and without cross-Weis no card serves two Weis.
///
/// # Panics
/// When any of these properties fails.
pub fn weis(data: &[u8]) {
    let mut input = Input::new(data);
    for _ in 0..MAX_CASES {
        if input.is_empty() {
            break;
        }
        let flags = input.byte();
        let mode = Mode::ALL[usize::from(flags % 6)];
        let rules = WeisRules {
            scale: if flags & 0x08 == 0 {
                Scale::Big
            } else {
                Scale::Small
            },
            four_low: flags & 0x10 != 0,
            cross_weis: flags & 0x20 != 0,
        };
        let count = input.byte() % 10;
        let mut hand = Hand::EMPTY;
        for _ in 0..count {
            if let Some(card) = JassCard::from_index(input.byte() % 36) {
                hand.insert(card);
            }
        }
        check_weis(hand, mode, &rules);
    }
}

// ---- the driver's hooks -----------------------------------------------------------------------

/// Schieber in `cards-testkit`'s byte-driven checks (see [`game`] and [`state_json`]).
impl FuzzGame for SchieberDeal {
    type Position = SchieberDeal;

    fn table(input: &mut Input<'_>) -> Table<Self> {
        let rules = rules_from(input.byte(), input.byte(), input.byte());
        Table {
            rules,
            players: SEATS,
            seed: input.u64().into(),
        }
    }

    fn plausible_action(&self, kind: u8, input: &mut Input<'_>) -> Option<Action> {
        let pick = input.byte();
        let seat = self.to_act().unwrap_or(PlayerId(0));
        let from = |hand: Hand| {
            hand.iter()
                .nth(usize::from(pick) % hand.len().max(1))
                .unwrap_or(JassCard::ALL[usize::from(pick) % 36])
        };
        Some(match kind % 4 {
            // A card of the hand to play: often not a legal one.
            0 => Action::Play(from(self.hand(seat))),
            // Another seat's card.
            1 => Action::Play(from(self.hand(seat_after(seat, 1 + usize::from(pick % 3))))),
            2 => Action::Name(Contract::ALL[usize::from(pick) % Contract::ALL.len()]),
            _ => Action::Push,
        })
    }

    fn check_state(&self) {
        check_state(self);
    }

    fn check_transition(&self, action: Action, after: &SchieberDeal) {
        check_transition(self, action, after);
    }

    fn check_view(&self, seat: PlayerId, view: &SchieberDealView) {
        check_view(self, seat, view);
    }

    fn view_seat(view: &SchieberDealView) -> Option<PlayerId> {
        Some(view.seat)
    }

    fn check_finished(&self) {
        let outcome = self.outcome().expect("a finished deal has an outcome");
        assert_eq!(
            outcome.credits.cards[0] + outcome.credits.cards[1],
            157,
            "a finished deal's card points are not 157"
        );
    }

    fn check_new(rules: &Rules, players: usize, result: &Result<SchieberDeal, SetupError>) {
        assert_eq!(
            rules.validate_schieber(players).is_ok(),
            result.is_ok(),
            "Game::new disagrees with the rules' validation for {players} seats: {result:?}"
        );
    }
}

/// The rules of a driven table: `flags` bit 0 turns the Buur exception off, bit 1 allows
/// undertrumping when void, bit 2 the small Weis scale, bit 3 four 6/7/8, bit 4 cross-Weis,
/// bit 5 the seed's Weis scoring, bit 6 no Weis, bit 7 no Stöck (both: no Match bonus either);
/// `choice` picks the multiplier preset (`% 6`) and the first
/// dealer (`choice / 6 % 5`: a seat, or 4 for one drawn from the seed); `card` the forehand
/// card when below 36 (else the default ♦7).
#[must_use]
pub fn rules_from(flags: u8, choice: u8, card: u8) -> Rules {
    let dealer = choice / 6 % 5;
    Rules {
        play: PlayRules {
            buur_exception: flags & 0x01 == 0,
            undertrump_when_void: flags & 0x02 != 0,
        },
        weis: WeisRules {
            scale: if flags & 0x04 == 0 {
                Scale::Big
            } else {
                Scale::Small
            },
            four_low: flags & 0x08 != 0,
            cross_weis: flags & 0x10 != 0,
        },
        seed_weis_scoring: flags & 0x20 != 0,
        bonuses: Bonuses {
            weis: flags & 0x40 == 0,
            stoeck: flags & 0x80 == 0,
            match_bonus: flags & 0xC0 != 0xC0,
        },
        multipliers: PRESETS[usize::from(choice) % PRESETS.len()],
        first_dealer: (dealer < 4).then_some(PlayerId(dealer)),
        forehand_card: JassCard::from_index(card).unwrap_or(Rules::DEFAULT_FOREHAND_CARD),
        ..Rules::default()
    }
}

// ---- states and transitions -------------------------------------------------------------------

/// The fuzzed rules enable no contract variant: every contract is one mode for the deal.
fn fixed(contract: Contract) -> Contract {
    assert!(
        !contract.is_variant(),
        "a variant under fuzzed rules: {contract}"
    );
    contract
}

/// The one mode of a contract under the fuzzed rules.
fn mode_of(contract: Contract) -> Mode {
    fixed(contract).mode().unwrap_or(Mode::Obenabe)
}

/// The seat that played `plays[i]`, replaying the tricks from forehand's lead.
fn players_of(deal: &SchieberDeal, contract: Contract) -> Vec<PlayerId> {
    let plays = deal.plays();
    let mut seats = Vec::with_capacity(plays.len());
    let mut leader = deal.forehand();
    for (t, chunk) in plays.chunks(SEATS).enumerate() {
        seats.extend((0..chunk.len()).map(|i| seat_after(leader, i)));
        if chunk.len() == SEATS {
            leader = seat_after(
                leader,
                trick_winner(
                    chunk,
                    fixed(contract).trick_mode(t, &[]).unwrap_or(Mode::Obenabe),
                ),
            );
        }
    }
    seats
}

/// The invariants of any Schieber position.
fn check_state(deal: &SchieberDeal) {
    let seats = || PlayerId::all(SEATS);
    let plays = deal.plays();
    // The dealt hands are the deck, nine each; the hands now are parts of them.
    let mut dealt = Hand::EMPTY;
    let mut held = Hand::EMPTY;
    for seat in seats() {
        let (now, then) = (deal.hand(seat), deal.dealt_hand(seat));
        assert_eq!(
            then.len(),
            TRICKS,
            "seat {seat} was dealt {} cards",
            then.len()
        );
        assert!(
            now.is_subset(then),
            "seat {seat} holds a card it was not dealt"
        );
        assert!((dealt & then).is_empty(), "two seats were dealt one card");
        assert!((held & now).is_empty(), "two seats hold one card");
        dealt |= then;
        held |= now;
    }
    assert_eq!(dealt, Hand::full(), "the dealt hands are not the deck");
    let played: Hand = plays.iter().copied().collect();
    assert_eq!(played.len(), plays.len(), "a card was played twice");
    assert!((played & held).is_empty(), "a played card is still held");
    assert_eq!(played | held, Hand::full(), "a card went missing");

    let Some(contract) = deal.contract() else {
        assert!(plays.is_empty(), "cards played before the contract");
        assert_eq!(
            deal.credits(),
            Credits::default(),
            "credits before the contract"
        );
        assert_eq!(deal.declarer(), None);
        assert_eq!(deal.multiplier(), None);
        let expected = if deal.pushed() {
            seat_after(deal.forehand(), 2)
        } else {
            deal.forehand()
        };
        assert_eq!(
            deal.to_act(),
            Some(expected),
            "the wrong seat names the contract"
        );
        return;
    };
    assert_eq!(
        deal.declarer(),
        Some(seat_after(
            deal.forehand(),
            if deal.pushed() { 2 } else { 0 }
        )),
        "the wrong declarer"
    );
    assert_eq!(
        deal.multiplier(),
        Some(deal.rules().multipliers.contract_factor(contract))
    );
    for seat in seats() {
        assert_eq!(
            deal.declaration(seat),
            Some(if deal.rules().bonuses.weis {
                declare(deal.dealt_hand(seat), mode_of(contract), &deal.rules().weis)
            } else {
                crate::Declaration::EMPTY
            }),
            "seat {seat}'s counted Weis is not its dealt hand's"
        );
    }

    // Each card came from the seat whose turn it was, as a legal card.
    let by = players_of(deal, contract);
    let mut hands: [Hand; SEATS] = core::array::from_fn(|s| deal.dealt_hand(PlayerId(s as u8)));
    for (i, (&card, &seat)) in plays.iter().zip(&by).enumerate() {
        let hand = hands[seat.index()];
        let trick = &plays[i - i % SEATS..i];
        let legal = legal_cards(
            hand,
            trick,
            fixed(contract)
                .trick_mode(i / SEATS, &[])
                .unwrap_or(Mode::Obenabe),
            &deal.rules().play,
        );
        assert!(
            legal.contains(card),
            "play {} ({card} by seat {seat}) was not legal: {legal}",
            i + 1
        );
        hands[seat.index()].remove(card);
    }
    for seat in seats() {
        assert_eq!(deal.hand(seat), hands[seat.index()], "seat {seat}'s hand");
    }
    let expected_to_act = (plays.len() < PLAYS).then(|| {
        let leader = match by.len() % SEATS {
            0 => next_leader(deal, contract, &by),
            k => by[by.len() - k],
        };
        seat_after(leader, plays.len() % SEATS)
    });
    assert_eq!(deal.to_act(), expected_to_act, "the wrong seat to act");

    // The credits agree with the tricks.
    let credits = deal.credits();
    let complete = plays.len() / SEATS;
    let mut cards = [0u32; 2];
    let mut taken = [0usize; 2];
    for t in 0..complete {
        let trick = &plays[SEATS * t..SEATS * t + SEATS];
        let winner = seat_after(
            by[SEATS * t],
            trick_winner(
                trick,
                fixed(contract).trick_mode(t, &[]).unwrap_or(Mode::Obenabe),
            ),
        );
        cards[team_of(winner)] += trick_points(trick, mode_of(contract), t == TRICKS - 1);
        taken[team_of(winner)] += 1;
    }
    assert_eq!(
        credits.cards, cards,
        "the trick credits do not match the tricks"
    );
    let bonuses = deal.rules().bonuses;
    let matched = taken.map(|n| {
        if n == TRICKS && bonuses.match_bonus {
            crate::MATCH_BONUS
        } else {
            0
        }
    });
    assert_eq!(credits.match_bonus, matched, "the Match bonus");
    let stoeck: u32 = credits.stoeck.iter().sum();
    assert!(
        stoeck == 0 || stoeck == crate::STOECK,
        "Stöck {:?}",
        credits.stoeck
    );
    match deal.stoeck() {
        Some(seat) => assert_eq!(credits.stoeck[team_of(seat)], crate::STOECK),
        None => assert_eq!(stoeck, 0, "Stöck credited to no one"),
    }
    if complete == 0 {
        assert_eq!(credits.weis, [0; 2], "Weis credited before the first trick");
        assert_eq!(deal.weis_score(), None);
    } else {
        let mut weis = [0; 2];
        if let Some(w) = deal.weis_score() {
            weis[w.team] = w.points;
            assert_eq!(w.team, team_of(w.seat));
        }
        assert_eq!(credits.weis, weis, "the Weis credits");
    }

    if plays.len() == PLAYS {
        assert!(deal.is_terminal());
        check_against_score_deal(deal, contract);
    }
}

/// The leader of the trick to be led after the plays `by` made (all tricks complete).
fn next_leader(deal: &SchieberDeal, contract: Contract, by: &[PlayerId]) -> PlayerId {
    let plays = deal.plays();
    match plays.len() {
        0 => deal.forehand(),
        n => {
            let t = n / SEATS - 1;
            let trick = &plays[SEATS * t..];
            seat_after(
                by[SEATS * t],
                trick_winner(
                    trick,
                    fixed(contract).trick_mode(t, &[]).unwrap_or(Mode::Obenabe),
                ),
            )
        }
    }
}

/// A finished deal's credits and scores against [`score_deal`] on the dealt hands (turned so
/// forehand is seat 0) and the plays.
fn check_against_score_deal(deal: &SchieberDeal, contract: Contract) {
    let f = deal.forehand();
    let hands: [Hand; SEATS] = core::array::from_fn(|p| deal.dealt_hand(seat_after(f, p)));
    let score = score_deal(&hands, deal.plays(), mode_of(contract), deal.rules())
        .unwrap_or_else(|e| panic!("score_deal refuses a finished deal: {e}"));
    // score_deal's team 0 is forehand's team.
    let team = |t: usize| (t + f.index()) % 2;
    let outcome = deal.outcome().expect("a finished deal has an outcome");
    let c = outcome.credits;
    for t in 0..2 {
        let ours = team(t);
        assert_eq!(
            c.cards[ours], score.card_points[t],
            "card points vs score_deal"
        );
        assert_eq!(c.weis[ours], score.weis[t], "Weis vs score_deal");
        assert_eq!(c.stoeck[ours], score.stoeck[t], "Stöck vs score_deal");
        assert_eq!(
            c.match_bonus[ours], score.match_bonus[t],
            "Match vs score_deal"
        );
        assert_eq!(c.total()[ours], score.total[t], "total vs score_deal");
        assert_eq!(
            outcome.scored[ours], score.scored[t],
            "scored vs score_deal"
        );
    }
    assert_eq!(
        outcome.multiplier, score.multiplier,
        "multiplier vs score_deal"
    );
    let d = i64::from(outcome.scored[0]) - i64::from(outcome.scored[1]);
    let settlement: Vec<i64> = deal.settlement().iter().copied().collect();
    assert_eq!(settlement, vec![d, -d, d, -d], "the settlement");
}

/// What `action` must have done to `before` to reach `after`.
fn check_transition(before: &SchieberDeal, action: Action, after: &SchieberDeal) {
    let seat = before.to_act().expect("an action in a finished deal");
    assert_eq!(after.dealer(), before.dealer());
    assert_eq!(after.forehand(), before.forehand());
    for s in PlayerId::all(SEATS) {
        assert_eq!(
            after.dealt_hand(s),
            before.dealt_hand(s),
            "the dealt hands changed"
        );
    }
    let (c0, c1) = (before.credits(), after.credits());
    for (kind, was, now) in [
        ("cards", c0.cards, c1.cards),
        ("weis", c0.weis, c1.weis),
        ("stoeck", c0.stoeck, c1.stoeck),
        ("match", c0.match_bonus, c1.match_bonus),
    ] {
        assert!(
            was[0] <= now[0] && was[1] <= now[1],
            "{action}: {kind} credits fell from {was:?} to {now:?}"
        );
    }
    // The moment's credits are exactly what was added.
    let mut added = Credits::default();
    for credit in after.last_credits() {
        let slot = match credit.kind {
            CreditKind::Trick => &mut added.cards,
            CreditKind::Weis => &mut added.weis,
            CreditKind::Stoeck => &mut added.stoeck,
            CreditKind::Match => &mut added.match_bonus,
        };
        slot[credit.team] += credit.points;
    }
    let grew = |a: [u32; 2], b: [u32; 2]| [b[0] - a[0], b[1] - a[1]];
    assert_eq!(
        (added.cards, added.weis, added.stoeck, added.match_bonus),
        (
            grew(c0.cards, c1.cards),
            grew(c0.weis, c1.weis),
            grew(c0.stoeck, c1.stoeck),
            grew(c0.match_bonus, c1.match_bonus)
        ),
        "{action}: last_credits is not what the credits grew by"
    );

    match action {
        Action::TrioMode(_) => panic!("a Trio mode under fuzzed rules (no variant)"),
        Action::Joker(..) | Action::Pass | Action::Predict(_) => {
            panic!("{action} applied to a Schieber deal")
        }
        Action::Push => {
            assert!(!before.pushed() && after.pushed(), "a push did not push");
            assert_eq!(after.contract(), None);
            assert_eq!(after.to_act(), Some(seat_after(before.forehand(), 2)));
            assert_eq!(c1, c0, "a push credited something");
        }
        Action::Name(contract) => {
            assert_eq!(before.contract(), None, "a contract named twice");
            assert_eq!(after.contract(), Some(contract));
            assert_eq!(after.pushed(), before.pushed());
            assert_eq!(after.declarer(), Some(seat));
            assert_eq!(after.to_act(), Some(before.forehand()), "forehand leads");
            assert_eq!(c1, c0, "naming the contract credited something");
        }
        Action::Play(card) => {
            let contract = before.contract().expect("a card before the contract");
            let hand = before.hand(seat);
            assert!(
                hand.contains(card),
                "{card} played from outside seat {seat}'s hand"
            );
            let mut rest = hand;
            rest.remove(card);
            assert_eq!(
                after.hand(seat),
                rest,
                "{card} did not leave seat {seat}'s hand"
            );
            for other in PlayerId::all(SEATS).filter(|&s| s != seat) {
                assert_eq!(
                    after.hand(other),
                    before.hand(other),
                    "another hand changed"
                );
            }
            let mut plays = before.plays().to_vec();
            plays.push(card);
            assert_eq!(after.plays(), plays.as_slice(), "the plays");
            let n = plays.len();
            if n.is_multiple_of(SEATS) {
                let t = n / SEATS - 1;
                let trick = &plays[n - SEATS..];
                let leader = seat_after(seat, 1);
                let winner = seat_after(
                    leader,
                    trick_winner(
                        trick,
                        fixed(contract).trick_mode(t, &[]).unwrap_or(Mode::Obenabe),
                    ),
                );
                let points = trick_points(trick, mode_of(contract), t == TRICKS - 1);
                let tricks: Vec<_> = after
                    .last_credits()
                    .filter(|c| c.kind == CreditKind::Trick)
                    .collect();
                assert_eq!(tricks.len(), 1, "a completed trick credited {tricks:?}");
                assert_eq!(
                    (tricks[0].team, tricks[0].points),
                    (team_of(winner), points),
                    "trick {} went to the wrong team or counted wrong",
                    t + 1
                );
                if t == 0 {
                    let weis = after.weis_score().map_or(0, |w| w.points);
                    assert_eq!(
                        c1.weis[0] + c1.weis[1],
                        weis,
                        "the Weis with the first trick"
                    );
                }
                if n < PLAYS {
                    assert_eq!(after.to_act(), Some(winner), "the trick's winner leads");
                } else {
                    assert_eq!(after.to_act(), None, "the deal goes on after 36 cards");
                    check_against_score_deal(after, contract);
                }
            } else {
                assert_eq!(
                    after.to_act(),
                    Some(seat_after(seat, 1)),
                    "the turn moves on"
                );
                assert!(
                    after.last_credits().all(|c| c.kind == CreditKind::Stoeck),
                    "a card credited more than Stöck mid-trick"
                );
            }
        }
    }
}

/// The invariants of `seat`'s view of `deal`.
fn check_view(deal: &SchieberDeal, seat: PlayerId, view: &SchieberDealView) {
    assert_eq!(view.seat, seat, "seat {seat} is shown the view of another");
    assert_eq!(view.hand, deal.hand(seat), "a view shows another hand");
    assert_eq!(view.rules, *deal.rules());
    assert_eq!(
        (view.dealer, view.forehand),
        (deal.dealer(), deal.forehand())
    );
    let sizes: Vec<usize> = PlayerId::all(SEATS).map(|s| deal.hand(s).len()).collect();
    assert_eq!(view.hand_sizes.as_slice(), sizes.as_slice(), "hand sizes");
    assert_eq!(
        (view.pushed, view.contract),
        (deal.pushed(), deal.contract())
    );
    assert_eq!(view.declarer, deal.declarer());
    assert_eq!(view.to_act, deal.to_act());
    assert_eq!(view.credits, deal.credits());
    assert_eq!(view.stoeck, deal.stoeck());
    assert_eq!(view.outcome, deal.outcome());
    assert_eq!(
        view.own_weis,
        deal.declaration(seat),
        "a view shows another's Weis"
    );
    let plays = deal.plays();
    assert_eq!(view.tricks.len(), plays.len() / SEATS, "completed tricks");
    let shown: Vec<JassCard> = view
        .tricks
        .iter()
        .flat_map(|t| t.cards.iter().copied())
        .chain(view.trick.iter().copied())
        .collect();
    assert_eq!(shown, plays, "a view shows other plays");
    assert_eq!(view.weis.as_ref().map(|w| w.score), deal.weis_score());
}

// ---- card-level functions ---------------------------------------------------------------------

/// A set of cards from the next five bytes (36 of 40 bits).
fn hand_from_bits(input: &mut Input<'_>) -> Hand {
    let bits = input
        .take(5)
        .iter()
        .rev()
        .fold(0u64, |acc, &b| acc << 8 | u64::from(b));
    Hand::from_bits_truncate(bits)
}

/// `len` distinct cards outside `hand`, chosen from `seed` (fewer if too few are left).
fn trick_outside(hand: Hand, len: usize, seed: u8) -> Vec<JassCard> {
    let outside: Vec<JassCard> = (!hand).iter().collect();
    let mut trick = Vec::with_capacity(len);
    let mut pick = usize::from(seed);
    let mut used = Hand::EMPTY;
    while trick.len() < len && used.len() < outside.len() {
        let card = outside[pick % outside.len()];
        if !used.contains(card) {
            used.insert(card);
            trick.push(card);
        }
        pick = pick.wrapping_mul(5).wrapping_add(7);
    }
    trick
}

/// One [`legal`] case.
fn check_legal(hand: Hand, trick: &[JassCard], mode: Mode, rules: &PlayRules) {
    let fast = legal_cards(hand, trick, mode, rules);
    let slow = trick_reference::legal_cards(hand, trick, mode, rules);
    assert_eq!(
        fast, slow,
        "legal_cards differs from the reference: hand {hand}, trick {trick:?}, {mode}, {rules:?}"
    );
    assert!(fast.is_subset(hand), "a legal card outside the hand");
    assert_eq!(
        fast.is_empty(),
        hand.is_empty(),
        "no legal card in hand {hand}"
    );
    if trick.is_empty() {
        assert_eq!(fast, hand, "leading, every card is legal");
    }
    for card in JassCard::ALL {
        assert_eq!(
            is_legal(hand, trick, mode, rules, card),
            fast.contains(card),
            "is_legal({card}) disagrees with legal_cards"
        );
    }
}

/// One [`weis`] case.
fn check_weis(hand: Hand, mode: Mode, rules: &WeisRules) {
    let fast = declare(hand, mode, rules);
    let slow = weis_reference::declare(hand, mode, rules);
    assert_eq!(
        fast, slow,
        "declare differs from the reference: hand {hand}, {mode}, {rules:?}"
    );
    let melds = fast.melds();
    assert_eq!(melds.len(), fast.len());
    assert_eq!(
        fast.total(),
        melds.iter().map(|m| m.points()).sum::<u32>(),
        "the total is not the sum of the Weis"
    );
    assert_eq!(
        fast.best(),
        melds.first().copied(),
        "the best Weis is not the first"
    );
    assert_eq!(fast.is_empty(), melds.is_empty());
    for pair in melds.windows(2) {
        assert_ne!(
            compare(&pair[0], &pair[1], mode, rules.scale),
            Ordering::Less,
            "the Weis are not strongest first: {fast:?}"
        );
    }
    let mut runs = Hand::EMPTY;
    let mut all = Hand::EMPTY;
    let mut counted = 0;
    for meld in melds {
        let cards = meld.cards();
        assert!(
            cards.is_subset(hand),
            "a Weis {meld} outside the hand {hand}"
        );
        if meld.suit().is_some() {
            assert!((runs & cards).is_empty(), "two runs share a card: {fast:?}");
            runs |= cards;
        }
        all |= cards;
        counted += cards.len();
    }
    assert_eq!(fast.cards(), all, "the Weis cards");
    if !rules.cross_weis {
        assert_eq!(
            counted,
            all.len(),
            "a card serves two Weis without cross-Weis"
        );
    }
}

#[cfg(test)]
mod tests {
    use cards_core::{Game, Seed};

    use super::{game, legal, rules_from, state_json, weis};
    use crate::SchieberDeal;

    /// Deterministic pseudo-random bytes (xorshift).
    fn bytes(seed: u64, n: usize) -> Vec<u8> {
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        (0..n)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x.to_le_bytes()[0]
            })
            .collect()
    }

    #[test]
    fn byte_driven_checks_pass_on_random_input() {
        for s in 0..24 {
            game(&bytes(s, 160));
            legal(&bytes(s, 256));
            weis(&bytes(s, 256));
        }
    }

    #[test]
    fn real_states_and_views_pass_state_json() {
        let mut deal = SchieberDeal::new(&rules_from(0x15, 9, 0xff), 4, Seed::from(3)).unwrap();
        let mut moves = Vec::new();
        let mut step = 0;
        while let Some(seat) = deal.to_act() {
            if step % 9 == 0 {
                state_json(serde_json::to_string(&deal).unwrap().as_bytes());
                state_json(serde_json::to_string(&deal.view(seat)).unwrap().as_bytes());
            }
            deal.legal_actions(&mut moves);
            deal.play(moves[step % moves.len()]).unwrap();
            step += 1;
        }
        state_json(serde_json::to_string(&deal).unwrap().as_bytes());
    }
}
