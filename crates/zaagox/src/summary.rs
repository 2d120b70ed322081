//! What a summary of many Zaägox games counts ([`cards_core::summary`]): wins by seat, games
//! exhausted by cause, Ava declarations and how they ended, the winners' scores, turns.

use std::fmt;

use cards_core::summary::{
    Bucket, BucketReport, Distribution, Extremes, Histogram, LengthReport, Mean, Percent,
    SeatCounts, Summary, Tally, Term, plural, rate, write_histogram,
};
use cards_core::{Game, PlayerId};
use serde::Serialize;

use crate::{Exhaustion, Outcome, Zaagox};

impl Summary for Zaagox {
    type Tally = ZaagoxTally;
    type Watch = ();

    const TERMS: &'static [Term] = &[
        Term {
            word: "turn",
            meaning: "a draw from the centre pile and the discard, pair or age after it; Da \
                      answers, stores and End/Ava choices are actions but not turns",
        },
        Term {
            word: "winner score",
            meaning: "the points of the winner's stored cards; each loser pays them to the winner",
        },
        Term {
            word: "Ava",
            meaning: "with four stored cards a player may declare Ava instead of ending, to win \
                      on five; it fails if another player wins first, and the declarer then \
                      pays the winner alone (score x (players - 1))",
        },
        Term {
            word: "exhausted",
            meaning: "the game ended without a winner and nobody paid: the centre pile was \
                      empty when a card had to be drawn (pile empty), or the turn limit \
                      (1,000 turns) was reached (turn limit)",
        },
    ];

    const SCORE: &'static str = "winner score";

    fn score(state: &Zaagox) -> Option<i64> {
        match state.outcome() {
            Some(Outcome::Won { score, .. }) => Some(score.points),
            _ => None,
        }
    }

    fn summarize(state: &Zaagox, (): ()) -> GameSummary {
        GameSummary {
            outcome: state.outcome(),
            ava_declared: PlayerId::all(state.num_players()).any(|p| state.ava_declared(p)),
            turns: state.turns(),
        }
    }
}

/// What a summary keeps of one finished Zaägox game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameSummary {
    /// How it ended (`None`: stopped at the action bound).
    pub outcome: Option<Outcome>,
    /// Whether anyone declared Ava.
    pub ava_declared: bool,
    /// Turns played (draws at the start of a turn).
    pub turns: u32,
}

/// The winner-score histogram's buckets: inclusive bounds, the first and last open.
const BUCKETS: [Bucket; 7] = [
    (None, Some(0), "<=0"),
    (Some(1), Some(4), "1-4"),
    (Some(5), Some(16), "5-16"),
    (Some(17), Some(64), "17-64"),
    (Some(65), Some(256), "65-256"),
    (Some(257), Some(1024), "257-1024"),
    (Some(1025), None, ">1024"),
];

/// What a summary counts about Zaägox games: wins, exhaustion, Ava, winner scores, turns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ZaagoxTally {
    /// Wins by seat.
    pub wins: SeatCounts,
    /// Games exhausted because the pile ran out.
    pub pile_empty: u64,
    /// Games exhausted at the turn limit.
    pub turn_limit: u64,
    /// Games where someone declared Ava.
    pub ava_declared: u64,
    /// Games with a declaration won by a declarer (on five cards).
    pub ava_won: u64,
    /// Games won by someone else while an Ava declarer waited.
    pub ava_failed: u64,
    /// Games with a declaration that ended exhausted.
    pub ava_exhausted: u64,
    /// The winners' scores: their mean, extremes and buckets.
    pub score: Mean,
    /// Lowest and highest winner score.
    pub score_range: Extremes,
    /// Winner scores by bucket.
    pub score_buckets: Histogram,
    /// Turns per game.
    pub turns: Distribution,
}

impl Tally for ZaagoxTally {
    type Summary = GameSummary;
    type Report = ZaagoxReport;

