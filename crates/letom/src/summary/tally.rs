//! What a summary of Letom deals counts about each deal ([`DealSummary`]: how it ended and
//! who won, in which place of the turn order; the winner's base points, score and gain; Ren
//! calls and 독박; each loser's baks; the special events; the sale and the stake), and the
//! report a Go-Stop player reads at a glance.

use std::fmt;

use crate::{Action, EventCounts, Letom, NagariCause, Outcome, Settlement};
use cards_core::{Game, PlayerId};
use serde::Serialize;

use cards_core::summary::{
    Bucket, BucketReport, Distribution, Extremes, Histogram, LengthReport, Mean, Percent,
    SeatCounts, Tally, Term, plural, rate, write_histogram,
};

/// What the actions of one deal showed that its final state does not keep.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Watch {
    /// Whether `tom` was played (by the winner: it ends the deal); a Tom without it was the
    /// automatic stop on a last turn.
    pub tom: bool,
    /// Turns: a hand card played, a bomb or a flip-only turn.
    pub turns: u16,
    /// Flip-only turns taken.
    pub flips: u16,
    /// Shakes declared.
    pub shakes: u16,
    /// Bombs played.
    pub bombs: u16,
}

impl Watch {
    /// Counts one action.
    pub fn add(&mut self, action: Action) {
        match action {
            Action::Tom => self.tom = true,
            Action::Play(_) | Action::PlayOnto(..) => self.turns += 1,
            Action::Bomb(_) => {
                self.turns += 1;
                self.bombs += 1;
            }
            Action::Flip => {
                self.turns += 1;
                self.flips += 1;
            }
            Action::Shake(_) => self.shakes += 1,
            Action::Take(_) | Action::Ren | Action::Sell | Action::Keep => {}
        }
    }
}

/// The losers of a settlement `won` (in table seats): every seat but the winner and a seller
/// who sat out.
fn losers(won: &Settlement, seller: Option<usize>) -> impl Iterator<Item = usize> + '_ {
    (0..won.returns.len()).filter(move |&i| i != won.winner && Some(i) != seller)
}

/// A sale of Guã.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sale {
    /// The seller's seat.
    pub seller: u8,
    /// Whether it was the last seat asked, which must sell when nobody did before.
    pub forced: bool,
    /// The Guã it showed.
    pub shown: u8,
    /// What each player paid it.
    pub price: i64,
    /// Players who paid.
    pub payers: u8,
}

/// Where the table stake went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pot {
    /// To the first seat whose first turn made a stuck stack, a bomb, ttadak or jjok.
    FirstTurn(i64),
    /// To the winner.
    Winner(i64),
    /// Nobody: a nagari leaves it for the next deal.
    Left,
}

/// One finished deal, as `simulate letom` counts it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealSummary {
    /// How it ended (`None`: it did not, a rules bug counted by the engine).
    pub outcome: Option<Outcome>,
    /// Seats at the table.
    pub seats: u8,
    /// The winner's place in the turn order among the seats that play (0: the dealer).
    pub order: Option<u8>,
    /// The winner's gain: its settlement.
    pub gain: Option<i64>,
    /// The settlement of a win by Tom or the highest score.
    pub won: Option<Settlement>,
    /// Ren calls of all seats.
    pub ren_calls: u16,
    /// The winner's Ren calls.
    pub winner_ren: u8,
    /// Whether a loser called Ren.
    pub loser_ren: bool,
    /// The game's event counts.
    pub events: EventCounts,
    /// What the actions showed.
    pub watch: Watch,
    /// Whether the rules sell Guã at this table.
    pub selling: bool,
    /// The sale, if one happened.
    pub sale: Option<Sale>,
    /// Where the stake went, when the rules have one.
    pub pot: Option<Pot>,
}

