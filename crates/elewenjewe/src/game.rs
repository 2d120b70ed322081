//! `impl Game for Elewenjewe`: where the game's logic lives (the transition and its events,
//! setups and their checks, views, sampled worlds, the end). Its parts live beside it: the
//! rule checks in `state.rs`, the deals and the round's end in `deal.rs`, a view following
//! events in `observe.rs`.

use core::ops::RangeInclusive;

use cards_core::{
    CardSet, Census, Draw as _, Events, Game, NoEvents, ObserveError, PerSeat, PlayerId, Rng, Seed,
    StdCard,
};

use crate::action::Action;
use crate::capture::splits_by_counts;
use crate::cards::card_value;
use crate::error::{RuleError, SetupError};
use crate::event::{Deal, Event, Position};
use crate::outcome::{Outcome, SETTLEMENT_SCALE};
use crate::rules::{Leftovers, Rules};
use crate::score::{LAYOUT, ScoringPolicy as _, winners};
use crate::setup::{Setup, per_seat, seat_ok};
use crate::state::{
    BATCH, Cards, Elewenjewe, JOKERS, MAX, Pile, each_legal, first_to_act, pack, seat_after,
    yoruba_distinct,
};
use crate::view::View;

impl Game for Elewenjewe {
    type Rules = Rules;
    type Action = Action;
    type View = View;
    type Setup = Setup;
    type Outcome = Outcome;
    type Card = StdCard;
    type Error = RuleError;
    type Event = Event;
    type SetupError = SetupError;

    const NAME: &'static str = "elewenjewe";

    fn player_range(_rules: &Rules) -> RangeInclusive<usize> {
        Rules::PLAYERS
    }

    /// Round 0: the layout diamonds on the table, the rest shuffled by
    /// `GameRng::for_deal(seed, 0)`, the dealer drawn after the shuffle (unless
    /// [`Rules::first_dealer`] fixes it), the first batch dealt.
    fn new(rules: &Rules, players: usize, seed: Seed) -> Result<Self, SetupError> {
        rules.validate(players)?;
        Ok(Elewenjewe::start(rules, players, seed, &mut NoEvents))
    }

