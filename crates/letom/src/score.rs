//! Base points of a set of captured cards (`docs/letom.md`, "Scoring").
//!
//! The fast path [`score`] reads every category off the set's bits with one mask and one
//! popcount each. [`reference::score`] computes the same from the spec's words with a loop over
//! the cards; the tests compare the two on a large sample of sets.

use core::fmt;

use cards_core::{CardSet, Colour, DidoCard};

/// Points of Godorie (P2, P4, P8 all captured).
pub const GODORIE_POINTS: u32 = 5;
/// Points of the Guã (all four 0-cards captured; no partial score).
pub const GUANG_POINTS: u32 = 4;
/// Points of Hõdan (G1, G2, G3).
pub const HODAN_POINTS: u32 = 3;
/// Points of Codan (G4, G5, G6).
pub const CODAN_POINTS: u32 = 3;
/// Points of Cyñdan (G7, G8).
pub const CYNDAN_POINTS: u32 = 2;
/// The pi value from which Pie scores: 1 point at this value, 1 more per pi beyond it.
pub const PIE_MIN: u32 = 8;
/// The Dan (Gran 1–8) count from which Dan scores: 1 point, 1 more per card beyond it.
pub const DAN_MIN: u32 = 4;
/// The Ÿnkt (Pradol 1–8) count from which Ÿnkt scores: 1 point, 1 more per card beyond it.
pub const YNKT_MIN: u32 = 4;

/// The base points of a set of captured cards, category by category.
///
/// `points` is the sum of the eight category fields (each a category's *points*: `pie`, `dan`
/// and `ynkt` are points, not counts). The last four fields are the counts the categories and
/// the settlement's baks are judged on, so a user interface can explain the score. Serializes
/// with the fields in this order, the first nine being exactly the oracle's `letom.score`
/// answer.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct Breakdown {
    /// The base points: the sum of the eight categories (0 to 37).
    pub points: u32,
    /// Godorie: 5 with P2, P4 and P8, else 0.
    pub godorie: u32,
    /// Guã: 4 with all four 0-cards, else 0.
    pub guang: u32,
    /// Hõdan: 3 with G1, G2 and G3, else 0.
    pub hodan: u32,
    /// Codan: 3 with G4, G5 and G6, else 0.
    pub codan: u32,
    /// Cyñdan: 2 with G7 and G8, else 0.
    pub cyndan: u32,
    /// Pie: with a pi value of 8 or more, 1 point plus 1 per pi beyond 8 (0 to 10).
    pub pie: u32,
    /// Dan: with 4 or more Gran 1–8, 1 point plus 1 per card beyond 4 (0 to 5).
    pub dan: u32,
    /// Ÿnkt: with 4 or more Pradol 1–8, 1 point plus 1 per card beyond 4 (0 to 5).
    pub ynkt: u32,
    /// The pi value: A1–A8 and S1–S7 count 1 each, S8 (Sãpie) counts 2 (0 to 17).
    pub pi_value: u32,
    /// How many of the four Guã (0-cards) were captured.
    pub guang_cards: u32,
    /// How many Gran 1–8 (Dan) were captured.
    pub dan_cards: u32,
    /// How many Pradol 1–8 (Ÿnkt) were captured.
    pub ynkt_cards: u32,
}

impl fmt::Display for Breakdown {
    /// `6 points: Godorie 5, Pie 1 (pi value 8)`; `0 points` when nothing scores.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} points", self.points)?;
        let parts = [
            ("Godorie", self.godorie, None),
            ("Guã", self.guang, None),
            ("Hõdan", self.hodan, None),
            ("Codan", self.codan, None),
            ("Cyñdan", self.cyndan, None),
            ("Pie", self.pie, Some(("pi value", self.pi_value))),
            ("Dan", self.dan, Some(("Dan", self.dan_cards))),
            ("Ÿnkt", self.ynkt, Some(("Ÿnkt", self.ynkt_cards))),
        ];
        let mut sep = ": ";
        for (name, points, count) in parts {
            if points == 0 {
                continue;
            }
            write!(f, "{sep}{name} {points}")?;
            match count {
                Some(("pi value", n)) => write!(f, " (pi value {n})")?,
                Some((what, n)) => write!(f, " ({n} {what})")?,
                None => {}
            }
            sep = ", ";
        }
        Ok(())
    }
}

