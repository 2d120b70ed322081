//! The moves of a Zaägox game: the real-time Da calls and the steps every transition is made
//! of (drawing at the start of a turn, laying a pair, storing, winning), each reporting its
//! events. [`Game::play_reporting`] (in `game.rs`) chooses
//! among them.

use cards_core::{DidoCard, Events, Game, PlayerId};

use crate::state::{Pair, same_number};
use crate::{
    Action, Event, Exhaustion, Outcome, Phase, RuleError, Scorer, SetupError, ShapeMap, Zaagox,
};

impl Zaagox {
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

    #[inline]
    pub(crate) fn take_from_hand(
        &mut self,
        seat: PlayerId,
        card: DidoCard,
    ) -> Result<(), RuleError> {
        if self.hands[seat.index()].remove(card) {
            Ok(())
        } else {
            Err(RuleError::CardNotInHand { seat, card })
        }
    }

    #[inline]
    pub(crate) fn find_pair(&self, seat: PlayerId, lo: DidoCard) -> Option<usize> {
        self.pairs()
            .iter()
            .position(|p| p.owner == seat && p.cards[0] == lo)
    }

    pub(crate) fn claim(
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
    pub(crate) fn add_pair(&mut self, pair: Pair, seat: PlayerId, events: &mut impl Events<Event>) {
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

    #[inline]
    pub(crate) fn remove_pair(&mut self, index: usize) {
        let len = self.pairs_len as usize;
        self.pairs.copy_within(index + 1..len, index);
        // Keep unused slots blank so that equal games compare equal.
        self.pairs[len - 1] = Pair::EMPTY;
        self.pairs_len -= 1;
    }

    pub(crate) fn open_da(&mut self, discarder: PlayerId, events: &mut impl Events<Event>) {
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
    pub(crate) fn next_eligible(&self, discarder: PlayerId, after: PlayerId) -> Option<PlayerId> {
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

    pub(crate) fn start_turn(&mut self, seat: PlayerId, events: &mut impl Events<Event>) {
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

    pub(crate) fn after_store(
        &mut self,
        seat: PlayerId,
        next: PlayerId,
        events: &mut impl Events<Event>,
    ) {
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
        let stored = self.stored[winner.index()];
        // Building a scorer's tables costs more than the rest of a random game's end: under the
        // default shapes (almost always) the shared one does.
        let score = if self.rules.shapes == ShapeMap::DEFAULT {
            crate::score_set(stored)?
        } else {
            Scorer::new(&self.rules.shapes).score_set(stored)?
        };
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

    pub(crate) fn win(&mut self, winner: PlayerId, events: &mut impl Events<Event>) {
        // A winner holds 4 or 5 distinct stored cards by construction, so scoring cannot fail.
        let outcome = self
            .winning_outcome(winner)
            .expect("a winner holds 4 or 5 stored cards");
        self.finish(outcome, events);
    }

    pub(crate) fn finish(&mut self, outcome: Outcome, events: &mut impl Events<Event>) {
        self.phase = Phase::Over;
        self.outcome = Some(outcome);
        events.emit(|| Event::Ended {
            outcome,
            settlement: self.settlement(),
        });
    }
}
