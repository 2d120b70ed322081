//! `impl Game for Letom` and its action index: the generic face used by the random player,
//! records, the test kit and the CLI.

use core::ops::RangeInclusive;

use cards_core::{
    Cards, Census, DidoCard, DirectIndex, Events, Game, NoEvents, ObserveError, PerSeat, PlayerId,
    Rng, Seed,
};

use crate::event::{Event, Position};
use crate::state::CarryIn;
use crate::{Action, Deal, Letom, Outcome, Phase, RuleError, Rules, Setup, SetupError, View};

impl Game for Letom {
    type Rules = Rules;
    type Action = Action;
    type View = View;
    type Setup = Setup;
    type Outcome = Outcome;
    type Card = DidoCard;
    type Error = RuleError;
    type Event = Event;
    type SetupError = SetupError;

    const NAME: &'static str = "letom";

    fn player_range(_rules: &Rules) -> RangeInclusive<usize> {
        Rules::PLAYERS
    }

    /// One seeded deal ([`Deal::seeded`], deal 0): the dealer from the seed unless the rules
    /// fix it; with the reshuffle option, the reshuffle seed is drawn from the same stream after.
    fn new(rules: &Rules, players: usize, seed: Seed) -> Result<Self, SetupError> {
        rules.validate(players)?;
        Ok(Letom::seeded(
            rules,
            players,
            seed,
            0,
            None,
            CarryIn::NONE,
            &mut NoEvents,
        ))
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
        self.num_seats()
    }

    fn to_act(&self) -> Option<PlayerId> {
        self.current()
    }

    /// Shakes (by number), bombs (by number), plays (by hand card; onto each matching floor
    /// card when two match), `flip`; `take` by floor card; `ren`, `tom`; `sell`, `keep`.
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

    /// A deal fresh from its start (a seeded deal, [`Letom::from_deal`]) tells how it was
    /// dealt and what happened at the deal; any other position is told at once
    /// ([`Event::Position`]).
    fn start_events(&self, events: &mut impl Events<Event>) {
        let n = self.num_seats();
        if let Some(deal) = self.as_dealt.deal(&self.rules, n, self.dealer) {
            // What the deal carried in: its pot before the stakes paid at the deal.
            let mut carry_in = self.carry_in;
            if !matches!(self.phase, Phase::Sale { .. }) {
                for pot in &mut carry_in.pot[..n] {
                    *pot = pot.saturating_sub(self.rules.stake);
                }
            }
            let mut told = Vec::new();
            let again = Letom::start(
                &self.rules,
                &deal,
                self.as_dealt,
                carry_in,
                self.reshuffle,
                &mut told,
            );
            if again == *self {
                for event in told {
                    events.emit(|| event);
                }
                return;
            }
        }
        events.emit(|| {
            let mut public = self.setup();
            let hands = public
                .hands
                .iter()
                .map(|h| Cards::Shown(h.clone()))
                .collect();
            let stock = Cards::Shown(core::mem::take(&mut public.stock));
            let reshuffle = public.reshuffle.take();
            for h in &mut public.hands {
                h.clear();
            }
            Event::Position(Box::new(Position {
                hands,
                stock,
                reshuffle,
                public,
            }))
        });
    }

    fn redact(_rules: &Rules, event: &Event, seat: PlayerId) -> Event {
        crate::event::redact(event, seat)
    }

    fn blank_view(rules: &Rules, players: usize, seat: PlayerId) -> View {
        crate::observe::blank(rules, players, seat)
    }

    fn observe(view: &mut View, event: &Event) -> Result<(), ObserveError> {
        let mut next = view.clone();
        crate::observe::follow(&mut next, event)?;
        *view = next;
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The deal's returns: the winner's settlement (or the chongtong's), plus the Guã sale.
    /// The table stake is outside them ([`Letom::stakes`]).
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

    /// Per turn at most two shakes, a play, a choice for the flip and Ren/Tom; a turn per
    /// card of the deck at most, and the sale.
    fn max_actions(_rules: &Rules, _players: usize) -> usize {
        DidoCard::COUNT * 5 + Rules::MAX_PLAYERS
    }

    fn census(&self) -> Census<DidoCard> {
        self.take_census()
    }
}

impl Letom {
    /// Deal `k` from `seed` with what it carries in, reporting it.
    pub(crate) fn seeded(
        rules: &Rules,
        players: usize,
        seed: Seed,
        k: u32,
        dealer: Option<PlayerId>,
        carry_in: CarryIn,
        events: &mut impl Events<Event>,
    ) -> Letom {
        let (deal, as_dealt, mut rng) = Deal::drawn(rules, players, seed, k, dealer);
        // From the deal's own stream, after its draws: the cards never depend on the option.
        let reshuffle = (rules.sells(players) && rules.reshuffle_sold).then(|| rng.seed());
        Letom::start(rules, &deal, as_dealt, carry_in, reshuffle, events)
    }
}

impl DirectIndex for Letom {
    const ACTION_COUNT: usize = Action::COUNT;

    fn action_index(action: Action) -> usize {
        action.index()
    }

    fn action_from_index(index: usize) -> Option<Action> {
        Action::from_index(index)
    }
}
