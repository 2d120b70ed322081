//! Weis (melds): detection of a player's counted combination, its best Weis, and the comparison
//! that decides which team scores (the spec's "Weis (melds)" and its clarifications).
//!
//! [`declare`] is the hot path: per-suit run decomposition from a small precomputed table, the
//! four-of-a-kinds from one `AND` of the suit masks, no allocation. [`mod@reference`] beside it
//! enumerates every combination and picks by the criteria literally; the tests hold the two equal.
//!
//! The criteria that choose a player's counted combination are on [`declare`].

use core::cmp::Ordering;
use core::fmt;

use cards_core::{CardSet, JassCard, JassRank, JassSuit};

use crate::mode::Mode;

#[doc(hidden)]
pub mod reference;

/// The Weis value scale (the spec's table): it differs only for runs of 6 or more.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Scale {
    /// Runs of 6, 7, 8, 9 are worth 150, 200, 250, 300 (the default).
    #[default]
    Big,
    /// Every run of 5 or more is worth 100.
    Small,
}

/// The Weis options of the rules.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(default, deny_unknown_fields)]
pub struct WeisRules {
    /// The value scale (default big).
    pub scale: Scale,
    /// Whether four 8s, four 7s and four 6s count (100 each; regional, default off).
    pub four_low: bool,
    /// Whether a card may serve a four-of-a-kind and a run at once (official; default off:
    /// each card counts in one Weis only).
    pub cross_weis: bool,
}

/// What a Weis is: a same-suit run or a four-of-a-kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MeldKind {
    /// A run of `len` (3..=9) cards of `suit` in the natural order 6 7 8 9 10 J Q K A, starting at
    /// `low`.
    Sequence {
        /// The run's suit.
        suit: JassSuit,
        /// Its lowest card's rank.
        low: JassRank,
        /// Its number of cards, 3..=9.
        len: u8,
    },
    /// The four cards of one rank.
    Four(JassRank),
}

/// One Weis with its points under the scale it was declared with.
///
/// Serde form (the oracle's): `{"kind":"sequence","cards":["6H","7H","8H"],"points":20}`, `kind`
/// being `"sequence"` or `"four"`; reading checks that the cards form such a Weis and that the
/// points are its value on one of the scales.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Meld {
    kind: MeldKind,
    points: u16,
}

/// The most Weis one counted combination can hold, whatever the set of cards (at most two runs
/// per suit and nine four-of-a-kinds). A 9-card hand holds at most three.
pub const MAX_MELDS: usize = 17;

/// The bits of one suit within the deck's `u64`.
const SUIT_BITS: u64 = 0x1ff;
/// One bit per suit at rank 6: shifted by a rank, the four cards of that rank.
const RANK_COLUMN: u64 = 1 | 1 << 9 | 1 << 18 | 1 << 27;

/// Points of a run of `len` cards (3..=9) on each scale.
const fn sequence_points(len: u8, scale: Scale) -> u16 {
    match (len, scale) {
        (3, _) => 20,
        (4, _) => 50,
        (5, _) | (_, Scale::Small) => 100,
        (6, Scale::Big) => 150,
        (7, Scale::Big) => 200,
        (8, Scale::Big) => 250,
        _ => 300,
    }
}

/// Points of a four-of-a-kind.
const fn four_points(rank: JassRank) -> u16 {
    match rank {
        JassRank::Jack => 200,
        JassRank::Nine => 150,
        _ => 100,
    }
}

impl Meld {
    /// The run of `len` cards of `suit` starting at `low`, worth its points on `scale`; `None`
    /// unless `len` is 3 or more and the run ends at the Ace or below.
    #[must_use]
    pub const fn sequence(suit: JassSuit, low: JassRank, len: u8, scale: Scale) -> Option<Meld> {
        if len < 3 || low as u16 + len as u16 > 9 {
            return None;
        }
        Some(Meld {
            kind: MeldKind::Sequence { suit, low, len },
            points: sequence_points(len, scale),
        })
    }

    /// The four cards of `rank` (whether four 8s, 7s, 6s count is the rules' business).
    #[must_use]
    pub const fn four(rank: JassRank) -> Meld {
        Meld {
            kind: MeldKind::Four(rank),
            points: four_points(rank),
        }
    }

    /// What the Weis is.
    #[must_use]
    pub const fn kind(&self) -> MeldKind {
        self.kind
    }

