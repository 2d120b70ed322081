//! The [`Game`] trait every game crate implements, and [`Census`], its card-conservation summary.

use core::fmt;
use core::ops::RangeInclusive;
use core::str::FromStr;

use crate::{Card, CardSet, Events, GameEvent, NoEvents, ObserveError, PerSeat, PlayerId, Seed};

/// Where the cards of a state are, summarized: how many card slots its zones hold and which
/// cards they cover. A state conserves cards when [`Census::is_exactly`] its deck.
///
/// ```
/// use cards_core::{Census, CardSet, DidoCard};
/// let mut census = Census::<DidoCard>::default();
/// census.add(CardSet::full());
/// assert!(census.is_exactly(CardSet::full()));
/// census.add_card("A1".parse().unwrap()); // A1 twice
/// assert!(!census.is_exactly(CardSet::full()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Census<C: Card> {
    /// Total number of card slots over all zones (a card held twice counts twice).
    pub count: usize,
    /// Union of the cards in all zones.
    pub cards: CardSet<C>,
}

impl<C: Card> Default for Census<C> {
    fn default() -> Self {
        Census {
            count: 0,
            cards: CardSet::EMPTY,
        }
    }
}

impl<C: Card> Census<C> {
    /// Adds the cards of one zone.
    pub fn add(&mut self, cards: CardSet<C>) {
        self.count += cards.len();
        self.cards |= cards;
    }

    /// Adds one card.
    pub fn add_card(&mut self, card: C) {
        self.count += 1;
        self.cards.insert(card);
    }

    /// Adds every card of an ordered zone (a pile, a row).
    pub fn add_all(&mut self, cards: impl IntoIterator<Item = C>) {
        cards.into_iter().for_each(|c| self.add_card(c));
    }

    /// Whether the zones hold exactly the cards of `deck`, each once.
    #[must_use]
    pub fn is_exactly(&self, deck: CardSet<C>) -> bool {
        self.count == deck.len() && self.cards == deck
    }
}

