//! [`View`]: what one seat may see of a deal, and worlds sampled consistently with it.

use cards_core::{DidoCard, Draw, PlayerId, Rng};

use crate::state::{self, table};
use crate::{Action, Hand, Letom, Phase, Rules, Setup, SetupError};

/// What one seat may see: its own hand, the floor, every captured pile, revealed shakes,
/// owed flip-only turns, the stock's size, the Guã a seller showed, Ren calls, the carry and
/// the pot. Not: other hands, the stock's order.
///
/// `public` is the position with every hidden card taken out: its `hands` and `stock` are
/// empty lists (their sizes are `hand_sizes` and `stock_len`) and it carries no reshuffle
/// seed. [`View::sample_world`] deals the hidden cards back in.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct View {
    /// The seat whose view this is.
    pub seat: PlayerId,
    /// The rules of the deal.
    pub rules: Rules,
    /// The seat's own hand (in the sale phase, in the order dealt).
    pub hand: Vec<DidoCard>,
    /// Cards in each seat's hand.
    pub hand_sizes: Vec<usize>,
    /// Cards in the stock.
    pub stock_len: usize,
    /// Everything else, public.
    pub public: Setup,
}

impl View {
    /// The seat's legal actions when it is to act (none otherwise), as the game lists them.
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        let p = &self.public;
        if p.phase.seat() != Some(self.seat) {
            return;
        }
        let s = self.seat.index();
        let n = p.hands.len();
        state::each_legal(
            p.phase,
            self.hand.iter().copied().collect(),
            p.floor,
            p.owed.get(s).copied().unwrap_or(0),
            p.shaken.get(s).copied().unwrap_or_default(),
            self.seat.next(n) == p.dealer,
            |a| out.push(a),
        );
    }

    /// A whole deal consistent with this view: the hidden cards dealt at random to the other
    /// hands and the stock, except what the view pins down — cards a seat revealed by shaking
    /// and has not played are in its hand, and a seller's shown Guã not yet flipped lie in the
    /// part of the stock its hand went to (the bottom, unless the stock was reshuffled).
    ///
    /// # Errors
    /// [`SetupError`] when the view is not one a deal shows (sizes that do not add up, a card
    /// twice, a list not in the form a view writes), as
    /// [`Game::from_setup`](cards_core::Game::from_setup) would refuse it.
    pub fn sample_world<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<Letom, SetupError> {
        let p = &self.public;
        let n = self.hand_sizes.len();
        if p.hands.len() != n {
            return Err(SetupError::SeatCount {
                what: "hand_sizes",
                got: n,
                seats: p.hands.len(),
            });
        }
        let me = self.seat.index();
        if me >= n {
            return Err(SetupError::BadSeat {
                what: "seat",
                seat: self.seat,
                why: "is not at the table",
            });
        }
        if self.stock_len > DidoCard::COUNT {
            // Refused before the stock's slots are allocated.
            return Err(SetupError::Inconsistent {
                what: "stock_len",
                why: format!("{} cards, the deck has {}", self.stock_len, DidoCard::COUNT),
            });
        }
        if self.hand_sizes[me] != self.hand.len() {
            return Err(SetupError::Inconsistent {
                what: "hand_sizes",
                why: format!(
                    "the seat's own hand holds {} cards, its size says {}",
                    self.hand.len(),
                    self.hand_sizes[me]
                ),
            });
        }
        let mut seen: Hand = self.hand.iter().copied().collect();
        seen |= p.floor;
        for &c in &p.captured {
            seen |= c;
        }
        if let Phase::Take { flipped, .. } = p.phase {
            seen.insert(flipped);
        }
        let unseen = Hand::full() - seen;
        let mut forced = vec![Hand::EMPTY; n];
        let mut free = unseen;
        for s in (0..n).filter(|&s| s != me) {
            forced[s] = p.shaken.get(s).copied().unwrap_or_default() & unseen;
            free -= forced[s];
        }
        let stock_forced = p.shown & unseen;
        free -= stock_forced;
        let mut pool: Vec<DidoCard> = free.iter().collect();
        rng.shuffle(&mut pool);
        let mut pool = pool.into_iter();
        let in_sale = matches!(p.phase, Phase::Sale { .. });
        let mut setup = p.clone();
        for (s, forced) in forced.iter().enumerate() {
            if s == me {
                setup.hands[s] = self.hand.clone();
                continue;
            }
            let size = self.hand_sizes[s];
            let mut hand: Vec<DidoCard> = forced.iter().collect();
            if hand.len() > size {
                return Err(SetupError::Inconsistent {
                    what: "hand_sizes",
                    why: format!(
                        "seat {s} holds {size} cards but has {} shaken cards unplayed",
                        hand.len()
                    ),
                });
            }
            while hand.len() < size {
                // Too few hidden cards for the sizes shown: refuse the view rather than deal
                // a short hand (whose world would show another view).
                let card = pool.next().ok_or_else(|| SetupError::Inconsistent {
                    what: "hand_sizes",
                    why: "the hidden cards do not fill the hands and the stock".into(),
                })?;
                hand.push(card);
            }
            if in_sale {
                rng.shuffle(&mut hand);
            }
            setup.hands[s] = hand;
        }
        // The stock: the shown Guã within the seller's part (the bottom), the rest at random.
        let len = self.stock_len;
        let region = if self.rules.reshuffle_sold {
            len
        } else {
            len.min(table(n.saturating_sub(1)).1)
        };
        let mut slots: Vec<Option<DidoCard>> = vec![None; len];
        let mut bottom: Vec<usize> = (len - region..len).collect();
        rng.shuffle(&mut bottom);
        let mut forced_stock = stock_forced.iter();
        for &i in &bottom {
            match forced_stock.next() {
                Some(c) => slots[i] = Some(c),
                None => break,
            }
        }
        if forced_stock.next().is_some() {
            return Err(SetupError::Inconsistent {
                what: "shown",
                why: "more shown Guã in the stock than the seller's part of it holds".into(),
            });
        }
        setup.stock = slots
            .into_iter()
            .map(|slot| slot.or_else(|| pool.next()))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| SetupError::Inconsistent {
                what: "stock_len",
                why: "the hidden cards do not fill the hands and the stock".into(),
            })?;
        if in_sale && self.rules.reshuffle_sold {
            setup.reshuffle = Some(rng.seed());
        }
        let world = crate::setup::validate(&self.rules, &setup)?;
        // A view a deal shows is written in one form (every per-seat list in full, seats in
        // order); one in another form (say, a list left out) is refused, since no world shows
        // it.
        if world.view_of(self.seat) != *self {
            return Err(SetupError::Inconsistent {
                what: "view",
                why: "no deal shows this view: its public part is not in the form a deal's view \
                      takes (every per-seat list in full, first turns once each in seat order)"
                    .into(),
            });
        }
        Ok(world)
    }
}

impl Letom {
    /// The view of `seat`; a seat not at the table is an onlooker and sees no hand.
    pub(crate) fn view_of(&self, seat: PlayerId) -> View {
        let mut public = self.to_setup();
        let hand = public.hands.get(seat.index()).cloned().unwrap_or_default();
        let hand_sizes = public.hands.iter().map(Vec::len).collect();
        for h in &mut public.hands {
            h.clear();
        }
        let stock_len = public.stock.len();
        public.stock.clear();
        public.reshuffle = None;
        View {
            seat,
            rules: self.rules,
            hand,
            hand_sizes,
            stock_len,
            public,
        }
    }
}
