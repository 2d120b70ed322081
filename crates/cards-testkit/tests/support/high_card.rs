//! **High card**, a toy game implementing [`cards_core::Game`] the way a developer outside this
//! project would: small, but keeping the whole contract, so that `cards-testkit` can check it.
//!
//! # Rules
//! 2 to 4 players and the 36-card Jass deck. Each seat is dealt [`Rules::hand_size`] cards; the
//! rest of the deck (the *stock*) stays face down and is never seen. Seat 0 leads the first
//! round. In a round every seat, in turn from the leader, lays one card of its hand face up.
//! The highest rank (6 < 7 < … < K < A) wins the round; among equal ranks the card laid first
//! wins. The winner leads the next round. When the hands are empty, every round won is worth
//! one chip from each other seat: a seat's settlement is `players × rounds won − rounds`.
//!
//! A state is its [`Setup`] (where every card is, who leads), validated: [`Game::new`], the
//! state's JSON and [`Game::sample_world`] all build one through [`Game::from_setup`]'s checks.

use core::fmt;
use core::ops::RangeInclusive;
use core::str::FromStr;

use cards_core::{
    Card, CardSet, Cards, Census, DirectIndex, Draw, Events, Game, GameEvent, JassCard,
    ObserveError, PerSeat, PlayerCountError, PlayerId, Rng, Seed, shuffled_deck,
};
use serde::{Deserialize, Serialize};

/// The most seats at a table.
pub const MAX_PLAYERS: usize = 4;

/// The rules: one option.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// Cards dealt to each seat, hence rounds played: 1 to [`Rules::MAX_HAND`] (default 4).
    pub hand_size: usize,
}

/// No presets.
impl cards_core::Presets for Rules {}

impl Default for Rules {
    fn default() -> Self {
        Rules { hand_size: 4 }
    }
}

impl Rules {
    /// The player counts the game is played with.
    pub const PLAYERS: RangeInclusive<usize> = 2..=MAX_PLAYERS;
    /// The largest hand: the deck shared among the most seats.
    pub const MAX_HAND: usize = JassCard::COUNT / MAX_PLAYERS;

    /// Whether these rules can be played by `players`.
    ///
    /// # Errors
    /// [`SetupError::PlayerCount`] or [`SetupError::HandSize`].
    pub fn validate(&self, players: usize) -> Result<(), SetupError> {
        PlayerCountError::check(HighCard::NAME, players, Self::PLAYERS)?;
        if !(1..=Self::MAX_HAND).contains(&self.hand_size) {
            return Err(SetupError::HandSize(self.hand_size));
        }
        Ok(())
    }
}

/// A move: lay a card of the hand. Text `play 7H`; serde through the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Lay this card face up.
    Play(JassCard),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Action::Play(card) = self;
        write!(f, "play {card}")
    }
}

/// Text that is not an [`Action`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot read {0:?} as an action: expected `play` and a card, such as `play 7H`")]
pub struct ParseActionError(pub String);

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let card = s.strip_prefix("play ").and_then(|c| c.trim().parse().ok());
        card.map(Action::Play)
            .ok_or_else(|| ParseActionError(s.to_owned()))
    }
}

cards_core::serde_via_text!(Action, "a High card action such as \"play 7H\"");

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
        card: JassCard,
        /// What the seat holds.
        hand: CardSet<JassCard>,
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
    /// The table's per-seat lists are not as long as the hands (the number of players).
    #[error("table.cards and table.won must have one entry per seat: {0}")]
    Seats(usize),
    /// A seat number beyond the table.
    #[error("seat {0} is not at the table")]
    NoSuchSeat(PlayerId),
    /// A card placed in two zones (or twice on the table).
    #[error("{0} is placed twice")]
    CardTwice(JassCard),
    /// A card placed nowhere.
    #[error("{0} is missing: every card of the deck must be placed once")]
    CardMissing(JassCard),
    /// More rounds won in all than [`Rules::hand_size`] rounds.
    #[error("{0} rounds won in all: more than a game has")]
    TooManyRounds(usize),
    /// The played pile holds other than one card per seat per round won: got, expected.
    #[error("{0} cards in the played pile, expected {1}: one per seat per round won")]
    PlayedCount(usize, usize),
    /// The table is not a round in progress.
    #[error("the cards on the table must be part of a round, laid in turn from seat {0}")]
    TableOrder(PlayerId),
    /// A hand of the wrong size: the seat, cards held, cards it must hold at this point.
    #[error("seat {0} holds {1} cards, expected {2}")]
    HandLen(PlayerId, usize, usize),
}

