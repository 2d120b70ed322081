//! `impl Game for Differenzler`: the generic face, where the game's logic lives.

use super::*;

impl Game for Differenzler {
    type Rules = Rules;
    type Action = Action;
    type View = DifferenzlerView;
    type Setup = DifferenzlerSetup;
    type Outcome = DifferenzlerOutcome;
    type Card = JassCard;
    type Error = RuleError;
    type Event = Event;
    type SetupError = SetupError;

    const NAME: &'static str = "differenzler";

    fn player_range(_rules: &Rules) -> RangeInclusive<usize> {
        Rules::DIFFERENZLER_PLAYERS
    }

    /// Deal 0 of the game: [`SeededDeal::first`].
    fn new(rules: &Rules, players: usize, seed: Seed) -> Result<Self, SetupError> {
        PlayerCountError::check(Self::NAME, players, Rules::DIFFERENZLER_PLAYERS)?;
        rules.validate_differenzler(players)?;
        let deal = SeededDeal::first(seed, players, rules.first_dealer);
        Ok(Differenzler::at(rules, seed, 0, [0; MAX_SEATS], &deal))
    }

    /// Checks the rules, the table, the hands and the shown card, then replays the
    /// predictions and the plays.
    fn from_setup(rules: &Rules, raw: DifferenzlerSetup) -> Result<Self, SetupError> {
        let n = raw.hands.len();
        PlayerCountError::check(<Differenzler as Game>::NAME, n, Rules::DIFFERENZLER_PLAYERS)?;
        rules.validate_differenzler(n)?;
        if raw.penalties.len() != n {
            return Err(SetupError::SeatCount {
                what: "penalties",
                got: raw.penalties.len(),
                seats: n,
            });
        }
        if raw.deal_number >= rules.differenzler.deals {
            return Err(SetupError::BadRule {
                what: "deal_number",
                why: "it is not below the number of deals in the rules",
            });
        }
        if raw.dealer.index() >= n {
            return Err(SetupError::SeatNotAtTable {
                what: "dealer",
                seat: raw.dealer,
                seats: n,
            });
        }
        let mut all = Hand::EMPTY;
        let mut hands = [Hand::EMPTY; MAX_SEATS];
        for (s, &hand) in raw.hands.iter().enumerate() {
            if hand.len() != PLAYS / n {
                return Err(SetupError::HandSize {
                    seat: PlayerId(s as u8),
                    got: hand.len(),
                    expected: PLAYS / n,
                });
            }
            all |= hand;
            hands[s] = hand;
        }
        if all != Hand::full() {
            return Err(SetupError::Cards { missing: !all });
        }
        if !hands[raw.dealer.index()].contains(raw.shown) {
            return Err(SetupError::ShownCard {
                card: raw.shown,
                dealer: raw.dealer,
            });
        }
        let mut before = [0u32; MAX_SEATS];
        before[..n].copy_from_slice(&raw.penalties);
        let mut game = Differenzler {
            rules: *rules,
            seed: raw.seed,
            seats: n as u8,
            deal_number: raw.deal_number,
            dealer: raw.dealer,
            shown: raw.shown,
            dealt: hands,
            predictions: [0; MAX_SEATS],
            predicted: 0,
            tricks: CardPlay::new(n, hands, seat_after_at(raw.dealer, 1, n)),
            before,
            penalties: before,
            over: false,
        };
        if raw.predictions.len() > n {
            return Err(SetupError::SeatCount {
                what: "predictions",
                got: raw.predictions.len(),
                seats: n,
            });
        }
        for &p in &raw.predictions {
            let action = Action::Predict(p);
            game.play(action)
                .map_err(|error| SetupError::IllegalChoice { action, error })?;
        }
        for (i, &card) in raw.plays.iter().enumerate() {
            game.play(Action::Play(card))
                .map_err(|error| SetupError::IllegalPlay {
                    play: i + 1,
                    trick: i / n + 1,
                    card,
                    error,
                })?;
        }
        Ok(game)
    }

    fn setup(&self) -> DifferenzlerSetup {
        let n = self.seat_count();
        let order = (0..usize::from(self.predicted))
            .map(|i| self.predictions[seat_after_at(self.dealer, 1 + i, n).index()])
            .collect();
        DifferenzlerSetup {
            seed: self.seed,
            deal_number: self.deal_number,
            penalties: self.before[..n].to_vec(),
            dealer: self.dealer,
            shown: self.shown,
            hands: self.dealt[..n].to_vec(),
            predictions: order,
            plays: self.tricks.plays().to_vec(),
        }
    }

    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn num_players(&self) -> usize {
        self.seat_count()
    }