    fn new(players: usize) -> Self {
        ZaagoxTally {
            wins: SeatCounts::new(players),
            pile_empty: 0,
            turn_limit: 0,
            ava_declared: 0,
            ava_won: 0,
            ava_failed: 0,
            ava_exhausted: 0,
            score: Mean::default(),
            score_range: Extremes::default(),
            score_buckets: Histogram::new(&BUCKETS),
            turns: Distribution::default(),
        }
    }

    fn add(&mut self, game: &GameSummary) {
        self.ava_declared += u64::from(game.ava_declared);
        self.turns.add(u64::from(game.turns));
        match game.outcome {
            Some(Outcome::Won {
                winner,
                score,
                ava_failed,
            }) => {
                self.wins.add(winner.index());
                self.ava_failed += u64::from(ava_failed.is_some());
                // A declarer is never asked End again: it wins only on five cards.
                self.ava_won += u64::from(game.ava_declared && ava_failed.is_none());
                self.score.add(score.points);
                self.score_range.add(score.points);
                self.score_buckets.add(score.points);
            }
            Some(Outcome::Exhausted { cause }) => {
                self.ava_exhausted += u64::from(game.ava_declared);
                match cause {
                    Exhaustion::PileEmpty => self.pile_empty += 1,
                    Exhaustion::TurnLimit => self.turn_limit += 1,
                }
            }
            // Counted by the engine as unfinished.
            None => {}
        }
    }

    fn report(&self, games: u64) -> ZaagoxReport {
        let won = self.wins.total();
        let declared = self.ava_declared;
        let exhausted = self.pile_empty + self.turn_limit;
        ZaagoxReport {
            wins: self.wins.counts().to_vec(),
            win_rate: self.wins.rates(games),
            exhausted: ExhaustedReport {
                games: exhausted,
                rate: rate(exhausted, games),
                pile_empty: self.pile_empty,
                pile_empty_rate: rate(self.pile_empty, games),
                turn_limit: self.turn_limit,
                turn_limit_rate: rate(self.turn_limit, games),
            },
            ava: AvaReport {
                games: declared,
                rate: rate(declared, games),
                won: self.ava_won,
                won_share: rate(self.ava_won, declared),
                failed: self.ava_failed,
                failed_rate: rate(self.ava_failed, games),
                failed_share: rate(self.ava_failed, declared),
                exhausted: self.ava_exhausted,
                exhausted_share: rate(self.ava_exhausted, declared),
            },
            winner_score: ScoreReport {
                wins: won,
                mean: self.score.mean(),
                min: self.score_range.min(),
                max: self.score_range.max(),
                histogram: self.score_buckets.report(won),
            },
            turns: self.turns.report(),
        }
    }

    fn lengths(&self) -> Vec<(&'static str, LengthReport)> {
        vec![("turns", self.turns.report())]
    }
}

/// The Zaägox part of a summary's report (JSON fields `wins`, `win_rate`, `exhausted`,
/// `ava`, `winner_score`, `turns`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ZaagoxReport {
    /// Wins by seat.
    pub wins: Vec<u64>,
    /// Wins by seat as a share of all games.
    pub win_rate: Vec<f64>,
    /// Games without a winner.
    pub exhausted: ExhaustedReport,
    /// Ava declarations.
    pub ava: AvaReport,
    /// The winners' scores.
    pub winner_score: ScoreReport,
    /// Turns per game (draws at the start of a turn; fewer than actions).
    pub turns: LengthReport,
}

/// Games without a winner, by cause.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExhaustedReport {
    /// All exhausted games.
    pub games: u64,
    /// Their share of all games.
    pub rate: f64,
    /// Exhausted because the centre pile ran out.
    pub pile_empty: u64,
    /// Share of all games.
    pub pile_empty_rate: f64,
    /// Exhausted at the turn limit.
    pub turn_limit: u64,
    /// Share of all games.
    pub turn_limit_rate: f64,
}

