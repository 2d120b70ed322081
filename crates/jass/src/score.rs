//! Scoring one complete Schieber deal from its hands and its plays: [`score_deal`], the pure
//! function behind the oracle's `jass.deal`.

use cards_core::{CardSet, JassCard, JassRank, PlayerId};

use crate::{Declaration, Mode, Rules, award, declare, legal_cards, trick_points, trick_winner};

/// Seats at a Schieber table.
pub const SEATS: usize = 4;
/// Cards in each hand and tricks in a deal.
pub const TRICKS: usize = 9;
/// The bonus for the last trick.
pub const LAST_TRICK_BONUS: u32 = 5;
/// The Match bonus: one team took all nine tricks.
pub const MATCH_BONUS: u32 = 100;
/// Stöck: the trump King and Queen in one hand.
pub const STOECK: u32 = 20;

/// The team of a seat: seats 0 and 2 are team 0, seats 1 and 3 team 1.
#[must_use]
pub const fn team(seat: PlayerId) -> usize {
    seat.index() % 2
}

/// One trick of a scored deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct TrickRecord {
    /// The seat that led.
    pub leader: PlayerId,
    /// The four cards in play order.
    pub cards: [JassCard; 4],
    /// The seat that won it.
    pub winner: PlayerId,
    /// Its card points in the deal's mode, the last trick's 5 included.
    pub points: u32,
}

/// A scored deal, per team (index 0: seats 0 and 2; index 1: seats 1 and 3). Every field but
/// `tricks`, `multiplier` and `scored` is before the multiplier.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct DealScore {
    /// The nine tricks in order.
    pub tricks: [TrickRecord; TRICKS],
    /// Card points taken, the last trick's 5 included (they add up to 157).
    pub card_points: [u32; 2],
    /// Weis: only the team with the strongest Weis scores.
    pub weis: [u32; 2],
    /// Stöck (trump modes only).
    pub stoeck: [u32; 2],
    /// The Match bonus, to a team that took all nine tricks.
    #[serde(rename = "match")]
    pub match_bonus: [u32; 2],
    /// The sum of the above.
    pub total: [u32; 2],
    /// The contract's factor.
    pub multiplier: u32,
    /// `total × multiplier`.
    pub scored: [u32; 2],
}

/// Why a deal could not be scored; each names what was wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DealError {
    /// A hand does not have nine cards.
    #[error("seat {seat}'s hand has {got} cards, not 9")]
    HandSize {
        /// The seat.
        seat: PlayerId,
        /// Its number of cards.
        got: usize,
    },
    /// The hands do not hold each of the 36 cards exactly once.
    #[error("the hands must hold each of the 36 cards once; missing: {missing}")]
    Deck {
        /// The cards in no hand (a card in two hands leaves another missing).
        missing: CardSet<JassCard>,
    },
    /// The plays are not 36 cards.
    #[error("a deal has 36 plays, not {got}")]
    PlayCount {
        /// The number given.
        got: usize,
    },
    /// A card was played by a seat that does not hold it (any more).
    #[error("trick {trick}: {card} is not in the hand of seat {seat}, whose turn it is")]
    NotInHand {
        /// The trick, counting from 1.
        trick: usize,
        /// The card.
        card: JassCard,
        /// The seat to play.
        seat: PlayerId,
    },
    /// A card was played against the rules.
    #[error("trick {trick}: seat {seat} may not play {card}; legal: {legal}")]
    Illegal {
        /// The trick, counting from 1.
        trick: usize,
        /// The card.
        card: JassCard,
        /// The seat to play.
        seat: PlayerId,
        /// What it could have played.
        legal: CardSet<JassCard>,
    },
    /// A rule's number is out of its range (a factor past [`Rules::MAX_FACTOR`], say).
    #[error("the rules: {0}")]
    Rules(String),
}