    /// The oracle's name of its kind: `"sequence"` or `"four"`.
    #[must_use]
    pub const fn kind_name(&self) -> &'static str {
        match self.kind {
            MeldKind::Sequence { .. } => "sequence",
            MeldKind::Four(_) => "four",
        }
    }

    /// Its points (before any multiplier).
    #[must_use]
    pub const fn points(&self) -> u32 {
        self.points as u32
    }

    /// Its cards.
    #[must_use]
    pub const fn cards(&self) -> CardSet<JassCard> {
        CardSet::from_bits_truncate(self.bits())
    }

    /// Its number of cards.
    #[must_use]
    pub const fn len(&self) -> usize {
        match self.kind {
            MeldKind::Sequence { len, .. } => len as usize,
            MeldKind::Four(_) => 4,
        }
    }

    /// Always false: a Weis has at least three cards (for symmetry with [`Meld::len`]).
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        false
    }

    /// The run's suit; `None` for a four-of-a-kind.
    #[must_use]
    pub const fn suit(&self) -> Option<JassSuit> {
        match self.kind {
            MeldKind::Sequence { suit, .. } => Some(suit),
            MeldKind::Four(_) => None,
        }
    }

    /// The run's highest card; `None` for a four-of-a-kind.
    #[must_use]
    pub const fn top(&self) -> Option<JassCard> {
        match self.kind {
            MeldKind::Sequence { suit, low, len } => Some(JassCard::new(
                suit,
                JassRank::ALL[(low as usize + len as usize - 1) % 9],
            )),
            MeldKind::Four(_) => None,
        }
    }

    const fn bits(&self) -> u64 {
        match self.kind {
            MeldKind::Sequence { suit, low, len } => {
                ((1u64 << len) - 1) << (suit as u32 * 9 + low as u32)
            }
            MeldKind::Four(rank) => RANK_COLUMN << rank as u32,
        }
    }

    /// The strength class: higher is stronger, by the spec's list for the scale.
    const fn class(&self, scale: Scale) -> u32 {
        match (self.kind, scale) {
            (MeldKind::Four(rank), Scale::Big) => match rank {
                JassRank::Jack => 12,
                _ => four_class(rank),
            },
            (MeldKind::Four(rank), Scale::Small) => match rank {
                JassRank::Jack => 11,
                _ => four_class(rank),
            },
            (MeldKind::Sequence { len, .. }, Scale::Big) => match len {
                3 => 0,
                4 => 1,
                5 => 2,
                6 => 11,
                _ => len as u32 + 6,
            },
            (MeldKind::Sequence { len, .. }, Scale::Small) => match len {
                3 => 0,
                4 => 1,
                _ => 2,
            },
        }
    }

    /// The strength: class, then (runs) the top card — in Undenufe the lowest card, lower
    /// stronger — then trump. Equal keys are equally strong.
    const fn strength(&self, mode: Mode, scale: Scale) -> u32 {
        let tie = match self.kind {
            MeldKind::Four(_) => 0,
            MeldKind::Sequence { suit, low, len } => {
                let rank = match mode {
                    Mode::Undenufe => 8 - low as u32,
                    _ => low as u32 + len as u32 - 1,
                };
                let trump = matches!(mode, Mode::Trump(t) if t as u8 == suit as u8) as u32;
                rank << 1 | trump
            }
        };
        self.class(scale) << 5 | tie
    }

    /// The suit order tie-break: higher for a suit earlier in C, D, H, S (0 for a four).
    const fn suit_first(&self) -> u32 {
        match self.kind {
            MeldKind::Sequence { suit, .. } => 4 - suit as u32,
            MeldKind::Four(_) => 0,
        }
    }

    /// A total order on Weis for one mode and scale: strength, then suit first in C D H S,
    /// then the longer run. The first of a combination in this order is its best Weis.
    const fn order(&self, mode: Mode, scale: Scale) -> u32 {
        self.strength(mode, scale) << 8 | self.suit_first() << 4 | self.len() as u32
    }
}

/// Four-of-a-kind classes below the Jacks, shared by both scales: Q < K < 10 < A < 9, the low
/// fours below them (8 > 7 > 6), all above the 5-run.
const fn four_class(rank: JassRank) -> u32 {
    match rank {
        JassRank::Six => 3,
        JassRank::Seven => 4,
        JassRank::Eight => 5,
        JassRank::Queen => 6,
        JassRank::King => 7,
        JassRank::Ten => 8,
        JassRank::Ace => 9,
        _ => 10,
    }
}

