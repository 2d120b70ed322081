//! The summary vocabulary's real properties: merging two counts is adding their values one by
//! one, the order values come in changes nothing, empty counts report zeros, sums are exact;
//! and a report is made and rendered from a library alone.

use std::time::Duration;

use cards_core::summary::{
    About, Bucket, Distribution, Extremes, Histogram, Mean, Percent, Played, RunRules, SeatCounts,
    SeatSums, Spread, Stats, Tally, Term, bar, plural, wrap,
};
use cards_core::{GameRng, Seed};

const BUCKETS: [Bucket; 4] = [
    (None, Some(-1), "<0"),
    (Some(0), Some(9), "0-9"),
    (Some(10), Some(99), "10-99"),
    (Some(100), None, ">=100"),
];

/// Every block fed the same values.
#[derive(Debug, Clone, PartialEq, Eq)]
struct All {
    lengths: Distribution,
    histogram: Histogram,
    extremes: Extremes,
    mean: Mean,
    seats: SeatCounts,
    sums: SeatSums,
    spread: Spread,
}

impl All {
    fn new() -> All {
        All {
            lengths: Distribution::default(),
            histogram: Histogram::new(&BUCKETS),
            extremes: Extremes::default(),
            mean: Mean::default(),
            seats: SeatCounts::new(3),
            sums: SeatSums::new(2),
            spread: Spread::default(),
        }
    }

    fn add(&mut self, value: i64) {
        self.lengths.add(value.unsigned_abs());
        self.histogram.add(value);
        self.extremes.add(value);
        self.mean.add(value);
        self.seats.add(value.unsigned_abs() as usize % 4);
        self.sums.add(&[value, -value]);
        self.spread.add(value);
    }

    fn merge(&mut self, other: &All) {
        self.lengths.merge(&other.lengths);
        self.histogram.merge(&other.histogram);
        self.extremes.merge(&other.extremes);
        self.mean.merge(&other.mean);
        self.seats.merge(&other.seats);
        self.sums.merge(&other.sums);
        self.spread.merge(&other.spread);
    }
}

fn values(seed: u64, n: u64) -> Vec<i64> {
    let mut rng = GameRng::new(Seed::from(seed), 0);
    (0..rng.below(n))
        .map(|_| rng.below(400) as i64 - 100)
        .collect()
}

#[test]
fn merging_is_adding_one_by_one() {
    for seed in 0..200 {
        let (a, b) = (values(seed, 50), values(seed + 1000, 50));
        let mut one_by_one = All::new();
        a.iter().chain(&b).for_each(|&v| one_by_one.add(v));
        let (mut left, mut right) = (All::new(), All::new());
        a.iter().for_each(|&v| left.add(v));
        b.iter().for_each(|&v| right.add(v));
        let mut merged = left.clone();
        merged.merge(&right);
        assert_eq!(merged, one_by_one, "seed {seed}");
        // And the other way round.
        right.merge(&left);
        assert_eq!(right, one_by_one, "seed {seed}");
    }
}

#[test]
fn the_order_of_values_changes_nothing() {
    for seed in 0..200 {
        let v = values(seed, 60);
        let mut forward = All::new();
        v.iter().for_each(|&x| forward.add(x));
        let mut backward = All::new();
        v.iter().rev().for_each(|&x| backward.add(x));
        assert_eq!(forward, backward, "seed {seed}");
        let mut sorted = v.clone();
        sorted.sort_unstable();
        let mut again = All::new();
        sorted.iter().for_each(|&x| again.add(x));
        assert_eq!(forward, again, "seed {seed}");
    }
}