    /// Checks the setup structurally (decision S1 in `docs/elewenjewe.md`), not by replay:
    /// see [`Setup`].
    fn from_setup(rules: &Rules, setup: Setup) -> Result<Self, SetupError> {
        let n = setup.hands.len();
        rules.validate(n)?;
        let hands = per_seat("hands", &setup.hands, n)?;
        let captured = per_seat("captured", &setup.captured, n)?;
        let joker_plays = per_seat("joker_plays", &setup.joker_plays, n)?;
        let penalties = per_seat("penalties", &setup.penalties, n)?;
        seat_ok("dealer", setup.dealer, n)?;
        if let Some(last) = setup.last {
            seat_ok("last", last, n)?;
        }
        // Every card once.
        let deck = pack(rules);
        let mut seen = Cards::EMPTY;
        let mut place = |zone: Cards| -> Result<(), SetupError> {
            if let Some(card) = (zone - deck).first() {
                return Err(SetupError::NotInPlay { card });
            }
            if let Some(card) = (zone & seen).first() {
                return Err(SetupError::CardTwice { card });
            }
            seen |= zone;
            Ok(())
        };
        for &zone in hands[..n].iter().chain(&captured[..n]) {
            place(zone)?;
        }
        place(setup.table)?;
        place(setup.set_aside)?;
        for pile in &setup.piles {
            place(pile.cards)?;
        }
        for &card in &setup.stock {
            place(CardSet::single(card))?;
        }
        if let Some(card) = (deck - seen).first() {
            return Err(SetupError::CardMissing { card });
        }
        // Hands: from the seat after the dealer, some seats with h − 1 cards, then the rest with h.
        let sizes: Vec<usize> = hands[..n].iter().map(|h| h.len()).collect();
        let most = sizes.iter().copied().max().unwrap_or(0);
        let bad_hands = |why| SetupError::HandSizes {
            sizes: sizes.clone(),
            dealer: setup.dealer,
            why,
        };
        if most > BATCH {
            return Err(bad_hands("a hand holds at most 4 cards"));
        }
        let order: Vec<usize> = (1..=n)
            .map(|k| sizes[seat_after(setup.dealer, k, n).index()])
            .collect();
        if order.iter().any(|&s| s + 1 < most) || order.windows(2).any(|w| w[0] > w[1]) {
            return Err(bad_hands(
                "each seat plays one card in turn from the seat after the dealer",
            ));
        }
        let over = most == 0;
        // Stock.
        let len = setup.stock.len();
        let bad_stock = |why| SetupError::Stock {
            len,
            players: n,
            why,
        };
        let one_card_pending =
            rules.leftovers == Leftovers::OneCardHand && (n..BATCH * n).contains(&len);
        if len != 0 && len < BATCH * n && !one_card_pending {
            return Err(bad_stock(
                "leftovers short of a batch leave the stock when the last batch is dealt",
            ));
        }
        if over && len != 0 {
            return Err(bad_stock(
                "the game is over only when nothing is left to deal",
            ));
        }
        if !setup.set_aside.is_empty() && rules.leftovers != Leftovers::Unused {
            return Err(SetupError::Progress {
                why: "cards are set aside only with leftovers `unused`",
            });
        }
        // Piles.
        let mut piles = setup.piles.clone();
        for pile in &piles {
            let bad = |why| SetupError::BadPile {
                cards: pile.cards,
                value: pile.value,
                why,
            };
            if !rules.esun {
                return Err(bad("protected piles are played only with Esun"));
            }
            seat_ok("a pile's owner", pile.owner, n)?;
            if !(1..=10).contains(&pile.value) {
                return Err(bad("a pile is built for a value 1 to 10"));
            }
            if pile.cards.len() < 2 || !(pile.cards & JOKERS).is_empty() {
                return Err(bad(
                    "a pile holds the played card and at least one table card, no joker",
                ));
            }
            if pile.cards.iter().any(|c| card_value(c).is_none())
                || !splits_by_counts(pile.value, pile.cards.bits(), 0, false, false)
            {
                return Err(bad(
                    "its cards do not split into groups each summing to the value",
                ));
            }
            if rules.yoruba && !yoruba_distinct(StdCard::JOKER_1, pile.cards) {
                return Err(bad("under the Yorùbá rule a pile's values are distinct"));
            }
        }
        if over && !piles.is_empty() {
            return Err(SetupError::Progress {
                why: "piles dissolve at the round's end: none stands once the game is over",
            });
        }
        piles.sort_by_key(Pile::lowest);
        // Records and progress.
        let mut totals = [0i64; MAX];
        for record in &setup.records {
            let lists = [
                ("a record's cards", record.cards.len()),
                ("a record's layout", record.layout.len()),
                ("a record's jokers", record.jokers.len()),
                ("a record's joker_plays", record.joker_plays.len()),
                ("a record's penalties", record.penalties.len()),
                ("a record's points", record.points.len()),
            ];
            for (what, got) in lists {
                if got != n {
                    return Err(SetupError::SeatCount {
                        what,
                        got,
                        seats: n,
                    });
                }
            }
            seat_ok("a record's dealer", record.dealer, n)?;
            if let Some(last) = record.last {
                seat_ok("a record's last player", last, n)?;
            }
            if record.layout.iter().any(|l| !l.is_subset(LAYOUT)) {
                return Err(SetupError::Progress {
                    why: "a record's layout lists a card that is not a layout diamond",
                });
            }
            if rules.scoring.round_points(record) != record.points {
                return Err(SetupError::Progress {
                    why: "a record's points are not what the scoring policy gives",
                });
            }
            for (t, d) in totals.iter_mut().zip(record.net(rules).iter()) {
                *t = t.saturating_add(*d);
            }
        }
        let done = setup.records.len() as u64;
        let ends = winners(rules, done as u32, &totals[..n]).is_some();
        let progress = |why| Err(SetupError::Progress { why });
        if u64::from(setup.round) >= u64::from(rules.most_rounds()) {
            return progress("the round number is not below the rules' round limit");
        }
        if over {
            if done != u64::from(setup.round) + 1 || !ends {
                return progress(
                    "with every hand empty, the game is over: the records must end it, the last one this round's",
                );
            }
        } else if done != u64::from(setup.round) || ends {
            return progress(
                "one record per finished round, and they must not have ended the game",
            );
        }
        Ok(Elewenjewe {
            rules: *rules,
            seed: setup.seed,
            players: n as u8,
            round: setup.round,
            dealer: setup.dealer,
            hands,
            table: setup.table,
            piles,
            captured,
            stock: setup.stock.clone(),
            set_aside: setup.set_aside,
            joker_plays,
            penalties,
            last: setup.last,
            records: setup.records.clone(),
            totals,
        })
    }

