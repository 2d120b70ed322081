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
    /// that takes this bot as its prior, where its tuning asks for them. The default is the
    /// bot's choice alone; a bot that ranks its options gives its best `k`.
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

/// An exact value ([`RuleBot::exact_value`]) and what it cost.
#[derive(Clone, Debug, PartialEq)]
pub struct Exact {
    /// What the state is worth to each seat under best play, every hand open.
    pub value: PerSeat<f64>,
    /// What the solve cost, in playouts of the game from the same state: how many iterations
    /// of a search's budget it takes the time of (at least 1). A game counts it from its
    /// solver's own work (positions visited), not from a clock, so a search that charges it
    /// stays reproducible.
    pub cost: u32,
}

/// A game that comes with a rule-based bot: the `rules` rung of the bot ladder, a player a good
/// human would call sensible, and the baseline a search must beat; with the policy a search's
/// playouts follow and the value at which a playout may stop. That is all a game offers a
/// search: how far a search leans on the rule bot is the search's own tuning (`cards-bots`'
/// `SearchConfig`, set per game type by whoever seats the bots), since it is measured by
/// playing searches, not read off the rules.
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

    /// What a playout that began at `root` (the search's world at the decision) is worth to
    /// each seat if it stops at this state, or `None` (the default) to play on: a search asks
    /// before every playout action and at the end, and values a playout that never stops by
    /// [`Game::returns`]. A game of many deals or rounds whose returns are settled only at its
    /// end values a playout at the end of the decision's deal or round, by what that deal or
    /// round scored: one decision's effect is then not buried in the luck of every deal still
    /// to come. It must be cheap; the values are on any scale (a search scales them by the
    /// range it sees), the larger the better for a seat.
    fn playout_value(&self, root: &Self) -> Option<PerSeat<f64>> {
        let _ = root;
        None
    }

    /// The actions left to the end of what [`RuleBot::exact_value`] solves, or `None` (the
    /// default) where the game solves nothing. A search weighs a solve's cost by it (a solve
    /// costs more the more actions are left), so it must be cheap.
    fn solve_left(&self) -> Option<usize> {
        None
    }

    /// A search's playout that reaches this many actions left ([`RuleBot::solve_left`]) ends
    /// in a solve: about as cheap there as the rest of the playout it replaces. 0 (the
    /// default): never.
    const SOLVE_PLAYOUT: usize = 0;

    /// A decision with at most this many actions left ([`RuleBot::solve_left`]) solves every
    /// world right after the search's first action in it: where a solve costs a few hundred
    /// playouts at most, and so pays in a search of a few milliseconds. 0 (the default):
    /// never.
    const SOLVE_DECISION: usize = 0;

    /// What this state is worth to each seat under best play with every hand open (an exact,
    /// perfect-information solve), on the scale of the playouts that began at `root` (the
    /// search's world at the decision): the [`Game::returns`] at the end, or what
    /// [`RuleBot::playout_value`] would value; with its cost, so a search can charge it to its
    /// budget. `None` (the default) where [`RuleBot::solve_left`] is `None`. It may take long:
    /// a search asks only within a horizon it chose.
    fn exact_value(&self, root: &Self) -> Option<Exact> {
        let _ = root;
        None
    }

    /// A fresh memory for a seat at a table of this game, through which a search samples its
    /// worlds so that they agree with what the seat saw beyond its view; `None` (the default)
    /// where the view already holds all a seat could remember that a world must agree with.
    /// It learns the table from the events it is told, the first of which is the deal.
    #[must_use]
    fn memory() -> Option<Box<dyn crate::Memory<Self>>> {
        None
    }

    /// What a search's values of a move count at this decision, so a hint can say them in
    /// words: the returns' unit ([`Game::returns_unit`]) unless [`RuleBot::playout_value`]
    /// values playouts on a scale of its own here.
    #[must_use]
    fn search_unit(&self) -> crate::ReturnsUnit {
        self.returns_unit()
    }
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
