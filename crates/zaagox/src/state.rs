//! [`Zaagox`]: the game state and its transitions.

use core::fmt;

use cards_core::{Card, CardSet, DidoCard, Game, PlayerId};

use crate::{Action, Rules, Score};

/// Seats in the state's per-seat arrays.
pub(crate) const SEATS: usize = Rules::MAX_PLAYERS;
/// Cards in the deck.
pub(crate) const DECK: usize = DidoCard::COUNT;
/// The most pairs that can lie on the table at once (two cards each).
pub(crate) const MAX_PAIRS: usize = DECK / 2;

/// A set of Didopoikas cards (a hand, a player's stored cards).
pub type Hand = CardSet<DidoCard>;

/// Cards of each number 0–8, as deck bits.
const NUMBER_MASK: [u64; 9] = {
    let mut masks = [0u64; 9];
    let mut i = 0;
    while i < DECK {
        masks[i % 9] |= 1 << i;
        i += 1;
    }
    masks
};

/// Ageing cards a pair of this number needs before it completes (blank pairs: 0).
#[must_use]
pub const fn ageing_needed(number: u8) -> u8 {
    [0, 1, 2, 3, 4, 1, 2, 3, 4][number as usize % 9]
}

/// The most ageing cards any pair needs (and so holds).
pub(crate) const MAX_AGEING: usize = 4;

/// The cards of `hand` with the same number as `card`.
pub(crate) fn same_number(hand: Hand, card: DidoCard) -> Hand {
    hand & Hand::from_bits_truncate(NUMBER_MASK[card.number() as usize])
}

/// Calls `f` with every legal action of the seat to act, from what that seat sees: the phase,
/// its hand, the pairs on the table (owner and cards) and the discard. In this order: discards
/// (card index order), pairs (grouped by number 0–8, then by lower and higher card), ages
/// (own pairs oldest first, then hand cards); in the Da window `pass` then claims; stores
/// lower card first; `end` then `ava`.
pub(crate) fn each_legal(
    phase: Phase,
    hand: Hand,
    pairs: impl Iterator<Item = (PlayerId, [DidoCard; 2])> + Clone,
    discard: Option<DidoCard>,
    mut f: impl FnMut(Action),
) {
    match phase {
        Phase::Act { seat } => {
            hand.iter().map(Action::Discard).for_each(&mut f);
            for mask in NUMBER_MASK {
                let same = hand & Hand::from_bits_truncate(mask);
                if same.len() >= 2 {
                    for a in same {
                        for b in same - Hand::from_bits_truncate((2u64 << a.index()) - 1) {
                            f(Action::Pair(a, b));
                        }
                    }
                }
            }
            for (_, [onto, _]) in pairs.filter(|&(owner, _)| owner == seat) {
                hand.iter()
                    .map(|card| Action::Age { card, onto })
                    .for_each(&mut f);
            }
        }
        Phase::Da { .. } => {
            f(Action::Pass);
            if let Some(d) = discard {
                same_number(hand, d).iter().map(Action::Da).for_each(&mut f);
            }
        }
        Phase::Store { seat, pair, .. } => {
            if let Some((_, cards)) = pairs
                .clone()
                .find(|&(owner, cards)| owner == seat && cards[0] == pair)
            {
                cards.map(Action::Store).into_iter().for_each(f);
            }
        }
        Phase::Decide { .. } => [Action::End, Action::Ava].into_iter().for_each(f),
        Phase::Over => {}
    }
}

/// A pair on the table, with the ageing cards laid on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pair {
    pub(crate) owner: PlayerId,
    pub(crate) cards: [DidoCard; 2],
    pub(crate) ageing: [DidoCard; MAX_AGEING],
    pub(crate) ageing_len: u8,
}

impl Pair {
    pub(crate) const EMPTY: Pair = Pair {
        owner: PlayerId(0),
        cards: [DidoCard::ALL[0]; 2],
        ageing: [DidoCard::ALL[0]; MAX_AGEING],
        ageing_len: 0,
    };

