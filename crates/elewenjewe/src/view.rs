//! [`View`]: what one seat may see.

use cards_core::PlayerId;

use crate::rules::Rules;
use crate::score::RoundRecord;
use crate::state::{Cards, Pile};

/// What one seat may see: its own hand, every hand's size, the loose table, the protected
/// piles (owners, values, cards), the captured piles (their cards with Isiwo, their sizes
/// only otherwise — one's own included), how many cards are left to deal or set aside, the
/// round's public facts so far, the finished rounds' records and the totals. Not the other
/// hands, the stock's order, the set-aside cards, nor the seed.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct View {
    /// The rules in force.
    pub rules: Rules,
    /// Whose view this is.
    pub seat: PlayerId,
    /// The current round's number, from 0.
    pub round: u32,
    /// The current round's dealer.
    pub dealer: PlayerId,
    /// The seat to act (`None` once the game is over).
    pub to_act: Option<PlayerId>,
    /// The viewer's hand (empty for a seat not at the table).
    pub hand: Cards,
    /// Every seat's number of cards in hand.
    pub hand_sizes: Vec<usize>,
    /// The loose table cards.
    pub table: Cards,
    /// The protected piles, ordered by their lowest card.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub piles: Vec<Pile>,
    /// The size of each seat's captured pile this round.
    pub captured_sizes: Vec<usize>,
    /// With Isiwo: each seat's captured pile this round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub captured: Option<Vec<Cards>>,
    /// Cards left to deal this round.
    pub stock: usize,
    /// Cards set aside this round.
    pub set_aside: usize,
    /// Captures each seat made this round by playing a joker.
    pub joker_plays: Vec<u8>,
    /// Esun penalties each seat incurred this round.
    pub penalties: Vec<u8>,
    /// The seat that played the last card so far this round.
    pub last: Option<PlayerId>,
    /// The finished rounds' records.
    pub records: Vec<RoundRecord>,
    /// Each seat's total after the finished rounds.
    pub totals: Vec<i64>,
}
