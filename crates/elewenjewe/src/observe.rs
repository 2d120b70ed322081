//! A seat's [`View`] kept up to date from its redacted events, one kind of event at a time
//! (what [`Game::observe`](cards_core::Game::observe) does with each). Every step checks that
//! the event fits the view (cards where the event says they are, seats at the table) and
//! fails with [`ObserveError`] otherwise, never panicking; `observe` works on a copy.

use cards_core::{ObserveError, PlayerId, StdCard};

use crate::event::Position;
use crate::score::RoundRecord;
use crate::state::{Cards, MAX, Pile, pack};
use crate::view::View;

fn refuse<T>(why: &str) -> Result<T, ObserveError> {
    Err(ObserveError::new(why))
}

/// Cards shown, as a set (no card twice), or `None` when hidden.
fn shown_set(cards: &cards_core::Cards<StdCard>) -> Result<Option<Cards>, ObserveError> {
    let Some(list) = cards.shown() else {
        return Ok(None);
    };
    let set: Cards = list.iter().copied().collect();
    if set.len() != list.len() {
        return refuse("a card twice");
    }
    Ok(Some(set))
}

impl View {
    fn seats(&self) -> usize {
        self.hand_sizes.len()
    }

    fn seat_index(&self, seat: PlayerId) -> Result<usize, ObserveError> {
        if seat.index() < self.seats() {
            Ok(seat.index())
        } else {
            refuse("a seat not at the table")
        }
    }

    /// Adds `cards` to `seat`'s captured pile.
    fn capture(&mut self, seat: usize, cards: Cards) {
        if let Some(size) = self.captured_sizes.get_mut(seat) {
            *size = size.saturating_add(cards.len());
        }
        if let Some(pile) = self.captured.as_mut().and_then(|c| c.get_mut(seat)) {
            *pile |= cards;
        }
    }

    /// A round begins: a clear table but for the layout, the rest of the pack in the stock.
    pub(crate) fn round_began(
        &mut self,
        dealer: PlayerId,
        layout: Cards,
    ) -> Result<(), ObserveError> {
        let n = self.seats();
        self.seat_index(dealer)?;
        let deck = pack(&self.rules);
        if !layout.is_subset(deck) || self.hand_sizes.iter().any(|&h| h != 0) {
            return refuse("a round begins only when every hand is empty");
        }
        self.round = self.records.len() as u32;
        self.dealer = dealer;
        self.hand = Cards::EMPTY;
        self.table = layout;
        self.piles.clear();
        self.captured_sizes = vec![0; n];
        if let Some(c) = self.captured.as_mut() {
            *c = vec![Cards::EMPTY; n];
        }
        self.stock = deck.len() - layout.len();
        self.set_aside = 0;
        self.joker_plays = vec![0; n];
        self.penalties = vec![0; n];
        self.last = None;
        Ok(())
    }

    /// A batch: each seat's new cards (the view's own shown), the leftovers laid.
    pub(crate) fn batch_dealt(
        &mut self,
        hands: &[cards_core::Cards<StdCard>],
        laid: &[StdCard],
    ) -> Result<(), ObserveError> {
        if hands.len() != self.seats() {
            return refuse("one hand per seat");
        }
        let mut dealt = 0usize;
        for (s, cards) in hands.iter().enumerate() {
            if s == self.seat.index() {
                let Some(new) = shown_set(cards)? else {
                    return refuse("the view's own cards are hidden from it");
                };
                if !new.is_disjoint(self.hand) {
                    return refuse("a card dealt twice");
                }
                self.hand |= new;
            }
            // Sizes from a view or event of anywhere: a sum past `usize` fits no stock.
            let Some(size) = self.hand_sizes[s].checked_add(cards.len()) else {
                return refuse("more cards dealt than the stock holds");
            };
            self.hand_sizes[s] = size;
            dealt = dealt.saturating_add(cards.len());
        }
        let laid_set: Cards = laid.iter().copied().collect();
        if laid_set.len() != laid.len() || !laid_set.is_disjoint(self.table) {
            return refuse("a card laid twice");
        }
        self.table |= laid_set;
        self.stock = self
            .stock
            .checked_sub(dealt.saturating_add(laid.len()))
            .map_or_else(|| refuse("more cards dealt than the stock holds"), Ok)?;
        Ok(())
    }

    /// The rest of the stock set aside.
    pub(crate) fn set_aside(&mut self, count: usize) -> Result<(), ObserveError> {
        self.stock = self
            .stock
            .checked_sub(count)
            .map_or_else(|| refuse("more cards set aside than the stock holds"), Ok)?;
        self.set_aside = self.set_aside.saturating_add(count);
        Ok(())
    }

