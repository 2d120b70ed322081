//! [`Elewenjewe`], the game state: rounds, batches, turns, captures, trails, Esun piles and the
//! round's end, as crate-private transitions that `game.rs` calls.

use core::fmt;

use cards_core::{CardSet, Census, GameRng, PerSeat, PlayerId, Seed, StdCard};

use crate::action::Action;
use crate::cards::{JOKER_BITS, card_value};
use crate::error::RuleError;
use crate::rules::{Leftovers, Rules};
use crate::score::{LAYOUT, RoundRecord, ScoringPolicy as _, winners};
use crate::{captures, is_build, is_capture};

/// A set of cards of the pack.
pub type Cards = CardSet<StdCard>;

/// The most seats.
pub(crate) const MAX: usize = Rules::MAX_PLAYERS;
/// Cards in a full hand (one batch).
pub(crate) const BATCH: usize = 4;

/// The two jokers.
pub(crate) const JOKERS: Cards = CardSet::from_bits_truncate(JOKER_BITS);

/// A protected pile (Esun) standing on the table: whole, face up, built by `owner` for
/// `value`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pile {
    /// The builder (who pays the penalty if it still stands at the next batch or the
    /// round's end).
    pub owner: PlayerId,
    /// The value it was built for: only a card of this value captures it.
    pub value: u8,
    /// Its cards (the played card and the table cards built with it).
    pub cards: Cards,
}

/// What happened at a deal, for traces ([`Elewenjewe::play_logged`],
/// [`Elewenjewe::start_events`]): the oracle's deal and score events.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    /// A round starts: its dealer and the four layout diamonds laid face up.
    Round {
        /// The dealer.
        dealer: PlayerId,
        /// The layout diamonds.
        table: Cards,
    },
    /// A batch (or the one-card hand) is dealt: each seat's new cards in the order received
    /// (seat 0 first), and the cards newly laid on the table (leftovers).
    Batch {
        /// The cards each seat received, by seat.
        hands: Vec<Vec<StdCard>>,
        /// Leftovers laid face up now (not the cards of dissolving piles).
        table: Vec<StdCard>,
    },
    /// A round ended: the change to each seat's total (points minus Esun penalties).
    Score(Vec<i64>),
}

/// A game of Eléwénjewé (see the crate docs): the rules, the seed of every round's deal, and
/// the position.
///
/// Its JSON is `{"rules": …, "setup": …}` ([`Setup`](crate::Setup)), read back through the
/// same checks as [`Game::from_setup`](cards_core::Game::from_setup).
#[derive(Clone, PartialEq, Eq)]
pub struct Elewenjewe {
    pub(crate) rules: Rules,
    pub(crate) seed: Seed,
    pub(crate) players: u8,
    /// The current round's number, from 0 (the last round once the game is over).
    pub(crate) round: u32,
    pub(crate) dealer: PlayerId,
    pub(crate) hands: [Cards; MAX],
    /// Loose table cards (jokers included).
    pub(crate) table: Cards,
    /// Protected piles, ordered by their lowest card.
    pub(crate) piles: Vec<Pile>,
    /// This round's captured piles.
    pub(crate) captured: [Cards; MAX],
    /// Undealt cards, the next to deal first.
    pub(crate) stock: Vec<StdCard>,
    /// Leftovers set aside (`Leftovers::Unused`).
    pub(crate) set_aside: Cards,
    pub(crate) joker_plays: [u8; MAX],
    pub(crate) penalties: [u8; MAX],
    pub(crate) last: Option<PlayerId>,
    /// The finished rounds.
    pub(crate) records: Vec<RoundRecord>,
    /// Game totals after the finished rounds.
    pub(crate) totals: [i64; MAX],
}

impl fmt::Debug for Elewenjewe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.n();
        f.debug_struct("Elewenjewe")
            .field("round", &self.round)
            .field("dealer", &self.dealer)
            .field("to_act", &self.current())
            .field("hands", &&self.hands[..n])
            .field("table", &self.table)
            .field("piles", &self.piles)
            .field("captured", &&self.captured[..n])
            .field("stock", &self.stock.len())
            .field("totals", &&self.totals[..n])
            .finish_non_exhaustive()
    }
}

