//! The [`Card`] trait: what every deck's card type has in common.

use core::fmt::{Debug, Display};
use core::hash::Hash;
use core::str::FromStr;

use crate::ParseCardError;

/// One card of a fixed deck of at most 64 cards, identified by its index in that deck.
///
/// Every deck in this crate implements it, so [`CardSet`](crate::CardSet), the shuffle and the
/// conformance harness work for all of them. Serde goes through the text notation. The index order is part of the stable API: it fixes
/// iteration order and, through the shuffle, every seeded deal.
pub trait Card:
    Copy
    + Eq
    + Ord
    + Hash
    + Debug
    + Display
    + FromStr<Err = ParseCardError>
    + serde::Serialize
    + serde::de::DeserializeOwned
    + Send
    + Sync
    + 'static
{
    /// Number of cards in the deck (at most 64).
    const DECK_SIZE: u8;
    /// Human-readable deck name, used in error messages.
    const DECK_NAME: &'static str;

    /// The card's index in its deck, `0..DECK_SIZE`.
    fn index(self) -> u8;

    /// The card with this index, or `None` when `index >= DECK_SIZE`.
    fn from_index(index: u8) -> Option<Self>;

    /// Every card of the deck in index order.
    fn all() -> &'static [Self];
}

/// Implements `Serialize`/`Deserialize` through the card's fixed text notation.
macro_rules! serde_via_str {
    ($ty:ty, $expecting:literal) => {
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                struct V;
                impl serde::de::Visitor<'_> for V {
                    type Value = $ty;
                    fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                        f.write_str($expecting)
                    }
                    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<$ty, E> {
                        v.parse().map_err(E::custom)
                    }
                }
                d.deserialize_str(V)
            }
        }
    };
}
pub(crate) use serde_via_str;