/// What every seat sees: the round in progress, the finished rounds, the lead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Table {
    /// The card each seat has laid in the current round, if any.
    pub cards: PerSeat<Option<JassCard>>,
    /// The cards of the finished rounds.
    pub played: CardSet<JassCard>,
    /// Rounds won by each seat.
    pub won: PerSeat<u8>,
    /// The seat that leads the current round (after the last round: its winner).
    pub leader: PlayerId,
}

impl Table {
    fn rounds_done(&self) -> usize {
        self.won.iter().map(|&w| usize::from(w)).sum()
    }

    /// The seat to act: the next after the cards laid, while rounds remain.
    fn seat_to_act(&self, rules: &Rules) -> Option<PlayerId> {
        if self.rounds_done() >= rules.hand_size {
            return None;
        }
        let laid = self.cards.iter().flatten().count();
        PlayerId::from_index((self.leader.index() + laid).checked_rem(self.cards.len())?)
    }

    /// How many cards `seat` holds at this point.
    fn hand_len(&self, rules: &Rules, seat: PlayerId) -> usize {
        let laid = usize::from(self.cards.get(seat.index()).is_some_and(Option::is_some));
        rules.hand_size.saturating_sub(self.rounds_done() + laid)
    }

    /// The winner of a full round: highest rank, the first laid among equals.
    fn round_winner(&self) -> PlayerId {
        let players = self.cards.len();
        let mut best: Option<(PlayerId, JassCard)> = None;
        let mut seat = self.leader;
        for _ in 0..players {
            if let Some(card) = self.cards[seat.index()]
                && best.is_none_or(|(_, b)| card.rank() > b.rank())
            {
                best = Some((seat, card));
            }
            seat = seat.next(players);
        }
        best.map_or(self.leader, |(seat, _)| seat)
    }
}

/// An explicit position: every card placed, and the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// Each seat's hand; their number is the number of players.
    pub hands: PerSeat<CardSet<JassCard>>,
    /// The cards never dealt.
    pub stock: CardSet<JassCard>,
    /// What everyone sees.
    pub table: Table,
}

/// What one seat sees: its hand and the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct View {
    /// The rules played under.
    pub rules: Rules,
    /// The seat whose view this is.
    pub seat: PlayerId,
    /// Its hand.
    pub hand: CardSet<JassCard>,
    /// The table.
    pub table: Table,
}

/// How the game ended: the rounds each seat won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// Rounds won by each seat.
    pub won: PerSeat<u8>,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let best = self.won.iter().copied().max().unwrap_or(0);
        let rounds: u32 = self.won.iter().map(|&w| u32::from(w)).sum();
        let top: Vec<String> = PlayerId::all(self.won.len())
            .filter(|s| self.won[s.index()] == best)
            .map(|s| s.to_string())
            .collect();
        let who = match top.as_slice() {
            [winner] => format!("seat {winner} wins"),
            tied => format!("seats {} tie", tied.join(", ")),
        };
        write!(f, "{who} with {best} of {rounds} rounds")
    }
}

