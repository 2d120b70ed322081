//! `impl Game for Coiffeur`: the generic face, where the game's logic lives.

use super::setup::bad_cell;
use super::*;

impl Game for Coiffeur {
    type Rules = Rules;
    type Action = Action;
    type View = CoiffeurView;
    type Setup = CoiffeurSetup;
    type Outcome = CoiffeurOutcome;
    type Card = JassCard;
    type Error = RuleError;
    type Event = Event;
    type SetupError = SetupError;

    const NAME: &'static str = "coiffeur";

    fn player_range(_rules: &Rules) -> RangeInclusive<usize> {
        Coiffeur::PLAYERS
    }

    /// Deal 0: [`SeededDeal::first`] (the dealer from the seed unless
    /// [`Rules::first_dealer`] fixes it).
    fn new(rules: &Rules, players: usize, seed: Seed) -> Result<Self, SetupError> {
        validate_rules(rules, players)?;
        let deal = SeededDeal::first(seed, SEATS, rules.first_dealer);
        Ok(Coiffeur::at(
            rules,
            seed,
            0,
            deal.dealer,
            deal.hand_sets(),
            [[None; MAX_SLOTS]; SEATS],
        ))
    }

    /// Checks the sheet and the hands, then replays the current deal through the game.
    fn from_setup(rules: &Rules, raw: CoiffeurSetup) -> Result<Self, SetupError> {
        validate_rules(rules, SEATS)?;
        let c = &rules.coiffeur;
        if raw.dealer.index() >= SEATS {
            return Err(SetupError::SeatNotAtTable {
                what: "dealer",
                seat: raw.dealer,
                seats: SEATS,
            });
        }
        let mut all = Hand::EMPTY;
        for (seat, &hand) in PlayerId::all(SEATS).zip(&raw.hands) {
            if hand.len() != TRICKS {
                return Err(SetupError::HandSize {
                    seat,
                    got: hand.len(),
                    expected: TRICKS,
                });
            }
            all |= hand;
        }
        if all != Hand::full() {
            return Err(SetupError::Cards { missing: !all });
        }
        let deals = c.deals();
        if raw.deal_number >= deals {
            return Err(bad_cell(
                raw.choices.first().copied().unwrap_or(Action::Pass),
                "the deal number is past the game's last deal (slots × sides)",
            ));
        }
        let mut cells = [[None; MAX_SLOTS]; SEATS];
        let mut seen = vec![false; raw.deal_number as usize];
        let table = c.table_mask();
        for cell in &raw.sheet {
            let e = cell.entry;
            let action = cell
                .slot
                .action(e.contract)
                .unwrap_or(Action::Name(e.contract));
            if cell.side >= c.sides() {
                return Err(bad_cell(
                    action,
                    "a score-sheet cell's side is not at the table",
                ));
            }
            if table & cell.slot.bit() == 0
                || Slot::of_action(action) != Some((cell.slot, e.contract))
                || cells[cell.side][cell.slot.index()].is_some()
            {
                return Err(SetupError::IllegalChoice {
                    action,
                    error: RuleError::NotOpen { action },
                });
            }
            if e.declarer.index() >= SEATS {
                return Err(SetupError::SeatNotAtTable {
                    what: "a score-sheet declarer",
                    seat: e.declarer,
                    seats: SEATS,
                });
            }
            if c.side_of(e.declarer) != cell.side {
                return Err(bad_cell(
                    action,
                    "a score-sheet cell's declarer is of another side",
                ));
            }
            if e.card_points > DEAL_POINTS || (e.matched && e.card_points != DEAL_POINTS) {
                return Err(bad_cell(
                    action,
                    "a score-sheet cell's card points must be 0 to 157 (157 with a Match)",
                ));
            }
            if e.points != coiffeur_points(e.card_points, e.matched, cell.slot.factor(&c.factors)) {
                return Err(bad_cell(
                    action,
                    "a score-sheet cell's points must be floor(card points / 10) × factor",
                ));
            }
            match seen.get_mut(e.deal as usize) {
                Some(s) if !*s => *s = true,
                _ => {
                    return Err(bad_cell(
                        action,
                        "a score-sheet cell's deal must be an earlier deal, and no other cell's",
                    ));
                }
            }
            cells[cell.side][cell.slot.index()] = Some(e);
        }
        if raw.sheet.len() != seen.len() {
            return Err(bad_cell(
                raw.choices.first().copied().unwrap_or(Action::Pass),
                "the score sheet must hold one cell for each deal before the current one",
            ));
        }
        let mut game = Coiffeur::at(
            rules,
            raw.seed,
            raw.deal_number,
            raw.dealer,
            raw.hands,
            cells,
        );
        for &action in &raw.choices {
            game.play(action)
                .map_err(|error| SetupError::IllegalChoice { action, error })?;
        }
        crate::schieber_deal::setup::replay(&raw.trio, &raw.plays, |action| game.play(action))?;
        Ok(game)
    }

