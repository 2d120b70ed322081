//! The play of one trick: which cards may be played next ([`legal_cards`]), who wins the
//! trick ([`trick_winner`]) and what it is worth ([`trick_points`]) — the spec's "Play of a
//! trick", on bitsets and without allocation.

use cards_core::{Card, CardSet, JassCard, JassRank, JassSuit};

use crate::Mode;

/// Options of the play of a trick.
///
/// The defaults are the Schieber rules: the Buur exception on, undertrumping forbidden.
/// Serde fills any missing field with its default and refuses unknown fields.
///
/// ```
/// use jass::PlayRules;
/// let rules: PlayRules = serde_json::from_str(r#"{"undertrump_when_void":true}"#).unwrap();
/// assert!(rules.buur_exception && rules.undertrump_when_void);
/// assert!(serde_json::from_str::<PlayRules>(r#"{"buur":true}"#).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PlayRules {
    /// When trump is led, a player whose only trump is the trump Jack (Buur) need not play it
    /// and may play any card (official rule; default `true`). Off: that player must play the
    /// Jack. A player holding the Jack and other trumps must play a trump either way.
    pub buur_exception: bool,
    /// Differenzler's Swisslos option (default `false`): a player void in the led suit may
    /// play any card, an undertrump included. A player holding the led suit still may not
    /// undertrump.
    pub undertrump_when_void: bool,
}

impl PlayRules {
    /// The default rules: the Buur exception on, undertrumping forbidden.
    pub const DEFAULT: PlayRules = PlayRules {
        buur_exception: true,
        undertrump_when_void: false,
    };
}

impl Default for PlayRules {
    fn default() -> PlayRules {
        PlayRules::DEFAULT
    }
}

/// The nine cards of each suit, by suit index.
const SUIT_BITS: [u64; 4] = [0x1FF, 0x1FF << 9, 0x1FF << 18, 0x1FF << 27];

/// For each card, seen as a trump (its suit trump): the cards of its suit that beat it in the
/// trump order J > 9 > A > K > Q > 10 > 8 > 7 > 6. The sets are nested, so intersecting them
/// over the trumps of a trick gives the trumps above the highest one.
const STRONGER_TRUMP: [u64; JassCard::COUNT] = {
    let mut table = [0u64; JassCard::COUNT];
    let mut s = 0;
    while s < 4 {
        let suit = JassSuit::ALL[s];
        let mode = Mode::Trump(suit);
        let mut r = 0;
        while r < 9 {
            let strength = mode.rank_strength(JassCard::new(suit, JassRank::ALL[r]));
            let mut above = 0u64;
            let mut o = 0;
            while o < 9 {
                if mode.rank_strength(JassCard::new(suit, JassRank::ALL[o])) > strength {
                    above |= 1 << (s * 9 + o);
                }
                o += 1;
            }
            table[s * 9 + r] = above;
            r += 1;
        }
        s += 1;
    }
    table
};

/// The row of a mode in the per-mode tables: the trump suits' index, then Obenabe (4) and
/// Undenufe (5), the order of [`Mode::ALL`].
const fn mode_row(mode: Mode) -> usize {
    match mode {
        Mode::Trump(suit) => suit as usize,
        Mode::Obenabe => 4,
        Mode::Undenufe => 5,
    }
}

/// For each mode (by [`mode_row`]) and card: the card's rank in a trick, led suit aside —
/// `0x20 | strength` for a trump, its strength in its suit otherwise. With `0x10` added for
/// a card of the led suit, the highest rank wins the trick (what [`Mode::beats`] decides).
const WIN_RANK: [[u8; JassCard::COUNT]; 6] = {
    let mut table = [[0u8; JassCard::COUNT]; 6];
    let mut m = 0;
    while m < 6 {
        let mode = Mode::ALL[m];
        let mut c = 0;
        while c < JassCard::COUNT {
            let card = JassCard::ALL[c];
            let trump = if mode.is_trump(card) { 0x20 } else { 0 };
            table[mode_row(mode)][c] = trump | mode.rank_strength(card);
            c += 1;
        }
        m += 1;
    }
    table
};

/// For each mode (by [`mode_row`]) and card: its points ([`Mode::points`]).
const POINTS: [[u8; JassCard::COUNT]; 6] = {
    let mut table = [[0u8; JassCard::COUNT]; 6];
    let mut m = 0;
    while m < 6 {
        let mode = Mode::ALL[m];
        let mut c = 0;
        while c < JassCard::COUNT {
            table[mode_row(mode)][c] = mode.points(JassCard::ALL[c]) as u8;
            c += 1;
        }
        m += 1;
    }
    table
};

