//! What a summary of many Eléwénjewé games counts ([`cards_core::summary`]): wins and mean
//! totals by seat, rounds, what a round captures and scores, and the plays.

use std::fmt;

use cards_core::summary::{
    Distribution, LengthReport, Percent, SeatCounts, SeatSums, Summary, Tally, Term, rate,
};
use cards_core::{CardSet, Game, StdCard};
use serde::Serialize;

use crate::{Action, Elewenjewe, Outcome, Scoring, card_value};

/// What one game's actions showed (and, added up, a run's).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Watch {
    trails: u64,
    captures: u64,
    /// Captures of more than one group.
    several: u64,
    /// Captures by a played joker.
    joker_plays: u64,
    builds: u64,
}

impl Watch {
    /// Adds another game's (or run's) plays.
    fn merge(&mut self, other: &Watch) {
        self.trails += other.trails;
        self.captures += other.captures;
        self.several += other.several;
        self.joker_plays += other.joker_plays;
        self.builds += other.builds;
    }
}

/// What a summary keeps of one finished game.
#[derive(Debug, Clone, PartialEq)]
pub struct GameSummary {
    outcome: Option<Outcome>,
    watch: Watch,
    /// Per round: cards captured, layout diamonds, jokers taken, Esun penalties, points.
    rounds: Vec<RoundFigures>,
}

/// The figures of one round summed over the seats (and, added up, of a run's rounds).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct RoundFigures {
    cards: u64,
    layout: u64,
    jokers: u64,
    penalties: u64,
    points: u64,
    /// Of the points, those for layout diamonds (the rest: the most-cards point).
    layout_points: u64,
}

impl RoundFigures {
    /// Adds another round's figures.
    fn merge(&mut self, other: &RoundFigures) {
        self.cards += other.cards;
        self.layout += other.layout;
        self.jokers += other.jokers;
        self.penalties += other.penalties;
        self.points += other.points;
        self.layout_points += other.layout_points;
    }
}

/// The number of groups a capture of `taken` by `played` takes: the sum of the taken values
/// over the played card's value (numeric cards), the number of cards (face cards); jokers and
/// piles' cards count with their values.
fn groups(played: StdCard, taken: CardSet<StdCard>) -> u64 {
    match card_value(played) {
        Some(v) if v > 0 => {
            let sum: u64 = taken.iter().filter_map(card_value).map(u64::from).sum();
            sum / u64::from(v)
        }
        _ => taken.len() as u64,
    }
}

impl Summary for Elewenjewe {
    type Tally = ElewenjeweTally;
    type Watch = Watch;

    const TERMS: &'static [Term] = TERMS;

    const SCORE: &'static str = "winner's total";

    fn watch(watch: &mut Watch, _now: &Elewenjewe, action: Action) {
        match action {
            Action::Trail(_) => watch.trails += 1,
            Action::Capture { played, taken } => {
                watch.captures += 1;
                watch.joker_plays += u64::from(played.is_joker());
                watch.several += u64::from(!played.is_joker() && groups(played, taken) > 1);
            }
            Action::Build { .. } => watch.builds += 1,
        }
    }

    fn score(state: &Elewenjewe) -> Option<i64> {
        state.outcome().and_then(|o| o.totals.iter().copied().max())
    }

    fn summarize(state: &Elewenjewe, watch: Watch) -> GameSummary {
        let sum = |v: &[u8]| v.iter().map(|&x| u64::from(x)).sum::<u64>();
        let layout_scores = state.rules().scoring == Scoring::LayoutAndMost;
        GameSummary {
            outcome: state.outcome(),
            watch,
            rounds: state
                .records()
                .iter()
                .map(|r| {
                    let layout = r.layout.iter().map(|l| l.len() as u64).sum();
                    RoundFigures {
                        cards: sum(&r.cards),
                        layout,
                        jokers: sum(&r.jokers),
                        penalties: sum(&r.penalties),
                        points: r.points.iter().map(|&p| p.max(0) as u64).sum(),
                        layout_points: if layout_scores { layout } else { 0 },
                    }
                })
                .collect(),
        }
    }
}

