//! What a summary of whole Differenzler games ([`Differenzler`], records `differenzler`)
//! counts: wins and penalties by seat, the prediction error, the points a seat takes.

use std::fmt;

use cards_core::summary::{
    Bucket, BucketReport, Distribution, Histogram, LengthReport, Mean, Percent, SeatCounts,
    SeatSums, Summary, Tally, Term, plural, rate, write_histogram,
};
use cards_core::{Game, JassCard, PlayerId};
use serde::Serialize;

use crate::card_play::PLAYS;
use crate::{Action, Differenzler, DifferenzlerOutcome};

/// The card points each seat takes in the deal that `card` completes, `before` being the
/// state just before it (its last trick is finished by `card`); `None` when `card` does not
/// complete the deal.
fn final_points(before: &Differenzler, card: JassCard) -> Option<Vec<u32>> {
    let plays = before.plays();
    if plays.len() + 1 != PLAYS {
        return None;
    }
    let n = before.num_players();
    let mut points = before.points();
    let trick_start = plays.len() - plays.len() % n;
    let mut cards = plays[trick_start..].to_vec();
    cards.push(card);
    let seat = before.to_act()?;
    let leader = (seat.index() + n - (cards.len() - 1)) % n;
    let winner = (leader + crate::trick_winner(&cards, before.trump())) % n;
    points[winner] += crate::trick_points(&cards, before.trump(), true);
    Some(points)
}

/// One complete deal as the summary counts it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealSummary {
    /// Each seat's prediction.
    predictions: Vec<u8>,
    /// Each seat's card points.
    points: Vec<u32>,
}

/// One game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSummary {
    /// How it ended.
    outcome: Option<DifferenzlerOutcome>,
    /// Its deals.
    deals: Vec<DealSummary>,
}

impl Summary for Differenzler {
    type Tally = DifferenzlerTally;
    type Watch = Vec<DealSummary>;

    const TERMS: &'static [Term] = TERMS;

    const SCORE: &'static str = "winner's penalty";

    fn watch(watch: &mut Vec<DealSummary>, now: &Differenzler, action: Action) {
        if let Action::Play(card) = action
            && let Some(points) = final_points(now, card)
        {
            let n = now.num_players();
            watch.push(DealSummary {
                predictions: (0..n)
                    .map(|s| now.prediction(PlayerId(s as u8)).unwrap_or(0))
                    .collect(),
                points,
            });
        }
    }

    fn score(state: &Differenzler) -> Option<i64> {
        let outcome = state.outcome()?;
        let best = outcome.penalties.iter().min()?;
        Some(i64::from(*best))
    }

    fn summarize(state: &Differenzler, deals: Vec<DealSummary>) -> GameSummary {
        GameSummary {
            outcome: state.outcome(),
            deals,
        }
    }
}

/// The terms of the Differenzler summary.
const TERMS: &[Term] = &[
    Term {
        word: "game",
        meaning: "a whole Differenzler game: 16 deals by default, each seat alone; the \
                  dealer's last card is shown and its suit is trump",
    },
    Term {
        word: "prediction",
        meaning: "the card points a seat says it will take in a deal (0 to 157), made in turn \
                  from the seat after the dealer before the first card; the random player \
                  predicts uniformly",
    },
    Term {
        word: "points taken",
        meaning: "the card points of a seat's tricks in a deal, the last trick's 5 included \
                  (157 in all)",
    },
    Term {
        word: "penalty",
        meaning: "|prediction - points taken| per deal, summed over the game; the lowest \
                  total wins",
    },
    Term {
        word: "winner's penalty",
        meaning: "the lowest total penalty of a game",
    },
];

/// Buckets of the points a seat takes in a deal.
const POINT_BUCKETS: [Bucket; 8] = [
    (None, Some(0), "0"),
    (Some(1), Some(19), "1..19"),
    (Some(20), Some(39), "20..39"),
    (Some(40), Some(59), "40..59"),
    (Some(60), Some(79), "60..79"),
    (Some(80), Some(99), "80..99"),
    (Some(100), Some(129), "100..129"),
    (Some(130), None, "130..157"),
];

/// What a summary of Differenzler games counts (integers only).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DifferenzlerTally {
    players: usize,
    /// Games each seat won, ties counted for every winner.
    wins: SeatCounts,
    /// Games won by more than one seat.
    tied: u64,
    /// Sum of each seat's total penalty.
    penalties: SeatSums,
    /// The winner's penalty, over the games.
    winner_penalty: Mean,
    /// Deals counted.
    deals: u64,
    /// Per seat-deal penalty distribution.
    deal_penalty: Distribution,
    /// Per seat-deal points taken.
    points: Histogram,
    points_sum: u64,
    predictions_sum: u64,
    /// Seat-deals predicted exactly.
    exact: u64,
    deals_per_game: Distribution,
}

impl Tally for DifferenzlerTally {
    type Summary = GameSummary;
    type Report = DifferenzlerReport;

    fn new(players: usize) -> Self {
        DifferenzlerTally {
            players,
            wins: SeatCounts::new(players),
            tied: 0,
            penalties: SeatSums::new(players),
            winner_penalty: Mean::default(),
            deals: 0,
            deal_penalty: Distribution::default(),
            points: Histogram::new(&POINT_BUCKETS),
            points_sum: 0,
            predictions_sum: 0,
            exact: 0,
            deals_per_game: Distribution::default(),
        }
    }

