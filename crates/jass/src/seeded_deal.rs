//! [`SeededDeal`]: the cards of a deal drawn from a seed, in the order they were dealt, at a
//! table of three or four — what every seeded Jass game deals, and what its deal event shows.

use cards_core::{CardSet, GameRng, JassCard, PlayerId, Seed};

use crate::Rules;

/// The most seats at a table.
const MAX_SEATS: usize = 4;
/// Cards in the deck.
const CARDS: usize = JassCard::COUNT;
/// The most cards in one hand (three seats: twelve).
const MAX_HAND: usize = CARDS / 3;
/// Cards each of four seats receives.
const HAND: usize = CARDS / MAX_SEATS;
/// Cards in one packet.
const PACKET: usize = 3;

/// A deal for 3 or 4 seats drawn from a seed: the dealer, the seat that acts first, and each
/// seat's cards in the order it received them — packets of three, round by round, from the
/// seat after the dealer (the dealer receives the deck's last card).
///
/// Deal `k` of a game shuffles with `GameRng::for_deal(seed, k)`. In deal 0 the dealer is then
/// drawn from the same stream (`below(seats)`) unless the rules fix it ([`SeededDeal::first`];
/// a Schieber game's deal 0, [`SeededDeal::first_schieber`], gives forehand to the holder of
/// [`Rules::forehand_card`]); a later deal draws nothing else ([`SeededDeal::later`]), and the
/// seat after its dealer acts first.
///
/// ```
/// use cards_core::Seed;
/// use jass::{Game, PlayerId, Rules, SchieberDeal, SeededDeal};
/// let seeded = SeededDeal::first_schieber(&Rules::default(), Seed::from(42));
/// let game = SchieberDeal::new(&Rules::default(), 4, Seed::from(42)).unwrap();
/// assert_eq!(game.dealer(), seeded.dealer);
/// assert_eq!(game.forehand(), seeded.forehand);
/// assert!(seeded.hand(seeded.forehand).contains(&"7D".parse().unwrap()));
///
/// let deal = SeededDeal::first(Seed::from(7), 3, None);
/// assert_eq!(deal.hand(deal.dealer).len(), 12);
/// let next = SeededDeal::later(Seed::from(7), 1, 3, PlayerId(0));
/// assert_eq!(next.forehand, PlayerId(1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeededDeal {
    /// The seat that dealt.
    pub dealer: PlayerId,
    /// The seat that acts first: in Schieber it names the contract (or pushes) and leads.
    pub forehand: PlayerId,
    seats: u8,
    hands: [[JassCard; MAX_HAND]; MAX_SEATS],
}

impl SeededDeal {
    /// Deal 0 of a game at a table of `seats` (3 or 4, clamped): the deck shuffled, then the
    /// dealer drawn from the same stream unless `dealer` fixes it; the seat after the dealer
    /// acts first (Coiffeur, Differenzler).
    #[must_use]
    pub fn first(seed: Seed, seats: usize, dealer: Option<PlayerId>) -> SeededDeal {
        let seats = seats.clamp(3, MAX_SEATS);
        let mut rng = GameRng::for_deal(seed, 0);
        let mut deck = JassCard::ALL;
        rng.shuffle(&mut deck);
        let dealer = match dealer {
            Some(seat) => PlayerId((seat.index() % seats) as u8),
            None => PlayerId(rng.below(seats as u64) as u8),
        };
        SeededDeal::packets(&deck, dealer, seats)
    }

    /// Deal 0 of a Schieber game: [`SeededDeal::first`] at four seats with the dealer of
    /// `rules.first_dealer`, and forehand the holder of `rules.forehand_card`.
    #[must_use]
    pub fn first_schieber(rules: &Rules, seed: Seed) -> SeededDeal {
        let mut deal = SeededDeal::first(seed, MAX_SEATS, rules.first_dealer);
        if let Some(holder) =
            PlayerId::all(MAX_SEATS).find(|&s| deal.hand(s).contains(&rules.forehand_card))
        {
            deal.forehand = holder;
        }
        deal
    }

    /// Deal `k` (after the first) of a game at a table of `seats` (3 or 4, clamped), dealt by
    /// `dealer`: `GameRng::for_deal(seed, k)` shuffles the deck and nothing else is drawn;
    /// the seat after the dealer acts first.
    #[must_use]
    pub fn later(seed: Seed, k: u32, seats: usize, dealer: PlayerId) -> SeededDeal {
        let seats = seats.clamp(3, MAX_SEATS);
        let mut rng = GameRng::for_deal(seed, k);
        let mut deck = JassCard::ALL;
        rng.shuffle(&mut deck);
        SeededDeal::packets(&deck, PlayerId((dealer.index() % seats) as u8), seats)
    }

    /// `deck` (top first) dealt by `dealer` at a table of `seats`.
    fn packets(deck: &[JassCard; CARDS], dealer: PlayerId, seats: usize) -> SeededDeal {
        let mut hands = [[JassCard::ALL[0]; MAX_HAND]; MAX_SEATS];
        let mut received = [0usize; MAX_SEATS];
        for (p, packet) in deck.chunks_exact(PACKET).enumerate() {
            let seat = (dealer.index() + 1 + p % seats) % seats;
            for &card in packet {
                hands[seat][received[seat]] = card;
                received[seat] += 1;
            }
        }
        SeededDeal {
            dealer,
            forehand: PlayerId(((dealer.index() + 1) % seats) as u8),
            seats: seats as u8,
            hands,
        }
    }

