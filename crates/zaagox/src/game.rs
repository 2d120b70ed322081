//! `impl Game for Zaagox` and its action index: the generic face used by the random player,
//! records, the test kit and the CLI.

use core::ops::RangeInclusive;

use cards_core::{
    Cards, Census, DidoCard, DirectIndex, Events, Game, GameRng, NoEvents, ObserveError, PerSeat,
    PlayerId, Rng, Seed,
};

use crate::state::{DealOrder, MAX_PAIRS, Pair, Pile, SEATS, each_legal};
use crate::{
    Action, AvaRule, Deal, Event, Exhaustion, FirstPlayer, Hand, NegativeScores, Outcome,
    PairSetup, PairView, Phase, Position, PositionPair, RuleError, Rules, Setup, SetupError, View,
    Zaagox,
};

impl Game for Zaagox {
    type Rules = Rules;
    type Action = Action;
    type View = View;
    type Setup = Setup;
    type Outcome = Outcome;
    type Card = DidoCard;
    type Error = RuleError;
    type SetupError = SetupError;
    type Event = Event;

    const NAME: &'static str = "zaagox";

    fn player_range(_rules: &Rules) -> RangeInclusive<usize> {
        Rules::PLAYERS
    }

    /// A new game: the seeded shuffle (deal 0), four cards to each seat in turn (consecutive
    /// blocks from the top of the shuffled deck), the rest as the centre pile, then the first
    /// seat (drawn from the same stream after the shuffle, unless the rules fix it) draws.
    fn new(rules: &Rules, players: usize, seed: Seed) -> Result<Self, SetupError> {
        rules.validate(players)?;
        let mut rng = GameRng::for_deal(seed, 0);
        let mut deck = DidoCard::ALL;
        rng.shuffle(&mut deck);
        let mut hands = [Hand::EMPTY; SEATS];
        let mut order = [[DidoCard::ALL[0]; Rules::HAND_SIZE]; SEATS];
        for (seat, (hand, order)) in hands.iter_mut().zip(&mut order).take(players).enumerate() {
            let dealt = Rules::HAND_SIZE * seat..Rules::HAND_SIZE * (seat + 1);
            *hand = deck[dealt.clone()].iter().copied().collect();
            order.copy_from_slice(&deck[dealt]);
        }
        let first = match rules.first_player {
            FirstPlayer::FromSeed => PlayerId(rng.below(players as u64) as u8),
            FirstPlayer::Seat(seat) => seat,
        };
        let mut state = Zaagox {
            rules: *rules,
            players: players as u8,
            pile: Pile::new(&deck[Rules::HAND_SIZE * players..]),
            hands,
            pairs: [Pair::EMPTY; MAX_PAIRS],
            pairs_len: 0,
            stored: [Hand::EMPTY; SEATS],
            discard: None,
            phase: Phase::Over,
            turns: 0,
            ava_order: [0; SEATS],
            outcome: None,
            dealt: DealOrder(Some(order)),
        };
        // The deal's events are told by `start_events`, from the state.
        state.start_turn(first, &mut NoEvents);
        Ok(state)
    }

    fn from_setup(rules: &Rules, setup: Setup) -> Result<Self, SetupError> {
        crate::setup::validate(rules, &setup)
    }

    fn setup(&self) -> Setup {
        Setup {
            players: self.players(),
            pile: self.pile.iter().collect(),
            hands: self.hands[..self.players()].to_vec(),
            pairs: self
                .pairs()
                .iter()
                .map(|p| PairSetup {
                    owner: p.owner,
                    cards: p.cards,
                    ageing: p.ageing().to_vec(),
                })
                .collect(),
            stored: self.stored[..self.players()].to_vec(),
            discard: self.discard,
            phase: self.phase,
            turns: self.turns,
            ava: self.ava_order[..self.players()]
                .iter()
                .map(|&o| (o != 0).then_some(o))
                .collect(),
            outcome: self.outcome,
        }
    }

    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn num_players(&self) -> usize {
        usize::from(self.players)
    }

    fn to_act(&self) -> Option<PlayerId> {
        match self.phase {
            Phase::Act { seat } | Phase::Store { seat, .. } | Phase::Decide { seat, .. } => {
                Some(seat)
            }
            Phase::Da { asking, .. } => Some(asking),
            Phase::Over => None,
        }
    }