/// The seat `k` places after `seat`.
pub(crate) fn seat_after(seat: PlayerId, k: usize, n: usize) -> PlayerId {
    PlayerId(((seat.index() + k) % n) as u8)
}

/// Every card of the pack under `rules`.
pub(crate) fn pack(rules: &Rules) -> Cards {
    if rules.jokers {
        Cards::full()
    } else {
        Cards::full() - JOKERS
    }
}

type Log<'a> = Option<&'a mut Vec<Event>>;

fn log(log: &mut Log<'_>, event: Event) {
    if let Some(l) = log.as_deref_mut() {
        l.push(event);
    }
}

impl Elewenjewe {
    pub(crate) fn n(&self) -> usize {
        usize::from(self.players)
    }

    /// A new game, round 0 dealt (the rules already validated for `players`).
    pub(crate) fn start(rules: &Rules, players: usize, seed: Seed, events: Log<'_>) -> Elewenjewe {
        let mut game = Elewenjewe {
            rules: *rules,
            seed,
            players: players as u8,
            round: 0,
            dealer: PlayerId(0),
            hands: [Cards::EMPTY; MAX],
            table: Cards::EMPTY,
            piles: Vec::new(),
            captured: [Cards::EMPTY; MAX],
            stock: Vec::new(),
            set_aside: Cards::EMPTY,
            joker_plays: [0; MAX],
            penalties: [0; MAX],
            last: None,
            records: Vec::new(),
            totals: [0; MAX],
        };
        let mut events = events;
        game.start_round(&mut events);
        game
    }

    /// Whether the game is over: every hand is empty (a live position always has a card to
    /// play, since empty hands are refilled at once).
    pub(crate) fn over(&self) -> bool {
        self.hands[..self.n()].iter().all(|h| h.is_empty())
    }

    /// The seat to act: the first seat from the one after the dealer that holds the most
    /// cards.
    pub(crate) fn current(&self) -> Option<PlayerId> {
        let n = self.n();
        let most = self.hands[..n].iter().map(|h| h.len()).max().unwrap_or(0);
        if most == 0 {
            return None;
        }
        (1..=n)
            .map(|k| seat_after(self.dealer, k, n))
            .find(|s| self.hands[s.index()].len() == most)
    }

    /// Round `self.round`: the layout, the shuffle, the dealer (round 0), the first batch.
    fn start_round(&mut self, events: &mut Log<'_>) {
        let n = self.n();
        let mut rng = GameRng::for_deal(self.seed, self.round);
        let mut deck: Vec<StdCard> = (pack(&self.rules) - LAYOUT).iter().collect();
        rng.shuffle(&mut deck);
        if self.round == 0 {
            self.dealer = match self.rules.first_dealer {
                Some(seat) => seat,
                None => PlayerId(rng.below(n as u64) as u8),
            };
        }
        self.table = LAYOUT;
        self.piles.clear();
        self.captured = [Cards::EMPTY; MAX];
        self.set_aside = Cards::EMPTY;
        self.joker_plays = [0; MAX];
        self.penalties = [0; MAX];
        self.last = None;
        self.stock = deck;
        log(
            events,
            Event::Round {
                dealer: self.dealer,
                table: LAYOUT,
            },
        );
        self.deal(BATCH, events);
    }