#[test]
fn empty_counts_report_zeros() {
    let empty = All::new();
    let l = empty.lengths.report();
    assert_eq!((l.mean, l.median, l.min, l.max), (0.0, 0.0, 0, 0));
    assert_eq!(empty.lengths.count(), 0);
    assert_eq!((empty.extremes.min(), empty.extremes.max()), (None, None));
    assert_eq!(empty.mean.mean(), None);
    assert_eq!(empty.mean.mean_or_zero(), 0.0);
    assert_eq!(empty.seats.rates(0), vec![0.0; 3]);
    assert_eq!(empty.sums.means(0), vec![0.0; 2]);
    assert!(
        empty
            .histogram
            .report(0)
            .iter()
            .all(|b| b.count == 0 && b.share == 0.0)
    );
    // Merging nothing changes nothing.
    let mut some = All::new();
    some.add(5);
    let before = some.clone();
    some.merge(&empty);
    assert_eq!(some, before);
}

#[test]
fn sums_are_exact() {
    let mut mean = Mean::default();
    let mut lengths = Distribution::default();
    for _ in 0..4 {
        mean.add(i64::MAX);
        lengths.add(u64::MAX);
    }
    assert_eq!(mean.sum, 4 * i128::from(i64::MAX));
    assert_eq!(lengths.total(), 4 * u128::from(u64::MAX));
    assert_eq!(lengths.mean(), u64::MAX as f64);
    mean.add(i64::MIN);
    assert_eq!(mean.sum, 4 * i128::from(i64::MAX) + i128::from(i64::MIN));
}

#[test]
fn spreads_are_exact() {
    let mut s = Spread::default();
    for v in [1, 2, 3, 4] {
        s.add(v);
    }
    let r = s.report();
    assert_eq!((r.mean, r.min, r.max), (2.5, Some(1), Some(4)));
    assert!((r.sd - 1.25f64.sqrt()).abs() < 1e-12);
    let empty = Spread::default().report();
    assert_eq!((empty.mean, empty.sd, empty.min), (0.0, 0.0, None));
    // Beyond i128 the spread is still given, from floating point.
    let mut big = Spread::default();
    for v in [i64::MIN, i64::MAX, 0] {
        big.add(v);
    }
    assert!(big.report().sd > 7e18, "{:?}", big.report());
}

#[test]
fn medians_and_buckets() {
    let mut d = Distribution::default();
    for v in [10, 20, 30, 100] {
        d.add(v);
    }
    assert_eq!((d.median(), d.mean()), (25.0, 40.0));
    d.add(5);
    assert_eq!(d.median(), 20.0);
    let mut h = Histogram::new(&BUCKETS);
    for v in [i64::MIN, -1, 0, 9, 10, 99, 100, i64::MAX] {
        h.add(v);
    }
    assert_eq!(h.counts(), &[2, 2, 2, 2]);
    let report = h.report(16);
    assert_eq!(
        (report[3].label, report[3].min, report[3].max),
        (">=100", Some(100), None)
    );
    assert_eq!(report[0].share, 0.125);
}

#[test]
fn seats_count_and_grow() {
    let mut seats = SeatCounts::new(2);
    seats.add(1);
    seats.add(7); // beyond the table: ignored
    assert_eq!(seats.counts(), &[0, 1]);
    let mut wider = SeatCounts::new(4);
    wider.add(3);
    seats.merge(&wider);
    assert_eq!(seats.counts(), &[0, 1, 0, 1]);
    assert_eq!(seats.total(), 2);
    assert_eq!(seats.rates(4), vec![0.0, 0.25, 0.0, 0.25]);
    let mut sums = SeatSums::default();
    sums.grow(2);
    sums.add(&[i64::MAX, -3]);
    sums.add(&[i64::MAX, 1]);
    assert_eq!(sums.sums(), &[2 * i128::from(i64::MAX), -2]);
    assert_eq!(sums.means(2)[1], -1.0);
}

#[test]
fn percentages_say_small_and_nearly_all() {
    assert_eq!(Percent(0.0).to_string(), "0.00%");
    assert_eq!(Percent(0.000_01).to_string(), "<0.01%");
    assert_eq!(Percent(0.000_1).to_string(), "0.01%");
    assert_eq!(Percent(0.499).to_string(), "49.90%");
    assert_eq!(Percent(0.999_99).to_string(), ">99.99%");
    assert_eq!(Percent(1.0).to_string(), "100.00%");
    assert_eq!(format!("{:>8}", Percent(0.5)), "  50.00%");
}

