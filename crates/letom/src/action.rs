//! [`Action`]: one decision of a Letom player, in the oracle's action notation.

use core::fmt;
use core::str::FromStr;

use cards_core::{Card, Colour, DidoCard};

use cards_core::Alternate;

/// The numbers a card can carry: 0 (the four Guã) to 8.
pub const NUMBERS: usize = 9;

/// One decision of a Letom player. `Display`/`FromStr` is the oracle's action notation
/// (`play A3`, `play A3 S3`, `take G5`, `flip`, `shake 4`, `bomb 4`, `ren`, `tom`, `sell`,
/// `keep`); serde goes through that text.
///
/// ```
/// use letom::Action;
/// let a: Action = "play A3 S3".parse()?;
/// assert_eq!(a.to_string(), "play A3 S3");
/// assert_eq!(Action::from_index(a.index()), Some(a));
/// # Ok::<(), letom::ParseActionError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Play a hand card to the floor (its number matches 0, 1 or 3 floor cards).
    Play(DidoCard),
    /// Play a hand card onto one of the two floor cards of its number.
    PlayOnto(DidoCard, DidoCard),
    /// Pair the flipped card with this floor card (two floor cards matched it).
    Take(DidoCard),
    /// A flip-only turn (owed after a bomb): flip the stock without playing a hand card.
    Flip,
    /// Reveal the three hand cards of this number (once per number, at the start of a turn).
    Shake(u8),
    /// Play the three hand cards of this number onto the fourth on the floor.
    Bomb(u8),
    /// Go on (Ren, go).
    Ren,
    /// Stop and win (Tom, stop).
    Tom,
    /// Sell the Guã and sit this deal out (gwang-selling).
    Sell,
    /// Decline to sell.
    Keep,
}

cards_core::serde_via_text!(Action, "a Letom action such as \"play A3\"");

const DECK: usize = DidoCard::COUNT;
const PLAY: usize = 0;
/// `PlayOnto(c, d)`: the card and which of the other three cards of its number (by colour
/// order, skipping its own colour).
const ONTO: usize = PLAY + DECK;
const TAKE: usize = ONTO + DECK * 3;
const FLIP: usize = TAKE + DECK;
const SHAKE: usize = FLIP + 1;
const BOMB: usize = SHAKE + NUMBERS;
const REN: usize = BOMB + NUMBERS;
const TOM: usize = REN + 1;
const SELL: usize = TOM + 1;
const KEEP: usize = SELL + 1;

impl Action {
    /// The size of the action index space: every action has an index below it.
    pub const COUNT: usize = KEEP + 1;

    /// This action's index in `0..COUNT`. `PlayOnto` of two cards of different numbers (which
    /// no position makes legal) shares the index of the card onto the first other colour.
    #[must_use]
    pub fn index(self) -> usize {
        match self {
            Action::Play(c) => PLAY + usize::from(c.index()),
            Action::PlayOnto(c, d) => {
                let (ci, di) = (c.colour().index(), d.colour().index());
                let slot = if di > ci { di - 1 } else { di };
                ONTO + usize::from(c.index()) * 3 + usize::from(slot.min(2))
            }
            Action::Take(c) => TAKE + usize::from(c.index()),
            Action::Flip => FLIP,
            Action::Shake(n) => SHAKE + usize::from(n).min(NUMBERS - 1),
            Action::Bomb(n) => BOMB + usize::from(n).min(NUMBERS - 1),
            Action::Ren => REN,
            Action::Tom => TOM,
            Action::Sell => SELL,
            Action::Keep => KEEP,
        }
    }

    /// The action with this index, or `None` outside `0..COUNT`.
    #[must_use]
    pub fn from_index(index: usize) -> Option<Action> {
        let card = |i: usize| DidoCard::from_index(i as u8);
        Some(match index {
            i if i < ONTO => Action::Play(card(i - PLAY)?),
            i if i < TAKE => {
                let c = card((i - ONTO) / 3)?;
                let slot = ((i - ONTO) % 3) as u8;
                let ci = c.colour().index();
                let di = if slot >= ci { slot + 1 } else { slot };
                Action::PlayOnto(c, DidoCard::new(Colour::ALL[usize::from(di)], c.number())?)
            }
            i if i < FLIP => Action::Take(card(i - TAKE)?),
            FLIP => Action::Flip,
            i if i < BOMB => Action::Shake((i - SHAKE) as u8),
            i if i < REN => Action::Bomb((i - BOMB) as u8),
            REN => Action::Ren,
            TOM => Action::Tom,
            SELL => Action::Sell,
            KEEP => Action::Keep,
            _ => return None,
        })
    }
}

/// The notation; `{:#}` writes the cards with `{:#}` (for people), words unchanged.
impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let alt = f.alternate();
        match self {
            Action::Play(c) => write!(f, "play {}", Alternate(c, alt)),
            Action::PlayOnto(c, d) => write!(f, "play {} {}", Alternate(c, alt), Alternate(d, alt)),
            Action::Take(d) => write!(f, "take {}", Alternate(d, alt)),
            Action::Flip => f.write_str("flip"),
            Action::Shake(n) => write!(f, "shake {n}"),
            Action::Bomb(n) => write!(f, "bomb {n}"),
            Action::Ren => f.write_str("ren"),
            Action::Tom => f.write_str("tom"),
            Action::Sell => f.write_str("sell"),
            Action::Keep => f.write_str("keep"),
        }
    }
}

/// An action's text could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{text:?} is not a Letom action (expected one of: play C, play C D, take D, flip, shake N, bomb N, ren, tom, sell, keep): {reason}"
)]
pub struct ParseActionError {
    /// The text given (cut to 64 characters).
    pub text: String,
    /// What was wrong.
    pub reason: String,
}

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = |reason: String| ParseActionError {
            text: s.chars().take(64).collect(),
            reason,
        };
        let words: Vec<&str> = s.split(' ').take(4).collect();
        let card = |w: &str| w.parse::<DidoCard>().map_err(|e| err(e.to_string()));
        let number = |w: &str| match w.parse::<u8>() {
            Ok(n) if usize::from(n) < NUMBERS && w.len() == 1 => Ok(n),
            _ => Err(err(format!("{w:?} is not a number 0 to 8"))),
        };
        Ok(match words.as_slice() {
            ["play", c] => Action::Play(card(c)?),
            ["play", c, d] => Action::PlayOnto(card(c)?, card(d)?),
            ["take", d] => Action::Take(card(d)?),
            ["flip"] => Action::Flip,
            ["shake", n] => Action::Shake(number(n)?),
            ["bomb", n] => Action::Bomb(number(n)?),
            ["ren"] => Action::Ren,
            ["tom"] => Action::Tom,
            ["sell"] => Action::Sell,
            ["keep"] => Action::Keep,
            _ => return Err(err("unknown action or wrong number of words".into())),
        })
    }
}
