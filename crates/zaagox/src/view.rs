//! [`View`]: what one player may see, and sampling a full state consistent with it.

use cards_core::{Cards, DidoCard, Draw as _, ObserveError, PlayerId, Rng};

use crate::setup::{PairSetup, validate};
use crate::state::Hand;
use crate::{Event, Outcome, Phase, Rules, Setup, SetupError, ViewError, Zaagox};

/// A pair as a player sees it: everyone sees the pair cards and how many ageing cards lie on
/// it; only its owner sees which.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PairView {
    /// The owner.
    pub owner: PlayerId,
    /// The two pair cards, lower index first.
    pub cards: [DidoCard; 2],
    /// How many ageing cards lie on it.
    pub ageing_count: u8,
    /// The ageing cards in the order laid, for the owner's own pairs only.
    pub ageing: Option<Vec<DidoCard>>,
}

/// What seat `seat` may see: its own hand; every pair and how many ageing cards lie on it (and
/// which, on its own pairs); all stored cards; the discard; the pile's size; the phase; hand
/// sizes. Not: other hands, others' ageing cards, the pile's order.
///
/// Its `Display` is the seat's screen (what a terminal game shows it): where the game stands
/// and whose turn it is, then one item a line, from the view alone (`docs/zaagox.md`, "The
/// screen"); `{:#}` writes its cards with `{:#}`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct View {
    /// Whose view this is.
    pub seat: PlayerId,
    /// The rules in force.
    pub rules: Rules,
    /// Number of seats.
    pub players: usize,
    /// The viewer's hand.
    pub hand: Hand,
    /// Every seat's hand size.
    pub hand_sizes: Vec<usize>,
    /// Every pair, oldest first.
    pub pairs: Vec<PairView>,
    /// Every seat's stored cards.
    pub stored: Vec<Hand>,
    /// The discard lying out.
    pub discard: Option<DidoCard>,
    /// Cards in the centre pile.
    pub pile_len: usize,
    /// Where the game stands.
    pub phase: Phase,
    /// Turns played.
    pub turns: u32,
    /// Each seat's Ava declaration: its position (1 = declared first), `None` for none.
    pub ava: Vec<Option<u8>>,
    /// How the game ended, once it has.
    pub outcome: Option<Outcome>,
}

impl View {
    /// The legal actions of this view's seat when it is the seat to act (in the order of
    /// [`Game::legal_actions`](cards_core::Game::legal_actions)), into `out` (cleared first);
    /// empty when another seat is to act or the game is over. They depend only on what the seat
    /// sees (its hand, the pairs, the discard, the phase), so a player needs nothing but its
    /// view.
    pub fn legal_actions(&self, out: &mut Vec<crate::Action>) {
        out.clear();
        let phase = self.phase;
        let acting = match phase {
            Phase::Act { seat } | Phase::Store { seat, .. } | Phase::Decide { seat, .. } => seat,
            Phase::Da { asking, .. } => asking,
            Phase::Over => return,
        };
        if acting != self.seat {
            return;
        }
        let pairs = self.pairs.iter().map(|p| (p.owner, p.cards));
        crate::state::each_legal(phase, self.hand, pairs, self.discard, |a| out.push(a));
    }

    /// A full state that shows this view to its seat: the unseen cards (other hands, others'
    /// ageing cards, the pile) are dealt uniformly at random, except that a seat being asked for
    /// Da is first given one unseen card of the discard's number (the view tells it holds one).
    ///
    /// This is consistent with the view, not a posterior over the game's history: it does not use
    /// what a player could have remembered (cards seen going to the bottom of the pile).
    ///
    /// # Errors
    /// [`SetupError`] when the view is inconsistent (it may come from anywhere): mostly
    /// [`SetupError::View`], or what the world built from it breaks.
    pub fn sample_world<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<Zaagox, SetupError> {
        self.sample(rng, None)
    }

    /// A full state that shows this view to its seat and agrees with what the seat remembers
    /// (`recall`, folded from its redacted events): the cards it saw go under lie where it
    /// saw them go in the centre pile, and such a card it saw another seat draw (and not seen
    /// face up since) is in that seat's hand, or else under its face-down ageing cards; the
    /// rest is dealt as [`View::sample_world`] deals it.
    ///
    /// Where the recall does not fit the view (a recall of another game, or one that missed
    /// events), it is set aside and the world is [`View::sample_world`]'s: the view is what
    /// the seat certainly sees.
    ///
    /// # Errors
    /// As [`View::sample_world`].
    pub fn sample_world_recalled<R: Rng + ?Sized>(
        &self,
        recall: &crate::encode::Recall,
        rng: &mut R,
    ) -> Result<Zaagox, SetupError> {
        self.sample(rng, Some(recall))
            .or_else(|_| self.sample(rng, None))
    }

