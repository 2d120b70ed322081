//! [`CoiffeurView`]: what one seat may see of a Coiffeur game, its legal actions, following
//! its events, and sampling a world consistent with it.

use super::*;

/// What one seat may see of a Coiffeur game: its own hand, every hand size, the deal number
/// and dealer, who passed, the chosen slot, contract and declarer, the Trio modes, every card
/// played (completed tricks and the current one), the card points taken this deal, the score
/// sheet and how the game ended. Not the other hands, nor the seed.
///
/// `Display` is the seat's screen in the terminal (`docs/jass.md`, "The screen"): where the
/// game stands and whose turn it is, then one `label: value` line per item, built from the
/// view alone; `{:#}` writes the cards with suit symbols.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoiffeurView {
    /// Whose view this is.
    pub seat: PlayerId,
    /// The rules in force.
    pub rules: Rules,
    /// The current deal's number, from 0.
    pub deal_number: u32,
    /// The current deal's dealer.
    pub dealer: PlayerId,
    /// The viewer's hand now (empty for a seat not at the table).
    pub hand: CardSet<JassCard>,
    /// Every seat's number of cards in hand.
    pub hand_sizes: [usize; SEATS],
    /// The seats that passed this deal, in order.
    pub passed: Vec<PlayerId>,
    /// The slot chosen, once chosen.
    pub slot: Option<Slot>,
    /// The contract it is played as.
    pub contract: Option<Contract>,
    /// The seat that chose it.
    pub declarer: Option<PlayerId>,
    /// In a Trio, the segment modes named so far (left out of JSON when empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub trio: Vec<Mode>,
    /// The completed tricks, in order.
    pub tricks: Vec<TrickView>,
    /// The cards of the current trick so far, in play order.
    pub trick: Vec<JassCard>,
    /// The current trick's leader (before the choice: the seat after the dealer; once the
    /// deal is over: the last trick's).
    pub leader: PlayerId,
    /// The seat to act, `None` once the game is over.
    pub to_act: Option<PlayerId>,
    /// The card points each side has taken this deal (the last trick's 5 included).
    pub card_points: Vec<u32>,
    /// The score sheet.
    pub sheet: ScoreSheet,
    /// How the game ended, once it has.
    pub outcome: Option<CoiffeurOutcome>,
}

impl CoiffeurView {
    /// Brings the view up to date with `event` (on error it may be half changed: callers
    /// work on a copy).
    pub(super) fn follow(&mut self, event: &Event) -> Result<(), ObserveError> {
        if self.outcome.is_some() {
            return Err(misfit("the game is over"));
        }
        let c = self.rules.coiffeur;
        let dealt = self.hand_sizes.iter().any(|&n| n > 0) || !self.tricks.is_empty();
        match event {
            Event::CellFilled {
                side, slot, entry, ..
            } => {
                let row = self.sheet.slots.iter().position(|s| s.slot == *slot);
                let column = self.sheet.sides.get_mut(*side);
                let (Some(row), Some(column)) = (row, column) else {
                    return Err(misfit("a cell not on the sheet"));
                };
                match column.entries.get_mut(row) {
                    Some(cell @ None) => *cell = Some(*entry),
                    _ => return Err(misfit("a cell filled twice")),
                }
                column.total = column.total.saturating_add(entry.points);
            }
            Event::DealBegan {
                deal,
                dealer,
                forehand,
                ..
            } => {
                if dealer.index() >= SEATS || *forehand != seat_after_at(*dealer, 1, SEATS) {
                    return Err(misfit("a seat not at the table"));
                }
                let blank = <Coiffeur as Game>::blank_view(&self.rules, SEATS, self.seat);
                *self = CoiffeurView {
                    deal_number: *deal,
                    dealer: *dealer,
                    leader: *forehand,
                    sheet: self.sheet.clone(),
                    ..blank
                };
            }
            Event::Dealt(deal) => {
                if dealt || deal.dealer != self.dealer || deal.shown.is_some() {
                    return Err(misfit("a deal out of turn"));
                }
                let (hand, sizes) = seen_hands(deal, self.seat, SEATS)?;
                if sizes.iter().any(|&n| n != TRICKS) {
                    return Err(misfit("not a Coiffeur deal"));
                }
                self.hand = hand;
                self.hand_sizes = [TRICKS; SEATS];
            }
            Event::Passed { seat } => {
                if self.contract.is_some() || self.to_act != Some(*seat) {
                    return Err(misfit("a pass out of turn"));
                }
                self.passed.push(*seat);
            }
            Event::SlotChosen {
                seat,
                slot,
                contract,
            } => {
                if self.contract.is_some() || self.to_act != Some(*seat) {
                    return Err(misfit("a choice out of turn"));
                }
                self.slot = Some(*slot);
                self.contract = Some(*contract);
                self.declarer = Some(*seat);
                self.leader = *seat;
            }
            Event::TrioMode { mode, .. } => {
                if self.contract.is_none() || self.trio.len() >= 3 || !self.trick.is_empty() {
                    return Err(misfit("a Trio mode out of turn"));
                }
                self.trio.push(*mode);
            }
            Event::Played { seat, card } => {
                if self.contract.is_none() || self.to_act != Some(*seat) {
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
                    SEATS,
                    TRICKS,
                )?;
                if let Some(p) = self.card_points.get_mut(c.side_of(*seat)) {
                    *p = p.saturating_add(*points);
                }
            }
            Event::Match { side, .. } if *side < c.sides() => {}
            Event::DealScored { score, .. } if score.len() == c.sides() => {}
            Event::CoiffeurOver { outcome, .. } => self.outcome = Some(outcome.clone()),
            _ => return Err(misfit("not an event of a Coiffeur game")),
        }
        let dealt = self.hand_sizes.iter().any(|&n| n > 0) || !self.tricks.is_empty();
        self.to_act = match self.contract {
            _ if self.outcome.is_some() || !dealt => None,
            None => chooser(self.dealer, &self.sheet.open(), &c, self.passed.len()).map(|c| c.0),
            Some(_) if self.tricks.len() >= TRICKS => None,
            Some(_) => Some(seat_after_at(self.leader, self.trick.len(), SEATS)),
        };
        Ok(())
    }