/// A game as a pure state machine: a state value, its legal actions, and transitions that
/// either happen completely or not at all, never panicking on any input.
///
/// # The contract
/// - **In-place play is the primitive.** [`Game::play`] checks every rule before anything
///   moves: on error the state is exactly as it was. [`Game::apply`] (clone, then play) is
///   provided; generic code (players, playouts, search) uses `play` on its own copy.
/// - **Legal actions** come in a stable, documented order ([`Game::for_each_legal`]); the list
///   is empty exactly when the game is over ([`Game::to_act`] is `None`). Every listed action
///   plays; every other action is refused with [`Game::Error`].
/// - **Chance.** All chance is fixed by the seed given at [`Game::new`], deal by deal: deal
///   `k` draws from [`GameRng::for_deal`](crate::GameRng::for_deal)`(seed, k)`, a stream of its own, clear of the player
///   and probe streams, so that how a deal was played never changes the cards of the next.
///   A game that deals again keeps its seed in its state; a [`Game::view`] never reveals it.
///   [`Game::from_setup`] starts from explicit cards instead; a set-up game that deals again
///   takes the seed for its later deals from its [`Game::Setup`].
/// - **Views and worlds.** [`Game::view`] is exactly what one seat may see.
///   [`Game::sample_world`] returns a full state that shows that seat the same view: it draws
///   fresh chance for everything the view does not show (hidden cards, and the seed of any
///   later deal), and respects everything the view implies (cards seen, suits a seat showed it
///   lacks, a seat asked to act on a card it must hold).
/// - **Settlement.** [`Game::settlement`] is the game's integer result per seat, zero-sum, all
///   zeros until the game is over; [`Game::returns`] is the same as `f64`. Neither allocates.
/// - **Cards are conserved.** [`Game::census`] covers [`Game::deck`] exactly once in every
///   state.
/// - **Every game ends** within [`Game::max_actions`] actions.
/// - **Events.** [`Game::play_reporting`] is the transition: it reports the events an action
///   caused, in order, into any [`Events`] sink; [`Game::play`] is the same transition
///   reporting into [`NoEvents`], which builds none. [`Game::start_events`] tells the start (the
///   deal). [`Game::redact`] is an event as one seat may know it, and [`Game::observe`] applied
///   to [`Game::blank_view`] and a seat's redacted events from the start rebuilds exactly that
///   seat's [`Game::view`] after every action.
///
/// The [`Indexed`](crate::Indexed) face (a small fixed action index for learning agents) is
/// separate: most games implement [`DirectIndex`](crate::DirectIndex), one index per action.
/// `cards-testkit` checks all of this for any implementation.
///
/// Methods on this trait are the game's whole generic face; a game crate adds inherent methods
/// only for what is its own (a hand, the pairs on the table, real-time claims), never a second
/// `play` or `to_act`.
pub trait Game:
    Clone + PartialEq + fmt::Debug + serde::Serialize + serde::de::DeserializeOwned + Send + Sync
{
    /// The rules configuration: every option the spec names (`Default` is the documented
    /// default; [`Presets`](crate::Presets) names other complete rule sets).
    type Rules: Clone
        + PartialEq
        + fmt::Debug
        + Default
        + crate::Presets
        + serde::Serialize
        + serde::de::DeserializeOwned
        + Send
        + Sync;
    /// One move. `Copy`; its `Display`/`FromStr` text is the game's action notation (the
    /// oracle's), and serde goes through that text.
    type Action: Copy
        + Eq
        + core::hash::Hash
        + fmt::Debug
        + fmt::Display
        + FromStr
        + serde::Serialize
        + serde::de::DeserializeOwned
        + Send
        + Sync;
    /// What one seat may see.
    type View: Clone
        + PartialEq
        + fmt::Debug
        + serde::Serialize
        + serde::de::DeserializeOwned
        + Send
        + Sync;
    /// An explicit position to start from (every card placed, whose turn it is): the raw input
    /// [`Game::from_setup`] validates. Every state round-trips through it ([`Game::setup`]).
    type Setup: Clone
        + PartialEq
        + fmt::Debug
        + serde::Serialize
        + serde::de::DeserializeOwned
        + Send
        + Sync;
    /// How a finished game ended (`Display` is a sentence a person can read).
    type Outcome: Clone + PartialEq + fmt::Debug + fmt::Display + serde::Serialize + Send + Sync;
    /// The deck the game is played with.
    type Card: Card;
    /// Why an action was refused.
    type Error: std::error::Error + Clone + PartialEq + Send + Sync + 'static;
    /// What happened: the events [`Game::play_reporting`] and [`Game::start_events`] report
    /// (`Display` is a sentence a player understands).
    type Event: GameEvent;
    /// Why a game could not be set up: bad player count or rules, an invalid setup, a view that
    /// no world fits.
    type SetupError: std::error::Error + Clone + PartialEq + Send + Sync + 'static;

    /// The game's name, as used in records, on the command line and in oracle ops.
    const NAME: &'static str;

    /// The player counts the game is played with under `rules`.
    fn player_range(rules: &Self::Rules) -> RangeInclusive<usize>;

    /// A new game for `players` seats; every chance event comes from `seed`.
    ///
    /// # Errors
    /// [`Game::SetupError`] for a player count outside [`Game::player_range`] or inconsistent
    /// rules.
    fn new(rules: &Self::Rules, players: usize, seed: Seed) -> Result<Self, Self::SetupError>;

    /// The game at an explicit position (a real deal, a test position, one deal played at
    /// several tables).
    ///
    /// # Errors
    /// [`Game::SetupError`] saying what is wrong when the setup breaks any rule (a card missing
    /// or twice, wrong hand sizes, a phase that does not fit) or does not fit `rules`.
    fn from_setup(rules: &Self::Rules, setup: Self::Setup) -> Result<Self, Self::SetupError>;

    /// This position as a [`Game::Setup`]: `from_setup(rules, state.setup())` gives `state`
    /// back.
    #[must_use]
    fn setup(&self) -> Self::Setup;

    /// The rules this game is played under.
    fn rules(&self) -> &Self::Rules;

    /// Number of seats.
    fn num_players(&self) -> usize;

    /// The seat that must act next, or `None` when the game is over.
    fn to_act(&self) -> Option<PlayerId>;

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.to_act().is_none()
    }

    /// Calls `f` with every legal action, in the game's documented stable order; never when
    /// the game is over. The primitive behind [`Game::legal_actions`] and the legal mask.
    fn for_each_legal(&self, f: impl FnMut(Self::Action));

    /// Clears `out` and fills it with every legal action, in the game's documented stable
    /// order. Empty exactly when the game is over. Allocates only when `out` must grow.
    fn legal_actions(&self, out: &mut Vec<Self::Action>) {
        out.clear();
        self.for_each_legal(|a| out.push(a));
    }

    /// The legal action at the position `pick` chooses: calls `pick` once with the number
    /// of legal actions `n` (0 when the game is over) and returns the legal action at the
    /// position it returns, counted from 0 in [`Game::for_each_legal`] order; `None` when
    /// `pick` returns `None` or a position not below `n`. `buf` is scratch space: what it
    /// holds afterwards is unspecified.
    ///
    /// The default lists the legal actions into `buf` ([`Game::legal_actions`]). A game that
    /// knows its legal actions as a mask (a bitset of cards) overrides it to pick without
    /// listing them; it must return exactly what the default returns, for every `pick` (the
    /// test kit's conformance check holds it to that). The built-in
    /// [`RandomPlayer`](crate::RandomPlayer) chooses through it.
    fn pick_legal(
        &self,
        buf: &mut Vec<Self::Action>,
        pick: impl FnOnce(usize) -> Option<usize>,
    ) -> Option<Self::Action> {
        self.legal_actions(buf);
        pick(buf.len()).and_then(|i| buf.get(i).copied())
    }

    /// Plays `action` in place and reports what it caused into `events`, in the order it
    /// happened: the card played, what it took, what was turned up, scores, the end of a deal
    /// and the start of the next, the end of the game. Nothing is reported when the action is
    /// refused. This is the game's transition; [`Game::play`] is the same with [`NoEvents`].
    ///
    /// # Errors
    /// [`Game::Error`] when the action is not legal now; the state is then exactly as it was.
    fn play_reporting(
        &mut self,
        action: Self::Action,
        events: &mut impl Events<Self::Event>,
    ) -> Result<(), Self::Error>;

    /// Plays `action` in place, reporting nothing (the primitive of simulation and search).
    ///
    /// # Errors
    /// [`Game::Error`] when the action is not legal now; the state is then exactly as it was.
    #[inline]
    fn play(&mut self, action: Self::Action) -> Result<(), Self::Error> {
        self.play_reporting(action, &mut NoEvents)
    }

    /// Reports the events of the start, as if this position had just been dealt: for a game
    /// fresh from [`Game::new`], its deal; for a position from [`Game::from_setup`], every card
    /// where it lies and whose turn it is. With [`Game::blank_view`] and [`Game::observe`] they
    /// give each seat its [`Game::view`] of this position.
    fn start_events(&self, events: &mut impl Events<Self::Event>);

    /// `event` as `seat` may know it: every card that seat may not see is left out, keeping
    /// what it may know (that a card was drawn, how many cards a hand holds). A seat not at
    /// the table is an onlooker and sees what every seat sees of the others.
    #[must_use]
    fn redact(rules: &Self::Rules, event: &Self::Event, seat: PlayerId) -> Self::Event;

    /// What `seat` sees before any event: the rules and the table, nothing dealt. Every event
    /// of the start and of each action, [`Game::redact`]ed for `seat` and
    /// [`Game::observe`]d in order, brings it to `seat`'s [`Game::view`].
    #[must_use]
    fn blank_view(rules: &Self::Rules, players: usize, seat: PlayerId) -> Self::View;

    /// Brings `view` up to date with `event` (redacted for the view's seat).
    ///
    /// # Errors
    /// [`ObserveError`] when the event does not fit the view (another game's, or out of
    /// order); `view` is then as it was.
    fn observe(view: &mut Self::View, event: &Self::Event) -> Result<(), ObserveError>;

    /// The state after `action` (copy-make): a clone, played.
    ///
    /// # Errors
    /// [`Game::Error`] when the action is not legal now; `self` is untouched.
    fn apply(&self, action: Self::Action) -> Result<Self, Self::Error> {
        let mut next = self.clone();
        next.play(action)?;
        Ok(next)
    }

    /// How the game ended, or `None` while it goes on.
    #[must_use]
    fn outcome(&self) -> Option<Self::Outcome>;

    /// The game's integer result, one entry per seat, zero-sum; all zeros until it is over.
    #[must_use]
    fn settlement(&self) -> PerSeat<i64>;

    /// Zero-sum utilities, one per seat: the settlement as `f64` unless a game says otherwise.
    #[must_use]
    fn returns(&self) -> PerSeat<f64> {
        self.settlement().map(|v| v as f64)
    }

    /// The action a person typed, when it names one: the notation, a form the game's screen
    /// writes (suit symbols, `10♣`; [`crate::input::notation`]), or words the game accepts
    /// where it asks for them (a number where it asks for a number). `None` when the text
    /// names no action; whether the action is legal now is for [`Game::play`] to say.
    #[must_use]
    fn read_action(&self, text: &str) -> Option<Self::Action> {
        crate::input::notation(text).parse().ok()
    }

    /// What the returns count, so a front end can say a mean return (a search's value of a
    /// move) in the game's unit: a share of wins, or points. The default is points, one per
    /// unit of return.
    #[must_use]
    fn returns_unit(&self) -> crate::ReturnsUnit {
        crate::ReturnsUnit::default()
    }

    /// What `player` may see. A view carries what [`Game::sample_world`] needs besides the
    /// hidden cards (the rules, the seat, the table). For a seat not at the table it is what
    /// an onlooker may see; `sample_world` may refuse such a view.
    #[must_use]
    fn view(&self, player: PlayerId) -> Self::View;

    /// Clears `out` and fills it with the legal actions of `view`'s seat when that seat is to
    /// act, in [`Game::legal_actions`] order; leaves it empty otherwise. What a seat may do
    /// depends only on what it sees, so a player needs nothing but its view.
    fn view_legal_actions(view: &Self::View, out: &mut Vec<Self::Action>);

    /// A full state consistent with `view`: see the trait's contract. `rng` is any rand
    /// generator (a [`GameRng`](crate::GameRng) for reproducible sampling); games draw from it
    /// with [`Draw`](crate::Draw).
    ///
    /// # Errors
    /// [`Game::SetupError`] when the view is inconsistent (it may have been deserialized from
    /// anywhere).
    fn sample_world<R: crate::Rng + ?Sized>(
        view: &Self::View,
        rng: &mut R,
    ) -> Result<Self, Self::SetupError>;

    /// An upper bound on the number of actions any game under `rules` with `players` seats
    /// takes (search and playouts rely on it).
    fn max_actions(rules: &Self::Rules, players: usize) -> usize;

    /// The cards in play under `rules` (the whole deck unless an option removes some).
    fn deck(rules: &Self::Rules) -> CardSet<Self::Card> {
        let _ = rules;
        CardSet::full()
    }

    /// Where the cards are (for the conservation check).
    #[must_use]
    fn census(&self) -> Census<Self::Card>;
}
