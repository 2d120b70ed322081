//! Scoring: every round's raw [`RoundRecord`], the replaceable [`ScoringPolicy`] (implemented
//! by the rules' [`Scoring`]), and how a game ends and settles.

use cards_core::{CardSet, PerSeat, PlayerId, StdCard};

use crate::rules::{Rules, Scoring};

/// The four layout diamonds (K♦ Q♦ J♦ 9♦), laid face up before each round's shuffle.
pub const LAYOUT: CardSet<StdCard> =
    CardSet::from_bits_truncate(1 << 21 | 1 << 23 | 1 << 24 | 1 << 25);

/// The raw facts of one finished round, kept so that any scoring rule can be computed without
/// replaying (serde: a JSON object, every list one entry per seat).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundRecord {
    /// The round's dealer.
    pub dealer: PlayerId,
    /// Cards each seat captured (the played cards included, and the table taken by the last
    /// player when that rule is on).
    pub cards: PerSeat<u8>,
    /// The layout diamonds each seat captured.
    pub layout: PerSeat<CardSet<StdCard>>,
    /// Jokers each seat captured (lying or played).
    pub jokers: PerSeat<u8>,
    /// Captures each seat made by playing a joker.
    pub joker_plays: PerSeat<u8>,
    /// Esun penalties each seat incurred (one per pile that dissolved).
    pub penalties: PerSeat<u8>,
    /// The seat that played the round's last card.
    pub last: Option<PlayerId>,
    /// The points each seat scored by the scoring policy, before Esun penalties.
    pub points: PerSeat<i64>,
}

impl RoundRecord {
    /// The change to each seat's game total: its points minus its penalties ×
    /// [`Rules::esun_penalty`] (what the oracle's score event shows).
    #[must_use]
    pub fn net(&self, rules: &Rules) -> PerSeat<i64> {
        let mut net = self.points;
        for (n, &p) in net.iter_mut().zip(self.penalties.iter()) {
            *n -= i64::from(p) * i64::from(rules.esun_penalty);
        }
        net
    }
}

/// A scoring rule: the points of one round from its raw record. The game uses the rules'
/// [`Scoring`]; another rule is another implementation run over
/// [`Elewenjewe::records`](crate::Elewenjewe::records).
pub trait ScoringPolicy {
    /// The points each seat scores in the round `record` describes (its `points` field is
    /// not read).
    fn round_points(&self, record: &RoundRecord) -> PerSeat<i64>;
}

impl ScoringPolicy for Scoring {
    /// [`Scoring::LayoutAndMost`]: 1 per layout diamond captured, 1 for strictly the most
    /// cards; [`Scoring::MostCards`]: only the latter.
    fn round_points(&self, record: &RoundRecord) -> PerSeat<i64> {
        let mut points = record.cards.map(|_| 0i64);
        if *self == Scoring::LayoutAndMost {
            for (p, l) in points.iter_mut().zip(record.layout.iter()) {
                *p += l.len() as i64;
            }
        }
        let best = record.cards.iter().copied().max().unwrap_or(0);
        let mut top = record.cards.iter().enumerate().filter(|&(_, &c)| c == best);
        if let (Some((seat, _)), None) = (top.next(), top.next()) {
            points[seat] += 1;
        }
        points
    }
}

/// Whether the game ends after `rounds` rounds with these totals, and who wins: the target
/// first (the highest total wins; a tie at the top plays on), then the round limit and the
/// hard cap (the highest total wins; a tie is shared).
pub(crate) fn winners(rules: &Rules, rounds: u32, totals: &[i64]) -> Option<Vec<PlayerId>> {
    let best = totals.iter().copied().max()?;
    let top: Vec<PlayerId> = (0..totals.len())
        .filter(|&s| totals[s] == best)
        .map(|s| PlayerId(s as u8))
        .collect();
    let limit = rounds >= rules.most_rounds();
    let reached = best >= i64::from(rules.target);
    (reached && top.len() == 1 || limit).then_some(top)
}
