//! [`DifferenzlerView`]: what one seat may see of a Differenzler game, its legal actions,
//! following its events, and sampling a world consistent with it.

use super::*;

/// What one seat may see of a Differenzler game: its own hand, every hand's size, the shown
/// trump card, the predictions (all as made, or with `hidden_predictions` only its own until
/// the game ends), every card played (completed tricks with leaders and winners, the current
/// trick), the card points each seat has taken in this deal, the penalties before this deal,
/// the seat to act and the outcome. Not the other hands, nor the seed.
///
/// `Display` is the seat's screen in the terminal (`docs/jass.md`, "The screen"): where the
/// game stands and whose turn it is, then one `label: value` line per item, built from the
/// view alone; `{:#}` writes the cards with suit symbols.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DifferenzlerView {
    /// Whose view this is.
    pub seat: PlayerId,
    /// The rules in force.
    pub rules: Rules,
    /// The current deal's number, from 0.
    pub deal_number: u32,
    /// The current deal's dealer.
    pub dealer: PlayerId,
    /// The shown trump card.
    pub shown: JassCard,
    /// The viewer's hand now (empty for a seat not at the table).
    pub hand: CardSet<JassCard>,
    /// Every seat's number of cards in hand.
    pub hand_sizes: Vec<usize>,
    /// How many seats have predicted in this deal.
    pub predicted: u8,
    /// Each seat's prediction as this seat sees it (`None`: not made yet, or hidden).
    pub predictions: Vec<Option<u8>>,
    /// The completed tricks of this deal, in order.
    pub tricks: Vec<TrickView>,
    /// The cards of the current trick so far, in play order.
    pub trick: Vec<JassCard>,
    /// The current trick's leader (once the deal is over: the last trick's).
    pub leader: PlayerId,
    /// The seat to act, `None` once the game is over.
    pub to_act: Option<PlayerId>,
    /// The card points each seat has taken in this deal.
    pub points: Vec<u32>,
    /// Each seat's total penalty before this deal.
    pub penalties: Vec<u32>,
    /// How the game ended, once it has.
    pub outcome: Option<DifferenzlerOutcome>,
}

impl DifferenzlerView {
    /// Brings the view up to date with `event` (on error it may be half changed: callers
    /// work on a copy).
    pub(super) fn follow(&mut self, event: &Event) -> Result<(), ObserveError> {
        if self.outcome.is_some() {
            return Err(misfit("the game is over"));
        }
        let n = self.hand_sizes.len();
        // A table of 3 or 4 (a view from anywhere may claim another).
        if !Rules::DIFFERENZLER_PLAYERS.contains(&n)
            || self.predictions.len() != n
            || self.points.len() != n
        {
            return Err(misfit("not a Differenzler table"));
        }
        let dealt = self.hand_sizes.iter().any(|&n| n > 0) || !self.tricks.is_empty();
        match event {
            Event::DealBegan {
                deal,
                dealer,
                forehand,
                totals,
            } => {
                if dealer.index() >= n || *forehand != seat_after_at(*dealer, 1, n) {
                    return Err(misfit("a seat not at the table"));
                }
                if totals.len() != n {
                    return Err(misfit("not a penalty per seat"));
                }
                let blank = <Differenzler as Game>::blank_view(&self.rules, n, self.seat);
                *self = DifferenzlerView {
                    deal_number: *deal,
                    dealer: *dealer,
                    leader: *forehand,
                    penalties: totals.clone(),
                    ..blank
                };
            }
            Event::Dealt(deal) => {
                let Some(shown) = deal.shown else {
                    return Err(misfit("no shown card"));
                };
                if dealt || deal.dealer != self.dealer {
                    return Err(misfit("a deal out of turn"));
                }
                let (hand, sizes) = seen_hands(deal, self.seat, n)?;
                if sizes.iter().any(|&h| h != PLAYS / n) {
                    return Err(misfit("not a Differenzler deal"));
                }
                self.shown = shown;
                self.hand = hand;
                self.hand_sizes = sizes;
            }
            Event::Predicted { seat, prediction } => {
                if !dealt || self.to_act != Some(*seat) || usize::from(self.predicted) >= n {
                    return Err(misfit("a prediction out of turn"));
                }
                self.predictions[seat.index()] = *prediction;
                self.predicted += 1;
            }
            Event::PredictionsShown { predictions } => {
                if predictions.len() != n {
                    return Err(misfit("not a prediction per seat"));
                }
                self.predictions = predictions.iter().map(|&p| Some(p)).collect();
            }
            Event::Played { seat, card } => {
                if usize::from(self.predicted) < n || self.to_act != Some(*seat) {
                    return Err(misfit("a card out of turn"));
                }
                follow_card(
                    &mut self.hand,
                    &mut self.hand_sizes,
                    &mut self.trick,
                    self.seat,
                    *seat,
                    *card,
                )?;
            }
            Event::TrickTaken { seat, points, last } => {
                follow_trick(
                    &mut self.tricks,
                    &mut self.trick,
                    &mut self.leader,
                    (*seat, *last),
                    n,
                    PLAYS / n,
                )?;
                self.points[seat.index()] = self.points[seat.index()].saturating_add(*points);
            }
            Event::DealScored { score, .. } if score.len() == n => {}
            Event::Penalties {
                penalties, totals, ..
            } if penalties.len() == n && totals.len() == n => {}
            Event::DifferenzlerOver { outcome } => self.outcome = Some(outcome.clone()),
            _ => return Err(misfit("not an event of a Differenzler game")),
        }
        let dealt = self.hand_sizes.iter().any(|&n| n > 0) || !self.tricks.is_empty();
        self.to_act = if self.outcome.is_some() || !dealt || self.tricks.len() >= PLAYS / n {
            None
        } else if usize::from(self.predicted) < n {
            Some(seat_after_at(
                self.dealer,
                1 + usize::from(self.predicted),
                n,
            ))
        } else {
            Some(seat_after_at(self.leader, self.trick.len(), n))
        };
        Ok(())
    }

