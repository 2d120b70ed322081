//! What a summary of whole Coiffeur games ([`Coiffeur`], records `coiffeur`) counts: wins and
//! totals by side, each slot of the sheet, the passes before a choice.

use std::fmt;

use cards_core::Game;
use cards_core::summary::{
    Distribution, LengthReport, Mean, Percent, SeatCounts, SeatSums, Summary, Tally, Term, rate,
};
use serde::Serialize;

use crate::{Action, Coiffeur, CoiffeurOutcome, ScoreSheet, Slot};

/// How one slot was chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choice {
    /// The slot.
    slot: Slot,
    /// Whether the seat had to choose (no pass was legal).
    forced: bool,
    /// Passes before the choice in that deal.
    passes: u8,
}

/// What the watch gathers: each deal's choice, and the passes of the deal under way.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Watch {
    choices: Vec<Choice>,
    passes: u8,
}

/// One game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSummary {
    outcome: Option<CoiffeurOutcome>,
    sheet: ScoreSheet,
    choices: Vec<Choice>,
}

impl Summary for Coiffeur {
    type Tally = CoiffeurTally;
    type Watch = Watch;

    const TERMS: &'static [Term] = TERMS;

    const SCORE: &'static str = "winning margin";

    fn watch(watch: &mut Watch, now: &Coiffeur, action: Action) {
        match action {
            Action::Pass => watch.passes = watch.passes.saturating_add(1),
            Action::Name(_) | Action::Joker(..) if now.slot().is_none() => {
                let mut legal = Vec::new();
                now.legal_actions(&mut legal);
                if let Some((slot, _)) = Slot::of_action(action) {
                    watch.choices.push(Choice {
                        slot,
                        forced: !legal.contains(&Action::Pass),
                        passes: watch.passes,
                    });
                }
                watch.passes = 0;
            }
            _ => {}
        }
    }

    /// The winner's total minus the best other side's (0 on a tie).
    fn score(state: &Coiffeur) -> Option<i64> {
        let outcome = state.outcome()?;
        let mut totals: Vec<i64> = outcome.totals.iter().map(|&t| i64::from(t)).collect();
        totals.sort_unstable_by(|a, b| b.cmp(a));
        Some(totals[0] - totals.get(1).copied().unwrap_or(0))
    }

    fn summarize(state: &Coiffeur, watch: Watch) -> GameSummary {
        GameSummary {
            outcome: state.outcome(),
            sheet: state.score_sheet(),
            choices: watch.choices,
        }
    }
}

/// The terms of the Coiffeur summary.
const TERMS: &[Term] = &[
    Term {
        word: "game",
        meaning: "a whole Coiffeur game: each side (a team of two, or each seat in individual \
                  play) plays each slot of the sheet once: 16 deals in teams, 32 individually",
    },
    Term {
        word: "slot",
        meaning: "a contract of the sheet with its factor: diamonds x1, hearts x2, spades x3, \
                  clubs x4, obenabe x5, undenufe x6, joker7 x7 and joker8 x8 (a Joker is played \
                  as any of the six modes), and the extras when enabled",
    },
    Term {
        word: "choice",
        meaning: "the seat after the dealer chooses an open slot of its side or passes, the \
                  next seat likewise; forced: no pass was allowed (every other eligible seat \
                  passed, or it was the only one)",
    },
    Term {
        word: "points",
        meaning: "the declaring side's floor(card points / 10) x factor (a Match adds 100 card \
                  points first); the other sides score 0 in that deal",
    },
    Term {
        word: "winning margin",
        meaning: "the winner's total minus the next side's total",
    },
];

/// What is counted per slot.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct SlotCounts {
    deals: u64,
    forced: u64,
    card_points: u64,
    points: u64,
    matches: u64,
    zero: u64,
}

/// What a summary of Coiffeur games counts (integers only).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CoiffeurTally {
    /// Wins by side (a tie counts for every winner); sides are known from the first game.
    wins: SeatCounts,
    tied: u64,
    totals: SeatSums,
    /// The winner's total, over the games.
    winner_total: Mean,
    slots: Vec<(Slot, u32, SlotCounts)>,
    passes: Distribution,
    deals_per_game: Distribution,
    deals: u64,
}

