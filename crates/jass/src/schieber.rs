//! [`Schieber`]: a whole Schieber game, deal after deal until a team's multiplied total
//! reaches the target (mid-deal if so, with the Stöck exception), as a `Game` with
//! `DirectIndex`; its [`SchieberSetup`], [`SchieberView`] and [`SchieberOutcome`].

use core::fmt;
use core::ops::RangeInclusive;

use cards_core::{
    Census, Draw as _, Events, Game, JassCard, ObserveError, PerSeat, PlayerId, Rng, Seed,
};

use crate::deal::{PLAYS, SEATS, SchieberDeal, TRICKS, seat_after, team_of};
use crate::score::STOECK;
use crate::view::misfit;
use crate::{
    Action, Deal, Event, RuleError, Rules, SchieberDealSetup, SchieberDealView, SeededDeal,
    SetupError, ViewError,
};

/// Actions in one deal at most: a push, a contract, three Trio modes and 36 cards.
const DEAL_ACTIONS: usize = PLAYS + 5;
/// Card points (with the last trick's 5) that every complete deal credits to the two teams.
const DEAL_POINTS: u64 = 157;
/// How many sampled deals [`SchieberView::sample_world`] tries before it gives up.
const MAX_TRIES: usize = 400;

/// How a whole Schieber game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SchieberOutcome {
    /// Each team's multiplied total (index 0: seats 0 and 2; index 1: seats 1 and 3).
    pub totals: [u32; 2],
    /// The winning team: the one that reached the target (without a target: the one with
    /// more points; `None` for a tie).
    pub winner: Option<usize>,
    /// The deals played, the last one (perhaps stopped mid-way) included.
    pub deals: u32,
    /// The seat whose Stöck ended the game at the start of its first turn (the Stöck
    /// exception), if that is how it ended.
    pub early_stoeck: Option<PlayerId>,
}

impl fmt::Display for SchieberOutcome {
    /// A sentence: `Seats 0 and 2 win 2512 to 1877 after 8 deals.`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.totals;
        let deals = if self.deals == 1 {
            "1 deal".to_owned()
        } else {
            format!("{} deals", self.deals)
        };
        match self.winner {
            Some(0) => write!(f, "Seats 0 and 2 win {a} to {b} after {deals}")?,
            Some(_) => write!(f, "Seats 1 and 3 win {b} to {a} after {deals}")?,
            None => write!(f, "A tie at {a} after {deals}")?,
        }
        if let Some(seat) = self.early_stoeck {
            write!(f, ", on seat {seat}'s Stöck before it played")?;
        }
        f.write_str(".")
    }
}

/// A whole Schieber game: four seats in two teams (seats 0 and 2 against 1 and 3) play
/// [`SchieberDeal`]s one after another until a team's multiplied total reaches
/// [`Rules::target`] — the moment it does, even mid-deal (see `docs/jass.md`, "A whole
/// Schieber game").
///
/// Deal `k` draws its cards from `GameRng::for_deal(seed, k)`: deal 0 is
/// [`SeededDeal::first_schieber`] (forehand holds [`Rules::forehand_card`]); the first deal's forehand
/// deals the second, then the deal passes one seat each deal, and forehand is the seat after
/// the dealer ([`SeededDeal::later`]). The actions are the deal's ([`Action`], same index).
///
/// ```
/// use jass::{Game, Rules, Schieber, Seed};
/// let mut game = Schieber::new(&Rules::flat(), 4, Seed::from(7))?;
/// let mut moves = Vec::new();
/// while game.to_act().is_some() {
///     game.legal_actions(&mut moves);
///     game.play(moves[0])?;
/// }
/// let outcome = game.outcome().expect("over");
/// assert!(outcome.totals.iter().any(|&t| t >= 1000));
/// assert_eq!(game.settlement().iter().sum::<i64>(), 0);
/// println!("{outcome}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Schieber {
    rules: Rules,
    seed: Seed,
    /// The current deal's number, from 0.
    deal_number: u32,
    /// The multiplied totals before the current deal.
    before: [u32; 2],
    /// The current deal.
    deal: SchieberDeal,
    /// The multiplied totals now: `before` plus the current deal's credits that counted.
    totals: [u32; 2],
    /// The seat whose Stöck was credited by the exception.
    early_stoeck: Option<PlayerId>,
    /// Whether the game is over.
    over: bool,
    /// The winning team, once over.
    winner: Option<usize>,
}