#[test]
fn plurals() {
    assert_eq!(plural(1, "game", "games"), "1 game");
    assert_eq!(plural(0, "game", "games"), "0 games");
    assert_eq!(plural(2, "win", "wins"), "2 wins");
}

#[test]
fn bars_are_proportional_and_never_hide_a_count() {
    assert_eq!(bar(0, 100), "");
    assert_eq!(bar(100, 100).len(), 40);
    assert_eq!(bar(50, 100).len(), 20);
    // 3 of 7426 is far below one mark: a dot, not a `#` like 88 of 7426.
    assert_eq!(bar(3, 7426), ".");
    assert_eq!(bar(88, 7426), ".");
    // A count past the largest bucket (the caller's slip) is bounded, not a string of millions.
    assert_eq!(bar(1 << 22, 1).len(), 40);
    assert_eq!(bar(u64::MAX, 1).len(), 40);
    assert_eq!(bar(1723, 7426), "#".repeat(9));
    // Rounded to the nearest: 1.5 marks -> 2, 1.4 -> 1.
    assert_eq!(bar(3, 80), "##");
    assert_eq!(bar(14, 400), "#");
}

#[test]
fn legends_wrap_at_spaces() {
    assert_eq!(wrap("a bb ccc dddd", 6), vec!["a bb", "ccc", "dddd"]);
    assert_eq!(wrap("", 6), vec![""]);
    assert_eq!(wrap("longerthanwidth x", 4), vec!["longerthanwidth", "x"]);
}

/// A tally of odd values, to make a report without any game or front end.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Odd(u64);

#[derive(Debug, serde::Serialize)]
struct OddReport {
    odd: u64,
}

impl std::fmt::Display for OddReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "odd {}", self.odd)
    }
}

impl Tally for Odd {
    type Summary = u64;
    type Report = OddReport;
    fn new(_players: usize) -> Self {
        Odd(0)
    }
    fn add(&mut self, summary: &u64) {
        self.0 += summary % 2;
    }
    fn report(&self, _games: u64) -> OddReport {
        OddReport { odd: self.0 }
    }
}

#[test]
fn a_report_is_made_and_rendered_by_a_library() {
    let mut stats = Stats::<Odd>::new("fake", 2, 7);
    for (actions, score) in [(5, Some(3)), (9, Some(1)), (9, None), (2, Some(1))] {
        stats.add(&Played {
            actions,
            finished: true,
            settlement: vec![1, -1],
            score,
            summary: actions as u64,
        });
    }
    let about = About {
        terms: &[Term {
            word: "odd",
            meaning: "a game with an odd number of actions",
        }],
        score: "fake score",
        traced: "it",
    };
    let run = RunRules {
        variant: None,
        rules: (),
        described: "default rules".to_owned(),
        default_rules: true,
    };
    let report = stats.report(Duration::ZERO, &about, run);
    assert_eq!(report.notable.min_score.as_ref().map(|n| n.seed), Some(8));
    assert_eq!(report.settlement.total, vec![4, -4]);
    let text = report.to_string();
    for needle in [
        "fake: 4 games, 2 players, seeds 7 to 10 (game i is played from seed 7 + i)\n",
        "  odd         a game with an odd number of actions\n",
        "odd 3\n",
        "  actions              6.25        7      2      9\n",
        "  seat 0           +1.00              +4\n",
        "  lowest fake score         1     8        9\n",
        "time: 0.000 s, 0 games/s",
    ] {
        assert!(text.contains(needle), "{needle:?} missing from\n{text}");
    }
    // No front end, no replay lines: the notable games end the section.
    assert!(!text.contains("cardrules"), "{text}");
}