impl fmt::Display for Meld {
    /// `sequence 6H-8H (20)` or `four J (200)`; `{:#}` writes the cards with suit symbols
    /// (`sequence 6♥-8♥ (20)`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            MeldKind::Sequence { suit, low, .. } => {
                let top = self.top().unwrap_or(JassCard::new(suit, low));
                f.write_str("sequence ")?;
                fmt::Display::fmt(&JassCard::new(suit, low), f)?;
                f.write_str("-")?;
                fmt::Display::fmt(&top, f)?;
                write!(f, " ({})", self.points)
            }
            MeldKind::Four(rank) => write!(f, "four {} ({})", rank.symbol(), self.points),
        }
    }
}

/// Compares two Weis by strength (who "has the Weis"): the spec's list for the scale; equal
/// kinds of run by the higher top card (in Undenufe: the lower lowest card), then the one in
/// trump (only when the mode is a trump suit). `Equal` when only play order could decide.
#[must_use]
pub fn compare(a: &Meld, b: &Meld, mode: Mode, scale: Scale) -> Ordering {
    a.strength(mode, scale).cmp(&b.strength(mode, scale))
}

/// A player's counted combination (chosen as [`declare`] says), its total and its best Weis.
///
/// Fixed capacity ([`MAX_MELDS`]), no heap. The Weis are held strongest first (equally strong
/// ones in suit order C, D, H, S), so the best Weis is the first.
///
/// Serde form (the oracle's `jass.weis` answer fields):
/// `{"total":70,"weis":[{"kind":"sequence",...}, ...],"best":{...}|null}`.
#[derive(Clone, Copy)]
pub struct Declaration {
    melds: [Meld; MAX_MELDS],
    len: u8,
    total: u32,
}

/// The filler of unused slots.
const NO_MELD: Meld = Meld::four(JassRank::Six);

impl Declaration {
    /// No Weis.
    pub const EMPTY: Declaration = Declaration {
        melds: [NO_MELD; MAX_MELDS],
        len: 0,
        total: 0,
    };

    /// The counted Weis, strongest first.
    #[must_use]
    pub fn melds(&self) -> &[Meld] {
        self.melds.get(..self.len as usize).unwrap_or(&[])
    }

    /// The total points of the counted Weis (before any multiplier).
    #[must_use]
    pub const fn total(&self) -> u32 {
        self.total
    }

    /// The best Weis: the strongest counted one (ties: suit first in C, D, H, S); `None` when
    /// there is no Weis.
    #[must_use]
    pub const fn best(&self) -> Option<Meld> {
        if self.len == 0 {
            None
        } else {
            Some(self.melds[0])
        }
    }

    /// Whether there is no Weis.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The number of counted Weis.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Every card in a counted Weis.
    #[must_use]
    pub fn cards(&self) -> CardSet<JassCard> {
        CardSet::from_bits_truncate(self.melds().iter().fold(0, |acc, m| acc | m.bits()))
    }

    /// Adds a Weis (ignored beyond capacity, which no set of cards reaches).
    fn push(&mut self, meld: Meld) {
        if let Some(slot) = self.melds.get_mut(self.len as usize) {
            *slot = meld;
            self.len += 1;
            self.total += meld.points();
        }
    }

    /// Puts the Weis in their order (insertion sort: a handful of entries).
    fn sort(&mut self, mode: Mode, scale: Scale) {
        let melds = &mut self.melds[..(self.len as usize).min(MAX_MELDS)];
        for i in 1..melds.len() {
            let mut j = i;
            while j > 0 && melds[j - 1].order(mode, scale) < melds[j].order(mode, scale) {
                melds.swap(j - 1, j);
                j -= 1;
            }
        }
    }

    /// Whether `self` is a better counted combination than `other` by the six criteria (both
    /// sorted, neither empty unless both are).
    fn better_than(&self, other: &Declaration, mode: Mode, scale: Scale) -> bool {
        self.rank_against(other, mode, scale) == Ordering::Greater
    }