impl Schieber {
    /// The game at the start of `deal` (unchecked: callers validate).
    fn at(
        rules: &Rules,
        seed: Seed,
        deal_number: u32,
        before: [u32; 2],
        deal: SchieberDeal,
    ) -> Self {
        Schieber {
            rules: *rules,
            seed,
            deal_number,
            before,
            deal,
            totals: before,
            early_stoeck: None,
            over: false,
            winner: None,
        }
    }

    /// The current deal's score as credited to the totals.
    fn deal_score(&self) -> Vec<i64> {
        (0..2)
            .map(|t| i64::from(self.totals[t]) - i64::from(self.before[t]))
            .collect()
    }

    /// Whether `team`'s total reaches the target.
    fn reached(&self, team: usize) -> bool {
        self.rules.target.is_some_and(|t| self.totals[team] >= t)
    }

    /// Ends the game: the last deal's score and the outcome.
    fn finish(&mut self, winner: Option<usize>, events: &mut impl Events<Event>) {
        self.over = true;
        self.winner = winner;
        events.emit(|| Event::DealScored {
            score: self.deal_score(),
        });
        if let Some(outcome) = self.outcome() {
            events.emit(|| Event::SchieberOver { outcome });
        }
    }

    /// After a complete deal with no team at the target: the next deal, or without a target
    /// the end of the one-deal game.
    fn next_deal(&mut self, events: &mut impl Events<Event>) {
        if self.rules.target.is_none() {
            let [a, b] = self.totals;
            let winner = match a.cmp(&b) {
                core::cmp::Ordering::Greater => Some(0),
                core::cmp::Ordering::Less => Some(1),
                core::cmp::Ordering::Equal => None,
            };
            self.finish(winner, events);
            return;
        }
        events.emit(|| Event::DealScored {
            score: self.deal_score(),
        });
        let dealer = if self.deal_number == 0 {
            self.deal.forehand
        } else {
            seat_after(self.deal.dealer, 1)
        };
        self.deal_number = self.deal_number.saturating_add(1);
        let seeded = SeededDeal::later(self.seed, self.deal_number, SEATS, dealer);
        self.deal = SchieberDeal::dealt(
            &self.rules,
            seeded.dealer,
            seeded.forehand,
            seeded.hand_sets(),
        );
        self.before = self.totals;
        self.report_deal(Some(&seeded), events);
    }

    /// The current deal begins: its number, the totals before it, and its cards (`seeded`:
    /// in the order dealt).
    fn report_deal(&self, seeded: Option<&SeededDeal>, events: &mut impl Events<Event>) {
        let deal = &self.deal;
        events.emit(|| Event::DealBegan {
            deal: self.deal_number,
            dealer: deal.dealer,
            forehand: deal.forehand,
            totals: self.before.to_vec(),
        });
        events.emit(|| {
            Event::Dealt(match seeded {
                Some(s) => Deal::shown(s.dealer, s.forehand, s.hands(), None),
                None => deal.deal_event(),
            })
        });
    }

    /// The seeded deal this game's seed deals as its current deal, when that is the current
    /// deal (a set-up game's may be any).
    fn seeded_deal(&self) -> Option<SeededDeal> {
        let deal = &self.deal;
        let seeded = if self.deal_number == 0 {
            SeededDeal::first_schieber(&self.rules, self.seed)
        } else {
            SeededDeal::later(self.seed, self.deal_number, SEATS, deal.dealer)
        };
        let same = seeded.dealer == deal.dealer
            && seeded.forehand == deal.forehand
            && seeded.hand_sets() == deal.dealt;
        same.then_some(seeded)
    }