    /// Deals `each` cards to every seat from the seat after the dealer (one packet each),
    /// then handles the leftovers as the rules say.
    fn deal(&mut self, each: usize, events: &mut Log<'_>) {
        let n = self.n();
        let mut received = vec![Vec::new(); n];
        let mut stock = core::mem::take(&mut self.stock).into_iter();
        for k in 1..=n {
            let seat = seat_after(self.dealer, k, n).index();
            for card in stock.by_ref().take(each) {
                self.hands[seat].insert(card);
                received[seat].push(card);
            }
        }
        self.stock = stock.collect();
        let mut laid = Vec::new();
        let last_full = each == BATCH && self.stock.len() < BATCH * n;
        let one_card_rest = each == 1;
        if last_full || one_card_rest {
            let to_table = match self.rules.leftovers {
                Leftovers::ToTable => true,
                Leftovers::Unused => {
                    self.set_aside |= self.stock.drain(..).collect::<Cards>();
                    false
                }
                Leftovers::OneCardHand => one_card_rest || self.stock.len() < n,
            };
            if to_table {
                laid = core::mem::take(&mut self.stock);
                self.table |= laid.iter().copied().collect::<Cards>();
            }
        }
        log(
            events,
            Event::Batch {
                hands: received,
                table: laid,
            },
        );
    }

    /// Every hand is empty: dissolve the piles (penalties), then the next batch, the one-card
    /// hand, or the round's end.
    fn refill(&mut self, events: &mut Log<'_>) {
        let n = self.n();
        for pile in core::mem::take(&mut self.piles) {
            self.penalties[pile.owner.index()] =
                self.penalties[pile.owner.index()].saturating_add(1);
            self.table |= pile.cards;
        }
        if self.stock.len() >= BATCH * n {
            self.deal(BATCH, events);
        } else if !self.stock.is_empty() && self.stock.len() >= n {
            // Only `OneCardHand` keeps leftovers in the stock after the last full batch.
            self.deal(1, events);
        } else {
            self.end_round(events);
        }
    }

    /// The round's end: the last player's take, the record, the totals; the next round or
    /// the game's end.
    fn end_round(&mut self, events: &mut Log<'_>) {
        let n = self.n();
        if self.rules.last_player_takes
            && let Some(last) = self.last
        {
            self.captured[last.index()] |= self.table;
            self.table = Cards::EMPTY;
        }
        let of =
            |f: &dyn Fn(usize) -> u8| PerSeat::from_fn(n, |s| f(s.index())).unwrap_or_default();
        let mut record = RoundRecord {
            dealer: self.dealer,
            cards: of(&|s| self.captured[s].len() as u8),
            layout: PerSeat::from_fn(n, |s| self.captured[s.index()] & LAYOUT).unwrap_or_default(),
            jokers: of(&|s| (self.captured[s] & JOKERS).len() as u8),
            joker_plays: of(&|s| self.joker_plays[s]),
            penalties: of(&|s| self.penalties[s]),
            last: self.last,
            points: PerSeat::new(n).unwrap_or_default(),
        };
        record.points = self.rules.scoring.round_points(&record);
        let net = record.net(&self.rules);
        for (t, d) in self.totals.iter_mut().zip(net.iter()) {
            *t = t.saturating_add(*d);
        }
        self.records.push(record);
        log(events, Event::Score(net.to_vec()));
        let rounds = self.records.len() as u32;
        if winners(&self.rules, rounds, &self.totals[..n]).is_none() {
            self.round += 1;
            self.dealer = seat_after(self.dealer, 1, n);
            self.start_round(events);
        }
    }

    /// Everything on the table: loose cards and piles.
    pub(crate) fn whole_table(&self) -> Cards {
        self.piles.iter().fold(self.table, |t, p| t | p.cards)
    }

    /// Calls `f` with every capture of `played` ([`each_capture`]).
    pub(crate) fn each_capture(&self, played: StdCard, f: impl FnMut(Cards)) {
        each_capture(&self.rules, self.table, &self.piles, played, f);
    }

    /// Calls `f` with every build of `played` by `seat` ([`each_build`]).
    pub(crate) fn each_build(&self, seat: PlayerId, played: StdCard, f: impl FnMut(u8, Cards)) {
        each_build(&self.rules, self.table, self.hand(seat), played, f);
    }

    /// Every legal action ([`each_legal`]).
    pub(crate) fn each_legal(&self, f: impl FnMut(Action)) {
        if let Some(seat) = self.current() {
            each_legal(
                &self.rules,
                self.hands[seat.index()],
                self.table,
                &self.piles,
                f,
            );
        }
    }