impl DealSummary {
    /// The summary of a finished deal and the actions `watch` saw.
    #[must_use]
    pub fn of(state: &Letom, watch: Watch) -> DealSummary {
        let n = state.num_players();
        let rules = state.rules();
        let outcome = state.outcome();
        let winner = outcome.and_then(Outcome::winner);
        let seller = state.seller();
        let order = winner.map(|w| {
            let mut place = 0u8;
            let mut seat = state.dealer();
            for _ in 0..n {
                if seat == w {
                    break;
                }
                if Some(seat) != seller {
                    place += 1;
                }
                seat = seat.next(n);
            }
            place
        });
        let ren = |p: PlayerId| state.ren_calls(p);
        let sale = seller.map(|s| {
            let shown = state.shown_guang().len() as u8;
            Sale {
                seller: s.0,
                forced: s.next(n) == state.dealer(),
                shown,
                price: i64::from(rules.gwang_price) * i64::from(shown),
                payers: (n - 1) as u8,
            }
        });
        let pot = (rules.stake > 0).then(|| {
            let (_, taken) = state.stakes();
            let pot: i64 = taken.iter().sum();
            match (state.stake_taker(), winner) {
                (Some(_), _) => Pot::FirstTurn(pot),
                (None, Some(_)) => Pot::Winner(pot),
                (None, None) => Pot::Left,
            }
        });
        DealSummary {
            outcome,
            seats: n as u8,
            order,
            gain: winner.and_then(|w| state.settlement().get(w.index()).copied()),
            won: state.settlement_details(),
            ren_calls: PlayerId::all(n).map(|p| u16::from(ren(p))).sum(),
            winner_ren: winner.map_or(0, ren),
            loser_ren: winner.is_some()
                && PlayerId::all(n).any(|p| Some(p) != winner && ren(p) > 0),
            events: state.counts(),
            watch,
            selling: rules.sells(n),
            sale,
            pot,
        }
    }
}

/// How a deal ended, in report order.
const ENDS: [&str; 8] = [
    "Tom, called",
    "Tom, automatic on a last turn",
    "highest score, stock out",
    "chongtong",
    "nagari: stock ran out",
    "nagari: tie at the top",
    "nagari: four on the floor",
    "nagari: two chongtongs",
];

/// The index of `outcome` in [`ENDS`] (`tom`: whether a `tom` action was played).
fn end_index(outcome: Outcome, tom: bool) -> usize {
    match outcome {
        Outcome::Tom { .. } if tom => 0,
        Outcome::Tom { .. } => 1,
        Outcome::HighestScore { .. } => 2,
        Outcome::Chongtong { .. } => 3,
        Outcome::Nagari { cause } => match cause {
            NagariCause::Exhausted => 4,
            NagariCause::Tie => 5,
            NagariCause::FloorFour => 6,
            NagariCause::DoubleChongtong => 7,
        },
    }
}

/// The ends shown only when they happened (they need `exhaustion = highest-score`).
const OPTIONAL_ENDS: [usize; 2] = [2, 5];

/// The events counted per deal, in report order.
const EVENTS: [&str; 10] = [
    "stuck stack made",
    "stuck stack taken",
    "jjok",
    "ttadak",
    "sweep",
    "shake",
    "bomb",
    "flip-only turn",
    "pi given",
    "chongtong",
];

/// The counts of [`EVENTS`] in one deal.
fn event_counts(d: &DealSummary) -> [u64; EVENTS.len()] {
    let e = &d.events;
    [
        u64::from(e.stacks_made),
        u64::from(e.stacks_taken),
        u64::from(e.jjok),
        u64::from(e.ttadak),
        u64::from(e.sweeps),
        u64::from(d.watch.shakes),
        u64::from(d.watch.bombs),
        u64::from(d.watch.flips),
        u64::from(e.pi_given),
        u64::from(matches!(d.outcome, Some(Outcome::Chongtong { .. }))),
    ]
}

/// The winner's gain histogram's buckets: inclusive bounds, the first and last open.
const GAIN_BUCKETS: [Bucket; 8] = [
    (None, Some(0), "<=0"),
    (Some(1), Some(5), "1-5"),
    (Some(6), Some(10), "6-10"),
    (Some(11), Some(20), "11-20"),
    (Some(21), Some(50), "21-50"),
    (Some(51), Some(100), "51-100"),
    (Some(101), Some(500), "101-500"),
    (Some(501), None, ">500"),
];

/// The winner's Ren calls: 0 to 3, then 4 or more.
const REN_BUCKETS: [Bucket; 5] = [
    (None, Some(0), "0"),
    (Some(1), Some(1), "1"),
    (Some(2), Some(2), "2"),
    (Some(3), Some(3), "3"),
    (Some(4), None, "4 or more"),
];

