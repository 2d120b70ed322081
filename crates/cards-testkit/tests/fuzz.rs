//! The byte-driven checks of `cards_testkit::fuzz` on a game that is not one of ours: a small
//! shedding game written here the way another implementer would write theirs. The correct game
//! passes every check on many inputs; two versions with a planted bug are caught.

use core::fmt;
use core::ops::RangeInclusive;
use core::str::FromStr;

use cards_core::{
    Census, DidoCard, DirectIndex, Draw as _, Game, PerSeat, PlayerId, Rng, Seed, shuffled_deck,
};
use cards_testkit::fuzz::{self, FuzzGame, Input};

type Hand = cards_core::CardSet<DidoCard>;

/// No planted bug.
const CORRECT: u8 = 0;
/// A refused action still moves the turn on.
const REFUSAL_MOVES_TURN: u8 = 1;
/// Seat 0 is paid before the game is over.
const EARLY_SETTLEMENT: u8 = 2;

/// Shedding: each seat is dealt `hand` cards, the rest is a face-down stock. In turn, a seat
/// plays any card of its hand face up, or draws the stock's top card. The first seat to empty
/// its hand wins one point from every other seat.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "Doc", into = "Doc")]
struct Shed<const BUG: u8> {
    rules: ShedRules,
    setup: ShedSetup,
}

impl cards_core::Presets for ShedRules {}

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ShedRules {
    hand: usize,
}

impl Default for ShedRules {
    fn default() -> Self {
        ShedRules { hand: 3 }
    }
}

/// The whole position (also the game's explicit setup).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ShedSetup {
    hands: Vec<Hand>,
    /// Top first.
    stock: Vec<DidoCard>,
    /// Played cards, oldest first.
    played: Vec<DidoCard>,
    to_act: Option<PlayerId>,
    winner: Option<PlayerId>,
}

#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Doc {
    rules: ShedRules,
    setup: ShedSetup,
}

impl<const BUG: u8> TryFrom<Doc> for Shed<BUG> {
    type Error = ShedSetupError;
    fn try_from(doc: Doc) -> Result<Self, ShedSetupError> {
        Shed::from_setup(&doc.rules, doc.setup)
    }
}

impl<const BUG: u8> From<Shed<BUG>> for Doc {
    fn from(game: Shed<BUG>) -> Doc {
        Doc {
            rules: game.rules,
            setup: game.setup,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum ShedAction {
    Play(DidoCard),
    Draw,
}

impl fmt::Display for ShedAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShedAction::Play(card) => write!(f, "play {card}"),
            ShedAction::Draw => f.write_str("draw"),
        }
    }
}

impl FromStr for ShedAction {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.split_whitespace().collect::<Vec<_>>().as_slice() {
            ["draw"] => Ok(ShedAction::Draw),
            ["play", card] => card
                .parse()
                .map(ShedAction::Play)
                .map_err(|e| e.to_string()),
            _ => Err(format!("not a move: {s:?}")),
        }
    }
}

cards_core::serde_via_text!(ShedAction, "a move such as \"play A1\" or \"draw\"");

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
struct ShedView {
    seat: PlayerId,
    rules: ShedRules,
    hand: Hand,
    hand_sizes: Vec<usize>,
    stock_len: usize,
    played: Vec<DidoCard>,
    to_act: Option<PlayerId>,
    winner: Option<PlayerId>,
}

/// What happened in a game of Shed.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
enum ShedEvent {
    /// The position as it stands (the start).
    Started {
        hands: Vec<cards_core::Cards<DidoCard>>,
        stock: usize,
        played: Vec<DidoCard>,
        to_act: Option<PlayerId>,
        winner: Option<PlayerId>,
    },
    Played {
        seat: PlayerId,
        card: DidoCard,
    },
    /// The card drawn, for the drawer only.
    Drew {
        seat: PlayerId,
        card: Option<DidoCard>,
    },
    Won {
        seat: PlayerId,
    },
}