    fn sample<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        recall: Option<&crate::encode::Recall>,
    ) -> Result<Zaagox, SetupError> {
        let bad = SetupError::View;
        let players = self.players;
        self.rules.validate(players)?;
        if self.hand_sizes.len() != players || self.seat.index() >= players {
            return Err(bad(ViewError::SeatOrSizes));
        }
        if self.hand.len() != self.hand_sizes[self.seat.index()] {
            return Err(bad(ViewError::HandSize));
        }
        let mut known = Hand::EMPTY;
        let mut seen = 0;
        let mut see = |set: Hand| {
            known |= set;
            seen += set.len();
        };
        see(self.hand);
        self.stored.iter().for_each(|&s| see(s));
        if let Some(d) = self.discard {
            see(Hand::single(d));
        }
        for p in &self.pairs {
            if p.ageing.is_some() != (p.owner == self.seat) {
                return Err(bad(ViewError::OthersAgeing));
            }
            see(p.cards.iter().copied().collect());
            if let Some(ageing) = &p.ageing {
                see(ageing.iter().copied().collect());
            }
        }
        if seen != known.len() {
            return Err(bad(ViewError::CardTwice));
        }
        let mut unseen: Vec<DidoCard> = (!known).iter().collect();
        let hidden_ageing: usize = self
            .pairs
            .iter()
            .filter(|p| p.ageing.is_none())
            .map(|p| p.ageing_count as usize)
            .sum();
        // Checked sums: a deserialized view may hold any sizes.
        let other_hands = self
            .hand_sizes
            .iter()
            .enumerate()
            .filter(|&(s, _)| s != self.seat.index())
            .try_fold(0usize, |sum, (_, &n)| sum.checked_add(n))
            .ok_or(bad(ViewError::HandSizesOverflow))?;
        if Some(unseen.len())
            != hidden_ageing
                .checked_add(other_hands)
                .and_then(|n| n.checked_add(self.pile_len))
        {
            return Err(bad(ViewError::UnseenCount));
        }
        rng.shuffle(&mut unseen);
        // What the seat remembers, where it fits: the pile's known places, and who holds the
        // remembered cards it saw drawn.
        let remembered = recall.and_then(|r| r.placed(self.seat, self.pile_len, &unseen));
        let remembered_any = remembered.is_some();
        let (pile_known, held) = match remembered {
            Some(placed) => {
                unseen.retain(|&c| placed.free.contains(c));
                (placed.pile, placed.held)
            }
            None => (Vec::new(), Vec::new()),
        };

        let mut hands = vec![Hand::EMPTY; players];
        hands[self.seat.index()] = self.hand;
        // A remembered card drawn by another seat is in its hand while there is room, else
        // under its face-down ageing cards (it may have laid it there), else anywhere.
        // (No list at all when nothing is remembered: the plain world allocates only itself.)
        let mut ageing_first: Vec<Vec<DidoCard>> = if held.is_empty() {
            Vec::new()
        } else {
            vec![Vec::new(); players]
        };
        for &(card, seat) in &held {
            let s = seat.index();
            if s >= players || s == self.seat.index() {
                unseen.push(card);
            } else if hands[s].len() < self.hand_sizes[s] {
                hands[s].insert(card);
            } else {
                ageing_first[s].push(card);
            }
        }
        // A seat being asked for Da holds a card of the discard's number: give it one first.
        if let (Phase::Da { asking, .. }, Some(d)) = (self.phase, self.discard)
            && asking != self.seat
            && asking.index() < players
            && !hands[asking.index()]
                .iter()
                .any(|c| c.number() == d.number())
        {
            let Some(i) = unseen.iter().position(|c| c.number() == d.number()) else {
                return Err(bad(ViewError::DaNoMatch));
            };
            if hands[asking.index()].len() >= self.hand_sizes[asking.index()] {
                return Err(bad(ViewError::DaEmptyHand));
            }
            hands[asking.index()].insert(unseen.swap_remove(i));
        }
        let mut pairs = Vec::with_capacity(self.pairs.len());
        for p in &self.pairs {
            let ageing: Vec<DidoCard> = match &p.ageing {
                Some(a) if a.len() == p.ageing_count as usize => a.clone(),
                Some(_) => return Err(bad(ViewError::AgeingCount)),
                // Its remembered cards first; the rest is dealt below.
                None => ageing_first
                    .get_mut(p.owner.index())
                    .map(|f| f.split_off(f.len().saturating_sub(p.ageing_count as usize)))
                    .unwrap_or_default(),
            };
            pairs.push(PairSetup {
                owner: p.owner,
                cards: p.cards,
                ageing,
            });
        }
        // What did not fit goes back among the cards dealt at random.
        unseen.extend(ageing_first.into_iter().flatten());
        if remembered_any {
            rng.shuffle(&mut unseen);
        }
        let mut deal = unseen.into_iter();
        for (seat, hand) in hands.iter_mut().enumerate() {
            while seat != self.seat.index() && hand.len() < self.hand_sizes[seat] {
                hand.insert(deal.next().ok_or(bad(ViewError::OutOfCards))?);
            }
        }
        for (p, setup) in self.pairs.iter().zip(&mut pairs) {
            while setup.ageing.len() < p.ageing_count as usize {
                setup
                    .ageing
                    .push(deal.next().ok_or(bad(ViewError::OutOfCards))?);
            }
        }
        let pile = if pile_known.is_empty() {
            deal.collect()
        } else {
            let mut pile = Vec::with_capacity(pile_known.len());
            for place in &pile_known {
                pile.push(match place {
                    Some(c) => *c,
                    None => deal.next().ok_or(bad(ViewError::OutOfCards))?,
                });
            }
            if deal.next().is_some() {
                return Err(bad(ViewError::UnseenCount));
            }
            pile
        };
        let setup = Setup {
            players,
            pile,
            hands,
            pairs,
            stored: self.stored.clone(),
            discard: self.discard,
            phase: self.phase,
            turns: self.turns,
            ava: self.ava.clone(),
            outcome: self.outcome,
        };
        validate(&self.rules, &setup)
    }
}