/// The terms of the summary.
const TERMS: &[Term] = &[
    Term {
        word: "round",
        meaning: "one pass through the pack: the four layout diamonds (K, Q, J, 9 of diamonds) \
                  on the table, batches of four cards each",
    },
    Term {
        word: "capture",
        meaning: "a card played that takes table cards: any union of disjoint groups summing to \
                  its value (face cards: cards of their rank; a joker: the whole table); \
                  several groups: more than one such group at once",
    },
    Term {
        word: "trail",
        meaning: "a card played that stays on the table (capturing is never compulsory)",
    },
    Term {
        word: "Esun",
        meaning: "a protected pile built for a value its builder still holds; a pile not \
                  captured in time costs its builder a penalty",
    },
    Term {
        word: "winner's total",
        meaning: "the highest final total of a game",
    },
];

/// What a summary of Eléwénjewé games counts (integers only).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ElewenjeweTally {
    games: u64,
    wins: SeatCounts,
    tied: u64,
    totals: SeatSums,
    rounds: Distribution,
    round_count: u64,
    figures: RoundFigures,
    watch: Watch,
}

impl Tally for ElewenjeweTally {
    type Summary = GameSummary;
    type Report = ElewenjeweReport;

    fn new(players: usize) -> Self {
        ElewenjeweTally {
            games: 0,
            wins: SeatCounts::new(players),
            tied: 0,
            totals: SeatSums::new(players),
            rounds: Distribution::default(),
            round_count: 0,
            figures: RoundFigures::default(),
            watch: Watch::default(),
        }
    }

    fn add(&mut self, game: &GameSummary) {
        self.watch.merge(&game.watch);
        for r in &game.rounds {
            self.round_count += 1;
            self.figures.merge(r);
        }
        let Some(outcome) = &game.outcome else {
            return;
        };
        self.games += 1;
        self.rounds.add(u64::from(outcome.rounds));
        for seat in &outcome.winners {
            self.wins.add(seat.index());
        }
        self.tied += u64::from(outcome.winners.len() > 1);
        self.totals.add(&outcome.totals);
    }

    fn report(&self, _games: u64) -> ElewenjeweReport {
        let per_round = |x: u64| rate(x, self.round_count);
        let (w, r) = (&self.watch, &self.figures);
        ElewenjeweReport {
            wins: self.wins.counts().to_vec(),
            win_rate: self.wins.rates(self.games),
            tied: self.tied,
            total_mean: self.totals.means(self.games),
            rounds: self.round_count,
            per_round: PerRound {
                cards_captured: per_round(r.cards),
                layout_diamonds: per_round(r.layout),
                jokers_captured: per_round(r.jokers),
                esun_penalties: per_round(r.penalties),
                points: per_round(r.points),
                layout_points: per_round(r.layout_points),
                most_cards_points: per_round(r.points.saturating_sub(r.layout_points)),
            },
            plays: Plays {
                trails: w.trails,
                captures: w.captures,
                capture_rate: rate(w.captures, w.trails + w.captures + w.builds),
                several_groups: w.several,
                several_groups_rate: rate(w.several, w.captures),
                joker_captures: w.joker_plays,
                builds: w.builds,
            },
        }
    }

    fn lengths(&self) -> Vec<(&'static str, LengthReport)> {
        vec![("rounds", self.rounds.report())]
    }

    fn unit(&self) -> Option<(&'static str, u64)> {
        Some(("rounds", self.round_count))
    }
}

