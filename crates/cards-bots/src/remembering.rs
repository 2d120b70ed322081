//! [`Remembering`]: an [`Ismcts`] at the table that samples its worlds through its seat's
//! [`Memory`].

use cards_core::{ActionStats, Bot as _, Game, Memory};

use crate::Ismcts;
use crate::player::Player;
use crate::playout::Playout;

/// An [`Ismcts`] seated at a table with a [`Memory`] of its game
/// ([`RuleBot::memory`](cards_core::RuleBot::memory)): the table tells it its seat's redacted
/// events, the memory folds them, and every world the search samples agrees with what the
/// seat saw beyond its view. It is still a fair player: it holds nothing its seat may not
/// see, and it reads of the state only its seat's view.
pub struct Remembering<G: Game, P> {
    search: Ismcts<G, P>,
    memory: Box<dyn Memory<G>>,
}

impl<G: Game, P> core::fmt::Debug for Remembering<G, P> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Remembering").finish_non_exhaustive()
    }
}

impl<G: Game, P: Playout<G>> Remembering<G, P> {
    /// `search`, sampling its worlds through `memory` (fresh: it learns the table from the
    /// events it is told).
    #[must_use]
    pub fn new(search: Ismcts<G, P>, memory: Box<dyn Memory<G>>) -> Self {
        Remembering { search, memory }
    }
}

impl<G: Game, P: Playout<G> + Send> Player<G> for Remembering<G, P> {
    fn act(&mut self, state: &G, legal: &[G::Action]) -> Option<G::Action> {
        let seat = state.to_act()?;
        if legal.is_empty() {
            return None;
        }
        let view = state.view(seat);
        let memory = &self.memory;
        Some(
            self.search
                .choose_from(&view, legal, |rng| memory.sample_world(&view, rng).ok()),
        )
    }

    fn hint(&self) -> &[ActionStats<G::Action>] {
        self.search.hint()
    }

    fn observes(&self) -> bool {
        true
    }

    fn observe(&mut self, event: &G::Event) {
        self.memory.observe(event);
    }
}