/// Ava declarations. `*_rate` fields are shares of all games, `*_share` fields shares of the
/// games with a declaration.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AvaReport {
    /// Games where anyone declared Ava.
    pub games: u64,
    /// Their share of all games.
    pub rate: f64,
    /// Games with a declaration won by a declarer (on five cards).
    pub won: u64,
    /// Share of the games with a declaration.
    pub won_share: f64,
    /// Games won by someone else while a declarer waited (the declaration failed).
    pub failed: u64,
    /// Share of all games.
    pub failed_rate: f64,
    /// Share of the games with a declaration.
    pub failed_share: f64,
    /// Games with a declaration that ended exhausted (nobody paid).
    pub exhausted: u64,
    /// Share of the games with a declaration.
    pub exhausted_share: f64,
}

/// The winners' scores.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ScoreReport {
    /// Games with a winner.
    pub wins: u64,
    /// Mean winner score (`null` without winners).
    pub mean: Option<f64>,
    /// Lowest winner score.
    pub min: Option<i64>,
    /// Highest winner score.
    pub max: Option<i64>,
    /// Counts by score bucket.
    pub histogram: Vec<BucketReport>,
}

impl fmt::Display for ZaagoxReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let games = self.wins.iter().sum::<u64>() + self.exhausted.games;
        let row = |f: &mut fmt::Formatter<'_>, label: &str, count: u64, share: f64| {
            writeln!(f, "  {label:<24}{count:>10}  {:>14}", Percent(share))
        };
        writeln!(
            f,
            "{:<26}{:>10}  {:>14}",
            "Outcome", "games", "of all games"
        )?;
        for (seat, (&wins, &rate)) in self.wins.iter().zip(&self.win_rate).enumerate() {
            row(f, &format!("seat {seat} won"), wins, rate)?;
        }
        let ex = &self.exhausted;
        row(
            f,
            "exhausted: pile empty",
            ex.pile_empty,
            ex.pile_empty_rate,
        )?;
        row(
            f,
            "exhausted: turn limit",
            ex.turn_limit,
            ex.turn_limit_rate,
        )?;
        writeln!(f)?;
        let ava = &self.ava;
        writeln!(
            f,
            "Ava was declared in {} ({} of all games)",
            plural(ava.games, "game", "games"),
            Percent(ava.rate)
        )?;
        if ava.games > 0 {
            writeln!(
                f,
                "{:<26}{:>10}  {:>14}",
                "  how those games ended", "games", "of those games"
            )?;
            row(f, "a declarer won on five", ava.won, ava.won_share)?;
            row(f, "another seat won: failed", ava.failed, ava.failed_share)?;
            row(
                f,
                "exhausted: nobody paid",
                ava.exhausted,
                ava.exhausted_share,
            )?;
        }
        writeln!(f)?;
        let score = &self.winner_score;
        match (score.mean, score.min, score.max) {
            (Some(mean), Some(min), Some(max)) => {
                writeln!(
                    f,
                    "Winner score over the {} with a winner ({} of {}): mean {mean:.2}, min {min}, max {max}",
                    plural(score.wins, "game", "games"),
                    Percent(rate(score.wins, games)),
                    plural(games, "game", "games"),
                )?;
                writeln!(
                    f,
                    "{:<13}{:>10}  {:>16}",
                    "  score", "games", "of won games"
                )?;
                write_histogram(f, &score.histogram, 11, 16)
            }
            _ => writeln!(f, "Winner score: no game had a winner"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards_core::Seed;
    use cards_core::summary::bucket_of;

    #[test]
    fn summaries_agree_with_the_playout() {
        for seed in 0..20 {
            let (state, _) =
                cards_core::random_playout::<Zaagox>(&Default::default(), 3, Seed::from(seed))
                    .unwrap();
            let played = Zaagox::random_game(&Default::default(), 3, Seed::from(seed)).unwrap();
            let summary = played.summary;
            assert_eq!(summary.outcome, state.outcome());
            assert_eq!(played.settlement, state.settlement().to_vec());
            match summary.outcome {
                Some(Outcome::Won { winner, .. }) => assert!(winner.index() < 3),
                Some(Outcome::Exhausted { .. }) => {
                    assert!(state.settlement().iter().all(|&r| r == 0));
                }
                None => panic!("seed {seed} did not finish"),
            }
        }
    }

    #[test]
    fn buckets_cover_every_score() {
        assert_eq!(bucket_of(&BUCKETS, i64::MIN), 0);
        assert_eq!(bucket_of(&BUCKETS, 0), 0);
        assert_eq!(bucket_of(&BUCKETS, 1), 1);
        assert_eq!(bucket_of(&BUCKETS, 4), 1);
        assert_eq!(bucket_of(&BUCKETS, 5), 2);
        assert_eq!(bucket_of(&BUCKETS, 64), 3);
        assert_eq!(bucket_of(&BUCKETS, 65), 4);
        assert_eq!(bucket_of(&BUCKETS, 1024), 5);
        assert_eq!(bucket_of(&BUCKETS, 1025), 6);
        assert_eq!(bucket_of(&BUCKETS, 4096), 6);
    }

    fn won(winner: u8, points: i64, ava_failed: bool) -> GameSummary {
        let score = crate::Score {
            points,
            cards: 4,
            shape_kinds: 1,
            colour_kinds: 1,
            number_kinds: 1,
            strong: false,
        };
        GameSummary {
            outcome: Some(Outcome::Won {
                winner: PlayerId(winner),
                score,
                ava_failed: ava_failed.then_some(PlayerId(0)),
            }),
            ava_declared: ava_failed,
            turns: 10,
        }
    }

    #[test]
    fn tally_counts_and_reports() {
        let mut tally = ZaagoxTally::new(3);
        tally.add(&won(1, -4, false));
        tally.add(&won(2, 4096, true));
        tally.add(&GameSummary {
            outcome: Some(Outcome::Exhausted {
                cause: Exhaustion::PileEmpty,
            }),
            ava_declared: true,
            turns: 30,
        });
        tally.add(&GameSummary {
            outcome: Some(Outcome::Exhausted {
                cause: Exhaustion::TurnLimit,
            }),
            ava_declared: false,
            turns: 1000,
        });
        tally.add(&GameSummary {
            outcome: None,
            ava_declared: false,
            turns: 1000,
        });
        assert_eq!(tally.wins.counts(), &[0, 1, 1]);
        assert_eq!((tally.pile_empty, tally.turn_limit), (1, 1));
        assert_eq!((tally.ava_declared, tally.ava_failed), (2, 1));
        assert_eq!((tally.ava_won, tally.ava_exhausted), (0, 1));
        assert_eq!(tally.turns.count(), 5);
        assert_eq!(
            (tally.score_range.min(), tally.score_range.max()),
            (Some(-4), Some(4096))
        );
        let report = tally.report(5);
        assert_eq!(report.winner_score.mean, Some(2046.0));
        assert_eq!(report.exhausted.games, 2);
        let text = report.to_string();
        for needle in [
            "Outcome                        games    of all games\n",
            "  seat 2 won                       1          20.00%\n",
            "  exhausted: pile empty            1          20.00%\n",
            "  exhausted: turn limit            1          20.00%\n",
            "Ava was declared in 2 games (40.00% of all games)\n",
            "  a declarer won on five           0           0.00%\n",
            "  another seat won: failed         1          50.00%\n",
            "  exhausted: nobody paid           1          50.00%\n",
            "Winner score over the 2 games with a winner (50.00% of 4 games): mean 2046.00, \
             min -4, max 4096\n",
            "  <=0                 1            50.00%  ########################################\n",
            "  >1024               1            50.00%  ########################################\n",
            "  1-4                 0             0.00%\n",
        ] {
            assert!(text.contains(needle), "{needle} missing from\n{text}");
        }
        assert_eq!(report.ava.failed_share, 0.5);
        assert_eq!(report.turns.max, 1000);
        assert_eq!(ZaagoxTally::lengths(&tally)[0].0, "turns");
        let empty = ZaagoxTally::new(2).report(0).to_string();
        assert!(empty.contains("no game had a winner"), "{empty}");
        assert!(empty.contains("Ava was declared in 0 games"), "{empty}");
        let mut one = ZaagoxTally::new(2);
        one.add(&won(0, 5, false));
        let text = one.report(1).to_string();
        assert!(text.contains("over the 1 game with a winner"), "{text}");
    }
}
