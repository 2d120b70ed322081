//! [`Differenzler`]'s tensors, at three or four seats (padded to four).
//!
//! Public: the play block ([`shared`](super::shared)), which relative slots are at the table,
//! the shown trump card, the predictions made and the other seats' predictions as the view
//! shows them, each seat's card points in this deal, each seat's penalty before it and the
//! deal's number (earlier deals are summarised by the penalties). Private: the hand and the
//! viewer's own prediction. The information state adds the deal's history block after the
//! observation's public part.

use cards_core::PlayerId;

use super::shared::encode_from_view;
use super::shared::{CARDS, HAND_LEN, PLAY_LEN, Play, SEATS, Table, cards, part, put, scaled};
use crate::{Differenzler, DifferenzlerView, MAX_PREDICTION};

/// Whether each relative slot is a seat at the table (1.0).
pub const SEATED: usize = PLAY_LEN;
/// The shown trump card (one-hot).
pub const SHOWN: usize = SEATED + SEATS;
/// How many seats have predicted in this deal, / 4.
pub const PREDICTED: usize = SHOWN + CARDS;
/// Per relative slot, whether its prediction is shown (1.0), then the value, / 157. Slot 0
/// (the viewer's own) stays zero here: it is in the private part.
pub const PREDICTIONS: usize = PREDICTED + 1;
/// Each relative seat's card points in this deal, / 157.
pub const POINTS: usize = PREDICTIONS + 2 * SEATS;
/// Each relative seat's penalty before this deal, / (157 × the game's deals), clamped to 1.
pub const PENALTIES: usize = POINTS + SEATS;
/// The deal's number, / the game's deals.
pub const DEAL_NUMBER: usize = PENALTIES + SEATS;
/// The observation's public part's length.
pub const PUBLIC_LEN: usize = DEAL_NUMBER + 1;
/// The information state's history block, after the observation's public part.
pub const HISTORY: usize = PUBLIC_LEN;

/// Private: the hand (many-hot), at 0.
pub const HAND: usize = 0;
/// Private: 1.0 once the viewer has predicted.
pub const OWN_PREDICTED: usize = HAND + HAND_LEN;
/// Private: the viewer's prediction, / 157.
pub const OWN_PREDICTION: usize = OWN_PREDICTED + 1;
/// The private part's length.
pub const PRIVATE_LEN: usize = OWN_PREDICTION + 1;

/// The card points of a deal: 157.
const POINTS_SCALE: u32 = MAX_PREDICTION as u32;

fn table(view: &DifferenzlerView) -> Table {
    Table::new(view.seat, view.hand_sizes.len())
}

fn play(view: &DifferenzlerView) -> Play<'_> {
    Play::of(
        table(view),
        view.to_act,
        view.dealer,
        view.leader,
        &view.hand_sizes,
        &view.tricks,
        &view.trick,
    )
}

fn write_public(view: &DifferenzlerView, public: &mut [f32]) {
    let play = play(view);
    play.write(part(public, 0, PLAY_LEN));
    let t = play.table;
    for slot in 0..t.players {
        put(public, SEATED + slot, 1.0);
    }
    if play.dealt {
        cards(part(public, SHOWN, CARDS), [view.shown]);
    }
    put(
        public,
        PREDICTED,
        scaled(u32::from(view.predicted), SEATS as u32),
    );
    let deals = view.rules.differenzler.deals;
    for s in 0..t.players {
        let Some(slot) = t.slot(PlayerId(s as u8)) else {
            continue;
        };
        if let Some(Some(p)) = view.predictions.get(s).filter(|_| slot > 0) {
            put(public, PREDICTIONS + 2 * slot, 1.0);
            put(
                public,
                PREDICTIONS + 2 * slot + 1,
                scaled(u32::from(*p), POINTS_SCALE),
            );
        }
        if let Some(&p) = view.points.get(s) {
            put(public, POINTS + slot, scaled(p, POINTS_SCALE));
        }
        if let Some(&p) = view.penalties.get(s) {
            put(
                public,
                PENALTIES + slot,
                scaled(p, POINTS_SCALE.saturating_mul(deals)),
            );
        }
    }
    put(public, DEAL_NUMBER, scaled(view.deal_number, deals));
}

fn write_private(view: &DifferenzlerView, private: &mut [f32]) {
    cards(part(private, HAND, HAND_LEN), view.hand);
    if let Some(Some(p)) = view.predictions.get(view.seat.index()) {
        put(private, OWN_PREDICTED, 1.0);
        put(private, OWN_PREDICTION, scaled(u32::from(*p), POINTS_SCALE));
    }
}

// The view holds every trick of the deal; earlier deals are in the penalties.
encode_from_view!(
    Differenzler,
    DifferenzlerView,
    write_public,
    write_private,
    play
);
