//! [`Zaagox`]: the game state and its transitions.

use core::fmt;

use cards_core::{
    Card, CardSet, Cards, Census, DidoCard, Events, GameRng, NoEvents, PerSeat, PlayerId, Seed,
};

use crate::setup::PairSetup;
use crate::{
    Action, AvaRule, Event, FirstPlayer, NegativeScores, RuleError, Rules, Score, Scorer, Setup,
    SetupError,
};

/// Seats in the state's per-seat arrays.
const SEATS: usize = Rules::MAX_PLAYERS;
/// Cards in the deck.
const DECK: usize = DidoCard::COUNT;
/// The most pairs that can lie on the table at once (two cards each).
const MAX_PAIRS: usize = DECK / 2;

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
const MAX_AGEING: usize = 4;

/// The cards of `hand` with the same number as `card`.
fn same_number(hand: Hand, card: DidoCard) -> Hand {
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
    owner: PlayerId,
    cards: [DidoCard; 2],
    ageing: [DidoCard; MAX_AGEING],
    ageing_len: u8,
}

impl Pair {
    const EMPTY: Pair = Pair {
        owner: PlayerId(0),
        cards: [DidoCard::ALL[0]; 2],
        ageing: [DidoCard::ALL[0]; MAX_AGEING],
        ageing_len: 0,
    };