/// The hands at the start, in deck order: a seat sees its own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deal {
    /// Each seat's hand.
    pub hands: Vec<Cards<JassCard>>,
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// The game starts: the hands, and the table as it lies.
    Started {
        /// The hands.
        deal: Deal,
        /// The table.
        table: Table,
    },
    /// A seat laid a card.
    Laid {
        /// Who.
        seat: PlayerId,
        /// The card.
        card: JassCard,
    },
    /// A round ended: its winner takes the cards laid.
    RoundWon {
        /// The winner, who leads next.
        seat: PlayerId,
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
                let hands: Vec<String> = deal
                    .hands
                    .iter()
                    .enumerate()
                    .map(|(seat, hand)| format!("seat {seat} holds {hand}"))
                    .collect();
                write!(f, "the game starts: {}", hands.join("; "))
            }
            Event::Laid { seat, card } => write!(f, "seat {seat} laid {card}"),
            Event::RoundWon { seat } => write!(f, "seat {seat} won the round"),
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

/// A game of High card: the rules and a validated position.
///
/// The fields are crate-private so that this crate's tests can break a state on purpose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HighCard {
    pub(crate) rules: Rules,
    pub(crate) setup: Setup,
}

/// Checks every rule of a position and builds the game.
fn validate(rules: &Rules, setup: Setup) -> Result<HighCard, SetupError> {
    let players = setup.hands.len();
    rules.validate(players)?;
    let table = &setup.table;
    if table.cards.len() != players || table.won.len() != players {
        return Err(SetupError::Seats(players));
    }
    if table.leader.index() >= players {
        return Err(SetupError::NoSuchSeat(table.leader));
    }
    let laid = table.cards.iter().flatten().map(|&c| CardSet::single(c));
    let mut seen = CardSet::EMPTY;
    for zone in setup
        .hands
        .iter()
        .copied()
        .chain([setup.stock, table.played])
        .chain(laid)
    {
        if let Some(card) = (seen & zone).first() {
            return Err(SetupError::CardTwice(card));
        }
        seen |= zone;
    }
    if let Some(card) = (HighCard::deck(rules) - seen).first() {
        return Err(SetupError::CardMissing(card));
    }
    let won = table.rounds_done();
    if won > rules.hand_size {
        return Err(SetupError::TooManyRounds(won));
    }
    if table.played.len() != won * players {
        return Err(SetupError::PlayedCount(table.played.len(), won * players));
    }
    let on_table = table.cards.iter().flatten().count();
    let from_leader = |k: usize| table.cards[(table.leader.index() + k) % players];
    let in_turn = (0..players).all(|k| from_leader(k).is_some() == (k < on_table));
    if !in_turn || on_table == players || (on_table > 0 && won == rules.hand_size) {
        return Err(SetupError::TableOrder(table.leader));
    }
    for seat in PlayerId::all(players) {
        let (got, expected) = (setup.hands[seat.index()].len(), table.hand_len(rules, seat));
        if got != expected {
            return Err(SetupError::HandLen(seat, got, expected));
        }
    }
    Ok(HighCard {
        rules: *rules,
        setup,
    })
}

/// A state's JSON: `{"rules": …, "setup": …}`, read back through [`validate`].
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "HighCard")]
struct StateJson {
    rules: Rules,
    setup: Setup,
}

impl Serialize for HighCard {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (rules, setup) = (self.rules, self.setup);
        StateJson { rules, setup }.serialize(s)
    }
}

impl<'de> Deserialize<'de> for HighCard {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let json = StateJson::deserialize(d)?;
        validate(&json.rules, json.setup).map_err(serde::de::Error::custom)
    }
}

impl Game for HighCard {
    type Rules = Rules;
    type Action = Action;
    type View = View;
    type Setup = Setup;
    type Outcome = Outcome;
    type Card = JassCard;
    type Error = RuleError;
    type Event = Event;
    type SetupError = SetupError;

    const NAME: &'static str = "highcard";

    fn player_range(_: &Rules) -> RangeInclusive<usize> {
        Rules::PLAYERS
    }

