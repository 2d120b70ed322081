//! The exact value of a Schieber deal's card play for a search ([`RuleBot::exact_value`]): the
//! open-hand solver's card points ([`crate::solve`]) turned into the deal's returns.

use cards_core::{Exact, PerSeat, RuleBot};

use crate::Contract;
use crate::schieber_deal::{PLAYS, SEATS, team_of};
use crate::score::{MATCH_BONUS, STOECK};
use crate::solve::{Position, best_card};
use crate::{Schieber, SchieberDeal};

/// An earlier decision's playouts do not end in a solve: solving from two tricks left in every
/// playout measured no better than without (docs/bots.md, the solver-backed bots), and a
/// solve of eight cards costs several times the random play it replaces.
pub(crate) const PLAYOUT_HORIZON: usize = 0;

/// A decision of a Schieber deal with four tricks left or fewer solves every world: a solve
/// there visits a few hundred to two thousand positions (ten to a hundred playouts' time),
/// so a search of a thousand playouts' time still weighs tens of worlds. Twelve and twenty
/// measured alike (docs/bots.md).
pub(crate) const DECISION_HORIZON: usize = 16;

/// The solver's positions that take the time of one search iteration of a playout (a world
/// sampled and played out): about 12 (0.08–0.09 µs a position since the last two tricks are
/// played out without counting their positions, and again since the move ordering looks at
/// the later seats; about 1 µs an iteration of `pimc` four tricks from the end;
/// docs/bots.md).
const NODES_PER_PLAYOUT: u64 = 12;

/// What a solve costs beside its positions, in playouts: the position built, checked and
/// replayed, the search's tables and the returns, about 3 µs, and the world's sampling. With
/// it a solve is charged 3 + nodes / 12 iterations, and `pimc-solve` takes `pimc`'s time a
/// decision (measured by `solve_tune time`, docs/bots.md); with 1 the small endings'
/// solves took it about 1.3 times as long.
const SOLVE_PLAYOUTS: u64 = 3;

impl SchieberDeal {
    /// The cards left in a deal the solver plays: after the contract, not a Trio, not over.
    pub(crate) fn solvable_left(&self) -> Option<usize> {
        let left = PLAYS.checked_sub(usize::from(self.played))?;
        let solvable = left > 0 && self.contract.is_some_and(|c| c != Contract::Trio);
        solvable.then_some(left)
    }

    /// What the rest of the deal is worth under best card play with every hand open, as the
    /// returns at its end would say it: `None` before the contract, in a Trio (the solver does
    /// not play it), or once the deal is over.
    ///
    /// Each team's total is what it was credited so far, plus the card points the solver
    /// gives it from here, plus what the play cannot change: the Weis award when the first
    /// trick is still open, and a Stöck not yet credited (its holder plays both cards). A team
    /// that has let the other take no trick and no remaining card point gets the Match bonus:
    /// the solver counts card points, so it neither tells a lost trick worth nothing from one
    /// not lost nor plays for the bonus itself.
    pub(crate) fn exact_returns(&self) -> Option<Exact> {
        self.solvable_left()?;
        let contract = self.contract?;
        let played = usize::from(self.played);
        // The value alone: no proofs that the other cards are worse.
        let solution = best_card(&Position::from_deal(self).ok()?).ok()?;
        let mut total = self.credits.total();
        for (team, points) in total.iter_mut().enumerate() {
            *points += solution.points[team];
        }
        if played < SEATS
            && let Some(w) = contract
                .counting_mode(&[])
                .and_then(|mode| self.award_weis(mode))
        {
            total[w.team & 1] += w.points;
        }
        if let Some(holder) = self.stoeck_holder
            && !self.stoeck_credited
        {
            total[team_of(holder)] += STOECK;
        }
        for (team, points) in total.iter_mut().enumerate() {
            let other = 1 - team;
            if self.taken[other] == 0 && solution.points[other] == 0 {
                *points += MATCH_BONUS;
            }
        }
        let multiplier = self.rules.multipliers.contract_factor(contract);
        let d = (f64::from(total[0]) - f64::from(total[1])) * f64::from(multiplier) / 2.0;
        let value = PerSeat::from_fn(SEATS, |s| if team_of(s) == 0 { d } else { -d })?;
        let cost = SOLVE_PLAYOUTS + solution.nodes / NODES_PER_PLAYOUT;
        Some(Exact {
            value,
            cost: u32::try_from(cost).unwrap_or(u32::MAX),
        })
    }
}

/// A Schieber deal's searches may end a playout in an exact solve
/// (`SchieberDeal::exact_returns`) where it pays: in a decision with four tricks left or
/// fewer.
impl RuleBot for SchieberDeal {
    type RuleBot = super::JassBot;

    fn rule_bot(seed: cards_core::Seed) -> super::JassBot {
        super::JassBot::new(seed)
    }

    const SOLVE_PLAYOUT: usize = PLAYOUT_HORIZON;
    const SOLVE_DECISION: usize = DECISION_HORIZON;

    #[inline]
    fn solve_left(&self) -> Option<usize> {
        self.solvable_left()
    }

    fn exact_value(&self, _root: &Self) -> Option<Exact> {
        self.exact_returns()
    }
}

/// A whole Schieber game solves nothing: its returns are the game's win or loss, which the
/// card points of one deal do not fix; its searches play out as without a solver.
impl RuleBot for Schieber {
    type RuleBot = super::JassBot;

    fn rule_bot(seed: cards_core::Seed) -> super::JassBot {
        super::JassBot::new(seed)
    }
}