    fn new(owner: PlayerId, a: DidoCard, b: DidoCard) -> Pair {
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
struct Pile {
    cards: [DidoCard; DECK],
    head: u8,
    len: u8,
}

impl Pile {
    fn new(top_first: &[DidoCard]) -> Pile {
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

    fn pop_top(&mut self) -> Option<DidoCard> {
        if self.len == 0 {
            return None;
        }
        let card = self.cards[self.head as usize];
        self.head = ((self.head as usize + 1) % DECK) as u8;
        self.len -= 1;
        Some(card)
    }

    fn push_bottom(&mut self, card: DidoCard) {
        // Never more than the deck's cards exist, so the buffer cannot overflow.
        self.cards[(self.head as usize + self.len as usize) % DECK] = card;
        self.len += 1;
    }

    fn iter(&self) -> impl Iterator<Item = DidoCard> + '_ {
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
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Phase::Act { seat } => write!(f, "seat {seat} to discard, pair or age"),
            Phase::Da { discarder, asking } => {
                write!(f, "seat {asking} asked for Da (seat {discarder} discarded)")
            }
            Phase::Store { seat, pair, .. } => {
                write!(
                    f,
                    "seat {seat} to store a card of its completed pair {pair}"
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
                write!(f, "seat {winner} won with {score}")?;
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
/// Its generic face is [`Game`](cards_core::Game) (start with `Zaagox::new` or
/// `Zaagox::from_setup`, list moves with `legal_actions`, move with `play` in place or `apply`
/// copy-make); the inherent methods read what is Zaägox's own (hands, pairs, stored cards).
/// Real-time tables use [`claim_da`](Zaagox::claim_da) and [`close_da`](Zaagox::close_da) for
/// the Da window. Every deserialized state is validated as a [`Setup`].
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Zaagox {
    pub(crate) rules: Rules,
    pub(crate) players: u8,
    pile: Pile,
    pub(crate) hands: [Hand; SEATS],
    pairs: [Pair; MAX_PAIRS],
    pairs_len: u8,
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
/// [`Game::start_events`](cards_core::Game::start_events) can tell the deal as dealt (the
/// trace's deal form lists each hand in dealing order; a hand is a set and forgets it).
///
/// It is not part of the position: any two compare equal and it hashes to nothing, so a
/// seeded game equals the same deal set up by hand, and the JSON and [`Setup`] forms leave it
/// out (a game read back tells its start as a position instead).
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

/// The rules and the position ([`Setup`]), without the state's unused slots.
impl fmt::Debug for Zaagox {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Zaagox")
            .field("rules", &self.rules)
            .field("setup", &self.to_setup())
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
    /// A new game: the seeded shuffle (deal 0), four cards to each seat in turn (consecutive
    /// blocks from the top of the shuffled deck), the rest as the centre pile, then the first
    /// seat (drawn from the same stream after the shuffle, unless the rules fix it) draws.
    pub(crate) fn start(rules: &Rules, players: usize, seed: Seed) -> Result<Zaagox, SetupError> {
        rules.validate(players)?;
        let mut rng = GameRng::for_deal(seed, 0);
        let mut deck = DidoCard::ALL;
        rng.shuffle(&mut deck);
        let mut hands = [Hand::EMPTY; SEATS];
        let mut order = [[DidoCard::ALL[0]; Rules::HAND_SIZE]; SEATS];
        for (seat, (hand, order)) in hands.iter_mut().zip(&mut order).take(players).enumerate() {
            let dealt = Rules::HAND_SIZE * seat..Rules::HAND_SIZE * (seat + 1);
            *hand = deck[dealt.clone()].iter().copied().collect();
            order.copy_from_slice(&deck[dealt]);
        }
        let first = match rules.first_player {
            FirstPlayer::FromSeed => PlayerId(rng.below(players as u64) as u8),
            FirstPlayer::Seat(seat) => seat,
        };
        let mut state = Zaagox {
            rules: *rules,
            players: players as u8,
            pile: Pile::new(&deck[Rules::HAND_SIZE * players..]),
            hands,
            pairs: [Pair::EMPTY; MAX_PAIRS],
            pairs_len: 0,
            stored: [Hand::EMPTY; SEATS],
            discard: None,
            phase: Phase::Over,
            turns: 0,
            ava_order: [0; SEATS],
            outcome: None,
            dealt: DealOrder(Some(order)),
        };
        // The deal's events are told by `start_events`, from the state.
        state.start_turn(first, &mut NoEvents);
        Ok(state)
    }

    // ---- read access -------------------------------------------------------------------------

    /// Number of seats (the same as [`Game::num_players`](cards_core::Game::num_players)).
    fn players(&self) -> usize {
        self.players as usize
    }

    /// Where the game stands.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat that must act next, or `None` when the game is over.
    pub(crate) fn current(&self) -> Option<PlayerId> {
        match self.phase {
            Phase::Act { seat } | Phase::Store { seat, .. } | Phase::Decide { seat, .. } => {
                Some(seat)
            }
            Phase::Da { asking, .. } => Some(asking),
            Phase::Over => None,
        }
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

    /// The integer settlement (see [`Game::settlement`](cards_core::Game::settlement)): each
    /// loser pays the winner's score; a failed Ava declarer pays for every loser alone; a
    /// negative score is paid by the winner unless the rules settle it as 0.
    pub(crate) fn settle(&self) -> PerSeat<i64> {
        // At most MAX_PLAYERS seats, below MAX_SEATS.
        let mut returns = PerSeat::new(self.players()).unwrap_or_default();
        let Some(Outcome::Won {
            winner,
            score,
            ava_failed,
        }) = self.outcome
        else {
            return returns;
        };
        let points = match self.rules.negative_scores {
            NegativeScores::AsZero => score.points.max(0),
            NegativeScores::Pay => score.points,
        };
        let losers = self.players() as i64 - 1;
        returns[winner.index()] = points * losers;
        match ava_failed {
            Some(payer) => returns[payer.index()] = -points * losers,
            None => {
                for (seat, r) in returns.iter_mut().enumerate() {
                    if seat != winner.index() {
                        *r = -points;
                    }
                }
            }
        }
        returns
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

    // ---- moves -------------------------------------------------------------------------------

    /// Calls `f` with every legal action (see [`each_legal`]).
    pub(crate) fn each_legal(&self, f: impl FnMut(Action)) {
        let actor = self
            .current()
            .map_or(Hand::EMPTY, |seat| self.hands[seat.index()]);
        let pairs = self.pairs().iter().map(|p| (p.owner, p.cards));
        each_legal(self.phase, actor, pairs, self.discard, f);
    }

    /// Plays `action` in place, reporting what it caused into `events`; on error the state is
    /// unchanged and nothing is reported (every rule is checked before anything moves).
    pub(crate) fn step(
        &mut self,
        action: Action,
        events: &mut impl Events<Event>,
    ) -> Result<(), RuleError> {
        let wrong = |expected| Err(RuleError::WrongPhase { action, expected });
        match (self.phase, action) {
            (Phase::Over, _) => Err(RuleError::GameOver),
            (Phase::Act { seat }, Action::Discard(card)) => {
                self.take_from_hand(seat, card)?;
                self.discard = Some(card);
                events.emit(|| Event::Discarded { seat, card });
                self.open_da(seat, events);
                Ok(())
            }
            (Phase::Act { seat }, Action::Pair(a, b)) => {
                if a >= b || a.number() != b.number() {
                    return Err(RuleError::NotAPair { a, b });
                }
                let hand = self.hands[seat.index()];
                for card in [a, b] {
                    if !hand.contains(card) {
                        return Err(RuleError::CardNotInHand { seat, card });
                    }
                }
                self.hands[seat.index()] = hand.without(a).without(b);
                events.emit(|| Event::Paired {
                    seat,
                    cards: [a, b],
                });
                self.add_pair(Pair::new(seat, a, b), seat, events);
                Ok(())
            }
            (Phase::Act { seat }, Action::Age { card, onto }) => {
                let p = self
                    .find_pair(seat, onto)
                    .ok_or(RuleError::NoSuchPair { seat, onto })?;
                self.take_from_hand(seat, card)?;
                let pair = &mut self.pairs[p];
                pair.ageing[pair.ageing_len as usize] = card;
                pair.ageing_len += 1;
                let pair = *pair;
                events.emit(|| Event::Aged {
                    seat,
                    card: Some(card),
                    pair: pair.cards,
                });
                if pair.is_complete() {
                    self.phase = Phase::Store {
                        seat,
                        pair: pair.cards[0],
                        next: seat.next(self.players()),
                    };
                    events.emit(|| Event::PairCompleted {
                        seat,
                        pair: pair.cards,
                    });
                } else {
                    self.start_turn(seat.next(self.players()), events);
                }
                Ok(())
            }
            (Phase::Act { .. }, _) => wrong("it is the acting seat's turn to discard, pair or age"),
            (Phase::Da { asking, .. }, Action::Da(card)) => self.claim(asking, card, events),
            (Phase::Da { discarder, asking }, Action::Pass) => {
                events.emit(|| Event::Passed { seat: asking });
                match self.next_eligible(discarder, asking) {
                    Some(next) => {
                        self.phase = Phase::Da {
                            discarder,
                            asking: next,
                        };
                        events.emit(|| Event::DaAsked {
                            seat: next,
                            discarder,
                        });
                    }
                    None => self.start_turn(discarder.next(self.players()), events),
                }
                Ok(())
            }
            (Phase::Da { .. }, _) => {
                wrong("the Da window is open: the asked seat may call da or pass")
            }
            (Phase::Store { seat, pair, next }, Action::Store(card)) => {
                let p = self
                    .find_pair(seat, pair)
                    .ok_or(RuleError::NoSuchPair { seat, onto: pair })?;
                let done = self.pairs[p];
                let [lo, hi] = done.cards;
                if card != lo && card != hi {
                    return Err(RuleError::NotInPair { card, lo, hi });
                }
                self.remove_pair(p);
                self.stored[seat.index()].insert(card);
                // The other pair card, then the ageing cards as laid, go to the bottom of the pile.
                let other = if card == lo { hi } else { lo };
                self.pile.push_bottom(other);
                for &c in done.ageing() {
                    self.pile.push_bottom(c);
                }
                events.emit(|| Event::Stored {
                    seat,
                    card,
                    other,
                    ageing: Cards::Shown(done.ageing().to_vec()),
                });
                self.after_store(seat, next, events);
                Ok(())
            }
            (Phase::Store { .. }, _) => {
                wrong("a completed pair waits: its owner must store one of its cards")
            }
            (Phase::Decide { seat, .. }, Action::End) => {
                self.win(seat, events);
                Ok(())
            }
            (Phase::Decide { seat, next }, Action::Ava) => {
                // Positions run 1, 2, … (validated on deserialize), so this cannot overflow.
                self.ava_order[seat.index()] =
                    self.ava_order.iter().filter(|&&o| o != 0).count() as u8 + 1;
                events.emit(|| Event::AvaDeclared { seat });
                match self.pile.pop_top() {
                    None => self.finish(
                        Outcome::Exhausted {
                            cause: Exhaustion::PileEmpty,
                        },
                        events,
                    ),
                    Some(card) => match self.rules.ava {
                        AvaRule::Immediate => {
                            self.stored[seat.index()].insert(card);
                            events.emit(|| Event::AvaStored { seat, card });
                            self.win(seat, events);
                        }
                        AvaRule::Continue => {
                            self.hands[seat.index()].insert(card);
                            events.emit(|| Event::AvaDrew {
                                seat,
                                card: Some(card),
                            });
                            self.start_turn(next, events);
                        }
                    },
                }
                Ok(())
            }
            (Phase::Decide { .. }, _) => {
                wrong("a seat with four stored cards must choose end or ava")
            }
        }
    }

    /// A real-time Da call, in place: `seat` claims the discard with `card`, whoever is being
    /// asked in the seat-order polling (a seat that passed may still claim while the window is
    /// open). The caller decides who called first. What the claim caused is reported into
    /// `events`, as [`Game::play_reporting`] reports an action's (pass
    /// [`NoEvents`](cards_core::NoEvents) to keep nothing).
    ///
    /// # Errors
    /// [`RuleError::WrongPhase`] outside the Da window, [`RuleError::NotEligible`] for the
    /// discarder or a seat not at the table, [`RuleError::CardNotInHand`],
    /// [`RuleError::NoMatch`]; the state is then unchanged and nothing is reported.
    ///
    /// [`Game::play_reporting`]: cards_core::Game::play_reporting
    pub fn claim_da(
        &mut self,
        seat: PlayerId,
        card: DidoCard,
        events: &mut impl Events<Event>,
    ) -> Result<(), RuleError> {
        let Phase::Da { discarder, .. } = self.phase else {
            return Err(RuleError::WrongPhase {
                action: Action::Da(card),
                expected: "no discard is open to a Da call",
            });
        };
        if seat == discarder || seat.index() >= self.players() {
            return Err(RuleError::NotEligible { seat });
        }
        self.claim(seat, card, events)
    }

    /// Closes the Da window with no claim, in place (every eligible player declined): the
    /// discard stays out and the seat after the discarder takes the next turn. What that
    /// caused is reported into `events` ([`Event::DaClosed`] first).
    ///
    /// # Errors
    /// [`RuleError::WrongPhase`] outside the Da window; the state is then unchanged and nothing
    /// is reported.
    pub fn close_da(&mut self, events: &mut impl Events<Event>) -> Result<(), RuleError> {
        let Phase::Da { discarder, .. } = self.phase else {
            return Err(RuleError::WrongPhase {
                action: Action::Pass,
                expected: "no Da window is open",
            });
        };
        events.emit(|| Event::DaClosed);
        self.start_turn(discarder.next(self.players()), events);
        Ok(())
    }

    // ---- internals ---------------------------------------------------------------------------

    fn take_from_hand(&mut self, seat: PlayerId, card: DidoCard) -> Result<(), RuleError> {
        if self.hands[seat.index()].remove(card) {
            Ok(())
        } else {
            Err(RuleError::CardNotInHand { seat, card })
        }
    }

    fn find_pair(&self, seat: PlayerId, lo: DidoCard) -> Option<usize> {
        self.pairs()
            .iter()
            .position(|p| p.owner == seat && p.cards[0] == lo)
    }

    fn claim(
        &mut self,
        seat: PlayerId,
        card: DidoCard,
        events: &mut impl Events<Event>,
    ) -> Result<(), RuleError> {
        let Some(discard) = self.discard else {
            return Err(RuleError::NotEligible { seat });
        };
        if card.number() != discard.number() {
            return Err(RuleError::NoMatch { card, discard });
        }
        self.take_from_hand(seat, card)?;
        self.discard = None;
        events.emit(|| Event::DaClaimed {
            seat,
            card,
            discard,
        });
        self.add_pair(Pair::new(seat, discard, card), seat, events);
        Ok(())
    }

    /// Adds a new pair of `seat`'s; a blank pair completes at once, otherwise the next seat plays.
    fn add_pair(&mut self, pair: Pair, seat: PlayerId, events: &mut impl Events<Event>) {
        self.pairs[self.pairs_len as usize] = pair;
        self.pairs_len += 1;
        let next = seat.next(self.players());
        if pair.is_complete() {
            self.phase = Phase::Store {
                seat,
                pair: pair.cards[0],
                next,
            };
            events.emit(|| Event::PairCompleted {
                seat,
                pair: pair.cards,
            });
        } else {
            self.start_turn(next, events);
        }
    }

    fn remove_pair(&mut self, index: usize) {
        let len = self.pairs_len as usize;
        self.pairs.copy_within(index + 1..len, index);
        // Keep unused slots blank so that equal games compare equal.
        self.pairs[len - 1] = Pair::EMPTY;
        self.pairs_len -= 1;
    }

    fn open_da(&mut self, discarder: PlayerId, events: &mut impl Events<Event>) {
        match self.next_eligible(discarder, discarder) {
            Some(asking) => {
                self.phase = Phase::Da { discarder, asking };
                events.emit(|| Event::DaAsked {
                    seat: asking,
                    discarder,
                });
            }
            None => self.start_turn(discarder.next(self.players()), events),
        }
    }

    /// The first eligible seat strictly after `after`, before coming back round to `discarder`.
    fn next_eligible(&self, discarder: PlayerId, after: PlayerId) -> Option<PlayerId> {
        let discard = self.discard?;
        let n = self.players();
        let mut seat = after.next(n);
        while seat != discarder {
            if !same_number(self.hands[seat.index()], discard).is_empty() {
                return Some(seat);
            }
            seat = seat.next(n);
        }
        None
    }

    fn start_turn(&mut self, seat: PlayerId, events: &mut impl Events<Event>) {
        if self.turns >= self.rules.turn_limit {
            self.finish(
                Outcome::Exhausted {
                    cause: Exhaustion::TurnLimit,
                },
                events,
            );
            return;
        }
        if let Some(card) = self.discard.take() {
            self.pile.push_bottom(card);
            events.emit(|| Event::DiscardBuried { card });
        }
        match self.pile.pop_top() {
            None => self.finish(
                Outcome::Exhausted {
                    cause: Exhaustion::PileEmpty,
                },
                events,
            ),
            Some(card) => {
                self.hands[seat.index()].insert(card);
                self.turns += 1;
                self.phase = Phase::Act { seat };
                events.emit(|| Event::Drew {
                    seat,
                    card: Some(card),
                });
            }
        }
    }

    fn after_store(&mut self, seat: PlayerId, next: PlayerId, events: &mut impl Events<Event>) {
        let stored = self.stored[seat.index()].len();
        if self.ava_declared(seat) && stored >= 5 {
            self.win(seat, events);
        } else if stored == 4 && !self.ava_declared(seat) {
            self.phase = Phase::Decide { seat, next };
            events.emit(|| Event::FourStored { seat });
        } else {
            self.start_turn(next, events);
        }
    }

    /// The outcome if `winner` wins now.
    pub(crate) fn winning_outcome(&self, winner: PlayerId) -> Result<Outcome, SetupError> {
        let score = Scorer::new(&self.rules.shapes).score_set(self.stored[winner.index()])?;
        let ava_failed = (0..self.players())
            .filter(|&s| s != winner.index() && self.ava_order[s] != 0)
            .max_by_key(|&s| self.ava_order[s])
            .map(|s| PlayerId(s as u8));
        Ok(Outcome::Won {
            winner,
            score,
            ava_failed,
        })
    }

    fn win(&mut self, winner: PlayerId, events: &mut impl Events<Event>) {
        // A winner holds 4 or 5 distinct stored cards by construction, so scoring cannot fail.
        let outcome = self
            .winning_outcome(winner)
            .expect("a winner holds 4 or 5 stored cards");
        self.finish(outcome, events);
    }

    fn finish(&mut self, outcome: Outcome, events: &mut impl Events<Event>) {
        self.phase = Phase::Over;
        self.outcome = Some(outcome);
        events.emit(|| Event::Ended {
            outcome,
            settlement: self.settle(),
        });
    }
    /// Where every card is (each card must appear exactly once).
    pub(crate) fn take_census(&self) -> Census<DidoCard> {
        let mut census = Census::default();
        census.add_all(self.pile.iter());
        for seat in 0..self.players() {
            census.add(self.hands[seat]);
            census.add(self.stored[seat]);
        }
        for pair in self.pairs() {
            census.add_all(pair.cards.iter().chain(pair.ageing()).copied());
        }
        census.add_all(self.discard);
        census
    }

    // ---- the position as a Setup, shared by serde and view sampling ----------------------

    /// This position as a [`Setup`].
    pub(crate) fn to_setup(&self) -> Setup {
        Setup {
            players: self.players(),
            pile: self.pile.iter().collect(),
            hands: self.hands[..self.players()].to_vec(),
            pairs: self
                .pairs()
                .iter()
                .map(|p| PairSetup {
                    owner: p.owner,
                    cards: p.cards,
                    ageing: p.ageing().to_vec(),
                })
                .collect(),
            stored: self.stored[..self.players()].to_vec(),
            discard: self.discard,
            phase: self.phase,
            turns: self.turns,
            ava: self.ava_order[..self.players()]
                .iter()
                .map(|&o| (o != 0).then_some(o))
                .collect(),
            outcome: self.outcome,
        }
    }

    /// Builds a state from a setup that `setup::validate` has checked up to the outcome
    /// (player count, list lengths, each card once, at most four ageing cards per pair), so
    /// every size fits.
    pub(crate) fn from_setup_unchecked(rules: &Rules, setup: &Setup) -> Zaagox {
        let players = setup.players.min(SEATS);
        let mut state = Zaagox {
            rules: *rules,
            players: players as u8,
            pile: Pile::new(&setup.pile[..setup.pile.len().min(DECK)]),
            hands: [Hand::EMPTY; SEATS],
            pairs: [Pair::EMPTY; MAX_PAIRS],
            pairs_len: setup.pairs.len().min(MAX_PAIRS) as u8,
            stored: [Hand::EMPTY; SEATS],
            discard: setup.discard,
            phase: setup.phase,
            turns: setup.turns,
            ava_order: [0; SEATS],
            outcome: setup.outcome,
            dealt: DealOrder(None),
        };
        for seat in 0..players {
            state.hands[seat] = setup.hands.get(seat).copied().unwrap_or_default();
            state.stored[seat] = setup.stored.get(seat).copied().unwrap_or_default();
            state.ava_order[seat] = setup.ava.get(seat).copied().flatten().unwrap_or(0);
        }
        for (slot, p) in state.pairs.iter_mut().zip(&setup.pairs) {
            let ageing = &p.ageing[..p.ageing.len().min(MAX_AGEING)];
            *slot = Pair {
                owner: p.owner,
                cards: p.cards,
                ageing: [DidoCard::ALL[0]; MAX_AGEING],
                ageing_len: ageing.len() as u8,
            };
            slot.ageing[..ageing.len()].copy_from_slice(ageing);
        }
        state
    }
}
