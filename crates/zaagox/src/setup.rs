//! [`Setup`]: an explicit Zaägox position, and the checks that turn it into a game. Every
//! deserialized state and every sampled world passes through them, so no input can produce a
//! position that breaks the game's rules (a card twice, a pair of two numbers, a phase that does
//! not fit). They do not ask whether a position is reachable from some deal (hand sizes, the
//! number of turns played): a test or study position need not be.

use cards_core::{Census, DidoCard, PlayerId};

use crate::state::{
    DECK, DealOrder, Hand, MAX_AGEING, MAX_PAIRS, Pair, Pile, SEATS, ageing_needed,
};
use crate::{
    AvaRule, Exhaustion, Outcome, OutcomeError, Phase, PhaseError, Rules, SetupError, Zaagox,
};

/// A pair on the table in a [`Setup`].
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PairSetup {
    /// The seat that owns the pair.
    pub owner: PlayerId,
    /// The two pair cards, lower index first.
    pub cards: [DidoCard; 2],
    /// The ageing cards, in the order they were laid.
    pub ageing: Vec<DidoCard>,
}

/// An explicit Zaägox position: where every card is, whose turn it is and what they must do.
///
/// [`Game::from_setup`](cards_core::Game::from_setup) checks it against every rule and says
/// what is wrong ([`SetupError`]); [`Game::setup`](cards_core::Game::setup) gives any game's
/// position in this form, and a game's JSON is `{"rules": …, "setup": …}`.
/// [`Setup::dealt`] builds the position at the start of a game from a real deal.
///
/// ```
/// use zaagox::{Game, Phase, PlayerId, Rules, Setup, Zaagox};
/// use cards_core::DidoCard;
///
/// let deck: Vec<DidoCard> = DidoCard::ALL.to_vec(); // "shuffled" by hand
/// let hands = vec![deck[0..4].iter().copied().collect(), deck[4..8].iter().copied().collect()];
/// let setup = Setup::dealt(hands, deck[8..].to_vec(), PlayerId(1));
/// let game = Zaagox::from_setup(&Rules::default(), setup)?;
/// assert_eq!(game.phase(), Phase::Act { seat: PlayerId(1) }); // seat 1 has drawn
/// assert_eq!(game.hand(PlayerId(1)).len(), 5);
/// # Ok::<(), zaagox::SetupError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// Number of seats.
    pub players: usize,
    /// The centre pile, top first.
    pub pile: Vec<DidoCard>,
    /// Each seat's hand.
    pub hands: Vec<Hand>,
    /// The pairs on the table, oldest first.
    pub pairs: Vec<PairSetup>,
    /// Each seat's stored cards.
    pub stored: Vec<Hand>,
    /// The discard lying out.
    pub discard: Option<DidoCard>,
    /// Who must do what.
    pub phase: Phase,
    /// Turns played (draws at the start of a turn).
    pub turns: u32,
    /// Each seat's Ava declaration: its position (1 = declared first), `None` for none.
    pub ava: Vec<Option<u8>>,
    /// How the game ended (it must be the outcome the position implies).
    pub outcome: Option<Outcome>,
}

impl Setup {
    /// The position at the start of a game dealt by hand: `hands` as dealt, the rest of the
    /// cards as the centre pile (top first), and `first` having drawn the top card, as
    /// [`Game::new`](cards_core::Game::new) starts every seeded game.
    #[must_use]
    pub fn dealt(hands: Vec<Hand>, pile: Vec<DidoCard>, first: PlayerId) -> Setup {
        let players = hands.len();
        let mut setup = Setup {
            players,
            pile,
            hands,
            pairs: Vec::new(),
            stored: vec![Hand::EMPTY; players],
            discard: None,
            phase: Phase::Act { seat: first },
            turns: 1,
            ava: vec![None; players],
            outcome: None,
        };
        match (setup.pile.is_empty(), setup.hands.get_mut(first.index())) {
            (false, Some(hand)) => {
                hand.insert(setup.pile.remove(0));
            }
            // Nothing to draw: the game is exhausted at once (as in play).
            (true, _) => {
                setup.phase = Phase::Over;
                setup.turns = 0;
                setup.outcome = Some(Outcome::Exhausted {
                    cause: Exhaustion::PileEmpty,
                });
            }
            // A first seat not at the table: left for validation to name.
            (false, None) => {}
        }
        setup
    }
}

