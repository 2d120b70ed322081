//! **Fishing**, a toy Cassino-like game whose one decision is too rich to number action by
//! action, and [`Steps`], its *stepped* indexed position: the shape the frame promises for
//! Eléwénjewé's captures, proved on something small.
//!
//! # Rules
//! 2 or 3 players and the 52 ranked cards of the standard deck (no jokers); a card is worth its
//! rank, ace 1 to king 13. Each seat is dealt [`Rules::hand_size`] cards and
//! [`Rules::table_size`] cards are laid face up on the table; the rest (the *stock*) stays face
//! down and is never seen. Seat 0 starts, then the turn passes round the table. On its turn a
//! seat plays one card of its hand and either
//! - **captures** any non-empty set of table cards whose values sum to the played card's value,
//!   putting them and the played card on its pile (`capture 7H with 3C 4D`), or
//! - **trails**: leaves the card face up on the table (`trail 7H`); always allowed.
//!
//! When the hands are empty, every captured card is worth one chip from each other seat: a
//! seat's settlement is `players × cards captured − cards captured in all`. Cards left on the
//! table stay there.
//!
//! A state is its [`Setup`], validated: [`Game::new`], the state's JSON and
//! [`Game::sample_world`] all build one through [`Game::from_setup`]'s checks.
//!
//! # The stepped index
//! A capture names a subset of the table: with 16 cards on the table there are up to 2^16 of
//! them per played card, too many to number. [`Steps`] splits the decision instead: *play card
//! `c`*, then *pick* table cards one at a time — only picks after which the picked cards can
//! still grow into a legal capture are offered — then *confirm*. A trail is one index of its
//! own. See [`Step`] for the index space; the canonical path of a capture
//! ([`Indexed::action_path`]) picks the cards in card index order, but any order is accepted.

use core::fmt;
use core::ops::RangeInclusive;
use core::str::FromStr;

use cards_core::{
    ActionMask, Card, CardSet, Census, Draw, Events, Game, GameEvent, IndexError, Indexed,
    ObserveError, PerSeat, PlayerCountError, PlayerId, Rng, Seed, StdCard, shuffled_deck,
};
use serde::{Deserialize, Serialize};

/// A set of cards of the deck.
pub type Cards = CardSet<StdCard>;

/// The most seats at a table.
pub const MAX_PLAYERS: usize = 3;

/// The highest card value (a king).
const MAX_VALUE: u8 = 13;

/// The rules: hand and table sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// Cards dealt to each seat, hence turns per seat: 1 to [`Rules::MAX_HAND`] (default 4).
    pub hand_size: usize,
    /// Cards laid face up on the table at the start: 0 to [`Rules::MAX_TABLE`] (default 4).
    pub table_size: usize,
}

/// No presets.
impl cards_core::Presets for Rules {}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            hand_size: 4,
            table_size: 4,
        }
    }
}

impl Rules {
    /// The player counts the game is played with.
    pub const PLAYERS: RangeInclusive<usize> = 2..=MAX_PLAYERS;
    /// The largest hand.
    pub const MAX_HAND: usize = 6;
    /// The largest starting table.
    pub const MAX_TABLE: usize = 4;

    /// Whether these rules can be played by `players`.
    ///
    /// # Errors
    /// [`SetupError::PlayerCount`], [`SetupError::HandSize`] or [`SetupError::TableSize`].
    pub fn validate(&self, players: usize) -> Result<(), SetupError> {
        PlayerCountError::check(Fishing::NAME, players, Self::PLAYERS)?;
        if !(1..=Self::MAX_HAND).contains(&self.hand_size) {
            return Err(SetupError::HandSize(self.hand_size));
        }
        if self.table_size > Self::MAX_TABLE {
            return Err(SetupError::TableSize(self.table_size));
        }
        Ok(())
    }

    /// Cards played in all when the game is over.
    fn turns(&self, players: usize) -> usize {
        self.hand_size * players
    }
}

/// A card's value: its rank, ace 1 to king 13 (0 for a joker, which is not in play).
#[must_use]
pub fn value(card: StdCard) -> u8 {
    card.rank().unwrap_or(0)
}