    fn rank_against(&self, other: &Declaration, mode: Mode, scale: Scale) -> Ordering {
        let best = |d: &Declaration| d.best().map_or(0, |m| m.strength(mode, scale) + 1);
        let suit = |d: &Declaration| d.best().map_or(0, |m| m.suit_first());
        let multiplicity = |d: &Declaration| d.melds().iter().map(Meld::len).sum::<usize>();
        self.total
            .cmp(&other.total)
            .then_with(|| best(self).cmp(&best(other)))
            .then_with(|| self.cards().len().cmp(&other.cards().len()))
            .then_with(|| suit(self).cmp(&suit(other)))
            .then_with(|| multiplicity(self).cmp(&multiplicity(other)))
            .then_with(|| {
                let a = self.melds().iter().map(|m| m.order(mode, scale));
                a.cmp(other.melds().iter().map(|m| m.order(mode, scale)))
            })
    }
}

impl Default for Declaration {
    fn default() -> Self {
        Declaration::EMPTY
    }
}

impl PartialEq for Declaration {
    fn eq(&self, other: &Self) -> bool {
        self.melds() == other.melds() && self.total == other.total
    }
}

impl Eq for Declaration {}

impl core::hash::Hash for Declaration {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.melds().hash(state);
    }
}

impl fmt::Debug for Declaration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Declaration")
            .field("total", &self.total)
            .field("weis", &self.melds())
            .finish()
    }
}

/// Segments of 3 or more consecutive ranks in a 9-bit suit mask: up to two, each packed as
/// `low | len << 4` in one byte of the `u16` (0: none), lower segment first.
static SEGMENTS: [u16; 512] = {
    let mut table = [0u16; 512];
    let mut mask = 0;
    while mask < 512 {
        let mut packed = 0u16;
        let mut shift = 0;
        let mut rank = 0;
        while rank < 9 {
            if mask >> rank & 1 == 1 {
                let mut len = 0;
                while rank + len < 9 && mask >> (rank + len) & 1 == 1 {
                    len += 1;
                }
                if len >= 3 {
                    packed |= ((rank | len << 4) as u16) << shift;
                    shift += 8;
                }
                rank += len;
            } else {
                rank += 1;
            }
        }
        table[mask] = packed;
        mask += 1;
    }
    table
};

/// Start bits of a possible run of 3 in every suit (ranks 6..=Q).
const RUN_STARTS: u64 = 0x7f | 0x7f << 9 | 0x7f << 18 | 0x7f << 27;

/// Ranks whose four-of-a-kind counts: 9 to A, and with `four_low` 6, 7, 8.
const fn eligible_fours(four_low: bool) -> u64 {
    if four_low { 0x1ff } else { 0x1f8 }
}

/// Adds the runs of one suit mask: whole segments; on the small scale a segment of 8 or 9 is
/// split into a 5-run and a 3- or 4-run (120 or 150 points), the 5-run at the top (in Undenufe
/// at the bottom), which makes the stronger best Weis.
fn push_runs(decl: &mut Declaration, suit: JassSuit, mask: u64, mode: Mode, scale: Scale) {
    let mut packed = SEGMENTS[(mask & SUIT_BITS) as usize];
    while packed != 0 {
        let low = (packed & 0xf) as u8;
        let len = (packed >> 4 & 0xf) as u8;
        packed >>= 8;
        let mut push = |low: u8, len: u8| {
            if let Some(m) = Meld::sequence(suit, JassRank::ALL[low as usize % 9], len, scale) {
                decl.push(m);
            }
        };
        if scale == Scale::Small && len >= 8 {
            if mode == Mode::Undenufe {
                push(low, 5);
                push(low + 5, len - 5);
            } else {
                push(low, len - 5);
                push(low + len - 5, 5);
            }
        } else {
            push(low, len);
        }
    }
}

/// The combination with exactly the four-of-a-kinds of `fours` (a rank mask) and the best runs
/// in the cards they leave (all cards with `cross_weis`), sorted.
fn combination(bits: u64, fours: u64, mode: Mode, rules: &WeisRules) -> Declaration {
    let mut decl = Declaration::EMPTY;
    let mut f = fours;
    while f != 0 {
        decl.push(Meld::four(JassRank::ALL[f.trailing_zeros() as usize % 9]));
        f &= f - 1;
    }
    let free = if rules.cross_weis {
        bits
    } else {
        bits & !(fours * RANK_COLUMN)
    };
    if free & free >> 1 & free >> 2 & RUN_STARTS != 0 {
        for suit in JassSuit::ALL {
            push_runs(
                &mut decl,
                suit,
                free >> (suit as u32 * 9),
                mode,
                rules.scale,
            );
        }
    }
    decl.sort(mode, rules.scale);
    decl
}

