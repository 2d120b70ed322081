//! [`SeededDeal`]: the cards of a deal drawn from a seed, in the order they were dealt — what
//! a seeded game starts from, and what a trace shows.

use cards_core::{CardSet, GameRng, JassCard, PlayerId, Seed};

use crate::Rules;

/// Seats at a Jass table.
const SEATS: usize = 4;
/// Cards each seat receives.
const HAND: usize = JassCard::COUNT / SEATS;
/// Cards in one packet.
const PACKET: usize = 3;

/// A deal drawn from a seed: the dealer, forehand, and each seat's cards in the order dealt.
///
/// ```
/// use cards_core::Seed;
/// use jass::{Game, Rules, SchieberDeal, SeededDeal};
/// let seeded = SeededDeal::first(&Rules::default(), Seed::from(42));
/// let game = SchieberDeal::new(&Rules::default(), 4, Seed::from(42)).unwrap();
/// assert_eq!(game.dealer(), seeded.dealer);
/// assert_eq!(game.forehand(), seeded.forehand);
/// assert!(seeded.hands[seeded.forehand.index()].contains(&"7D".parse().unwrap()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeededDeal {
    /// The seat that dealt.
    pub dealer: PlayerId,
    /// The seat that names the contract (or pushes) and leads.
    pub forehand: PlayerId,
    /// Each seat's nine cards, in the order it received them.
    pub hands: [[JassCard; HAND]; SEATS],
}

impl SeededDeal {
    /// The first deal of a game (deal 0, `GameRng::for_deal(seed, 0)`): the deck shuffled, then
    /// the dealer drawn from the same stream unless `rules.first_dealer` fixes it, packets of
    /// three round by round from the seat after the dealer (the dealer receives the deck's last
    /// card); forehand is the holder of `rules.forehand_card`.
    #[must_use]
    pub fn first(rules: &Rules, seed: Seed) -> SeededDeal {
        let (deck, dealer) = first_deck(rules, seed);
        let hands = packets(&deck, dealer);
        let forehand = PlayerId::all(SEATS)
            .find(|s| hands[s.index()].contains(&rules.forehand_card))
            .unwrap_or(PlayerId(((dealer.index() + 1) % SEATS) as u8));
        SeededDeal {
            dealer,
            forehand,
            hands,
        }
    }

    /// What [`SeededDeal::first`] deals, as `(dealer, forehand, hand sets)`: the same draws
    /// and the same packets, straight into the sets (what a seeded `SchieberDeal` starts
    /// from; `first(rules, seed).hand_sets()` is the same, a little slower). `deck` (the
    /// cards in any order) is shuffled in place into the dealing order: packets of three
    /// from the seat after the dealer.
    pub(crate) fn first_sets(
        rules: &Rules,
        seed: Seed,
        deck: &mut [JassCard; JassCard::COUNT],
    ) -> (PlayerId, PlayerId, [CardSet<JassCard>; SEATS]) {
        let dealer = shuffle_first(rules, seed, deck);
        let mut hands = [CardSet::EMPTY; SEATS];
        for (p, packet) in deck.chunks_exact(PACKET).enumerate() {
            let hand = &mut hands[(dealer.index() + 1 + p) % SEATS];
            packet.iter().for_each(|&card| {
                hand.insert(card);
            });
        }
        let forehand = PlayerId::all(SEATS)
            .find(|s| hands[s.index()].contains(rules.forehand_card))
            .unwrap_or(PlayerId(((dealer.index() + 1) % SEATS) as u8));
        (dealer, forehand, hands)
    }

    /// The hands of a deck dealt by `dealer` (packets of three round by round from the seat
    /// after it), in the order received.
    pub(crate) fn hands_of(
        deck: &[JassCard; JassCard::COUNT],
        dealer: PlayerId,
    ) -> [[JassCard; HAND]; SEATS] {
        packets(deck, dealer)
    }

    /// Deal `k` of a game (after the first) dealt by `dealer`: `GameRng::for_deal(seed, k)`
    /// shuffles the deck and nothing else is drawn; packets of three round by round from the
    /// seat after the dealer, who is forehand. (Deal 0 is [`SeededDeal::first`].)
    ///
    /// ```
    /// use cards_core::Seed;
    /// use jass::{PlayerId, SeededDeal};
    /// let deal = SeededDeal::later(Seed::from(42), 3, PlayerId(3));
    /// assert_eq!(deal.forehand, PlayerId(0));
    /// ```
    #[must_use]
    pub fn later(seed: Seed, k: u32, dealer: PlayerId) -> SeededDeal {
        let mut rng = GameRng::for_deal(seed, k);
        let mut deck = JassCard::ALL;
        rng.shuffle(&mut deck);
        let dealer = PlayerId((dealer.index() % SEATS) as u8);
        SeededDeal {
            dealer,
            forehand: PlayerId(((dealer.index() + 1) % SEATS) as u8),
            hands: packets(&deck, dealer),
        }
    }

    /// The hands as sets.
    #[must_use]
    pub fn hand_sets(&self) -> [CardSet<JassCard>; SEATS] {
        self.hands.map(|hand| hand.into_iter().collect())
    }
}

/// The first deal's deck, shuffled by `GameRng::for_deal(seed, 0)`, and its dealer: fixed by
/// `rules.first_dealer` or drawn next from the same stream.
fn first_deck(rules: &Rules, seed: Seed) -> ([JassCard; JassCard::COUNT], PlayerId) {
    let mut deck = JassCard::ALL;
    let dealer = shuffle_first(rules, seed, &mut deck);
    (deck, dealer)
}

/// Shuffles `deck` (the cards in [`JassCard::ALL`] order) as the first deal does and draws
/// its dealer.
#[inline(always)]
fn shuffle_first(rules: &Rules, seed: Seed, deck: &mut [JassCard; JassCard::COUNT]) -> PlayerId {
    let mut rng = GameRng::for_deal(seed, 0);
    rng.shuffle(deck);
    match rules.first_dealer {
        Some(seat) => PlayerId((seat.index() % SEATS) as u8),
        None => PlayerId(rng.below(SEATS as u64) as u8),
    }
}

/// Deals `deck` (top first) in packets of three, round by round, from the seat after `dealer`.
fn packets(deck: &[JassCard; JassCard::COUNT], dealer: PlayerId) -> [[JassCard; HAND]; SEATS] {
    let mut hands = [[JassCard::ALL[0]; HAND]; SEATS];
    let mut received = [0usize; SEATS];
    for (i, &card) in deck.iter().enumerate() {
        let seat = (dealer.index() + 1 + (i / PACKET) % SEATS) % SEATS;
        hands[seat][received[seat]] = card;
        received[seat] += 1;
    }
    hands
}

#[cfg(test)]
mod tests {
    use cards_core::{JassCard, PlayerId, Seed};

    use super::SeededDeal;
    use crate::Rules;

    #[test]
    fn first_sets_deal_what_first_deals() {
        for first_dealer in [None, Some(PlayerId(0)), Some(PlayerId(3))] {
            let rules = Rules {
                first_dealer,
                ..Rules::default()
            };
            for seed in 0..500 {
                let seeded = SeededDeal::first(&rules, Seed::from(seed));
                let mut deck = JassCard::ALL;
                let (dealer, forehand, sets) =
                    SeededDeal::first_sets(&rules, Seed::from(seed), &mut deck);
                assert_eq!(
                    (dealer, forehand, sets),
                    (seeded.dealer, seeded.forehand, seeded.hand_sets()),
                    "seed {seed}"
                );
                assert_eq!(SeededDeal::hands_of(&deck, dealer), seeded.hands);
            }
        }
    }
}
