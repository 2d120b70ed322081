//! [`View`]: what one seat may see of a deal, and worlds sampled consistently with it.

use cards_core::{DidoCard, PlayerId};

use crate::{Rules, Setup};

/// What one seat may see: its own hand, the floor, every captured pile, revealed shakes,
/// owed flip-only turns, the stock's size, the Guã a seller showed, Ren calls, the carry and
/// the pot. Not: other hands, the stock's order.
///
/// `public` is the position with every hidden card taken out: its `hands` and `stock` are
/// empty lists (their sizes are `hand_sizes` and `stock_len`) and it carries no reshuffle
/// seed. [`Game::sample_world`](cards_core::Game::sample_world) deals the hidden cards back in.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct View {
    /// The seat whose view this is.
    pub seat: PlayerId,
    /// The rules of the deal.
    pub rules: Rules,
    /// The seat's own hand (in the sale phase, in the order dealt).
    pub hand: Vec<DidoCard>,
    /// Cards in each seat's hand.
    pub hand_sizes: Vec<usize>,
    /// Cards in the stock.
    pub stock_len: usize,
    /// Everything else, public.
    pub public: Setup,
}