    /// Checks `action` against every rule without changing anything.
    pub(crate) fn check(&self, action: Action) -> Result<PlayerId, RuleError> {
        let seat = self.current().ok_or(RuleError::GameOver)?;
        let hand = self.hands[seat.index()];
        let played = action.played();
        if !hand.contains(played) {
            return Err(RuleError::NotInHand {
                seat,
                card: played,
                hand,
            });
        }
        match action {
            Action::Trail(_) => Ok(seat),
            Action::Capture { taken, .. } => self.check_capture(played, taken).map(|()| seat),
            Action::Build { value, taken, .. } => {
                if !self.rules.esun {
                    return Err(RuleError::NoEsun);
                }
                if !taken.is_subset(self.table) {
                    return Err(RuleError::NotOnTable {
                        missing: taken - self.table,
                    });
                }
                let bad = |why| {
                    Err(RuleError::NotABuild {
                        played,
                        taken,
                        value,
                        why,
                    })
                };
                if !(1..=10).contains(&value) {
                    return bad("a pile is built for a value 1 to 10");
                }
                if !hand
                    .without(played)
                    .iter()
                    .any(|c| card_value(c) == Some(value))
                {
                    return Err(RuleError::ValueNotHeld {
                        seat,
                        played,
                        value,
                    });
                }
                match is_build(played, self.table, value, taken, &self.rules) {
                    Ok(true) => Ok(seat),
                    _ => bad(build_reason(played, value, taken, &self.rules)),
                }
            }
        }
    }

    fn check_capture(&self, played: StdCard, taken: Cards) -> Result<(), RuleError> {
        let whole = self.whole_table();
        if !taken.is_subset(whole) {
            return Err(RuleError::NotOnTable {
                missing: taken - whole,
            });
        }
        if played.is_joker() {
            if taken != whole || taken.is_empty() {
                return Err(RuleError::JokerTakesAll {
                    taken,
                    table: whole,
                });
            }
            return Ok(());
        }
        let mut from_piles = Cards::EMPTY;
        for pile in &self.piles {
            let part = taken & pile.cards;
            if part.is_empty() {
                continue;
            }
            if part != pile.cards {
                return Err(RuleError::PartOfPile { pile: pile.cards });
            }
            if card_value(played) != Some(pile.value) {
                return Err(RuleError::PileValue {
                    played,
                    pile: pile.cards,
                    value: pile.value,
                });
            }
            from_piles |= part;
        }
        let loose = taken & self.table;
        let jokers = self.table & JOKERS;
        let not = |why| Err(RuleError::NotACapture { played, taken, why });
        if taken.is_empty() {
            return not("a capture takes at least one card (or trail the card)");
        }
        if !jokers.is_subset(taken) {
            return not("a joker lying on the table goes with every capture");
        }
        if from_piles.is_empty() || loose != jokers {
            match is_capture(played, self.table, loose, &self.rules) {
                Ok(true) => {}
                _ => return not(capture_reason(played, loose, &self.rules)),
            }
        }
        if !from_piles.is_empty()
            && self.rules.yoruba
            && self.rules.yoruba_checks_piles
            && !yoruba_distinct(played, taken)
        {
            return not(
                "the Yorùbá rule (pile cards included): values distinct, none the played card's",
            );
        }
        Ok(())
    }

    /// Plays a checked action and deals on as needed.
    pub(crate) fn apply_checked(&mut self, seat: PlayerId, action: Action, events: Log<'_>) {
        let mut events = events;
        let s = seat.index();
        let played = action.played();
        self.hands[s].remove(played);
        self.last = Some(seat);
        match action {
            Action::Trail(card) => {
                self.table.insert(card);
            }
            Action::Capture { taken, .. } => {
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
                let at = self.piles.partition_point(|p| {
                    p.cards.bits().trailing_zeros() < pile.cards.bits().trailing_zeros()
                });
                self.piles.insert(at, pile);
            }
        }
        if self.over() {
            self.refill(&mut events);
        }
    }

