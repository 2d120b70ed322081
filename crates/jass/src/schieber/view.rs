//! [`SchieberView`]: what one seat may see of a whole Schieber game, its legal actions,
//! following its events, and sampling a world consistent with it.

use super::*;

/// What one seat may see of a whole Schieber game: the current deal's [`SchieberDealView`], the deal
/// number, both teams' totals before the deal and now, the seat to act, and how the game
/// ended. Not the seed.
///
/// `Display` is the seat's screen in the terminal (`docs/jass.md`, "The screen"): where the
/// game stands and whose turn it is, then one `label: value` line per item, built from the
/// view alone; `{:#}` writes the cards with suit symbols.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SchieberView {
    /// The current deal as this seat sees it (its `credits` are the deal's own, all of the
    /// last card's credits included; `totals` is what counted).
    pub deal: SchieberDealView,
    /// The current deal's number, from 0.
    pub deal_number: u32,
    /// Each team's multiplied total before the current deal.
    pub scores: [u32; 2],
    /// Each team's multiplied total now.
    pub totals: [u32; 2],
    /// The seat to act, `None` once the game is over.
    pub to_act: Option<PlayerId>,
    /// The seat whose Stöck ended the game by the Stöck exception.
    pub early_stoeck: Option<PlayerId>,
    /// How the game ended, once it has.
    pub outcome: Option<SchieberOutcome>,
}

impl SchieberView {
    /// Brings the view up to date with `event` (on error it may be half changed: callers
    /// work on a copy).
    pub(super) fn follow(&mut self, event: &Event) -> Result<(), ObserveError> {
        if self.outcome.is_some() {
            return Err(misfit("the game is over"));
        }
        let factor = |view: &SchieberView| {
            view.deal
                .contract
                .map_or(1, |c| view.deal.rules.multipliers.contract_factor(c))
        };
        let credit = |view: &mut SchieberView, seat: Option<PlayerId>, team: usize, points: u32| {
            let team = seat.map_or(team, team_of) & 1;
            let f = factor(view);
            view.totals[team] = view.totals[team].saturating_add(points.saturating_mul(f));
        };
        match event {
            Event::DealBegan { deal, totals, .. } => {
                let [a, b] = totals[..] else {
                    return Err(misfit("not the totals of two teams"));
                };
                self.deal.follow(event)?;
                self.deal_number = *deal;
                self.scores = [a, b];
                self.totals = [a, b];
            }
            Event::TargetReached { totals, .. } => self.totals = *totals,
            Event::EarlyStoeck { seat, points } => {
                if seat.index() >= SEATS {
                    return Err(misfit("a seat not at the table"));
                }
                let team = team_of(*seat);
                self.totals[team] = self.totals[team].saturating_add(*points);
                self.early_stoeck = Some(*seat);
            }
            Event::SchieberOver { outcome } => self.outcome = Some(*outcome),
            Event::DealScored { .. } => {}
            Event::DealOver { .. } => return Err(misfit("not an event of a whole game")),
            Event::Stoeck { seat, points } => {
                self.deal.follow(event)?;
                credit(self, Some(*seat), 0, *points);
            }
            Event::TrickTaken { seat, points, .. } => {
                self.deal.follow(event)?;
                credit(self, Some(*seat), 0, *points);
            }
            Event::WeisScored { weis } => {
                self.deal.follow(event)?;
                credit(self, None, weis.score.team, weis.score.points);
            }
            Event::Match { side, points, .. } => {
                self.deal.follow(event)?;
                credit(self, None, *side, *points);
            }
            other => self.deal.follow(other)?,
        }
        self.to_act = if self.outcome.is_some() {
            None
        } else {
            self.deal.to_act
        };
        Ok(())
    }

    /// The legal actions of this view's seat when it is the seat to act, into `out`
    /// (cleared first); empty otherwise.
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.to_act.is_some() {
            self.deal.legal_actions(out);
        }
    }

    /// A whole game that shows this view to its seat: the current deal's hidden cards are
    /// sampled as [`SchieberDealView::sample_world`] does, a fresh seed is drawn for the later deals, and
    /// the game is built from a [`SchieberSetup`] (validated by replay) and kept only if it
    /// shows the same view (the Stöck exception depends on who holds the trump King and
    /// Queen), up to 400 tries.
    ///
    /// # Errors
    /// [`SetupError`] when the view is inconsistent; [`ViewError::NoWorld`] when no world
    /// tried shows it.
    pub fn sample_world<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<Schieber, SetupError> {
        let rules = &self.deal.rules;
        rules.validate_schieber_game(SEATS)?;
        for _ in 0..MAX_TRIES {
            let world = self.deal.sample_world(rng)?;
            let setup = SchieberSetup {
                seed: rng.seed(),
                deal_number: self.deal_number,
                scores: self.scores,
                deal: world.setup(),
            };
            if let Ok(game) = Schieber::from_setup(rules, setup)
                && game.view(self.deal.seat) == *self
            {
                return Ok(game);
            }
        }
        Err(SetupError::View(ViewError::NoWorld))
    }
}