    pub(crate) fn new(owner: PlayerId, a: DidoCard, b: DidoCard) -> Pair {
        let cards = if a < b { [a, b] } else { [b, a] };
        Pair {
            owner,
            cards,
            ..Pair::EMPTY
        }
    }

    /// The seat that owns the pair.
    #[must_use]
    pub fn owner(&self) -> PlayerId {
        self.owner
    }

    /// The two pair cards, lower index first. The lower one names the pair in [`Action::Age`].
    #[must_use]
    pub fn cards(&self) -> [DidoCard; 2] {
        self.cards
    }

    /// The pair's number.
    #[must_use]
    pub fn number(&self) -> u8 {
        self.cards[0].number()
    }

    /// The ageing cards, in the order they were laid (hidden from other players).
    #[must_use]
    pub fn ageing(&self) -> &[DidoCard] {
        &self.ageing[..self.ageing_len as usize]
    }

    /// Whether the pair has all the ageing cards it needs.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.ageing_len >= ageing_needed(self.number())
    }
}

/// The centre pile: a ring buffer, drawn from the top, filled at the bottom.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pile {
    cards: [DidoCard; DECK],
    head: u8,
    len: u8,
}

impl Pile {
    pub(crate) fn new(top_first: &[DidoCard]) -> Pile {
        let mut pile = Pile {
            cards: [DidoCard::ALL[0]; DECK],
            head: 0,
            len: 0,
        };
        for &card in top_first {
            pile.push_bottom(card);
        }
        pile
    }

    pub(crate) fn pop_top(&mut self) -> Option<DidoCard> {
        if self.len == 0 {
            return None;
        }
        let card = self.cards[self.head as usize];
        self.head = ((self.head as usize + 1) % DECK) as u8;
        self.len -= 1;
        Some(card)
    }

    pub(crate) fn push_bottom(&mut self, card: DidoCard) {
        // Never more than the deck's cards exist, so the buffer cannot overflow.
        self.cards[(self.head as usize + self.len as usize) % DECK] = card;
        self.len += 1;
    }

    pub(crate) fn iter(&self) -> impl Iterator<Item = DidoCard> + '_ {
        (0..self.len as usize).map(move |i| self.cards[(self.head as usize + i) % DECK])
    }
}

// Two piles are equal when they hold the same cards in the same order, wherever the ring starts.
impl PartialEq for Pile {
    fn eq(&self, other: &Self) -> bool {
        self.len == other.len && self.iter().eq(other.iter())
    }
}
impl Eq for Pile {}
impl core::hash::Hash for Pile {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.len.hash(state);
        self.iter().for_each(|c| c.hash(state));
    }
}

/// Where the game stands: who must do what.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Phase {
    /// `seat` has drawn and must discard, pair or age.
    Act {
        /// The seat whose turn it is.
        seat: PlayerId,
    },
    /// A discard lies out; `asking` (eligible, polled in seat order after the discarder) may
    /// claim it with Da or pass.
    Da {
        /// Who discarded.
        discarder: PlayerId,
        /// The eligible seat being asked.
        asking: PlayerId,
    },
    /// `seat`'s pair (named by its lower card) is complete: `seat` chooses the card to store.
    Store {
        /// The pair's owner.
        seat: PlayerId,
        /// The pair's lower card.
        pair: DidoCard,
        /// Who takes the next turn afterwards.
        next: PlayerId,
    },
    /// `seat` has four stored cards and chooses End or Ava.
    Decide {
        /// The seat deciding.
        seat: PlayerId,
        /// Who takes the next turn if play goes on.
        next: PlayerId,
    },
    /// The game is over.
    Over,
}

/// Why a game ended without a winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Exhaustion {
    /// A card had to be drawn from an empty centre pile.
    PileEmpty,
    /// The turn limit was reached.
    TurnLimit,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(tag = "result", rename_all = "snake_case", deny_unknown_fields)]