/// A player's Weis: the counted combination of `hand`, its total and its best Weis, in `mode`
/// (which matters only for choosing between equally scoring runs) under `rules`.
///
/// # The counted combination
/// Among all sets of four-of-a-kinds and runs (a run may be declared whole, as any shorter run of
/// 3 or more inside it, or split) that are pairwise disjoint — with `cross_weis` a four-of-a-kind
/// may share cards with runs, runs never share cards — the counted combination is chosen by:
/// 1. the most points;
/// 2. the strongest best Weis ([`compare`]);
/// 3. the most cards in total (distinct cards: a card shared by two Weis counts once);
/// 4. the best Weis whose suit comes first in C, D, H, S;
/// 5. (this crate's decision) the most cards counted once per Weis they are in — with
///    `cross_weis`, a 6-card run plus the four-of-a-kind of its end card is declared with the
///    whole run rather than the 5-card run beside the shared card;
/// 6. (this crate's decision, a final total order that no 9-card hand reaches) the Weis
///    compared one by one, strongest first.
///
/// Works for any set of cards (not only 9-card hands); allocation-free.
#[must_use]
pub fn declare(hand: CardSet<JassCard>, mode: Mode, rules: &WeisRules) -> Declaration {
    let bits = hand.bits();
    let fours = bits & bits >> 9 & bits >> 18 & bits >> 27 & eligible_fours(rules.four_low);
    if fours == 0 && bits & bits >> 1 & bits >> 2 & RUN_STARTS == 0 {
        return Declaration::EMPTY;
    }
    if fours == 0 || rules.cross_weis {
        // With cross_weis every four-of-a-kind only adds points.
        return combination(bits, fours, mode, rules);
    }
    // Each card in one Weis only: try every subset of the four-of-a-kinds (at most two in a
    // 9-card hand), the runs in what each leaves.
    let mut best = combination(bits, fours, mode, rules);
    let mut subset = fours;
    while subset != 0 {
        subset = (subset - 1) & fours;
        let candidate = combination(bits, subset, mode, rules);
        if candidate.better_than(&best, mode, rules.scale) {
            best = candidate;
        }
    }
    best
}

/// The position (in the slice: play order from forehand) of the player holding the strongest
/// Weis by [`compare`]; equally strong best Weis go to the first in play order. `None` when no
/// one has a Weis.
#[must_use]
pub fn strongest(declarations: &[Declaration], mode: Mode, scale: Scale) -> Option<usize> {
    strongest_of(declarations.len(), |p| &declarations[p], mode, scale)
}

/// [`strongest`] of the `n` declarations `at(0)`, …, `at(n - 1)`.
fn strongest_of<'a>(
    n: usize,
    at: impl Fn(usize) -> &'a Declaration,
    mode: Mode,
    scale: Scale,
) -> Option<usize> {
    let mut found: Option<(usize, Meld)> = None;
    for (position, best) in (0..n).filter_map(|p| at(p).best().map(|b| (p, b))) {
        if found.is_none_or(|(_, held)| compare(&best, &held, mode, scale) == Ordering::Greater) {
            found = Some((position, best));
        }
    }
    found.map(|(position, _)| position)
}

/// Who scores the Weis of a deal: see [`award`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WeisAward {
    /// The position (play order from forehand, 0..4) of the player with the strongest Weis.
    pub position: usize,
    /// The scoring team by position: 0 for positions 0 and 2 (forehand's team), 1 for 1 and 3.
    pub team: usize,
    /// What the team scores by the official rule: every counted Weis of both partners.
    pub points: u32,
    /// What the team scores by the seed's rule (`seed_weis_scoring`): the strongest player's
    /// best Weis plus the partner's best Weis.
    pub best_points: u32,
}

/// The Weis award of a deal from the four declarations in play order from forehand: the team
/// of the player holding the strongest Weis ([`strongest`]) scores; `None` when no one has a
/// Weis (then no team scores).
#[must_use]
pub fn award(declarations: &[Declaration; 4], mode: Mode, scale: Scale) -> Option<WeisAward> {
    award_from(declarations, 0, mode, scale)
}