    /// Discards (card index order), pairs (by number, then lower and higher card), ages (pairs
    /// oldest first, then hand cards); in the Da window `pass` then claims; stores lower card
    /// first; `end` then `ava`.
    fn for_each_legal(&self, f: impl FnMut(Action)) {
        let actor = self
            .to_act()
            .map_or(Hand::EMPTY, |seat| self.hands[seat.index()]);
        let pairs = self.pairs().iter().map(|p| (p.owner, p.cards));
        each_legal(self.phase, actor, pairs, self.discard, f);
    }

    /// Plays `action` in place, reporting what it caused into `events`; on error the state is
    /// unchanged and nothing is reported (every rule is checked before anything moves).
    // Inlined into the trait's `play` (with `NoEvents`), so playouts pay no extra call.
    #[inline]
    fn play_reporting(
        &mut self,
        action: Action,
        events: &mut impl Events<Event>,
    ) -> Result<(), RuleError> {
        let wrong = |expected| Err(RuleError::WrongPhase { action, expected });
        match (self.phase, action) {
            (Phase::Over, _) => Err(RuleError::GameOver),
            (Phase::Act { seat }, Action::Discard(card)) => {
                self.take_from_hand(seat, card)?;
                self.discard = Some(card);
                events.emit(|| Event::Discarded { seat, card });
                self.open_da(seat, events);
                Ok(())
            }
            (Phase::Act { seat }, Action::Pair(a, b)) => {
                if a >= b || a.number() != b.number() {
                    return Err(RuleError::NotAPair { a, b });
                }
                let hand = self.hands[seat.index()];
                for card in [a, b] {
                    if !hand.contains(card) {
                        return Err(RuleError::CardNotInHand { seat, card });
                    }
                }
                self.hands[seat.index()] = hand.without(a).without(b);
                events.emit(|| Event::Paired {
                    seat,
                    cards: [a, b],
                });
                self.add_pair(Pair::new(seat, a, b), seat, events);
                Ok(())
            }
            (Phase::Act { seat }, Action::Age { card, onto }) => {
                let p = self
                    .find_pair(seat, onto)
                    .ok_or(RuleError::NoSuchPair { seat, onto })?;
                self.take_from_hand(seat, card)?;
                let pair = &mut self.pairs[p];
                pair.ageing[pair.ageing_len as usize] = card;
                pair.ageing_len += 1;
                let pair = *pair;
                events.emit(|| Event::Aged {
                    seat,
                    card: Some(card),
                    pair: pair.cards,
                });
                if pair.is_complete() {
                    self.phase = Phase::Store {
                        seat,
                        pair: pair.cards[0],
                        next: seat.next(self.players()),
                    };
                    events.emit(|| Event::PairCompleted {
                        seat,
                        pair: pair.cards,
                    });
                } else {
                    self.start_turn(seat.next(self.players()), events);
                }
                Ok(())
            }
            (Phase::Act { .. }, _) => {
                wrong("it is your turn to discard a card, lay a pair or age a pair")
            }
            (Phase::Da { asking, .. }, Action::Da(card)) => self.claim(asking, card, events),
            (Phase::Da { discarder, asking }, Action::Pass) => {
                events.emit(|| Event::Passed { seat: asking });
                match self.next_eligible(discarder, asking) {
                    Some(next) => {
                        self.phase = Phase::Da {
                            discarder,
                            asking: next,
                        };
                        events.emit(|| Event::DaAsked {
                            seat: next,
                            discarder,
                        });
                    }
                    None => self.start_turn(discarder.next(self.players()), events),
                }
                Ok(())
            }
            (Phase::Da { .. }, _) => {
                wrong("you are asked whether to call Da on the discard (da) or pass")
            }
            (Phase::Store { seat, pair, next }, Action::Store(card)) => {
                let p = self
                    .find_pair(seat, pair)
                    .ok_or(RuleError::NoSuchPair { seat, onto: pair })?;
                let done = self.pairs[p];
                let [lo, hi] = done.cards;
                if card != lo && card != hi {
                    return Err(RuleError::NotInPair { card, lo, hi });
                }
                self.remove_pair(p);
                self.stored[seat.index()].insert(card);
                // The other pair card, then the ageing cards as laid, go to the bottom of the pile.
                let other = if card == lo { hi } else { lo };
                self.pile.push_bottom(other);
                for &c in done.ageing() {
                    self.pile.push_bottom(c);
                }
                events.emit(|| Event::Stored {
                    seat,
                    card,
                    other,
                    ageing: Cards::Shown(done.ageing().to_vec()),
                });
                self.after_store(seat, next, events);
                Ok(())
            }
            (Phase::Store { .. }, _) => {
                wrong("your pair is complete: store one of its two cards first")
            }
            (Phase::Decide { seat, .. }, Action::End) => {
                self.win(seat, events);
                Ok(())
            }
            (Phase::Decide { seat, next }, Action::Ava) => {
                // Positions run 1, 2, … (validated on deserialize), so this cannot overflow.
                self.ava_order[seat.index()] =
                    self.ava_order.iter().filter(|&&o| o != 0).count() as u8 + 1;
                events.emit(|| Event::AvaDeclared { seat });
                match self.pile.pop_top() {
                    None => self.finish(
                        Outcome::Exhausted {
                            cause: Exhaustion::PileEmpty,
                        },
                        events,
                    ),
                    Some(card) => match self.rules.ava {
                        AvaRule::Immediate => {
                            self.stored[seat.index()].insert(card);
                            events.emit(|| Event::AvaStored { seat, card });
                            self.win(seat, events);
                        }
                        AvaRule::Continue => {
                            self.hands[seat.index()].insert(card);
                            events.emit(|| Event::AvaDrew {
                                seat,
                                card: Some(card),
                            });
                            self.start_turn(next, events);
                        }
                    },
                }
                Ok(())
            }
            (Phase::Decide { .. }, _) => {
                wrong("you have four stored cards: choose end (win now) or ava")
            }
        }
    }

