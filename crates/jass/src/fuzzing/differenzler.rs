//! Differenzler's invariant checks driven by bytes: the body of the fuzz target
//! `jass_differenzler`.

use cards_core::{Game, JassCard, PlayerId};
use cards_testkit::fuzz::{self, FuzzGame, Input, Table};

use crate::{
    Action, Differenzler, DifferenzlerRules, DifferenzlerView, PlayRules, Rules, SetupError,
};

/// A Differenzler game driven by bytes, checked after every step: [`cards_testkit::fuzz::game`]
/// with Differenzler's own table and invariants.
///
/// Byte 0 chooses the options (bit 0 hidden predictions, bit 1 undertrumping when void, bit 2
/// no Buur exception, bits 3–4 the number of deals, 1 to 4), byte 1 the table (`% 2`: 3 or 4
/// seats) and the first dealer (`/ 2 % (seats + 1)`: a seat, or the last value for one drawn
/// from the seed); the next
/// eight bytes the seed. Besides the generic checks: every seat holds its share of the deck
/// less what it played, the card points of a deal never pass 157, the dealer holds the shown
/// card until it plays it, penalties only grow and only when a deal ends, by at most 157 each,
/// views show the seat its own hand, the shown card, and other seats' predictions only when
/// public.
///
/// # Panics
/// When any of these properties fails.
pub fn game(data: &[u8]) {
    fuzz::game::<Differenzler>(data);
}

/// Differenzler states, views, rules and setups from arbitrary JSON
/// ([`cards_testkit::fuzz::state_json`]).
///
/// # Panics
/// When a property fails.
pub fn state_json(data: &[u8]) {
    fuzz::state_json::<Differenzler>(data);
}

impl FuzzGame for Differenzler {
    type Position = Differenzler;

    fn table(input: &mut Input<'_>) -> Table<Self> {
        let flags = input.byte();
        let table = input.byte();
        let players = 3 + table % 2;
        // A seat at the table, or (the last value) one drawn from the seed.
        let dealer = table / 2 % (players + 1);
        let rules = Rules {
            play: PlayRules {
                undertrump_when_void: flags & 2 != 0,
                buur_exception: flags & 4 == 0,
            },
            differenzler: DifferenzlerRules {
                deals: u32::from(flags >> 3 & 3) + 1,
                hidden_predictions: flags & 1 != 0,
            },
            first_dealer: (dealer < players).then_some(PlayerId(dealer)),
            ..Rules::default()
        };
        Table {
            rules,
            players: usize::from(players),
            seed: input.u64().into(),
        }
    }

    fn plausible_action(&self, kind: u8, input: &mut Input<'_>) -> Option<Action> {
        let pick = input.byte();
        let n = self.num_players();
        let seat = self.to_act().unwrap_or(PlayerId(0));
        let from = |seat: PlayerId| {
            let hand = self.hand(seat);
            hand.iter()
                .nth(usize::from(pick) % hand.len().max(1))
                .unwrap_or(JassCard::ALL[usize::from(pick) % 36])
        };
        Some(match kind % 4 {
            0 => Action::Play(from(seat)),
            1 => Action::Play(from(PlayerId(((seat.index() + 1) % n) as u8))),
            // Any byte, 158 to 255 out of range.
            2 => Action::Predict(pick),
            _ => Action::Pass,
        })
    }

    fn check_state(&self) {
        let n = self.num_players();
        let share = 36 / n;
        let plays = self.plays();
        let points: u32 = self.points().iter().sum();
        assert!(points <= 157, "{points} card points in one deal");
        let mut played = vec![0usize; n];
        let mut lead = (self.dealer().index() + 1) % n;
        for trick in plays.chunks(n) {
            for i in 0..trick.len() {
                played[(lead + i) % n] += 1;
            }
            if trick.len() == n {
                lead = (lead + crate::trick_winner(trick, self.trump())) % n;
            }
        }
        for (s, &count) in played.iter().enumerate() {
            let seat = PlayerId(s as u8);
            assert_eq!(
                self.hand(seat).len() + count,
                share,
                "seat {seat} holds the wrong number of cards"
            );
            assert!(self.hand(seat).is_subset(self.dealt_hand(seat)));
        }
        if !plays.contains(&self.shown()) {
            assert!(
                self.hand(self.dealer()).contains(self.shown()),
                "the dealer lost the shown card without playing it"
            );
        }
        assert_eq!(self.trump(), crate::Mode::Trump(self.shown().suit()));
    }

    fn check_transition(&self, action: Action, after: &Differenzler) {
        let deal_ended = after.deal_number() != self.deal_number() || after.is_terminal();
        for (b, a) in self.penalties().iter().zip(after.penalties()) {
            assert!(a >= *b, "a penalty shrank");
            assert!(a - b <= 157, "a penalty grew by more than 157");
            if !deal_ended {
                assert_eq!(a, *b, "a penalty changed mid-deal ({action})");
            }
        }
        assert!(after.deal_number() >= self.deal_number());
    }

    fn check_view(&self, seat: PlayerId, view: &DifferenzlerView) {
        assert_eq!(view.hand, self.hand(seat));
        assert_eq!(view.shown, self.shown());
        assert_eq!(view.penalties.len(), self.num_players());
        for (s, p) in view.predictions.iter().enumerate() {
            let truth = self.prediction(PlayerId(s as u8));
            match p {
                Some(p) => assert_eq!(Some(*p), truth, "a view shows a wrong prediction"),
                None => assert!(
                    truth.is_none()
                        || (self.rules().differenzler.hidden_predictions && s != seat.index()),
                    "a public prediction is missing from a view"
                ),
            }
        }
    }

    fn view_seat(view: &DifferenzlerView) -> Option<PlayerId> {
        Some(view.seat)
    }

    fn check_finished(&self) {
        let outcome = self.outcome().expect("a finished game has an outcome");
        assert_eq!(outcome.deals, self.rules().differenzler.deals);
        assert_eq!(self.settlement().iter().sum::<i64>(), 0);
    }

    fn check_new(rules: &Rules, players: usize, result: &Result<Differenzler, SetupError>) {
        let valid = Rules::DIFFERENZLER_PLAYERS.contains(&players)
            && rules.validate_differenzler(players).is_ok();
        assert_eq!(valid, result.is_ok(), "{players} seats: {result:?}");
    }
}