    fn setup(&self) -> Setup {
        let n = self.n();
        Setup {
            seed: self.seed,
            round: self.round,
            records: self.records.clone(),
            dealer: self.dealer,
            hands: self.hands[..n].to_vec(),
            table: self.table,
            piles: self.piles.clone(),
            captured: self.captured[..n].to_vec(),
            stock: self.stock.clone(),
            set_aside: self.set_aside,
            joker_plays: self.joker_plays[..n].to_vec(),
            penalties: self.penalties[..n].to_vec(),
            last: self.last,
        }
    }

    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn num_players(&self) -> usize {
        self.n()
    }

    /// The first seat from the one after the dealer that holds the most cards.
    fn to_act(&self) -> Option<PlayerId> {
        first_to_act(self.dealer, self.n(), |s| self.hands[s].len())
    }

    /// For each card of the hand in card index order: its captures (with the piles of its
    /// value, see [`Elewenjewe`]'s capture order in `docs/elewenjewe.md`), its Esun builds
    /// (values ascending), its trail.
    fn for_each_legal(&self, f: impl FnMut(Action)) {
        if let Some(seat) = self.to_act() {
            each_legal(
                &self.rules,
                self.hands[seat.index()],
                self.table,
                &self.piles,
                f,
            );
        }
    }

    /// The card played, what it captured or built; when every hand is empty, the piles
    /// released, then the next batch, or the round's end (the last player's take, the score,
    /// the next round or the game's end).
    fn play_reporting(
        &mut self,
        action: Action,
        events: &mut impl Events<Event>,
    ) -> Result<(), RuleError> {
        let seat = self.check(action)?;
        let s = seat.index();
        let played = action.played();
        self.hands[s].remove(played);
        self.last = Some(seat);
        match action {
            Action::Trail(card) => {
                self.table.insert(card);
                events.emit(|| Event::Trailed { seat, card });
            }
            Action::Capture { taken, .. } => {
                events.emit(|| Event::Captured {
                    seat,
                    card: played,
                    taken: taken & self.table,
                    piles: self
                        .piles
                        .iter()
                        .filter(|p| !p.cards.is_disjoint(taken))
                        .copied()
                        .collect(),
                });
                self.table -= taken;
                self.piles.retain(|p| p.cards.is_disjoint(taken));
                self.captured[s] |= taken.with(played);
                if played.is_joker() {
                    self.joker_plays[s] = self.joker_plays[s].saturating_add(1);
                }
            }
            Action::Build { value, taken, .. } => {
                self.table -= taken;
                let pile = Pile {
                    owner: seat,
                    value,
                    cards: taken.with(played),
                };
                let at = self.piles.partition_point(|p| p.lowest() < pile.lowest());
                self.piles.insert(at, pile);
                events.emit(|| Event::Built {
                    seat,
                    card: played,
                    pile,
                });
            }
        }
        if self.over() {
            self.refill(events);
        }
        Ok(())
    }

    /// A game fresh from [`Game::new`]: its deal (the first round's layout, its first batch).
    /// Any other position: one [`Event::Position`].
    fn start_events(&self, events: &mut impl Events<Event>) {
        if self.round == 0 && self.records.is_empty() && self.last.is_none() {
            let mut dealt = Vec::new();
            if Elewenjewe::start(&self.rules, self.n(), self.seed, &mut dealt) == *self {
                dealt.into_iter().for_each(|e| events.emit(|| e));
                return;
            }
        }
        events.emit(|| Event::Position(Box::new(Position::of(self.setup(), self.totals()))));
    }