/// The sum of the cards' values.
#[must_use]
pub fn sum(cards: Cards) -> u32 {
    cards.iter().map(|c| u32::from(value(c))).sum()
}

/// The sums `0..=13` that some subset of `cards` reaches, as bits (bit `s` for sum `s`; the
/// empty subset reaches 0).
#[must_use]
pub fn reachable_sums(cards: Cards) -> u16 {
    let all = (1u16 << (MAX_VALUE + 1)) - 1;
    cards
        .iter()
        .fold(1u16, |reach, c| (reach | reach << value(c)) & all)
}

/// Whether some subset of `cards` (perhaps empty) sums to `target`.
#[must_use]
pub fn can_sum(cards: Cards, target: u32) -> bool {
    target <= u32::from(MAX_VALUE) && reachable_sums(cards) >> target & 1 == 1
}

/// Calls `f` with every non-empty subset of `table` summing to `target`, in the order of a
/// depth-first search over the table in card order that takes a card before it leaves it.
/// Allocation-free; only branches that can still reach the target are explored.
pub fn each_capture(table: Cards, target: u8, f: &mut impl FnMut(Cards)) {
    fn search(rest: Cards, target: u8, taken: Cards, f: &mut impl FnMut(Cards)) {
        if target == 0 {
            f(taken);
            return;
        }
        if !can_sum(rest, u32::from(target)) {
            return;
        }
        let Some(card) = rest.first() else { return };
        let rest = rest.without(card);
        if let Some(left) = target.checked_sub(value(card)) {
            search(rest, left, taken.with(card), f);
        }
        search(rest, target, taken, f);
    }
    if target > 0 {
        search(table, target, Cards::EMPTY, f);
    }
}

/// The legal actions of a seat holding `hand` at `table`: for each card of the hand in card
/// order, its captures (in [`each_capture`] order), then its trail.
fn each_legal(hand: Cards, table: Cards, mut f: impl FnMut(Action)) {
    for played in hand {
        each_capture(table, value(played), &mut |taken| {
            f(Action::Capture { played, taken });
        });
        f(Action::Trail(played));
    }
}

/// A move. Text `capture 7H with 3C 4D` (the taken cards in card order) or `trail 7H`; serde
/// through the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Play `played` and take `taken` from the table (their values sum to its value).
    Capture {
        /// The card of the hand.
        played: StdCard,
        /// The table cards taken.
        taken: Cards,
    },
    /// Leave the card face up on the table.
    Trail(StdCard),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Capture { played, taken } => write!(f, "capture {played} with {taken}"),
            Action::Trail(card) => write!(f, "trail {card}"),
        }
    }
}

/// Text that is not an [`Action`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "cannot read {0:?} as an action: expected `trail 7H` or `capture 7H with 3C 4D` (distinct \
     cards taken)"
)]
pub struct ParseActionError(pub String);

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseActionError(s.to_owned());
        let words: Vec<&str> = s.split_whitespace().collect();
        match words.as_slice() {
            ["trail", card] => card.parse().map(Action::Trail).map_err(|_| err()),
            ["capture", played, "with", taken @ ..] if !taken.is_empty() => {
                let played = played.parse().map_err(|_| err())?;
                let cards = taken
                    .iter()
                    .map(|t| t.parse::<StdCard>())
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|_| err())?;
                let taken = Cards::try_from_distinct(cards).map_err(|_| err())?;
                Ok(Action::Capture { played, taken })
            }
            _ => Err(err()),
        }
    }
}

cards_core::serde_via_text!(Action, "a Fishing action such as \"capture 7H with 3C 4D\"");

/// Why an action was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// Nobody is to act.
    #[error("the game is over: no card can be played")]
    GameOver,
    /// The seat to act does not hold the card.
    #[error("seat {seat} cannot play {card}: it holds {hand}")]
    NotInHand {
        /// The seat to act.
        seat: PlayerId,
        /// The card asked for.
        card: StdCard,
        /// What the seat holds.
        hand: Cards,
    },
    /// A capture takes cards that are not on the table.
    #[error("{missing} cannot be taken: the table holds {table}")]
    NotOnTable {
        /// The cards asked for that are not on the table.
        missing: Cards,
        /// The table.
        table: Cards,
    },
    /// A capture whose cards do not sum to the played card's value (or takes nothing).
    #[error("{played} captures cards summing to {}, not {taken} (which sum to {})", value(*played), sum(*taken))]
    WrongSum {
        /// The card played.
        played: StdCard,
        /// The cards asked for.
        taken: Cards,
    },
}