impl CoiffeurTally {
    fn slot_counts(&mut self, slot: Slot, factor: u32) -> &mut SlotCounts {
        let i = match self.slots.iter().position(|(s, _, _)| *s == slot) {
            Some(i) => i,
            None => {
                self.slots.push((slot, factor, SlotCounts::default()));
                self.slots
                    .sort_by_key(|(s, _, _)| Slot::ALL.iter().position(|x| x == s));
                self.slots
                    .iter()
                    .position(|(s, _, _)| *s == slot)
                    .unwrap_or(0)
            }
        };
        &mut self.slots[i].2
    }
}

impl Tally for CoiffeurTally {
    type Summary = GameSummary;
    type Report = CoiffeurReport;

    fn new(_players: usize) -> Self {
        CoiffeurTally {
            wins: SeatCounts::default(),
            tied: 0,
            totals: SeatSums::default(),
            winner_total: Mean::default(),
            slots: Vec::new(),
            passes: Distribution::default(),
            deals_per_game: Distribution::default(),
            deals: 0,
        }
    }

    fn add(&mut self, game: &GameSummary) {
        let sides = game.sheet.sides.len();
        self.wins.grow(sides);
        self.totals.grow(sides);
        for side in &game.sheet.sides {
            for (slot, entry) in game.sheet.slots.iter().zip(&side.entries) {
                let Some(e) = entry else { continue };
                let counts = self.slot_counts(slot.slot, slot.factor);
                counts.deals += 1;
                counts.card_points += u64::from(e.card_points);
                counts.points += u64::from(e.points);
                counts.matches += u64::from(e.matched);
                counts.zero += u64::from(e.points == 0);
                self.deals += 1;
            }
        }
        for choice in &game.choices {
            let factor = game
                .sheet
                .slots
                .iter()
                .find(|s| s.slot == choice.slot)
                .map_or(0, |s| s.factor);
            self.slot_counts(choice.slot, factor).forced += u64::from(choice.forced);
            self.passes.add(u64::from(choice.passes));
        }
        let Some(outcome) = &game.outcome else {
            return;
        };
        self.deals_per_game.add(u64::from(outcome.deals));
        for &w in &outcome.winners {
            self.wins.add(w);
        }
        self.tied += u64::from(outcome.winners.len() > 1);
        self.totals.add(&outcome.totals);
        self.winner_total
            .add(i64::from(outcome.totals.iter().copied().max().unwrap_or(0)));
    }

    fn report(&self, _games: u64) -> CoiffeurReport {
        let games = self.winner_total.count;
        CoiffeurReport {
            wins: self.wins.counts().to_vec(),
            win_rate: self.wins.rates(games),
            tied: self.tied,
            total_mean: self.totals.means(games),
            winner_total_mean: self.winner_total.mean_or_zero(),
            deals: self.deals,
            slots: self
                .slots
                .iter()
                .map(|(slot, factor, c)| SlotReport {
                    slot: slot.to_string(),
                    factor: *factor,
                    deals: c.deals,
                    forced: c.forced,
                    forced_rate: rate(c.forced, c.deals),
                    card_points_mean: rate(c.card_points, c.deals),
                    points_mean: rate(c.points, c.deals),
                    match_rate: rate(c.matches, c.deals),
                    zero_rate: rate(c.zero, c.deals),
                })
                .collect(),
            passes: self.passes.report(),
        }
    }

    fn lengths(&self) -> Vec<(&'static str, LengthReport)> {
        vec![("deals", self.deals_per_game.report())]
    }

    fn unit(&self) -> Option<(&'static str, u64)> {
        Some(("deals", self.deals))
    }
}