    /// Plays `action` all or nothing.
    pub(crate) fn step(&mut self, action: Action, events: Log<'_>) -> Result<(), RuleError> {
        let seat = self.check(action)?;
        self.apply_checked(seat, action, events);
        Ok(())
    }

    pub(crate) fn take_census(&self) -> Census<StdCard> {
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

    // ---- Public accessors: what is the game's own. ----

    /// The current round's number, from 0 (the last round once the game is over).
    #[must_use]
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The current round's dealer.
    #[must_use]
    pub fn dealer(&self) -> PlayerId {
        self.dealer
    }

    /// `seat`'s hand (empty for a seat not at the table).
    #[must_use]
    pub fn hand(&self, seat: PlayerId) -> Cards {
        self.hands[..self.n()]
            .get(seat.index())
            .copied()
            .unwrap_or_default()
    }

    /// The loose table cards (jokers included; not the protected piles).
    #[must_use]
    pub fn table(&self) -> Cards {
        self.table
    }

    /// The protected piles standing on the table, ordered by their lowest card.
    #[must_use]
    pub fn piles(&self) -> &[Pile] {
        &self.piles
    }

    /// The cards `seat` has captured this round (empty for a seat not at the table).
    #[must_use]
    pub fn captured(&self, seat: PlayerId) -> Cards {
        self.captured[..self.n()]
            .get(seat.index())
            .copied()
            .unwrap_or_default()
    }

    /// The undealt cards of this round, the next to deal first.
    #[must_use]
    pub fn stock(&self) -> &[StdCard] {
        &self.stock
    }

    /// Leftovers set aside this round ([`Leftovers::Unused`]).
    #[must_use]
    pub fn set_aside(&self) -> Cards {
        self.set_aside
    }

    /// The records of the finished rounds, in order.
    #[must_use]
    pub fn records(&self) -> &[RoundRecord] {
        &self.records
    }

    /// Each seat's game total after the finished rounds (points minus Esun penalties).
    #[must_use]
    pub fn totals(&self) -> &[i64] {
        &self.totals[..self.n()]
    }

    /// The seat that played the last card so far this round.
    #[must_use]
    pub fn last_player(&self) -> Option<PlayerId> {
        self.last
    }

    /// The events of a new game's start (round 0's layout and first batch): what
    /// [`Game::new`](cards_core::Game::new) dealt, for traces. Empty unless this game is at
    /// its very start.
    #[must_use]
    pub fn start_events(rules: &Rules, players: usize, seed: Seed) -> Vec<Event> {
        let mut events = Vec::new();
        if rules.validate(players).is_ok() {
            let _ = Elewenjewe::start(rules, players, seed, Some(&mut events));
        }
        events
    }

    /// Plays `action` like [`Game::play`](cards_core::Game::play) and appends to `events`
    /// every deal and score that follows from it (a new batch, the one-card hand, a round's
    /// end, the next round): the oracle trace's events.
    ///
    /// # Errors
    /// As [`Game::play`](cards_core::Game::play); then nothing is appended.
    pub fn play_logged(
        &mut self,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        self.step(action, Some(events))
    }
}

/// The Yorùbá rule over every captured card (jokers aside): pairwise distinct values, none
/// the played card's.
pub(crate) fn yoruba_distinct(played: StdCard, taken: Cards) -> bool {
    let mut seen = [false; 14];
    if let Some(r) = played.rank() {
        seen[usize::from(r)] = true;
    }
    for card in taken - JOKERS {
        let r = usize::from(card.rank().unwrap_or(0));
        if seen[r] {
            return false;
        }
        seen[r] = true;
    }
    true
}

fn capture_reason(played: StdCard, loose: Cards, rules: &Rules) -> &'static str {
    if (loose - JOKERS).is_empty() {
        return "a joker alone is never a capture";
    }
    match card_value(played) {
        None if rules.yoruba => {
            "under the Yorùbá rule a face card takes exactly one card of its own rank"
        }
        None => "a face card takes only cards of its own rank",
        Some(_) if rules.yoruba && !yoruba_distinct(played, loose) => {
            "the Yorùbá rule: the cards taken have distinct values, none the played card's"
        }
        Some(_) => "the cards do not split into groups each summing to the played card's value",
    }
}