    fn setup(&self) -> CoiffeurSetup {
        let mut sheet: Vec<SheetCell> = Vec::new();
        for side in 0..self.coiffeur().sides() {
            for slot in Slot::ALL {
                if let Some(entry) = self.cells[side][slot.index()]
                    && entry.deal < self.deal_number
                {
                    sheet.push(SheetCell { side, slot, entry });
                }
            }
        }
        sheet.sort_by_key(|c| c.entry.deal);
        CoiffeurSetup {
            seed: self.seed,
            deal_number: self.deal_number,
            sheet,
            dealer: self.dealer,
            hands: self.dealt,
            choices: self.choices(),
            trio: self.trio().to_vec(),
            plays: self.tricks.plays().to_vec(),
        }
    }

    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn num_players(&self) -> usize {
        SEATS
    }

    fn to_act(&self) -> Option<PlayerId> {
        if self.over {
            return None;
        }
        match self.choice {
            None => self.chooser().map(|c| c.0),
            Some(_) => self.tricks.seat_to_play(),
        }
    }

    /// Choosing: the chooser side's open mode slots in [`Mode::ALL`] order, each open Joker
    /// with the six modes in `Mode::ALL` order, the open extras in
    /// [`Contract::VARIANTS`] order, then `pass` when the seat may pass. Playing: a due Trio
    /// segment's modes in `Mode::ALL` order, else the legal cards in card index order.
    fn for_each_legal(&self, f: impl FnMut(Action)) {
        if self.over {
            return;
        }
        match self.choice {
            None => {
                if let Some((seat, may_pass, ..)) = self.chooser() {
                    each_choice(self.open()[self.coiffeur().side_of(seat)], may_pass, f);
                }
            }
            Some(choice) => {
                if let Some(seat) = self.tricks.seat_to_play() {
                    each_legal(
                        Some(choice.contract),
                        true,
                        self.tricks.hand(seat),
                        self.tricks.trick(),
                        self.tricks.trick_no(),
                        self.trio(),
                        &self.rules,
                        f,
                    );
                }
            }
        }
    }

    /// A pass or the chosen slot; a Trio mode; a card and the trick it completes; at the
    /// end of a deal a Match, the sheet's cell, the deal's score, then the next deal's start
    /// or the outcome.
    fn play_reporting(
        &mut self,
        action: Action,
        events: &mut impl Events<Event>,
    ) -> Result<(), RuleError> {
        if self.over {
            return Err(RuleError::GameOver);
        }
        match self.choice {
            None => self.choose(action, events),
            Some(choice) => self.play_step(choice.contract, action, events),
        }
    }

    /// The score sheet's cells so far ([`Event::CellFilled`], in deal order), the current
    /// deal's start (its hands in the order dealt when the seed dealt them, else in card
    /// order), then its choices, Trio modes and cards, replayed.
    fn start_events(&self, events: &mut impl Events<Event>) {
        let setup = self.setup();
        let mut cells = [[None; MAX_SLOTS]; SEATS];
        for cell in &setup.sheet {
            cells[cell.side][cell.slot.index()] = Some(cell.entry);
            events.emit(|| Event::CellFilled {
                side: cell.side,
                slot: cell.slot,
                entry: cell.entry,
                seats: self.coiffeur().seats_of(cell.side),
            });
        }
        let mut game = Coiffeur::at(
            &self.rules,
            self.seed,
            self.deal_number,
            self.dealer,
            self.dealt,
            cells,
        );
        game.report_deal(self.seeded_deal().as_ref(), events);
        // The position was reached by these actions: none fails.
        for &action in &setup.choices {
            let _ = game.play_reporting(action, events);
        }
        let _ = crate::schieber_deal::setup::replay(&setup.trio, &setup.plays, |action| {
            game.play_reporting(action, &mut *events)
        });
    }

