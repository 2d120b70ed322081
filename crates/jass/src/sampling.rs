//! What a seat can infer about the hidden hands from the card play ([`evidence`]), and
//! dealing the unseen cards consistently with it ([`HiddenDeal`]): the world sampling that
//! every Jass view (Schieber, Coiffeur, Differenzler) builds on.

use cards_core::{Draw as _, JassCard, PlayerId, Rng};

use crate::card_play::{MAX_SEATS, seat_after_at};
use crate::schieber_deal::Hand;
use crate::{Mode, PlayRules, stronger_trumps, suit_cards, trick_winner};

/// What the cards played show: who played what, which cards each seat cannot hold, and the
/// completed tricks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Evidence {
    /// The cards each seat played.
    pub played: [Hand; MAX_SEATS],
    /// The cards each seat showed it does not hold (by not following suit).
    pub forbidden: [Hand; MAX_SEATS],
    /// Each completed trick: its leader, cards and winner.
    pub tricks: Vec<(PlayerId, Vec<JassCard>, PlayerId)>,
    /// The current trick's leader (when every card is played: the last trick's).
    pub leader: PlayerId,
}

/// Walks `plays` at a table of `seats` from `first`'s lead, trick `t` played in `mode_of(t)`
/// under `rules`: what a seat that did not follow suit proves it lacks (in trump modes only a
/// card neither led nor trump proves it; an undertrump proves the seat held only trumps, or
/// with `undertrump_when_void` that it was void in the led suit; a non-trump on a trump lead
/// proves no trump but perhaps the Buur under the Buur exception). `None` when a trick's mode
/// is unknown.
pub(crate) fn evidence(
    seats: usize,
    first: PlayerId,
    plays: &[JassCard],
    mode_of: impl Fn(usize) -> Option<Mode>,
    rules: &PlayRules,
    tricks_in_deal: usize,
) -> Option<Evidence> {
    let mut played = [Hand::EMPTY; MAX_SEATS];
    let mut forbidden = [Hand::EMPTY; MAX_SEATS];
    let mut tricks = Vec::with_capacity(tricks_in_deal);
    let mut lead = first;
    for (t, chunk) in plays.chunks(seats).enumerate() {
        let mode = mode_of(t)?;
        let led = chunk[0].suit();
        let led_cards = suit_cards(led);
        for (i, &card) in chunk.iter().enumerate() {
            let s = seat_after_at(lead, i, seats).index();
            played[s].insert(card);
            if i == 0 || card.suit() == led {
                continue;
            }
            match mode.trump() {
                None => forbidden[s] |= led_cards,
                Some(trump) if trump == led => {
                    // A non-trump on a trump lead: no trump, but perhaps the Buur.
                    let mut trumps = suit_cards(trump);
                    if rules.buur_exception
                        && let Some(buur) = mode.buur()
                    {
                        trumps.remove(buur);
                    }
                    forbidden[s] |= trumps;
                }
                Some(trump) if card.suit() != trump => forbidden[s] |= led_cards,
                Some(trump) => {
                    // A trump on a plain lead: an undertrump proves more.
                    let highest = chunk[..i]
                        .iter()
                        .copied()
                        .filter(|&c| mode.is_trump(c))
                        .reduce(|a, b| if mode.beats(b, a, led) { b } else { a });
                    if let Some(high) = highest
                        && !stronger_trumps(mode, high).contains(card)
                    {
                        forbidden[s] |= led_cards;
                        if !rules.undertrump_when_void {
                            forbidden[s] |= !suit_cards(trump);
                        }
                    }
                }
            }
        }
        if chunk.len() == seats {
            let winner = seat_after_at(lead, trick_winner(chunk, mode), seats);
            tricks.push((lead, chunk.to_vec(), winner));
            if t + 1 < tricks_in_deal {
                lead = winner;
            }
        }
    }
    Some(Evidence {
        played,
        forbidden,
        tricks,
        leader: lead,
    })
}

/// Bit of a seat in a seat mask.
const fn seat_bit(seat: usize) -> u8 {
    1 << seat
}