/// Why a game could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The table has the wrong number of seats.
    #[error(transparent)]
    PlayerCount(#[from] PlayerCountError),
    /// [`Rules::hand_size`] is out of range.
    #[error("a hand of {0} cards is not played: 1 to {max} cards per seat", max = Rules::MAX_HAND)]
    HandSize(usize),
    /// [`Rules::table_size`] is out of range.
    #[error("a table of {0} cards is not dealt: 0 to {max} cards", max = Rules::MAX_TABLE)]
    TableSize(usize),
    /// The captured piles are not one per seat (one hand per seat): got, expected.
    #[error("{0} captured piles for {1} seats: one pile per seat")]
    Seats(usize, usize),
    /// A seat number beyond the table.
    #[error("seat {0} is not at the table")]
    NoSuchSeat(PlayerId),
    /// A card that is not in play (a joker).
    #[error("{0} is not in play: Fishing uses the 52 ranked cards")]
    NotInPlay(StdCard),
    /// A card placed in two zones.
    #[error("{0} is placed twice")]
    CardTwice(StdCard),
    /// A card placed nowhere.
    #[error("{0} is missing: every card of the deck must be placed once")]
    CardMissing(StdCard),
    /// The table and the piles hold a number of cards no game reaches: got, and the range
    /// from the starting table to the end of the game.
    #[error("{0} cards on the table and the piles: a game has {1:?}")]
    Played(usize, RangeInclusive<usize>),
    /// A hand of the wrong size: the seat, cards held, cards it must hold at this point.
    #[error("seat {0} holds {1} cards, expected {2}")]
    HandLen(PlayerId, usize, usize),
}

/// An explicit position: every card placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// Each seat's hand; their number is the number of players.
    pub hands: PerSeat<Cards>,
    /// The cards face up on the table.
    pub table: Cards,
    /// Each seat's pile of captured cards (face up: everyone sees them).
    pub captured: PerSeat<Cards>,
    /// The cards never dealt.
    pub stock: Cards,
}

/// How many cards have been played, counted from the table and the piles (which only grow by
/// the cards played): an error when no game reaches that count.
fn cards_played(rules: &Rules, table: Cards, captured: &[Cards]) -> Result<usize, SetupError> {
    let out = table.len() + captured.iter().map(|c| c.len()).sum::<usize>();
    let players = captured.len();
    let range = rules.table_size..=rules.table_size + rules.turns(players);
    if !range.contains(&out) {
        return Err(SetupError::Played(out, range));
    }
    Ok(out - rules.table_size)
}

/// How many cards `seat` holds after `played` cards were played (seat 0 first, in turn).
fn hand_len(rules: &Rules, players: usize, played: usize, seat: PlayerId) -> usize {
    let rounds = played / players;
    let extra = usize::from(seat.index() < played % players);
    rules.hand_size.saturating_sub(rounds + extra)
}

/// What one seat sees: its hand, the table and the piles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct View {
    /// The rules played under.
    pub rules: Rules,
    /// The seat whose view this is.
    pub seat: PlayerId,
    /// Its hand.
    pub hand: Cards,
    /// The table.
    pub table: Cards,
    /// Every seat's pile (their number is the number of players).
    pub captured: PerSeat<Cards>,
}

impl View {
    /// The seat to act, as the view shows it (`None` when the game is over or the view is
    /// inconsistent).
    fn seat_to_act(&self) -> Option<PlayerId> {
        let players = self.captured.len();
        let played = cards_played(&self.rules, self.table, &self.captured).ok()?;
        (played < self.rules.turns(players))
            .then(|| PlayerId::from_index(played % players))
            .flatten()
    }
}