impl fmt::Display for ShedEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShedEvent::Started { stock, .. } => write!(f, "the game starts, {stock} in the stock"),
            ShedEvent::Played { seat, card } => write!(f, "seat {seat} played {card}"),
            ShedEvent::Drew {
                seat,
                card: Some(card),
            } => write!(f, "seat {seat} drew {card}"),
            ShedEvent::Drew { seat, card: None } => write!(f, "seat {seat} drew a card"),
            ShedEvent::Won { seat } => write!(f, "seat {seat} shed its hand first"),
        }
    }
}

impl cards_core::GameEvent for ShedEvent {
    type Deal = ();
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
struct Won(PlayerId);

impl fmt::Display for Won {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {} shed its hand first", self.0)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
enum ShedError {
    #[error("the game is over")]
    Over,
    #[error("{0} is not in the hand")]
    NotInHand(DidoCard),
    #[error("the stock is empty")]
    StockEmpty,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a shedding position: {0}")]
struct ShedSetupError(&'static str);

impl<const BUG: u8> Shed<BUG> {
    fn legal(&self, mut f: impl FnMut(ShedAction)) {
        let Some(seat) = self.setup.to_act else {
            return;
        };
        self.setup.hands[seat.index()]
            .iter()
            .for_each(|c| f(ShedAction::Play(c)));
        if !self.setup.stock.is_empty() {
            f(ShedAction::Draw);
        }
    }
}

impl<const BUG: u8> Game for Shed<BUG> {
    type Rules = ShedRules;
    type Action = ShedAction;
    type View = ShedView;
    type Setup = ShedSetup;
    type Outcome = Won;
    type Card = DidoCard;
    type Error = ShedError;
    type Event = ShedEvent;
    type SetupError = ShedSetupError;

    const NAME: &'static str = "shed";

    fn player_range(_rules: &ShedRules) -> RangeInclusive<usize> {
        2..=3
    }

    fn new(rules: &ShedRules, players: usize, seed: Seed) -> Result<Self, ShedSetupError> {
        if !Self::player_range(rules).contains(&players) {
            return Err(ShedSetupError("2 or 3 players"));
        }
        if rules.hand == 0 || rules.hand * players > 36 {
            return Err(ShedSetupError("hands of 1 to 36 / players cards"));
        }
        let deck = shuffled_deck::<DidoCard>(seed);
        let (dealt, stock) = deck.split_at(rules.hand * players);
        let setup = ShedSetup {
            hands: dealt
                .chunks(rules.hand)
                .map(|c| c.iter().copied().collect())
                .collect(),
            stock: stock.to_vec(),
            played: Vec::new(),
            to_act: Some(PlayerId(0)),
            winner: None,
        };
        Self::from_setup(rules, setup)
    }

    fn from_setup(rules: &ShedRules, setup: ShedSetup) -> Result<Self, ShedSetupError> {
        let players = setup.hands.len();
        if !Self::player_range(rules).contains(&players) {
            return Err(ShedSetupError("2 or 3 hands"));
        }
        let mut census = Census::<DidoCard>::default();
        setup.hands.iter().for_each(|&h| census.add(h));
        census.add_all(setup.stock.iter().chain(&setup.played).copied());
        if !census.is_exactly(Hand::full()) {
            return Err(ShedSetupError("every card exactly once"));
        }
        let emptied: Vec<usize> = (0..players)
            .filter(|&s| setup.hands[s].is_empty())
            .collect();
        match (setup.to_act, setup.winner) {
            (Some(seat), None) if seat.index() < players && emptied.is_empty() => {}
            (None, Some(w)) if emptied == [w.index()] => {}
            _ => {
                return Err(ShedSetupError(
                    "a seat to act, or a winner with an empty hand",
                ));
            }
        }
        Ok(Shed {
            rules: *rules,
            setup,
        })
    }

    fn setup(&self) -> ShedSetup {
        self.setup.clone()
    }

    fn rules(&self) -> &ShedRules {
        &self.rules
    }

    fn num_players(&self) -> usize {
        self.setup.hands.len()
    }

    fn to_act(&self) -> Option<PlayerId> {
        self.setup.to_act
    }

    fn for_each_legal(&self, f: impl FnMut(ShedAction)) {
        self.legal(f);
    }

    fn play_reporting(
        &mut self,
        action: ShedAction,
        events: &mut impl cards_core::Events<ShedEvent>,
    ) -> Result<(), ShedError> {
        let players = self.num_players();
        let seat = self.setup.to_act.ok_or(ShedError::Over)?;
        let next = seat.next(players);
        let refuse = |game: &mut Self, e| {
            if BUG == REFUSAL_MOVES_TURN {
                game.setup.to_act = Some(next);
            }
            Err(e)
        };
        match action {
            ShedAction::Play(card) => {
                if !self.setup.hands[seat.index()].remove(card) {
                    return refuse(self, ShedError::NotInHand(card));
                }
                self.setup.played.push(card);
                events.emit(|| ShedEvent::Played { seat, card });
                if self.setup.hands[seat.index()].is_empty() {
                    self.setup.to_act = None;
                    self.setup.winner = Some(seat);
                    events.emit(|| ShedEvent::Won { seat });
                    return Ok(());
                }
            }
            ShedAction::Draw => {
                if self.setup.stock.is_empty() {
                    return refuse(self, ShedError::StockEmpty);
                }
                let card = self.setup.stock.remove(0);
                self.setup.hands[seat.index()].insert(card);
                events.emit(|| ShedEvent::Drew {
                    seat,
                    card: Some(card),
                });
            }
        }
        self.setup.to_act = Some(next);
        Ok(())
    }

    fn start_events(&self, events: &mut impl cards_core::Events<ShedEvent>) {
        let setup = &self.setup;
        events.emit(|| ShedEvent::Started {
            hands: (setup.hands.iter())
                .map(|h| cards_core::Cards::Shown(h.iter().collect()))
                .collect(),
            stock: setup.stock.len(),
            played: setup.played.clone(),
            to_act: setup.to_act,
            winner: setup.winner,
        });
    }

    fn redact(_: &ShedRules, event: &ShedEvent, seat: PlayerId) -> ShedEvent {
        match event {
            ShedEvent::Started { hands, .. } => {
                let mut event = event.clone();
                if let ShedEvent::Started { hands: shown, .. } = &mut event {
                    *shown = (hands.iter().enumerate())
                        .map(|(s, h)| h.shown_if(s == seat.index()))
                        .collect();
                }
                event
            }
            ShedEvent::Drew { seat: drawer, card } => ShedEvent::Drew {
                seat: *drawer,
                card: card.filter(|_| *drawer == seat),
            },
            other => other.clone(),
        }
    }

    fn blank_view(rules: &ShedRules, players: usize, seat: PlayerId) -> ShedView {
        ShedView {
            seat,
            rules: *rules,
            hand: Hand::EMPTY,
            hand_sizes: vec![0; players],
            stock_len: 0,
            played: Vec::new(),
            to_act: None,
            winner: None,
        }
    }

    fn observe(view: &mut ShedView, event: &ShedEvent) -> Result<(), cards_core::ObserveError> {
        let mut next = view.clone();
        let players = next.hand_sizes.len();
        let bad = || cards_core::ObserveError::new("not this table's event");
        match event {
            ShedEvent::Started {
                hands,
                stock,
                played,
                to_act,
                winner,
            } => {
                if hands.len() != players {
                    return Err(bad());
                }
                next.hand = match hands.get(view.seat.index()).map(|h| h.shown()) {
                    Some(Some(cards)) => cards.iter().copied().collect(),
                    Some(None) => return Err(bad()),
                    None => Hand::EMPTY,
                };
                next.hand_sizes = hands.iter().map(cards_core::Cards::len).collect();
                next.stock_len = *stock;
                next.played.clone_from(played);
                next.to_act = *to_act;
                next.winner = *winner;
            }
            ShedEvent::Played { seat, card } => {
                let size = next.hand_sizes.get_mut(seat.index()).ok_or_else(bad)?;
                *size = size.checked_sub(1).ok_or_else(bad)?;
                if *seat == view.seat {
                    next.hand.remove(*card);
                }
                next.played.push(*card);
                next.to_act = Some(seat.next(players));
            }
            ShedEvent::Drew { seat, card } => {
                *next.hand_sizes.get_mut(seat.index()).ok_or_else(bad)? += 1;
                next.stock_len = next.stock_len.checked_sub(1).ok_or_else(bad)?;
                if let (true, Some(card)) = (*seat == view.seat, card) {
                    next.hand.insert(*card);
                }
                next.to_act = Some(seat.next(players));
            }
            ShedEvent::Won { seat } => {
                next.to_act = None;
                next.winner = Some(*seat);
            }
        }
        *view = next;
        Ok(())
    }

    fn outcome(&self) -> Option<Won> {
        self.setup.winner.map(Won)
    }

    fn settlement(&self) -> PerSeat<i64> {
        let players = self.num_players();
        PerSeat::from_fn(players, |seat| match self.setup.winner {
            Some(w) if w == seat => players as i64 - 1,
            Some(_) => -1,
            None if BUG == EARLY_SETTLEMENT => [1, -1, 0][seat.index()],
            None => 0,
        })
        .expect("at most three seats")
    }

    fn view(&self, player: PlayerId) -> ShedView {
        ShedView {
            seat: player,
            rules: self.rules,
            hand: self
                .setup
                .hands
                .get(player.index())
                .copied()
                .unwrap_or_default(),
            hand_sizes: self.setup.hands.iter().map(|h| h.len()).collect(),
            stock_len: self.setup.stock.len(),
            played: self.setup.played.clone(),
            to_act: self.setup.to_act,
            winner: self.setup.winner,
        }
    }

    fn view_legal_actions(view: &ShedView, out: &mut Vec<ShedAction>) {
        out.clear();
        if view.to_act == Some(view.seat) {
            out.extend(view.hand.iter().map(ShedAction::Play));
            if view.stock_len > 0 {
                out.push(ShedAction::Draw);
            }
        }
    }

    fn sample_world<R: Rng + ?Sized>(view: &ShedView, rng: &mut R) -> Result<Self, ShedSetupError> {
        let players = view.hand_sizes.len();
        if view.seat.index() >= players || view.hand_sizes[view.seat.index()] != view.hand.len() {
            return Err(ShedSetupError("the view's seat and hand sizes disagree"));
        }
        let mut seen = view.hand;
        seen.extend(view.played.iter().copied());
        let mut unseen: Vec<DidoCard> = (!seen).iter().collect();
        rng.shuffle(&mut unseen);
        let mut unseen = unseen.into_iter();
        let mut hands = Vec::with_capacity(players);
        for (seat, &size) in view.hand_sizes.iter().enumerate() {
            if seat == view.seat.index() {
                hands.push(view.hand);
            } else {
                hands.push(unseen.by_ref().take(size).collect());
            }
        }
        let setup = ShedSetup {
            hands,
            stock: unseen.collect(),
            played: view.played.clone(),
            to_act: view.to_act,
            winner: view.winner,
        };
        let world = Self::from_setup(&view.rules, setup)?;
        if world.setup.stock.len() == view.stock_len {
            Ok(world)
        } else {
            Err(ShedSetupError("the stock's size disagrees with the view"))
        }
    }

    fn max_actions(_rules: &ShedRules, _players: usize) -> usize {
        // Each card is drawn at most once and played at most once.
        72
    }

    fn census(&self) -> Census<DidoCard> {
        let mut census = Census::default();
        self.setup.hands.iter().for_each(|&h| census.add(h));
        census.add_all(self.setup.stock.iter().chain(&self.setup.played).copied());
        census
    }
}

impl<const BUG: u8> DirectIndex for Shed<BUG> {
    const ACTION_COUNT: usize = 37;

    fn action_index(action: ShedAction) -> usize {
        match action {
            ShedAction::Play(card) => usize::from(cards_core::Card::index(card)),
            ShedAction::Draw => 36,
        }
    }

    fn action_from_index(index: usize) -> Option<ShedAction> {
        match index {
            0..36 => Some(ShedAction::Play(DidoCard::ALL[index])),
            36 => Some(ShedAction::Draw),
            _ => None,
        }
    }
}

impl<const BUG: u8> FuzzGame for Shed<BUG> {
    type Position = Self;

    /// Byte 0 also picks the hand size (1 to 8), so the stock runs out in some games.
    fn table(input: &mut Input<'_>) -> fuzz::Table<Self> {
        let first = input.byte();
        let rules = ShedRules {
            hand: 1 + usize::from(first >> 4) % 8,
        };
        let mut rest = Input::new(&[]);
        let mut table = fuzz::Table::read(rules, &mut rest);
        table.players = 2 + usize::from(first % 2);
        table.seed = Seed::from(input.u64());
        table
    }

    fn check_transition(&self, action: ShedAction, after: &Self) {
        let seat = self.to_act().expect("someone acted");
        if let ShedAction::Play(card) = action {
            assert_eq!(
                after.setup.played.last(),
                Some(&card),
                "{action} is not on top"
            );
            assert!(!after.setup.hands[seat.index()].contains(card));
        }
    }

    fn check_view(&self, seat: PlayerId, view: &ShedView) {
        assert_eq!(view.seat, seat);
    }

    fn view_seat(view: &ShedView) -> Option<PlayerId> {
        Some(view.seat)
    }
}

/// A fixed stream of pseudo-random inputs (a linear congruential generator's high bytes).
fn inputs(count: usize, len: usize) -> impl Iterator<Item = Vec<u8>> {
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    (0..count).map(move |_| {
        (0..len)
            .map(|_| {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                (state >> 56) as u8
            })
            .collect()
    })
}

#[test]
fn a_correct_game_passes_the_driver() {
    for data in inputs(200, 160) {
        fuzz::game::<Shed<CORRECT>>(&data);
    }
}

#[test]
fn a_correct_game_passes_the_json_checks() {
    // Real states at a few points of real games, their views, rules and setups.
    for seed in 0..12u64 {
        let rules = ShedRules {
            hand: 1 + seed as usize % 5,
        };
        let mut game = Shed::<CORRECT>::new(&rules, 2 + seed as usize % 2, Seed::from(seed))
            .expect("a valid table");
        let mut legal = Vec::new();
        for step in 0.. {
            if step % 3 == 0 {
                fuzz::state_json::<Shed<CORRECT>>(&serde_json::to_vec(&game).unwrap());
                fuzz::state_json::<Shed<CORRECT>>(
                    &serde_json::to_vec(&game.view(PlayerId(1))).unwrap(),
                );
                fuzz::state_json::<Shed<CORRECT>>(&serde_json::to_vec(&game.setup()).unwrap());
            }
            game.legal_actions(&mut legal);
            let Some(&action) = legal.get(step % legal.len().max(1)) else {
                break;
            };
            game.play(action).unwrap();
        }
        fuzz::state_json::<Shed<CORRECT>>(&serde_json::to_vec(&rules).unwrap());
    }
    // Anything else must not panic either.
    for data in inputs(200, 40) {
        fuzz::state_json::<Shed<CORRECT>>(&data);
    }
    fuzz::state_json::<Shed<CORRECT>>(br#"{"hand": 0}"#);
}

#[test]
fn text_checks_accept_the_games_notation() {
    for text in [
        "play A1",
        "play s8",
        "draw",
        "play",
        "discard A1",
        "play 10H",
        "",
    ] {
        fuzz::game_text::<Shed<CORRECT>>(text.as_bytes());
    }
    fuzz::parse_cards(b"A1 s8 10h UE ob x");
    fuzz::parse_cards(br#"["A1","S8"]"#);
}

#[test]
#[should_panic(expected = "changed the position")]
fn a_refusal_that_changes_the_state_is_caught() {
    // Byte 0: two seats, hands of one card; then index probes of every card: most are not in
    // the hand, so refused.
    let mut data = vec![0u8; 9];
    for index in 0..36 {
        data.extend([4, index, 0]);
    }
    fuzz::game::<Shed<REFUSAL_MOVES_TURN>>(&data);
}

#[test]
#[should_panic(expected = "before the game is over")]
fn a_settlement_before_the_end_is_caught() {
    fuzz::game::<Shed<EARLY_SETTLEMENT>>(&[]);
}
