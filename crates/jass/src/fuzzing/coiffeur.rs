//! Coiffeur's invariant checks driven by bytes: the body of the fuzz target
//! `jass_coiffeur`.

use cards_core::{Game, JassCard, PlayerId};
use cards_testkit::fuzz::{self, FuzzGame, Input, Table};

use crate::{
    Action, Coiffeur, CoiffeurRules, CoiffeurView, Contract, Joker, Mode, PlayRules, Rules,
    SetupError, Variants,
};

/// A Coiffeur game driven by bytes, checked after every step: [`cards_testkit::fuzz::game`]
/// with Coiffeur's own table, near-miss actions and invariants.
///
/// Byte 0 chooses the options (bit 0 individual play, bit 1 undertrumping when void, bit 2 no
/// Buur exception, bits 3–6 the extras Slalom, Guschti, Mary, Trio), byte 1 the first dealer
/// (`% 5`: a seat, or 4 for one drawn from the seed); the next eight bytes the seed. Besides
/// the generic checks: every seat holds nine cards less what it played; the score sheet's
/// totals are the sums of its entries, each entry's points are `floor(card points / 10) ×
/// factor` (a Match adds 100 first), cells are only ever filled, never changed, and each
/// deal fills exactly one; views show the seat its own hand and the public sheet.
///
/// # Panics
/// When any of these properties fails.
pub fn game(data: &[u8]) {
    fuzz::game::<Coiffeur>(data);
}

/// Coiffeur states, views, rules and setups from arbitrary JSON
/// ([`cards_testkit::fuzz::state_json`]).
///
/// # Panics
/// When a property fails.
pub fn state_json(data: &[u8]) {
    fuzz::state_json::<Coiffeur>(data);
}

impl FuzzGame for Coiffeur {
    type Position = Coiffeur;

    fn table(input: &mut Input<'_>) -> Table<Self> {
        let flags = input.byte();
        let dealer = input.byte() % 5;
        let rules = Rules {
            play: PlayRules {
                undertrump_when_void: flags & 2 != 0,
                buur_exception: flags & 4 == 0,
            },
            coiffeur: CoiffeurRules {
                individual: flags & 1 != 0,
                extras: Variants {
                    slalom: flags & 8 != 0,
                    guschti: flags & 16 != 0,
                    mary: flags & 32 != 0,
                    trio: flags & 64 != 0,
                },
                ..CoiffeurRules::default()
            },
            first_dealer: (dealer < 4).then_some(PlayerId(dealer)),
            ..Rules::default()
        };
        Table {
            rules,
            players: 4,
            seed: input.u64().into(),
        }
    }

    fn plausible_action(&self, kind: u8, input: &mut Input<'_>) -> Option<Action> {
        let pick = input.byte();
        let seat = self.to_act().unwrap_or(PlayerId(0));
        let from = |seat: PlayerId| {
            let hand = self.hand(seat);
            hand.iter()
                .nth(usize::from(pick) % hand.len().max(1))
                .unwrap_or(JassCard::ALL[usize::from(pick) % 36])
        };
        let mode = Mode::ALL[usize::from(pick) % Mode::ALL.len()];
        Some(match kind % 6 {
            0 => Action::Play(from(seat)),
            1 => Action::Play(from(PlayerId((seat.index() as u8 + 1) % 4))),
            2 => Action::Name(Contract::Mode(mode)),
            3 => Action::Joker(Joker::ALL[usize::from(pick / 6) % 2], mode),
            4 => Action::Name(Contract::VARIANTS[usize::from(pick) % Contract::VARIANTS.len()]),
            _ => Action::Pass,
        })
    }

    fn check_state(&self) {
        let sheet = self.score_sheet();
        for side in &sheet.sides {
            let sum: u32 = side.entries.iter().flatten().map(|e| e.points).sum();
            assert_eq!(
                side.total, sum,
                "a side's total is not the sum of its cells"
            );
            for (slot, entry) in sheet.slots.iter().zip(&side.entries) {
                if let Some(e) = entry {
                    assert!(e.card_points <= 157);
                    assert_eq!(
                        e.points,
                        crate::coiffeur_points(e.card_points, e.matched, slot.factor),
                        "a cell's points are not floor(card points / 10) × factor"
                    );
                }
            }
        }
        let filled: usize = sheet
            .sides
            .iter()
            .map(|s| s.entries.iter().flatten().count())
            .sum();
        assert_eq!(
            filled as u32,
            self.deal_number() + u32::from(self.is_terminal()),
            "the sheet has not one filled cell per finished deal"
        );
        let played = self.plays().len();
        let held: usize = PlayerId::all(4).map(|s| self.hand(s).len()).sum();
        assert_eq!(held + played, 36, "cards lost or gained");
        for seat in PlayerId::all(4) {
            assert!(self.hand(seat).is_subset(self.dealt_hand(seat)));
        }
    }

    fn check_transition(&self, action: Action, after: &Coiffeur) {
        let (before, now) = (self.score_sheet(), after.score_sheet());
        for (b, a) in before.sides.iter().zip(&now.sides) {
            for (x, y) in b.entries.iter().zip(&a.entries) {
                if x.is_some() {
                    assert_eq!(x, y, "a filled cell changed ({action})");
                }
            }
        }
    }

    fn check_view(&self, seat: PlayerId, view: &CoiffeurView) {
        assert_eq!(view.hand, self.hand(seat));
        assert_eq!(view.sheet, self.score_sheet());
        assert_eq!(view.deal_number, self.deal_number());
    }

    fn view_seat(view: &CoiffeurView) -> Option<PlayerId> {
        Some(view.seat)
    }

    fn check_finished(&self) {
        let outcome = self.outcome().expect("a finished game has an outcome");
        assert_eq!(outcome.deals, self.rules().coiffeur.deals());
        assert_eq!(self.settlement().iter().sum::<i64>(), 0);
    }

    fn check_new(_rules: &Rules, players: usize, result: &Result<Coiffeur, SetupError>) {
        assert_eq!(players == 4, result.is_ok(), "{players} seats: {result:?}");
    }
}