/// The Coiffeur part of `simulate`'s report (JSON fields `wins`, `win_rate`, `tied`,
/// `total_mean`, `winner_total_mean`, `deals`, `slots`, `passes`); per-side arrays by side
/// (seats 0+2 and 1+3 in teams, each seat individually).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CoiffeurReport {
    /// Games each side won (a tie counts for every winner).
    pub wins: Vec<u64>,
    /// Their share of the games.
    pub win_rate: Vec<f64>,
    /// Games with several winners.
    pub tied: u64,
    /// Each side's mean final total.
    pub total_mean: Vec<f64>,
    /// The winner's mean total.
    pub winner_total_mean: f64,
    /// Deals played.
    pub deals: u64,
    /// Each slot of the sheet.
    pub slots: Vec<SlotReport>,
    /// Passes before each choice.
    pub passes: LengthReport,
}

/// One slot over the run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SlotReport {
    /// The slot (`trump:D`, `joker7`, …).
    pub slot: String,
    /// Its factor.
    pub factor: u32,
    /// Deals played in it.
    pub deals: u64,
    /// Of those, the deals where it was chosen with no pass allowed.
    pub forced: u64,
    /// Their share.
    pub forced_rate: f64,
    /// The declaring side's mean card points.
    pub card_points_mean: f64,
    /// The declaring side's mean points (after the factor).
    pub points_mean: f64,
    /// Share of its deals with a Match.
    pub match_rate: f64,
    /// Share of its deals that scored 0 (fewer than 10 card points).
    pub zero_rate: f64,
}

impl fmt::Display for CoiffeurReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let label = |side: usize| {
            if self.wins.len() == 2 {
                format!("seats {}+{}", side, side + 2)
            } else {
                format!("seat {side}")
            }
        };
        writeln!(
            f,
            "{:<14}{:>8}{:>10}{:>14}",
            "Side", "wins", "of games", "mean total"
        )?;
        for (side, ((w, r), t)) in self
            .wins
            .iter()
            .zip(&self.win_rate)
            .zip(&self.total_mean)
            .enumerate()
        {
            writeln!(f, "  {:<12}{w:>8}{:>10}{t:>14.1}", label(side), Percent(*r))?;
        }
        writeln!(
            f,
            "Games with tied winners: {}; the winner's total (mean): {:.1}",
            self.tied, self.winner_total_mean
        )?;
        writeln!(f)?;
        writeln!(
            f,
            "{:<12}{:>4}{:>8}{:>9}{:>12}{:>10}{:>9}{:>9}",
            "Slot", "x", "deals", "forced", "card points", "points", "Match", "0 pts"
        )?;
        for s in &self.slots {
            writeln!(
                f,
                "  {:<10}{:>4}{:>8}{:>9}{:>12.1}{:>10.1}{:>9}{:>9}",
                s.slot,
                s.factor,
                s.deals,
                Percent(s.forced_rate),
                s.card_points_mean,
                s.points_mean,
                Percent(s.match_rate),
                Percent(s.zero_rate)
            )?;
        }
        writeln!(
            f,
            "Passes before a choice: mean {:.2}, max {}; \"forced\": the chooser could not pass",
            self.passes.mean, self.passes.max
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards_core::Seed;

    /// The tally counts every deal of a whole game, in teams and individually.
    #[test]
    fn tallies_whole_games() {
        for (individual, sides, deals) in [(false, 2, 16), (true, 4, 32)] {
            let rules = crate::Rules {
                coiffeur: crate::CoiffeurRules {
                    individual,
                    ..crate::CoiffeurRules::default()
                },
                ..crate::Rules::default()
            };
            for seed in 0..3 {
                let played = Coiffeur::random_game(&rules, 4, Seed::from(seed)).unwrap();
                let summary = &played.summary;
                assert_eq!(summary.choices.len(), deals);
                let mut tally = CoiffeurTally::new(4);
                tally.add(summary);
                assert_eq!(tally.deals, deals as u64);
                assert_eq!(tally.wins.counts().len(), sides);
                let text = tally.report(1).to_string();
                assert!(text.contains("joker8"), "{text}");
            }
        }
    }
}