// The JSON form `{"rules": …, "setup": …}`, through `setup` and `from_setup`.
cards_core::serde_via_setup!(Zaagox);

/// Checks every invariant of a Zaägox position under `rules` and builds the game.
pub(crate) fn validate(rules: &Rules, raw: &Setup) -> Result<Zaagox, SetupError> {
    let players = raw.players;
    rules.validate(players)?;
    for (field, len) in [
        ("hands", raw.hands.len()),
        ("stored", raw.stored.len()),
        ("ava", raw.ava.len()),
    ] {
        if len != players {
            return Err(SetupError::SeatList {
                field,
                len,
                players,
            });
        }
    }
    let seat_ok = |what: &'static str, seat: PlayerId| {
        if seat.index() < players {
            Ok(())
        } else {
            Err(SetupError::SeatNotAtTable {
                what,
                seat,
                players,
            })
        }
    };

    // Every card exactly once (this also bounds the pile and the pairs).
    let mut census = Census::<DidoCard>::default();
    census.add_all(raw.pile.iter().copied());
    raw.hands
        .iter()
        .chain(&raw.stored)
        .for_each(|&h| census.add(h));
    for p in &raw.pairs {
        census.add_all(p.cards.iter().chain(&p.ageing).copied());
    }
    census.add_all(raw.discard);
    if !census.is_exactly(Hand::full()) {
        return Err(SetupError::Cards {
            count: census.count,
            missing: !census.cards,
        });
    }

    // Pairs.
    let store_pair = match raw.phase {
        Phase::Store { seat, pair, .. } => Some((seat, pair)),
        _ => None,
    };
    for p in &raw.pairs {
        let [lo, hi] = p.cards;
        seat_ok("a pair's owner", p.owner)?;
        if lo >= hi || lo.number() != hi.number() {
            return Err(SetupError::NotAPair { lo, hi });
        }
        let needed = ageing_needed(lo.number()) as usize;
        let waiting = store_pair == Some((p.owner, lo));
        if p.ageing.len() > needed || (p.ageing.len() == needed && !waiting) {
            return Err(SetupError::Ageing {
                lo,
                hi,
                ageing: p.ageing.len(),
                needed,
            });
        }
    }

    // Stored cards and Ava.
    let over = raw.phase == Phase::Over;
    let mut orders: Vec<u8> = raw.ava.iter().flatten().copied().collect();
    orders.sort_unstable();
    if orders
        .iter()
        .enumerate()
        .any(|(i, &o)| usize::from(o) != i + 1)
    {
        return Err(SetupError::AvaPositions(orders));
    }
    for (seat, id) in PlayerId::all(players).enumerate() {
        let n = raw.stored[seat].len();
        let ava = raw.ava[seat].is_some();
        let winner = matches!(raw.outcome, Some(Outcome::Won { winner, .. }) if winner == id);
        let deciding = matches!(raw.phase, Phase::Decide { seat: s, .. } if s == id);
        // Four cards: a declarer still going for five, or a seat choosing End/Ava, or one that ended.
        let ok = match n {
            0..=3 => !ava,
            4 if ava => !winner,
            4 => deciding || winner,
            5 => ava && winner,
            _ => false,
        };
        if !ok {
            return Err(SetupError::Stored {
                seat: id,
                stored: n,
            });
        }
    }
    if rules.ava == AvaRule::Immediate && !over && !orders.is_empty() {
        return Err(SetupError::Phase(PhaseError::ImmediateAvaRunning));
    }

    // Phase.
    if matches!(raw.phase, Phase::Act { .. } | Phase::Da { .. }) && raw.turns == 0 {
        return Err(SetupError::Phase(PhaseError::NoTurnPlayed));
    }
    match raw.phase {
        Phase::Act { seat } => {
            seat_ok("the acting seat", seat)?;
            if raw.discard.is_some() || raw.hands[seat.index()].is_empty() {
                return Err(SetupError::Phase(PhaseError::ActWithoutDraw));
            }
        }
        Phase::Da { discarder, asking } => {
            seat_ok("the discarder", discarder)?;
            seat_ok("the seat asked for Da", asking)?;
            let Some(d) = raw.discard else {
                return Err(SetupError::Phase(PhaseError::DaWithoutDiscard));
            };
            if discarder == asking {
                return Err(SetupError::Phase(PhaseError::DaAsksDiscarder));
            }
            if raw.hands[asking.index()]
                .iter()
                .all(|c| c.number() != d.number())
            {
                return Err(SetupError::DaWithoutMatch {
                    seat: asking,
                    number: d.number(),
                });
            }
        }
        Phase::Store { seat, pair, next } => {
            seat_ok("the storing seat", seat)?;
            if next != seat.next(players) || raw.discard.is_some() {
                return Err(SetupError::Phase(PhaseError::StoreOutOfTurn));
            }
            let complete = raw.pairs.iter().any(|p| {
                p.owner == seat
                    && p.cards[0] == pair
                    && p.ageing.len() == ageing_needed(pair.number()) as usize
            });
            if !complete {
                return Err(SetupError::NoCompletedPair { seat, pair });
            }
        }
        Phase::Decide { seat, next } => {
            seat_ok("the deciding seat", seat)?;
            if next != seat.next(players) || raw.discard.is_some() {
                return Err(SetupError::Phase(PhaseError::DecideOutOfTurn));
            }
            if raw.stored[seat.index()].len() != 4 || raw.ava[seat.index()].is_some() {
                return Err(SetupError::Phase(PhaseError::DecideWithoutFour));
            }
        }
        Phase::Over => {}
    }
    if over != raw.outcome.is_some() {
        return Err(SetupError::Outcome(OutcomeError::PhaseMismatch));
    }
    if raw.turns > rules.turn_limit {
        return Err(SetupError::Turns {
            turns: raw.turns,
            limit: rules.turn_limit,
        });
    }

    match raw.outcome {
        Some(Outcome::Exhausted {
            cause: Exhaustion::PileEmpty,
        }) if !raw.pile.is_empty() || raw.discard.is_some() => {
            return Err(SetupError::Outcome(OutcomeError::PileNotEmpty));
        }
        Some(Outcome::Exhausted {
            cause: Exhaustion::TurnLimit,
        }) if raw.turns != rules.turn_limit => {
            return Err(SetupError::Outcome(OutcomeError::TurnLimitNotReached));
        }
        Some(Outcome::Won { .. }) if raw.discard.is_some() => {
            return Err(SetupError::Outcome(OutcomeError::WonWithDiscard));
        }
        Some(Outcome::Won { winner, .. }) => seat_ok("the winner", winner)?,
        _ => {}
    }

    let state = build(rules, raw);
    if let Some(Outcome::Won { winner, .. }) = raw.outcome {
        let expected = state.winning_outcome(winner)?;
        if Some(expected) != raw.outcome {
            return Err(SetupError::Outcome(OutcomeError::NotTheWinnersScore));
        }
    }
    Ok(state)
}