/// `n` more, or an error when it does not fit.
fn add(value: &mut usize, n: usize) -> Result<(), ObserveError> {
    *value = value
        .checked_add(n)
        .ok_or_else(|| ObserveError::new("a count overflows"))?;
    Ok(())
}

/// `n` fewer, or an error when there are not that many.
fn take(value: &mut usize, n: usize, what: &str) -> Result<(), ObserveError> {
    *value = value
        .checked_sub(n)
        .ok_or_else(|| ObserveError::new(format!("{what} has too few cards")))?;
    Ok(())
}

/// The slot of `seat` in a per-seat list.
fn slot<T>(list: &mut [T], seat: PlayerId) -> Result<&mut T, ObserveError> {
    list.get_mut(seat.index())
        .ok_or_else(|| ObserveError::new(format!("seat {seat} is not at this table")))
}

/// Two cards as a pair names them, lower index first.
fn lower_first(a: DidoCard, b: DidoCard) -> [DidoCard; 2] {
    if a < b { [a, b] } else { [b, a] }
}

/// The viewer's own card, which its redacted event must show.
fn shown(card: Option<DidoCard>) -> Result<DidoCard, ObserveError> {
    card.ok_or_else(|| ObserveError::new("the event hides this seat's own card"))
}

impl View {
    /// Whether nothing has been dealt yet (a [`Game::blank_view`](cards_core::Game::blank_view)).
    fn is_blank(&self) -> bool {
        self.turns == 0
            && self.pile_len == 0
            && self.hand.is_empty()
            && self.hand_sizes.iter().all(|&n| n == 0)
            && self.pairs.is_empty()
            && self.stored.iter().all(|s| s.is_empty())
            && self.discard.is_none()
            && self.ava.iter().all(Option::is_none)
            && self.outcome.is_none()
    }

    /// Each seat's hand from an event's hands: every count, and the viewer's own cards.
    fn take_hands(&mut self, hands: &[Cards<DidoCard>]) -> Result<(), ObserveError> {
        if hands.len() != self.players || self.hand_sizes.len() != self.players {
            return Err(ObserveError::new(
                "the event is for another number of seats",
            ));
        }
        self.hand = Hand::EMPTY;
        for (s, cards) in hands.iter().enumerate() {
            self.hand_sizes[s] = cards.len();
            if s == self.seat.index() {
                let own = cards
                    .shown()
                    .ok_or_else(|| ObserveError::new("the event hides this seat's own hand"))?;
                self.hand = own.iter().copied().collect();
                if self.hand.len() != own.len() {
                    return Err(ObserveError::new("a hand holds a card twice"));
                }
            }
        }
        Ok(())
    }