    fn to_act(&self) -> Option<PlayerId> {
        if self.over {
            None
        } else if usize::from(self.predicted) < self.seat_count() {
            Some(seat_after_at(
                self.dealer,
                1 + usize::from(self.predicted),
                self.seat_count(),
            ))
        } else {
            self.tricks.seat_to_play()
        }
    }

    /// While predicting: the 158 predictions 0 to 157 in order; then the legal cards in card
    /// index order.
    fn for_each_legal(&self, mut f: impl FnMut(Action)) {
        if self.over {
            return;
        }
        if usize::from(self.predicted) < self.seat_count() {
            (0..=MAX_PREDICTION).map(Action::Predict).for_each(f);
        } else {
            self.tricks
                .legal(self.mode(), &self.rules.play)
                .iter()
                .for_each(|card| f(Action::Play(card)));
        }
    }

    /// A prediction; a card and the trick it completes; at the end of a deal its score (the
    /// card points), the penalties, then the next deal's start, or (predictions shown when
    /// hidden) the outcome.
    fn play_reporting(
        &mut self,
        action: Action,
        events: &mut impl Events<Event>,
    ) -> Result<(), RuleError> {
        // All or nothing: `step` changes the state only once the action is known legal.
        let seat = self.to_act().ok_or(RuleError::GameOver)?;
        let predicting = usize::from(self.predicted) < self.seat_count();
        match action {
            Action::Predict(n) if predicting => {
                if n > MAX_PREDICTION {
                    return Err(RuleError::OutOfTurn {
                        action,
                        why: "a prediction is 0 to 157 card points",
                    });
                }
                self.predictions[seat.index()] = n;
                self.predicted += 1;
                events.emit(|| Event::Predicted {
                    seat,
                    prediction: Some(n),
                });
                Ok(())
            }
            Action::Predict(_) => Err(RuleError::OutOfTurn {
                action,
                why: "every seat has predicted: play a card",
            }),
            Action::Play(_) if predicting => Err(RuleError::OutOfTurn {
                action,
                why: "every seat predicts before the first card",
            }),
            Action::Play(card) => {
                let mode = self.mode();
                let (_, end) = self.tricks.play(card, mode, mode, &self.rules.play)?;
                events.emit(|| Event::Played { seat, card });
                if let Some(end) = end {
                    events.emit(|| Event::TrickTaken {
                        seat: end.winner,
                        points: end.points,
                        last: end.last,
                    });
                    if end.last {
                        self.finish_deal(events);
                    }
                }
                Ok(())
            }
            _ => Err(RuleError::OtherGame {
                action,
                game: "Differenzler",
            }),
        }
    }

    /// The current deal's start ([`Event::DealBegan`] with the penalties before it; the hands
    /// in the order dealt when the seed dealt them, else in card order, the shown card last),
    /// then its predictions and cards, replayed.
    fn start_events(&self, events: &mut impl Events<Event>) {
        let setup = self.setup();
        let mut game = *self;
        game.start_over(&self.dealt);
        game.report_deal(self.seeded_deal().as_ref(), events);
        // The position was reached by these actions: none fails.
        for &p in &setup.predictions {
            let _ = game.play_reporting(Action::Predict(p), events);
        }
        for &card in &setup.plays {
            let _ = game.play_reporting(Action::Play(card), events);
        }
    }

    fn redact(rules: &Rules, event: &Event, seat: PlayerId) -> Event {
        event.redacted(rules, seat)
    }

    fn blank_view(rules: &Rules, players: usize, seat: PlayerId) -> DifferenzlerView {
        // More seats than the game has are its most: a blank view is never refused, and never
        // made of an unbounded list (one of too few seats refuses every event it observes).
        let players = players.min(*Rules::DIFFERENZLER_PLAYERS.end());
        DifferenzlerView {
            seat,
            rules: *rules,
            deal_number: 0,
            dealer: PlayerId(0),
            shown: JassCard::ALL[0],
            hand: Hand::EMPTY,
            hand_sizes: vec![0; players],
            predicted: 0,
            predictions: vec![None; players],
            tricks: Vec::new(),
            trick: Vec::new(),
            leader: PlayerId(0),
            to_act: None,
            points: vec![0; players],
            penalties: vec![0; players],
            outcome: None,
        }
    }

    fn observe(view: &mut DifferenzlerView, event: &Event) -> Result<(), ObserveError> {
        let mut next = view.clone();
        next.follow(event)?;
        *view = next;
        Ok(())
    }

