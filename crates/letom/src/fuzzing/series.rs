//! A Letom match driven by bytes, checked after every step: the body of the fuzz target
//! `letom_match`.

use cards_core::{Game, PlayerId};
use cards_testkit::fuzz::{self, FuzzGame, Input, Table};

use crate::{Action, Deal, Letom, LetomMatch, MatchView, Rules, SetupError};

/// A Letom match driven by bytes: [`cards_testkit::fuzz::game`] with the match's own checks.
///
/// The table is the one-deal target's (every option from the first bytes; see
/// [`super::game`]), then one byte for the number of deals (1 to 6). Besides the generic
/// checks: every deal is checked as the one-deal target checks it (each action's effect against
/// the spec's words); a deal's end books its returns and stakes into the totals; the next deal
/// is deal `k + 1` of the seed, dealt by the last winner (the same dealer after a nagari), with
/// the carry doubled up to the cap after a nagari and reset by a win, each seat's shakes and
/// bombs carried out of a nagari, the pot kept after a nagari without a taker; the totals plus
/// the stakes still in the pot always add up to 0; wins and nagaris count the deals finished.
///
/// # Panics
/// When any of these properties fails.
pub fn game(data: &[u8]) {
    fuzz::game::<LetomMatch>(data);
}

/// What the pot holds that the totals have already paid out: the stakes carried in (the
/// current deal's own stakes are booked only when it ends).
fn carried_pot(deal: &Letom) -> i64 {
    let (paid, _) = deal.stakes();
    let pot: i64 = deal.pot().iter().map(|&v| i64::from(v)).sum();
    pot - paid.iter().sum::<i64>()
}

impl FuzzGame for LetomMatch {
    type Position = LetomMatch;

    fn table(input: &mut Input<'_>) -> Table<Self> {
        let table = <Letom as FuzzGame>::table(input);
        let deals = 1 + u32::from(input.byte() % 6);
        Table {
            rules: Rules {
                deals,
                ..table.rules
            },
            players: table.players,
            seed: table.seed,
        }
    }

    fn plausible_action(&self, kind: u8, input: &mut Input<'_>) -> Option<Action> {
        self.deal().plausible_action(kind, input)
    }

    fn check_state(&self) {
        super::check_state(self.deal());
        let setup = self.setup();
        let finished = self.deals_played();
        let won: u32 = setup.wins.iter().sum();
        assert_eq!(
            won + setup.nagaris,
            finished,
            "wins and nagaris count the deals"
        );
        let totals: i64 = setup.totals.iter().sum();
        if self.is_terminal() {
            assert_eq!(totals, 0, "a finished match is zero-sum");
            assert_eq!(finished, self.rules().deals);
        } else {
            assert!(
                self.deal().outcome().is_none(),
                "a match waits at a decision"
            );
            assert_eq!(
                totals + carried_pot(self.deal()),
                0,
                "totals and the pot add up to 0"
            );
        }
    }

    fn check_transition(&self, action: Action, after: &LetomMatch) {
        let before = self.deal();
        let played = super::expected_after(before, action);
        let number = self.deal_number();
        if played.outcome().is_none() {
            assert_eq!(after.deal(), &played, "{action} within a deal");
            assert_eq!(after.deal_number(), number);
            assert_eq!(after.setup().totals, self.setup().totals);
            return;
        }
        // The deal ended: it is booked.
        super::check_finished(&played);
        let n = played.num_players();
        let returns = played.settlement();
        let (paid, taken) = played.stakes();
        let before_totals = self.setup().totals;
        let booked = crate::series::book(&before_totals, &returns, &taken, &paid);
        // The booking, from the rule: returns and stakes, or the stakes alone past 2^62.
        let wide: Vec<i128> = (0..n)
            .map(|s| {
                i128::from(before_totals[s]) + i128::from(returns[s]) + i128::from(taken[s])
                    - i128::from(paid[s])
            })
            .collect();
        if wide
            .iter()
            .all(|v| v.unsigned_abs() <= crate::MAX_TOTAL as u128)
        {
            assert!(booked.iter().zip(&wide).all(|(&b, &w)| i128::from(b) == w));
        } else {
            for s in 0..n {
                assert_eq!(booked[s], before_totals[s] + taken[s] - paid[s]);
            }
        }
        let rules = *self.rules();
        if number + 1 == rules.deals {
            assert!(after.is_terminal(), "the last deal ends the match");
            assert_eq!(after.deal(), &played);
            let pot_left: Vec<i64> = if played.stake_taker().is_some()
                || played.outcome().and_then(|o| o.winner()).is_some()
            {
                vec![0; n]
            } else {
                played.pot().iter().map(|&v| i64::from(v)).collect()
            };
            let expected: Vec<i64> = (0..n).map(|s| booked[s] + pot_left[s]).collect();
            assert_eq!(
                after.setup().totals,
                expected,
                "the last deal booked, the pot returned"
            );
            return;
        }
        assert!(after.deal_number() > number, "the next deal is dealt");
        if after.deal_number() != number + 1 || after.deal().outcome().is_some() {
            // Deals that ended at the deal were played through (the last of them may end the
            // match): the totals are checked as every state's are.
            return;
        }
        assert_eq!(
            after.setup().totals,
            booked,
            "the deal's returns and stakes booked"
        );
        let next = after.deal();
        let winner = played.outcome().and_then(|o| o.winner());
        let dealer = winner.unwrap_or(played.dealer());
        assert_eq!(
            next.dealer(),
            dealer,
            "the last winner deals; after a nagari the same"
        );
        let cards = Deal::seeded(&rules, n, self.setup().seed, number + 1, Some(dealer))
            .expect("a table the match plays");
        let fresh = Letom::from_deal(&rules, &cards).expect("a seeded deal starts");
        assert_eq!(next.floor(), fresh.floor(), "deal k + 1 of the seed");
        for p in PlayerId::all(n) {
            // No action has been applied to the new deal yet.
            assert_eq!(next.hand(p), fresh.hand(p), "seat {p}'s hand as dealt");
            let carried = if winner.is_some() {
                (0, 0)
            } else {
                let (s, b) = played.multipliers(p);
                (s.min(32), b.min(32))
            };
            assert_eq!(
                next.multipliers(p),
                carried,
                "shakes and bombs carried or reset"
            );
        }
        let carry = if winner.is_some() {
            1
        } else {
            (played.carry() * 2).min(rules.carry_cap)
        };
        assert_eq!(next.carry(), carry, "the nagari carry");
    }

    fn check_view(&self, seat: PlayerId, view: &MatchView) {
        super::check_view(self.deal(), seat, &view.deal);
        let setup = self.setup();
        assert_eq!(view.totals, setup.totals);
        assert_eq!((view.number, view.nagaris), (setup.number, setup.nagaris));
    }

    fn view_seat(view: &MatchView) -> Option<PlayerId> {
        Some(view.deal.seat)
    }

    fn check_finished(&self) {
        assert_eq!(self.settlement().iter().sum::<i64>(), 0, "zero-sum totals");
        let outcome = self.outcome().expect("a finished match has its outcome");
        assert_eq!(
            outcome.wins.iter().sum::<u32>() + outcome.nagaris,
            self.rules().deals
        );
    }

    fn check_new(rules: &Rules, players: usize, result: &Result<LetomMatch, SetupError>) {
        assert_eq!(
            rules.validate(players).is_ok(),
            result.is_ok(),
            "Game::new disagrees with the rules' validation for {players} seats: {result:?}"
        );
    }
}
