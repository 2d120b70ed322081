//! The player interface: a [`Bot`] chooses from what its seat sees, never from the state.

use crate::{Draw as _, Game, GameRng, PerSeat, RandomPlayer, Rng, Seed};

/// A player that chooses an action from its seat's [`Game::View`] and legal actions.
///
/// A bot is never handed the state, so it cannot see another seat's cards: whatever it knows
/// came through its view (a search bot samples the rest with [`Game::sample_world`]). It draws
/// any randomness from a generator of its own, seeded when it is made, so the same seed and the
/// same views give the same choices, whatever else runs beside it.
///
/// ```
/// use cards_core::{Bot, Game};
///
/// /// Always the first legal action.
/// #[derive(Debug)]
/// struct First;
///
/// impl<G: Game> Bot<G> for First {
///     fn choose(&mut self, _view: &G::View, legal: &[G::Action]) -> G::Action {
///         legal[0]
///     }
/// }
/// ```
pub trait Bot<G: Game>: Send {
    /// One of `legal`: the legal actions of `view`'s seat, which is to act, in the game's
    /// order ([`Game::view_legal_actions`]).
    ///
    /// # Panics
    /// May panic when `legal` is empty (a caller never asks a seat that has nothing to do). A
    /// bot that returns an action not in `legal` is refused by the game's `play`; the table
    /// running it reports that as the bot's error.
    fn choose(&mut self, view: &G::View, legal: &[G::Action]) -> G::Action;

    /// What the last [`Bot::choose`] weighed, best first, for a front end's hint: empty for a
    /// bot that does not search (the default).
    fn hint(&self) -> &[ActionStats<G::Action>] {
        &[]
    }

    /// Up to `k` of `legal` that this bot would weigh, best first, its choice
    /// ([`Bot::choose`]) first, into `out` (cleared first): the root's candidates of a search
    /// that takes this bot as its prior, where the game asks for them
    /// ([`RuleBot::PRIOR_CANDIDATES`]). The default is the bot's choice alone; a bot that
    /// ranks its options gives its best `k`.
    fn candidates(
        &mut self,
        view: &G::View,
        legal: &[G::Action],
        k: usize,
        out: &mut Vec<G::Action>,
    ) {
        out.clear();
        if k > 0 && !legal.is_empty() {
            out.push(self.choose(view, legal));
        }
    }
}

impl<G: Game, B: Bot<G> + ?Sized> Bot<G> for Box<B> {
    fn choose(&mut self, view: &G::View, legal: &[G::Action]) -> G::Action {
        (**self).choose(view, legal)
    }

    fn hint(&self) -> &[ActionStats<G::Action>] {
        (**self).hint()
    }

    fn candidates(
        &mut self,
        view: &G::View,
        legal: &[G::Action],
        k: usize,
        out: &mut Vec<G::Action>,
    ) {
        (**self).candidates(view, legal, k, out);
    }
}

/// One action as a search weighed it: how often it was tried and what it returned on average
/// for the seat that chose, in the game's [`Game::returns`] units.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct ActionStats<A> {
    /// The action.
    pub action: A,
    /// Simulations (or playouts) that went through it.
    pub visits: u32,
    /// Their mean return for the seat that chose.
    pub value: f64,
}

/// A game that comes with a rule-based bot: the `rules` rung of the bot ladder, a player a good
/// human would call sensible, and the baseline a search must beat; with the policy a search's
/// playouts follow; and with how far the ladder's search leans on the rule bot (by default,
/// only to have its choice among the root's candidates).
pub trait RuleBot: Game {
    /// The bot.
    type RuleBot: Bot<Self> + Clone + core::fmt::Debug + 'static;

    /// A rule-based bot drawing any randomness (ties) from `seed`.
    fn rule_bot(seed: Seed) -> Self::RuleBot;

    /// The action a search's playout plays for the seat to act in this state, or `None` when
    /// the game is over. A playout runs inside a world the search sampled, so the policy may
    /// read the whole state: every seat plays the sampled world open. `buf` is scratch space.
    ///
    /// It must be cheap (a playout calls it for every action to the end of the game) and
    /// return a legal action. The default is uniformly random ([`Game::pick_legal`] with
    /// [`Draw::index`](crate::Draw::index)); a game whose random playouts say little of a
    /// position (random play that never completes a set) gives a greedy policy mixed with
    /// chance.
    fn playout_action<R: Rng + ?Sized>(
        &self,
        buf: &mut Vec<Self::Action>,
        rng: &mut R,
    ) -> Option<Self::Action> {
        self.pick_legal(buf, |n| rng.index(n))
    }

    /// Whether a search's playouts may stop before the end of the game
    /// ([`RuleBot::playout_value`]); `false` (the default) plays every playout to the end and
    /// values it by [`Game::returns`].
    const CUTS_PLAYOUTS: bool = false;

    /// With [`RuleBot::CUTS_PLAYOUTS`]: what a playout that began at `root` (the search's
    /// world at the decision) is worth to each seat if it stops at this state, or `None` to play
    /// on. A game of many deals or rounds whose returns are settled only at its end values a
    /// playout at the end of the decision's deal or round, by what that deal or round scored:
    /// one decision's effect is then not buried in the luck of every deal still to come.
    /// Called before every playout action and at the end, so it must be cheap; the values are
    /// on any scale (a search scales them by the range it sees), the larger the better for a
    /// seat.
    fn playout_value(&self, root: &Self) -> Option<PerSeat<f64>> {
        let _ = root;
        None
    }

    /// How far the ladder's `ismcts` follows the rule bot, whose choice is always among its
    /// root's candidates: that choice starts the count that makes the final choice this many
    /// visits ahead, so the search plays another action only when it visited that one this
    /// many times more. Selection is unchanged. 0 (the default): the most visited action.
    ///
    /// For a game whose rule bot plays about as well as the search can tell actions apart:
    /// the search then plays the rule bot's choice unless another is clearly better, and in a
    /// duplicate match against the rule bot the seatings' games stay alike wherever the two
    /// agree, so only the search's real improvements tell.
    const PRIOR_VISITS: u32 = 0;

    /// How many of the rule bot's best actions ([`Bot::candidates`]) the ladder's `ismcts`
    /// weighs at its root. 0 (the default): every legal action (up to the search's bound on
    /// children, the rule bot's choice among them).
    const PRIOR_CANDIDATES: usize = 0;

    /// Whether the ladder's `ismcts` gives its root's actions common random numbers: the
    /// `k`-th visit of each plays the same sampled world with the same random draws, so the
    /// luck of the worlds falls alike on each and their comparison is paired. `false` (the
    /// default): every iteration samples a world of its own.
    const COMMON_WORLDS: bool = false;
}

/// The uniformly random player as a bot: one draw of
/// [`Draw::index`](crate::Draw::index)`(legal.len())`, the same draw
/// [`RandomPlayer::choose`] makes on the state, so both choose alike.
impl<G: Game, R: Rng + Send> Bot<G> for RandomPlayer<R> {
    fn choose(&mut self, _view: &G::View, legal: &[G::Action]) -> G::Action {
        let i = self.rng_mut().index(legal.len()).unwrap_or(0);
        legal[i]
    }
}

impl RandomPlayer<GameRng> {
    /// The random player as a boxed bot of game `G`, seeded like [`RandomPlayer::new`].
    #[must_use]
    pub fn boxed<G: Game>(seed: Seed) -> Box<dyn Bot<G>> {
        Box::new(RandomPlayer::new(seed))
    }
}
