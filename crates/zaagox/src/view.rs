//! [`View`]: what one player may see, and sampling a full state consistent with it.

use cards_core::{DidoCard, Draw as _, PlayerId, Rng};

use crate::setup::{PairSetup, validate};
use crate::state::Hand;
use crate::{Outcome, Phase, Rules, Setup, SetupError, ViewError, Zaagox};

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

impl Zaagox {
    /// What `seat` may see. A seat not at the table sees what any seat sees of others, and an
    /// empty hand.
    pub(crate) fn view_of(&self, seat: PlayerId) -> View {
        let raw = self.to_setup();
        View {
            seat,
            rules: self.rules,
            players: raw.players,
            hand: self.hand(seat),
            hand_sizes: raw.hands.iter().map(|h| h.len()).collect(),
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
            pile_len: self.pile_len(),
            phase: self.phase,
            turns: self.turns,
            ava: raw.ava,
            outcome: self.outcome,
        }
    }
}

impl core::fmt::Display for View {
    /// The table as this seat sees it: its own hand and ageing cards, every other hand and
    /// ageing pile as a count.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "Zaägox as seat {} sees it, {} players, turn {}: ",
            self.seat, self.players, self.turns
        )?;
        match self.outcome {
            Some(outcome) => writeln!(f, "{outcome}")?,
            None => writeln!(f, "{}", self.phase)?,
        }
        write!(f, "pile: {} cards", self.pile_len)?;
        match self.discard {
            Some(d) => write!(f, "; discard: {d}")?,
            None => f.write_str("; discard: none")?,
        }
        for (index, &size) in self.hand_sizes.iter().enumerate() {
            let Some(seat) = PlayerId::from_index(index) else {
                break;
            };
            if seat == self.seat {
                write!(f, "\nseat {seat} (you): hand {}", self.hand)?;
            } else {
                write!(f, "\nseat {seat}: {size} cards in hand")?;
            }
            if let Some(stored) = self.stored.get(index) {
                write!(f, "; stored {stored}")?;
            }
            if self.ava.get(index).copied().flatten().is_some() {
                f.write_str("; Ava declared")?;
            }
            for pair in self.pairs.iter().filter(|p| p.owner == seat) {
                let [lo, hi] = pair.cards;
                match &pair.ageing {
                    Some(cards) => {
                        write!(f, "; pair {lo} {hi} ageing [")?;
                        for (i, card) in cards.iter().enumerate() {
                            write!(f, "{}{card}", if i == 0 { "" } else { " " })?;
                        }
                        f.write_str("]")?;
                    }
                    None => write!(f, "; pair {lo} {hi} with {} ageing", pair.ageing_count)?,
                }
            }
        }
        Ok(())
    }
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

        let mut hands = vec![Hand::EMPTY; players];
        hands[self.seat.index()] = self.hand;
        // A seat being asked for Da holds a card of the discard's number: give it one first.
        if let (Phase::Da { asking, .. }, Some(d)) = (self.phase, self.discard)
            && asking != self.seat
            && asking.index() < players
        {
            let Some(i) = unseen.iter().position(|c| c.number() == d.number()) else {
                return Err(bad(ViewError::DaNoMatch));
            };
            if self.hand_sizes[asking.index()] == 0 {
                return Err(bad(ViewError::DaEmptyHand));
            }
            hands[asking.index()].insert(unseen.swap_remove(i));
        }
        let mut deal = unseen.into_iter();
        for (seat, hand) in hands.iter_mut().enumerate() {
            while seat != self.seat.index() && hand.len() < self.hand_sizes[seat] {
                hand.insert(deal.next().ok_or(bad(ViewError::OutOfCards))?);
            }
        }
        let mut pairs = Vec::with_capacity(self.pairs.len());
        for p in &self.pairs {
            let ageing = match &p.ageing {
                Some(a) if a.len() == p.ageing_count as usize => a.clone(),
                Some(_) => return Err(bad(ViewError::AgeingCount)),
                None => deal.by_ref().take(p.ageing_count as usize).collect(),
            };
            pairs.push(PairSetup {
                owner: p.owner,
                cards: p.cards,
                ageing,
            });
        }
        let setup = Setup {
            players,
            pile: deal.collect(),
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