    /// Deals `hand_size` cards to each seat from the deck shuffled by `seed` (deal 0).
    fn new(rules: &Rules, players: usize, seed: Seed) -> Result<Self, SetupError> {
        rules.validate(players)?; // so the deal fits the deck and the `PerSeat`s below
        let deck = shuffled_deck::<JassCard>(seed);
        let (dealt, stock) = deck.split_at(players * rules.hand_size);
        let mut hands = dealt
            .chunks(rules.hand_size)
            .map(|c| c.iter().copied().collect());
        let table = Table {
            cards: PerSeat::new(players).unwrap_or_default(),
            played: CardSet::EMPTY,
            won: PerSeat::new(players).unwrap_or_default(),
            leader: PlayerId(0),
        };
        let setup = Setup {
            hands: PerSeat::from_fn(players, |_| hands.next().unwrap_or_default())
                .unwrap_or_default(),
            stock: stock.iter().copied().collect(),
            table,
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
        self.setup.table.seat_to_act(&self.rules)
    }

    /// The cards of the hand of the seat to act, in deck order.
    fn for_each_legal(&self, f: impl FnMut(Action)) {
        if let Some(seat) = self.to_act() {
            self.setup.hands[seat.index()]
                .iter()
                .map(Action::Play)
                .for_each(f);
        }
    }

    fn play_reporting(
        &mut self,
        action: Action,
        events: &mut impl Events<Event>,
    ) -> Result<(), RuleError> {
        let Action::Play(card) = action;
        let seat = self.to_act().ok_or(RuleError::GameOver)?;
        let hand = &mut self.setup.hands[seat.index()];
        if !hand.contains(card) {
            let hand = *hand;
            return Err(RuleError::NotInHand { seat, card, hand });
        }
        // Every rule is checked: from here on nothing can fail.
        hand.remove(card);
        events.emit(|| Event::Laid { seat, card });
        let table = &mut self.setup.table;
        table.cards[seat.index()] = Some(card);
        if table.cards.iter().all(Option::is_some) {
            let winner = table.round_winner();
            table.played.extend(table.cards.iter().flatten().copied());
            table.cards.fill(None);
            table.won[winner.index()] += 1;
            table.leader = winner;
            events.emit(|| Event::RoundWon { seat: winner });
            if self.is_terminal() {
                let settlement = self.settlement();
                events.emit(|| Event::Ended { settlement });
            }
        }
        Ok(())
    }

    fn start_events(&self, events: &mut impl Events<Event>) {
        let hands = self
            .setup
            .hands
            .iter()
            .map(|h| Cards::Shown(h.iter().collect()));
        events.emit(|| Event::Started {
            deal: Deal {
                hands: hands.collect(),
            },
            table: self.setup.table,
        });
    }

    /// A seat sees its own hand; an onlooker none.
    fn redact(_: &Rules, event: &Event, seat: PlayerId) -> Event {
        match event {
            Event::Started { deal, table } => Event::Started {
                deal: Deal {
                    hands: (deal.hands.iter().enumerate())
                        .map(|(s, hand)| hand.shown_if(s == seat.index()))
                        .collect(),
                },
                table: *table,
            },
            other => other.clone(),
        }
    }

    fn blank_view(rules: &Rules, players: usize, seat: PlayerId) -> View {
        View {
            rules: *rules,
            seat,
            hand: CardSet::EMPTY,
            table: Table {
                cards: PerSeat::new(players).unwrap_or_default(),
                played: CardSet::EMPTY,
                won: PerSeat::new(players).unwrap_or_default(),
                leader: PlayerId(0),
            },
        }
    }

    fn observe(view: &mut View, event: &Event) -> Result<(), ObserveError> {
        let mut next = *view;
        let players = next.table.cards.len();
        let at = |seat: PlayerId| {
            (seat.index() < players)
                .then_some(seat.index())
                .ok_or_else(|| ObserveError::new(format!("no seat {seat} at this table")))
        };
        match event {
            Event::Started { deal, table } => {
                if deal.hands.len() != players || table.cards.len() != players {
                    return Err(ObserveError::new("a start for another number of seats"));
                }
                next.hand = match deal.hands.get(view.seat.index()) {
                    Some(Cards::Shown(cards)) => cards.iter().copied().collect(),
                    Some(Cards::Hidden(_)) => {
                        return Err(ObserveError::new("the start hides this seat's own hand"));
                    }
                    None => CardSet::EMPTY,
                };
                next.table = *table;
            }
            Event::Laid { seat, card } => {
                let i = at(*seat)?;
                if next.table.cards[i].is_some() {
                    return Err(ObserveError::new(format!("seat {seat} has laid already")));
                }
                if *seat == view.seat {
                    next.hand.remove(*card);
                }
                next.table.cards[i] = Some(*card);
            }
            Event::RoundWon { seat } => {
                let i = at(*seat)?;
                let table = &mut next.table;
                table.played.extend(table.cards.iter().flatten().copied());
                table.cards.fill(None);
                table.won[i] = table.won[i].saturating_add(1);
                table.leader = *seat;
            }
            Event::Ended { .. } => {}
        }
        *view = next;
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        let won = self.setup.table.won;
        self.is_terminal().then_some(Outcome { won })
    }

    fn settlement(&self) -> PerSeat<i64> {
        let (won, players) = (self.setup.table.won, self.num_players());
        let rounds = self.setup.table.rounds_done() as i64;
        match self.outcome() {
            Some(_) => won.map(|w| players as i64 * i64::from(w) - rounds),
            None => PerSeat::new(players).unwrap_or_default(),
        }
    }

    fn view(&self, seat: PlayerId) -> View {
        let hand = self.setup.hands.get(seat.index()).copied();
        let (rules, table) = (self.rules, self.setup.table);
        View {
            rules,
            seat,
            hand: hand.unwrap_or_default(),
            table,
        }
    }

    fn view_legal_actions(view: &View, out: &mut Vec<Action>) {
        out.clear();
        if view.table.seat_to_act(&view.rules) == Some(view.seat) {
            out.extend(view.hand.iter().map(Action::Play));
        }
    }

    /// Deals the cards the view does not show, shuffled by `rng`, to the other seats and the
    /// stock; the result is validated like any setup.
    fn sample_world<R: Rng + ?Sized>(view: &View, rng: &mut R) -> Result<Self, SetupError> {
        let (rules, table) = (&view.rules, &view.table);
        let players = table.cards.len();
        rules.validate(players)?;
        if view.seat.index() >= players {
            return Err(SetupError::NoSuchSeat(view.seat));
        }
        let shown = view.hand | table.played | table.cards.iter().flatten().copied().collect();
        let mut unseen: Vec<JassCard> = (HighCard::deck(rules) - shown).iter().collect();
        rng.shuffle(&mut unseen);
        let mut unseen = unseen.into_iter();
        let hands = PerSeat::from_fn(players, |seat| {
            if seat == view.seat {
                view.hand
            } else {
                unseen.by_ref().take(table.hand_len(rules, seat)).collect()
            }
        });
        let setup = Setup {
            hands: hands.unwrap_or_default(),
            stock: unseen.collect(),
            table: *table,
        };
        validate(rules, setup)
    }

    fn max_actions(rules: &Rules, players: usize) -> usize {
        rules.hand_size * players
    }

    fn census(&self) -> Census<JassCard> {
        let mut census = Census::default();
        self.setup.hands.iter().for_each(|&hand| census.add(hand));
        census.add(self.setup.stock);
        census.add(self.setup.table.played);
        census.add_all(self.setup.table.cards.iter().flatten().copied());
        census
    }
}

/// One index per card: the card's index in the deck.
impl DirectIndex for HighCard {
    const ACTION_COUNT: usize = JassCard::COUNT;

    fn action_index(Action::Play(card): Action) -> usize {
        usize::from(card.index())
    }

    fn action_from_index(index: usize) -> Option<Action> {
        let index = u8::try_from(index).ok()?;
        JassCard::from_index(index).map(Action::Play)
    }
}