    /// The start of this position as events: the current deal begins and is dealt, then its
    /// decisions and cards so far, replayed.
    fn report_start(&self, events: &mut impl Events<Event>) {
        let deal = &self.deal;
        let dealt = SchieberDeal::dealt(&self.rules, deal.dealer, deal.forehand, deal.dealt);
        let mut game = Schieber::at(&self.rules, self.seed, self.deal_number, self.before, dealt);
        game.report_deal(self.seeded_deal().as_ref(), events);
        let mut step = |action| game.play_reporting(action, &mut *events);
        // The position was reached by these actions (a setup is checked by replay): none
        // fails.
        if deal.pushed {
            let _ = step(Action::Push);
        }
        if let Some(contract) = deal.contract {
            let _ = step(Action::Name(contract));
        }
        let _ = crate::setup::replay(deal.trio(), deal.plays(), step);
    }

    /// The Stöck exception: at the start of the Stöck holder's first turn to play in a trump
    /// contract, if its Stöck would bring its team to the target, it is credited now and the
    /// game ends.
    fn stoeck_exception(&mut self, events: &mut impl Events<Event>) {
        let (Some(target), Some(holder), Some(factor)) = (
            self.rules.target,
            self.deal.stoeck_holder,
            self.deal.multiplier(),
        ) else {
            return;
        };
        if self.deal.to_act() != Some(holder)
            || self.deal.stoeck_credited
            || self.deal.hands[holder.index()].len() != TRICKS
        {
            return;
        }
        let team = team_of(holder);
        let total = self.totals[team].saturating_add(STOECK.saturating_mul(factor));
        if total >= target {
            self.totals[team] = total;
            self.early_stoeck = Some(holder);
            events.emit(|| Event::EarlyStoeck {
                seat: holder,
                points: STOECK.saturating_mul(factor),
            });
            self.finish(Some(team), events);
        }
    }

    // ---- Public accessors: what is the game's own. ----

    /// The current deal (the last one, once the game is over; it may have stopped mid-way).
    #[must_use]
    pub fn deal(&self) -> &SchieberDeal {
        &self.deal
    }

    /// The current deal's number, from 0.
    #[must_use]
    pub fn deal_number(&self) -> u32 {
        self.deal_number
    }

    /// Each team's multiplied total now (index 0: seats 0 and 2).
    #[must_use]
    pub fn totals(&self) -> [u32; 2] {
        self.totals
    }

    /// Each team's multiplied total before the current deal.
    #[must_use]
    pub fn scores_before_deal(&self) -> [u32; 2] {
        self.before
    }

    /// The seat whose Stöck ended the game by the Stöck exception.
    #[must_use]
    pub fn early_stoeck(&self) -> Option<PlayerId> {
        self.early_stoeck
    }
}

/// An explicit position of a whole Schieber game: the seed of the later deals, the current
/// deal's number, the scores before it and the current deal's [`SchieberDealSetup`].
///
/// [`Game::from_setup`] checks the rules and the scores (each below the target) and replays
/// the deal's choices and plays through the game, so a deal that would have stopped at the
/// target refuses any action after that moment. The current deal's hands are taken as given
/// (they need not be the ones the seed would deal); the deals after it come from the seed.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SchieberSetup {
    /// The game's seed: deal `k` after the current one draws from `GameRng::for_deal(seed, k)`.
    pub seed: Seed,
    /// The current deal's number, from 0 (deal 0's forehand deals deal 1; from deal 1 on the
    /// deal passes one seat each deal).
    pub deal_number: u32,
    /// Each team's multiplied total before the current deal (index 0: seats 0 and 2).
    pub scores: [u32; 2],
    /// The current deal: dealer, forehand, the hands as dealt, the choices and the plays.
    pub deal: SchieberDealSetup,
}

// The JSON form `{"rules": …, "setup": …}`, through `setup` and `from_setup`.
cards_core::serde_via_setup!(Schieber);

/// A sink that passes on every event but the end of a deal played alone (a whole game scores
/// a deal its own way: up to the target).
struct WithoutDealEnd<'a, S>(&'a mut S);

