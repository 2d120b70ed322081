//! Text helpers shared by the `Display` impls: a card's text with or without the alternate flag
//! (`{:#}`, cards for people), and card lists ordered for a player.

use cards_core::{Alternate, StdCard};

use crate::state::Cards;

/// `card` as text, with suit symbols when `alternate`.
pub(crate) fn card_text(card: StdCard, alternate: bool) -> String {
    Alternate(card, alternate).to_string()
}

/// The cards of `cards` ordered as a player counts them: by value (ace to ten, then jack,
/// queen, king, then the jokers), clubs, diamonds, hearts, spades within a value.
pub(crate) fn by_value(cards: Cards) -> Vec<StdCard> {
    let mut list: Vec<StdCard> = cards.iter().collect();
    list.sort_by_key(|&c| (c.rank().unwrap_or(u8::MAX), c));
    list
}

/// Lines of `label: item item …` no wider than [`WIDTH`] columns, the items that do not fit
/// on continuation lines indented by two spaces.
pub(crate) fn wrapped(label: &str, items: &[String], out: &mut Vec<String>) {
    let mut line = format!("{label}:");
    let mut fresh = true;
    for item in items {
        let width = line.chars().count() + 1 + item.chars().count();
        if width > WIDTH && !fresh {
            out.push(core::mem::take(&mut line));
            line.push_str("  ");
            line.push_str(item);
        } else {
            line.push(' ');
            line.push_str(item);
        }
        fresh = false;
    }
    out.push(line);
}

/// The widest a line of a view's text grows.
pub(crate) const WIDTH: usize = 96;
