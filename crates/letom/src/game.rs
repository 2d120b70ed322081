//! `impl Game for Letom` and its action index: the generic face used by the random player,
//! records, the test kit and the CLI. The trait's methods hold the logic; the transitions'
//! steps are in `play.rs`, the checks of a setup in `setup.rs`, the events' reader in
//! `observe.rs`.

use core::ops::RangeInclusive;

use cards_core::{
    Card, Cards, Census, DidoCard, DirectIndex, Draw, Events, Game, NoEvents, ObserveError,
    PerSeat, PlayerId, Rng, Seed,
};

use crate::event::{Event, Position};
use crate::play::Rewards;
use crate::state::{CarryIn, MAX_HAND, SEATS, of_number, table};
use crate::{Action, Deal, Hand, Letom, Outcome, Phase, RuleError, Rules, Setup, SetupError, View};

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
        crate::setup::check(rules, &setup)?;
        // Every card once: the lists fit the state's arrays.
        let setup = &setup;
        let n = setup.hands.len();
        let get = |v: &[u8], s: usize| v.get(s).copied().unwrap_or(0);
        let mut carry_in = CarryIn::NONE;
        carry_in.carry = setup.carry;
        let mut game = Letom::empty(rules, n, setup.dealer, carry_in);
        game.seller = setup.seller;
        game.phase = setup.phase;
        game.outcome = setup.outcome;
        game.floor = setup.floor;
        game.stake_taker = setup.stake_taker;
        game.events = setup.events;
        for s in 0..n.min(SEATS) {
            game.hands[s] = setup.hands[s].iter().copied().collect();
            if matches!(setup.phase, Phase::Sale { .. }) {
                for (i, c) in setup.hands[s].iter().take(MAX_HAND).enumerate() {
                    game.dealt[s][i] = c.index();
                }
            }
            game.captured[s] = setup.captured.get(s).copied().unwrap_or_default();
            game.owed[s] = get(&setup.owed, s);
            game.shaken[s] = setup.shaken.get(s).copied().unwrap_or_default();
            game.bombs[s] = get(&setup.bombs, s);
            game.ren[s] = get(&setup.ren, s);
            game.ren_base[s] = get(&setup.ren_base, s);
            game.ren_order[s] = get(&setup.ren_order, s);
            game.carry_in.shakes[s] = get(&setup.carried_shakes, s);
            game.carry_in.bombs[s] = get(&setup.carried_bombs, s);
            game.carry_in.pot[s] = setup.pot.get(s).copied().unwrap_or(0);
        }
        for &p in &setup.first_done {
            game.first_done |= 1 << (p.index() % SEATS);
        }
        game.shown = setup.shown;
        game.set_stock(&setup.stock);
        game.reshuffle = setup.reshuffle;
        Ok(game)
    }

    fn setup(&self) -> Setup {
        self.setup_of(true)
    }

    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn num_players(&self) -> usize {
        usize::from(self.players)
    }

    fn to_act(&self) -> Option<PlayerId> {
        self.phase.seat()
    }

    /// Shakes (by number), bombs (by number), plays (by hand card; onto each matching floor
    /// card when two match), `flip`; `take` by floor card; `ren`, `tom`; `sell`, `keep`.
    #[inline]
    fn for_each_legal(&self, f: impl FnMut(Action)) {
        let Some(seat) = self.phase.seat() else {
            return;
        };
        let s = seat.index();
        crate::state::each_legal(
            self.phase,
            self.hands[s],
            self.floor,
            self.owed[s],
            self.shaken[s],
            self.must_sell(seat),
            f,
        );
    }

    fn play_reporting(
        &mut self,
        action: Action,
        events: &mut impl Events<Event>,
    ) -> Result<(), RuleError> {
        let wrong = |expected| Err(RuleError::WrongMoment { action, expected });
        match (self.phase, action) {
            (Phase::Over, _) => Err(RuleError::GameOver),
            (Phase::Sale { seat }, Action::Sell) => {
                self.sell(seat, events);
                Ok(())
            }
            (Phase::Sale { seat }, Action::Keep) => {
                if self.must_sell(seat) {
                    return Err(RuleError::MustSell { seat });
                }
                let next = seat.next(self.num_players());
                self.phase = Phase::Sale { seat: next };
                events.emit(|| Event::Kept { seat });
                events.emit(|| Event::Asked { seat: next });
                Ok(())
            }
            (Phase::Sale { .. }, _) => wrong("sell or keep"),
            (Phase::Decide { seat }, Action::Ren) => {
                self.call_ren(seat, events);
                Ok(())
            }
            (Phase::Decide { seat }, Action::Tom) => {
                events.emit(|| Event::TomCalled {
                    seat,
                    points: self.base_points(seat),
                });
                self.end(Outcome::Tom { winner: seat }, events);
                Ok(())
            }
            (Phase::Decide { .. }, _) => wrong("call Ren (ren) or Tom (tom)"),
            (
                Phase::Take {
                    seat,
                    flipped,
                    rewards,
                    last,
                    bombed,
                },
                Action::Take(d),
            ) => {
                let matching = of_number(self.floor, flipped.number());
                if !matching.contains(d) {
                    return Err(RuleError::BadPairing {
                        card: flipped,
                        onto: d,
                        why: "it is not a floor card of the flipped card's number",
                    });
                }
                self.floor.remove(d);
                self.capture(seat, Hand::single(flipped).with(d), events);
                self.finish_turn(seat, Rewards::pending(rewards, bombed), last, events);
                Ok(())
            }
            (Phase::Take { .. }, _) => wrong("take one of the two floor cards that match the flip"),
            (Phase::Turn { seat }, action) => self.turn_action(seat, action, events),
        }
    }

    /// A deal fresh from its start (a seeded deal, [`Letom::from_deal`]) tells how it was
    /// dealt and what happened at the deal; any other position is told at once
    /// ([`Event::Position`]).
    fn start_events(&self, events: &mut impl Events<Event>) {
        let n = self.num_players();
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
        let n = self.num_players();
        let mut out = PerSeat::<i64>::new(n).unwrap_or_default();
        if self.outcome.is_none() {
            return out;
        }
        match self.outcome {
            Some(Outcome::Tom { winner } | Outcome::HighestScore { winner }) => {
                if let Some(details) = self.settlement_details() {
                    for (s, r) in details.returns.iter().enumerate() {
                        out[s] = *r;
                    }
                }
                let _ = winner;
            }
            Some(Outcome::Chongtong { winner, .. }) => {
                let amount = self.chongtong_pay().map_or(0, |pay| pay.each);
                for p in PlayerId::all(n) {
                    if p != winner {
                        out[p.index()] -= amount;
                        out[winner.index()] += amount;
                    }
                }
            }
            Some(Outcome::Nagari { .. }) | None => {}
        }
        if let Some(seller) = self.seller {
            let price = i64::from(self.rules.gwang_price) * self.shown.len() as i64;
            for s in self.playing() {
                out[s] -= price;
                out[seller.index()] += price;
            }
        }
        out
    }

    /// The returns are the settlement: points paid and won in the deal, one return per
    /// point.
    fn returns_unit(&self) -> cards_core::ReturnsUnit {
        cards_core::ReturnsUnit::Points {
            word: "points",
            per_point: 1.0,
        }
    }

    /// A seat not at the table is an onlooker and sees no hand.
    fn view(&self, player: PlayerId) -> View {
        let seat = player;
        let public = self.setup_of(false);
        let n = self.num_players();
        let hand = if seat.index() < n {
            self.hand_cards(seat.index())
        } else {
            Vec::new()
        };
        let hand_sizes = (0..n).map(|s| self.hands[s].len()).collect();
        let stock_len = self.stock_len();
        View {
            seat,
            rules: self.rules,
            hand,
            hand_sizes,
            stock_len,
            public,
        }
    }

    fn view_legal_actions(view: &View, out: &mut Vec<Action>) {
        out.clear();
        let p = &view.public;
        if p.phase.seat() != Some(view.seat) {
            return;
        }
        let s = view.seat.index();
        let n = p.hands.len();
        crate::state::each_legal(
            p.phase,
            view.hand.iter().copied().collect(),
            p.floor,
            p.owed.get(s).copied().unwrap_or(0),
            p.shaken.get(s).copied().unwrap_or_default(),
            view.seat.next(n) == p.dealer,
            |a| out.push(a),
        );
    }

    /// A whole deal consistent with this view: the hidden cards dealt at random to the other
    /// hands and the stock, except what the view pins down — cards a seat revealed by shaking
    /// and has not played are in its hand, and a seller's shown Guã not yet flipped lie in the
    /// part of the stock its hand went to (the bottom, unless the stock was reshuffled).
    ///
    /// # Errors
    /// [`SetupError`] when the view is not one a deal shows (sizes that do not add up, a card
    /// twice, a list not in the form a view writes), as
    /// [`Game::from_setup`] would refuse it.
    fn sample_world<R: Rng + ?Sized>(view: &View, rng: &mut R) -> Result<Self, SetupError> {
        let p = &view.public;
        let n = view.hand_sizes.len();
        if p.hands.len() != n {
            return Err(SetupError::SeatCount {
                what: "hand_sizes",
                got: n,
                seats: p.hands.len(),
            });
        }
        let me = view.seat.index();
        if me >= n {
            return Err(SetupError::BadSeat {
                what: "seat",
                seat: view.seat,
                why: "is not at the table",
            });
        }
        if view.stock_len > DidoCard::COUNT {
            // Refused before the stock's slots are allocated.
            return Err(SetupError::Inconsistent {
                what: "stock_len",
                why: format!("{} cards, the deck has {}", view.stock_len, DidoCard::COUNT),
            });
        }
        if view.hand_sizes[me] != view.hand.len() {
            return Err(SetupError::Inconsistent {
                what: "hand_sizes",
                why: format!(
                    "the seat's own hand holds {} cards, its size says {}",
                    view.hand.len(),
                    view.hand_sizes[me]
                ),
            });
        }
        let mut seen: Hand = view.hand.iter().copied().collect();
        seen |= p.floor;
        for &c in &p.captured {
            seen |= c;
        }
        if let Phase::Take { flipped, .. } = p.phase {
            seen.insert(flipped);
        }
        let unseen = Hand::full() - seen;
        let mut forced = vec![Hand::EMPTY; n];
        let mut free = unseen;
        for s in (0..n).filter(|&s| s != me) {
            forced[s] = p.shaken.get(s).copied().unwrap_or_default() & unseen;
            free -= forced[s];
        }
        let stock_forced = p.shown & unseen;
        free -= stock_forced;
        let mut pool: Vec<DidoCard> = free.iter().collect();
        rng.shuffle(&mut pool);
        let mut pool = pool.into_iter();
        let in_sale = matches!(p.phase, Phase::Sale { .. });
        let mut setup = p.clone();
        for (s, forced) in forced.iter().enumerate() {
            if s == me {
                setup.hands[s] = view.hand.clone();
                continue;
            }
            let size = view.hand_sizes[s];
            let mut hand: Vec<DidoCard> = forced.iter().collect();
            if hand.len() > size {
                return Err(SetupError::Inconsistent {
                    what: "hand_sizes",
                    why: format!(
                        "seat {s} holds {size} cards but has {} shaken cards unplayed",
                        hand.len()
                    ),
                });
            }
            while hand.len() < size {
                // Too few hidden cards for the sizes shown: refuse the view rather than deal
                // a short hand (whose world would show another view).
                let card = pool.next().ok_or_else(|| SetupError::Inconsistent {
                    what: "hand_sizes",
                    why: "the hidden cards do not fill the hands and the stock".into(),
                })?;
                hand.push(card);
            }
            if in_sale {
                rng.shuffle(&mut hand);
            }
            setup.hands[s] = hand;
        }
        // The stock: the shown Guã within the seller's part (the bottom), the rest at random.
        let len = view.stock_len;
        let region = if view.rules.reshuffle_sold {
            len
        } else {
            len.min(table(n.saturating_sub(1)).1)
        };
        let mut slots: Vec<Option<DidoCard>> = vec![None; len];
        let mut bottom: Vec<usize> = (len - region..len).collect();
        rng.shuffle(&mut bottom);
        let mut forced_stock = stock_forced.iter();
        for &i in &bottom {
            match forced_stock.next() {
                Some(c) => slots[i] = Some(c),
                None => break,
            }
        }
        if forced_stock.next().is_some() {
            return Err(SetupError::Inconsistent {
                what: "shown",
                why: "more shown Guã in the stock than the seller's part of it holds".into(),
            });
        }
        setup.stock = slots
            .into_iter()
            .map(|slot| slot.or_else(|| pool.next()))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| SetupError::Inconsistent {
                what: "stock_len",
                why: "the hidden cards do not fill the hands and the stock".into(),
            })?;
        if in_sale && view.rules.reshuffle_sold {
            setup.reshuffle = Some(rng.seed());
        }
        let world = Letom::from_setup(&view.rules, setup)?;
        // A view a deal shows is written in one form (every per-seat list in full, seats in
        // order); one in another form (say, a list left out) is refused, since no world shows
        // it.
        if world.view(view.seat) != *view {
            return Err(SetupError::Inconsistent {
                what: "view",
                why: "no deal shows this view: its public part is not in the form a deal's view \
                      takes (every per-seat list in full, first turns once each in seat order)"
                    .into(),
            });
        }
        Ok(world)
    }

    /// Per turn at most two shakes, a play, a choice for the flip and Ren/Tom; a turn per
    /// card of the deck at most, and the sale.
    fn max_actions(_rules: &Rules, _players: usize) -> usize {
        DidoCard::COUNT * 5 + Rules::MAX_PLAYERS
    }

    fn census(&self) -> Census<DidoCard> {
        let mut census = Census::default();
        for s in 0..SEATS {
            census.add(self.hands[s]);
            census.add(self.captured[s]);
        }
        census.add(self.floor);
        census.add_all(
            self.stock[..usize::from(self.stock_len)]
                .iter()
                .filter_map(|&i| DidoCard::from_index(i)),
        );
        if let Phase::Take { flipped, .. } = self.phase {
            census.add_card(flipped);
        }
        census
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

impl Letom {
    /// Seat `s`'s hand as a setup writes it (in the sale, in the order it was dealt).
    fn hand_cards(&self, s: usize) -> Vec<DidoCard> {
        if matches!(self.phase, Phase::Sale { .. }) {
            self.dealt[s][..self.hands[s].len()]
                .iter()
                .filter_map(|&i| DidoCard::from_index(i))
                .collect()
        } else {
            self.hands[s].iter().collect()
        }
    }

    /// The setup ([`Game::setup`]); with `whole` false, its hands (left empty, one per seat)
    /// and its stock (empty, no reshuffle) are left out: what a view shows of it, without
    /// building and dropping what it hides.
    fn setup_of(&self, whole: bool) -> Setup {
        let n = self.num_players();
        let hands = (0..n)
            .map(|s| {
                if whole {
                    self.hand_cards(s)
                } else {
                    Vec::new()
                }
            })
            .collect();
        Setup {
            dealer: self.dealer,
            phase: self.phase,
            hands,
            floor: self.floor,
            stock: if whole { self.stock() } else { Vec::new() },
            captured: self.captured[..n].to_vec(),
            owed: self.owed[..n].to_vec(),
            shaken: self.shaken[..n].to_vec(),
            bombs: self.bombs[..n].to_vec(),
            ren: self.ren[..n].to_vec(),
            ren_base: self.ren_base[..n].to_vec(),
            ren_order: self.ren_order[..n].to_vec(),
            seller: self.seller,
            shown: self.shown,
            carry: self.carry_in.carry,
            carried_shakes: self.carry_in.shakes[..n].to_vec(),
            carried_bombs: self.carry_in.bombs[..n].to_vec(),
            pot: self.carry_in.pot[..n].to_vec(),
            stake_taker: self.stake_taker,
            first_done: (0..n)
                .filter(|&s| self.first_done & (1 << s) != 0)
                .map(|s| PlayerId(s as u8))
                .collect(),
            events: self.events,
            reshuffle: if whole { self.reshuffle } else { None },
            outcome: self.outcome,
        }
    }
}