/// The baks, in report order; the last row is "at least one".
const BAKS: [&str; 4] = ["pi-bak", "gwang-bak", "meong-bak", "at least one"];

/// What `simulate letom` counts (integers only).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LetomTally {
    deals: u64,
    wins: SeatCounts,
    by_order: SeatCounts,
    ends: [u64; ENDS.len()],
    won: u64,
    base: u64,
    score: i128,
    take: i128,
    gain: Mean,
    gain_range: Extremes,
    gain_buckets: Histogram,
    toms: u64,
    winner_ren: Histogram,
    won_ren_calls: u64,
    loser_ren: u64,
    dokbak: u64,
    dokbak_paid: i128,
    losers: u64,
    baks: [u64; BAKS.len()],
    events: [u64; EVENTS.len()],
    event_deals: [u64; EVENTS.len()],
    turns: Distribution,
    selling: u64,
    sellers: SeatCounts,
    forced: u64,
    shown: u64,
    price: i128,
    seller_take: i128,
    stakes: u64,
    pots: [u64; 3],
    pot: i128,
}

impl LetomTally {
    /// Adds everything `other` counted (a tally of the same table): the same as adding its
    /// deals one by one (`simulate letom --variant match` counts each match's deals apart,
    /// then merges them in game order).
    pub fn merge(&mut self, other: &LetomTally) {
        fn add_all(into: &mut [u64], from: &[u64]) {
            for (a, b) in into.iter_mut().zip(from) {
                *a += b;
            }
        }
        // Destructured, so that a field added to the tally cannot be left out here.
        let LetomTally {
            deals,
            wins,
            by_order,
            ends,
            won,
            base,
            score,
            take,
            gain,
            gain_range,
            gain_buckets,
            toms,
            winner_ren,
            won_ren_calls,
            loser_ren,
            dokbak,
            dokbak_paid,
            losers,
            baks,
            events,
            event_deals,
            turns,
            selling,
            sellers,
            forced,
            shown,
            price,
            seller_take,
            stakes,
            pots,
            pot,
        } = other;
        self.deals += deals;
        self.wins.merge(wins);
        self.by_order.merge(by_order);
        add_all(&mut self.ends, ends);
        self.won += won;
        self.base += base;
        self.score += score;
        self.take += take;
        self.gain.merge(gain);
        self.gain_range.merge(gain_range);
        self.gain_buckets.merge(gain_buckets);
        self.toms += toms;
        self.winner_ren.merge(winner_ren);
        self.won_ren_calls += won_ren_calls;
        self.loser_ren += loser_ren;
        self.dokbak += dokbak;
        self.dokbak_paid += dokbak_paid;
        self.losers += losers;
        add_all(&mut self.baks, baks);
        add_all(&mut self.events, events);
        add_all(&mut self.event_deals, event_deals);
        self.turns.merge(turns);
        self.selling += selling;
        self.sellers.merge(sellers);
        self.forced += forced;
        self.shown += shown;
        self.price += price;
        self.seller_take += seller_take;
        self.stakes += stakes;
        add_all(&mut self.pots, pots);
        self.pot += pot;
    }
}

impl Tally for LetomTally {
    type Summary = DealSummary;
    type Report = LetomReport;

    fn new(players: usize) -> Self {
        LetomTally {
            deals: 0,
            wins: SeatCounts::new(players),
            by_order: SeatCounts::new(players),
            ends: [0; ENDS.len()],
            won: 0,
            base: 0,
            score: 0,
            take: 0,
            gain: Mean::default(),
            gain_range: Extremes::default(),
            gain_buckets: Histogram::new(&GAIN_BUCKETS),
            toms: 0,
            winner_ren: Histogram::new(&REN_BUCKETS),
            won_ren_calls: 0,
            loser_ren: 0,
            dokbak: 0,
            dokbak_paid: 0,
            losers: 0,
            baks: [0; BAKS.len()],
            events: [0; EVENTS.len()],
            event_deals: [0; EVENTS.len()],
            turns: Distribution::default(),
            selling: 0,
            sellers: SeatCounts::new(players),
            forced: 0,
            shown: 0,
            price: 0,
            seller_take: 0,
            stakes: 0,
            pots: [0; 3],
            pot: 0,
        }
    }