    fn add(&mut self, game: &GameSummary) {
        for deal in &game.deals {
            self.deals += 1;
            for (&p, &taken) in deal.predictions.iter().zip(&deal.points) {
                let penalty = u32::from(p).abs_diff(taken);
                self.deal_penalty.add(u64::from(penalty));
                self.exact += u64::from(penalty == 0);
                self.points.add(i64::from(taken));
                self.points_sum += u64::from(taken);
                self.predictions_sum += u64::from(p);
            }
        }
        let Some(outcome) = &game.outcome else {
            return;
        };
        self.deals_per_game.add(u64::from(outcome.deals));
        for w in &outcome.winners {
            self.wins.add(w.index());
        }
        self.tied += u64::from(outcome.winners.len() > 1);
        self.penalties.add(&outcome.penalties);
        self.winner_penalty.add(i64::from(
            outcome.penalties.iter().copied().min().unwrap_or(0),
        ));
    }

    fn report(&self, _games: u64) -> DifferenzlerReport {
        let seat_deals = self.deals * self.players as u64;
        let games = self.winner_penalty.count;
        DifferenzlerReport {
            wins: self.wins.counts().to_vec(),
            win_rate: self.wins.rates(games),
            tied: self.tied,
            penalty_mean: self.penalties.means(games),
            winner_penalty_mean: self.winner_penalty.mean_or_zero(),
            deals: self.deals,
            prediction_error: self.deal_penalty.report(),
            exact: self.exact,
            exact_rate: rate(self.exact, seat_deals),
            prediction_mean: rate(self.predictions_sum, seat_deals),
            points_mean: rate(self.points_sum, seat_deals),
            points: self.points.report(seat_deals),
        }
    }

    fn lengths(&self) -> Vec<(&'static str, LengthReport)> {
        vec![("deals", self.deals_per_game.report())]
    }

    fn unit(&self) -> Option<(&'static str, u64)> {
        Some(("deals", self.deals))
    }
}

/// The Differenzler part of `simulate`'s report (JSON fields `wins`, `win_rate`, `tied`,
/// `penalty_mean`, `winner_penalty_mean`, `deals`, `prediction_error`, `exact`,
/// `exact_rate`, `prediction_mean`, `points_mean`, `points`); per-seat arrays by seat,
/// per-deal figures over every seat's deal.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DifferenzlerReport {
    /// Games each seat won (a tie counts for every winner).
    pub wins: Vec<u64>,
    /// Their share of the games.
    pub win_rate: Vec<f64>,
    /// Games with several winners.
    pub tied: u64,
    /// Each seat's mean total penalty per game.
    pub penalty_mean: Vec<f64>,
    /// The winner's mean total penalty.
    pub winner_penalty_mean: f64,
    /// Deals played.
    pub deals: u64,
    /// The absolute prediction error (a seat's penalty in one deal).
    pub prediction_error: LengthReport,
    /// Seat-deals predicted exactly.
    pub exact: u64,
    /// Their share of the seat-deals.
    pub exact_rate: f64,
    /// The mean prediction.
    pub prediction_mean: f64,
    /// The mean points a seat takes in a deal.
    pub points_mean: f64,
    /// How many points a seat takes in a deal.
    pub points: Vec<BucketReport>,
}

impl fmt::Display for DifferenzlerReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:<10}{:>8}{:>10}{:>16}",
            "Seat", "wins", "of games", "mean penalty"
        )?;
        for (seat, ((w, r), p)) in self
            .wins
            .iter()
            .zip(&self.win_rate)
            .zip(&self.penalty_mean)
            .enumerate()
        {
            writeln!(f, "  seat {seat:<4}{w:>8}{:>10}{p:>16.1}", Percent(*r))?;
        }
        writeln!(
            f,
            "Games with tied winners: {}; the winner's penalty (mean): {:.1}",
            self.tied, self.winner_penalty_mean
        )?;
        writeln!(f)?;
        let e = &self.prediction_error;
        writeln!(
            f,
            "Prediction error per seat and deal (|prediction - points taken|) over {}: mean {:.2}, \
             median {}, max {}; exact in {} ({})",
            plural(self.deals, "deal", "deals"),
            e.mean,
            e.median,
            e.max,
            self.exact,
            Percent(self.exact_rate)
        )?;
        writeln!(
            f,
            "Mean prediction {:.2}; mean points taken {:.2}",
            self.prediction_mean, self.points_mean
        )?;
        writeln!(
            f,
            "{:<14}{:>10}  {:>14}",
            "Points taken", "seat-deals", "share"
        )?;
        write_histogram(f, &self.points, 12, 14)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards_core::Seed;

    /// The summary's deals give the game's penalties (the distance of the predictions from
    /// the points, 157 points a deal); the tally counts every deal.
    #[test]
    fn tallies_whole_games() {
        for players in [3, 4] {
            for seed in 0..5 {
                let rules = crate::Rules::default();
                let played = Differenzler::random_game(&rules, players, Seed::from(seed)).unwrap();
                let (state, _) =
                    cards_core::random_playout::<Differenzler>(&rules, players, Seed::from(seed))
                        .unwrap();
                let summary = &played.summary;
                assert_eq!(summary.deals.len(), 16);
                let mut penalties = vec![0u32; players];
                for d in &summary.deals {
                    assert_eq!(d.points.iter().sum::<u32>(), 157);
                    for (s, penalty) in penalties.iter_mut().enumerate() {
                        *penalty += u32::from(d.predictions[s]).abs_diff(d.points[s]);
                    }
                }
                assert_eq!(penalties, state.penalties());
                let mut tally = DifferenzlerTally::new(players);
                tally.add(summary);
                assert_eq!(tally.deals, 16);
                let text = tally.report(1).to_string();
                assert!(
                    text.contains("Prediction error per seat and deal"),
                    "{text}"
                );
            }
        }
    }
}