/// The bits of the cards of `colour` with a number in `lo..=hi`. `DidoCard::ALL` is in index
/// order, so card `i` of it is bit `i`: the masks follow the deck's own indexing.
const fn cards_of(colour: Colour, lo: u8, hi: u8) -> u64 {
    let mut mask = 0u64;
    let mut i = 0;
    while i < DidoCard::COUNT {
        let card = DidoCard::ALL[i];
        if card.colour() as u8 == colour as u8 && card.number() >= lo && card.number() <= hi {
            mask |= 1 << i;
        }
        i += 1;
    }
    mask
}

/// The four Guã: every 0-card.
const GUANG: u64 = cards_of(Colour::Alivaie, 0, 0)
    | cards_of(Colour::Suces, 0, 0)
    | cards_of(Colour::Gran, 0, 0)
    | cards_of(Colour::Pradol, 0, 0);
/// Every pi card: A1–A8, S1–S8.
const PI: u64 = cards_of(Colour::Alivaie, 1, 8) | cards_of(Colour::Suces, 1, 8);
/// S8, the Sãpie: counted a second time on top of [`PI`], so it is worth 2.
const SAPIE: u64 = cards_of(Colour::Suces, 8, 8);
/// Gran 1–8, the Dan.
const DAN: u64 = cards_of(Colour::Gran, 1, 8);
const HODAN: u64 = cards_of(Colour::Gran, 1, 3);
const CODAN: u64 = cards_of(Colour::Gran, 4, 6);
const CYNDAN: u64 = cards_of(Colour::Gran, 7, 8);
/// Pradol 1–8, the Ÿnkt.
const YNKT: u64 = cards_of(Colour::Pradol, 1, 8);
const GODORIE: u64 = cards_of(Colour::Pradol, 2, 2)
    | cards_of(Colour::Pradol, 4, 4)
    | cards_of(Colour::Pradol, 8, 8);

/// `points` when every card of `mask` is in `bits`, else 0 (no branch: a multiplication).
#[inline]
const fn all_of(bits: u64, mask: u64, points: u32) -> u32 {
    points * ((bits & mask == mask) as u32)
}

/// 1 point at `min`, 1 more per unit beyond it, 0 below: `count - min + 1`, floored at 0.
#[inline]
const fn from_min(count: u32, min: u32) -> u32 {
    (count + 1).saturating_sub(min)
}

/// The base points of `captured` (no Ren, no multipliers): every category of the spec and
/// their sum. Pure, total and branch-free over the cards.
///
/// ```
/// use cards_core::{CardSet, DidoCard};
/// let captured: CardSet<DidoCard> = ["P2", "P4", "P8", "A0"].iter().map(|c| c.parse().unwrap()).collect();
/// let b = letom::score(captured);
/// assert_eq!((b.points, b.godorie, b.ynkt), (5, 5, 0));
/// ```
#[must_use]
#[inline]
pub fn score(captured: CardSet<DidoCard>) -> Breakdown {
    let bits = captured.bits();
    let pi_value = (bits & PI).count_ones() + (bits & SAPIE).count_ones();
    let guang_cards = (bits & GUANG).count_ones();
    let dan_cards = (bits & DAN).count_ones();
    let ynkt_cards = (bits & YNKT).count_ones();
    let godorie = all_of(bits, GODORIE, GODORIE_POINTS);
    let guang = all_of(bits, GUANG, GUANG_POINTS);
    let hodan = all_of(bits, HODAN, HODAN_POINTS);
    let codan = all_of(bits, CODAN, CODAN_POINTS);
    let cyndan = all_of(bits, CYNDAN, CYNDAN_POINTS);
    let pie = from_min(pi_value, PIE_MIN);
    let dan = from_min(dan_cards, DAN_MIN);
    let ynkt = from_min(ynkt_cards, YNKT_MIN);
    Breakdown {
        points: godorie + guang + hodan + codan + cyndan + pie + dan + ynkt,
        godorie,
        guang,
        hodan,
        codan,
        cyndan,
        pie,
        dan,
        ynkt,
        pi_value,
        guang_cards,
        dan_cards,
        ynkt_cards,
    }
}