pub enum Outcome {
    /// `winner` ended (or completed Ava) and is scored on the stored cards.
    Won {
        /// The winning seat.
        winner: PlayerId,
        /// The winner's stored set, scored.
        score: Score,
        /// The most recent Ava declarer who failed and so pays the whole amount alone.
        ava_failed: Option<PlayerId>,
    },
    /// Nobody won; nobody pays.
    Exhausted {
        /// Why.
        cause: Exhaustion,
    },
}

impl fmt::Display for Phase {
    /// `seat 1 to discard, pair or age`, `seat 2 asked for Da (seat 0 discarded)`, …
    /// (`{:#}` writes the pair's card with `{:#}`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Phase::Act { seat } => write!(f, "seat {seat} to discard, pair or age"),
            Phase::Da { discarder, asking } => {
                write!(f, "seat {asking} asked for Da (seat {discarder} discarded)")
            }
            Phase::Store { seat, pair, .. } => {
                write!(
                    f,
                    "seat {seat} to store a card of its completed pair {}",
                    cards_core::Alternate(pair, f.alternate())
                )
            }
            Phase::Decide { seat, .. } => write!(f, "seat {seat} to choose end or ava"),
            Phase::Over => f.write_str("the game is over"),
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Won {
                winner,
                score,
                ava_failed,
            } => {
                let how = if score.cards >= 5 {
                    "5 stored cards, the fifth after Ava"
                } else {
                    "4 stored cards"
                };
                write!(
                    f,
                    "seat {winner} won with {how}, worth {} ({})",
                    if score.points == 1 || score.points == -1 {
                        format!("{} point", score.points)
                    } else {
                        format!("{} points", score.points)
                    },
                    score.steps()
                )?;
                if let Some(payer) = ava_failed {
                    write!(f, "; seat {payer} declared Ava, failed, and pays alone")?;
                }
                Ok(())
            }
            Outcome::Exhausted {
                cause: Exhaustion::PileEmpty,
            } => f.write_str("no winner: the centre pile ran out"),
            Outcome::Exhausted {
                cause: Exhaustion::TurnLimit,
            } => f.write_str("no winner: the turn limit was reached"),
        }
    }
}

/// A Zaägox game: the whole state, including what players may not see.
///
/// Its generic face is [`Game`] (start with `Zaagox::new` or
/// `Zaagox::from_setup`, list moves with `legal_actions`, move with `play` in place or `apply`
/// copy-make); the inherent methods read what is Zaägox's own (hands, pairs, stored cards).
/// Real-time tables use [`claim_da`](Zaagox::claim_da) and [`close_da`](Zaagox::close_da) for
/// the Da window. Every deserialized state is validated as a [`Setup`](crate::Setup).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Zaagox {
    pub(crate) rules: Rules,
    pub(crate) players: u8,
    pub(crate) pile: Pile,
    pub(crate) hands: [Hand; SEATS],
    pub(crate) pairs: [Pair; MAX_PAIRS],
    pub(crate) pairs_len: u8,
    pub(crate) stored: [Hand; SEATS],
    pub(crate) discard: Option<DidoCard>,
    pub(crate) phase: Phase,
    pub(crate) turns: u32,
    /// 0 = no Ava declared; otherwise the declaration's position (1 = first declared).
    pub(crate) ava_order: [u8; SEATS],
    pub(crate) outcome: Option<Outcome>,
    /// How the cards were dealt, for the deal event (see [`DealOrder`]).
    pub(crate) dealt: DealOrder,
}

/// The order in which a seeded game dealt each hand, kept so that
/// [`Game::start_events`] can tell the deal as dealt (the
/// trace's deal form lists each hand in dealing order; a hand is a set and forgets it).
///
/// It is not part of the position: any two compare equal and it hashes to nothing, so a
/// seeded game equals the same deal set up by hand, and the JSON and
/// [`Setup`](crate::Setup) forms leave it out (a game read back tells its start as a
/// position instead).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct DealOrder(pub(crate) Option<[[DidoCard; Rules::HAND_SIZE]; SEATS]>);

impl PartialEq for DealOrder {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl Eq for DealOrder {}
impl core::hash::Hash for DealOrder {
    fn hash<H: core::hash::Hasher>(&self, _: &mut H) {}
}

/// The rules and the position ([`Setup`](crate::Setup)), without the state's unused slots.
impl fmt::Debug for Zaagox {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Zaagox")
            .field("rules", &self.rules)
            .field("setup", &Game::setup(self))
            .finish()
    }
}

