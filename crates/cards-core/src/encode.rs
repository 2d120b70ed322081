//! Tensors for learning agents: what one seat knows, as fixed-length rows of `f32`.
//!
//! # The contract
//! A game type that implements [`Encode`] gives every seat two tensors of fixed length (the
//! same for every rule set and player count of that type, so a network's input layer is fixed):
//! - the **observation**: what the seat sees now, a function of its [`Game::View`] alone;
//! - the **information state**: everything the seat has seen, in order (perfect recall), a
//!   function of its view and of its [`Recall`](Encode::Recall), which is folded from the
//!   seat's redacted events ([`Game::redact`]) and nothing else.
//!
//! Each is split into a **public** part (what every seat at the table knows: the cards played,
//! the scores, the sizes of hands) and a **private** part (what only this seat knows: its hand,
//! its own Weis). [`Shape`] gives both lengths; the tensor is the public part followed by the
//! private part. A seat's tensors never depend on a card it may not see; `cards-testkit`'s
//! `check_encoding` holds a game to that by exchanging unseen cards in the true deal.
//!
//! During a decision split into steps (an Eléwénjewé capture picked card by card, see
//! [`Indexed`](crate::Indexed)) the steps taken so far are part of what the seat knows: both
//! tensors take them as `steps` (empty at the start of a decision and for every game whose
//! actions are played whole).
//!
//! The writers get their slices zeroed and of the right length ([`observation`] and
//! [`information_state`] check the caller's buffer), so they only set what is there.

use core::fmt;

use crate::{Game, ObserveError, PlayerId};

/// The lengths of a tensor's two parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Shape {
    /// What every seat at the table knows.
    pub public: usize,
    /// What only this seat knows.
    pub private: usize,
}

impl Shape {
    /// A shape of `public` then `private` values.
    #[must_use]
    pub const fn new(public: usize, private: usize) -> Self {
        Shape { public, private }
    }

    /// The whole tensor's length.
    #[must_use]
    pub const fn len(self) -> usize {
        self.public + self.private
    }

    /// Whether the tensor is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.len() == 0
    }
}

/// A caller's buffer of the wrong length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a tensor of {expected} values was asked for, into a buffer of {got}")]
pub struct ShapeError {
    /// The tensor's length.
    pub expected: usize,
    /// The buffer's length.
    pub got: usize,
}

/// Fixed-shape tensors of what one seat knows (see the [module docs](self)).
///
/// Each game documents its layout field by field in its docs page; golden tests pin a worked
/// example.
pub trait Encode: Game {
    /// The observation's shape.
    const OBSERVATION: Shape;
    /// The information state's shape.
    const INFORMATION_STATE: Shape;

    /// What the information state keeps of a seat's redacted events beyond its view (for a
    /// game whose view already holds the whole history of what the seat saw, `()`).
    type Recall: Clone + fmt::Debug + Send + Sync;

    /// The recall of `seat` before any event.
    fn recall_start(rules: &Self::Rules, players: usize, seat: PlayerId) -> Self::Recall;

    /// Folds one event, as redacted for the recall's seat, into the recall.
    fn recall(recall: &mut Self::Recall, event: &Self::Event);

    /// Writes the observation of the view's seat. `public` and `private` are zeroed and have
    /// the lengths of [`OBSERVATION`](Self::OBSERVATION).
    fn write_observation(
        view: &Self::View,
        steps: &[usize],
        public: &mut [f32],
        private: &mut [f32],
    );

    /// Writes the information state of the view's seat. `public` and `private` are zeroed and
    /// have the lengths of [`INFORMATION_STATE`](Self::INFORMATION_STATE).
    fn write_information_state(
        view: &Self::View,
        recall: &Self::Recall,
        steps: &[usize],
        public: &mut [f32],
        private: &mut [f32],
    );
}

/// Writes the observation of `view`'s seat into `out` (public part first), after the steps
/// `steps` of a decision under way.
///
/// # Errors
/// [`ShapeError`] when `out` is not [`Encode::OBSERVATION`] long; `out` is then untouched.
pub fn observation<G: Encode>(
    view: &G::View,
    steps: &[usize],
    out: &mut [f32],
) -> Result<(), ShapeError> {
    let (public, private) = split(G::OBSERVATION, out)?;
    G::write_observation(view, steps, public, private);
    Ok(())
}

