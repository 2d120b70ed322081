//! [`ScoreSheet`]: the Coiffeur score sheet — its slots with their factors, one column per
//! side, each cell ([`SheetEntry`]) filled once.

use super::*;

/// One filled cell of a score sheet: what a side played in a slot and what it scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetEntry {
    /// The contract played: the mode (for a Joker the mode it was played as), for an extra
    /// the contract (Slalom with its start).
    pub contract: Contract,
    /// The seat that chose the slot and led the first trick.
    pub declarer: PlayerId,
    /// The declaring side's card points, the last trick's 5 included (team play: both
    /// partners' tricks; individual play: the declarer's own), 0 to 157.
    pub card_points: u32,
    /// Whether the side (individual play: the declarer) took all nine tricks: 100 more card
    /// points before the division.
    pub matched: bool,
    /// The points scored: [`coiffeur_points`] of the above at the slot's factor.
    pub points: u32,
    /// The deal it was played in, from 0.
    pub deal: u32,
}

/// A slot of the sheet with its factor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetSlot {
    /// The slot.
    pub slot: Slot,
    /// Its factor.
    pub factor: u32,
}

/// One side's column of the score sheet.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetSide {
    /// The side's seats (team play: two; individual play: one).
    pub seats: Vec<PlayerId>,
    /// One cell per slot, in the order of [`ScoreSheet::slots`]: `None` while open.
    pub entries: Vec<Option<SheetEntry>>,
    /// The sum of the points scored.
    pub total: u32,
}

/// The Coiffeur score sheet as a table: the slots with their factors (rows) and one column
/// per side, each cell filled once the side has played that slot. `Display` draws it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoreSheet {
    /// The slots on the sheet, in [`Slot::ALL`] order, with their factors.
    pub slots: Vec<SheetSlot>,
    /// The sides, in order (team play: seats 0 and 2, then 1 and 3; individual play: seat by
    /// seat).
    pub sides: Vec<SheetSide>,
}

impl ScoreSheet {
    /// Each side's total.
    #[must_use]
    pub fn totals(&self) -> Vec<u32> {
        self.sides.iter().map(|s| s.total).collect()
    }

    /// The open slots of each side, as masks over [`Slot::ALL`] (a side beyond the sheet's
    /// has none).
    pub(super) fn open(&self) -> [u16; SEATS] {
        core::array::from_fn(|side| {
            self.sides.get(side).map_or(0, |s| {
                self.slots
                    .iter()
                    .zip(&s.entries)
                    .filter(|(_, e)| e.is_none())
                    .fold(0, |m, (slot, _)| m | slot.slot.bit())
            })
        })
    }

    /// The filled cells of the deals before `deal`, in deal order: a setup's `sheet`.
    pub(super) fn cells_before(&self, deal: u32) -> Vec<SheetCell> {
        let mut cells: Vec<SheetCell> = self
            .sides
            .iter()
            .enumerate()
            .flat_map(|(side, column)| {
                self.slots
                    .iter()
                    .zip(&column.entries)
                    .filter_map(move |(slot, entry)| {
                        entry.filter(|e| e.deal < deal).map(|entry| SheetCell {
                            side,
                            slot: slot.slot,
                            entry,
                        })
                    })
            })
            .collect();
        cells.sort_by_key(|c| c.entry.deal);
        cells
    }
}

impl fmt::Display for ScoreSheet {
    /// A small table: one row per slot (its name and factor), one column per side (the points
    /// scored, the Joker's or Slalom's contract, `M` for a Match; `-` while open), then the
    /// totals.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const W: usize = 20;
        write!(f, "{:<8}{:>4}", "slot", "×")?;
        for side in &self.sides {
            let seats: Vec<String> = side.seats.iter().map(ToString::to_string).collect();
            let label = match seats.len() {
                1 => format!("seat {}", seats.join("")),
                _ => format!("seats {}", seats.join("+")),
            };
            write!(f, "{label:>W$}")?;
        }
        writeln!(f)?;
        for (row, slot) in self.slots.iter().enumerate() {
            write!(f, "{:<8}{:>4}", slot.slot.to_string(), slot.factor)?;
            for side in &self.sides {
                let cell = match side.entries.get(row).copied().flatten() {
                    None => "-".to_owned(),
                    Some(e) => {
                        let mut text = e.points.to_string();
                        if matches!(slot.slot, Slot::Joker(_) | Slot::Slalom) {
                            text = format!("{} {text}", e.contract);
                        }
                        if e.matched {
                            text.push_str(" M");
                        }
                        text
                    }
                };
                write!(f, "{cell:>W$}")?;
            }
            writeln!(f)?;
        }
        write!(f, "{:<12}", "total")?;
        for side in &self.sides {
            write!(f, "{:>W$}", side.total)?;
        }
        Ok(())
    }
}

/// The score sheet of these cells (side × slot, by [`Slot::ALL`] index).
pub(crate) fn sheet_of(
    c: &CoiffeurRules,
    cells: &[[Option<SheetEntry>; MAX_SLOTS]; SEATS],
) -> ScoreSheet {
    let slots: Vec<Slot> = c.slots().collect();
    ScoreSheet {
        slots: slots
            .iter()
            .map(|&slot| SheetSlot {
                slot,
                factor: slot.factor(&c.factors),
            })
            .collect(),
        sides: (0..c.sides())
            .map(|side| SheetSide {
                seats: c.seats_of(side),
                entries: slots.iter().map(|s| cells[side][s.index()]).collect(),
                total: cells[side]
                    .iter()
                    .flatten()
                    .fold(0u32, |t, e| t.saturating_add(e.points)),
            })
            .collect(),
    }
}

/// A filled cell in a [`CoiffeurSetup`]: the side, the slot and its entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetCell {
    /// The side (team play: 0 for seats 0 and 2, 1 for seats 1 and 3; individual: the seat).
    pub side: usize,
    /// The slot.
    pub slot: Slot,
    /// What was played and scored.
    pub entry: SheetEntry,
}