/// The Eléwénjewé part of a summary's report (JSON fields `wins`, `win_rate`, `tied`,
/// `total_mean`, `rounds`, `per_round`, `plays`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ElewenjeweReport {
    /// Games each seat won (a tie counts for every winner).
    pub wins: Vec<u64>,
    /// Their share of the games.
    pub win_rate: Vec<f64>,
    /// Games with several winners.
    pub tied: u64,
    /// Each seat's mean final total.
    pub total_mean: Vec<f64>,
    /// Rounds played.
    pub rounds: u64,
    /// Means per round, over all seats.
    pub per_round: PerRound,
    /// The plays.
    pub plays: Plays,
}

/// Means per round, over all seats.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PerRound {
    /// Cards captured.
    pub cards_captured: f64,
    /// Layout diamonds captured.
    pub layout_diamonds: f64,
    /// Jokers captured.
    pub jokers_captured: f64,
    /// Esun penalties.
    pub esun_penalties: f64,
    /// Points scored (before penalties).
    pub points: f64,
    /// Of those, points for layout diamonds captured.
    pub layout_points: f64,
    /// Of those, the point for the most cards (none when the most is shared).
    pub most_cards_points: f64,
}

/// The plays over the run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Plays {
    /// Cards left on the table.
    pub trails: u64,
    /// Captures.
    pub captures: u64,
    /// Captures as a share of all plays.
    pub capture_rate: f64,
    /// Captures of more than one group (not by a joker).
    pub several_groups: u64,
    /// Their share of the captures.
    pub several_groups_rate: f64,
    /// Captures by a played joker.
    pub joker_captures: u64,
    /// Esun piles built.
    pub builds: u64,
}

impl fmt::Display for ElewenjeweReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:<10}{:>8}{:>10}{:>14}",
            "Seat", "wins", "of games", "mean total"
        )?;
        for (seat, ((w, r), t)) in self
            .wins
            .iter()
            .zip(&self.win_rate)
            .zip(&self.total_mean)
            .enumerate()
        {
            writeln!(f, "  seat {seat:<4}{w:>8}{:>10}{t:>14.2}", Percent(*r))?;
        }
        writeln!(f, "Games with tied winners: {}", self.tied)?;
        writeln!(f)?;
        let r = &self.per_round;
        writeln!(
            f,
            "Per round ({} rounds, all seats): {:.2} cards captured, {:.2} layout diamonds, {:.2} \
             jokers, {:.2} points, {:.2} Esun penalties",
            self.rounds,
            r.cards_captured,
            r.layout_diamonds,
            r.jokers_captured,
            r.points,
            r.esun_penalties
        )?;
        let p = &self.plays;
        writeln!(
            f,
            "Points by source per round: {:.2} for layout diamonds, {:.2} for the most cards \
             (no point when the most is shared)",
            r.layout_points, r.most_cards_points
        )?;
        writeln!(
            f,
            "Plays: {} captures ({} of plays), {} trails, {} Esun builds",
            p.captures,
            Percent(p.capture_rate),
            p.trails,
            p.builds
        )?;
        writeln!(
            f,
            "Captures of several groups: {} ({} of captures); by a played joker: {}",
            p.several_groups,
            Percent(p.several_groups_rate),
            p.joker_captures
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;
    use cards_core::Seed;

    /// The tally counts every round of every game, and its text reads.
    #[test]
    fn tallies_every_round() {
        for players in 2..=5 {
            for seed in 0..3 {
                let played =
                    Elewenjewe::random_game(&Rules::default(), players, Seed::from(seed)).unwrap();
                let (state, _) = cards_core::random_playout::<Elewenjewe>(
                    &Rules::default(),
                    players,
                    Seed::from(seed),
                )
                .unwrap();
                let mut tally = ElewenjeweTally::new(players);
                tally.add(&played.summary);
                assert_eq!(tally.round_count, state.records().len() as u64);
                assert!(
                    tally
                        .report(1)
                        .to_string()
                        .contains("Captures of several groups")
                );
            }
        }
        let taken = ["6C", "3D", "9H"]
            .iter()
            .map(|c| c.parse().unwrap())
            .collect();
        assert_eq!(groups("9S".parse().unwrap(), taken), 2);
    }
}
