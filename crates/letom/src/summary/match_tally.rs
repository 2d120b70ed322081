//! What a summary of whole Letom matches counts: every deal as it
//! ended, by the deal's own tally ([`LetomTally`], so the per-deal figures are those of
//! `simulate letom`), and every match ([`MatchSummary`]: who won it, each seat's total, the
//! nagari streaks and carries, the shakes and bombs carried into a win, the stakes returned at
//! the end); and the report.

use std::fmt;

use crate::{Letom, MatchOutcome, Rules};
use cards_core::Game;
use serde::Serialize;

use super::tally::{self, DealSummary, LetomReport, LetomTally, Watch};
use cards_core::summary::{
    Bucket, BucketReport, Distribution, Histogram, LengthReport, Percent, SeatCounts, Spread,
    SpreadReport, Tally, Term, plural, rate, write_histogram,
};

/// Per-carry counts: index `c` counts the carry × c (1 to [`Rules::MAX_CARRY`]).
const CARRIES: usize = Rules::MAX_CARRY as usize + 1;

/// The carries always shown (the default cap's); others only when they happened (a cap of 3,
/// 5, 6 or 7).
const SHOWN_CARRIES: [usize; 3] = [2, 4, 8];

/// The longest nagari streak of a match: none, 1 to 3, 4 or more.
const STREAK_BUCKETS: [Bucket; 5] = [
    (None, Some(0), "none"),
    (Some(1), Some(1), "1"),
    (Some(2), Some(2), "2"),
    (Some(3), Some(3), "3"),
    (Some(4), None, "4 or more"),
];

/// What the deals of one match showed, counted in order as each ended.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MatchDeals {
    /// The deals, by the deal's tally (made at the first deal, which gives the table).
    tally: Option<LetomTally>,
    /// Deals counted ([`Self::add`]).
    counted: u32,
    /// Nagaris in a row up to the last deal counted.
    streak: u32,
    /// The longest run of nagaris.
    pub(super) longest: u32,
    /// Deals played under each carry.
    pub(super) carry_deals: [u32; CARRIES],
    /// Of those, the deals with a winner.
    pub(super) carry_won: [u32; CARRIES],
    /// Deals with a winner right after a nagari.
    pub(super) after_nagari_wins: u32,
    /// Of those, the deals whose winner had shakes or bombs carried in.
    pub(super) carried_wins: u32,
    /// The shakes carried in that those winners had.
    pub(super) carried_shakes: u32,
    /// The bombs carried in that those winners had.
    pub(super) carried_bombs: u32,
}

impl MatchDeals {
    /// Deals counted so far: the next deal to count is this one.
    #[cfg(test)]
    #[must_use]
    pub fn counted(&self) -> u32 {
        self.counted
    }

    /// Counts the finished deal `deal` (the next one of the match) and its actions.
    pub fn add(&mut self, deal: &Letom, actions: Watch) {
        self.counted += 1;
        let summary = DealSummary::of(deal, actions);
        self.tally
            .get_or_insert_with(|| LetomTally::new(deal.num_players()))
            .add(&summary);
        let Some(outcome) = deal.outcome() else {
            return;
        };
        let winner = outcome.winner();
        let carry = usize::try_from(deal.carry()).unwrap_or(0);
        if carry > 1 && carry < CARRIES {
            self.carry_deals[carry] += 1;
            self.carry_won[carry] += u32::from(winner.is_some());
        }
        let Some(winner) = winner else {
            self.streak += 1;
            self.longest = self.longest.max(self.streak);
            return;
        };
        if self.streak > 0 {
            // Shakes and bombs are carried only out of a nagari (M4).
            self.after_nagari_wins += 1;
            let setup = deal.setup();
            let carried = |of: &[u8]| u32::from(of.get(winner.index()).copied().unwrap_or(0));
            let (shakes, bombs) = (
                carried(&setup.carried_shakes),
                carried(&setup.carried_bombs),
            );
            if shakes + bombs > 0 {
                self.carried_wins += 1;
                self.carried_shakes += shakes;
                self.carried_bombs += bombs;
            }
        }
        self.streak = 0;
    }
}