impl<S: Events<Event>> Events<Event> for WithoutDealEnd<'_, S> {
    #[inline]
    fn emit(&mut self, make: impl FnOnce() -> Event) {
        if self.0.wanted() {
            let event = make();
            if !matches!(event, Event::DealScored { .. } | Event::DealOver { .. }) {
                self.0.emit(|| event);
            }
        }
    }

    #[inline]
    fn wanted(&self) -> bool {
        self.0.wanted()
    }
}

/// What one seat may see of a whole Schieber game: the current deal's [`SchieberDealView`], the deal
/// number, both teams' totals before the deal and now, the seat to act, and how the game
/// ended. Not the seed.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SchieberView {
    /// The current deal as this seat sees it (its `credits` are the deal's own, all of the
    /// last card's credits included; `totals` is what counted).
    pub deal: SchieberDealView,
    /// The current deal's number, from 0.
    pub deal_number: u32,
    /// Each team's multiplied total before the current deal.
    pub scores: [u32; 2],
    /// Each team's multiplied total now.
    pub totals: [u32; 2],
    /// The seat to act, `None` once the game is over.
    pub to_act: Option<PlayerId>,
    /// The seat whose Stöck ended the game by the Stöck exception.
    pub early_stoeck: Option<PlayerId>,
    /// How the game ended, once it has.
    pub outcome: Option<SchieberOutcome>,
}

impl SchieberView {
    /// Brings the view up to date with `event` (on error it may be half changed: callers
    /// work on a copy).
    fn follow(&mut self, event: &Event) -> Result<(), ObserveError> {
        if self.outcome.is_some() {
            return Err(misfit("the game is over"));
        }
        let factor = |view: &SchieberView| {
            view.deal
                .contract
                .map_or(1, |c| view.deal.rules.multipliers.contract_factor(c))
        };
        let credit = |view: &mut SchieberView, seat: Option<PlayerId>, team: usize, points: u32| {
            let team = seat.map_or(team, team_of) & 1;
            let f = factor(view);
            view.totals[team] = view.totals[team].saturating_add(points.saturating_mul(f));
        };
        match event {
            Event::DealBegan { deal, totals, .. } => {
                let [a, b] = totals[..] else {
                    return Err(misfit("not the totals of two teams"));
                };
                self.deal.follow(event)?;
                self.deal_number = *deal;
                self.scores = [a, b];
                self.totals = [a, b];
            }
            Event::TargetReached { totals, .. } => self.totals = *totals,
            Event::EarlyStoeck { seat, points } => {
                if seat.index() >= SEATS {
                    return Err(misfit("a seat not at the table"));
                }
                let team = team_of(*seat);
                self.totals[team] = self.totals[team].saturating_add(*points);
                self.early_stoeck = Some(*seat);
            }
            Event::SchieberOver { outcome } => self.outcome = Some(*outcome),
            Event::DealScored { .. } => {}
            Event::DealOver { .. } => return Err(misfit("not an event of a whole game")),
            Event::Stoeck { seat, points } => {
                self.deal.follow(event)?;
                credit(self, Some(*seat), 0, *points);
            }
            Event::TrickTaken { seat, points, .. } => {
                self.deal.follow(event)?;
                credit(self, Some(*seat), 0, *points);
            }
            Event::WeisScored { weis } => {
                self.deal.follow(event)?;
                credit(self, None, weis.score.team, weis.score.points);
            }
            Event::Match { side, points } => {
                self.deal.follow(event)?;
                credit(self, None, *side, *points);
            }
            other => self.deal.follow(other)?,
        }
        self.to_act = if self.outcome.is_some() {
            None
        } else {
            self.deal.to_act
        };
        Ok(())
    }