/// How the game ended: the cards each seat captured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// Cards captured by each seat.
    pub captured: PerSeat<u8>,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let best = self.captured.iter().copied().max().unwrap_or(0);
        let top: Vec<String> = PlayerId::all(self.captured.len())
            .filter(|s| self.captured[s.index()] == best)
            .map(|s| s.to_string())
            .collect();
        let who = match top.as_slice() {
            [winner] => format!("seat {winner} wins"),
            tied => format!("seats {} tie", tied.join(", ")),
        };
        write!(f, "{who} with {best} cards captured")
    }
}

/// The start: the hands (a seat sees its own) and the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deal {
    /// Each seat's hand.
    pub hands: Vec<cards_core::Cards<StdCard>>,
    /// The cards face up on the table.
    pub table: Cards,
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// The game starts: hands, table, and the piles as they lie.
    Started {
        /// The hands and the table.
        deal: Deal,
        /// Every seat's pile.
        captured: PerSeat<Cards>,
    },
    /// A seat left a card on the table.
    Trailed {
        /// Who.
        seat: PlayerId,
        /// The card.
        card: StdCard,
    },
    /// A seat captured table cards with a card of its hand.
    Captured {
        /// Who.
        seat: PlayerId,
        /// The card played.
        card: StdCard,
        /// The table cards taken.
        taken: Cards,
    },
    /// The game is over.
    Ended {
        /// The settlement.
        settlement: PerSeat<i64>,
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Started { deal, .. } => {
                write!(f, "the game starts with {} on the table", deal.table)
            }
            Event::Trailed { seat, card } => write!(f, "seat {seat} trailed {card}"),
            Event::Captured { seat, card, taken } => {
                write!(f, "seat {seat} captured {taken} with {card}")
            }
            Event::Ended { settlement } => write!(f, "the game is over: {settlement}"),
        }
    }
}

impl GameEvent for Event {
    type Deal = Deal;

    fn deal(&self) -> Option<&Deal> {
        match self {
            Event::Started { deal, .. } => Some(deal),
            _ => None,
        }
    }

    fn score(&self) -> Option<&[i64]> {
        match self {
            Event::Ended { settlement } => Some(settlement),
            _ => None,
        }
    }
}

/// A game of Fishing: the rules and a validated position.
///
/// The fields are crate-private so that this crate's tests can break a state on purpose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fishing {
    pub(crate) rules: Rules,
    pub(crate) setup: Setup,
}

/// Checks every rule of a position and builds the game.
fn validate(rules: &Rules, setup: Setup) -> Result<Fishing, SetupError> {
    let players = setup.hands.len();
    rules.validate(players)?;
    if setup.captured.len() != players {
        return Err(SetupError::Seats(setup.captured.len(), players));
    }
    let deck = Fishing::deck(rules);
    let zones = setup.hands.iter().chain(&setup.captured).copied();
    let mut seen = Cards::EMPTY;
    for zone in zones.chain([setup.table, setup.stock]) {
        if let Some(card) = (zone - deck).first() {
            return Err(SetupError::NotInPlay(card));
        }
        if let Some(card) = (seen & zone).first() {
            return Err(SetupError::CardTwice(card));
        }
        seen |= zone;
    }
    if let Some(card) = (deck - seen).first() {
        return Err(SetupError::CardMissing(card));
    }
    let played = cards_played(rules, setup.table, &setup.captured)?;
    for seat in PlayerId::all(players) {
        let got = setup.hands[seat.index()].len();
        let expected = hand_len(rules, players, played, seat);
        if got != expected {
            return Err(SetupError::HandLen(seat, got, expected));
        }
    }
    Ok(Fishing {
        rules: *rules,
        setup,
    })
}

/// A state's JSON: `{"rules": …, "setup": …}`, read back through [`validate`].
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Fishing")]
struct StateJson {
    rules: Rules,
    setup: Setup,
}

impl Serialize for Fishing {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (rules, setup) = (self.rules, self.setup);
        StateJson { rules, setup }.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Fishing {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let json = StateJson::deserialize(d)?;
        validate(&json.rules, json.setup).map_err(serde::de::Error::custom)
    }
}