/// Scores one complete Schieber deal: `hands` as dealt (seat 0 is forehand and leads the first
/// trick), `plays` all 36 cards in the order they were played, under `rules` in `mode`.
///
/// Every play must come from the hand of the seat whose turn it is and be legal. Card points
/// include the last trick's 5; Weis go to the team holding the strongest Weis, which scores
/// every counted Weis of both partners (or, with `seed_weis_scoring`, the two best); Stöck to
/// the team whose player held the trump King and Queen; the Match bonus to a team that took
/// all nine tricks; all multiplied by the contract's factor.
///
/// ```
/// use cards_core::{CardSet, JassCard, PlayerId};
/// use jass::{Mode, Rules, score_deal};
///
/// // Each seat plays its own cards in index order; with these hands every play is legal.
/// let deck: Vec<JassCard> = JassCard::ALL.to_vec();
/// let hands: [CardSet<JassCard>; 4] =
///     core::array::from_fn(|s| deck[9 * s..9 * s + 9].iter().copied().collect());
/// let plays: Vec<JassCard> = (0..36).map(|i| deck[9 * (i % 4) + i / 4]).collect();
/// let score = score_deal(&hands, &plays, Mode::Obenabe, &Rules::default())?;
/// assert_eq!(score.card_points[0] + score.card_points[1], 157);
/// assert_eq!(score.multiplier, 3);
/// # Ok::<(), jass::DealError>(())
/// ```
///
/// # Errors
/// [`DealError`] naming the problem: rules with a number out of its range
/// ([`Rules::validate_numbers`]), a hand of the wrong size, hands that are not the deck, not 36
/// plays, or the first play (by trick number, from 1) that is not in the hand to play or not
/// legal.
pub fn score_deal(
    hands: &[CardSet<JassCard>; SEATS],
    plays: &[JassCard],
    mode: Mode,
    rules: &Rules,
) -> Result<DealScore, DealError> {
    rules
        .validate_numbers()
        .map_err(|e| DealError::Rules(e.to_string()))?;
    let mut all = CardSet::EMPTY;
    for (seat, &hand) in PlayerId::all(SEATS).zip(hands) {
        if hand.len() != TRICKS {
            return Err(DealError::HandSize {
                seat,
                got: hand.len(),
            });
        }
        all |= hand;
    }
    if all != CardSet::full() {
        return Err(DealError::Deck { missing: !all });
    }
    if plays.len() != SEATS * TRICKS {
        return Err(DealError::PlayCount { got: plays.len() });
    }

    // Weis and Stöck are known at the deal.
    let declarations: [Declaration; SEATS] = core::array::from_fn(|s| {
        if rules.bonuses.weis {
            declare(hands[s], mode, &rules.weis)
        } else {
            Declaration::EMPTY
        }
    });
    let stoeck_holder = mode
        .trump()
        .filter(|_| rules.bonuses.stoeck)
        .and_then(|suit| {
            let pair = CardSet::from_iter([
                JassCard::new(suit, JassRank::King),
                JassCard::new(suit, JassRank::Queen),
            ]);
            PlayerId::all(SEATS).find(|s| pair.is_subset(hands[s.index()]))
        });

    let mut held = *hands;
    let mut tricks = [TrickRecord {
        leader: PlayerId(0),
        cards: [JassCard::ALL[0]; 4],
        winner: PlayerId(0),
        points: 0,
    }; TRICKS];
    let mut card_points = [0u32; 2];
    let mut taken = [0usize; 2];
    let mut leader = PlayerId(0);
    for (t, record) in tricks.iter_mut().enumerate() {
        let cards: [JassCard; 4] = core::array::from_fn(|i| plays[4 * t + i]);
        for (i, &card) in cards.iter().enumerate() {
            let seat = PlayerId((leader.0 + i as u8) % SEATS as u8);
            let hand = held[seat.index()];
            if !hand.contains(card) {
                return Err(DealError::NotInHand {
                    trick: t + 1,
                    card,
                    seat,
                });
            }
            let legal = legal_cards(hand, &cards[..i], mode, &rules.play);
            if !legal.contains(card) {
                return Err(DealError::Illegal {
                    trick: t + 1,
                    card,
                    seat,
                    legal,
                });
            }
            held[seat.index()].remove(card);
        }
        let winner = PlayerId((leader.0 + trick_winner(&cards, mode) as u8) % SEATS as u8);
        let points = trick_points(&cards, mode, t == TRICKS - 1);
        card_points[team(winner)] += points;
        taken[team(winner)] += 1;
        *record = TrickRecord {
            leader,
            cards,
            winner,
            points,
        };
        leader = winner;
    }

    let mut weis = [0; 2];
    if let Some(a) = award(&declarations, mode, rules.weis.scale) {
        // Forehand is seat 0, so play order from forehand is the seat number.
        weis[a.team] = if rules.seed_weis_scoring {
            a.best_points
        } else {
            a.points
        };
    }
    let mut stoeck = [0; 2];
    if let Some(holder) = stoeck_holder {
        stoeck[team(holder)] = STOECK;
    }
    let match_bonus = taken.map(|n| {
        if n == TRICKS && rules.bonuses.match_bonus {
            MATCH_BONUS
        } else {
            0
        }
    });
    let total: [u32; 2] =
        core::array::from_fn(|t| card_points[t] + weis[t] + stoeck[t] + match_bonus[t]);
    let multiplier = rules.multipliers.factor(mode);
    Ok(DealScore {
        tricks,
        card_points,
        weis,
        stoeck,
        match_bonus,
        total,
        multiplier,
        scored: total.map(|t| t * multiplier),
    })
}