    /// The legal actions of this view's seat when it is the seat to act, into `out`
    /// (cleared first); empty otherwise.
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.to_act.is_some() {
            self.deal.legal_actions(out);
        }
    }

    /// A whole game that shows this view to its seat: the current deal's hidden cards are
    /// sampled as [`SchieberDealView::sample_world`] does, a fresh seed is drawn for the later deals, and
    /// the game is built from a [`SchieberSetup`] (validated by replay) and kept only if it
    /// shows the same view (the Stöck exception depends on who holds the trump King and
    /// Queen), up to 400 tries.
    ///
    /// # Errors
    /// [`SetupError`] when the view is inconsistent; [`ViewError::NoWorld`] when no world
    /// tried shows it.
    pub fn sample_world<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<Schieber, SetupError> {
        let rules = &self.deal.rules;
        rules.validate_schieber_game(SEATS)?;
        for _ in 0..MAX_TRIES {
            let world = self.deal.sample_world(rng)?;
            let setup = SchieberSetup {
                seed: rng.seed(),
                deal_number: self.deal_number,
                scores: self.scores,
                deal: world.setup(),
            };
            if let Ok(game) = Schieber::from_setup(rules, setup)
                && game.view(self.deal.seat) == *self
            {
                return Ok(game);
            }
        }
        Err(SetupError::View(ViewError::NoWorld))
    }
}

impl Game for Schieber {
    type Rules = Rules;
    type Action = Action;
    type View = SchieberView;
    type Setup = SchieberSetup;
    type Outcome = SchieberOutcome;
    type Card = JassCard;
    type Error = RuleError;
    type Event = Event;
    type SetupError = SetupError;

    const NAME: &'static str = "schieber";

    fn player_range(_rules: &Rules) -> RangeInclusive<usize> {
        Rules::SCHIEBER_PLAYERS
    }

    /// Deal 0 of the game: [`SeededDeal::first_schieber`].
    fn new(rules: &Rules, players: usize, seed: Seed) -> Result<Self, SetupError> {
        rules.validate_schieber_game(players)?;
        let seeded = SeededDeal::first_schieber(rules, seed);
        let deal = SchieberDeal::dealt(rules, seeded.dealer, seeded.forehand, seeded.hand_sets());
        Ok(Schieber::at(rules, seed, 0, [0; 2], deal))
    }

    /// Checks the rules and the scores, then replays the current deal through the game.
    fn from_setup(rules: &Rules, raw: SchieberSetup) -> Result<Self, SetupError> {
        rules.validate_schieber_game(SEATS)?;
        if let Some(target) = rules.target {
            for (team, &score) in raw.scores.iter().enumerate() {
                if score >= target {
                    return Err(SetupError::ScoreAtTarget {
                        team,
                        score,
                        target,
                    });
                }
            }
        }
        // The hands and seats, checked by the deal's own validation with nothing played.
        let start = SchieberDealSetup {
            pushed: false,
            contract: None,
            trio: Vec::new(),
            plays: Vec::new(),
            ..raw.deal.clone()
        };
        let deal = SchieberDeal::from_setup(rules, start)?;
        let mut game = Schieber::at(rules, raw.seed, raw.deal_number, raw.scores, deal);
        let choose = |game: &mut Schieber, action: Action| {
            game.play(action)
                .map_err(|error| SetupError::IllegalChoice { action, error })
        };
        if raw.deal.pushed {
            choose(&mut game, Action::Push)?;
        }
        match raw.deal.contract {
            Some(contract) => choose(&mut game, Action::Name(contract))?,
            None => {
                if let Some(&card) = raw.deal.plays.first() {
                    return Err(SetupError::IllegalPlay {
                        play: 1,
                        trick: 1,
                        card,
                        error: RuleError::ContractFirst {
                            action: Action::Play(card),
                        },
                    });
                }
            }
        }
        crate::setup::replay(&raw.deal.trio, &raw.deal.plays, |action| game.play(action))?;
        // A complete deal (36 plays) has rolled on to the next deal's start.
        Ok(game)
    }

    fn setup(&self) -> SchieberSetup {
        SchieberSetup {
            seed: self.seed,
            deal_number: self.deal_number,
            scores: self.before,
            deal: self.deal.setup(),
        }
    }

    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn num_players(&self) -> usize {
        Rules::MAX_PLAYERS
    }

    fn to_act(&self) -> Option<PlayerId> {
        if self.over { None } else { self.deal.to_act() }
    }

    /// The current deal's legal actions, in its order (none once the game is over).
    fn for_each_legal(&self, f: impl FnMut(Action)) {
        if !self.over {
            self.deal.for_each_legal(f);
        }
    }