    fn add(&mut self, d: &DealSummary) {
        // An unfinished deal is counted by the engine.
        let Some(outcome) = d.outcome else {
            return;
        };
        self.deals += 1;
        self.turns.add(u64::from(d.watch.turns));
        self.ends[end_index(outcome, d.watch.tom)] += 1;
        if let Some(winner) = outcome.winner() {
            self.wins.add(winner.index());
            if let Some(o) = d.order {
                self.by_order.add(usize::from(o));
            }
            self.won_ren_calls += u64::from(d.ren_calls);
            self.loser_ren += u64::from(d.loser_ren);
        }
        if let Some(gain) = d.gain {
            self.gain.add(gain);
            self.gain_range.add(gain);
            self.gain_buckets.add(gain);
        }
        if matches!(outcome, Outcome::Tom { .. }) {
            self.toms += 1;
            self.winner_ren.add(i64::from(d.winner_ren));
        }
        if let Some(won) = &d.won {
            let take = won.returns[won.winner];
            self.won += 1;
            self.base += u64::from(won.base.points);
            self.score += i128::from(won.score);
            self.take += i128::from(take);
            if won.dokbak.is_some() {
                self.dokbak += 1;
                self.dokbak_paid += i128::from(take);
            }
            for loser in losers(won, d.sale.map(|sale| usize::from(sale.seller))) {
                self.losers += 1;
                let b = won.baks[loser];
                for (count, on) in self
                    .baks
                    .iter_mut()
                    .zip([b.pi, b.gwang, b.meong, b.count() > 0])
                {
                    *count += u64::from(on);
                }
            }
        }
        for (i, count) in event_counts(d).into_iter().enumerate() {
            self.events[i] += count;
            self.event_deals[i] += u64::from(count > 0);
        }
        if d.selling {
            self.selling += 1;
        }
        if let Some(sale) = d.sale {
            self.sellers.add(usize::from(sale.seller));
            self.forced += u64::from(sale.forced);
            self.shown += u64::from(sale.shown);
            self.price += i128::from(sale.price);
            self.seller_take += i128::from(sale.price) * i128::from(sale.payers);
        }
        if let Some(pot) = d.pot {
            self.stakes += 1;
            match pot {
                Pot::FirstTurn(p) => {
                    self.pots[0] += 1;
                    self.pot += i128::from(p);
                }
                Pot::Winner(p) => {
                    self.pots[1] += 1;
                    self.pot += i128::from(p);
                }
                Pot::Left => self.pots[2] += 1,
            }
        }
    }

