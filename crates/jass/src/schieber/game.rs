//! `impl Game for Schieber`: the generic face, where the game's logic lives.

use super::*;

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
        crate::schieber_deal::setup::replay(&raw.deal.trio, &raw.deal.plays, |action| {
            game.play(action)
        })?;
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
        // The card's credits one by one, in the rules' order (the deal credits them in the
        // default one: Stöck, Weis, trick, Match); most cards credit one at most.
        let factor = self.deal.multiplier().unwrap_or(1);
        let mut moment = self.deal.moment;
        if moment[1].is_some() {
            let order = self.rules.credit_order;
            moment.sort_by_key(|credit| credit.map_or(u8::MAX, |c| order.place(c.kind)));
        }
        for (i, credit) in moment.into_iter().flatten().enumerate() {
            let team = credit.team & 1;
            self.totals[team] =
                self.totals[team].saturating_add(credit.points.saturating_mul(factor));
            if self.reached(team) {
                events.emit(|| Event::TargetReached {
                    team,
                    totals: self.totals,
                    target: self.rules.target,
                });
                // The card's credits after this one count for the deal, not for the game.
                let counted = moment
                    .into_iter()
                    .flatten()
                    .skip(i + 1)
                    .fold(self.deal.credits(), Credits::without);
                self.finish(Some(team), counted, events);
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

    /// The current deal begins ([`Event::DealBegan`] with the totals before it) and is dealt
    /// (in the order dealt when the seed dealt these hands, else in card order), then its
    /// decisions and cards so far, replayed.
    fn start_events(&self, events: &mut impl Events<Event>) {
        let deal = &self.deal;
        let dealt = SchieberDeal::dealt(&self.rules, deal.dealer, deal.forehand, deal.dealt);
        let mut game = Schieber::at(&self.rules, self.seed, self.deal_number, self.before, dealt);
        game.report_deal(self.seeded_deal().as_ref(), events);
        crate::schieber_deal::setup::replay_decisions(deal, |action| {
            game.play_reporting(action, &mut *events)
        });
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

    /// A share of wins between the two teams: the returns are ±1 (0 for all without a winner).
    fn returns_unit(&self) -> cards_core::ReturnsUnit {
        cards_core::ReturnsUnit::Wins { sides: 2 }
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

crate::action::direct_index!(Schieber);