    /// The legal actions of this view's seat when it is the seat to act (in the order of
    /// [`Game::legal_actions`]), into `out` (cleared first); empty otherwise. They depend
    /// only on what the seat sees: the sheet and the passes, or its hand, the contract and
    /// the current trick.
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.to_act != Some(self.seat) || self.outcome.is_some() {
            return;
        }
        let push = |a| out.push(a);
        match self.contract {
            None => {
                let open = self.sheet.open();
                let c = &self.rules.coiffeur;
                if let Some((seat, may_pass, ..)) =
                    chooser(self.dealer, &open, c, self.passed.len())
                    && seat == self.seat
                {
                    each_choice(open[c.side_of(seat)], may_pass, push);
                }
            }
            Some(contract) => each_legal(
                Some(contract),
                true,
                self.hand,
                &self.trick,
                self.tricks.len(),
                &self.trio,
                &self.rules,
                push,
            ),
        }
    }

    /// A whole game that shows this view to its seat: the unseen cards are dealt to the other
    /// seats consistently with the play (a seat that did not follow suit holds none of it,
    /// …), a fresh seed is drawn for the later deals, and the game is built from a
    /// [`CoiffeurSetup`] (validated by replay) and kept only if it shows the same view, up to
    /// 400 tries.
    ///
    /// # Errors
    /// [`SetupError`] when the view is inconsistent: its rules ([`SetupError::PlayerCount`],
    /// [`SetupError::SeatNotAtTable`], also for an onlooker's view), or [`ViewError`]s for
    /// hand sizes, cards seen twice, tricks that the plays do not make, voids that leave no
    /// deal, or no world tried that shows the view.
    pub fn sample_world<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<Coiffeur, SetupError> {
        let rules = &self.rules;
        validate_rules(rules, SEATS)?;
        let bad = SetupError::View;
        let me = self.seat.index();
        if me >= SEATS {
            return Err(SetupError::SeatNotAtTable {
                what: "the view's seat",
                seat: self.seat,
                seats: SEATS,
            });
        }
        if self.hand.len() != self.hand_sizes[me] || self.hand_sizes.iter().any(|&n| n > TRICKS) {
            return Err(bad(ViewError::HandSize));
        }
        let mut plays: Vec<JassCard> = Vec::with_capacity(PLAYS);
        for t in &self.tricks {
            plays.extend_from_slice(&t.cards);
        }
        plays.extend_from_slice(&self.trick);
        if plays.len() > PLAYS || self.trick.len() >= SEATS {
            return Err(bad(ViewError::PlayCount));
        }
        let played_set: Hand = plays.iter().copied().collect();
        if played_set.len() != plays.len() || !(played_set & self.hand).is_empty() {
            return Err(bad(ViewError::CardTwice));
        }
        let first = self
            .declarer
            .unwrap_or(seat_after_at(self.dealer, 1, SEATS));
        let (played, forbidden) = match self.contract {
            None if plays.is_empty() => ([Hand::EMPTY; SEATS], [Hand::EMPTY; SEATS]),
            None => return Err(bad(ViewError::TrickSeats)),
            Some(contract) => {
                let seen = evidence(
                    SEATS,
                    first,
                    &plays,
                    |t| contract.trick_mode(t, &self.trio),
                    &rules.play,
                    TRICKS,
                )
                .ok_or(bad(ViewError::TrickSeats))?;
                if trick_views(seen.tricks) != self.tricks || seen.leader != self.leader {
                    return Err(bad(ViewError::TrickSeats));
                }
                (seen.played, seen.forbidden)
            }
        };
        if played
            .iter()
            .zip(self.hand_sizes)
            .any(|(p, n)| p.len() + n != TRICKS)
        {
            return Err(bad(ViewError::PlayCount));
        }
        let pool: Vec<JassCard> = (!(self.hand | played_set)).iter().collect();
        let mut need = self.hand_sizes;
        need[me] = 0;
        let mut base = [Hand::EMPTY; SEATS];
        base[me] = self.hand;
        let hidden = HiddenDeal::new(pool, need, base, forbidden).ok_or(bad(ViewError::NoDeal))?;
        let sheet = self.sheet.cells_before(self.deal_number);
        let mut choices = vec![Action::Pass; self.passed.len()];
        if let (Some(slot), Some(contract)) = (self.slot, self.contract) {
            choices.push(slot.action(contract).unwrap_or(Action::Name(contract)));
        }
        for _ in 0..MAX_TRIES {
            let hands = hidden.draw(rng);
            let setup = CoiffeurSetup {
                seed: rng.seed(),
                deal_number: self.deal_number,
                sheet: sheet.clone(),
                dealer: self.dealer,
                hands: core::array::from_fn(|s| hands[s] | played[s]),
                choices: choices.clone(),
                trio: self.trio.clone(),
                plays: plays.clone(),
            };
            if let Ok(world) = Coiffeur::from_setup(rules, setup)
                && world.view(self.seat) == *self
            {
                return Ok(world);
            }
        }
        Err(bad(ViewError::NoWorld))
    }
}
