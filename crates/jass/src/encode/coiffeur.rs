//! [`Coiffeur`]'s tensors: a whole game at four, in teams or each for themself.
//!
//! Public: the play block ([`shared`](super::shared)), the seats that passed, the slot
//! chosen, the contract block, each side's card points in this deal, the score sheet (per
//! side and slot: filled, points) with each side's total, and the deal's number (earlier
//! deals are summarised by the sheet). Sides are relative to the viewer's: side slot 0 is the
//! viewer's side, then the others in play order (two sides in teams, four each for
//! themself). Private: the hand. The information state adds the deal's history block after
//! the observation's public part.

use cards_core::encode::set_each;

use super::shared::encode_from_view;
use super::shared::{
    CARDS, CONTRACT_LEN, HAND_LEN, PLAY_LEN, Play, SEATS, Table, cards, part, put, scaled,
    write_contract,
};
use crate::{Coiffeur, CoiffeurView, ScoreSheet, Slot};

/// The slots, in [`Slot::ALL`] order.
pub const SLOTS: usize = Slot::ALL.len();
/// Sides, padded to four (each for themself).
pub const SIDES: usize = SEATS;

/// The seats that passed in this deal (relative many-hot).
pub const PASSED: usize = PLAY_LEN;
/// The slot chosen (one-hot in [`Slot::ALL`] order).
pub const SLOT: usize = PASSED + SEATS;
/// The contract block ([`shared`](super::shared)).
pub const CONTRACT: usize = SLOT + SLOTS;
/// Each relative side's card points in this deal, / 257.
pub const CARD_POINTS: usize = CONTRACT + CONTRACT_LEN;
/// The sheet: per relative side, per slot, whether the cell is filled (1.0) and its points
/// / [`CELL_SCALE`], clamped to 1.
pub const SHEET: usize = CARD_POINTS + SIDES;
/// Each relative side's total, / ([`CELL_SCALE`] × 12), clamped to 1.
pub const TOTALS: usize = SHEET + SIDES * SLOTS * 2;
/// The deal's number, / the game's deals.
pub const DEAL_NUMBER: usize = TOTALS + SIDES;
/// The observation's public part's length.
pub const PUBLIC_LEN: usize = DEAL_NUMBER + 1;
/// The information state's history block, after the observation's public part.
pub const HISTORY: usize = PUBLIC_LEN;

/// Private: the hand (many-hot), at 0.
pub const HAND: usize = 0;
/// The private part's length.
pub const PRIVATE_LEN: usize = HAND_LEN;

/// The scale of a cell's points: 257 × 12 (a Match at the highest base factor).
pub const CELL_SCALE: u32 = 257 * 12;
const POINTS_SCALE: u32 = 257;

fn play(view: &CoiffeurView) -> Play<'_> {
    Play::of(
        Table::new(view.seat, SEATS),
        view.to_act,
        view.dealer,
        view.leader,
        &view.hand_sizes,
        &view.tricks,
        &view.trick,
    )
}

/// The relative slot of each side (by the sheet's index): the nearest of its seats, so the
/// viewer's side is 0 and the others follow in play order.
fn side_slot(sheet: &ScoreSheet, table: Table, side: usize) -> Option<usize> {
    let seats = &sheet.sides.get(side)?.seats;
    let nearest = seats.iter().filter_map(|&s| table.slot(s)).min()?;
    // In teams the sides are two: the far seat of the other side is that side too.
    Some(if sheet.sides.len() == 2 {
        nearest % 2
    } else {
        nearest
    })
}

fn write_public(view: &CoiffeurView, public: &mut [f32]) {
    let play = play(view);
    play.write(part(public, 0, PLAY_LEN));
    let t = play.table;
    set_each(
        part(public, PASSED, SEATS),
        view.passed.iter().filter_map(|&s| t.slot(s)),
    );
    set_each(
        part(public, SLOT, SLOTS),
        view.slot
            .and_then(|s| Slot::ALL.iter().position(|&x| x == s)),
    );
    write_contract(
        part(public, CONTRACT, CONTRACT_LEN),
        t,
        view.contract,
        view.declarer,
        &view.trio,
        view.tricks.len(),
    );
    let sheet = &view.sheet;
    for (side, column) in sheet.sides.iter().enumerate() {
        let Some(rel) = side_slot(sheet, t, side).filter(|&r| r < SIDES) else {
            continue;
        };
        if let Some(&p) = view.card_points.get(side) {
            put(public, CARD_POINTS + rel, scaled(p, POINTS_SCALE));
        }
        for (row, entry) in column.entries.iter().enumerate() {
            let slot = sheet.slots.get(row).map(|s| s.slot);
            let (Some(entry), Some(k)) = (
                entry,
                slot.and_then(|s| Slot::ALL.iter().position(|&x| x == s)),
            ) else {
                continue;
            };
            let at = SHEET + (rel * SLOTS + k) * 2;
            put(public, at, 1.0);
            put(public, at + 1, scaled(entry.points, CELL_SCALE));
        }
        put(
            public,
            TOTALS + rel,
            scaled(column.total, CELL_SCALE * SLOTS as u32),
        );
    }
    put(
        public,
        DEAL_NUMBER,
        scaled(view.deal_number, view.rules.coiffeur.deals()),
    );
}

fn write_private(view: &CoiffeurView, private: &mut [f32]) {
    cards(part(private, HAND, CARDS), view.hand);
}

// The view holds every trick of the deal; earlier deals are on the sheet.
encode_from_view!(Coiffeur, CoiffeurView, write_public, write_private, play);