/// The bit of a card.
#[inline(always)]
fn bit(card: JassCard) -> u64 {
    1 << card.index()
}

/// The suit index of a card.
#[inline(always)]
fn suit_index(card: JassCard) -> usize {
    (card.index() / 9) as usize
}

/// The nine cards of one suit.
#[must_use]
pub fn suit_cards(suit: JassSuit) -> CardSet<JassCard> {
    CardSet::from_bits_truncate(SUIT_BITS[suit as usize])
}

/// The trumps that beat `card` in `mode`: for a trump, the trumps above it in the trump
/// order; for a non-trump in a trump mode, every trump; in Obenabe and Undenufe, none.
///
/// ```
/// use cards_core::JassCard;
/// use jass::{Mode, stronger_trumps};
/// let mode: Mode = "trump:D".parse().unwrap();
/// let card: JassCard = "AD".parse().unwrap();
/// assert_eq!(stronger_trumps(mode, card).to_string(), "9D JD");
/// ```
#[must_use]
pub fn stronger_trumps(mode: Mode, card: JassCard) -> CardSet<JassCard> {
    let bits = match mode {
        Mode::Trump(trump) if card.suit() == trump => STRONGER_TRUMP[card.index() as usize],
        Mode::Trump(trump) => SUIT_BITS[trump as usize],
        Mode::Obenabe | Mode::Undenufe => 0,
    };
    CardSet::from_bits_truncate(bits)
}

/// The cards of `hand` that may be played next onto `trick` (the cards already played to the
/// current trick, in play order: 0–3 of them, empty when leading) in `mode` under `rules`.
///
/// # The rules, case by case
///
/// With `led` the suit of the trick's first card, and the hand as given:
///
/// * **Leading** (empty trick): the whole hand.
/// * **No-trump modes** (Obenabe, Undenufe): the cards of the led suit if the hand holds any,
///   otherwise the whole hand.
/// * **Trump led**: the hand's trumps, any of them (there is no undertrumping when trump is
///   led). A hand without trumps plays anything. **Buur exception**
///   ([`PlayRules::buur_exception`], on by default): a hand whose only trump is the trump
///   Jack plays anything (the Jack included); with the option off it must play the Jack.
/// * **Plain suit led** in a trump mode. Let the *allowed trumps* be the hand's trumps that
///   beat the **highest** trump already in the trick (all of the hand's trumps when the trick
///   holds none):
///   - holding the led suit: the led suit's cards and the allowed trumps (follow, or trump,
///     but never undertrump — following is always possible, so an undertrump is never
///     needed);
///   - void in the led suit and holding **only trumps**: the whole hand (every trump, an
///     undertrump included: a player is never forced to overtrump);
///   - void in the led suit, holding a non-trump: every non-trump and the allowed trumps
///     (**decision**: the undertrumps are illegal even when they are all the trumps the
///     player holds, since a non-trump can always be discarded instead);
///   - with [`PlayRules::undertrump_when_void`] (Differenzler's Swisslos option), void in the
///     led suit: the whole hand. A player holding the led suit still may not undertrump
///     (**decision**: the option, as the spec words it, is about a player *void* in the led
///     suit).
///
/// The result is always a subset of the hand and never empty for a non-empty hand. Nothing
/// panics: cards of the trick that are also in the hand, or repeated in the trick, change
/// nothing (callers keep them apart), and a trick of four or more cards is read the same way
/// (the led suit is the first card's, every trump in it counts).
///
/// ```
/// use cards_core::{CardSet, JassCard};
/// use jass::{Mode, PlayRules, legal_cards};
/// let cards = |s: &str| s.split(' ').map(|c| c.parse().unwrap()).collect::<Vec<JassCard>>();
/// let hand: CardSet<JassCard> = cards("AD 9D 6D TS").into_iter().collect();
/// let mode: Mode = "trump:D".parse().unwrap();
/// // Clubs led, JD then TD played: every diamond in hand would undertrump the Jack.
/// let legal = legal_cards(hand, &cards("6C JD TD"), mode, &PlayRules::default());
/// assert_eq!(legal.to_string(), "TS");
/// ```
#[must_use]
#[inline]
pub fn legal_cards(
    hand: CardSet<JassCard>,
    trick: &[JassCard],
    mode: Mode,
    rules: &PlayRules,
) -> CardSet<JassCard> {
    let Some((&lead, rest)) = trick.split_first() else {
        return hand;
    };
    // The trumps above the best trump played after the lead (`above_trumps` card by card;
    // outside a trump mode no card is a trump).
    let mut above = u64::MAX;
    if let Mode::Trump(_) = mode {
        for &card in rest {
            above &= above_trumps(card, mode);
        }
    }
    CardSet::from_bits_truncate(legal_following(
        hand.bits(),
        suit_index(lead),
        above,
        mode,
        rules,
    ))
}

