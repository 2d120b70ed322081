//! The pictures on Didopoikas cards ([`Shape`]) and which card carries which ([`ShapeMap`]).

use std::collections::BTreeMap;

use cards_core::{Card, DidoCard};

/// The picture drawn on a Didopoikas card, as Zaägox scoring counts it.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Shape {
    /// Only perfect circles (2 cards under the default map).
    Oxas = 0,
    /// No perfect circle (16 cards).
    Lindys = 1,
    /// Circles and lines (14 cards).
    Ronaldisis = 2,
    /// Blank: the four 0-cards.
    Quotos = 3,
}

impl Shape {
    /// All shapes in index order.
    pub const ALL: [Shape; 4] = [Shape::Oxas, Shape::Lindys, Shape::Ronaldisis, Shape::Quotos];

    /// How many cards carry each shape under the default map, in [`Shape::ALL`] order.
    pub const DEFAULT_COUNTS: [usize; 4] = [2, 16, 14, 4];
}

/// Why a user-supplied shape table was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ShapeMapError {
    /// A 0-card was given a picture: the 0-cards are blank.
    #[error("{card} is a blank 0-card and must be Quotos, not {shape:?}")]
    BlankNotQuotos {
        /// The 0-card.
        card: DidoCard,
        /// The shape it was given.
        shape: Shape,
    },
    /// A numbered card was given the blanks' shape, Quotos, without `allow_custom_counts`
    /// (the counts then differ from 2/16/14/4).
    #[error(
        "{card} is a numbered card: Quotos, the blanks' shape, on it changes the shape counts, which needs custom counts allowed"
    )]
    NumberedQuotos {
        /// The numbered card.
        card: DidoCard,
    },
    /// The table does not name every card.
    #[error("the shape table has no entry for {card}")]
    Missing {
        /// The first card without an entry.
        card: DidoCard,
    },
    /// The shape counts differ from 2/16/14/4 and custom counts were not asked for.
    #[error(
        "the table has {got:?} Oxas/Lindys/Ronaldisis/Quotos cards, not [2, 16, 14, 4]; set allow_custom_counts to use it anyway"
    )]
    Counts {
        /// Counts found, in [`Shape::ALL`] order.
        got: [usize; 4],
    },
}

/// A validated table giving each Didopoikas card its [`Shape`].
///
/// [`ShapeMap::default`] is the project's decision (`docs/didopoikas.md`): 0-cards are Quotos,
/// `S8` and `P8` are Oxas, and otherwise a card is Lindys when colour index + number is even,
/// Ronaldisis when odd. A user table goes through [`ShapeMap::new`], which keeps the blanks
/// Quotos and, unless custom counts are asked for, the 2/16/14/4 split.
///
/// ```
/// use cards_core::DidoCard;
/// use zaagox::{Shape, ShapeMap};
/// let map = ShapeMap::default();
/// let s8: DidoCard = "S8".parse().unwrap();
/// assert_eq!(map.shape(s8), Shape::Oxas);
/// assert_eq!(map.counts(), [2, 16, 14, 4]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "RawShapeMap", into = "RawShapeMap")]
pub struct ShapeMap {
    shapes: [Shape; DidoCard::COUNT],
}

impl Default for ShapeMap {
    fn default() -> Self {
        ShapeMap::DEFAULT
    }
}

impl ShapeMap {
    /// The default map (see the type's docs).
    pub const DEFAULT: ShapeMap = {
        let mut shapes = [Shape::Quotos; DidoCard::COUNT];
        let mut i = 0;
        while i < DidoCard::COUNT {
            let colour = i / 9;
            let number = i % 9;
            shapes[i] = if number == 0 {
                Shape::Quotos
            } else if number == 8 && (colour == 1 || colour == 3) {
                Shape::Oxas
            } else if (colour + number) % 2 == 0 {
                Shape::Lindys
            } else {
                Shape::Ronaldisis
            };
            i += 1;
        }
        ShapeMap { shapes }
    };

    /// Validates a table given in card index order.
    ///
    /// # Errors
    /// [`ShapeMapError::BlankNotQuotos`] when a blank is not Quotos; without
    /// `allow_custom_counts`, [`ShapeMapError::NumberedQuotos`] when a numbered card is Quotos
    /// and [`ShapeMapError::Counts`] when the counts are not 2/16/14/4. With it a numbered card
    /// may be Quotos too (the spec fixes only the blanks), and scores as that shape: a card's
    /// blankness is its number's, never its shape's.
    pub fn new(
        shapes: [Shape; DidoCard::COUNT],
        allow_custom_counts: bool,
    ) -> Result<ShapeMap, ShapeMapError> {
        for card in DidoCard::ALL {
            let shape = shapes[card.index() as usize];
            match (card.is_zero(), shape == Shape::Quotos) {
                (true, false) => return Err(ShapeMapError::BlankNotQuotos { card, shape }),
                (false, true) if !allow_custom_counts => {
                    return Err(ShapeMapError::NumberedQuotos { card });
                }
                _ => {}
            }
        }
        let map = ShapeMap { shapes };
        let got = map.counts();
        if !allow_custom_counts && got != Shape::DEFAULT_COUNTS {
            return Err(ShapeMapError::Counts { got });
        }
        Ok(map)
    }

    /// Whether this is [`ShapeMap::DEFAULT`].
    #[must_use]
    pub fn is_default(&self) -> bool {
        *self == ShapeMap::DEFAULT
    }

    /// The shape of `card`.
    #[must_use]
    pub fn shape(&self, card: DidoCard) -> Shape {
        self.shapes[card.index() as usize]
    }

    /// The whole table in card index order.
    #[must_use]
    pub const fn as_array(&self) -> &[Shape; DidoCard::COUNT] {
        &self.shapes
    }

    /// How many cards carry each shape, in [`Shape::ALL`] order.
    #[must_use]
    pub fn counts(&self) -> [usize; 4] {
        let mut counts = [0; 4];
        for shape in self.shapes {
            counts[shape as usize] += 1;
        }
        counts
    }
}

/// The serialized form: every card's shape, keyed by card text, and whether the counts may
/// differ from the default split.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RawShapeMap {
    shapes: BTreeMap<DidoCard, Shape>,
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    allow_custom_counts: bool,
}

impl From<ShapeMap> for RawShapeMap {
    fn from(map: ShapeMap) -> Self {
        let shapes = DidoCard::ALL.iter().map(|&c| (c, map.shape(c))).collect();
        let allow_custom_counts = map.counts() != Shape::DEFAULT_COUNTS;
        RawShapeMap {
            shapes,
            allow_custom_counts,
        }
    }
}

impl TryFrom<RawShapeMap> for ShapeMap {
    type Error = ShapeMapError;

    fn try_from(raw: RawShapeMap) -> Result<Self, Self::Error> {
        let mut shapes = [Shape::Quotos; DidoCard::COUNT];
        for card in DidoCard::ALL {
            shapes[card.index() as usize] = *raw
                .shapes
                .get(&card)
                .ok_or(ShapeMapError::Missing { card })?;
        }
        ShapeMap::new(shapes, raw.allow_custom_counts)
    }
}