    /// Hidden from `seat`: the cards dealt to other seats, the leftovers set aside and, in a
    /// position, the other hands, the stock, the set-aside cards and (without Isiwo) the
    /// captured piles.
    fn redact(rules: &Rules, event: &Event, seat: PlayerId) -> Event {
        let hands = |hands: &[cards_core::Cards<StdCard>]| -> Vec<cards_core::Cards<StdCard>> {
            hands
                .iter()
                .enumerate()
                .map(|(s, h)| h.shown_if(s == seat.index()))
                .collect()
        };
        match event {
            Event::Dealt(Deal::Batch {
                hands: dealt,
                table,
            }) => Event::Dealt(Deal::Batch {
                hands: hands(dealt),
                table: table.clone(),
            }),
            Event::SetAside { cards } => Event::SetAside {
                cards: cards.hidden(),
            },
            Event::Position(p) => Event::Position(Box::new(Position {
                hands: hands(&p.hands),
                captured: p.captured.iter().map(|c| c.shown_if(rules.isiwo)).collect(),
                stock: p.stock.hidden(),
                set_aside: p.set_aside.hidden(),
                ..(**p).clone()
            })),
            other => other.clone(),
        }
    }

    /// Nothing dealt, every count 0, round 0 with seat 0 as dealer until the first event
    /// says otherwise (at most [`Rules::MAX_PLAYERS`] seats).
    fn blank_view(rules: &Rules, players: usize, seat: PlayerId) -> View {
        let n = players.min(Rules::MAX_PLAYERS);
        View {
            rules: *rules,
            seat,
            round: 0,
            dealer: PlayerId(0),
            to_act: None,
            hand: CardSet::EMPTY,
            hand_sizes: vec![0; n],
            table: CardSet::EMPTY,
            piles: Vec::new(),
            captured_sizes: vec![0; n],
            captured: rules.isiwo.then(|| vec![CardSet::EMPTY; n]),
            stock: 0,
            set_aside: 0,
            joker_plays: vec![0; n],
            penalties: vec![0; n],
            last: None,
            records: Vec::new(),
            totals: vec![0; n],
        }
    }

    fn observe(view: &mut View, event: &Event) -> Result<(), ObserveError> {
        let mut next = view.clone();
        match event {
            Event::Dealt(Deal::Round { dealer, table }) => next.round_began(*dealer, *table)?,
            Event::Dealt(Deal::Batch { hands, table }) => next.batch_dealt(hands, table)?,
            Event::SetAside { cards } => next.set_aside(cards.len())?,
            Event::Trailed { seat, card } => {
                next.played(*seat, *card)?;
                next.table.insert(*card);
            }
            Event::Captured {
                seat,
                card,
                taken,
                piles,
            } => {
                let s = next.played(*seat, *card)?;
                next.captured(s, *card, *taken, piles)?;
            }
            Event::Built { seat, card, pile } => {
                if pile.owner != *seat {
                    return Err(ObserveError::new("a pile is its builder's"));
                }
                next.played(*seat, *card)?;
                next.built(*card, *pile)?;
            }
            Event::Released { pile, .. } => next.released(*pile)?,
            Event::TookRest { seat, cards } => next.took_rest(*seat, *cards)?,
            Event::RoundScored { record, score, .. } => next.scored(*record, score)?,
            Event::Ended { .. } => {
                if next.hand_sizes.iter().any(|&h| h != 0) {
                    return Err(ObserveError::new("the game ends when every hand is empty"));
                }
            }
            Event::Position(p) => next.position(p)?,
        }
        let sizes = &next.hand_sizes;
        next.to_act = first_to_act(next.dealer, sizes.len(), |s| sizes[s]);
        *view = next;
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.over() {
            return None;
        }
        let n = self.n();
        let rounds = self.records.len() as u32;
        let totals = self.totals[..n].to_vec();
        let winners = winners(&self.rules, rounds, &totals).unwrap_or_default();
        Some(Outcome {
            totals,
            winners,
            rounds,
            target: Some(self.rules.target),
        })
    }

    /// The returns × [`SETTLEMENT_SCALE`] (60): a sole winner 60 (n − 1), each loser −60;
    /// k tied winners 60 (n − k) / k each. All zeros before the end.
    fn settlement(&self) -> PerSeat<i64> {
        let n = self.n();
        let mut out = PerSeat::new(n).unwrap_or_default();
        if let Some(o) = self.outcome() {
            let k = o.winners.len().max(1) as i64;
            for v in out.iter_mut() {
                *v = -SETTLEMENT_SCALE;
            }
            for w in &o.winners {
                out[w.index()] = SETTLEMENT_SCALE * (n as i64 - k) / k;
            }
        }
        out
    }