impl Fishing {
    /// The seat to act's hand (empty when the game is over).
    #[must_use]
    pub fn hand_to_act(&self) -> Cards {
        let seat = Game::to_act(self);
        seat.map_or(Cards::EMPTY, |s| self.setup.hands[s.index()])
    }

    /// The cards face up on the table.
    #[must_use]
    pub fn table(&self) -> Cards {
        self.setup.table
    }
}

impl Game for Fishing {
    type Rules = Rules;
    type Action = Action;
    type View = View;
    type Setup = Setup;
    type Outcome = Outcome;
    type Card = StdCard;
    type Error = RuleError;
    type Event = Event;
    type SetupError = SetupError;

    const NAME: &'static str = "fishing";

    fn player_range(_: &Rules) -> RangeInclusive<usize> {
        Rules::PLAYERS
    }

    /// Deals the hands, then the table, from the deck shuffled by `seed` (deal 0; jokers are
    /// skipped).
    fn new(rules: &Rules, players: usize, seed: Seed) -> Result<Self, SetupError> {
        rules.validate(players)?; // so the deal fits the deck and the `PerSeat`s below
        let deck = Fishing::deck(rules);
        let mut cards = shuffled_deck::<StdCard>(seed)
            .into_iter()
            .filter(|&c| deck.contains(c));
        let hands = PerSeat::from_fn(players, |_| cards.by_ref().take(rules.hand_size).collect());
        let setup = Setup {
            hands: hands.unwrap_or_default(),
            table: cards.by_ref().take(rules.table_size).collect(),
            captured: PerSeat::new(players).unwrap_or_default(),
            stock: cards.collect(),
        };
        validate(rules, setup)
    }

    fn from_setup(rules: &Rules, setup: Setup) -> Result<Self, SetupError> {
        validate(rules, setup)
    }

    fn setup(&self) -> Setup {
        self.setup
    }

    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn num_players(&self) -> usize {
        self.setup.hands.len()
    }

    fn to_act(&self) -> Option<PlayerId> {
        let players = self.num_players();
        let total = self.rules.turns(players);
        let held = self.setup.hands.iter().map(|h| h.len()).sum::<usize>();
        let played = total.saturating_sub(held);
        (played < total)
            .then(|| PlayerId::from_index(played % players))
            .flatten()
    }

    /// For each card of the hand in card order: its captures (see [`each_capture`]), then its
    /// trail.
    fn for_each_legal(&self, f: impl FnMut(Action)) {
        if Game::to_act(self).is_some() {
            each_legal(self.hand_to_act(), self.setup.table, f);
        }
    }

    fn play_reporting(
        &mut self,
        action: Action,
        events: &mut impl Events<Event>,
    ) -> Result<(), RuleError> {
        let seat = Game::to_act(self).ok_or(RuleError::GameOver)?;
        let (Action::Capture { played: card, .. } | Action::Trail(card)) = action;
        let hand = self.setup.hands[seat.index()];
        if !hand.contains(card) {
            return Err(RuleError::NotInHand { seat, card, hand });
        }
        let table = self.setup.table;
        if let Action::Capture { played, taken } = action {
            if !taken.is_subset(table) {
                let missing = taken - table;
                return Err(RuleError::NotOnTable { missing, table });
            }
            if taken.is_empty() || sum(taken) != u32::from(value(played)) {
                return Err(RuleError::WrongSum { played, taken });
            }
        }
        // Every rule is checked: from here on nothing can fail.
        self.setup.hands[seat.index()].remove(card);
        match action {
            Action::Capture { played, taken } => {
                self.setup.table -= taken;
                self.setup.captured[seat.index()] |= taken.with(played);
                events.emit(|| Event::Captured {
                    seat,
                    card: played,
                    taken,
                });
            }
            Action::Trail(card) => {
                self.setup.table.insert(card);
                events.emit(|| Event::Trailed { seat, card });
            }
        }
        if Game::is_terminal(self) {
            let settlement = self.settlement();
            events.emit(|| Event::Ended { settlement });
        }
        Ok(())
    }