    /// The index of `owner`'s pair `cards`.
    fn pair_index(&self, owner: PlayerId, cards: [DidoCard; 2]) -> Result<usize, ObserveError> {
        self.pairs
            .iter()
            .position(|p| p.owner == owner && p.cards == cards)
            .ok_or_else(|| ObserveError::new(format!("seat {owner} has no such pair")))
    }

    /// A new pair of `owner`'s, from `hand_cards` of its hand (and the discard, for Da).
    fn lay_pair(
        &mut self,
        owner: PlayerId,
        cards: [DidoCard; 2],
        hand_cards: &[DidoCard],
    ) -> Result<(), ObserveError> {
        let [lo, hi] = cards;
        if lo >= hi || lo.number() != hi.number() {
            return Err(ObserveError::new("not a pair"));
        }
        take(
            slot(&mut self.hand_sizes, owner)?,
            hand_cards.len(),
            "the hand",
        )?;
        if owner == self.seat {
            for &card in hand_cards {
                if !self.hand.remove(card) {
                    return Err(ObserveError::new(format!("{card} is not in this hand")));
                }
            }
        }
        self.pairs.push(PairView {
            owner,
            cards,
            ageing_count: 0,
            ageing: (owner == self.seat).then(Vec::new),
        });
        Ok(())
    }