/// What `card`, played after the lead, leaves of the trumps a later card may play when
/// another suit is led: the trumps above it when it is a trump of `mode` (the sets are nested,
/// so intersecting them over a trick's cards after the lead gives the trumps above its best
/// trump), every card otherwise. The solver keeps this intersection as cards are laid.
#[inline]
pub(crate) fn above_trumps(card: JassCard, mode: Mode) -> u64 {
    match mode {
        Mode::Trump(trump) if suit_index(card) == trump as usize => {
            STRONGER_TRUMP[card.index() as usize]
        }
        _ => u64::MAX,
    }
}

/// [`legal_cards`] of hand `h` (card bits) onto a trick already led: `led` is the led suit's
/// index, `above` the intersection of [`above_trumps`] over the cards played after the lead.
#[inline]
pub(crate) fn legal_following(
    h: u64,
    led: usize,
    above: u64,
    mode: Mode,
    rules: &PlayRules,
) -> u64 {
    let follow = h & SUIT_BITS[led];
    match mode {
        Mode::Obenabe | Mode::Undenufe => {
            if follow != 0 {
                follow
            } else {
                h
            }
        }
        // Every case is computed and one is selected (`|` and `&` on the tests, not `||` and
        // `&&`), so the compiler can use conditional moves: which case applies depends on the
        // random cards, and a branch on it was often mispredicted.
        Mode::Trump(trump) => {
            let trump_bits = SUIT_BITS[trump as usize];
            let trumps = h & trump_bits;
            // Trump led: follow with a trump, unless the only one is the Buur (if excepted).
            let buur = 1u64 << (trump as u8 * 9 + JassRank::Jack as u8);
            let bare = (trumps == 0) | (rules.buur_exception & (trumps == buur));
            let trump_led = if bare { h } else { trumps };
            // Another suit led: no trump below one already in the trick (undertrumping),
            // unless void in the led suit with only trumps left, or undertrumping is allowed
            // when void.
            let allowed_trumps = trumps & above;
            let any = (trumps == h) | rules.undertrump_when_void;
            let void = if any {
                h
            } else {
                (h & !trump_bits) | allowed_trumps
            };
            let other_led = if follow != 0 {
                follow | allowed_trumps
            } else {
                void
            };
            if led == trump as usize {
                trump_led
            } else {
                other_led
            }
        }
    }
}

/// Why `card`, held but not among the [`legal_cards`] of `hand` onto `trick`, is refused:
/// the rule a player reads (computed only for a refusal, never on the fast path).
pub(crate) fn why_illegal(card: JassCard, trick: &[JassCard], mode: Mode) -> crate::WhyIllegal {
    use crate::WhyIllegal;
    let Some(&lead) = trick.first() else {
        // Every held card may lead; not reached for a refused card.
        return WhyIllegal::FollowSuit(card.suit());
    };
    let led = lead.suit();
    match mode.trump() {
        None => WhyIllegal::FollowSuit(led),
        Some(trump) if led == trump => WhyIllegal::FollowTrump(trump),
        // A refused trump on a plain lead is always one below the trick's best trump.
        Some(trump) if card.suit() == trump => WhyIllegal::Undertrump {
            over: trick[trick_winner(trick, mode)],
        },
        Some(_) => WhyIllegal::FollowOrTrump(led),
    }
}

/// Whether `card` is in `hand` and may be played next onto `trick` ([`legal_cards`]).
#[must_use]
pub fn is_legal(
    hand: CardSet<JassCard>,
    trick: &[JassCard],
    mode: Mode,
    rules: &PlayRules,
    card: JassCard,
) -> bool {
    legal_cards(hand, trick, mode, rules).bits() & bit(card) != 0
}

/// The index in `cards` (the trick's cards in play order) of the card that wins the trick:
/// the highest trump, otherwise the highest card of the led suit (the first card's suit). A
/// card of another suit that is no trump never wins.
///
/// Any length is read the same way (a partial trick gives the card winning so far); an empty
/// slice gives 0. Nothing panics.
///
/// ```
/// use cards_core::JassCard;
/// use jass::{Mode, trick_winner};
/// let cards: Vec<JassCard> = ["6H", "AH", "KS", "8H"].map(|c| c.parse().unwrap()).to_vec();
/// assert_eq!(trick_winner(&cards, Mode::Obenabe), 1);
/// ```
#[must_use]
pub fn trick_winner(cards: &[JassCard], mode: Mode) -> usize {
    let Some(&lead) = cards.first() else {
        return 0;
    };
    // Each card's rank from one table (led suit: +0x10); the first highest wins. The led
    // card ranks 0x10 or more, so a discard (below 0x10) never wins, as `Mode::beats` says.
    let ranks = &WIN_RANK[mode_row(mode)];
    let led = suit_index(lead);
    let rank = |card: JassCard| {
        let led_bit = if suit_index(card) == led { 0x10 } else { 0 };
        ranks.get(card.index() as usize).copied().unwrap_or(0) | led_bit
    };
    let mut best = 0;
    let mut best_rank = rank(lead);
    for (i, &card) in cards.iter().enumerate().skip(1) {
        let r = rank(card);
        if r > best_rank {
            best = i;
            best_rank = r;
        }
    }
    best
}