    fn report(&self, _games: u64) -> LetomReport {
        let deals = self.deals;
        let won = self.wins.total();
        let mean = |sum: i128, of: u64| {
            if of == 0 { 0.0 } else { sum as f64 / of as f64 }
        };
        let sales = self.sellers.total();
        let pots_taken = self.pots[0] + self.pots[1];
        LetomReport {
            deals,
            wins: self.wins.counts().to_vec(),
            win_rate: self.wins.rates(deals),
            nagari: self.ends[4..].iter().sum(),
            nagari_rate: rate(self.ends[4..].iter().sum(), deals),
            wins_by_turn_order: self.by_order.counts().to_vec(),
            win_rate_by_turn_order: self.by_order.rates(deals),
            ended: ENDS
                .iter()
                .zip(self.ends)
                .enumerate()
                .map(|(i, (&end, count))| EndReport {
                    end,
                    deals: count,
                    rate: rate(count, deals),
                    shown: count > 0 || !OPTIONAL_ENDS.contains(&i),
                })
                .collect(),
            winner: WinnerReport {
                deals: self.won,
                base_mean: mean(i128::from(self.base), self.won),
                score_mean: mean(self.score, self.won),
                take_mean: mean(self.take, self.won),
            },
            gain: GainReport {
                deals: self.gain.count,
                rate: rate(self.gain.count, deals),
                mean: self.gain.mean(),
                min: self.gain_range.min(),
                max: self.gain_range.max(),
                histogram: self.gain_buckets.report(self.gain.count),
            },
            ren: RenReport {
                tom_wins: self.toms,
                winner_calls: self.winner_ren.report(self.toms),
                calls_per_won_deal: mean(i128::from(self.won_ren_calls), won),
                loser_called: self.loser_ren,
                loser_called_rate: rate(self.loser_ren, won),
                dokbak: self.dokbak,
                dokbak_share: rate(self.dokbak, self.loser_ren),
                dokbak_paid_mean: mean(self.dokbak_paid, self.dokbak),
            },
            baks: BakReport {
                losers: self.losers,
                rows: BAKS
                    .iter()
                    .zip(self.baks)
                    .map(|(&bak, losers)| BakRow {
                        bak,
                        losers,
                        rate: rate(losers, self.losers),
                    })
                    .collect(),
            },
            events: EVENTS
                .iter()
                .enumerate()
                .map(|(i, &event)| EventReport {
                    event,
                    total: self.events[i],
                    per_deal: rate(self.events[i], deals),
                    deals: self.event_deals[i],
                    deal_rate: rate(self.event_deals[i], deals),
                })
                .collect(),
            turns: self.turns.report(),
            gwang_selling: (self.selling > 0).then(|| SaleReport {
                deals: self.selling,
                sales,
                sale_rate: rate(sales, self.selling),
                sellers: self.sellers.counts().to_vec(),
                seller_rate: self.sellers.rates(sales),
                forced: self.forced,
                forced_rate: rate(self.forced, sales),
                guang_shown_mean: mean(i128::from(self.shown), sales),
                price_mean: mean(self.price, sales),
                seller_take_mean: mean(self.seller_take, sales),
            }),
            stake: (self.stakes > 0).then(|| StakeReport {
                deals: self.stakes,
                first_turn: self.pots[0],
                first_turn_rate: rate(self.pots[0], self.stakes),
                winner: self.pots[1],
                winner_rate: rate(self.pots[1], self.stakes),
                left: self.pots[2],
                left_rate: rate(self.pots[2], self.stakes),
                pot_mean: mean(self.pot, pots_taken),
            }),
        }
    }

    fn lengths(&self) -> Vec<(&'static str, LengthReport)> {
        vec![("turns", self.turns.report())]
    }

    fn unit(&self) -> Option<(&'static str, u64)> {
        Some(("deals", self.deals))
    }
}

/// The terms of the Letom summary.
pub const TERMS: &[Term] = &[
    Term {
        word: "game",
        meaning: "one deal of Letom (the generic figures' game): the cards dealt once, played \
                  until a Tom, the end of the stock or a chongtong at the deal; the dealer plays \
                  first",
    },
    Term {
        word: "turn",
        meaning: "a hand card played (or a bomb, or a flip-only turn) and the stock card flipped \
                  after it; shakes, the choice for the flip, Ren/Tom and the sale are actions but \
                  not turns",
    },
    Term {
        word: "base points",
        meaning: "the points of a seat's captured cards (Godorie, Guã, the Dan sets, Pie, Dan, \
                  Ÿnkt), before Ren and multipliers; from 3 a seat may call Ren or Tom",
    },
    Term {
        word: "Ren / Tom",
        meaning: "go on / stop and win (go / stop); the winner's score is (base + Ren) doubled \
                  from the third Ren, x2 per shake, x3 per bomb (by default); a seat that reaches \
                  3 points (or passes its last Ren) on its last turn stops automatically",
    },
    Term {
        word: "nagari",
        meaning: "a deal nobody wins: the stock ran out unstopped (or a tie at the top under \
                  highest-score), four of a number on the floor, or two chongtongs at the deal",
    },
    Term {
        word: "chongtong",
        meaning: "a seat dealt all four of a number wins at once with 3 points from each loser",
    },
    Term {
        word: "bak",
        meaning: "doubles what one loser owes: pi-bak (the winner scored Pie, the loser has a pi \
                  value of 1 to 4), gwang-bak (the winner scored the Guã, the loser has none), \
                  meong-bak (the winner scored Ÿnkt with 6 or more)",
    },
    Term {
        word: "dokbak",
        meaning: "독박: a loser who called Ren pays what every loser owes, alone (by default \
                  the loser who called Ren last)",
    },
    Term {
        word: "stuck stack",
        meaning: "three of a number left on the floor (the hand card paired and the flip was the \
                  third); taking it later takes a pi from every other seat",
    },
    Term {
        word: "jjok / ttadak",
        meaning: "the flip paired the hand card that matched nothing / the hand card and the flip \
                  took all four of a number; each takes a pi from every other seat, as a sweep \
                  (a turn that empties the floor) does",
    },
    Term {
        word: "winner's gain",
        meaning: "the winner's settlement in a deal with a winner (what the losers paid, less a \
                  Guã sale)",
    },
];