/// The spec's words, literally: the test oracle and bench baseline for [`score`](super::score()).
#[doc(hidden)]
pub mod reference {
    use cards_core::{CardSet, Colour, DidoCard};

    use super::Breakdown;

    /// What a card is in the Letom seed's table (`didopoikas.md`, "Letom categories").
    #[derive(Clone, Copy, PartialEq, Eq)]
    enum Kind {
        /// A0, S0, G0, P0.
        Guang,
        /// A1–A8, S1–S7: one pi.
        Pie,
        /// S8: a double pi.
        Sapie,
        /// G1–G8.
        Dan,
        /// P1–P8.
        Ynkt,
    }

    fn kind(card: DidoCard) -> Kind {
        match (card.colour(), card.number()) {
            (_, 0) => Kind::Guang,
            (Colour::Suces, 8) => Kind::Sapie,
            (Colour::Alivaie | Colour::Suces, _) => Kind::Pie,
            (Colour::Gran, _) => Kind::Dan,
            (Colour::Pradol, _) => Kind::Ynkt,
        }
    }

    /// Whether every card named (colour letter and number) was captured.
    fn has_all(captured: CardSet<DidoCard>, names: &[&str]) -> bool {
        names.iter().all(|name| {
            let card: DidoCard = name.parse().expect("the spec's card names are valid");
            captured.contains(card)
        })
    }

    /// Base points of `captured`, category by category, as `letom.md` words them.
    #[must_use]
    pub fn score(captured: CardSet<DidoCard>) -> Breakdown {
        let mut pi_value = 0;
        let mut guang_cards = 0;
        let mut dan_cards = 0;
        let mut ynkt_cards = 0;
        for card in captured {
            match kind(card) {
                Kind::Guang => guang_cards += 1,
                Kind::Pie => pi_value += 1,
                Kind::Sapie => pi_value += 2,
                Kind::Dan => dan_cards += 1,
                Kind::Ynkt => ynkt_cards += 1,
            }
        }
        // "Godorie: P2, P4, P8 → 5"
        let godorie = if has_all(captured, &["P2", "P4", "P8"]) {
            5
        } else {
            0
        };
        // "all four Guã (A0, S0, G0, P0) → 4 (no partial Guã score)"
        let guang = if has_all(captured, &["A0", "S0", "G0", "P0"]) {
            4
        } else {
            0
        };
        // "Hõdan G1, G2, G3 → 3; Codan G4, G5, G6 → 3; Cyñdan G7, G8 → 2"
        let hodan = if has_all(captured, &["G1", "G2", "G3"]) {
            3
        } else {
            0
        };
        let codan = if has_all(captured, &["G4", "G5", "G6"]) {
            3
        } else {
            0
        };
        let cyndan = if has_all(captured, &["G7", "G8"]) {
            2
        } else {
            0
        };
        // "Pie: with pi value ≥ 8, 1 point plus 1 per pi beyond 8"
        let pie = if pi_value >= 8 { 1 + (pi_value - 8) } else { 0 };
        // "Dan (Gran 1–8): with ≥ 4, 1 point plus 1 per card beyond 4"
        let dan = if dan_cards >= 4 {
            1 + (dan_cards - 4)
        } else {
            0
        };
        // "Ÿnkt (Pradol 1–8): with ≥ 4, 1 point plus 1 per card beyond 4"
        let ynkt = if ynkt_cards >= 4 {
            1 + (ynkt_cards - 4)
        } else {
            0
        };
        Breakdown {
            points: godorie + guang + hodan + codan + cyndan + pie + dan + ynkt,
            godorie,
            guang,
            hodan,
            codan,
            cyndan,
            pie,
            dan,
            ynkt,
            pi_value,
            guang_cards,
            dan_cards,
            ynkt_cards,
        }
    }
}