    /// A seeded game fresh from [`Game::new`]: [`Event::Dealt`] (each hand in dealing order,
    /// the pile before the first draw), then the first seat's [`Event::Drew`]. Any other
    /// position (set up, read back from JSON, or played on): [`Event::Position`], and
    /// [`Event::Ended`] when it is over.
    fn start_events(&self, events: &mut impl Events<Event>) {
        if let Some((deal, seat, card)) = self.as_dealt() {
            events.emit(|| Event::Dealt(deal));
            events.emit(|| Event::Drew {
                seat,
                card: Some(card),
            });
            return;
        }
        events.emit(|| {
            let setup = self.setup();
            let shown = |cards: &[DidoCard]| Cards::Shown(cards.to_vec());
            Event::Position(Box::new(Position {
                hands: setup
                    .hands
                    .iter()
                    .map(|h| Cards::Shown(h.iter().collect()))
                    .collect(),
                pile: shown(&setup.pile),
                pairs: setup
                    .pairs
                    .iter()
                    .map(|p| PositionPair {
                        owner: p.owner,
                        cards: p.cards,
                        ageing: shown(&p.ageing),
                    })
                    .collect(),
                stored: setup.stored,
                discard: setup.discard,
                phase: setup.phase,
                turns: setup.turns,
                ava: setup.ava,
            }))
        });
        if let Some(outcome) = self.outcome {
            events.emit(|| Event::Ended {
                outcome,
                settlement: self.settlement(),
            });
        }
    }

    /// See [`Event::redacted`].
    fn redact(_rules: &Rules, event: &Event, seat: PlayerId) -> Event {
        event.redacted(seat)
    }

    /// Nothing dealt: empty hands and pile, no turn played, [`Phase::Over`] with no outcome.
    /// Seat lists have `players` entries (at most [`Rules::MAX_PLAYERS`]).
    fn blank_view(rules: &Rules, players: usize, seat: PlayerId) -> View {
        let players = players.min(Rules::MAX_PLAYERS);
        View {
            seat,
            rules: *rules,
            players,
            hand: Hand::EMPTY,
            hand_sizes: vec![0; players],
            pairs: Vec::new(),
            stored: vec![Hand::EMPTY; players],
            discard: None,
            pile_len: 0,
            phase: Phase::Over,
            turns: 0,
            ava: vec![None; players],
            outcome: None,
        }
    }