/// The Letom part of `simulate`'s report (JSON fields `deals`, `wins`, `win_rate`, `nagari`,
/// `nagari_rate`, `wins_by_turn_order`, `win_rate_by_turn_order`, `ended`, `winner`, `gain`,
/// `ren`, `baks`, `events`, `turns`, `gwang_selling`, `stake`); rates are shares of all deals
/// unless their doc says otherwise.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LetomReport {
    /// Deals played to their end.
    pub deals: u64,
    /// Deals won by each seat.
    pub wins: Vec<u64>,
    /// Their share of the deals.
    pub win_rate: Vec<f64>,
    /// Deals nobody won.
    pub nagari: u64,
    /// Their share of the deals.
    pub nagari_rate: f64,
    /// Deals won by the seat in each place of the turn order (0: the dealer, who plays first;
    /// a seller has no place).
    pub wins_by_turn_order: Vec<u64>,
    /// Their share of the deals.
    pub win_rate_by_turn_order: Vec<f64>,
    /// How the deals ended.
    pub ended: Vec<EndReport>,
    /// The winners of deals won by Tom or the highest score.
    pub winner: WinnerReport,
    /// The winner's gain (its settlement) in every deal with a winner.
    pub gain: GainReport,
    /// Ren calls.
    pub ren: RenReport,
    /// Baks of the losers of deals won by Tom or the highest score.
    pub baks: BakReport,
    /// Special events.
    pub events: Vec<EventReport>,
    /// Turns per deal.
    pub turns: LengthReport,
    /// Gwang-selling (`null` when the rules and the table have none).
    pub gwang_selling: Option<SaleReport>,
    /// The table stake (`null` without one).
    pub stake: Option<StakeReport>,
}

/// One way a deal ends.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EndReport {
    /// The end (`Tom, called`, `nagari: stock ran out`, …).
    pub end: &'static str,
    /// Deals that ended so.
    pub deals: u64,
    /// Their share of the deals.
    pub rate: f64,
    /// Whether the text shows it (ends that need an option only when they happened).
    #[serde(skip)]
    pub shown: bool,
}

/// The winners of deals won by Tom or the highest score (a chongtong settles apart).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WinnerReport {
    /// Such deals.
    pub deals: u64,
    /// The winner's mean base points.
    pub base_mean: f64,
    /// The winner's mean score (with Ren, shakes and bombs): what a loser without bak owes.
    pub score_mean: f64,
    /// The mean total the losers paid the winner (baks and 독박 included).
    pub take_mean: f64,
}

/// The winner's gain in every deal with a winner.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GainReport {
    /// Deals with a winner.
    pub deals: u64,
    /// Their share of the deals.
    pub rate: f64,
    /// Mean gain (`null` without winners).
    pub mean: Option<f64>,
    /// Lowest gain.
    pub min: Option<i64>,
    /// Highest gain.
    pub max: Option<i64>,
    /// Deals by gain bucket (shares of the deals with a winner).
    pub histogram: Vec<BucketReport>,
}

/// Ren calls.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RenReport {
    /// Deals won by Tom.
    pub tom_wins: u64,
    /// Those deals by the winner's Ren calls (shares of the Tom wins).
    pub winner_calls: Vec<BucketReport>,
    /// Mean Ren calls of all seats per deal with a winner.
    pub calls_per_won_deal: f64,
    /// Deals with a winner where a loser had called Ren.
    pub loser_called: u64,
    /// Their share of the deals with a winner.
    pub loser_called_rate: f64,
    /// Deals where a Ren-caller paid alone (독박).
    pub dokbak: u64,
    /// Their share of the deals where a loser had called Ren.
    pub dokbak_share: f64,
    /// What the 독박 payer paid, mean.
    pub dokbak_paid_mean: f64,
}