/// [`award`] of the declarations by seat, play order starting at seat `first`: position `p`
/// is seat `(first + p) % 4` (no copy of the declarations into play order).
pub(crate) fn award_from(
    by_seat: &[Declaration; 4],
    first: usize,
    mode: Mode,
    scale: Scale,
) -> Option<WeisAward> {
    let at = |p: usize| &by_seat[(first + p) % 4];
    let position = strongest_of(4, at, mode, scale)?;
    let partner = (position + 2) % 4;
    let best = |p: usize| at(p).best().map_or(0, |m| m.points());
    Some(WeisAward {
        position,
        team: position % 2,
        points: at(position).total() + at(partner).total(),
        best_points: best(position) + best(partner),
    })
}

mod serde_impls {
    //! Serde through the oracle's forms, checked when read.

    use serde::de::Error as _;
    use serde::ser::SerializeStruct as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::{Declaration, MAX_MELDS, Meld, Scale, sequence_points};
    use cards_core::{CardSet, JassCard, JassRank};

    impl Serialize for Meld {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            let mut s = serializer.serialize_struct("Meld", 3)?;
            s.serialize_field("kind", self.kind_name())?;
            s.serialize_field("cards", &self.cards())?;
            s.serialize_field("points", &self.points)?;
            s.end()
        }
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct RawMeld {
        kind: String,
        cards: CardSet<JassCard>,
        points: u16,
    }

    /// The Weis these cards form with these points, if they do.
    fn meld_of(raw: &RawMeld) -> Result<Meld, String> {
        let bits = raw.cards.bits();
        let first = raw.cards.first().ok_or("a Weis has cards")?;
        let meld = match raw.kind.as_str() {
            "sequence" => {
                let len = raw.cards.len() as u8;
                let mut found = None;
                for scale in [Scale::Big, Scale::Small] {
                    found = found.or(Meld::sequence(first.suit(), first.rank(), len, scale)
                        .filter(|m| m.bits() == bits && m.points == raw.points));
                }
                found.ok_or_else(|| {
                    let expected = [Scale::Big, Scale::Small].map(|s| sequence_points(len, s));
                    format!(
                        "a sequence is 3 to 9 consecutive cards of one suit worth its points \
                         ({} or {} for {len} cards), not {} worth {}",
                        expected[0], expected[1], raw.cards, raw.points
                    )
                })?
            }
            "four" => {
                let rank: JassRank = first.rank();
                let meld = Meld::four(rank);
                if meld.bits() != bits || meld.points != raw.points {
                    return Err(format!(
                        "a four is the four cards of one rank worth its points, not {} worth {}",
                        raw.cards, raw.points
                    ));
                }
                meld
            }
            other => return Err(format!("kind {other:?} is not \"sequence\" or \"four\"")),
        };
        Ok(meld)
    }

    impl<'de> Deserialize<'de> for Meld {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let raw = RawMeld::deserialize(deserializer)?;
            meld_of(&raw).map_err(D::Error::custom)
        }
    }

    impl Serialize for Declaration {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            let mut s = serializer.serialize_struct("Declaration", 3)?;
            s.serialize_field("total", &self.total)?;
            s.serialize_field("weis", self.melds())?;
            s.serialize_field("best", &self.best())?;
            s.end()
        }
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct RawDeclaration {
        total: u32,
        weis: Vec<Meld>,
        #[serde(default)]
        best: Option<Meld>,
    }

    impl<'de> Deserialize<'de> for Declaration {
        /// Checks the count, that `total` is the sum of the points and that `best` is the first
        /// Weis (null when there is none); whether the Weis are the hand's counted combination
        /// needs the hand and is not checked.
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let raw = RawDeclaration::deserialize(deserializer)?;
            if raw.weis.len() > MAX_MELDS {
                return Err(D::Error::custom(format!(
                    "at most {MAX_MELDS} Weis, not {}",
                    raw.weis.len()
                )));
            }
            let mut decl = Declaration::EMPTY;
            for meld in &raw.weis {
                decl.push(*meld);
            }
            if decl.total != raw.total {
                return Err(D::Error::custom(format!(
                    "total {} is not the sum of the Weis, {}",
                    raw.total, decl.total
                )));
            }
            if decl.best() != raw.best {
                return Err(D::Error::custom(
                    "best must be the first Weis (null when there is none)",
                ));
            }
            Ok(decl)
        }
    }
}