    fn start_events(&self, events: &mut impl Events<Event>) {
        let hands = self.setup.hands.iter();
        events.emit(|| Event::Started {
            deal: Deal {
                hands: hands
                    .map(|h| cards_core::Cards::Shown(h.iter().collect()))
                    .collect(),
                table: self.setup.table,
            },
            captured: self.setup.captured,
        });
    }

    /// A seat sees its own hand; an onlooker none.
    fn redact(_: &Rules, event: &Event, seat: PlayerId) -> Event {
        match event {
            Event::Started { deal, captured } => Event::Started {
                deal: Deal {
                    hands: (deal.hands.iter().enumerate())
                        .map(|(s, hand)| hand.shown_if(s == seat.index()))
                        .collect(),
                    table: deal.table,
                },
                captured: *captured,
            },
            other => other.clone(),
        }
    }

    fn blank_view(rules: &Rules, players: usize, seat: PlayerId) -> View {
        View {
            rules: *rules,
            seat,
            hand: Cards::EMPTY,
            table: Cards::EMPTY,
            captured: PerSeat::new(players).unwrap_or_default(),
        }
    }

    fn observe(view: &mut View, event: &Event) -> Result<(), ObserveError> {
        let mut next = *view;
        let players = next.captured.len();
        let at = |seat: PlayerId| {
            (seat.index() < players)
                .then_some(seat.index())
                .ok_or_else(|| ObserveError::new(format!("no seat {seat} at this table")))
        };
        match event {
            Event::Started { deal, captured } => {
                if deal.hands.len() != players || captured.len() != players {
                    return Err(ObserveError::new("a start for another number of seats"));
                }
                next.hand = match deal.hands.get(view.seat.index()) {
                    Some(cards_core::Cards::Shown(cards)) => cards.iter().copied().collect(),
                    Some(cards_core::Cards::Hidden(_)) => {
                        return Err(ObserveError::new("the start hides this seat's own hand"));
                    }
                    None => Cards::EMPTY,
                };
                next.table = deal.table;
                next.captured = *captured;
            }
            Event::Trailed { seat, card } => {
                at(*seat)?;
                if *seat == view.seat {
                    next.hand.remove(*card);
                }
                next.table.insert(*card);
            }
            Event::Captured { seat, card, taken } => {
                let i = at(*seat)?;
                if *seat == view.seat {
                    next.hand.remove(*card);
                }
                next.table -= *taken;
                next.captured[i] |= taken.with(*card);
            }
            Event::Ended { .. } => {}
        }
        *view = next;
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        let captured = self.setup.captured.map(|c| c.len() as u8);
        self.is_terminal().then_some(Outcome { captured })
    }

    fn settlement(&self) -> PerSeat<i64> {
        let players = self.num_players();
        match self.outcome() {
            Some(Outcome { captured }) => {
                let total: i64 = captured.iter().map(|&c| i64::from(c)).sum();
                captured.map(|c| players as i64 * i64::from(c) - total)
            }
            None => PerSeat::new(players).unwrap_or_default(),
        }
    }

    fn view(&self, seat: PlayerId) -> View {
        let hand = self.setup.hands.get(seat.index()).copied();
        View {
            rules: self.rules,
            seat,
            hand: hand.unwrap_or_default(),
            table: self.setup.table,
            captured: self.setup.captured,
        }
    }

    fn view_legal_actions(view: &View, out: &mut Vec<Action>) {
        out.clear();
        if view.seat_to_act() == Some(view.seat) {
            each_legal(view.hand, view.table, |a| out.push(a));
        }
    }

    /// Deals the cards the view does not show, shuffled by `rng`, to the other seats and the
    /// stock; the result is validated like any setup.
    fn sample_world<R: Rng + ?Sized>(view: &View, rng: &mut R) -> Result<Self, SetupError> {
        let rules = &view.rules;
        let players = view.captured.len();
        rules.validate(players)?;
        if view.seat.index() >= players {
            return Err(SetupError::NoSuchSeat(view.seat));
        }
        let played = cards_played(rules, view.table, &view.captured)?;
        let shown = view
            .captured
            .iter()
            .fold(view.hand | view.table, |s, &c| s | c);
        let mut unseen: Vec<StdCard> = (Fishing::deck(rules) - shown).iter().collect();
        rng.shuffle(&mut unseen);
        let mut unseen = unseen.into_iter();
        let hands = PerSeat::from_fn(players, |seat| {
            if seat == view.seat {
                view.hand
            } else {
                let len = hand_len(rules, players, played, seat);
                unseen.by_ref().take(len).collect()
            }
        });
        let setup = Setup {
            hands: hands.unwrap_or_default(),
            table: view.table,
            captured: view.captured,
            stock: unseen.collect(),
        };
        validate(rules, setup)
    }