    fn redact(rules: &Rules, event: &Event, seat: PlayerId) -> Event {
        event.redacted(rules, seat)
    }

    fn blank_view(rules: &Rules, _players: usize, seat: PlayerId) -> CoiffeurView {
        let c = &rules.coiffeur;
        CoiffeurView {
            seat,
            rules: *rules,
            deal_number: 0,
            dealer: PlayerId(0),
            hand: Hand::EMPTY,
            hand_sizes: [0; SEATS],
            passed: Vec::new(),
            slot: None,
            contract: None,
            declarer: None,
            trio: Vec::new(),
            tricks: Vec::new(),
            trick: Vec::new(),
            leader: PlayerId(0),
            to_act: None,
            card_points: vec![0; c.sides()],
            sheet: sheet_of(c, &[[None; MAX_SLOTS]; SEATS]),
            outcome: None,
        }
    }

    fn observe(view: &mut CoiffeurView, event: &Event) -> Result<(), ObserveError> {
        let mut next = view.clone();
        next.follow(event)?;
        *view = next;
        Ok(())
    }

    fn outcome(&self) -> Option<CoiffeurOutcome> {
        self.over.then(|| {
            CoiffeurOutcome::from_totals(self.totals(), self.deal_number.saturating_add(1))
        })
    }

    /// Team play: the returns (±1, 0 on a tie). Individual play: 3 × the returns (a sole
    /// winner +9, the others −3; see [`CoiffeurOutcome::settlement`]). All 0 before the end.
    fn settlement(&self) -> PerSeat<i64> {
        let s = self.outcome().map_or([0; SEATS], |o| o.settlement());
        PerSeat::from_fn(SEATS, |p| s[p.index()]).unwrap_or_default()
    }

    /// The spec's returns ([`CoiffeurOutcome::returns`]); all 0 before the end.
    fn returns(&self) -> PerSeat<f64> {
        let r = self.outcome().map_or([0.0; SEATS], |o| o.returns());
        PerSeat::from_fn(SEATS, |p| r[p.index()]).unwrap_or_default()
    }

    /// A share of wins: between the two teams (±1), or individually among the four seats (a
    /// sole winner +3, the others −1, k tied winners (4 − k)/k each: a share of 1/k).
    fn returns_unit(&self) -> cards_core::ReturnsUnit {
        let sides = if self.rules.coiffeur.individual { 4 } else { 2 };
        cards_core::ReturnsUnit::Wins { sides }
    }

    fn view(&self, seat: PlayerId) -> CoiffeurView {
        let completed = (0..self.tricks.trick_no())
            .filter_map(|t| self.tricks.completed(t))
            .map(|(leader, cards, winner)| (leader, cards.to_vec(), winner))
            .collect();
        let hands = self.tricks.hands();
        CoiffeurView {
            seat,
            rules: self.rules,
            deal_number: self.deal_number,
            dealer: self.dealer,
            hand: self.tricks.hand(seat),
            hand_sizes: hands.map(|h| h.len()),
            passed: self.passed(),
            slot: self.choice.map(|c| c.slot),
            contract: self.choice.map(|c| c.contract),
            declarer: self.choice.map(|c| c.declarer),
            trio: self.trio().to_vec(),
            tricks: trick_views(completed),
            trick: self.tricks.trick().to_vec(),
            leader: self.tricks.leader(),
            to_act: self.to_act(),
            card_points: self.card_points_by_side(),
            sheet: self.score_sheet(),
            outcome: self.outcome(),
        }
    }

    fn view_legal_actions(view: &CoiffeurView, out: &mut Vec<Action>) {
        view.legal_actions(out);
    }

    fn sample_world<R: Rng + ?Sized>(view: &CoiffeurView, rng: &mut R) -> Result<Self, SetupError> {
        view.sample_world(rng)
    }

    /// Slots × sides deals, each at most four passes, the choice, three Trio modes and 36
    /// cards.
    fn max_actions(rules: &Rules, _players: usize) -> usize {
        (rules.coiffeur.deals() as usize).saturating_mul(DEAL_ACTIONS)
    }

    fn census(&self) -> Census<JassCard> {
        let mut census = Census::default();
        self.tricks.hands().iter().for_each(|&h| census.add(h));
        census.add_all(self.tricks.plays().iter().copied());
        census
    }
}

crate::action::direct_index!(Coiffeur);