    fn observe(view: &mut View, event: &Event) -> Result<(), ObserveError> {
        let mut next = view.clone();
        next.follow(event)?;
        *view = next;
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The integer settlement (see [`Game::settlement`]): each
    /// loser pays the winner's score; a failed Ava declarer pays for every loser alone; a
    /// negative score is paid by the winner unless the rules settle it as 0.
    fn settlement(&self) -> PerSeat<i64> {
        // At most MAX_PLAYERS seats, below MAX_SEATS.
        let mut returns = PerSeat::new(self.players()).unwrap_or_default();
        let Some(Outcome::Won {
            winner,
            score,
            ava_failed,
        }) = self.outcome
        else {
            return returns;
        };
        let points = match self.rules.negative_scores {
            NegativeScores::AsZero => score.points.max(0),
            NegativeScores::Pay => score.points,
        };
        let losers = self.players() as i64 - 1;
        returns[winner.index()] = points * losers;
        match ava_failed {
            Some(payer) => returns[payer.index()] = -points * losers,
            None => {
                for (seat, r) in returns.iter_mut().enumerate() {
                    if seat != winner.index() {
                        *r = -points;
                    }
                }
            }
        }
        returns
    }

    /// The returns are the settlement: points won or paid, one return per point.
    fn returns_unit(&self) -> cards_core::ReturnsUnit {
        cards_core::ReturnsUnit::Points {
            word: "points",
            per_point: 1.0,
        }
    }

    /// What `seat` may see. A seat not at the table sees what any seat sees of others, and an
    /// empty hand.
    fn view(&self, seat: PlayerId) -> View {
        let raw = self.setup();
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

    fn view_legal_actions(view: &View, out: &mut Vec<Action>) {
        view.legal_actions(out);
    }

    fn sample_world<R: Rng + ?Sized>(view: &View, rng: &mut R) -> Result<Self, SetupError> {
        view.sample_world(rng)
    }

    /// Each turn is one act, at most `players − 1` Da answers, a store and an End/Ava choice
    /// (saturating: any input gives a bound).
    fn max_actions(rules: &Rules, players: usize) -> usize {
        (rules.turn_limit as usize)
            .saturating_mul(players.saturating_add(2))
            .saturating_add(2)
    }

    /// Where every card is (each card must appear exactly once).
    fn census(&self) -> Census<DidoCard> {
        let mut census = Census::default();
        census.add_all(self.pile.iter());
        for seat in 0..self.players() {
            census.add(self.hands[seat]);
            census.add(self.stored[seat]);
        }
        for pair in self.pairs() {
            census.add_all(pair.cards.iter().chain(pair.ageing()).copied());
        }
        census.add_all(self.discard);
        census
    }
}

impl DirectIndex for Zaagox {
    const ACTION_COUNT: usize = Action::COUNT;

    fn action_index(action: Action) -> usize {
        action.index()
    }

    fn action_from_index(index: usize) -> Option<Action> {
        Action::from_index(index)
    }
}

impl Zaagox {
    /// When this is a seeded game as dealt (nothing played yet, the first seat having drawn):
    /// the deal in dealing order, the first seat and the card it drew.
    fn as_dealt(&self) -> Option<(Deal, PlayerId, DidoCard)> {
        let order = self.dealt.0?;
        let Phase::Act { seat: first } = self.phase else {
            return None;
        };
        let untouched = self.turns == 1
            && self.pairs().is_empty()
            && self.discard.is_none()
            && self.outcome.is_none()
            && self.stored.iter().all(|s| s.is_empty())
            && self.ava_order.iter().all(|&o| o == 0);
        if !untouched {
            return None;
        }
        let mut drawn = None;
        for (seat, dealt) in order.iter().enumerate().take(self.num_players()) {
            let dealt: Hand = dealt.iter().copied().collect();
            let extra = self.hands[seat] - dealt;
            let is_first = seat == first.index();
            // Every seat holds its dealt cards; the first seat also the card it drew.
            if !(dealt - self.hands[seat]).is_empty() || extra.len() != usize::from(is_first) {
                return None;
            }
            if is_first {
                drawn = extra.iter().next();
            }
        }
        let drawn = drawn?;
        let deal = Deal {
            hands: order[..self.num_players()]
                .iter()
                .map(|h| Cards::Shown(h.to_vec()))
                .collect(),
            pile: Cards::Shown(core::iter::once(drawn).chain(self.pile()).collect()),
        };
        Some((deal, first, drawn))
    }
}
