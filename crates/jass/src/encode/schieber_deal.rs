//! [`SchieberDeal`]'s tensors: one deal of Schieber at four.
//!
//! Public: the play block ([`shared`](super::shared)), the contract block, whether forehand
//! pushed, the credits so far by team (the viewer's team first), the Stöck, the public Weis.
//! Private: the hand, the viewer's own counted Weis. The information state adds the history
//! block (every card of the deal with who played it, in which trick, at which position)
//! after the observation's public part; its private part is the observation's.

use super::shared::encode_from_view;
use super::shared::{
    CONTRACT_LEN, HAND_LEN, PLAY_LEN, Play, SEATS, Table, cards, part, put, scaled, write_contract,
};
use crate::{SchieberDeal, SchieberDealView};

/// Where the contract block starts.
pub const CONTRACT: usize = PLAY_LEN;
/// Whether forehand pushed (1.0).
pub const PUSHED: usize = CONTRACT + CONTRACT_LEN;
/// The credits so far, before the multiplier: card points, Weis, Stöck, Match, each as
/// `[viewer's team, other team]`, / [`POINTS_SCALE`], clamped to 1.
pub const CREDITS: usize = PUSHED + 1;
/// The seat whose Stöck was credited (relative one-hot).
pub const STOECK: usize = CREDITS + 8;
/// The seat holding the strongest Weis, once scored (relative one-hot).
pub const WEIS_SEAT: usize = STOECK + SEATS;
/// The Weis points scored, / [`POINTS_SCALE`], clamped to 1.
pub const WEIS_POINTS: usize = WEIS_SEAT + SEATS;
/// The cards of the public Weis, per relative seat (many-hot of 36 each).
pub const WEIS_SHOWN: usize = WEIS_POINTS + 1;
/// The deal block's length (the observation's public part).
pub const PUBLIC_LEN: usize = WEIS_SHOWN + SEATS * super::shared::CARDS;

/// Private: the hand (many-hot), at 0.
pub const HAND: usize = 0;
/// Private: the cards of the viewer's own counted Weis (many-hot).
pub const OWN_WEIS: usize = HAND + HAND_LEN;
/// Private: the viewer's own Weis points, / [`POINTS_SCALE`], clamped to 1.
pub const OWN_WEIS_POINTS: usize = OWN_WEIS + super::shared::CARDS;
/// Private: 1.0 once the viewer's Weis is counted (after the contract).
pub const OWN_WEIS_COUNTED: usize = OWN_WEIS_POINTS + 1;
/// The private part's length.
pub const PRIVATE_LEN: usize = OWN_WEIS_COUNTED + 1;

/// The information state's history block starts after the observation's public part.
pub const HISTORY: usize = PUBLIC_LEN;

/// The scale of points in a deal: 257, the most a team's cards can make (157 and the Match).
pub const POINTS_SCALE: u32 = 257;

/// Writes the observation's public part of a deal view (also the first part of a whole
/// game's).
pub(crate) fn write_public(view: &SchieberDealView, public: &mut [f32]) {
    let table = Table::new(view.seat, SEATS);
    play(view, table).write(part(public, 0, PLAY_LEN));
    write_contract(
        part(public, CONTRACT, CONTRACT_LEN),
        table,
        view.contract,
        view.declarer,
        &view.trio,
        view.tricks.len(),
    );
    put(public, PUSHED, if view.pushed { 1.0 } else { 0.0 });
    let c = &view.credits;
    for (k, pair) in [c.cards, c.weis, c.stoeck, c.match_bonus]
        .into_iter()
        .enumerate()
    {
        for (i, v) in table.teams(pair).into_iter().enumerate() {
            put(public, CREDITS + 2 * k + i, scaled(v, POINTS_SCALE));
        }
    }
    table.seat_hot(part(public, STOECK, SEATS), view.stoeck);
    if let Some(weis) = &view.weis {
        table.seat_hot(part(public, WEIS_SEAT, SEATS), Some(weis.score.seat));
        put(public, WEIS_POINTS, scaled(weis.score.points, POINTS_SCALE));
        for shown in &weis.shown {
            if let Some(slot) = table.slot(shown.seat) {
                let out = part(public, WEIS_SHOWN + slot * super::shared::CARDS, HAND_LEN);
                cards(out, shown.weis.iter().flat_map(|m| m.cards()));
            }
        }
    }
}

/// Writes the private part of a deal view.
pub(crate) fn write_private(view: &SchieberDealView, private: &mut [f32]) {
    cards(part(private, HAND, HAND_LEN), view.hand);
    if let Some(weis) = &view.own_weis {
        cards(part(private, OWN_WEIS, HAND_LEN), weis.cards());
        put(private, OWN_WEIS_POINTS, scaled(weis.total(), POINTS_SCALE));
        put(private, OWN_WEIS_COUNTED, 1.0);
    }
}

/// The play block's source in a deal view.
pub(crate) fn play(view: &SchieberDealView, table: Table) -> Play<'_> {
    Play::of(
        table,
        view.to_act,
        view.dealer,
        view.leader,
        &view.hand_sizes,
        &view.tricks,
        &view.trick,
    )
}

// The view holds every trick of the deal.
encode_from_view!(
    SchieberDeal,
    SchieberDealView,
    write_public,
    write_private,
    history
);

/// The deal's play as its seat saw it.
fn history(view: &SchieberDealView) -> Play<'_> {
    play(view, Table::new(view.seat, SEATS))
}