/// Baks of the losers of deals won by Tom or the highest score.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BakReport {
    /// Those losers.
    pub losers: u64,
    /// `pi-bak`, `gwang-bak`, `meong-bak`, `at least one`.
    pub rows: Vec<BakRow>,
}

/// One bak.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BakRow {
    /// The bak.
    pub bak: &'static str,
    /// Losers it applied to.
    pub losers: u64,
    /// Their share of the losers.
    pub rate: f64,
}

/// One kind of event.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EventReport {
    /// The event.
    pub event: &'static str,
    /// How often it happened in all.
    pub total: u64,
    /// Per deal.
    pub per_deal: f64,
    /// Deals where it happened at least once.
    pub deals: u64,
    /// Their share of the deals.
    pub deal_rate: f64,
}

/// Gwang-selling.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SaleReport {
    /// Deals at a table that sells.
    pub deals: u64,
    /// Deals with a sale (a deal that ends at the deal has none).
    pub sales: u64,
    /// Their share of the deals at a table that sells.
    pub sale_rate: f64,
    /// Sales by the seller's seat.
    pub sellers: Vec<u64>,
    /// Their share of the sales.
    pub seller_rate: Vec<f64>,
    /// Sales by the last seat asked, after everyone kept.
    pub forced: u64,
    /// Their share of the sales.
    pub forced_rate: f64,
    /// Mean Guã the seller showed.
    pub guang_shown_mean: f64,
    /// Mean price each player paid the seller.
    pub price_mean: f64,
    /// Mean total the seller received.
    pub seller_take_mean: f64,
}

/// The table stake.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StakeReport {
    /// Deals with a stake.
    pub deals: u64,
    /// Deals whose pot went to a first-turn stuck stack, bomb, ttadak or jjok.
    pub first_turn: u64,
    /// Their share of the deals.
    pub first_turn_rate: f64,
    /// Deals whose pot went to the winner.
    pub winner: u64,
    /// Their share of the deals.
    pub winner_rate: f64,
    /// Nagari deals whose pot stayed for the next deal.
    pub left: u64,
    /// Their share of the deals.
    pub left_rate: f64,
    /// The mean pot taken.
    pub pot_mean: f64,
}

/// `1st`, `2nd`, `3rd`, `4th` for a place from 0.
fn place(i: usize) -> &'static str {
    ["1st", "2nd", "3rd", "4th"]
        .get(i)
        .copied()
        .unwrap_or("later")
}

