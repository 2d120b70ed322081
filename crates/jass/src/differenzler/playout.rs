//! What a search's playout is worth when it stops at the end of the decision's deal
//! ([`Differenzler::deal_value`]): the returns so far.

use super::*;

impl Differenzler {
    /// The value of a playout that began at `root` (a world at the search's decision) if it
    /// stops here, per seat; `None` while `root`'s deal is still being played. Once that deal
    /// is scored: the mean penalty so far less the seat's own, what the game's returns would
    /// be if it ended now. The returns are a sum of each deal's (mean − own) penalty, and the
    /// later deals are dealt from the seed whatever is decided now, so stopping here changes
    /// no comparison between two actions, only removes the later deals' luck from it. On the
    /// returns' scale, so a hint reads it in penalty points.
    #[inline]
    pub(crate) fn deal_value(&self, root: &Differenzler) -> Option<PerSeat<f64>> {
        if !self.over && self.deal_number == root.deal_number {
            return None;
        }
        // After the deal the totals are `penalties` (the game over) or the next deal's `before`.
        let n = self.seat_count();
        let totals = &self.penalties[..n];
        let mean = totals.iter().map(|&p| f64::from(p)).sum::<f64>() / n.max(1) as f64;
        PerSeat::from_fn(n, |s| mean - f64::from(totals[s.index()]))
    }
}
