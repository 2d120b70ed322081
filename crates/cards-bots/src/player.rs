//! What a table runs: a [`Player`] acts on the state, and [`Fair`] turns a [`Bot`] into one that
//! sees only its seat's view.

use cards_core::{ActionStats, Bot, Game, PlayerId};

/// A seat's player, as a table runs it: it is handed the state and acts for the seat to act.
///
/// Every player of the ladder except [`Cheat`](crate::Cheat) is a [`Fair`] bot, which passes its
/// bot nothing but the seat's view and legal actions. `Cheat` implements this trait directly,
/// and so reads the true state: that is what makes it the ceiling, and why it is the only one.
pub trait Player<G: Game>: Send {
    /// The action of the seat to act in `state` (which is not over).
    ///
    /// `legal` is that seat's legal actions, in the game's order; `None` only when `legal` is
    /// empty.
    fn act(&mut self, state: &G, legal: &[G::Action]) -> Option<G::Action>;

    /// What the last decision weighed (see [`Bot::hint`]).
    fn hint(&self) -> &[ActionStats<G::Action>] {
        &[]
    }

    /// Whether it is told the game's events ([`Player::observe`]): a table reports events only
    /// when one of its players asks, since building them costs time.
    fn observes(&self) -> bool {
        false
    }

    /// One event of the game, from its start on, already redacted for this player's seat
    /// ([`Game::redact`]): a player never holds what its seat may not see.
    fn observe(&mut self, _event: &G::Event) {}

    /// Tells it the game so far as `seat` saw it, when it observes: each of `events` (the
    /// game's own, from its start) redacted for the seat, in order. A player made for one
    /// decision so plays as one seated from the start and told every event would.
    fn catch_up(&mut self, rules: &G::Rules, seat: PlayerId, events: &[G::Event]) {
        if self.observes() {
            for event in events {
                self.observe(&G::redact(rules, event, seat));
            }
        }
    }

    /// The faults since the last call: decisions this player failed to make (an outside
    /// program's late, unreadable or illegal answer), each made for it by the fallback its
    /// documentation names, and why.
    fn take_faults(&mut self) -> Vec<String> {
        Vec::new()
    }
}

/// A bot at the table: it is shown its seat's [`Game::view`] and legal actions, never the state.
#[derive(Debug)]
pub struct Fair<B>(pub B);

impl<G: Game, B: Bot<G>> Player<G> for Fair<B> {
    fn act(&mut self, state: &G, legal: &[G::Action]) -> Option<G::Action> {
        let seat: PlayerId = state.to_act()?;
        if legal.is_empty() {
            return None;
        }
        Some(self.0.choose(&state.view(seat), legal))
    }

    fn hint(&self) -> &[ActionStats<G::Action>] {
        self.0.hint()
    }
}

impl<G: Game, P: Player<G> + ?Sized> Player<G> for Box<P> {
    fn act(&mut self, state: &G, legal: &[G::Action]) -> Option<G::Action> {
        (**self).act(state, legal)
    }

    fn hint(&self) -> &[ActionStats<G::Action>] {
        (**self).hint()
    }

    fn observes(&self) -> bool {
        (**self).observes()
    }

    fn observe(&mut self, event: &G::Event) {
        (**self).observe(event);
    }

    fn take_faults(&mut self) -> Vec<String> {
        (**self).take_faults()
    }
}
