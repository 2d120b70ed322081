//! [`Standings`]: the table a tournament's results make.

use core::fmt;

use super::GameResult;
use super::stats::{Estimate, bradley_terry, mean_ci, wilson};

/// A tournament's table: one row per bot, one per pair of bots.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Standings {
    /// Deals played (each under every seating, for every pair).
    pub deals: usize,
    /// Seatings per deal and pair.
    pub seatings: usize,
    /// Games played in all.
    pub games: usize,
    /// The bots, in the order given.
    pub bots: Vec<BotRow>,
    /// Every pair, in the order the games play them.
    pub pairs: Vec<PairRow>,
}

/// One bot's line.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct BotRow {
    /// Its name.
    pub name: String,
    /// Games it played.
    pub games: usize,
    /// Its mean settlement per seat held (one value per deal, so the interval is over deals).
    pub settlement: Estimate,
    /// Its Bradley–Terry rating on the Elo scale (mean 0 over the bots).
    pub rating: Estimate,
    /// Decisions it failed to make (an outside program's faults), each made for it by its
    /// fallback; left out of JSON when none.
    #[serde(skip_serializing_if = "is_zero")]
    pub faults: usize,
    /// Why its first fault happened (in deal order); left out of JSON when none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_fault: Option<String>,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// One pair's line: bot `a` against bot `b`.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct PairRow {
    /// The first bot.
    pub a: String,
    /// The second bot.
    pub b: String,
    /// Deals played.
    pub deals: usize,
    /// What `a` takes from `b` per game: half the gap between their mean settlements per seat
    /// (in a two-sided game, `a`'s settlement; in Jass, the team points difference), averaged
    /// over each deal's seatings, with the interval over deals.
    pub margin: Estimate,
    /// Whether the margin's interval excludes 0.
    pub significant: bool,
    /// Games `a` won (a higher mean settlement than `b`'s).
    pub wins: usize,
    /// Games with equal settlements.
    pub draws: usize,
    /// Games `b` won.
    pub losses: usize,
    /// `a`'s share of the decisive games, with its Wilson interval.
    pub win_rate: Estimate,
}

impl Standings {
    /// The standings of `names` over `results`, one slice of games per deal.
    #[must_use]
    pub fn new<'a>(
        names: &[String],
        seatings: &[Vec<u8>],
        results: impl IntoIterator<Item = &'a [GameResult]>,
    ) -> Standings {
        let k = names.len();
        let pairs = super::pairs(k);
        let mut margins: Vec<Vec<f64>> = vec![Vec::new(); pairs.len()];
        let mut wdl = vec![[0usize; 3]; pairs.len()];
        let mut per_bot: Vec<Vec<f64>> = vec![Vec::new(); k];
        let mut bot_games = vec![0usize; k];
        let mut faults = vec![0usize; k];
        let mut first_fault: Vec<Option<String>> = vec![None; k];
        let mut score = vec![vec![0.0; k]; k];
        let mut games = vec![vec![0.0; k]; k];
        let (mut deals, mut total) = (0, 0);
        for deal in results {
            deals += 1;
            let mut deal_margin = vec![(0.0, 0usize); pairs.len()];
            let mut deal_bot = vec![(0.0, 0usize); k];
            for g in deal {
                total += 1;
                let Some(p) = pairs.iter().position(|&p| p == g.pair) else {
                    continue;
                };
                let Some(seating) = seatings.get(g.seating) else {
                    continue;
                };
                let (mut sum, mut n) = ([0.0f64; 2], [0usize; 2]);
                for (seat, &v) in g.settlement.iter().enumerate() {
                    let side = usize::from(seating.get(seat).copied().unwrap_or(0));
                    sum[side] += v as f64;
                    n[side] += 1;
                    let bot = if side == 0 { g.pair.0 } else { g.pair.1 };
                    deal_bot[bot].0 += v as f64;
                    deal_bot[bot].1 += 1;
                }
                for fault in &g.faults {
                    let side = seating.get(fault.seat).copied().unwrap_or(0);
                    let bot = if side == 0 { g.pair.0 } else { g.pair.1 };
                    faults[bot] += 1;
                    first_fault[bot].get_or_insert_with(|| fault.why.clone());
                }
                let mean = |s: usize| sum[s] / n[s].max(1) as f64;
                let margin = (mean(0) - mean(1)) / 2.0;
                deal_margin[p].0 += margin;
                deal_margin[p].1 += 1;
                let (a, b) = g.pair;
                bot_games[a] += 1;
                bot_games[b] += 1;
                games[a][b] += 1.0;
                games[b][a] += 1.0;
                let outcome = if margin > 0.0 {
                    0
                } else if margin == 0.0 {
                    1
                } else {
                    2
                };
                wdl[p][outcome] += 1;
                let s = [1.0, 0.5, 0.0][outcome];
                score[a][b] += s;
                score[b][a] += 1.0 - s;
            }
            for (m, (s, n)) in margins.iter_mut().zip(deal_margin) {
                if n > 0 {
                    m.push(s / n as f64);
                }
            }
            for (b, (s, n)) in per_bot.iter_mut().zip(deal_bot) {
                if n > 0 {
                    b.push(s / n as f64);
                }
            }
        }
        let ratings = bradley_terry(&score, &games);
        Standings {
            deals,
            seatings: seatings.len(),
            games: total,
            bots: (0..k)
                .map(|i| BotRow {
                    name: names[i].clone(),
                    games: bot_games[i],
                    settlement: mean_ci(&per_bot[i]),
                    rating: ratings[i],
                    faults: faults[i],
                    first_fault: first_fault[i].take(),
                })
                .collect(),
            pairs: pairs
                .iter()
                .enumerate()
                .map(|(p, &(a, b))| {
                    let margin = mean_ci(&margins[p]);
                    let [w, d, l] = wdl[p];
                    PairRow {
                        a: names[a].clone(),
                        b: names[b].clone(),
                        deals: margins[p].len(),
                        margin,
                        significant: margin.excludes(0.0),
                        wins: w,
                        draws: d,
                        losses: l,
                        win_rate: wilson(w as f64, (w + l) as f64),
                    }
                })
                .collect(),
        }
    }
}