    /// Seats at the table (3 or 4).
    #[must_use]
    pub fn seats(&self) -> usize {
        usize::from(self.seats)
    }

    /// `seat`'s cards in the order dealt (empty for a seat not at the table).
    #[must_use]
    pub fn hand(&self, seat: PlayerId) -> &[JassCard] {
        let n = CARDS / self.seats();
        match self.hands.get(seat.index()) {
            Some(hand) if seat.index() < self.seats() => &hand[..n],
            _ => &[],
        }
    }

    /// Every seat's cards in the order dealt, seat by seat.
    pub fn hands(&self) -> impl Iterator<Item = &[JassCard]> + '_ {
        PlayerId::all(self.seats()).map(|s| self.hand(s))
    }

    /// The hands as sets (seats beyond the table empty).
    #[must_use]
    pub fn hand_sets(&self) -> [CardSet<JassCard>; MAX_SEATS] {
        core::array::from_fn(|s| self.hand(PlayerId(s as u8)).iter().copied().collect())
    }

    /// The dealer's last card: Differenzler's shown trump card.
    #[must_use]
    pub fn shown(&self) -> JassCard {
        self.hand(self.dealer)
            .last()
            .copied()
            .unwrap_or(JassCard::ALL[0])
    }

    /// What [`SeededDeal::first_schieber`] deals, as `(dealer, forehand, hand sets)`: the
    /// same draws and packets, straight into the sets (what a seeded `SchieberDeal` starts
    /// from, the playout's hot path). `deck` (the cards in [`JassCard::ALL`] order) is
    /// shuffled in place into the dealing order.
    pub(crate) fn first_sets(
        rules: &Rules,
        seed: Seed,
        deck: &mut [JassCard; CARDS],
    ) -> (PlayerId, PlayerId, [CardSet<JassCard>; MAX_SEATS]) {
        let mut rng = GameRng::for_deal(seed, 0);
        rng.shuffle(deck);
        let dealer = match rules.first_dealer {
            Some(seat) => PlayerId((seat.index() % MAX_SEATS) as u8),
            None => PlayerId(rng.below(MAX_SEATS as u64) as u8),
        };
        let mut hands = [CardSet::EMPTY; MAX_SEATS];
        for (p, packet) in deck.chunks_exact(PACKET).enumerate() {
            let hand = &mut hands[(dealer.index() + 1 + p) % MAX_SEATS];
            packet.iter().for_each(|&card| {
                hand.insert(card);
            });
        }
        let forehand = PlayerId::all(MAX_SEATS)
            .find(|s| hands[s.index()].contains(rules.forehand_card))
            .unwrap_or(PlayerId(((dealer.index() + 1) % MAX_SEATS) as u8));
        (dealer, forehand, hands)
    }

    /// The four hands of a deck dealt by `dealer` (as [`SeededDeal::first_sets`] deals it),
    /// in the order received.
    pub(crate) fn hands_of(
        deck: &[JassCard; CARDS],
        dealer: PlayerId,
    ) -> [[JassCard; HAND]; MAX_SEATS] {
        let deal = SeededDeal::packets(deck, dealer, MAX_SEATS);
        core::array::from_fn(|s| {
            let mut hand = [JassCard::ALL[0]; HAND];
            hand.copy_from_slice(deal.hand(PlayerId(s as u8)));
            hand
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_sets_deal_what_first_schieber_deals() {
        for first_dealer in [None, Some(PlayerId(0)), Some(PlayerId(3))] {
            let rules = Rules {
                first_dealer,
                ..Rules::default()
            };
            for seed in 0..500 {
                let seeded = SeededDeal::first_schieber(&rules, Seed::from(seed));
                let mut deck = JassCard::ALL;
                let (dealer, forehand, sets) =
                    SeededDeal::first_sets(&rules, Seed::from(seed), &mut deck);
                assert_eq!(
                    (dealer, forehand, sets),
                    (seeded.dealer, seeded.forehand, seeded.hand_sets()),
                    "seed {seed}"
                );
                let hands = SeededDeal::hands_of(&deck, dealer);
                assert!(hands.iter().zip(seeded.hands()).all(|(a, b)| a[..] == *b));
            }
        }
    }

    #[test]
    fn packets_of_three_from_the_seat_after_the_dealer() {
        for seats in [3usize, 4] {
            for seed in 0..40u64 {
                let deal = SeededDeal::first(Seed::from(seed), seats, None);
                let mut rng = GameRng::for_deal(Seed::from(seed), 0);
                let mut deck = JassCard::ALL;
                rng.shuffle(&mut deck);
                assert_eq!(deal.hand(deal.forehand)[..3], deck[..3]);
                assert_eq!(deal.shown(), deck[CARDS - 1]);
                let all = deal.hand_sets().iter().fold(CardSet::EMPTY, |a, &h| a | h);
                assert_eq!(all.len(), CARDS);
                assert_eq!(deal.hand(PlayerId(seats as u8)), &[] as &[JassCard]);
                assert_eq!(deal.hands().count(), seats);
                let fixed = SeededDeal::first(Seed::from(seed), seats, Some(PlayerId(1)));
                assert_eq!(fixed.dealer, PlayerId(1));
            }
        }
    }
}