/// One finished match, as `simulate letom --variant match` counts it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchSummary {
    /// How it ended (`None`: it did not, a rules bug counted by the engine).
    pub outcome: Option<MatchOutcome>,
    /// Its deals.
    pub deals: MatchDeals,
    /// The stakes left in the pot at the end and given back, all seats together (`None`
    /// without a stake).
    pub returned: Option<i64>,
}

/// What `simulate letom --variant match` counts (integers only).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchTally {
    /// Matches added, finished or not.
    games: u64,
    matches: u64,
    wins: SeatCounts,
    shared: SeatCounts,
    ties: u64,
    totals: Vec<Spread>,
    top: Spread,
    deals_per_match: Distribution,
    deals: LetomTally,
    longest: u32,
    streaks: Histogram,
    carry_deals: [u64; CARRIES],
    carry_won: [u64; CARRIES],
    carry_matches: [u64; CARRIES],
    after_nagari_wins: u64,
    carried_wins: u64,
    carried_shakes: u64,
    carried_bombs: u64,
    stake_matches: u64,
    returned_matches: u64,
    returned: i128,
}

impl Tally for MatchTally {
    type Summary = MatchSummary;
    type Report = MatchReport;

    fn new(players: usize) -> Self {
        MatchTally {
            games: 0,
            matches: 0,
            wins: SeatCounts::new(players),
            shared: SeatCounts::new(players),
            ties: 0,
            totals: vec![Spread::default(); players],
            top: Spread::default(),
            deals_per_match: Distribution::default(),
            deals: LetomTally::new(players),
            longest: 0,
            streaks: Histogram::new(&STREAK_BUCKETS),
            carry_deals: [0; CARRIES],
            carry_won: [0; CARRIES],
            carry_matches: [0; CARRIES],
            after_nagari_wins: 0,
            carried_wins: 0,
            carried_shakes: 0,
            carried_bombs: 0,
            stake_matches: 0,
            returned_matches: 0,
            returned: 0,
        }
    }

    fn add(&mut self, m: &MatchSummary) {
        self.games += 1;
        let d = &m.deals;
        if let Some(deals) = &d.tally {
            self.deals.merge(deals);
        }
        // An unfinished match is counted by the engine.
        let Some(outcome) = &m.outcome else {
            return;
        };
        self.matches += 1;
        self.deals_per_match.add(u64::from(d.counted));
        if let Some(&top) = outcome.totals.iter().max() {
            self.top.add(top);
            let at_top: Vec<usize> = (0..outcome.totals.len())
                .filter(|&s| outcome.totals[s] == top)
                .collect();
            if let [winner] = at_top[..] {
                self.wins.add(winner);
            } else {
                self.ties += 1;
                for s in at_top {
                    self.shared.add(s);
                }
            }
        }
        for (spread, &total) in self.totals.iter_mut().zip(&outcome.totals) {
            spread.add(total);
        }
        self.longest = self.longest.max(d.longest);
        self.streaks.add(i64::from(d.longest));
        for c in 2..CARRIES {
            self.carry_deals[c] += u64::from(d.carry_deals[c]);
            self.carry_won[c] += u64::from(d.carry_won[c]);
            self.carry_matches[c] += u64::from(d.carry_deals[c..].iter().any(|&n| n > 0));
        }
        self.after_nagari_wins += u64::from(d.after_nagari_wins);
        self.carried_wins += u64::from(d.carried_wins);
        self.carried_shakes += u64::from(d.carried_shakes);
        self.carried_bombs += u64::from(d.carried_bombs);
        if let Some(returned) = m.returned {
            self.stake_matches += 1;
            self.returned_matches += u64::from(returned != 0);
            self.returned += i128::from(returned);
        }
    }