    fn max_actions(rules: &Rules, players: usize) -> usize {
        rules.turns(players)
    }

    /// The 52 ranked cards.
    fn deck(_: &Rules) -> Cards {
        Cards::full() - Cards::single(StdCard::JOKER_1) - Cards::single(StdCard::JOKER_2)
    }

    fn census(&self) -> Census<StdCard> {
        let mut census = Census::default();
        let setup = &self.setup;
        setup.hands.iter().for_each(|&hand| census.add(hand));
        setup.captured.iter().for_each(|&pile| census.add(pile));
        census.add(setup.table);
        census.add(setup.stock);
        census
    }
}

// ---------------------------------------------------------------------------------------------
// The stepped indexed position.

/// One step of a decision, and its index in `0..Steps::NUM_ACTIONS`:
///
/// | indices | step |
/// |---|---|
/// | `0..54` | [`Step::Play`] card `i` (a card with some capture): starts a capture |
/// | `54..108` | [`Step::Pick`] table card `i − 54` during a capture |
/// | `108` | [`Step::Confirm`] the capture of the cards picked |
/// | `109..163` | [`Step::Trail`] card `i − 109`: the whole action [`Action::Trail`] |
///
/// (The jokers' indices, 52, 53, 106, 107, 161 and 162, are never legal: jokers are not in
/// play.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// Play this card of the hand to capture with it.
    Play(StdCard),
    /// Add this table card to the capture.
    Pick(StdCard),
    /// Capture the cards picked.
    Confirm,
    /// Trail this card of the hand.
    Trail(StdCard),
}

impl Step {
    const PLAY: usize = 0;
    const PICK: usize = StdCard::COUNT;
    const CONFIRM: usize = 2 * StdCard::COUNT;
    const TRAIL: usize = 2 * StdCard::COUNT + 1;
    /// Size of the index space.
    pub const COUNT: usize = 3 * StdCard::COUNT + 1;

    /// The step's index.
    #[must_use]
    pub fn index(self) -> usize {
        let card = |c: StdCard| usize::from(c.index());
        match self {
            Step::Play(c) => Self::PLAY + card(c),
            Step::Pick(c) => Self::PICK + card(c),
            Step::Confirm => Self::CONFIRM,
            Step::Trail(c) => Self::TRAIL + card(c),
        }
    }

    /// The step with this index, or `None` when `index >= Step::COUNT`.
    #[must_use]
    pub fn from_index(index: usize) -> Option<Step> {
        let card = |i: usize| u8::try_from(i).ok().and_then(StdCard::from_index);
        match index {
            Self::CONFIRM => Some(Step::Confirm),
            i if i < Self::PICK => card(i - Self::PLAY).map(Step::Play),
            i if i < Self::CONFIRM => card(i - Self::PICK).map(Step::Pick),
            i => card(i - Self::TRAIL).map(Step::Trail),
        }
    }
}

/// A capture under way: the card played and the table cards picked so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pending {
    /// The card of the hand played.
    pub played: StdCard,
    /// The table cards picked so far.
    pub picked: Cards,
}

impl Pending {
    /// What the picks still have to add up to.
    fn remaining(self) -> Option<u32> {
        u32::from(value(self.played)).checked_sub(sum(self.picked))
    }
}

/// Fishing seen through the stepped action index (see [`Step`]).
///
/// Mid-decision it holds the capture under way; [`Indexed::game`] is then still the state
/// before the decision, which changes only when the capture is confirmed. Every capture under
/// way can be completed: a pick is offered only when the cards picked can still grow into a
/// capture, and confirm only when they are one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Steps {
    pub(crate) game: Fishing,
    pub(crate) pending: Option<Pending>,
}

