//! A whole Differenzler game ([`Differenzler`], records `differenzler`) as `simulate jass
//! --variant differenzler` counts it.

use std::fmt;

use cards_core::{Game, JassCard, PlayerId};
use jass::{Action, Differenzler, DifferenzlerOutcome};
use serde::Serialize;

use crate::simulate::{
    Bucket, BucketReport, Distribution, LengthReport, Percent, Tally, Term, bucket_of,
    bucket_reports, plural, rate, write_histogram,
};

/// Cards in a deal.
const PLAYS: usize = 36;

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
    let winner = (leader + jass::trick_winner(&cards, before.trump())) % n;
    points[winner] += jass::trick_points(&cards, before.trump(), true);
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

impl crate::games::Summary for Differenzler {
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

/// What `simulate jass --variant differenzler` counts (integers only).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DifferenzlerTally {
    players: usize,
    games: u64,
    /// Games each seat won, ties counted for every winner.
    wins: Vec<u64>,
    /// Games won by more than one seat.
    tied: u64,
    /// Sum of each seat's total penalty.
    penalties: Vec<u64>,
    /// Sum of the winners' penalty.
    winner_penalty: u64,
    /// Deals counted, and seat-deals.
    deals: u64,
    /// Per seat-deal penalty distribution.
    deal_penalty: Distribution,
    /// Per seat-deal points taken.
    points: [u64; 8],
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
            games: 0,
            wins: vec![0; players],
            tied: 0,
            penalties: vec![0; players],
            winner_penalty: 0,
            deals: 0,
            deal_penalty: Distribution::default(),
            points: [0; 8],
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
                self.points[bucket_of(&POINT_BUCKETS, i64::from(taken))] += 1;
                self.points_sum += u64::from(taken);
                self.predictions_sum += u64::from(p);
            }
        }
        let Some(outcome) = &game.outcome else {
            return;
        };
        self.games += 1;
        self.deals_per_game.add(u64::from(outcome.deals));
        for w in &outcome.winners {
            if let Some(wins) = self.wins.get_mut(w.index()) {
                *wins += 1;
            }
        }
        self.tied += u64::from(outcome.winners.len() > 1);
        for (sum, &p) in self.penalties.iter_mut().zip(&outcome.penalties) {
            *sum += u64::from(p);
        }
        self.winner_penalty += u64::from(outcome.penalties.iter().copied().min().unwrap_or(0));
    }

    fn report(&self, _games: u64) -> DifferenzlerReport {
        let seat_deals = self.deals * self.players as u64;
        DifferenzlerReport {
            wins: self.wins.clone(),
            win_rate: self.wins.iter().map(|&w| rate(w, self.games)).collect(),
            tied: self.tied,
            penalty_mean: self
                .penalties
                .iter()
                .map(|&p| rate(p, self.games))
                .collect(),
            winner_penalty_mean: rate(self.winner_penalty, self.games),
            deals: self.deals,
            prediction_error: self.deal_penalty.report(),
            exact: self.exact,
            exact_rate: rate(self.exact, seat_deals),
            prediction_mean: rate(self.predictions_sum, seat_deals),
            points_mean: rate(self.points_sum, seat_deals),
            points: bucket_reports(&POINT_BUCKETS, &self.points, seat_deals),
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
    use crate::oracle::playout::{TraceEntry, playout, trace};
    use crate::simulate::game::simulate_one;

    /// The trace: a deal event (with the shown card, the dealer's last) at every deal and a
    /// score event after each, whose card points total 157 and give the penalties.
    #[test]
    fn traces_and_tallies_whole_games() {
        for players in [3, 4] {
            for seed in 0..5 {
                let t = trace::<Differenzler>(players, seed).unwrap();
                let (state, actions) = playout::<Differenzler>(players, seed).unwrap();
                let deals: Vec<serde_json::Value> =
                    t.events.iter().filter_map(TraceEntry::deal).collect();
                let scores: Vec<&Vec<i64>> = t
                    .events
                    .iter()
                    .filter_map(|e| match e {
                        TraceEntry::Score { score } => Some(score),
                        _ => None,
                    })
                    .collect();
                assert_eq!(deals.len(), 16);
                assert_eq!(scores.len(), 16);
                assert_eq!(t.events.len(), actions + 32);
                for d in &deals {
                    let hands = d["hands"].as_array().unwrap();
                    assert_eq!(hands.len(), players);
                    let dealer = d["dealer"].as_u64().unwrap() as usize;
                    assert_eq!(
                        &d["shown"],
                        hands[dealer].as_array().unwrap().last().unwrap()
                    );
                    assert_eq!(
                        d["forehand"].as_u64().unwrap() as usize,
                        (dealer + 1) % players
                    );
                }
                for s in &scores {
                    assert_eq!(s.iter().sum::<i64>(), 157);
                }
                assert_eq!(t.returns, crate::oracle::playout::Returns::of(&state));
                let played =
                    simulate_one::<Differenzler>(&jass::Rules::default(), players, seed).unwrap();
                let summary = &played.summary;
                assert_eq!(summary.deals.len(), 16);
                // The penalties are the distance of the predictions from the points.
                let mut penalties = vec![0u32; players];
                for d in &summary.deals {
                    for (s, penalty) in penalties.iter_mut().enumerate() {
                        *penalty += u32::from(d.predictions[s]).abs_diff(d.points[s]);
                    }
                }
                assert_eq!(penalties, state.penalties());
                for (d, s) in summary.deals.iter().zip(&scores) {
                    let points: Vec<i64> = d.points.iter().map(|&p| i64::from(p)).collect();
                    assert_eq!(&points, *s);
                }
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