    fn report(&self, _games: u64) -> MatchReport {
        let matches = self.matches;
        let deals = self.deals.report(self.games);
        MatchReport {
            wins: self.wins.counts().to_vec(),
            win_rate: self.wins.rates(matches),
            shared_top: self.shared.counts().to_vec(),
            ties: self.ties,
            tie_rate: rate(self.ties, matches),
            totals: self.totals.iter().map(Spread::report).collect(),
            top_total: self.top.report(),
            deals_per_match: self.deals_per_match.report(),
            nagari_streaks: StreakReport {
                longest: self.longest,
                histogram: self.streaks.report(matches),
            },
            carry: (2..CARRIES)
                .filter(|&c| SHOWN_CARRIES.contains(&c) || self.carry_deals[c] > 0)
                .map(|c| CarryReport {
                    carry: c as u32,
                    deals: self.carry_deals[c],
                    rate: rate(self.carry_deals[c], deals.deals),
                    won: self.carry_won[c],
                    won_rate: rate(self.carry_won[c], self.carry_deals[c]),
                    matches: self.carry_matches[c],
                    match_rate: rate(self.carry_matches[c], matches),
                })
                .collect(),
            carried: CarriedReport {
                wins_after_nagari: self.after_nagari_wins,
                wins: self.carried_wins,
                rate: rate(self.carried_wins, self.after_nagari_wins),
                shakes: self.carried_shakes,
                bombs: self.carried_bombs,
            },
            pot_returned: (self.stake_matches > 0).then(|| ReturnReport {
                matches: self.returned_matches,
                rate: rate(self.returned_matches, self.stake_matches),
                mean: if self.returned_matches == 0 {
                    0.0
                } else {
                    self.returned as f64 / self.returned_matches as f64
                },
            }),
            deals,
        }
    }

    fn lengths(&self) -> Vec<(&'static str, LengthReport)> {
        vec![("deals", self.deals_per_match.report())]
    }

    fn unit(&self) -> Option<(&'static str, u64)> {
        self.deals.unit()
    }
}

/// The terms of the match summary.
pub const TERMS: &[Term] = &[
    Term {
        word: "game",
        meaning: "a match of Letom: --rule deals=N deals (10 by default), the first dealer from \
                  the seed, then the last winner deals (after a nagari the same dealer again); \
                  the generic figures (actions, settlement) are per match",
    },
    Term {
        word: "deal",
        meaning: "the cards dealt once, played until a Tom, the end of the stock or a chongtong \
                  at the deal; the dealer plays first. Every deal of every match is counted as it \
                  ends, as simulate letom counts its deals",
    },
    Term {
        word: "total",
        meaning: "a seat's result over a match: each deal's returns plus stakes paid and pots \
                  taken, the stakes left in the pot at the end given back; the totals add up to \
                  0 and are the match's settlement",
    },
    Term {
        word: "match win",
        meaning: "the highest total of a match; when several seats share it, the match is a tie \
                  (counted apart, not as a win)",
    },
    Term {
        word: "nagari carry",
        meaning: "each nagari doubles the next deal's score, nagaris in a row multiplying up to \
                  the cap (x8 by default; --rule carry-cap); a win resets it. A nagari streak is \
                  a run of nagaris in a row",
    },
    Term {
        word: "carried shakes and bombs",
        meaning: "each seat's shakes and bombs of a nagari deal stay in force for it in the next \
                  deal (through nagaris in a row), multiplying its score if it wins there",
    },
    Term {
        word: "top total",
        meaning: "the highest total of a match, the winner's (or the tied seats')",
    },
    tally::TERMS[1],
    tally::TERMS[2],
    tally::TERMS[3],
    tally::TERMS[4],
    tally::TERMS[5],
    tally::TERMS[6],
    tally::TERMS[7],
    tally::TERMS[8],
    tally::TERMS[9],
    tally::TERMS[10],
];

