//! [`Memory`]: what a seat remembers of its game beyond its view, for a search to sample
//! worlds that agree with it.

use crate::{Encode, Game, GameRng, Rng};

/// What one seat remembers of its game beyond what its [`Game::view`] shows, folded from its
/// redacted events alone ([`Game::redact`]), and worlds sampled to agree with it: where a
/// game's view is the table as it lies now, a seat with perfect recall knows more (in Zaägox,
/// where in the centre pile lie the cards it saw go under). A search that samples its worlds
/// through it ([`RuleBot::memory`](crate::RuleBot::memory)) plays as that seat could.
pub trait Memory<G: Game>: Send {
    /// Folds one event of the game, from its start on, as redacted for the seat.
    fn observe(&mut self, event: &G::Event);

    /// A full state consistent with `view` and with what is remembered; where the memory does
    /// not fit the view (it missed events), one consistent with the view alone, as
    /// [`Game::sample_world`] samples it.
    ///
    /// # Errors
    /// [`Game::SetupError`] when the view is inconsistent.
    fn sample_world(&self, view: &G::View, rng: &mut GameRng) -> Result<G, G::SetupError>;
}

/// A game whose seats' [`Encode::Recall`] (what the information state keeps of the events
/// beyond the view) is also what a search's worlds must agree with: its seats' [`Memory`] is
/// their recall ([`Recalled`]).
pub trait RecallWorlds: Encode {
    /// A full state consistent with `view` and with `recall`, the view's seat's recall; where
    /// the recall does not fit the view (it missed events), one consistent with the view
    /// alone, and for a recall told nothing, [`Game::sample_world`]'s world, draw for draw.
    ///
    /// # Errors
    /// [`Game::SetupError`] when the view is inconsistent.
    fn sample_world_recalled<R: Rng + ?Sized>(
        view: &Self::View,
        recall: &Self::Recall,
        rng: &mut R,
    ) -> Result<Self, Self::SetupError>;
}

/// The [`Memory`] of a [`RecallWorlds`] game: its seat's recall, folded from the events as the
/// information state folds it.
pub struct Recalled<G: Encode>(G::Recall);

impl<G: Encode> core::fmt::Debug for Recalled<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("Recalled").field(&self.0).finish()
    }
}

impl<G: Encode> Recalled<G> {
    /// A memory starting from `recall` (a game's recall before any event).
    #[must_use]
    pub fn new(recall: G::Recall) -> Self {
        Recalled(recall)
    }
}

impl<G: RecallWorlds> Memory<G> for Recalled<G> {
    fn observe(&mut self, event: &G::Event) {
        G::recall(&mut self.0, event);
    }

    fn sample_world(&self, view: &G::View, rng: &mut GameRng) -> Result<G, G::SetupError> {
        G::sample_world_recalled(view, &self.0, rng)
    }
}