    /// The legal actions of this view's seat when it is the seat to act (in the order of
    /// [`Game::legal_actions`]), into `out` (cleared first); empty otherwise. They depend only
    /// on what the seat sees: whether it predicts, its hand and the current trick.
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.to_act != Some(self.seat) || self.outcome.is_some() {
            return;
        }
        if usize::from(self.predicted) < self.hand_sizes.len() {
            out.extend((0..=MAX_PREDICTION).map(Action::Predict));
        } else {
            let mode = Mode::Trump(self.shown.suit());
            out.extend(
                crate::legal_cards(self.hand, &self.trick, mode, &self.rules.play)
                    .iter()
                    .map(Action::Play),
            );
        }
    }

    /// A whole game that shows this view to its seat: the unseen cards of the current deal
    /// are dealt at random subject to everything the view implies (hand sizes; the suits a
    /// seat showed it lacks; the shown card stays with the dealer until played), hidden
    /// predictions are drawn uniformly from 0 to 157, a fresh seed is drawn for the later
    /// deals, and the game is built from a [`DifferenzlerSetup`] (validated by replay) and kept
    /// only if it shows the same view, up to 400 tries.
    ///
    /// # Errors
    /// [`SetupError`] when the view is inconsistent (it may come from anywhere): mostly
    /// [`SetupError::View`]; [`ViewError::NoWorld`] when no world tried shows it.
    pub fn sample_world<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<Differenzler, SetupError> {
        let bad = SetupError::View;
        let n = self.hand_sizes.len();
        PlayerCountError::check(<Differenzler as Game>::NAME, n, Rules::DIFFERENZLER_PLAYERS)?;
        self.rules.validate_differenzler(n)?;
        let me = self.seat.index();
        if me >= n || self.dealer.index() >= n {
            return Err(bad(ViewError::TrickSeats));
        }
        if self.predictions.len() != n
            || self.points.len() != n
            || self.penalties.len() != n
            || usize::from(self.predicted) > n
        {
            return Err(bad(ViewError::PlayCount));
        }
        if self.hand.len() != self.hand_sizes[me] || self.hand_sizes.iter().any(|&h| h > PLAYS / n)
        {
            return Err(bad(ViewError::HandSize));
        }
        let mut plays: Vec<JassCard> = Vec::with_capacity(PLAYS);
        for t in &self.tricks {
            plays.extend_from_slice(&t.cards);
        }
        plays.extend_from_slice(&self.trick);
        let played_set: Hand = plays.iter().copied().collect();
        if played_set.len() != plays.len() || !(played_set & self.hand).is_empty() {
            return Err(bad(ViewError::CardTwice));
        }
        let mode = Mode::Trump(self.shown.suit());
        let first = seat_after_at(self.dealer, 1, n);
        let seen = evidence(
            n,
            first,
            &plays,
            |_| Some(mode),
            &self.rules.play,
            PLAYS / n,
        )
        .ok_or(bad(ViewError::TrickSeats))?;
        if (0..n).any(|s| seen.played[s].len() + self.hand_sizes[s] != PLAYS / n) {
            return Err(bad(ViewError::PlayCount));
        }
        // The shown card stays with the dealer until played.
        let mut base = [Hand::EMPTY; MAX_SEATS];
        let dealer = self.dealer.index();
        let shown_unplayed = !played_set.contains(self.shown);
        if shown_unplayed {
            if dealer == me {
                if !self.hand.contains(self.shown) {
                    return Err(bad(ViewError::CardTwice));
                }
            } else {
                if self.hand.contains(self.shown) || seen.forbidden[dealer].contains(self.shown) {
                    return Err(bad(ViewError::NoDeal));
                }
                base[dealer].insert(self.shown);
            }
        } else if !seen.played[dealer].contains(self.shown) {
            return Err(bad(ViewError::CardTwice));
        }
        let known = self.hand | played_set | base[dealer];
        let pool: Vec<JassCard> = (!known).iter().collect();
        let mut need = [0usize; MAX_SEATS];
        for s in (0..n).filter(|&s| s != me) {
            need[s] = self.hand_sizes[s]
                .checked_sub(base[s].len())
                .ok_or(bad(ViewError::NoDeal))?;
        }
        base[me] = self.hand;
        let hidden =
            HiddenDeal::new(pool, need, base, seen.forbidden).ok_or(bad(ViewError::NoDeal))?;
        for _ in 0..MAX_TRIES {
            let hands = hidden.draw(rng);
            let predictions: Vec<u8> = (0..usize::from(self.predicted))
                .map(|i| {
                    let s = seat_after_at(self.dealer, 1 + i, n).index();
                    self.predictions[s]
                        .unwrap_or_else(|| rng.below(u64::from(MAX_PREDICTION) + 1) as u8)
                })
                .collect();
            let setup = DifferenzlerSetup {
                seed: rng.seed(),
                deal_number: self.deal_number,
                penalties: self.penalties.clone(),
                dealer: self.dealer,
                shown: self.shown,
                hands: (0..n).map(|s| hands[s] | seen.played[s]).collect(),
                predictions,
                plays: plays.clone(),
            };
            if let Ok(world) = Differenzler::from_setup(&self.rules, setup)
                && world.view(self.seat) == *self
            {
                return Ok(world);
            }
        }
        Err(bad(ViewError::NoWorld))
    }
}