    /// The spec's returns: a sole winner n − 1, each loser −1; k tied winners (n − k) / k.
    fn returns(&self) -> PerSeat<f64> {
        self.settlement()
            .map(|s| s as f64 / SETTLEMENT_SCALE as f64)
    }

    /// Every seat plays alone and a sole winner's return is n − 1, a loser's −1: a mean
    /// return is a share of games won among the n seats.
    fn returns_unit(&self) -> cards_core::ReturnsUnit {
        cards_core::ReturnsUnit::Wins {
            sides: self.n() as u8,
        }
    }

    fn view(&self, player: PlayerId) -> View {
        let n = self.n();
        View {
            rules: self.rules,
            seat: player,
            round: self.round,
            dealer: self.dealer,
            to_act: self.to_act(),
            hand: self.hand(player),
            hand_sizes: self.hands[..n].iter().map(|h| h.len()).collect(),
            table: self.table,
            piles: self.piles.clone(),
            captured_sizes: self.captured[..n].iter().map(|c| c.len()).collect(),
            captured: self.rules.isiwo.then(|| self.captured[..n].to_vec()),
            stock: self.stock.len(),
            set_aside: self.set_aside.len(),
            joker_plays: self.joker_plays[..n].to_vec(),
            penalties: self.penalties[..n].to_vec(),
            last: self.last,
            records: self.records.clone(),
            totals: self.totals[..n].to_vec(),
        }
    }

    /// They depend only on the seat's hand, the table and the piles.
    fn view_legal_actions(view: &View, out: &mut Vec<Action>) {
        out.clear();
        if view.to_act != Some(view.seat) {
            return;
        }
        each_legal(&view.rules, view.hand, view.table, &view.piles, |a| {
            out.push(a);
        });
    }

    /// The cards the view does not show are dealt at random (`rng`) to the other hands, the
    /// captured piles (sizes kept; a layout diamond not in sight must lie in some captured
    /// pile), the set-aside cards and the stock (in a random order), with a fresh seed for
    /// later rounds; the result is checked like any [`Setup`]. [`SetupError::View`] mostly,
    /// for a view that is inconsistent (it may come from anywhere).
    fn sample_world<R: Rng + ?Sized>(view: &View, rng: &mut R) -> Result<Self, SetupError> {
        Elewenjewe::sample(view, rng, None)
    }

    /// Every round plays each hand card once (at most 50), for at most
    /// [`Rules::most_rounds`] rounds.
    fn max_actions(rules: &Rules, _players: usize) -> usize {
        (rules.most_rounds() as usize).saturating_mul(50)
    }

    /// The 52 cards, and the two jokers when [`Rules::jokers`] is on.
    fn deck(rules: &Rules) -> CardSet<StdCard> {
        pack(rules)
    }

    fn census(&self) -> Census<StdCard> {
        let mut census = Census::default();
        let n = self.n();
        self.hands[..n].iter().for_each(|&h| census.add(h));
        self.captured[..n].iter().for_each(|&c| census.add(c));
        self.piles.iter().for_each(|p| census.add(p.cards));
        census.add(self.table);
        census.add(self.set_aside);
        census.add_all(self.stock.iter().copied());
        census
    }
}

/// [`Game::sample_world`], the captured piles agreeing with what the seat remembers (`recall`,
/// folded from its redacted events): every card it saw taken this round lies in the captured
/// pile of the seat that took it, so the hands and the stock hold only what they can; the rest
/// is dealt as `sample_world` deals it. A card the recall names that the view shows elsewhere,
/// or more than a pile's size, is set aside (a recall that missed events); a recall told
/// nothing gives `sample_world`'s world, draw for draw.
impl cards_core::RecallWorlds for Elewenjewe {
    fn sample_world_recalled<R: Rng + ?Sized>(
        view: &View,
        recall: &crate::encode::Recall,
        rng: &mut R,
    ) -> Result<Elewenjewe, SetupError> {
        Elewenjewe::sample(view, rng, Some(recall))
    }
}