    /// The deal's events; when the target is reached, [`Event::TargetReached`] after the
    /// card's credits (with the totals that count), the deal's score and the outcome; at the
    /// end of a complete deal its score and the next deal's start.
    fn play_reporting(
        &mut self,
        action: Action,
        events: &mut impl Events<Event>,
    ) -> Result<(), RuleError> {
        if self.over {
            return Err(RuleError::GameOver);
        }
        self.deal
            .play_reporting(action, &mut WithoutDealEnd(&mut *events))?;
        // The card's credits, in their order (Stöck, Weis, trick, Match), one by one.
        let factor = self.deal.multiplier().unwrap_or(1);
        for credit in self.deal.moment.into_iter().flatten() {
            let team = credit.team & 1;
            self.totals[team] =
                self.totals[team].saturating_add(credit.points.saturating_mul(factor));
            if self.reached(team) {
                events.emit(|| Event::TargetReached {
                    team,
                    totals: self.totals,
                });
                self.finish(Some(team), events);
                return Ok(());
            }
        }
        if self.deal.to_act().is_none() {
            self.next_deal(events);
        } else {
            self.stoeck_exception(events);
        }
        Ok(())
    }

    fn start_events(&self, events: &mut impl Events<Event>) {
        self.report_start(events);
    }

    fn redact(rules: &Rules, event: &Event, seat: PlayerId) -> Event {
        event.redacted(rules, seat)
    }

    fn blank_view(rules: &Rules, _players: usize, seat: PlayerId) -> SchieberView {
        SchieberView {
            deal: SchieberDealView::blank(rules, seat),
            deal_number: 0,
            scores: [0; 2],
            totals: [0; 2],
            to_act: None,
            early_stoeck: None,
            outcome: None,
        }
    }

    fn observe(view: &mut SchieberView, event: &Event) -> Result<(), ObserveError> {
        let mut next = view.clone();
        next.follow(event)?;
        *view = next;
        Ok(())
    }

    fn outcome(&self) -> Option<SchieberOutcome> {
        self.over.then_some(SchieberOutcome {
            totals: self.totals,
            winner: self.winner,
            deals: self.deal_number.saturating_add(1),
            early_stoeck: self.early_stoeck,
        })
    }

    /// +1 for each seat of the winning team, −1 for each of the other; 0 for all without a
    /// winner (a tie without a target) or before the end.
    fn settlement(&self) -> PerSeat<i64> {
        let winner = if self.over { self.winner } else { None };
        PerSeat::from_fn(SEATS, |s| match winner {
            Some(team) if team_of(s) == team => 1,
            Some(_) => -1,
            None => 0,
        })
        .unwrap_or_default()
    }

    fn view(&self, player: PlayerId) -> SchieberView {
        SchieberView {
            deal: self.deal.view(player),
            deal_number: self.deal_number,
            scores: self.before,
            totals: self.totals,
            to_act: self.to_act(),
            early_stoeck: self.early_stoeck,
            outcome: self.outcome(),
        }
    }

    fn view_legal_actions(view: &SchieberView, out: &mut Vec<Action>) {
        view.legal_actions(out);
    }

    fn sample_world<R: Rng + ?Sized>(view: &SchieberView, rng: &mut R) -> Result<Self, SetupError> {
        view.sample_world(rng)
    }

    /// Every complete deal credits at least 157 × the smallest factor to the two teams
    /// together, and while the game goes on both are below the target, so at most
    /// `2 × (target − 1) / (157 × smallest factor)` deals complete before the last one; each
    /// deal takes at most 41 actions. Without a target: one deal.
    fn max_actions(rules: &Rules, _players: usize) -> usize {
        let deals = match rules.target {
            None => 1,
            Some(target) => {
                let per_deal = DEAL_POINTS * u64::from(rules.min_factor().max(1));
                2 * u64::from(target.saturating_sub(1)) / per_deal + 1
            }
        };
        usize::try_from(deals)
            .unwrap_or(usize::MAX)
            .saturating_mul(DEAL_ACTIONS)
    }

    fn census(&self) -> Census<JassCard> {
        self.deal.census()
    }
}

crate::action::direct_index!(Schieber);