/// Builds a state from a setup that `setup::validate` has checked up to the outcome
/// (player count, list lengths, each card once, at most four ageing cards per pair), so
/// every size fits.
fn build(rules: &Rules, setup: &Setup) -> Zaagox {
    let players = setup.players.min(SEATS);
    let mut state = Zaagox {
        rules: *rules,
        players: players as u8,
        pile: Pile::new(&setup.pile[..setup.pile.len().min(DECK)]),
        hands: [Hand::EMPTY; SEATS],
        pairs: [Pair::EMPTY; MAX_PAIRS],
        pairs_len: setup.pairs.len().min(MAX_PAIRS) as u8,
        stored: [Hand::EMPTY; SEATS],
        discard: setup.discard,
        phase: setup.phase,
        turns: setup.turns,
        ava_order: [0; SEATS],
        outcome: setup.outcome,
        dealt: DealOrder(None),
    };
    for seat in 0..players {
        state.hands[seat] = setup.hands.get(seat).copied().unwrap_or_default();
        state.stored[seat] = setup.stored.get(seat).copied().unwrap_or_default();
        state.ava_order[seat] = setup.ava.get(seat).copied().flatten().unwrap_or(0);
    }
    for (slot, p) in state.pairs.iter_mut().zip(&setup.pairs) {
        let ageing = &p.ageing[..p.ageing.len().min(MAX_AGEING)];
        *slot = Pair {
            owner: p.owner,
            cards: p.cards,
            ageing: [DidoCard::ALL[0]; MAX_AGEING],
            ageing_len: ageing.len() as u8,
        };
        slot.ageing[..ageing.len()].copy_from_slice(ageing);
    }
    state
}
