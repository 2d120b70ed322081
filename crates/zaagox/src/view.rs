//! [`View`]: what one player may see, and sampling a full state consistent with it.

use cards_core::{DidoCard, GameRng, PlayerId, SetupError};

use crate::raw::{RawPair, RawState, validate};
use crate::state::Hand;
use crate::{Outcome, Phase, Rules, Zaagox};

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
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct View {
    /// Whose view this is.
    pub seat: PlayerId,
    /// The rules in force.
    pub rules: Rules,
    /// Number of seats.
    pub players: u8,
    /// The viewer's hand.
    pub hand: Hand,
    /// Every seat's hand size.
    pub hand_sizes: Vec<u8>,
    /// Every pair, oldest first.
    pub pairs: Vec<PairView>,
    /// Every seat's stored cards.
    pub stored: Vec<Hand>,
    /// The discard lying out.
    pub discard: Option<DidoCard>,
    /// Cards in the centre pile.
    pub pile_len: u8,
    /// Where the game stands.
    pub phase: Phase,
    /// Turns played.
    pub turns: u32,
    /// Ava declarations per seat (0 = none, else declaration position).
    pub ava_order: Vec<u8>,
    /// How the game ended, once it has.
    pub outcome: Option<Outcome>,
}

impl Zaagox {
    /// What `seat` may see. A seat not at the table sees what any seat sees of others, and an
    /// empty hand.
    #[must_use]
    pub fn view(&self, seat: PlayerId) -> View {
        let raw = self.to_raw();
        View {
            seat,
            rules: self.rules,
            players: self.players,
            hand: self.hand(seat),
            hand_sizes: raw.hands.iter().map(|h| h.len() as u8).collect(),
            pairs: raw
                .pairs
                .into_iter()
                .map(|p| PairView {
                    owner: p.owner,
                    cards: p.cards,
                    ageing_count: p.ageing.len() as u8,
                    ageing: (p.owner == seat).then_some(p.ageing),
                })
                .collect(),
            stored: raw.stored,
            discard: self.discard,
            pile_len: self.pile_len() as u8,
            phase: self.phase,
            turns: self.turns,
            ava_order: raw.ava_order,
            outcome: self.outcome,
        }
    }
}

impl View {
    /// A full state that shows this view to its seat: the unseen cards (other hands, others'
    /// ageing cards, the pile) are dealt uniformly at random, except that a seat being asked for
    /// Da is first given one unseen card of the discard's number (the view tells it holds one).
    ///
    /// This is consistent with the view, not a posterior over the game's history: it does not use
    /// what a player could have remembered (cards seen going to the bottom of the pile).
    ///
    /// # Errors
    /// [`SetupError::State`] when the view is inconsistent (it may come from anywhere).
    pub fn sample_world(&self, rng: &mut GameRng) -> Result<Zaagox, SetupError> {
        let bad = |m: String| SetupError::State(m);
        let players = self.players as usize;
        if !(2..=4).contains(&players)
            || self.hand_sizes.len() != players
            || self.seat.index() >= players
        {
            return Err(bad(
                "the view's seat and sizes do not fit its player count".into()
            ));
        }
        if self.hand.len() != self.hand_sizes[self.seat.index()] as usize {
            return Err(bad("the viewer's hand size disagrees with its hand".into()));
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
                return Err(bad(format!(
                    "a view shows the ageing cards of exactly its own pairs ({:?})",
                    p.cards
                )));
            }
            see(p.cards.iter().copied().collect());
            if let Some(ageing) = &p.ageing {
                see(ageing.iter().copied().collect());
            }
        }
        if seen != known.len() {
            return Err(bad("the view shows some card twice".into()));
        }
        let mut unseen: Vec<DidoCard> = (!known).iter().collect();
        let hidden_ageing: usize = self
            .pairs
            .iter()
            .filter(|p| p.ageing.is_none())
            .map(|p| p.ageing_count as usize)
            .sum();
        let other_hands: usize = self
            .hand_sizes
            .iter()
            .enumerate()
            .filter(|&(s, _)| s != self.seat.index())
            .map(|(_, &n)| n as usize)
            .sum();
        if unseen.len() != hidden_ageing + other_hands + self.pile_len as usize {
            return Err(bad(format!(
                "{} cards are unseen but the view hides {} (hands {other_hands}, ageing {hidden_ageing}, pile {})",
                unseen.len(),
                hidden_ageing + other_hands + self.pile_len as usize,
                self.pile_len
            )));
        }
        rng.shuffle(&mut unseen);

        let mut hands = vec![Hand::EMPTY; players];
        hands[self.seat.index()] = self.hand;
        // A seat being asked for Da holds a card of the discard's number: give it one first.
        if let (Phase::Da { asking, .. }, Some(d)) = (self.phase, self.discard)
            && asking != self.seat
            && asking.index() < players
        {
            let Some(i) = unseen.iter().position(|c| c.number() == d.number()) else {
                return Err(bad(format!(
                    "seat {asking} is asked for Da, but no unseen card matches {d}"
                )));
            };
            if self.hand_sizes[asking.index()] == 0 {
                return Err(bad(format!(
                    "seat {asking} is asked for Da with an empty hand"
                )));
            }
            hands[asking.index()].insert(unseen.swap_remove(i));
        }
        let mut deal = unseen.into_iter();
        for (seat, hand) in hands.iter_mut().enumerate() {
            while seat != self.seat.index() && hand.len() < self.hand_sizes[seat] as usize {
                hand.insert(
                    deal.next()
                        .ok_or_else(|| bad("ran out of unseen cards".into()))?,
                );
            }
        }
        let mut pairs = Vec::with_capacity(self.pairs.len());
        for p in &self.pairs {
            let ageing = match &p.ageing {
                Some(a) if a.len() == p.ageing_count as usize => a.clone(),
                Some(_) => return Err(bad("a pair's ageing cards disagree with its count".into())),
                None => deal.by_ref().take(p.ageing_count as usize).collect(),
            };
            pairs.push(RawPair {
                owner: p.owner,
                cards: p.cards,
                ageing,
            });
        }
        let raw = RawState {
            rules: self.rules,
            players: self.players,
            pile: deal.collect(),
            hands,
            pairs,
            stored: self.stored.clone(),
            discard: self.discard,
            phase: self.phase,
            turns: self.turns,
            ava_order: self.ava_order.clone(),
            outcome: self.outcome,
        };
        validate(&raw).map_err(SetupError::State)
    }
}
