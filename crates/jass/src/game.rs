//! `impl Game for SchieberDeal` and its action index: the generic face used by the random
//! player, records, the test kit and the CLI.

use core::ops::RangeInclusive;

use cards_core::{Census, Events, Game, JassCard, ObserveError, PerSeat, PlayerId, Rng, Seed};

use crate::deal::{PLAYS, SchieberDeal};
use crate::{Action, Event, Outcome, RuleError, Rules, Setup, SetupError, View};

impl Game for SchieberDeal {
    type Rules = Rules;
    type Action = Action;
    type View = View;
    type Setup = Setup;
    type Outcome = Outcome;
    type Card = JassCard;
    type Error = RuleError;
    type Event = Event;
    type SetupError = SetupError;

    const NAME: &'static str = "schieber-deal";

    fn player_range(_rules: &Rules) -> RangeInclusive<usize> {
        Rules::SCHIEBER_PLAYERS
    }

    /// The seeded first deal of a game: see `docs/jass.md`, "One Schieber deal".
    fn new(rules: &Rules, players: usize, seed: Seed) -> Result<Self, SetupError> {
        SchieberDeal::start(rules, players, seed)
    }

    fn from_setup(rules: &Rules, setup: Setup) -> Result<Self, SetupError> {
        crate::setup::validate(rules, &setup)
    }

    fn setup(&self) -> Setup {
        self.setup_now()
    }

    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn num_players(&self) -> usize {
        Rules::MAX_PLAYERS
    }

    fn to_act(&self) -> Option<PlayerId> {
        self.current()
    }

    /// Before the contract: the six modes in [`Mode::ALL`](crate::Mode::ALL) order, the
    /// enabled variants in [`Contract::VARIANTS`](crate::Contract::VARIANTS) order, then
    /// `push` (forehand only); then the legal cards in card index order, a due Trio
    /// segment's modes in `Mode::ALL` order before its first trick.
    fn for_each_legal(&self, f: impl FnMut(Action)) {
        SchieberDeal::for_each_legal(self, f);
    }

    /// While a card is due, picks from the legal cards' bitset without listing them: the
    /// card at the picked position in card index order, as the default would.
    fn pick_legal(
        &self,
        buf: &mut Vec<Action>,
        pick: impl FnOnce(usize) -> Option<usize>,
    ) -> Option<Action> {
        if self.legal.is_empty() {
            self.legal_actions(buf);
            return pick(buf.len()).and_then(|i| buf.get(i).copied());
        }
        pick(self.legal.len())
            .and_then(|i| self.legal.nth(i))
            .map(Action::Play)
    }

    /// The card, its credits (Stöck, Weis, the trick, Match) as they fall; at the end the
    /// deal's score ([`Event::DealScored`]: each team's multiplied points) and
    /// [`Event::DealOver`].
    #[inline]
    fn play_reporting(
        &mut self,
        action: Action,
        events: &mut impl Events<Event>,
    ) -> Result<(), RuleError> {
        self.step(action, events)?;
        if events.wanted() && self.current().is_none() {
            self.report_end(events);
        }
        Ok(())
    }

    /// [`Event::DealBegan`] and [`Event::Dealt`] (a seeded deal's hands in the order dealt,
    /// a set-up deal's in card order), then the events of the decisions and plays so far.
    fn start_events(&self, events: &mut impl Events<Event>) {
        self.report_start(events);
    }

    fn redact(rules: &Rules, event: &Event, seat: PlayerId) -> Event {
        event.redacted(rules, seat)
    }

    fn blank_view(rules: &Rules, _players: usize, seat: PlayerId) -> View {
        View::blank(rules, seat)
    }

    fn observe(view: &mut View, event: &Event) -> Result<(), ObserveError> {
        let mut next = view.clone();
        next.follow(event)?;
        *view = next;
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome_now()
    }

    /// With d = team 0's multiplied points − team 1's: seats 0 and 2 get +d, seats 1 and 3
    /// get −d (twice the returns, so it stays an integer).
    fn settlement(&self) -> PerSeat<i64> {
        self.settle()
    }

    /// The spec's returns: +d/2 for seats 0 and 2, −d/2 for seats 1 and 3.
    fn returns(&self) -> PerSeat<f64> {
        self.returns_now()
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

    /// A contract choice, perhaps a push before it, three Trio modes in a Trio, and 36
    /// cards.
    fn max_actions(_rules: &Rules, _players: usize) -> usize {
        PLAYS + 5
    }

    fn census(&self) -> Census<JassCard> {
        self.take_census()
    }
}

crate::action::direct_index!(SchieberDeal);
