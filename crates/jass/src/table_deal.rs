//! [`TableDeal`]: the cards of a Coiffeur or Differenzler deal (3 or 4 seats) drawn from a
//! seed, in the order they were dealt.

use cards_core::{GameRng, JassCard, PlayerId, Seed};

use crate::deal::Hand;
use crate::tricks::{MAX_SEATS, PLAYS, seat_after_at};

/// Cards in one packet.
const PACKET: usize = 3;
/// The most cards in one hand (three seats: twelve).
pub(crate) const MAX_HAND: usize = PLAYS / 3;

/// A deal for `seats` seats drawn from a seed: the dealer and each seat's cards in the order
/// it received them (packets of three, round by round, from the seat after the dealer; the
/// dealer receives the deck's last card).
///
/// Deal `k` of a game shuffles with `GameRng::for_deal(seed, k)`; in deal 0 the dealer is
/// then drawn from the same stream (`below(seats)`) unless the rules fix it; later deals pass
/// the deal one seat on, and nothing else is drawn.
///
/// ```
/// use cards_core::Seed;
/// use jass::TableDeal;
/// let deal = TableDeal::first(Seed::from(7), 3, None);
/// assert_eq!(deal.hand(deal.dealer).len(), 12);
/// let next = TableDeal::later(Seed::from(7), 1, 3, deal.dealer);
/// assert_eq!(next.dealer.index(), (deal.dealer.index() + 1) % 3);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableDeal {
    /// The seat that dealt.
    pub dealer: PlayerId,
    /// Seats at the table (3 or 4).
    pub seats: u8,
    hands: [[JassCard; MAX_HAND]; MAX_SEATS],
}

impl TableDeal {
    /// Deal 0 of a game at a table of `seats` (3 or 4, clamped): the deck shuffled, then the
    /// dealer drawn from the same stream unless `dealer` fixes it.
    #[must_use]
    pub fn first(seed: Seed, seats: usize, dealer: Option<PlayerId>) -> TableDeal {
        let seats = seats.clamp(3, MAX_SEATS);
        let mut rng = GameRng::for_deal(seed, 0);
        let mut deck = JassCard::ALL;
        rng.shuffle(&mut deck);
        let dealer = match dealer {
            Some(seat) => PlayerId((seat.index() % seats) as u8),
            None => PlayerId(rng.below(seats as u64) as u8),
        };
        TableDeal::packets(&deck, dealer, seats)
    }

    /// Deal `k` (after the first) of a game at a table of `seats`, dealt by the seat after
    /// `previous` (the previous deal's dealer).
    #[must_use]
    pub fn later(seed: Seed, k: u32, seats: usize, previous: PlayerId) -> TableDeal {
        let seats = seats.clamp(3, MAX_SEATS);
        let mut rng = GameRng::for_deal(seed, k);
        let mut deck = JassCard::ALL;
        rng.shuffle(&mut deck);
        TableDeal::packets(&deck, seat_after_at(previous, 1, seats), seats)
    }

    fn packets(deck: &[JassCard; PLAYS], dealer: PlayerId, seats: usize) -> TableDeal {
        let mut hands = [[JassCard::ALL[0]; MAX_HAND]; MAX_SEATS];
        let mut received = [0usize; MAX_SEATS];
        for (p, packet) in deck.chunks_exact(PACKET).enumerate() {
            let seat = seat_after_at(dealer, 1 + p % seats, seats).index();
            for &card in packet {
                hands[seat][received[seat]] = card;
                received[seat] += 1;
            }
        }
        TableDeal {
            dealer,
            seats: seats as u8,
            hands,
        }
    }

    /// The seat after the dealer: it acts first and leads the first trick.
    #[must_use]
    pub fn forehand(&self) -> PlayerId {
        seat_after_at(self.dealer, 1, usize::from(self.seats))
    }

    /// `seat`'s cards in the order dealt (empty for a seat not at the table).
    #[must_use]
    pub fn hand(&self, seat: PlayerId) -> &[JassCard] {
        let n = PLAYS / usize::from(self.seats);
        match self.hands.get(seat.index()) {
            Some(hand) if seat.index() < usize::from(self.seats) => &hand[..n],
            _ => &[],
        }
    }

    /// The dealer's last card: Differenzler's shown trump card.
    #[must_use]
    pub fn shown(&self) -> JassCard {
        self.hand(self.dealer)
            .last()
            .copied()
            .unwrap_or(JassCard::ALL[0])
    }

    /// The hands as sets (seats beyond the table empty).
    pub(crate) fn hand_sets(&self) -> [Hand; MAX_SEATS] {
        core::array::from_fn(|s| self.hand(PlayerId(s as u8)).iter().copied().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packets_of_three_from_the_seat_after_the_dealer() {
        for seats in [3usize, 4] {
            for seed in 0..40u64 {
                let deal = TableDeal::first(Seed::from(seed), seats, None);
                let mut rng = GameRng::for_deal(Seed::from(seed), 0);
                let mut deck = JassCard::ALL;
                rng.shuffle(&mut deck);
                assert_eq!(deal.hand(deal.forehand())[..3], deck[..3]);
                assert_eq!(deal.shown(), deck[PLAYS - 1]);
                let all: Hand = deal.hand_sets().iter().fold(Hand::EMPTY, |a, &h| a | h);
                assert_eq!(all.len(), PLAYS);
                assert_eq!(deal.hand(PlayerId(seats as u8)), &[] as &[JassCard]);
                let fixed = TableDeal::first(Seed::from(seed), seats, Some(PlayerId(1)));
                assert_eq!(fixed.dealer, PlayerId(1));
            }
        }
    }
}
