//! `impl Game for Elewenjewe`: the transition and its events, views, setups, the end; and
//! [`Outcome`].

use core::fmt;
use core::ops::RangeInclusive;

use cards_core::{
    CardSet, Census, Events, Game, NoEvents, ObserveError, PerSeat, PlayerId, Rng, Seed, StdCard,
};

use crate::action::Action;
use crate::error::{RuleError, SetupError};
use crate::event::{Deal, Event, Position};
use crate::rules::Rules;
use crate::score::winners;
use crate::setup::{Setup, validate};
use crate::state::{Elewenjewe, Pile, each_legal, first_to_act, pack};
use crate::view::View;

/// The settlement's scale: the returns × 60 (60 is divisible by every number of tied winners,
/// 1 to 5), so the settlement is an integer.
pub const SETTLEMENT_SCALE: i64 = 60;

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Outcome {
    /// Each seat's game total.
    pub totals: Vec<i64>,
    /// The winners: the highest total (several on a shared win).
    pub winners: Vec<PlayerId>,
    /// The rounds played.
    pub rounds: u32,
}

impl fmt::Display for Outcome {
    /// `Seat 1 wins with 6 points after 3 rounds (totals 2, 6, 3).`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let best = self
            .winners
            .first()
            .and_then(|w| self.totals.get(w.index()))
            .copied()
            .unwrap_or(0);
        match self.winners.as_slice() {
            [one] => write!(f, "Seat {one} wins with {best} points")?,
            many => {
                let seats: Vec<String> = many.iter().map(ToString::to_string).collect();
                write!(
                    f,
                    "Seats {} share the win with {best} points",
                    seats.join(", ")
                )?;
            }
        }
        let all: Vec<String> = self.totals.iter().map(ToString::to_string).collect();
        let s = if self.rounds == 1 { "" } else { "s" };
        write!(
            f,
            " after {} round{s} (totals {}).",
            self.rounds,
            all.join(", ")
        )
    }
}

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

    fn from_setup(rules: &Rules, setup: Setup) -> Result<Self, SetupError> {
        validate(rules, &setup)
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

    fn view_legal_actions(view: &View, out: &mut Vec<Action>) {
        view.legal_actions(out);
    }

    fn sample_world<R: Rng + ?Sized>(view: &View, rng: &mut R) -> Result<Self, SetupError> {
        view.sample_world(rng)
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
