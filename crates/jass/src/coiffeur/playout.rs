//! What a search's playout is worth when it stops at the end of the decision's deal
//! ([`Coiffeur::deal_value`]): the deal's cell against what its slot is taken to be worth, or
//! the game's own returns once the sheet is full.

use super::*;

/// What a slot is taken to be worth in team play, in the declaring side's card points (the
/// value of a cell is its points less the slot's factor × this / 10). Above the 75 an average
/// hand brings (the rule bot's baseline): a side that waits for a good hand fills a slot with
/// more, and a random playout's declarer takes more than a good defence lets it. In pilots of 20
/// duplicate games (seed 2) against the rule bot, 75 won by +0.10 a game, 85 by +0.30, 95 by
/// +0.75, 105 by +0.55 and 115 by +0.45.
const TEAM_AVERAGE: f64 = 95.0;
/// The same for the declarer alone (individual play): the rule bot's average hand, 36 (not
/// tuned for the search).
const ALONE_AVERAGE: f64 = 36.0;
/// At the game's end a sheet point of margin counts this much less than the returns (±1):
/// winning decides, the margin only breaks ties between equally won (or lost) playouts. The
/// value stays on the returns' scale, so a hint says it as a share of wins.
const WIN_WEIGHT: f64 = 10_000.0;

impl Coiffeur {
    /// The value of a playout that began at `root` (a world at the search's decision) if it
    /// stops here, per seat; `None` while `root`'s deal is still being played.
    ///
    /// - **The deal is over, the game goes on:** the declaring side gains its cell's points
    ///   less what the slot is worth (the slot's factor × [`TEAM_AVERAGE`] card points / 10:
    ///   9.5 in team play, 3.6 alone); the other sides lose as much between them (zero-sum). So a strong hand is worth most at a high factor and a weak
    ///   one at a low factor, where the raw points would always favour the high factors.
    /// - **The game is over** (the decision's deal was the last): the game's own returns,
    ///   with the seat's side's total less the mean total as a tie-break.
    #[inline]
    pub(crate) fn deal_value(&self, root: &Coiffeur) -> Option<PerSeat<f64>> {
        if !self.over && self.deal_number == root.deal_number {
            return None;
        }
        let c = self.coiffeur();
        let sides = c.sides();
        if self.over {
            let totals = self.totals();
            let mean = totals.iter().map(|&t| f64::from(t)).sum::<f64>() / sides.max(1) as f64;
            let r = self.outcome().map_or([0.0; SEATS], |o| o.returns());
            return PerSeat::from_fn(SEATS, |p| {
                let margin = totals
                    .get(c.side_of(p))
                    .map_or(0.0, |&t| f64::from(t) - mean);
                r[p.index()] + margin / WIN_WEIGHT
            });
        }
        let (side, slot, entry) = (0..sides).find_map(|side| {
            Slot::ALL.into_iter().find_map(|slot| {
                self.cells[side][slot.index()]
                    .filter(|e| e.deal == root.deal_number)
                    .map(|e| (side, slot, e))
            })
        })?;
        let average = if c.individual {
            ALONE_AVERAGE
        } else {
            TEAM_AVERAGE
        };
        let factor = f64::from(slot.factor(&c.factors));
        let gain = f64::from(entry.points) - factor * average / 10.0;
        let others = (sides - 1).max(1) as f64;
        PerSeat::from_fn(SEATS, |p| {
            if c.side_of(p) == side {
                gain
            } else {
                -gain / others
            }
        })
    }
}
