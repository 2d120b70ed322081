//! `impl Game for Zaagox` and its action index: the generic face used by the random player,
//! records, the test kit and the CLI.

use core::ops::RangeInclusive;

use cards_core::{
    Cards, Census, DidoCard, DirectIndex, Events, Game, ObserveError, PerSeat, PlayerId, Rng, Seed,
};

use crate::{
    Action, Deal, Event, Hand, Outcome, Phase, Position, PositionPair, RuleError, Rules, Setup,
    SetupError, View, Zaagox,
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

    /// The seeded deal: see `docs/zaagox.md`, "Setup".
    fn new(rules: &Rules, players: usize, seed: Seed) -> Result<Self, SetupError> {
        Zaagox::start(rules, players, seed)
    }

    fn from_setup(rules: &Rules, setup: Setup) -> Result<Self, SetupError> {
        crate::setup::validate(rules, &setup)
    }

    fn setup(&self) -> Setup {
        self.to_setup()
    }

    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn num_players(&self) -> usize {
        usize::from(self.players)
    }

    fn to_act(&self) -> Option<PlayerId> {
        self.current()
    }

    /// Discards (card index order), pairs (by number, then lower and higher card), ages (pairs
    /// oldest first, then hand cards); in the Da window `pass` then claims; stores lower card
    /// first; `end` then `ava`.
    fn for_each_legal(&self, f: impl FnMut(Action)) {
        self.each_legal(f);
    }

    fn play_reporting(
        &mut self,
        action: Action,
        events: &mut impl Events<Event>,
    ) -> Result<(), RuleError> {
        self.step(action, events)
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

    fn settlement(&self) -> PerSeat<i64> {
        self.settle()
    }

    fn view(&self, player: PlayerId) -> View {
        self.view_of(player)
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

    fn census(&self) -> Census<DidoCard> {
        self.take_census()
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
