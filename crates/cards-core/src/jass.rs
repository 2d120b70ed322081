//! The 36-card Jass deck (French suits canonical, German-Swiss names as aliases).

use core::fmt;
use core::str::FromStr;

use crate::{Card, ParseCardError};

/// A Jass suit, in index order `C D H S`.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum JassSuit {
    /// ♣ Clubs; German-Swiss: Eichel.
    Clubs = 0,
    /// ♦ Diamonds; German-Swiss: Schellen.
    Diamonds = 1,
    /// ♥ Hearts; German-Swiss: Rosen.
    Hearts = 2,
    /// ♠ Spades; German-Swiss: Schilten.
    Spades = 3,
}

impl JassSuit {
    /// All suits in index order.
    pub const ALL: [JassSuit; 4] = [
        JassSuit::Clubs,
        JassSuit::Diamonds,
        JassSuit::Hearts,
        JassSuit::Spades,
    ];

    /// The suit's letter in the card notation.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            JassSuit::Clubs => 'C',
            JassSuit::Diamonds => 'D',
            JassSuit::Hearts => 'H',
            JassSuit::Spades => 'S',
        }
    }

    /// The German-Swiss suit this French suit stands for.
    #[must_use]
    pub const fn german_name(self) -> &'static str {
        match self {
            JassSuit::Clubs => "Eichel",
            JassSuit::Diamonds => "Schellen",
            JassSuit::Hearts => "Rosen",
            JassSuit::Spades => "Schilten",
        }
    }

    /// The suit's index, 0..4.
    #[must_use]
    pub const fn index(self) -> u8 {
        self as u8
    }
}

impl fmt::Display for JassSuit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            JassSuit::Clubs => "Clubs",
            JassSuit::Diamonds => "Diamonds",
            JassSuit::Hearts => "Hearts",
            JassSuit::Spades => "Spades",
        };
        f.write_str(name)
    }
}

/// A Jass rank, in index order 6 < 7 < 8 < 9 < 10 < J < Q < K < A (the natural order; trump and
/// Undenufe orders are the game's business).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum JassRank {
    /// 6.
    Six = 0,
    /// 7.
    Seven = 1,
    /// 8.
    Eight = 2,
    /// 9 (Nell when trump).
    Nine = 3,
    /// 10, Banner.
    Ten = 4,
    /// J, Under (Bauer / Buur when trump).
    Jack = 5,
    /// Q, Ober.
    Queen = 6,
    /// K, König.
    King = 7,
    /// A, Ass.
    Ace = 8,
}

impl JassRank {
    /// All ranks in index order.
    pub const ALL: [JassRank; 9] = [
        JassRank::Six,
        JassRank::Seven,
        JassRank::Eight,
        JassRank::Nine,
        JassRank::Ten,
        JassRank::Jack,
        JassRank::Queen,
        JassRank::King,
        JassRank::Ace,
    ];

    /// The rank's character in the card notation (`T` for 10).
    #[must_use]
    pub const fn symbol(self) -> char {
        ['6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'][self as usize]
    }

    /// The rank's index, 0..9.
    #[must_use]
    pub const fn index(self) -> u8 {
        self as u8
    }
}

/// One card of the Jass deck. Index = suit × 9 + rank (6..A).
///
/// Text notation: rank then suit (`JH`, `9S`, `TD`); parsing is case-insensitive and also accepts
/// `10` for T, `U` (Under) for J and `O` (Ober) for Q.
///
/// ```
/// use cards_core::{JassCard, JassRank, JassSuit};
/// let card: JassCard = "10d".parse().unwrap();
/// assert_eq!(card.to_string(), "TD");
/// assert_eq!((card.rank(), card.suit()), (JassRank::Ten, JassSuit::Diamonds));
/// assert_eq!("UH".parse::<JassCard>().unwrap().to_string(), "JH");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct JassCard(u8);

impl JassCard {
    /// Number of cards in the deck: the one source for array sizes over it.
    pub const COUNT: usize = 36;

    /// Every card of the deck in index order.
    pub const ALL: [JassCard; Self::COUNT] = {
        let mut all = [JassCard(0); Self::COUNT];
        let mut i = 0;
        while i < Self::COUNT {
            all[i] = JassCard(i as u8);
            i += 1;
        }
        all
    };

    /// The card of this suit and rank.
    #[must_use]
    pub const fn new(suit: JassSuit, rank: JassRank) -> JassCard {
        JassCard(suit as u8 * 9 + rank as u8)
    }

    /// The card's suit.
    #[must_use]
    pub const fn suit(self) -> JassSuit {
        JassSuit::ALL[(self.0 / 9) as usize]
    }

    /// The card's rank.
    #[must_use]
    pub const fn rank(self) -> JassRank {
        JassRank::ALL[(self.0 % 9) as usize]
    }
}

impl Card for JassCard {
    const DECK_SIZE: u8 = Self::COUNT as u8;
    const DECK_NAME: &'static str = "Jass";

    fn index(self) -> u8 {
        self.0
    }

    fn from_index(index: u8) -> Option<Self> {
        (index < 36).then_some(JassCard(index))
    }

    fn all() -> &'static [Self] {
        &Self::ALL
    }
}

/// The notation (`TH`); with `{:#}` the form for people, the rank then the suit's symbol
/// (`10♥`).
impl fmt::Display for JassCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            let rank = match self.rank().symbol() {
                'T' => "10".to_owned(),
                r => r.to_string(),
            };
            return write!(f, "{rank}{}", suit_symbol(self.suit().letter()));
        }
        write!(f, "{}{}", self.rank().symbol(), self.suit().letter())
    }
}

/// The symbol of the French suit with this letter (`C D H S`), for `{:#}` card text.
pub(crate) fn suit_symbol(letter: char) -> char {
    match letter {
        'C' => '♣',
        'D' => '♦',
        'H' => '♥',
        _ => '♠',
    }
}

impl fmt::Debug for JassCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The notation, whatever the flags (`{:#?}` must not turn it into symbols).
        write!(f, "{self}")
    }
}

impl FromStr for JassCard {
    type Err = ParseCardError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = |reason| ParseCardError::new(s, JassCard::DECK_NAME, reason);
        let b = s.as_bytes();
        let (rank, suit) = match b {
            [r, s] => (
                match r.to_ascii_uppercase() {
                    b'6' => JassRank::Six,
                    b'7' => JassRank::Seven,
                    b'8' => JassRank::Eight,
                    b'9' => JassRank::Nine,
                    b'T' => JassRank::Ten,
                    b'J' | b'U' => JassRank::Jack,
                    b'Q' | b'O' => JassRank::Queen,
                    b'K' => JassRank::King,
                    b'A' => JassRank::Ace,
                    _ => {
                        return Err(err(
                            "the rank must be one of 6 7 8 9 T J Q K A (or 10, U, O)",
                        ));
                    }
                },
                *s,
            ),
            [b'1', b'0', s] => (JassRank::Ten, *s),
            _ => return Err(err("expected a rank and a suit letter, like JH or 10D")),
        };
        let suit = match suit.to_ascii_uppercase() {
            b'C' => JassSuit::Clubs,
            b'D' => JassSuit::Diamonds,
            b'H' => JassSuit::Hearts,
            b'S' => JassSuit::Spades,
            _ => return Err(err("the suit letter must be C, D, H or S")),
        };
        Ok(JassCard::new(suit, rank))
    }
}

crate::serde_via_text!(JassCard, "a Jass card such as \"JH\"");