/// The card points of `cards` in `mode`, plus 5 when `last` (the deal's last trick).
///
/// An empty slice gives 0, or 5 when `last`. Nothing panics.
///
/// ```
/// use cards_core::JassCard;
/// use jass::{Mode, trick_points};
/// let cards: Vec<JassCard> = ["6H", "AH", "KS", "8H"].map(|c| c.parse().unwrap()).to_vec();
/// assert_eq!(trick_points(&cards, Mode::Obenabe, false), 23);
/// assert_eq!(trick_points(&cards, Mode::Obenabe, true), 28);
/// ```
#[must_use]
pub fn trick_points(cards: &[JassCard], mode: Mode, last: bool) -> u32 {
    let points = &POINTS[mode_row(mode)];
    cards
        .iter()
        .map(|&c| u32::from(points.get(c.index() as usize).copied().unwrap_or(0)))
        .sum::<u32>()
        + if last { 5 } else { 0 }
}

/// Straightforward implementations of the rules' wording, card by card, for tests and
/// benches to hold the fast ones against.
#[doc(hidden)]
pub mod reference {
    use cards_core::{CardSet, JassCard};

    use super::PlayRules;
    use crate::Mode;

    /// [`super::legal_cards`], one card at a time from the spec's wording.
    #[must_use]
    pub fn legal_cards(
        hand: CardSet<JassCard>,
        trick: &[JassCard],
        mode: Mode,
        rules: &PlayRules,
    ) -> CardSet<JassCard> {
        hand.iter()
            .filter(|&card| may_play(card, hand, trick, mode, rules))
            .collect()
    }

    /// Whether `card` of `hand` may be played onto `trick`.
    fn may_play(
        card: JassCard,
        hand: CardSet<JassCard>,
        trick: &[JassCard],
        mode: Mode,
        rules: &PlayRules,
    ) -> bool {
        let Some(lead) = trick.first() else {
            return true; // leading: anything
        };
        let led = lead.suit();
        let holds_led = hand.iter().any(|c| c.suit() == led);
        let Some(trump) = mode.trump() else {
            // No trump: follow suit if possible, otherwise anything.
            return !holds_led || card.suit() == led;
        };
        let trumps: CardSet<JassCard> = hand.iter().filter(|&c| mode.is_trump(c)).collect();
        if led == trump {
            // Trump led: follow trump if possible, otherwise anything; the Buur exception.
            if trumps.is_empty() {
                return true;
            }
            if rules.buur_exception && trumps.len() == 1 && trumps.first() == mode.buur() {
                return true;
            }
            return mode.is_trump(card);
        }
        // A plain suit led.
        if !mode.is_trump(card) {
            // Follow suit, or (void) anything.
            return !holds_led || card.suit() == led;
        }
        // Trumping is always allowed, except undertrumping.
        let only_trumps = trumps.len() == hand.len();
        if only_trumps || (rules.undertrump_when_void && !holds_led) {
            return true;
        }
        let highest = trick
            .iter()
            .filter(|&&c| mode.is_trump(c))
            .max_by_key(|&&c| mode.rank_strength(c));
        match highest {
            None => true,
            Some(&high) => mode.rank_strength(card) > mode.rank_strength(high),
        }
    }

    /// [`super::trick_winner`] by comparing every card with every other.
    #[must_use]
    pub fn trick_winner(cards: &[JassCard], mode: Mode) -> usize {
        let Some(lead) = cards.first() else {
            return 0;
        };
        let led = lead.suit();
        // A card's key: trumps above the led suit above everything else, then its strength.
        let key = |c: JassCard| {
            let class = if mode.is_trump(c) {
                2
            } else if c.suit() == led {
                1
            } else {
                0
            };
            (class, mode.rank_strength(c))
        };
        let mut best = 0;
        for (i, &card) in cards.iter().enumerate() {
            let k = key(card);
            // Off-suit discards never win, however strong.
            if k.0 > 0 && k > key(cards[best]) {
                best = i;
            }
        }
        best
    }
}
