//! [`Schieber`]'s tensors: a whole game to the target. A deal's tensors
//! ([`schieber_deal`](super::schieber_deal)) followed by the game block: the earlier deals
//! are summarised by the running scores the view shows.

use super::schieber_deal::{self as deal, PRIVATE_LEN, PUBLIC_LEN as DEAL_LEN};
use super::shared::encode_from_view;
use super::shared::{SEATS, Table, part, put, scaled};
use crate::{Rules, Schieber, SchieberView};

/// The deal's number, / [`DEALS_SCALE`], clamped to 1.
pub const DEAL_NUMBER: usize = DEAL_LEN;
/// The teams' scores before this deal, `[viewer's team, other team]`, / the target (2500
/// without one), clamped to 1.
pub const SCORES: usize = DEAL_NUMBER + 1;
/// The teams' totals now, credits of this deal included with its multiplier, same scale.
pub const TOTALS: usize = SCORES + 2;
/// The seat whose Stöck was credited at once under the Stöck exception (relative one-hot).
pub const EARLY_STOECK: usize = TOTALS + 2;
/// The observation's public part's length.
pub const PUBLIC_LEN: usize = EARLY_STOECK + SEATS;
/// The information state's history block (the deal's, see
/// [`shared`](super::shared)), after the observation's public part.
pub const HISTORY: usize = PUBLIC_LEN;

/// The deal number's scale: 32 deals.
pub const DEALS_SCALE: u32 = 32;

fn write_public(view: &SchieberView, public: &mut [f32]) {
    deal::write_public(&view.deal, part(public, 0, DEAL_LEN));
    let table = Table::new(view.deal.seat, SEATS);
    let target = view.deal.rules.target.unwrap_or(Rules::DEFAULT_TARGET);
    put(public, DEAL_NUMBER, scaled(view.deal_number, DEALS_SCALE));
    for (i, v) in table.teams(view.scores).into_iter().enumerate() {
        put(public, SCORES + i, scaled(v, target));
    }
    for (i, v) in table.teams(view.totals).into_iter().enumerate() {
        put(public, TOTALS + i, scaled(v, target));
    }
    table.seat_hot(part(public, EARLY_STOECK, SEATS), view.early_stoeck);
}

// The view holds every trick of the deal; earlier deals are in the scores.
encode_from_view!(Schieber, SchieberView, write_public, write_private, history);

/// The private part: the deal's.
fn write_private(view: &SchieberView, private: &mut [f32]) {
    deal::write_private(&view.deal, private);
}

/// The deal's play as its seat saw it.
fn history(view: &SchieberView) -> super::shared::Play<'_> {
    deal::play(&view.deal, Table::new(view.deal.seat, SEATS))
}