/// Writes the information state of `view`'s seat into `out` (public part first), from its
/// view and its recall, after the steps `steps` of a decision under way.
///
/// # Errors
/// [`ShapeError`] when `out` is not [`Encode::INFORMATION_STATE`] long; `out` is then
/// untouched.
pub fn information_state<G: Encode>(
    view: &G::View,
    recall: &G::Recall,
    steps: &[usize],
    out: &mut [f32],
) -> Result<(), ShapeError> {
    let (public, private) = split(G::INFORMATION_STATE, out)?;
    G::write_information_state(view, recall, steps, public, private);
    Ok(())
}

fn split(shape: Shape, out: &mut [f32]) -> Result<(&mut [f32], &mut [f32]), ShapeError> {
    if out.len() != shape.len() {
        return Err(ShapeError {
            expected: shape.len(),
            got: out.len(),
        });
    }
    out.fill(0.0);
    Ok(out.split_at_mut(shape.public))
}

/// What one seat knows, kept up to date from its redacted events alone: its view and its
/// recall, from which both tensors follow. This is all a client told only its own events needs
/// to compute them (and the test kit builds the tensors this way to show they use nothing else).
pub struct Knowledge<G: Encode> {
    view: G::View,
    recall: G::Recall,
}

impl<G: Encode> Knowledge<G> {
    /// What `seat` knows before any event.
    #[must_use]
    pub fn new(rules: &G::Rules, players: usize, seat: PlayerId) -> Self {
        Knowledge {
            view: G::blank_view(rules, players, seat),
            recall: G::recall_start(rules, players, seat),
        }
    }

    /// Takes in one event, as redacted for this seat.
    ///
    /// # Errors
    /// [`ObserveError`] when the event does not fit the view (events of another game, or out
    /// of order); the knowledge is then unreliable.
    pub fn observe(&mut self, event: &G::Event) -> Result<(), ObserveError> {
        G::observe(&mut self.view, event)?;
        G::recall(&mut self.recall, event);
        Ok(())
    }

    /// The seat's view.
    #[must_use]
    pub fn view(&self) -> &G::View {
        &self.view
    }

    /// The seat's recall.
    #[must_use]
    pub fn recall(&self) -> &G::Recall {
        &self.recall
    }

    /// Writes the observation (see [`observation`]).
    ///
    /// # Errors
    /// [`ShapeError`] when `out` has the wrong length.
    pub fn observation(&self, steps: &[usize], out: &mut [f32]) -> Result<(), ShapeError> {
        observation::<G>(&self.view, steps, out)
    }

    /// Writes the information state (see [`information_state`]).
    ///
    /// # Errors
    /// [`ShapeError`] when `out` has the wrong length.
    pub fn information_state(&self, steps: &[usize], out: &mut [f32]) -> Result<(), ShapeError> {
        information_state::<G>(&self.view, &self.recall, steps, out)
    }
}

impl<G: Encode> Clone for Knowledge<G> {
    fn clone(&self) -> Self {
        Knowledge {
            view: self.view.clone(),
            recall: self.recall.clone(),
        }
    }
}

impl<G: Encode> fmt::Debug for Knowledge<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Knowledge")
            .field("view", &self.view)
            .field("recall", &self.recall)
            .finish()
    }
}

/// Sets `out[i]` to `value` when `i` is in range; an index past the end is ignored, so a
/// writer never panics on a value it did not expect. Inlined: the encoders of every game call
/// it for each field, from other crates.
#[inline]
pub fn put(out: &mut [f32], i: usize, value: f32) {
    if let Some(x) = out.get_mut(i) {
        *x = value;
    }
}

/// Sets `out[i]` to 1 for each index `i` yielded (a one-hot or many-hot field); indices past
/// the end are ignored, so a writer never panics on a value it did not expect.
pub fn set_each(out: &mut [f32], indices: impl IntoIterator<Item = usize>) {
    for i in indices {
        if let Some(x) = out.get_mut(i) {
            *x = 1.0;
        }
    }
}