/// The match part of `simulate`'s report (JSON fields `wins`, `win_rate`, `shared_top`,
/// `ties`, `tie_rate`, `totals`, `top_total`, `deals_per_match`, `nagari_streaks`, `carry`,
/// `carried`, `pot_returned`, and `deals`: every deal of every match, with the fields of
/// `simulate letom`'s report); match rates are shares of the finished matches unless their doc
/// says otherwise.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MatchReport {
    /// Matches each seat won alone (the highest total).
    pub wins: Vec<u64>,
    /// Their share of the matches.
    pub win_rate: Vec<f64>,
    /// Matches where each seat shared the highest total with another.
    pub shared_top: Vec<u64>,
    /// Matches whose highest total was shared (ties).
    pub ties: u64,
    /// Their share of the matches.
    pub tie_rate: f64,
    /// Each seat's total per match.
    pub totals: Vec<SpreadReport>,
    /// The highest total of each match.
    pub top_total: SpreadReport,
    /// Deals per match.
    pub deals_per_match: LengthReport,
    /// Nagaris in a row.
    pub nagari_streaks: StreakReport,
    /// Deals played under each nagari carry (x2, x4, x8; another only when it happened).
    pub carry: Vec<CarryReport>,
    /// Shakes and bombs carried out of nagaris into a win.
    pub carried: CarriedReport,
    /// The stakes left in the pot at a match's end (`null` without a stake).
    pub pot_returned: Option<ReturnReport>,
    /// Every deal of every match, counted as `simulate letom` counts its deals.
    pub deals: LetomReport,
}

/// Nagaris in a row.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StreakReport {
    /// The longest run of nagaris in any match.
    pub longest: u32,
    /// Matches by their longest run (shares of the matches).
    pub histogram: Vec<BucketReport>,
}

/// One nagari carry.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CarryReport {
    /// The factor: 2 for x2.
    pub carry: u32,
    /// Deals played under it.
    pub deals: u64,
    /// Their share of all deals.
    pub rate: f64,
    /// Of those, the deals with a winner (whose score it multiplied).
    pub won: u64,
    /// Their share of the deals played under it.
    pub won_rate: f64,
    /// Matches where a deal was played under it or a higher carry.
    pub matches: u64,
    /// Their share of the matches.
    pub match_rate: f64,
}

/// Shakes and bombs carried out of nagaris into a win.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CarriedReport {
    /// Deals with a winner right after a nagari (the only deals that carry any in).
    pub wins_after_nagari: u64,
    /// Of those, the deals whose winner had shakes or bombs carried in.
    pub wins: u64,
    /// Their share of the wins after a nagari.
    pub rate: f64,
    /// The shakes carried in that those winners had (x2 each).
    pub shakes: u64,
    /// The bombs carried in that those winners had (x3 each by default).
    pub bombs: u64,
}

/// The stakes left in the pot at a match's end, given back to whoever staked them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReturnReport {
    /// Matches whose last pot was not taken (the last deal a nagari without a first-turn
    /// taker).
    pub matches: u64,
    /// Their share of the matches.
    pub rate: f64,
    /// The mean given back in those matches, all seats together.
    pub mean: f64,
}

/// `+1.23`, `-0.50`, `0.00`.
fn signed(value: f64) -> String {
    if value.abs() < 0.005 {
        "0.00".to_owned()
    } else {
        format!("{value:+.2}")
    }
}

/// An optional whole number, or `-`.
fn whole(value: Option<i64>) -> String {
    value.map_or_else(|| "-".to_owned(), |v| v.to_string())
}