impl Steps {
    /// The capture under way, if any.
    #[must_use]
    pub fn pending(&self) -> Option<Pending> {
        self.pending
    }

    /// Whether `step` is legal now (exactly the steps of [`Indexed::legal_mask`]).
    #[must_use]
    pub fn is_legal(&self, step: Step) -> bool {
        if self.game.is_terminal() {
            return false;
        }
        let (hand, table) = (self.game.hand_to_act(), self.game.table());
        match (self.pending, step) {
            (None, Step::Play(card)) => {
                hand.contains(card) && can_sum(table, u32::from(value(card))) && value(card) > 0
            }
            (None, Step::Trail(card)) => hand.contains(card),
            (Some(p), Step::Pick(card)) => {
                let rest = table - p.picked - Cards::single(card);
                let left = p
                    .remaining()
                    .and_then(|r| r.checked_sub(value(card).into()));
                table.contains(card)
                    && !p.picked.contains(card)
                    && left.is_some_and(|l| can_sum(rest, l))
            }
            (Some(p), Step::Confirm) => p.remaining() == Some(0),
            _ => false,
        }
    }
}

impl Indexed for Steps {
    type Game = Fishing;
    const NUM_ACTIONS: usize = Step::COUNT;
    // A test position: its steps are told by number.
    type Step = usize;

    fn step(index: usize) -> Option<usize> {
        (index < Step::COUNT).then_some(index)
    }

    fn from_game(game: Fishing) -> Self {
        Steps {
            game,
            pending: None,
        }
    }

    fn game(&self) -> &Fishing {
        &self.game
    }

    fn legal_mask(&self, mask: &mut ActionMask) {
        mask.reset(Self::NUM_ACTIONS);
        let mut offer = |step: Step| {
            if self.is_legal(step) {
                mask.insert(step.index());
            }
        };
        match self.pending {
            None => {
                for card in self.game.hand_to_act() {
                    offer(Step::Play(card));
                    offer(Step::Trail(card));
                }
            }
            Some(p) => {
                (self.game.table() - p.picked)
                    .iter()
                    .for_each(|card| offer(Step::Pick(card)));
                offer(Step::Confirm);
            }
        }
    }

    fn play_index(&mut self, index: usize) -> Result<(), IndexError<RuleError>> {
        let bound = Self::NUM_ACTIONS;
        let step = Step::from_index(index).ok_or(IndexError::OutOfRange { index, bound })?;
        if !self.is_legal(step) {
            return Err(IndexError::NotLegal { index });
        }
        match (step, self.pending) {
            (Step::Play(played), _) => {
                let picked = Cards::EMPTY;
                self.pending = Some(Pending { played, picked });
            }
            (Step::Pick(card), Some(p)) => {
                let picked = p.picked.with(card);
                self.pending = Some(Pending { picked, ..p });
            }
            (Step::Confirm, Some(Pending { played, picked })) => {
                let capture = Action::Capture {
                    played,
                    taken: picked,
                };
                self.game.play(capture).map_err(IndexError::Rule)?;
                self.pending = None;
            }
            (Step::Trail(card), _) => self
                .game
                .play(Action::Trail(card))
                .map_err(IndexError::Rule)?,
            // `is_legal` offers picks and confirm only during a capture.
            (Step::Pick(_) | Step::Confirm, None) => return Err(IndexError::NotLegal { index }),
        }
        Ok(())
    }

    /// A trail is its one index; a capture is *play the card*, *pick* each table card taken in
    /// card index order, *confirm*.
    fn action_path(action: Action, out: &mut Vec<usize>) {
        out.clear();
        match action {
            Action::Trail(card) => out.push(Step::Trail(card).index()),
            Action::Capture { played, taken } => {
                out.push(Step::Play(played).index());
                out.extend(taken.iter().map(|t| Step::Pick(t).index()));
                out.push(Step::Confirm.index());
            }
        }
    }

    /// A capture is under way.
    fn in_decision(&self) -> bool {
        self.pending.is_some()
    }
}