/// Whether the cards can still be dealt: for every set of seats, the cards that may go only
/// to those seats are no more than they still take (Hall's condition for the deal).
///
/// The cards confined to each set are summed over its subsets in one pass per seat (a
/// sum over subsets), so the check costs some 100 additions instead of a double loop over
/// the 16 sets: the sampler runs it for every card it deals.
fn feasible(buckets: &[usize; 16], need: &[usize; MAX_SEATS]) -> bool {
    if buckets[0] > 0 {
        return false;
    }
    let mut confined = *buckets;
    let mut capacity = [0usize; 16];
    for (seat, &takes) in need.iter().enumerate() {
        let bit = 1 << seat;
        for set in 0..16 {
            if set & bit != 0 {
                confined[set] += confined[set ^ bit];
                capacity[set] += takes;
            }
        }
    }
    (1..16).all(|set| confined[set] <= capacity[set])
}

/// The unseen cards of a view and who may take each, checked dealable: [`HiddenDeal::draw`]
/// deals them.
#[derive(Clone, Debug)]
pub(crate) struct HiddenDeal {
    pool: Vec<JassCard>,
    need: [usize; MAX_SEATS],
    /// Each seat's cards before the draw (the viewer's hand, cards known to be held).
    base: [Hand; MAX_SEATS],
    forbidden: [Hand; MAX_SEATS],
    buckets: [usize; 16],
}

impl HiddenDeal {
    /// The deal of `pool` so that seat `s` receives `need[s]` more cards on top of `base[s]`,
    /// never a card of `forbidden[s]`; `None` when no such deal exists (the counts do not add
    /// up, or Hall's condition fails).
    pub(crate) fn new(
        pool: Vec<JassCard>,
        need: [usize; MAX_SEATS],
        base: [Hand; MAX_SEATS],
        forbidden: [Hand; MAX_SEATS],
    ) -> Option<HiddenDeal> {
        if need.iter().sum::<usize>() != pool.len() {
            return None;
        }
        let mut deal = HiddenDeal {
            pool,
            need,
            base,
            forbidden,
            buckets: [0; 16],
        };
        for i in 0..deal.pool.len() {
            let mask = deal.allowed(deal.pool[i]);
            deal.buckets[usize::from(mask)] += 1;
        }
        feasible(&deal.buckets, &deal.need).then_some(deal)
    }

    /// The seats that may take `card`: those that still take cards and do not exclude it.
    fn allowed(&self, card: JassCard) -> u8 {
        (0..MAX_SEATS)
            .filter(|&s| self.need[s] > 0 && !self.forbidden[s].contains(card))
            .fold(0, |m, s| m | seat_bit(s))
    }

    /// One deal: the cards go one at a time, in random order, to a seat drawn in proportion
    /// to what it still takes, among the seats that may hold the card and keep the rest
    /// dealable (Hall's condition), so a draw never fails; without exclusions the deal is
    /// uniform. Returns each seat's hand (`base` plus the cards drawn).
    pub(crate) fn draw<R: Rng + ?Sized>(&self, rng: &mut R) -> [Hand; MAX_SEATS] {
        let mut order = self.pool.clone();
        rng.shuffle(&mut order);
        let mut left = self.buckets;
        let mut still = self.need;
        let mut hands = self.base;
        // With every card allowed to the same seats (no void shown yet), any deal that gives
        // each seat its count is possible: the check below would always pass.
        let unconstrained = left.iter().filter(|&&n| n > 0).count() <= 1;
        for &card in &order {
            let mask = self.allowed(card);
            left[usize::from(mask)] -= 1;
            let mut candidates = mask;
            loop {
                let seats = || (0..MAX_SEATS).filter(|&s| candidates & seat_bit(s) != 0);
                let weight: usize = seats().map(|s| still[s]).sum();
                if weight == 0 {
                    // Cannot happen while the deal is feasible: give the card to any seat
                    // that may take it, so the draw still ends.
                    if let Some(s) = seats()
                        .next()
                        .or_else(|| (0..MAX_SEATS).find(|&s| mask & seat_bit(s) != 0))
                    {
                        hands[s].insert(card);
                    }
                    break;
                }
                let mut r = rng.below(weight as u64) as usize;
                let s = seats()
                    .find(|&s| {
                        if r < still[s] {
                            true
                        } else {
                            r -= still[s];
                            false
                        }
                    })
                    .unwrap_or(0);
                still[s] -= 1;
                if unconstrained || feasible(&left, &still) {
                    hands[s].insert(card);
                    break;
                }
                still[s] += 1;
                candidates &= !seat_bit(s);
            }
        }
        hands
    }
}