    /// Follows one event (see [`Game::observe`](cards_core::Game::observe)); on error the
    /// view may be half changed, so the caller works on a copy.
    pub(crate) fn follow(&mut self, event: &Event) -> Result<(), ObserveError> {
        let me = self.seat;
        let players = self.players;
        let at = |seat: PlayerId| {
            if seat.index() < players {
                Ok(seat)
            } else {
                Err(ObserveError::new(format!(
                    "seat {seat} is not at this table"
                )))
            }
        };
        match event {
            Event::Dealt(deal) => {
                if !self.is_blank() {
                    return Err(ObserveError::new("a deal comes before anything else"));
                }
                self.take_hands(&deal.hands)?;
                // Checked: a deserialized event may hold any counts.
                let total = self
                    .hand_sizes
                    .iter()
                    .try_fold(deal.pile.len(), |sum, &n| sum.checked_add(n));
                if total != Some(DidoCard::COUNT) {
                    return Err(ObserveError::new("the deal does not hold the whole deck"));
                }
                self.pile_len = deal.pile.len();
            }
            Event::Position(p) => {
                if !self.is_blank() {
                    return Err(ObserveError::new("a position comes before anything else"));
                }
                if p.stored.len() != players || p.ava.len() != players {
                    return Err(ObserveError::new(
                        "the event is for another number of seats",
                    ));
                }
                self.take_hands(&p.hands)?;
                self.pairs = p
                    .pairs
                    .iter()
                    .map(|pair| {
                        at(pair.owner)?;
                        let ageing = if pair.owner == me {
                            let cards = pair.ageing.shown().ok_or_else(|| {
                                ObserveError::new("the event hides this seat's ageing cards")
                            })?;
                            Some(cards.to_vec())
                        } else {
                            None
                        };
                        Ok(PairView {
                            owner: pair.owner,
                            cards: pair.cards,
                            ageing_count: u8::try_from(pair.ageing.len())
                                .map_err(|_| ObserveError::new("too many ageing cards"))?,
                            ageing,
                        })
                    })
                    .collect::<Result<_, ObserveError>>()?;
                self.pile_len = p.pile.len();
                self.stored.clone_from(&p.stored);
                self.discard = p.discard;
                self.phase = p.phase;
                self.turns = p.turns;
                self.ava.clone_from(&p.ava);
            }
            &Event::Drew { seat, card } => {
                take(&mut self.pile_len, 1, "the pile")?;
                add(slot(&mut self.hand_sizes, at(seat)?)?, 1)?;
                if seat == me && !self.hand.insert(shown(card)?) {
                    return Err(ObserveError::new("a drawn card is already in the hand"));
                }
                self.turns = self
                    .turns
                    .checked_add(1)
                    .ok_or_else(|| ObserveError::new("too many turns"))?;
                self.phase = Phase::Act { seat };
            }
            &Event::Discarded { seat, card } => {
                take(slot(&mut self.hand_sizes, at(seat)?)?, 1, "the hand")?;
                if seat == me && !self.hand.remove(card) {
                    return Err(ObserveError::new(format!("{card} is not in this hand")));
                }
                if self.discard.replace(card).is_some() {
                    return Err(ObserveError::new("a discard already lies out"));
                }
            }
            &Event::DaAsked { seat, discarder } => {
                if self.discard.is_none() {
                    return Err(ObserveError::new("no discard lies out"));
                }
                self.phase = Phase::Da {
                    discarder: at(discarder)?,
                    asking: at(seat)?,
                };
            }
            &Event::Passed { seat } => {
                if !matches!(self.phase, Phase::Da { asking, .. } if asking == seat) {
                    return Err(ObserveError::new(format!(
                        "seat {seat} is not asked for Da"
                    )));
                }
            }
            Event::DaClosed => {
                if !matches!(self.phase, Phase::Da { .. }) {
                    return Err(ObserveError::new("no Da window is open"));
                }
            }
            &Event::DaClaimed {
                seat,
                card,
                discard,
            } => {
                if self.discard != Some(discard) {
                    return Err(ObserveError::new(format!("{discard} is not the discard")));
                }
                self.discard = None;
                self.lay_pair(at(seat)?, lower_first(card, discard), &[card])?;
            }
            &Event::Paired { seat, cards } => self.lay_pair(at(seat)?, cards, &cards)?,
            &Event::Aged { seat, card, pair } => {
                let p = self.pair_index(at(seat)?, pair)?;
                take(slot(&mut self.hand_sizes, seat)?, 1, "the hand")?;
                let view = &mut self.pairs[p];
                view.ageing_count = view
                    .ageing_count
                    .checked_add(1)
                    .ok_or_else(|| ObserveError::new("too many ageing cards"))?;
                if seat == me {
                    let card = shown(card)?;
                    if !self.hand.remove(card) {
                        return Err(ObserveError::new(format!("{card} is not in this hand")));
                    }
                    view.ageing.get_or_insert_with(Vec::new).push(card);
                }
            }
            &Event::PairCompleted { seat, pair } => {
                self.pair_index(at(seat)?, pair)?;
                self.phase = Phase::Store {
                    seat,
                    pair: pair[0],
                    next: seat.next(players),
                };
            }
            Event::Stored {
                seat,
                card,
                other,
                ageing,
            } => {
                let (seat, card, other) = (at(*seat)?, *card, *other);
                let p = self.pair_index(seat, lower_first(card, other))?;
                let pair = self.pairs.remove(p);
                if ageing.len() != usize::from(pair.ageing_count)
                    || (seat == me && ageing.shown() != pair.ageing.as_deref())
                {
                    return Err(ObserveError::new("the ageing cards are not the pair's"));
                }
                if !slot(&mut self.stored, seat)?.insert(card) {
                    return Err(ObserveError::new(format!("{card} is stored already")));
                }
                add(&mut self.pile_len, 1 + ageing.len())?;
            }
            &Event::FourStored { seat } => {
                self.phase = Phase::Decide {
                    seat: at(seat)?,
                    next: seat.next(players),
                };
            }
            &Event::AvaDeclared { seat } => {
                let position = self.ava.iter().flatten().count() + 1;
                let position = u8::try_from(position)
                    .map_err(|_| ObserveError::new("too many Ava declarations"))?;
                if slot(&mut self.ava, at(seat)?)?.replace(position).is_some() {
                    return Err(ObserveError::new(format!(
                        "seat {seat} declared Ava already"
                    )));
                }
            }
            &Event::AvaDrew { seat, card } => {
                take(&mut self.pile_len, 1, "the pile")?;
                add(slot(&mut self.hand_sizes, at(seat)?)?, 1)?;
                if seat == me && !self.hand.insert(shown(card)?) {
                    return Err(ObserveError::new("a drawn card is already in the hand"));
                }
            }
            &Event::AvaStored { seat, card } => {
                take(&mut self.pile_len, 1, "the pile")?;
                if !slot(&mut self.stored, at(seat)?)?.insert(card) {
                    return Err(ObserveError::new(format!("{card} is stored already")));
                }
            }
            &Event::DiscardBuried { card } => {
                if self.discard != Some(card) {
                    return Err(ObserveError::new(format!("{card} is not the discard")));
                }
                self.discard = None;
                add(&mut self.pile_len, 1)?;
            }
            Event::Ended { outcome, .. } => {
                self.phase = Phase::Over;
                self.outcome = Some(*outcome);
            }
        }
        Ok(())
    }
}