impl fmt::Display for Zaagox {
    /// The whole table, hidden cards included, one line per zone and seat:
    ///
    /// ```text
    /// Zaägox, 3 players, turn 12: seat 1 to discard, pair or age
    /// pile (top first): S3 P7 …; discard: none
    /// seat 0: hand A1 S2 G5; stored A5; pair S1 S5 ageing [G2]
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Zaägox, {} players, turn {}: ",
            self.players(),
            self.turns
        )?;
        match self.outcome {
            Some(outcome) => writeln!(f, "{outcome}")?,
            None => writeln!(f, "{}", self.phase)?,
        }
        f.write_str("pile (top first):")?;
        for card in self.pile.iter() {
            write!(f, " {card}")?;
        }
        match self.discard {
            Some(d) => write!(f, "; discard: {d}")?,
            None => f.write_str("; discard: none")?,
        }
        for seat in PlayerId::all(self.players()) {
            write!(
                f,
                "\nseat {seat}: hand {}; stored {}",
                self.hands[seat.index()],
                self.stored[seat.index()]
            )?;
            if self.ava_declared(seat) {
                f.write_str("; Ava declared")?;
            }
            for pair in self.pairs().iter().filter(|p| p.owner == seat) {
                let [lo, hi] = pair.cards;
                write!(f, "; pair {lo} {hi} ageing [")?;
                for (i, card) in pair.ageing().iter().enumerate() {
                    write!(f, "{}{card}", if i == 0 { "" } else { " " })?;
                }
                f.write_str("]")?;
            }
        }
        Ok(())
    }
}

impl Zaagox {
    // ---- read access -------------------------------------------------------------------------

    /// Number of seats (the same as [`Game::num_players`]).
    pub(crate) fn players(&self) -> usize {
        self.players as usize
    }

    /// Where the game stands.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// A seat's hand (empty for a seat not at the table).
    #[must_use]
    pub fn hand(&self, seat: PlayerId) -> Hand {
        self.hands.get(seat.index()).copied().unwrap_or_default()
    }

    /// A seat's stored cards (empty for a seat not at the table).
    #[must_use]
    pub fn stored(&self, seat: PlayerId) -> Hand {
        self.stored.get(seat.index()).copied().unwrap_or_default()
    }

    /// Every pair on the table, oldest first.
    #[must_use]
    pub fn pairs(&self) -> &[Pair] {
        &self.pairs[..self.pairs_len as usize]
    }

    /// The discard lying out, if any.
    #[must_use]
    pub fn discard(&self) -> Option<DidoCard> {
        self.discard
    }

    /// The centre pile, top first.
    pub fn pile(&self) -> impl Iterator<Item = DidoCard> + '_ {
        self.pile.iter()
    }

    /// Number of cards in the centre pile.
    #[must_use]
    pub fn pile_len(&self) -> usize {
        self.pile.len as usize
    }

    /// Turns played so far (draws at the start of a turn).
    #[must_use]
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// Whether `seat` has declared Ava.
    #[must_use]
    pub fn ava_declared(&self, seat: PlayerId) -> bool {
        self.ava_order.get(seat.index()).is_some_and(|&o| o != 0)
    }

    /// The seats that may call Da on the discard now (real-time tables), in seat order after the
    /// discarder. Empty outside the Da window.
    pub fn da_eligible(&self) -> impl Iterator<Item = PlayerId> + '_ {
        let (discarder, discard) = match (self.phase, self.discard) {
            (Phase::Da { discarder, .. }, Some(d)) => (discarder, Some(d)),
            _ => (PlayerId(0), None),
        };
        (1..self.players()).filter_map(move |k| {
            let seat = PlayerId(((discarder.index() + k) % self.players()) as u8);
            let d = discard?;
            (!same_number(self.hands[seat.index()], d).is_empty()).then_some(seat)
        })
    }
}
