//! [`Action`]: one Eléwénjewé move, with the oracle's text notation.

use core::fmt;
use core::str::FromStr;

use cards_core::{CardSet, StdCard};

use cards_core::Alternate;

/// One move of the seat to act. Which seat makes it is the state's business.
///
/// Text form (the oracle's notation, also the serde form): `trail 7H`, `capture 9S: 3D 6C`
/// (every card taken: loose cards, lying jokers, whole protected piles), `build AS=10: 9C`
/// (the table cards put into the new pile with the played card, and the value it is built
/// for). The card lists are sets: any order (and `10` for `T`, any case) is read, and they are
/// printed in card index order (clubs, diamonds, hearts, spades; ace to king; jokers last).
///
/// ```
/// use elewenjewe::Action;
/// let a: Action = "capture 9s: ah 6c 3d".parse()?;
/// assert_eq!(a.to_string(), "capture 9S: 6C 3D AH");
/// assert_eq!("build AS=10: 9C".parse::<Action>()?.to_string(), "build AS=10: 9C");
/// assert!("capture 9S:".parse::<Action>().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Leave the card on the table.
    Trail(StdCard),
    /// Play `played` and take `taken` (never empty) from the table.
    Capture {
        /// The card of the hand.
        played: StdCard,
        /// Every table card taken, jokers and whole piles included.
        taken: CardSet<StdCard>,
    },
    /// Play `played` and build it with the loose table cards `taken` into a protected pile of
    /// value `value` (Esun).
    Build {
        /// The card of the hand.
        played: StdCard,
        /// The value the pile is built for (1 ..= 10).
        value: u8,
        /// The loose table cards put into the pile.
        taken: CardSet<StdCard>,
    },
}

impl Action {
    /// The card played from hand.
    #[must_use]
    pub fn played(self) -> StdCard {
        match self {
            Action::Trail(c)
            | Action::Capture { played: c, .. }
            | Action::Build { played: c, .. } => c,
        }
    }
}

/// The notation; `{:#}` writes the cards with suit symbols (`capture 9♠: 6♣ 3♦`), for people
/// (only the plain form parses back).
impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let alt = f.alternate();
        match *self {
            Action::Trail(card) => write!(f, "trail {}", Alternate(card, alt)),
            Action::Capture { played, taken } => {
                write!(
                    f,
                    "capture {}: {}",
                    Alternate(played, alt),
                    Alternate(taken, alt)
                )
            }
            Action::Build {
                played,
                value,
                taken,
            } => write!(
                f,
                "build {}={value}: {}",
                Alternate(played, alt),
                Alternate(taken, alt)
            ),
        }
    }
}

/// Text that is not an [`Action`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "cannot read {text:?} as an Eléwénjewé action ({why}): expected `trail 7H`, `capture 9S: 6C 3D` \
     or `build AS=10: 9C 2D 8H` (distinct cards)"
)]
pub struct ParseActionError {
    /// The text.
    pub text: String,
    /// What is wrong with it.
    pub why: &'static str,
}

fn card_list(words: &[&str]) -> Result<CardSet<StdCard>, &'static str> {
    if words.is_empty() {
        return Err("no card after the colon");
    }
    let cards = words
        .iter()
        .map(|w| w.parse::<StdCard>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|_| "a card that is not a card")?;
    CardSet::try_from_distinct(cards).map_err(|_| "a card named twice")
}

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = |why| ParseActionError {
            text: s.to_owned(),
            why,
        };
        let (head, list) = match s.split_once(':') {
            Some((h, l)) => (h, Some(l)),
            None => (s, None),
        };
        let head: Vec<&str> = head.split_whitespace().collect();
        let card = |t: &str| {
            t.parse::<StdCard>()
                .map_err(|_| err("a card that is not a card"))
        };
        match (head.as_slice(), list) {
            (["trail", c], None) => Ok(Action::Trail(card(c)?)),
            (["capture", c], Some(list)) => {
                let words: Vec<&str> = list.split_whitespace().collect();
                Ok(Action::Capture {
                    played: card(c)?,
                    taken: card_list(&words).map_err(err)?,
                })
            }
            (["build", cv], Some(list)) => {
                let (c, v) = cv
                    .split_once('=')
                    .ok_or_else(|| err("no `=value` after the card"))?;
                let value: u8 = v.parse().map_err(|_| err("a value that is not 1 to 10"))?;
                if !(1..=10).contains(&value) {
                    return Err(err("a value that is not 1 to 10"));
                }
                let words: Vec<&str> = list.split_whitespace().collect();
                Ok(Action::Build {
                    played: card(c)?,
                    value,
                    taken: card_list(&words).map_err(err)?,
                })
            }
            _ => Err(err("not one of the three forms")),
        }
    }
}

cards_core::serde_via_text!(Action, "an Eléwénjewé action such as \"capture 9S: 6C 3D\"");