    fn outcome(&self) -> Option<DifferenzlerOutcome> {
        if !self.over {
            return None;
        }
        let penalties = self.penalties[..self.seat_count()].to_vec();
        let best = penalties.iter().copied().min().unwrap_or(0);
        Some(DifferenzlerOutcome {
            winners: PlayerId::all(self.seat_count())
                .filter(|s| penalties[s.index()] == best)
                .collect(),
            penalties,
            deals: self.deal_number.saturating_add(1),
        })
    }

    /// The sum of all penalties minus the number of seats × the seat's own (the returns × the
    /// number of seats, an integer); 0 for all before the end.
    fn settlement(&self) -> PerSeat<i64> {
        let n = self.seat_count();
        let total: i64 = self.penalties[..n].iter().map(|&p| i64::from(p)).sum();
        PerSeat::from_fn(n, |s| {
            if self.over {
                total - n as i64 * i64::from(self.penalties[s.index()])
            } else {
                0
            }
        })
        .unwrap_or_default()
    }

    /// The spec's returns: the mean penalty minus the seat's own.
    fn returns(&self) -> PerSeat<f64> {
        let n = self.seat_count() as f64;
        self.settlement().map(|s| s as f64 / n)
    }

    /// The notation (through [`cards_core::input::notation`]); while the seat to act
    /// predicts, also a bare number or `predict N` (`60`, `predict 60`: a prediction of 60),
    /// as the prediction screen asks. The notation's `predict:60` is unchanged.
    fn read_action(&self, text: &str) -> Option<Action> {
        let typed = cards_core::input::notation(text);
        if !self.over && usize::from(self.predicted) < self.seat_count() {
            let number = typed
                .get(..7)
                .filter(|head| head.eq_ignore_ascii_case("predict"))
                .map_or(typed.as_str(), |_| typed[7..].trim_start());
            // Digits only: `+60` or `060 ` are not what the screen asks for, but harmless.
            if !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()) {
                return number
                    .parse::<u8>()
                    .ok()
                    .filter(|&n| n <= crate::MAX_PREDICTION)
                    .map(Action::Predict);
            }
        }
        typed.parse().ok()
    }

    /// Penalty points: the returns are the table's mean penalty minus the seat's own, so a
    /// positive return is that many penalty points fewer than the mean (lower is better).
    fn returns_unit(&self) -> cards_core::ReturnsUnit {
        cards_core::ReturnsUnit::Points {
            word: "penalty points below the table's mean",
            per_point: 1.0,
        }
    }

    fn view(&self, seat: PlayerId) -> DifferenzlerView {
        let n = self.seat_count();
        let hidden = self.rules.differenzler.hidden_predictions && !self.over;
        let predictions = (0..n)
            .map(|s| {
                let made = (0..usize::from(self.predicted))
                    .any(|i| seat_after_at(self.dealer, 1 + i, n).index() == s);
                (made && (!hidden || s == seat.index())).then_some(self.predictions[s])
            })
            .collect();
        let (tricks, leader) = crate::schieber_deal::view::completed_tricks(
            n,
            self.tricks.first(),
            self.tricks.plays(),
            |_| Some(self.mode()),
            self.tricks.count(),
        )
        .unwrap_or((Vec::new(), self.tricks.first()));
        DifferenzlerView {
            seat,
            rules: self.rules,
            deal_number: self.deal_number,
            dealer: self.dealer,
            shown: self.shown,
            hand: self.tricks.hand(seat),
            hand_sizes: (0..n)
                .map(|s| self.tricks.hand(PlayerId(s as u8)).len())
                .collect(),
            predicted: self.predicted,
            predictions,
            tricks,
            trick: self.tricks.trick().to_vec(),
            leader,
            to_act: self.to_act(),
            points: self.tricks.points()[..n].to_vec(),
            penalties: self.before[..n].to_vec(),
            outcome: self.outcome(),
        }
    }

    fn view_legal_actions(view: &DifferenzlerView, out: &mut Vec<Action>) {
        view.legal_actions(out);
    }

    fn sample_world<R: Rng + ?Sized>(
        view: &DifferenzlerView,
        rng: &mut R,
    ) -> Result<Self, SetupError> {
        view.sample_world(rng)
    }

    /// Each deal: one prediction per seat and 36 cards.
    fn max_actions(rules: &Rules, players: usize) -> usize {
        usize::try_from(rules.differenzler.deals)
            .unwrap_or(usize::MAX)
            .saturating_mul(PLAYS.saturating_add(players))
    }

    fn census(&self) -> Census<JassCard> {
        let mut census = Census::default();
        self.tricks.hands()[..self.seat_count()]
            .iter()
            .for_each(|&h| census.add(h));
        census.add_all(self.tricks.plays().iter().copied());
        census
    }
}

crate::action::direct_index!(Differenzler);