impl fmt::Display for MatchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let matches: u64 = self.wins.iter().sum::<u64>() + self.ties;
        writeln!(
            f,
            "{:<34}{:>8}  {:>12}  {:>10}",
            "Matches won (the highest total)", "matches", "of matches", "shared top"
        )?;
        for (seat, ((&w, &r), &shared)) in self
            .wins
            .iter()
            .zip(&self.win_rate)
            .zip(&self.shared_top)
            .enumerate()
        {
            writeln!(
                f,
                "  {:<32}{w:>8}  {:>12}  {shared:>10}",
                format!("seat {seat}"),
                Percent(r)
            )?;
        }
        writeln!(
            f,
            "  {:<32}{:>8}  {:>12}",
            "a tie at the top",
            self.ties,
            Percent(self.tie_rate)
        )?;
        writeln!(f)?;
        writeln!(
            f,
            "{:<22}{:>10}{:>10}{:>10}{:>10}",
            "Total per match", "mean", "sd", "min", "max"
        )?;
        let rows = self
            .totals
            .iter()
            .enumerate()
            .map(|(seat, s)| (format!("seat {seat}"), s))
            .chain(std::iter::once(("top total".to_owned(), &self.top_total)));
        for (label, s) in rows {
            writeln!(
                f,
                "  {label:<20}{:>10}{:>10.2}{:>10}{:>10}",
                signed(s.mean),
                s.sd,
                whole(s.min),
                whole(s.max)
            )?;
        }
        writeln!(f)?;
        let streaks = &self.nagari_streaks;
        writeln!(
            f,
            "Nagari streaks: the longest was {} in a row; matches by their longest streak",
            plural(u64::from(streaks.longest), "nagari", "nagaris")
        )?;
        writeln!(
            f,
            "{:<13}{:>10}  {:>16}",
            "  streak", "matches", "of matches"
        )?;
        write_histogram(f, &streaks.histogram, 11, 16)?;
        writeln!(
            f,
            "{:<14}{:>10}{:>10}{:>10}{:>10}{:>12}{:>12}",
            "Nagari carry", "deals", "of deals", "won", "of them", "matches", "of matches"
        )?;
        for c in &self.carry {
            writeln!(
                f,
                "  {:<12}{:>10}{:>10}{:>10}{:>10}{:>12}{:>12}",
                format!("x{}", c.carry),
                c.deals,
                Percent(c.rate),
                c.won,
                Percent(c.won_rate),
                c.matches,
                Percent(c.match_rate)
            )?;
        }
        writeln!(
            f,
            "  (deals played under the carry; matches: reaching it or more)"
        )?;
        let c = &self.carried;
        writeln!(
            f,
            "Carried shakes and bombs: the winner held some in {} of the {} won right after a \
             nagari ({}): {} and {} carried in",
            c.wins,
            plural(c.wins_after_nagari, "deal", "deals"),
            Percent(c.rate),
            plural(c.shakes, "shake", "shakes"),
            plural(c.bombs, "bomb", "bombs"),
        )?;
        if let Some(r) = &self.pot_returned {
            writeln!(
                f,
                "Stakes left in the pot at the end, given back: in {} of {} ({}), {:.2} on \
                 average",
                r.matches,
                plural(matches, "match", "matches"),
                Percent(r.rate),
                r.mean
            )?;
        }
        writeln!(f)?;
        let d = &self.deals;
        writeln!(
            f,
            "Deals: {} in {}, each counted as it ended",
            d.deals,
            plural(matches, "match", "matches")
        )?;
        write!(f, "{d}")?;
        writeln!(f)?;
        writeln!(
            f,
            "{:<18}{:>9}{:>9}{:>7}{:>7}",
            "Length per deal", "mean", "median", "min", "max"
        )?;
        let t = &d.turns;
        let median = if t.median.fract() == 0.0 {
            format!("{:.0}", t.median)
        } else {
            format!("{:.1}", t.median)
        };
        writeln!(
            f,
            "  {:<16}{:>9.2}{median:>9}{:>7}{:>7}",
            "turns", t.mean, t.min, t.max
        )
    }
}
