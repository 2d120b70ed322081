//! [`CardPlay`]: the card play of one deal at a table of 3 or 4 — the hands, the cards played in
//! order, who leads, and each seat's tricks and card points — the trick core that Coiffeur and
//! Differenzler deals are built on (legal cards, winner and points come from
//! [`crate::trick_rules`]).

use cards_core::{JassCard, PlayerId};

use crate::schieber_deal::Hand;
use crate::{Mode, PlayRules, RuleError, legal_cards, trick_points, trick_winner};

/// Cards played in a complete deal: the whole deck.
pub(crate) const PLAYS: usize = JassCard::COUNT;
/// The most seats at a table, and of tricks in a deal (three seats: twelve tricks).
pub(crate) const MAX_SEATS: usize = 4;
/// The most tricks in a deal.
pub(crate) const MAX_TRICKS: usize = PLAYS / 3;

/// The seat `offset` places after `seat` at a table of `seats`.
pub(crate) const fn seat_after_at(seat: PlayerId, offset: usize, seats: usize) -> PlayerId {
    PlayerId(((seat.0 as usize + offset) % seats) as u8)
}

/// A trick just completed by a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TrickEnd {
    /// Who won it.
    pub winner: PlayerId,
    /// Its card points in the counting mode, the last trick's 5 included.
    pub points: u32,
    /// Whether it was the deal's last trick.
    pub last: bool,
}

/// The card play of one deal: `seats` hands of `PLAYS / seats` cards, tricks of `seats`
/// cards. Plain data, `Copy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct CardPlay {
    seats: u8,
    /// Who leads the first trick.
    first: PlayerId,
    hands: [Hand; MAX_SEATS],
    plays: [JassCard; PLAYS],
    played: u8,
    /// The current trick's leader (when over: the last trick's).
    leader: PlayerId,
    /// Each trick's winner, in order.
    winners: [PlayerId; MAX_TRICKS],
    /// Card points taken by each seat, the last trick's 5 included.
    points: [u32; MAX_SEATS],
    /// CardPlay taken by each seat.
    won: [u8; MAX_SEATS],
}

impl CardPlay {
    /// The play before the first card: `hands` (the first `seats`), `first` leads.
    pub(crate) fn new(seats: usize, hands: [Hand; MAX_SEATS], first: PlayerId) -> CardPlay {
        CardPlay {
            seats: seats.clamp(3, MAX_SEATS) as u8,
            first,
            hands,
            plays: [JassCard::ALL[0]; PLAYS],
            played: 0,
            leader: first,
            winners: [first; MAX_TRICKS],
            points: [0; MAX_SEATS],
            won: [0; MAX_SEATS],
        }
    }

    /// Seats at the table.
    #[inline]
    pub(crate) fn seats(&self) -> usize {
        usize::from(self.seats)
    }

    /// CardPlay in the deal: 9 at four seats, 12 at three.
    #[inline]
    pub(crate) fn count(&self) -> usize {
        PLAYS / self.seats()
    }

    /// Who led the first trick.
    #[inline]
    pub(crate) fn first(&self) -> PlayerId {
        self.first
    }

    /// `seat`'s hand now (empty for a seat not at the table).
    #[inline]
    pub(crate) fn hand(&self, seat: PlayerId) -> Hand {
        if seat.index() < self.seats() {
            self.hands[seat.index()]
        } else {
            Hand::EMPTY
        }
    }

    /// The hands now.
    #[inline]
    pub(crate) fn hands(&self) -> [Hand; MAX_SEATS] {
        self.hands
    }

    /// Every card played, in order.
    #[inline]
    pub(crate) fn plays(&self) -> &[JassCard] {
        &self.plays[..usize::from(self.played).min(PLAYS)]
    }

    /// Whether every card has been played.
    #[inline]
    pub(crate) fn is_over(&self) -> bool {
        usize::from(self.played) >= PLAYS
    }

    /// The number of the current trick, from 0 (when over: the number of tricks).
    #[inline]
    pub(crate) fn trick_no(&self) -> usize {
        usize::from(self.played) / self.seats()
    }

    /// The cards of the current trick so far (empty when a trick is to be led or the deal is
    /// over).
    #[inline]
    pub(crate) fn trick(&self) -> &[JassCard] {
        let played = usize::from(self.played).min(PLAYS);
        &self.plays[played - played % self.seats()..played]
    }

    /// The seat to play, `None` once every card is played.
    #[inline]
    pub(crate) fn seat_to_play(&self) -> Option<PlayerId> {
        (!self.is_over()).then(|| seat_after_at(self.leader, self.trick().len(), self.seats()))
    }

    /// The current trick's leader (when over: the last trick's).
    #[inline]
    pub(crate) fn leader(&self) -> PlayerId {
        self.leader
    }