impl fmt::Display for LetomReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let row = |f: &mut fmt::Formatter<'_>, label: &str, count: u64, share: f64| {
            writeln!(f, "  {label:<32}{count:>8}  {:>12}", Percent(share))
        };
        let head = |f: &mut fmt::Formatter<'_>, title: &str, of: &str| {
            writeln!(f, "{title:<34}{:>8}  {of:>12}", "deals")
        };
        head(f, "Won by", "of deals")?;
        for (seat, (&w, &r)) in self.wins.iter().zip(&self.win_rate).enumerate() {
            row(f, &format!("seat {seat}"), w, r)?;
        }
        row(f, "nobody (nagari)", self.nagari, self.nagari_rate)?;
        head(f, "Won by place in the turn order", "of deals")?;
        for (i, (&w, &r)) in self
            .wins_by_turn_order
            .iter()
            .zip(&self.win_rate_by_turn_order)
            .enumerate()
        {
            let label = if i == 0 {
                "the dealer (plays 1st)".to_owned()
            } else {
                format!("the seat playing {}", place(i))
            };
            row(f, &label, w, r)?;
        }
        head(f, "How the deals ended", "of deals")?;
        for end in self.ended.iter().filter(|e| e.shown) {
            row(f, end.end, end.deals, end.rate)?;
        }
        writeln!(f)?;
        let w = &self.winner;
        if w.deals > 0 {
            writeln!(
                f,
                "{:<50}{:>10}",
                format!(
                    "Winner by Tom or the highest score ({})",
                    plural(w.deals, "deal", "deals")
                ),
                "mean"
            )?;
            for (label, value) in [
                ("base points", w.base_mean),
                ("score (with Ren, shakes and bombs)", w.score_mean),
                ("paid by the losers (with baks and dokbak)", w.take_mean),
            ] {
                writeln!(f, "  {label:<48}{value:>10.2}")?;
            }
        }
        let g = &self.gain;
        match (g.mean, g.min, g.max) {
            (Some(mean), Some(min), Some(max)) => {
                writeln!(
                    f,
                    "Winner's gain over the {} with a winner ({} of deals): mean {mean:.2}, min \
                     {min}, max {max}",
                    plural(g.deals, "deal", "deals"),
                    Percent(g.rate)
                )?;
                writeln!(f, "{:<13}{:>10}  {:>16}", "  gain", "deals", "of won deals")?;
                write_histogram(f, &g.histogram, 11, 16)?;
            }
            _ => writeln!(f, "Winner's gain: no deal had a winner")?,
        }
        writeln!(f)?;
        let ren = &self.ren;
        if ren.tom_wins > 0 {
            writeln!(
                f,
                "{:<13}{:>10}  {:>16}",
                "Winner's Ren", "deals", "of Tom wins"
            )?;
            write_histogram(f, &ren.winner_calls, 11, 16)?;
        }
        writeln!(
            f,
            "Ren calls per deal with a winner, all seats: {:.2} on average",
            ren.calls_per_won_deal
        )?;
        writeln!(
            f,
            "A loser had called Ren in {} ({} of deals with a winner); a Ren-caller paid",
            plural(ren.loser_called, "deal", "deals"),
            Percent(ren.loser_called_rate)
        )?;
        writeln!(
            f,
            "  alone (dokbak, 독박) in {} of them ({}), {:.2} on average",
            ren.dokbak,
            Percent(ren.dokbak_share),
            ren.dokbak_paid_mean
        )?;
        writeln!(f)?;
        let b = &self.baks;
        writeln!(
            f,
            "{:<34}{:>8}  {:>12}",
            format!(
                "Baks ({} of won deals)",
                plural(b.losers, "loser", "losers")
            ),
            "losers",
            "of losers"
        )?;
        for r in &b.rows {
            writeln!(f, "  {:<32}{:>8}  {:>12}", r.bak, r.losers, Percent(r.rate))?;
        }
        writeln!(f)?;
        writeln!(
            f,
            "{:<22}{:>10}{:>10}{:>12}{:>10}",
            "Events", "total", "per deal", "deals with", "of deals"
        )?;
        for e in &self.events {
            writeln!(
                f,
                "  {:<20}{:>10}{:>10.3}{:>12}{:>10}",
                e.event,
                e.total,
                e.per_deal,
                e.deals,
                Percent(e.deal_rate)
            )?;
        }
        if let Some(s) = &self.gwang_selling {
            writeln!(f)?;
            writeln!(
                f,
                "Gwang-selling: {} in {} ({}; a deal that ends at the deal has none)",
                plural(s.sales, "sale", "sales"),
                plural(s.deals, "deal", "deals"),
                Percent(s.sale_rate),
            )?;
            writeln!(f, "{:<34}{:>8}  {:>12}", "  sold by", "sales", "of sales")?;
            for (seat, (&n, &r)) in s.sellers.iter().zip(&s.seller_rate).enumerate() {
                row(f, &format!("seat {seat}"), n, r)?;
            }
            row(f, "forced: the last seat asked", s.forced, s.forced_rate)?;
            writeln!(
                f,
                "Per sale (means): {:.2} Guã shown, {:.2} paid by each player, {:.2} taken by the \
                 seller",
                s.guang_shown_mean, s.price_mean, s.seller_take_mean
            )?;
        }
        if let Some(s) = &self.stake {
            writeln!(f)?;
            head(
                f,
                &format!(
                    "Table stake ({}): the pot",
                    plural(s.deals, "deal", "deals")
                ),
                "of deals",
            )?;
            for (label, count, share) in [
                (
                    "went to a first-turn event",
                    s.first_turn,
                    s.first_turn_rate,
                ),
                ("went to the winner", s.winner, s.winner_rate),
                ("stayed for the next deal", s.left, s.left_rate),
            ] {
                row(f, label, count, share)?;
            }
            writeln!(
                f,
                "A pot taken held {:.2} on average; first-turn events: a stuck stack made, a \
                 bomb, ttadak, jjok",
                s.pot_mean
            )?;
        }
        Ok(())
    }
}
