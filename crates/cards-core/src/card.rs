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

/// Implements serde's `Serialize` and `Deserialize` for a type through its text form
/// (`Display` and `FromStr`): the form every card, seed and action uses, so JSON stays readable
/// and stable. A parse error becomes the deserializer's error, with its message.
///
/// ```
/// use core::fmt;
/// use core::str::FromStr;
///
/// #[derive(Debug, PartialEq)]
/// struct Bid(u8);
/// impl fmt::Display for Bid {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { write!(f, "bid {}", self.0) }
/// }
/// impl FromStr for Bid {
///     type Err = String;
///     fn from_str(s: &str) -> Result<Self, String> {
///         s.strip_prefix("bid ").and_then(|n| n.parse().ok()).map(Bid).ok_or(format!("bad bid {s:?}"))
///     }
/// }
/// cards_core::serde_via_text!(Bid, "a bid such as \"bid 3\"");
///
/// assert_eq!(serde_json::to_string(&Bid(3)).unwrap(), "\"bid 3\"");
/// assert!(serde_json::from_str::<Bid>("\"bid x\"").unwrap_err().to_string().contains("bad bid"));
/// ```
#[macro_export]
macro_rules! serde_via_text {
    ($ty:ty, $expecting:literal) => {
        impl $crate::__private::serde::Serialize for $ty {
            fn serialize<S: $crate::__private::serde::Serializer>(
                &self,
                s: S,
            ) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> $crate::__private::serde::Deserialize<'de> for $ty {
            fn deserialize<D: $crate::__private::serde::Deserializer<'de>>(
                d: D,
            ) -> Result<Self, D::Error> {
                struct V;
                impl $crate::__private::serde::de::Visitor<'_> for V {
                    type Value = $ty;
                    fn expecting(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                        f.write_str($expecting)
                    }
                    fn visit_str<E: $crate::__private::serde::de::Error>(
                        self,
                        v: &str,
                    ) -> Result<$ty, E> {
                        v.parse().map_err(E::custom)
                    }
                }
                d.deserialize_str(V)
            }
        }
    };
}