    /// `seat` plays `card` from its hand.
    pub(crate) fn played(&mut self, seat: PlayerId, card: StdCard) -> Result<usize, ObserveError> {
        let s = self.seat_index(seat)?;
        if self.to_act != Some(seat) {
            return refuse("a seat played out of turn");
        }
        if (seat == self.seat) != self.hand.contains(card) {
            return refuse("a card played from the wrong hand");
        }
        self.hand.remove(card);
        if self.table.contains(card) || self.piles.iter().any(|p| p.cards.contains(card)) {
            return refuse("the card played lies on the table");
        }
        self.hand_sizes[s] = self.hand_sizes[s]
            .checked_sub(1)
            .map_or_else(|| refuse("a seat played from an empty hand"), Ok)?;
        self.last = Some(seat);
        Ok(s)
    }

    /// `seat` captured `taken` and the whole `piles` with `card` (already played).
    pub(crate) fn captured(
        &mut self,
        s: usize,
        card: StdCard,
        taken: Cards,
        piles: &[Pile],
    ) -> Result<(), ObserveError> {
        if !taken.is_subset(self.table) || piles.iter().any(|p| !self.piles.contains(p)) {
            return refuse("a card captured is not on the table");
        }
        let from_piles = piles.iter().fold(Cards::EMPTY, |a, p| a | p.cards);
        self.table -= taken;
        self.piles.retain(|p| !piles.contains(p));
        self.capture(s, (taken | from_piles).with(card));
        if card.is_joker()
            && let Some(plays) = self.joker_plays.get_mut(s)
        {
            *plays = plays.saturating_add(1);
        }
        Ok(())
    }

    /// `pile` was built (its played card already played).
    pub(crate) fn built(&mut self, card: StdCard, pile: Pile) -> Result<(), ObserveError> {
        self.seat_index(pile.owner)?;
        let taken = pile.cards.without(card);
        if !pile.cards.contains(card) || !taken.is_subset(self.table) {
            return refuse("a pile built of cards not on the table");
        }
        self.table -= taken;
        let at = self.piles.partition_point(|p| p.lowest() < pile.lowest());
        self.piles.insert(at, pile);
        Ok(())
    }

    /// `pile` dissolved: its cards loose, its owner penalized.
    pub(crate) fn released(&mut self, pile: Pile) -> Result<(), ObserveError> {
        let owner = self.seat_index(pile.owner)?;
        let Some(at) = self.piles.iter().position(|p| *p == pile) else {
            return refuse("no such pile stands");
        };
        self.piles.remove(at);
        self.table |= pile.cards;
        let Some(penalties) = self.penalties.get_mut(owner) else {
            return refuse("one penalty count per seat");
        };
        *penalties = penalties.saturating_add(1);
        Ok(())
    }

    /// The last player took the rest of the table.
    pub(crate) fn took_rest(&mut self, seat: PlayerId, cards: Cards) -> Result<(), ObserveError> {
        let s = self.seat_index(seat)?;
        if !cards.is_subset(self.table) {
            return refuse("the cards taken are not on the table");
        }
        self.table -= cards;
        self.capture(s, cards);
        Ok(())
    }

    /// A round was scored.
    pub(crate) fn scored(
        &mut self,
        record: RoundRecord,
        score: &[i64],
    ) -> Result<(), ObserveError> {
        let n = self.seats();
        if score.len() != n || record.cards.len() != n || self.totals.len() != n {
            return refuse("one score per seat");
        }
        if self.hand_sizes.iter().any(|&h| h != 0) {
            return refuse("a round is scored when every hand is played out");
        }
        for (total, d) in self.totals.iter_mut().zip(score) {
            *total = total.saturating_add(*d);
        }
        self.records.push(record);
        Ok(())
    }

    /// The whole position, from a setup.
    pub(crate) fn position(&mut self, p: &Position) -> Result<(), ObserveError> {
        let n = p.hands.len();
        let lists = [
            p.totals.len(),
            p.captured.len(),
            p.joker_plays.len(),
            p.penalties.len(),
        ];
        if n != self.seats() || n > MAX || lists.iter().any(|&l| l != n) {
            return refuse("one entry per seat");
        }
        let hand = match p.hands.get(self.seat.index()) {
            Some(h) => shown_set(h)?.map_or_else(|| refuse("the view's own hand is hidden"), Ok)?,
            None => Cards::EMPTY,
        };
        let captured = if self.rules.isiwo {
            let mut piles = Vec::with_capacity(n);
            for c in &p.captured {
                piles.push(shown_set(c)?.map_or_else(|| refuse("Isiwo shows captured piles"), Ok)?);
            }
            Some(piles)
        } else {
            None
        };
        self.round = p.round;
        self.dealer = p.dealer;
        self.hand = hand;
        self.hand_sizes = p.hands.iter().map(cards_core::Cards::len).collect();
        self.table = p.table;
        self.piles.clone_from(&p.piles);
        self.captured_sizes = p.captured.iter().map(cards_core::Cards::len).collect();
        self.captured = captured;
        self.stock = p.stock.len();
        self.set_aside = p.set_aside.len();
        self.joker_plays.clone_from(&p.joker_plays);
        self.penalties.clone_from(&p.penalties);
        self.last = p.last;
        self.records.clone_from(&p.records);
        self.totals.clone_from(&p.totals);
        Ok(())
    }
}