fn build_reason(played: StdCard, value: u8, taken: Cards, rules: &Rules) -> &'static str {
    match card_value(played) {
        None => "only a card A to 10 can be built",
        Some(v) if v > value => "the played card is worth more than the pile's value",
        _ if taken.is_empty() => "a pile takes at least one table card",
        _ if !(taken & JOKERS).is_empty() => "a joker never goes into a pile",
        _ if rules.yoruba && !yoruba_distinct(played, taken) => {
            "the Yorùbá rule: the pile's cards have distinct values, none the played card's"
        }
        _ => "the cards do not split into groups each summing to the value",
    }
}

/// Calls `f` with every capture of `played` at a table of loose cards `table` and protected
/// `piles` (the order of [`Game::for_each_legal`](cards_core::Game::for_each_legal)): a played
/// joker takes everything (one option, none on an empty table); otherwise, for each subset
/// of the piles of its value (as a binary counter, the first pile lowest), with some piles
/// first the piles alone (with any lying jokers), then each loose capture in
/// [`captures`] order. (Only the first 20 piles of one value are combined: no game reaches
/// that many.)
pub(crate) fn each_capture(
    rules: &Rules,
    table: Cards,
    piles: &[Pile],
    played: StdCard,
    mut f: impl FnMut(Cards),
) {
    if played.is_joker() {
        let all = piles.iter().fold(table, |t, p| t | p.cards);
        if !all.is_empty() {
            f(all);
        }
        return;
    }
    let value = card_value(played);
    let mut eligible = [Cards::EMPTY; 20];
    let mut k = 0;
    for p in piles {
        if Some(p.value) == value && k < eligible.len() {
            eligible[k] = p.cards;
            k += 1;
        }
    }
    let Ok(loose) = captures(played, table, rules) else {
        return;
    };
    let jokers = table & JOKERS;
    let check_piles = rules.yoruba && rules.yoruba_checks_piles;
    let ok = |taken: Cards| !check_piles || yoruba_distinct(played, taken);
    for mask in 0..1u32 << k {
        let piles = (0..k)
            .filter(|i| mask >> i & 1 == 1)
            .fold(Cards::EMPTY, |a, i| a | eligible[i]);
        if mask != 0 && ok(piles | jokers) {
            f(piles | jokers);
        }
        for option in loose.clone() {
            if mask == 0 || ok(piles | option) {
                f(piles | option);
            }
        }
    }
}

/// Calls `f` with every Esun build of `played` from `hand` (values 1 ..= 10 held after the
/// play, ascending, each in [`builds`](crate::builds) order), when Esun is played.
pub(crate) fn each_build(
    rules: &Rules,
    table: Cards,
    hand: Cards,
    played: StdCard,
    mut f: impl FnMut(u8, Cards),
) {
    if !rules.esun || card_value(played).is_none() {
        return;
    }
    let rest = hand.without(played);
    for value in 1..=10u8 {
        if !rest.iter().any(|c| card_value(c) == Some(value)) {
            continue;
        }
        if let Ok(options) = crate::builds(played, table, value, rules) {
            options.for_each(|t| f(value, t));
        }
    }
}

/// Every legal action of a seat holding `hand`: for each card in card index order, its
/// captures, its builds, its trail.
pub(crate) fn each_legal(
    rules: &Rules,
    hand: Cards,
    table: Cards,
    piles: &[Pile],
    mut f: impl FnMut(Action),
) {
    for played in hand {
        each_capture(rules, table, piles, played, |taken| {
            f(Action::Capture { played, taken })
        });
        each_build(rules, table, hand, played, |value, taken| {
            f(Action::Build {
                played,
                value,
                taken,
            });
        });
        f(Action::Trail(played));
    }
}
