//! The standard 52-card deck plus two jokers (54 cards), used by Eléwénjewé.

use core::fmt;
use core::str::FromStr;

use crate::{Card, ParseCardError};

/// A French suit of the standard deck, in index order `C D H S`.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum StdSuit {
    /// ♣ Clubs.
    Clubs = 0,
    /// ♦ Diamonds.
    Diamonds = 1,
    /// ♥ Hearts.
    Hearts = 2,
    /// ♠ Spades.
    Spades = 3,
}

impl StdSuit {
    /// All suits in index order.
    pub const ALL: [StdSuit; 4] = [
        StdSuit::Clubs,
        StdSuit::Diamonds,
        StdSuit::Hearts,
        StdSuit::Spades,
    ];

    /// The suit's letter in the card notation.
    #[must_use]
    pub const fn letter(self) -> char {
        ['C', 'D', 'H', 'S'][self as usize]
    }
}

/// One card of the standard deck: 52 ranked cards and two jokers.
///
/// Index = suit × 13 + rank − 1 for the ranked cards (A = rank 1 … K = rank 13), then 52 and 53 for the
/// jokers `X1` and `X2`. Text notation: rank `A 2 … 9 T J Q K` (also `10`) then suit `C D H S`; jokers
/// `X1`, `X2`. Parsing is case-insensitive.
///
/// ```
/// use cards_core::{StdCard, StdSuit};
/// let card: StdCard = "10h".parse().unwrap();
/// assert_eq!(card.to_string(), "TH");
/// assert_eq!((card.rank(), card.suit()), (Some(10), Some(StdSuit::Hearts)));
/// assert!("X2".parse::<StdCard>().unwrap().is_joker());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct StdCard(u8);

impl StdCard {
    /// Number of cards in the deck: the one source for array sizes over it.
    pub const COUNT: usize = 54;

    /// Every card of the deck in index order (the two jokers last).
    pub const ALL: [StdCard; Self::COUNT] = {
        let mut all = [StdCard(0); Self::COUNT];
        let mut i = 0;
        while i < Self::COUNT {
            all[i] = StdCard(i as u8);
            i += 1;
        }
        all
    };

    /// The first joker, `X1`.
    pub const JOKER_1: StdCard = StdCard(52);
    /// The second joker, `X2`.
    pub const JOKER_2: StdCard = StdCard(53);

    /// The ranked card of this suit and rank (1 = ace … 13 = king), or `None` for another rank.
    #[must_use]
    pub const fn new(suit: StdSuit, rank: u8) -> Option<StdCard> {
        if rank < 1 || rank > 13 {
            return None;
        }
        Some(StdCard(suit as u8 * 13 + rank - 1))
    }

    /// Whether the card is one of the two jokers.
    #[must_use]
    pub const fn is_joker(self) -> bool {
        self.0 >= 52
    }

    /// The suit, or `None` for a joker.
    #[must_use]
    pub const fn suit(self) -> Option<StdSuit> {
        if self.is_joker() {
            None
        } else {
            Some(StdSuit::ALL[(self.0 / 13) as usize])
        }
    }

    /// The rank 1 (ace) … 13 (king), or `None` for a joker.
    #[must_use]
    pub const fn rank(self) -> Option<u8> {
        if self.is_joker() {
            None
        } else {
            Some(self.0 % 13 + 1)
        }
    }
}

impl Card for StdCard {
    const DECK_SIZE: u8 = Self::COUNT as u8;
    const DECK_NAME: &'static str = "standard";

    fn index(self) -> u8 {
        self.0
    }

    fn from_index(index: u8) -> Option<Self> {
        (index < 54).then_some(StdCard(index))
    }

    fn all() -> &'static [Self] {
        &Self::ALL
    }
}

/// The notation (`TH`, `X1`); with `{:#}` the form for people, the rank then the suit's
/// symbol (`10♥`; jokers stay `X1`, `X2`).
impl fmt::Display for StdCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.rank(), self.suit()) {
            (Some(10), Some(suit)) if f.alternate() => {
                write!(f, "10{}", crate::jass::suit_symbol(suit.letter()))
            }
            (Some(rank), Some(suit)) if f.alternate() => {
                let r = b"A23456789TJQK"[(rank - 1) as usize] as char;
                write!(f, "{r}{}", crate::jass::suit_symbol(suit.letter()))
            }
            (Some(rank), Some(suit)) => {
                let r = b"A23456789TJQK"[(rank - 1) as usize] as char;
                write!(f, "{r}{}", suit.letter())
            }
            _ => write!(f, "X{}", self.0 - 51),
        }
    }
}

impl fmt::Debug for StdCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The notation, whatever the flags (`{:#?}` must not turn it into symbols).
        write!(f, "{self}")
    }
}

impl FromStr for StdCard {
    type Err = ParseCardError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = |reason| ParseCardError::new(s, StdCard::DECK_NAME, reason);
        let upper = s.as_bytes();
        let (rank, suit) = match upper {
            [x, b'1'] if x.eq_ignore_ascii_case(&b'X') => return Ok(StdCard::JOKER_1),
            [x, b'2'] if x.eq_ignore_ascii_case(&b'X') => return Ok(StdCard::JOKER_2),
            [b'1', b'0', s] => (10, *s),
            [r, s] => (
                match r.to_ascii_uppercase() {
                    b'A' => 1,
                    d @ b'2'..=b'9' => d - b'0',
                    b'T' => 10,
                    b'J' => 11,
                    b'Q' => 12,
                    b'K' => 13,
                    _ => {
                        return Err(err(
                            "the rank must be one of A 2-9 T J Q K (or 10); jokers are X1, X2",
                        ));
                    }
                },
                *s,
            ),
            _ => {
                return Err(err(
                    "expected a rank and a suit letter like 9D or TH, or a joker X1/X2",
                ));
            }
        };
        let suit = match suit.to_ascii_uppercase() {
            b'C' => StdSuit::Clubs,
            b'D' => StdSuit::Diamonds,
            b'H' => StdSuit::Hearts,
            b'S' => StdSuit::Spades,
            _ => return Err(err("the suit letter must be C, D, H or S")),
        };
        Ok(StdCard(suit as u8 * 13 + rank - 1))
    }
}

crate::serde_via_text!(StdCard, "a standard card such as \"9D\" or a joker \"X1\"");