    /// The leader and winner of completed trick `t`.
    pub(crate) fn completed(&self, t: usize) -> Option<(PlayerId, &[JassCard], PlayerId)> {
        if t >= self.trick_no() {
            return None;
        }
        let leader = if t == 0 {
            self.first
        } else {
            self.winners[t - 1]
        };
        let n = self.seats();
        Some((leader, &self.plays[t * n..t * n + n], self.winners[t]))
    }

    /// Card points taken by each seat so far (the last trick's 5 included).
    #[inline]
    pub(crate) fn points(&self) -> [u32; MAX_SEATS] {
        self.points
    }

    /// CardPlay taken by each seat so far.
    #[inline]
    pub(crate) fn won(&self) -> [u8; MAX_SEATS] {
        self.won
    }

    /// The cards the seat to play may play onto the current trick in `mode` (empty when over).
    #[inline]
    pub(crate) fn legal(&self, mode: Mode, rules: &PlayRules) -> Hand {
        match self.seat_to_play() {
            Some(seat) => legal_cards(self.hands[seat.index()], self.trick(), mode, rules),
            None => Hand::EMPTY,
        }
    }

    /// Plays `card` for the seat to play: the trick is played in `mode`, its points counted in
    /// `counting`. All or nothing; the seat that played it, and `Some` when the card completes a
    /// trick.
    ///
    /// # Errors
    /// [`RuleError::GameOver`] when every card is played, [`RuleError::NotInHand`] and
    /// [`RuleError::Illegal`] for a card the seat may not play.
    pub(crate) fn play(
        &mut self,
        card: JassCard,
        mode: Mode,
        counting: Mode,
        rules: &PlayRules,
    ) -> Result<(PlayerId, Option<TrickEnd>), RuleError> {
        let seat = self.seat_to_play().ok_or(RuleError::GameOver)?;
        let hand = self.hands[seat.index()];
        if !hand.contains(card) {
            return Err(RuleError::NotInHand { seat, card });
        }
        let legal = legal_cards(hand, self.trick(), mode, rules);
        if !legal.contains(card) {
            return Err(RuleError::Illegal {
                seat,
                card,
                why: crate::trick_rules::why_illegal(card, self.trick(), mode),
                legal,
            });
        }
        self.hands[seat.index()].remove(card);
        self.plays[usize::from(self.played)] = card;
        self.played += 1;
        let n = self.seats();
        if !usize::from(self.played).is_multiple_of(n) {
            return Ok((seat, None));
        }
        let t = usize::from(self.played) / n - 1;
        let cards = &self.plays[t * n..t * n + n];
        let winner = seat_after_at(self.leader, trick_winner(cards, mode), n);
        let last = t + 1 == self.count();
        let points = trick_points(cards, counting, last);
        self.winners[t] = winner;
        self.points[winner.index()] += points;
        self.won[winner.index()] += 1;
        if !last {
            self.leader = winner;
        }
        Ok((
            seat,
            Some(TrickEnd {
                winner,
                points,
                last,
            }),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards_core::{GameRng, Seed};

    /// Random legal play at 3 and 4 seats: every card is played once, the points total 157,
    /// every trick is won by someone, refusals change nothing.
    #[test]
    fn random_play_conserves_cards_and_points() {
        for seats in [3usize, 4] {
            for seed in 0..50u64 {
                let mut rng = GameRng::for_deal(Seed::from(seed), 0);
                let mut deck = JassCard::ALL;
                rng.shuffle(&mut deck);
                let per = PLAYS / seats;
                let mut hands = [Hand::EMPTY; MAX_SEATS];
                for (s, hand) in hands.iter_mut().enumerate().take(seats) {
                    *hand = deck[s * per..s * per + per].iter().copied().collect();
                }
                let mode = Mode::ALL[(seed % 6) as usize];
                let mut tricks = CardPlay::new(seats, hands, PlayerId(1));
                let rules = PlayRules::default();
                while let Some(seat) = tricks.seat_to_play() {
                    let legal = tricks.legal(mode, &rules);
                    assert!(!legal.is_empty());
                    let illegal = (tricks.hand(seat) & !legal).iter().next();
                    if let Some(card) = illegal {
                        let before = tricks;
                        assert!(tricks.play(card, mode, mode, &rules).is_err());
                        assert_eq!(tricks, before);
                    }
                    let pick = legal
                        .iter()
                        .nth(rng.below(legal.len() as u64) as usize)
                        .unwrap();
                    tricks.play(pick, mode, mode, &rules).unwrap();
                }
                assert_eq!(tricks.points().iter().sum::<u32>(), 157);
                assert_eq!(
                    tricks.won().iter().map(|&w| usize::from(w)).sum::<usize>(),
                    tricks.count()
                );
                assert_eq!(tricks.plays().len(), PLAYS);
                assert!(tricks.completed(tricks.count() - 1).is_some());
                assert!(tricks.completed(tricks.count()).is_none());
                assert_eq!(
                    tricks.play(JassCard::ALL[0], mode, mode, &rules),
                    Err(RuleError::GameOver)
                );
            }
        }
    }
}