fn ci(e: &Estimate, digits: usize) -> String {
    format!("{:+.d$} [{:+.d$}, {:+.d$}]", e.mean, e.lo, e.hi, d = digits)
}

impl fmt::Display for Standings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural = |n: usize| if n == 1 { "" } else { "s" };
        writeln!(
            f,
            "{} deal{} × {} seating{} per pair: {} game{}",
            self.deals,
            plural(self.deals),
            self.seatings,
            plural(self.seatings),
            self.games,
            plural(self.games)
        )?;
        let w = self
            .bots
            .iter()
            .map(|b| b.name.len())
            .max()
            .unwrap_or(3)
            .max(3);
        writeln!(
            f,
            "\n{:<w$}  {:>8}  {:<28}  rating (Bradley–Terry, Elo scale, 95%)",
            "bot", "games", "mean settlement a seat (95%)"
        )?;
        for b in &self.bots {
            writeln!(
                f,
                "{:<w$}  {:>8}  {:<28}  {}",
                b.name,
                b.games,
                ci(&b.settlement, 2),
                ci(&b.rating, 0)
            )?;
        }
        writeln!(
            f,
            "\n{:<pw$}  {:<30}  {:<19}  {:<22}",
            "pair",
            "margin a deal, A over B (95%)",
            "A won / drew / lost",
            "A's share of decisive (95%)",
            pw = 2 * w + 4
        )?;
        for p in &self.pairs {
            writeln!(
                f,
                "{:<pw$}  {:<30}  {:<19}  {:.1}% [{:.1}, {:.1}]  {}",
                format!("{} vs {}", p.a, p.b),
                ci(&p.margin, 2),
                format!("{} / {} / {}", p.wins, p.draws, p.losses),
                100.0 * p.win_rate.mean,
                100.0 * p.win_rate.lo,
                100.0 * p.win_rate.hi,
                if p.significant {
                    if p.margin.mean > 0.0 {
                        "A better (significant)"
                    } else {
                        "B better (significant)"
                    }
                } else {
                    "not significant"
                },
                pw = 2 * w + 4
            )?;
        }
        for b in self.bots.iter().filter(|b| b.faults > 0) {
            writeln!(
                f,
                "\n{} faulted {} time{}: each decision it failed to make (a late, unreadable or \
                 illegal answer) was made for it by the fallback (docs/bots.md, \"Outside players\"). \
                 The first: {}",
                b.name,
                b.faults,
                if b.faults == 1 { "" } else { "s" },
                b.first_fault.as_deref().unwrap_or("?")
            )?;
        }
        Ok(())
    }
}