impl Elewenjewe {
    fn sample<R: Rng + ?Sized>(
        view: &View,
        rng: &mut R,
        recall: Option<&crate::encode::Recall>,
    ) -> Result<Elewenjewe, SetupError> {
        let bad = |why| SetupError::View { why };
        let n = view.hand_sizes.len();
        view.rules.validate(n)?;
        let me = view.seat.index();
        if me >= n {
            return Err(bad("the viewer is not at the table"));
        }
        if view.captured_sizes.len() != n || view.hand.len() != view.hand_sizes[me] {
            return Err(bad("per-seat sizes do not fit the table"));
        }
        let shown_captured = match &view.captured {
            Some(c) if view.rules.isiwo && c.len() == n => {
                c.iter().fold(Cards::EMPTY, |a, &b| a | b)
            }
            None if !view.rules.isiwo => Cards::EMPTY,
            _ => return Err(bad("captured piles are shown exactly when Isiwo is played")),
        };
        let piles = view.piles.iter().fold(Cards::EMPTY, |a, p| a | p.cards);
        let known = view.hand | view.table | piles | shown_captured;
        let mut pool: Vec<StdCard> = (pack(&view.rules) - known).iter().collect();
        let layout: Vec<StdCard> = (LAYOUT - known).iter().collect();
        pool.retain(|c| !LAYOUT.contains(*c));
        // The cards the seat remembers taken, in their takers' piles (without Isiwo, where the
        // view does not show the piles), each one the view does not show elsewhere and within
        // the pile's size.
        let mut remembered = vec![Cards::EMPTY; n];
        if let (Some(recall), None) = (recall, &view.captured) {
            for (card, seat) in recall.taken() {
                let s = seat.index();
                if s < n && !known.contains(card) && remembered[s].len() < view.captured_sizes[s] {
                    remembered[s].insert(card);
                }
            }
        }
        let placed = remembered.iter().fold(Cards::EMPTY, |a, &b| a | b);
        pool.retain(|c| !placed.contains(*c));
        let layout: Vec<StdCard> = layout
            .into_iter()
            .filter(|c| !placed.contains(*c))
            .collect();
        // The hidden places, counted before any is made: a deserialized view's sizes may be
        // anything, and they must add up to the unseen cards (at most a pack).
        let hidden_captured = if view.captured.is_none() {
            (view.captured_sizes.iter().zip(&remembered))
                .fold(0usize, |a, (&size, r)| a.saturating_add(size - r.len()))
        } else {
            0
        };
        if layout.len() > hidden_captured {
            return Err(bad(
                "a layout diamond out of sight must lie in a captured pile",
            ));
        }
        let others = (0..n)
            .filter(|&s| s != me)
            .fold(0usize, |a, s| a.saturating_add(view.hand_sizes[s]));
        let places = (hidden_captured.saturating_add(others))
            .saturating_add(view.stock)
            .saturating_add(view.set_aside);
        if pool.len() + layout.len() != places {
            return Err(bad("the unseen cards do not fill the hidden places"));
        }
        // Captured slots to fill (without Isiwo): one per card, by seat.
        let mut slots: Vec<usize> = Vec::new();
        if view.captured.is_none() {
            for (s, &size) in view.captured_sizes.iter().enumerate() {
                slots.extend(core::iter::repeat_n(s, size - remembered[s].len()));
            }
        }
        rng.shuffle(&mut slots);
        rng.shuffle(&mut pool);
        let mut captured: Vec<Cards> = match &view.captured {
            Some(c) => c.clone(),
            None => remembered,
        };
        let mut cards = layout.into_iter().chain(pool);
        for &s in &slots {
            captured[s].extend(cards.next());
        }
        let hands: Vec<Cards> = (0..n)
            .map(|s| {
                if s == me {
                    view.hand
                } else {
                    cards.by_ref().take(view.hand_sizes[s]).collect()
                }
            })
            .collect();
        let set_aside: Cards = cards.by_ref().take(view.set_aside).collect();
        let stock: Vec<StdCard> = cards.collect();
        let setup = Setup {
            seed: rng.seed(),
            round: view.round,
            records: view.records.clone(),
            dealer: view.dealer,
            hands,
            table: view.table,
            piles: view.piles.clone(),
            captured,
            stock,
            set_aside,
            joker_plays: view.joker_plays.clone(),
            penalties: view.penalties.clone(),
            last: view.last,
        };
        let world = Elewenjewe::from_setup(&view.rules, setup)?;
        if world.view(view.seat) != *view {
            return Err(bad(
                "the view's derived facts (seat to act, totals) do not fit its cards",
            ));
        }
        Ok(world)
    }
}
