//! The 36-card Didopoikas deck used by Zaägox and Letom (`docs/didopoikas.md`).

use core::fmt;
use core::str::FromStr;

use crate::{Card, ParseCardError};

/// One of the four Didopoikas colours, in index order.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Colour {
    /// Alivaie, letter `A`.
    Alivaie = 0,
    /// Suçes, letter `S`.
    Suces = 1,
    /// Gran, letter `G`.
    Gran = 2,
    /// Pradol, letter `P`.
    Pradol = 3,
}

impl Colour {
    /// All colours in index order.
    pub const ALL: [Colour; 4] = [Colour::Alivaie, Colour::Suces, Colour::Gran, Colour::Pradol];

    /// The colour's letter in the card notation.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Colour::Alivaie => 'A',
            Colour::Suces => 'S',
            Colour::Gran => 'G',
            Colour::Pradol => 'P',
        }
    }

    /// The colour's canonical name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Alivaie => "Alivaie",
            Colour::Suces => "Suçes",
            Colour::Gran => "Gran",
            Colour::Pradol => "Pradol",
        }
    }

    /// The colour's index, 0..4.
    #[must_use]
    pub const fn index(self) -> u8 {
        self as u8
    }

    const fn from_letter(c: u8) -> Option<Colour> {
        match c.to_ascii_uppercase() {
            b'A' => Some(Colour::Alivaie),
            b'S' => Some(Colour::Suces),
            b'G' => Some(Colour::Gran),
            b'P' => Some(Colour::Pradol),
            _ => None,
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One card of the Didopoikas deck: a colour and a number 0–8 (the 0-cards are the four
/// jokers: blanks in Zaägox, Guã in Letom).
///
/// Index = colour × 9 + number, so `A0` is 0, `A8` is 8 and `P8` is 35.
/// Text notation: colour letter then number (`A1`, `P0`); parsing also accepts lower case.
///
/// ```
/// use cards_core::{Card, Colour, DidoCard};
/// let card: DidoCard = "s8".parse().unwrap();
/// assert_eq!(card.to_string(), "S8");
/// assert_eq!((card.colour(), card.number()), (Colour::Suces, 8));
/// assert_eq!(card.index(), 17);
/// assert!("S9".parse::<DidoCard>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DidoCard(u8);

impl DidoCard {
    /// Number of cards in the deck: the one source for array sizes over it.
    pub const COUNT: usize = 36;

    /// Every card of the deck in index order.
    pub const ALL: [DidoCard; Self::COUNT] = {
        let mut all = [DidoCard(0); Self::COUNT];
        let mut i = 0;
        while i < Self::COUNT {
            all[i] = DidoCard(i as u8);
            i += 1;
        }
        all
    };

    /// The card of this colour and number, or `None` when `number > 8`.
    #[must_use]
    pub const fn new(colour: Colour, number: u8) -> Option<DidoCard> {
        if number > 8 {
            return None;
        }
        Some(DidoCard(colour as u8 * 9 + number))
    }

    /// The card's colour (for a 0-card, only tells the four physical cards apart).
    #[must_use]
    pub const fn colour(self) -> Colour {
        Colour::ALL[(self.0 / 9) as usize]
    }

    /// The card's number, 0–8.
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0 % 9
    }

    /// Whether this is one of the four 0-cards (jokers).
    #[must_use]
    pub const fn is_zero(self) -> bool {
        self.number() == 0
    }
}

impl Card for DidoCard {
    const DECK_SIZE: u8 = Self::COUNT as u8;
    const DECK_NAME: &'static str = "Didopoikas";

    fn index(self) -> u8 {
        self.0
    }

    fn from_index(index: u8) -> Option<Self> {
        (index < 36).then_some(DidoCard(index))
    }

    fn all() -> &'static [Self] {
        &Self::ALL
    }
}

impl fmt::Display for DidoCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.colour().letter(), self.number())
    }
}

impl fmt::Debug for DidoCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The notation, whatever the flags (`{:#?}` must not turn it into symbols).
        write!(f, "{self}")
    }
}

impl FromStr for DidoCard {
    type Err = ParseCardError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = |reason| ParseCardError::new(s, DidoCard::DECK_NAME, reason);
        let &[c, n] = s.as_bytes() else {
            return Err(err(
                "expected a colour letter A, S, G or P and a number 0-8, like A1",
            ));
        };
        let colour =
            Colour::from_letter(c).ok_or_else(|| err("the colour letter must be A, S, G or P"))?;
        if !n.is_ascii_digit() || n > b'8' {
            return Err(err("the number must be 0-8"));
        }
        Ok(DidoCard(colour as u8 * 9 + (n - b'0')))
    }
}

crate::serde_via_text!(DidoCard, "a Didopoikas card such as \"A1\"");
