//! [`Mode`]: how one trick is played and counted — a trump suit, Obenabe or Undenufe — with
//! its rank orders and card points (the spec's "Ranks and card points").

use core::fmt;
use core::str::FromStr;

use cards_core::{CardSet, JassCard, JassRank, JassSuit};

/// How a trick is played and counted.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Mode {
    /// A trump suit: J > 9 > A > K > Q > 10 > 8 > 7 > 6 in trump, A > … > 6 in the others.
    Trump(JassSuit),
    /// Top down, no trump: A > K > Q > J > 10 > 9 > 8 > 7 > 6 in every suit.
    Obenabe,
    /// Bottom up, no trump: 6 > 7 > 8 > 9 > 10 > J > Q > K > A in every suit.
    Undenufe,
}

/// Strength of each rank (by [`JassRank`] index 6..A) within its suit, higher wins.
const NATURAL: [u8; 9] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
/// Undenufe: 6 highest.
const REVERSED: [u8; 9] = [8, 7, 6, 5, 4, 3, 2, 1, 0];
/// Trump: J > 9 > A > K > Q > 10 > 8 > 7 > 6.
const TRUMP: [u8; 9] = [0, 1, 2, 7, 3, 8, 4, 5, 6];

/// Card points by rank index (6..A).
const PLAIN_POINTS: [u8; 9] = [0, 0, 0, 0, 10, 2, 3, 4, 11];
const TRUMP_POINTS: [u8; 9] = [0, 0, 0, 14, 10, 20, 3, 4, 11];
const OBENABE_POINTS: [u8; 9] = [0, 0, 8, 0, 10, 2, 3, 4, 11];
const UNDENUFE_POINTS: [u8; 9] = [11, 0, 8, 0, 10, 2, 3, 4, 0];

impl Mode {
    /// Every mode: the four trumps in suit order, then Obenabe, Undenufe.
    pub const ALL: [Mode; 6] = [
        Mode::Trump(JassSuit::Clubs),
        Mode::Trump(JassSuit::Diamonds),
        Mode::Trump(JassSuit::Hearts),
        Mode::Trump(JassSuit::Spades),
        Mode::Obenabe,
        Mode::Undenufe,
    ];

    /// The trump suit, if any.
    #[must_use]
    pub const fn trump(self) -> Option<JassSuit> {
        match self {
            Mode::Trump(suit) => Some(suit),
            _ => None,
        }
    }

    /// The card's points in this mode (the 36 cards total 152; the last trick adds 5).
    #[must_use]
    pub const fn points(self, card: JassCard) -> u32 {
        let rank = card.rank() as usize;
        (match self {
            Mode::Trump(suit) if card.suit() as u8 == suit as u8 => TRUMP_POINTS[rank],
            Mode::Trump(_) => PLAIN_POINTS[rank],
            Mode::Obenabe => OBENABE_POINTS[rank],
            Mode::Undenufe => UNDENUFE_POINTS[rank],
        }) as u32
    }

    /// The points of a set of cards in this mode.
    #[must_use]
    pub fn points_of(self, cards: CardSet<JassCard>) -> u32 {
        cards.iter().map(|c| self.points(c)).sum()
    }

    /// The card's strength within its own suit in this mode (0 weakest … 8 strongest): the
    /// trump order for the trump suit, the natural order for other suits and Obenabe, the
    /// reversed order in Undenufe.
    #[must_use]
    pub const fn rank_strength(self, card: JassCard) -> u8 {
        let rank = card.rank() as usize;
        match self {
            Mode::Trump(suit) if card.suit() as u8 == suit as u8 => TRUMP[rank],
            Mode::Trump(_) | Mode::Obenabe => NATURAL[rank],
            Mode::Undenufe => REVERSED[rank],
        }
    }

    /// Whether `card` is a trump in this mode.
    #[must_use]
    pub const fn is_trump(self, card: JassCard) -> bool {
        matches!(self, Mode::Trump(suit) if card.suit() as u8 == suit as u8)
    }

    /// Whether `a` beats `b` once `b` is winning a trick whose led suit is `led`: a trump beats
    /// any non-trump, a higher trump beats a lower one; otherwise only a higher card of the led
    /// suit beats a card of the led suit.
    #[must_use]
    pub const fn beats(self, a: JassCard, b: JassCard, led: JassSuit) -> bool {
        match (self.is_trump(a), self.is_trump(b)) {
            (true, false) => true,
            (false, true) => false,
            (true, true) => self.rank_strength(a) > self.rank_strength(b),
            (false, false) => {
                a.suit() as u8 == led as u8
                    && (b.suit() as u8 != led as u8
                        || self.rank_strength(a) > self.rank_strength(b))
            }
        }
    }

    /// The trump Jack (Buur), in a trump mode.
    #[must_use]
    pub const fn buur(self) -> Option<JassCard> {
        match self {
            Mode::Trump(suit) => Some(JassCard::new(suit, JassRank::Jack)),
            _ => None,
        }
    }
}

impl fmt::Display for Mode {
    /// The oracle's names: `trump:C`, `trump:D`, `trump:H`, `trump:S`, `obenabe`, `undenufe`.
    /// `{:#}` writes the suit as the screen writes cards (`trump:♣`), so a menu of contracts
    /// ties each to the suit symbols of the hand; the plain form stays the notation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mode::Trump(suit) if f.alternate() => write!(f, "trump:{}", suit_symbol(*suit)),
            Mode::Trump(suit) => write!(f, "trump:{}", suit.letter()),
            Mode::Obenabe => f.write_str("obenabe"),
            Mode::Undenufe => f.write_str("undenufe"),
        }
    }
}

/// The suit's symbol, as `{:#}` writes cards (`♣ ♦ ♥ ♠`).
pub(crate) const fn suit_symbol(suit: JassSuit) -> char {
    match suit {
        JassSuit::Clubs => '♣',
        JassSuit::Diamonds => '♦',
        JassSuit::Hearts => '♥',
        JassSuit::Spades => '♠',
    }
}

/// A mode's text was not one of the oracle's names.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{text:?} is not a Jass mode: use trump:C, trump:D, trump:H, trump:S, obenabe or undenufe")]
pub struct ParseModeError {
    /// The text given (cut to 32 characters).
    pub text: String,
}

impl FromStr for Mode {
    type Err = ParseModeError;

    fn from_str(s: &str) -> Result<Mode, ParseModeError> {
        let err = || ParseModeError {
            text: s.chars().take(32).collect(),
        };
        match s {
            "obenabe" => Ok(Mode::Obenabe),
            "undenufe" => Ok(Mode::Undenufe),
            _ => {
                let letter = s.strip_prefix("trump:").ok_or_else(err)?;
                JassSuit::ALL
                    .into_iter()
                    .find(|suit| letter.len() == 1 && letter.starts_with(suit.letter()))
                    .map(Mode::Trump)
                    .ok_or_else(err)
            }
        }
    }
}
