//! [`Letom`]: one deal, its state and its transitions (`docs/letom.md`, "The deal").

use core::fmt;

use cards_core::{Card, CardSet, DidoCard, Game, GameRng, PerSeat, PlayerId, Seed};

use crate::action::NUMBERS;
use crate::{Action, Dokbak, Rules, SettleInput, Settlement};

/// Seats in the state's per-seat arrays.
pub(crate) const SEATS: usize = Rules::MAX_PLAYERS;
/// Cards in the deck.
pub(crate) const DECK: usize = DidoCard::COUNT;
/// The most cards dealt to one hand (two players: seven).
pub(crate) const MAX_HAND: usize = 7;

/// A set of Didopoikas cards (a hand, the floor, a captured pile).
pub type Hand = CardSet<DidoCard>;

/// The deck bits of the four cards of number `n`.
pub(crate) const fn number_bits(n: usize) -> u64 {
    (1 << n) | (1 << (n + 9)) | (1 << (n + 18)) | (1 << (n + 27))
}

/// The cards of `set` with number `n`.
#[inline]
pub(crate) fn of_number(set: Hand, n: u8) -> Hand {
    Hand::from_bits_truncate(set.bits() & number_bits(usize::from(n) % NUMBERS))
}

/// The four Guã (number 0).
pub(crate) const GUANG: u64 = number_bits(0);
/// Floor cards and cards per hand at a table of `players` (2 → 8 and 7, 3 → 6 and 5, 4 → 4
/// and 4; other counts are clamped).
#[must_use]
pub const fn table(players: usize) -> (usize, usize) {
    match players {
        0..=2 => (8, 7),
        3 => (6, 5),
        _ => (4, 4),
    }
}

/// Who must do what.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case", deny_unknown_fields)]
pub enum Phase {
    /// Gwang-selling: `seat` is asked whether to sell (`sell` or `keep`).
    Sale {
        /// The seat asked.
        seat: PlayerId,
    },
    /// The start of `seat`'s turn: shake, bomb, play a hand card or take a flip-only turn.
    Turn {
        /// The seat to play.
        seat: PlayerId,
    },
    /// `seat` flipped `flipped` and two floor cards match it: which one does it take?
    Take {
        /// The seat whose turn it is.
        seat: PlayerId,
        /// The card flipped from the stock (neither on the floor nor in the stock).
        flipped: DidoCard,
        /// Pi rewards already earned this turn (a bomb, a stuck stack taken by the hand card).
        rewards: u8,
        /// Whether this is the seat's last turn (no rewards, no stuck stack).
        last: bool,
        /// Whether one of the rewards is this turn's bomb (the first; it tells what the pi
        /// given at the turn's end pay for).
        #[serde(default, skip_serializing_if = "core::ops::Not::not")]
        bombed: bool,
    },
    /// `seat`'s captured cards are worth a Ren or Tom: go on or stop?
    Decide {
        /// The seat to decide.
        seat: PlayerId,
    },
    /// The deal is over.
    Over,
}

impl Phase {
    /// The seat to act, or `None` when the deal is over.
    #[must_use]
    pub fn seat(self) -> Option<PlayerId> {
        match self {
            Phase::Sale { seat }
            | Phase::Turn { seat }
            | Phase::Take { seat, .. }
            | Phase::Decide { seat } => Some(seat),
            Phase::Over => None,
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Phase::Sale { seat } => write!(f, "seat {seat} is asked whether to sell its Guã"),
            Phase::Turn { seat } => write!(f, "seat {seat} to play"),
            Phase::Take { seat, flipped, .. } => {
                write!(
                    f,
                    "seat {seat} flipped {}: which floor card does it take?",
                    cards_core::Alternate(flipped, f.alternate())
                )
            }
            Phase::Decide { seat } => write!(f, "seat {seat} to call Ren or Tom"),
            Phase::Over => f.write_str("over"),
        }
    }
}

/// Why a deal ended with nobody winning.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NagariCause {
    /// The stock ran out and nobody stopped.
    Exhausted,
    /// The stock ran out under [`Exhaustion::HighestScore`](crate::Exhaustion::HighestScore) with a tie at the top.
    Tie,
    /// Four cards of one number were dealt to the floor.
    FloorFour,
    /// Two or more players were dealt a chongtong.
    DoubleChongtong,
}

/// How a deal ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(tag = "end", rename_all = "snake_case", deny_unknown_fields)]
pub enum Outcome {
    /// `winner` stopped (Tom), by choice or automatically on its last turn.
    Tom {
        /// The stopper.
        winner: PlayerId,
    },
    /// The stock ran out and `winner` had the most base points ([`Exhaustion::HighestScore`](crate::Exhaustion::HighestScore)).
    HighestScore {
        /// The player with the most base points.
        winner: PlayerId,
    },
    /// `winner` was dealt all four cards of `number` and won at once with 3 points.
    Chongtong {
        /// The holder.
        winner: PlayerId,
        /// The number held four times.
        number: u8,
    },
    /// Nobody won.
    Nagari {
        /// Why.
        cause: NagariCause,
    },
}

impl Outcome {
    /// The winner, or `None` for a nagari.
    #[must_use]
    pub fn winner(self) -> Option<PlayerId> {
        match self {
            Outcome::Tom { winner }
            | Outcome::HighestScore { winner }
            | Outcome::Chongtong { winner, .. } => Some(winner),
            Outcome::Nagari { .. } => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Tom { winner } => write!(f, "seat {winner} stopped (Tom) and wins"),
            Outcome::HighestScore { winner } => {
                write!(
                    f,
                    "the stock ran out; seat {winner} has the most points and wins"
                )
            }
            Outcome::Chongtong { winner, number } => {
                write!(
                    f,
                    "seat {winner} was dealt all four {number}s (chongtong) and wins"
                )
            }
            Outcome::Nagari { cause } => f.write_str(match cause {
                NagariCause::Exhausted => "nagari: the stock ran out and nobody stopped",
                NagariCause::Tie => "nagari: the stock ran out with a tie at the top",
                NagariCause::FloorFour => "nagari: four of a number were dealt to the floor",
                NagariCause::DoubleChongtong => "nagari: two players were dealt a chongtong",
            }),
        }
    }
}

/// How often the deal's special events happened (for statistics; no rule reads them).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(default, deny_unknown_fields)]
pub struct EventCounts {
    /// Stuck stacks made in play (not the ones dealt to the floor).
    pub stacks_made: u8,
    /// Stuck stacks captured (ppuk / 싸기), rewarded or on a last turn.
    pub stacks_taken: u8,
    /// Jjok (쪽): the flip paired the hand card that matched nothing.
    pub jjok: u8,
    /// Ttadak (따닥): the hand card and the flip took all four of a number.
    pub ttadak: u8,
    /// Sweeps (싹쓸이): turns that left the floor empty and were rewarded.
    pub sweeps: u8,
    /// Pi handed over as rewards.
    pub pi_given: u8,
}

/// Counts one more event: the counters stop at 255 rather than overflow (a position read from
/// JSON may start with any count).
pub(crate) fn bump(counter: &mut u8) {
    *counter = counter.saturating_add(1);
}

/// What a deal carries in from the deals before it in a match (nothing for a single deal).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct CarryIn {
    /// The nagari carry factor (1, 2, 4, 8).
    pub carry: u8,
    /// Each seat's shakes carried out of nagari deals.
    pub shakes: [u8; SEATS],
    /// Each seat's bombs carried out of nagari deals.
    pub bombs: [u8; SEATS],
    /// Each seat's stakes still in the pot.
    pub pot: [u32; SEATS],
}

impl CarryIn {
    pub(crate) const NONE: CarryIn = CarryIn {
        carry: 1,
        shakes: [0; SEATS],
        bombs: [0; SEATS],
        pot: [0; SEATS],
    };
}

/// The cards of one deal as dealt, the trace's deal form:
/// `{"dealer":d,"hands":[[...],...],"floor":[...],"stock":[top first]}`.
///
/// [`Deal::seeded`] is how every seeded deal is drawn; [`Letom::from_deal`] starts a deal from
/// any `Deal` (a hand-dealt one, another implementation's).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deal {
    /// The dealer, who plays first.
    pub dealer: PlayerId,
    /// Each seat's hand in the order dealt (with gwang-selling, the seller's order is the one
    /// its cards go under the stock in).
    pub hands: Vec<Vec<DidoCard>>,
    /// The floor cards.
    pub floor: Vec<DidoCard>,
    /// The stock, top first.
    pub stock: Vec<DidoCard>,
}

impl Deal {
    /// Deal `k` of a game from `seed`: the deck shuffled with `GameRng::for_deal(seed, k)`;
    /// the dealer is `dealer`, or else the rules' `first_dealer`, or else drawn from the same
    /// stream (`below(players)`). The floor takes the first cards, then each hand a block in
    /// seat order from the dealer, and the rest is the stock, top first. With gwang-selling
    /// the table is that of one player fewer.
    ///
    /// # Errors
    /// [`SetupError`](crate::SetupError) when the rules do not allow `players` players
    /// ([`Rules::validate`]) or `dealer` is not at the table.
    pub fn seeded(
        rules: &Rules,
        players: usize,
        seed: Seed,
        k: u32,
        dealer: Option<PlayerId>,
    ) -> Result<Deal, crate::SetupError> {
        rules.validate(players)?;
        if let Some(seat) = dealer.filter(|d| d.index() >= players) {
            return Err(crate::SetupError::BadSeat {
                what: "dealer",
                seat,
                why: "is not at the table",
            });
        }
        Ok(Deal::seeded_unchecked(rules, players, seed, k, dealer))
    }

    /// [`Deal::seeded`] for a table the caller has checked.
    pub(crate) fn seeded_unchecked(
        rules: &Rules,
        players: usize,
        seed: Seed,
        k: u32,
        dealer: Option<PlayerId>,
    ) -> Deal {
        Deal::drawn(rules, players, seed, k, dealer).0
    }

    /// The seeded deal, its order as dealt (the shuffled deck itself) and its generator after
    /// the draws (the deck, then the dealer when drawn): what else the deal needs at random
    /// (the reshuffle seed) comes from it.
    pub(crate) fn drawn(
        rules: &Rules,
        players: usize,
        seed: Seed,
        k: u32,
        dealer: Option<PlayerId>,
    ) -> (Deal, AsDealt, GameRng) {
        let players = players.clamp(2, SEATS);
        let mut rng = GameRng::for_deal(seed, k);
        let mut deck = DidoCard::ALL;
        rng.shuffle(&mut deck);
        let dealer = dealer
            .or(rules.first_dealer)
            .filter(|d| d.index() < players)
            .unwrap_or_else(|| PlayerId(rng.below(players as u64) as u8));
        let (floor, hand) = table(players - usize::from(rules.sells(players)));
        let mut hands = vec![Vec::new(); players];
        for i in 0..players {
            let seat = (dealer.index() + i) % players;
            let start = floor + i * hand;
            hands[seat] = deck[start..start + hand].to_vec();
        }
        let deal = Deal {
            dealer,
            hands,
            floor: deck[..floor].to_vec(),
            stock: deck[floor + players * hand..].to_vec(),
        };
        (deal, AsDealt(Some(deck.map(|c| c.index()))), rng)
    }
}

/// One deal of Letom: the cards, whose turn it is and everything the rules remember (shakes,
/// bombs, owed flip-only turns, Ren calls, the carry from earlier nagaris, the table stake).
///
/// Built by [`Game::new`] (a seeded deal), [`Letom::from_deal`] (the
/// cards given) or [`Game::from_setup`] (any position). Its JSON
/// is `{"rules": …, "setup": …}`.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Letom {
    pub(crate) rules: Rules,
    pub(crate) players: u8,
    pub(crate) dealer: PlayerId,
    pub(crate) seller: Option<PlayerId>,
    /// The Guã the seller showed.
    pub(crate) shown: Hand,
    pub(crate) phase: Phase,
    pub(crate) outcome: Option<Outcome>,
    pub(crate) hands: [Hand; SEATS],
    /// In the sale phase: each hand in dealt order (zeros otherwise).
    pub(crate) dealt: [[u8; MAX_HAND]; SEATS],
    pub(crate) floor: Hand,
    pub(crate) captured: [Hand; SEATS],
    /// The stock, bottom first: the top card is `stock[stock_len - 1]`; unused slots are 0.
    pub(crate) stock: [u8; DECK],
    pub(crate) stock_len: u8,
    pub(crate) owed: [u8; SEATS],
    /// The cards each seat revealed by shaking.
    pub(crate) shaken: [Hand; SEATS],
    pub(crate) bombs: [u8; SEATS],
    pub(crate) ren: [u8; SEATS],
    /// Base points at each seat's last Ren call.
    pub(crate) ren_base: [u8; SEATS],
    /// The number of each seat's last Ren call among all calls this deal (1 = the first; 0 =
    /// none).
    pub(crate) ren_order: [u8; SEATS],
    pub(crate) carry_in: CarryIn,
    pub(crate) stake_taker: Option<PlayerId>,
    /// Seats that have finished their first turn (bits).
    pub(crate) first_done: u8,
    pub(crate) events: EventCounts,
    /// With the reshuffle option: the seed the stock is reshuffled with after the sale.
    pub(crate) reshuffle: Option<Seed>,
    /// The cards in the order dealt, for the start's events (not part of the position).
    pub(crate) as_dealt: AsDealt,
}

/// The order a deal's cards were dealt in (the floor, each hand from the dealer's, the stock):
/// what [`Game::start_events`] tells of a deal fresh from
/// [`Letom::start`]. It is history, not position: equal for every state, hashed as nothing,
/// and not in the [`Setup`](crate::Setup) (a position set up has none).
#[derive(Clone, Copy, Debug)]
pub(crate) struct AsDealt(Option<[u8; DECK]>);

impl AsDealt {
    pub(crate) const UNKNOWN: AsDealt = AsDealt(None);

    /// The order of a checked deal.
    pub(crate) fn of(deal: &Deal) -> AsDealt {
        let n = deal.hands.len();
        let mut order = [0u8; DECK];
        let mut at = 0;
        let mut put = |cards: &[DidoCard]| {
            for card in cards {
                if let Some(slot) = order.get_mut(at) {
                    *slot = card.index();
                }
                at += 1;
            }
        };
        put(&deal.floor);
        for i in 0..n {
            put(&deal.hands[(deal.dealer.index() + i) % n]);
        }
        put(&deal.stock);
        AsDealt(Some(order))
    }

    /// The deal back, laid out for `rules` and `players` with `dealer` dealing.
    pub(crate) fn deal(self, rules: &Rules, players: usize, dealer: PlayerId) -> Option<Deal> {
        let order = self.0?;
        let deck: Vec<DidoCard> = order
            .iter()
            .filter_map(|&i| DidoCard::from_index(i))
            .collect();
        let (floor, hand) = table(players - usize::from(rules.sells(players)));
        let mut hands = vec![Vec::new(); players];
        for i in 0..players {
            let start = floor + i * hand;
            hands[(dealer.index() + i) % players] = deck.get(start..start + hand)?.to_vec();
        }
        Some(Deal {
            dealer,
            hands,
            floor: deck.get(..floor)?.to_vec(),
            stock: deck.get(floor + players * hand..)?.to_vec(),
        })
    }
}

impl PartialEq for AsDealt {
    fn eq(&self, _other: &AsDealt) -> bool {
        true
    }
}

impl Eq for AsDealt {}

impl core::hash::Hash for AsDealt {
    fn hash<H: core::hash::Hasher>(&self, _state: &mut H) {}
}

impl Letom {
    /// A table of `players` with no card placed, the dealer to play.
    pub(crate) fn empty(
        rules: &Rules,
        players: usize,
        dealer: PlayerId,
        carry_in: CarryIn,
    ) -> Letom {
        Letom {
            rules: *rules,
            players: players as u8,
            dealer,
            seller: None,
            shown: Hand::EMPTY,
            phase: Phase::Turn { seat: dealer },
            outcome: None,
            hands: [Hand::EMPTY; SEATS],
            dealt: [[0; MAX_HAND]; SEATS],
            floor: Hand::EMPTY,
            captured: [Hand::EMPTY; SEATS],
            stock: [0; DECK],
            stock_len: 0,
            owed: [0; SEATS],
            shaken: [Hand::EMPTY; SEATS],
            bombs: [0; SEATS],
            ren: [0; SEATS],
            ren_base: [0; SEATS],
            ren_order: [0; SEATS],
            carry_in,
            stake_taker: None,
            first_done: 0,
            events: EventCounts::default(),
            reshuffle: None,
            as_dealt: AsDealt::UNKNOWN,
        }
    }

    // ----- readers -------------------------------------------------------------------------

    /// Who must do what.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The dealer (who plays first).
    #[must_use]
    pub fn dealer(&self) -> PlayerId {
        self.dealer
    }

    /// The seat that sold its Guã and sits this deal out, if any.
    #[must_use]
    pub fn seller(&self) -> Option<PlayerId> {
        self.seller
    }

    /// The Guã the seller showed (and is paid for).
    #[must_use]
    pub fn shown_guang(&self) -> Hand {
        self.shown
    }

    /// A seat's hand (empty for a seat not at the table).
    #[must_use]
    pub fn hand(&self, seat: PlayerId) -> Hand {
        self.hands.get(seat.index()).copied().unwrap_or_default()
    }

    /// The floor cards.
    #[must_use]
    pub fn floor(&self) -> Hand {
        self.floor
    }

    /// A seat's captured cards.
    #[must_use]
    pub fn captured(&self, seat: PlayerId) -> Hand {
        self.captured.get(seat.index()).copied().unwrap_or_default()
    }

    /// A seat's base points now (its captured cards scored).
    #[must_use]
    pub fn base_points(&self, seat: PlayerId) -> u32 {
        crate::score(self.captured(seat)).points
    }

    /// The stock, top first.
    #[must_use]
    pub fn stock(&self) -> Vec<DidoCard> {
        self.stock[..usize::from(self.stock_len)]
            .iter()
            .rev()
            .filter_map(|&i| DidoCard::from_index(i))
            .collect()
    }

    /// Cards left in the stock.
    #[must_use]
    pub fn stock_len(&self) -> usize {
        usize::from(self.stock_len)
    }

    /// Flip-only turns a seat still owes (two per bomb).
    #[must_use]
    pub fn owed_flips(&self, seat: PlayerId) -> u8 {
        self.owed.get(seat.index()).copied().unwrap_or(0)
    }

    /// The cards a seat revealed by shaking (three per shake).
    #[must_use]
    pub fn shaken(&self, seat: PlayerId) -> Hand {
        self.shaken.get(seat.index()).copied().unwrap_or_default()
    }

    /// A seat's shakes and bombs in force: this deal's plus those carried out of nagaris
    /// (none for a seat off the table).
    #[must_use]
    pub fn multipliers(&self, seat: PlayerId) -> (u32, u32) {
        let s = seat.index();
        if s >= self.num_players() {
            return (0, 0);
        }
        (
            self.shaken[s].len() as u32 / 3 + u32::from(self.carry_in.shakes[s]),
            u32::from(self.bombs[s]) + u32::from(self.carry_in.bombs[s]),
        )
    }

    /// A seat's Ren calls this deal.
    #[must_use]
    pub fn ren_calls(&self, seat: PlayerId) -> u8 {
        self.ren.get(seat.index()).copied().unwrap_or(0)
    }

    /// The nagari carry factor in force (1 when the previous deal was not a nagari).
    #[must_use]
    pub fn carry(&self) -> u32 {
        u32::from(self.carry_in.carry)
    }

    /// Each seat's stakes in the pot (this deal's included).
    #[must_use]
    pub fn pot(&self) -> PerSeat<u32> {
        PerSeat::from_fn(self.num_players(), |p| self.carry_in.pot[p.index()]).unwrap_or_default()
    }

    /// The seat that took the pot with a stuck stack, bomb, ttadak or jjok on its first turn.
    #[must_use]
    pub fn stake_taker(&self) -> Option<PlayerId> {
        self.stake_taker
    }

    /// How often the deal's special events happened.
    #[must_use]
    pub fn counts(&self) -> EventCounts {
        self.events
    }

    /// The step-by-step settlement of a deal won by Tom or by the highest score (`None` for
    /// a chongtong, a nagari or a deal not over), in table seats: a seller who sat out is
    /// neither winner nor loser and has no bak, owes 0 and pays 0 (its price for the Guã is
    /// outside the settlement, in the deal's returns). Amounts beyond 64 bits (no real deal comes
    /// near) give `None`, and the deal settles as 0 for everyone.
    #[must_use]
    pub fn settlement_details(&self) -> Option<Settlement> {
        let (winner, ren_counts) = match self.outcome? {
            Outcome::Tom { winner } => (winner, true),
            Outcome::HighestScore { winner } => (winner, false),
            _ => return None,
        };
        let n = self.num_players();
        let table = WinTable {
            rules: &self.rules,
            captured: &self.captured[..n],
            ren: &self.ren[..n],
            ren_order: &self.ren_order[..n],
            shaken: &self.shaken[..n],
            bombs: &self.bombs[..n],
            carried_shakes: &self.carry_in.shakes[..n],
            carried_bombs: &self.carry_in.bombs[..n],
            carry: self.carry_in.carry,
            seller: self.seller,
        };
        table.settle(winner, ren_counts)
    }

    /// What a chongtong win takes from each other seat, for a deal won by chongtong.
    #[must_use]
    pub fn chongtong_pay(&self) -> Option<crate::ChongtongPay> {
        let Some(Outcome::Chongtong { winner, .. }) = self.outcome else {
            return None;
        };
        let (shakes, bombs) = self.multipliers(winner);
        Some(chongtong_pay(
            &self.rules,
            shakes,
            bombs,
            self.carry_in.carry,
            self.num_players(),
        ))
    }

    /// The deal's Guã sale, when a seat sold.
    #[must_use]
    pub fn sale(&self) -> Option<crate::Sale> {
        let seller = self.seller?;
        Some(crate::Sale {
            seller,
            shown: self.shown,
            each: i64::from(self.rules.gwang_price) * self.shown.len() as i64,
        })
    }

    /// What each seat paid into and took from the pot this deal: `(paid, taken)`. The stakes
    /// are paid at the deal (after the sale, with gwang-selling); the pot is taken once the
    /// deal is over, by the first-turn taker or else the winner, and a nagari without a
    /// first-turn taker leaves it for the next deal.
    #[must_use]
    pub fn stakes(&self) -> (PerSeat<i64>, PerSeat<i64>) {
        let n = self.num_players();
        let paid = PerSeat::from_fn(n, |p| {
            let playing = !matches!(self.phase, Phase::Sale { .. }) && Some(p) != self.seller;
            if playing {
                i64::from(self.rules.stake)
            } else {
                0
            }
        })
        .unwrap_or_default();
        let mut taken = PerSeat::<i64>::new(n).unwrap_or_default();
        if let Some(taker) = self.pot_winner() {
            taken[taker.index()] = self.carry_in.pot.iter().map(|&v| i64::from(v)).sum();
        }
        (paid, taken)
    }

    /// Who takes the pot: the first-turn taker, else the deal's winner once it is over.
    pub(crate) fn pot_winner(&self) -> Option<PlayerId> {
        self.stake_taker
            .or_else(|| self.outcome.and_then(Outcome::winner))
            .filter(|_| self.outcome.is_some() && self.rules.stake > 0)
    }

    /// The seats that play this deal (all but the seller), in seat order.
    pub(crate) fn playing(&self) -> impl Iterator<Item = usize> + Clone + '_ {
        (0..self.num_players()).filter(move |&s| Some(PlayerId(s as u8)) != self.seller)
    }

    /// The last seat asked in the sale (the seat before the dealer): it must sell.
    pub(crate) fn must_sell(&self, seat: PlayerId) -> bool {
        seat.next(self.num_players()) == self.dealer
    }
}

/// What a chongtong holder with `shakes` and `bombs` in force takes from each of the other
/// `players − 1` seats at nagari carry `carry`: 3 × 2^shakes × bomb^bombs × carry, or 0 when
/// the whole (every loser's) does not fit 64 bits (G26).
pub(crate) fn chongtong_pay(
    rules: &Rules,
    shakes: u32,
    bombs: u32,
    carry: u8,
    players: usize,
) -> crate::ChongtongPay {
    let shake_multiplier = 2i64.checked_pow(shakes).unwrap_or(0);
    let bomb_multiplier = rules.bomb.factor().checked_pow(bombs).unwrap_or(0);
    let each = 3i64
        .checked_mul(shake_multiplier)
        .and_then(|a| a.checked_mul(bomb_multiplier))
        .and_then(|a| a.checked_mul(i64::from(carry)))
        .and_then(|a| a.checked_mul(players as i64 - 1).map(|_| a))
        .unwrap_or(0);
    crate::ChongtongPay {
        shakes,
        shake_multiplier,
        bombs,
        bomb_multiplier,
        carry: i64::from(carry),
        each,
    }
}

/// The public parts of a deal that settle a win, one entry per table seat: what
/// [`Letom::settlement_details`] settles, and what a seat's screen settles to show what a Tom
/// would win now.
pub(crate) struct WinTable<'a> {
    pub rules: &'a Rules,
    pub captured: &'a [Hand],
    pub ren: &'a [u8],
    pub ren_order: &'a [u8],
    pub shaken: &'a [Hand],
    pub bombs: &'a [u8],
    pub carried_shakes: &'a [u8],
    pub carried_bombs: &'a [u8],
    pub carry: u8,
    pub seller: Option<PlayerId>,
}

impl WinTable<'_> {
    /// A seat's shakes and bombs in force: this deal's and those carried out of nagaris.
    fn multipliers(&self, s: usize) -> (u32, u32) {
        let at = |v: &[u8]| u32::from(v.get(s).copied().unwrap_or(0));
        (
            self.shaken.get(s).map_or(0, |h| h.len() as u32 / 3) + at(self.carried_shakes),
            at(self.bombs) + at(self.carried_bombs),
        )
    }

    /// The end of a deal that ended with `outcome`, from its public parts (a seat's screen
    /// tells it as the `deal_ended` event does): the settlement or the chongtong's pay, the
    /// Guã sale (`shown`, the seller's Guã) and each seat's base points and returns.
    pub(crate) fn deal_end(&self, outcome: Outcome, shown: Hand) -> crate::DealEnd {
        let n = self.captured.len();
        let settlement = match outcome {
            Outcome::Tom { winner } => self.settle(winner, true),
            Outcome::HighestScore { winner } => self.settle(winner, false),
            _ => None,
        };
        let chongtong = match outcome {
            Outcome::Chongtong { winner, .. } => {
                let (shakes, bombs) = self.multipliers(winner.index());
                Some(chongtong_pay(self.rules, shakes, bombs, self.carry, n))
            }
            _ => None,
        };
        let sale = self.seller.map(|seller| crate::Sale {
            seller,
            shown,
            each: i64::from(self.rules.gwang_price) * shown.len() as i64,
        });
        let mut returns = vec![0i64; n];
        if let Some(s) = &settlement {
            returns
                .iter_mut()
                .zip(s.returns.iter())
                .for_each(|(r, v)| *r = *v);
        }
        if let (Some(c), Some(w)) = (&chongtong, outcome.winner()) {
            for (s, r) in returns.iter_mut().enumerate() {
                *r = if s == w.index() {
                    c.each * (n as i64 - 1)
                } else {
                    -c.each
                };
            }
        }
        if let Some(sale) = &sale {
            for (s, r) in returns.iter_mut().enumerate() {
                if s == sale.seller.index() {
                    *r += sale.each * (n as i64 - 1);
                } else {
                    *r -= sale.each;
                }
            }
        }
        crate::DealEnd {
            outcome,
            score: self
                .captured
                .iter()
                .map(|&pile| i64::from(crate::score(pile).points))
                .collect(),
            returns,
            settlement,
            chongtong,
            sale,
        }
    }

    /// The settlement of `winner`'s win, its Ren calls counted when `ren_counts` (a Tom), in
    /// table seats (the seller's entries zero); `None` when a list is short or an amount is
    /// beyond 64 bits.
    pub(crate) fn settle(&self, winner: PlayerId, ren_counts: bool) -> Option<Settlement> {
        let n = self.captured.len();
        if [self.ren.len(), self.ren_order.len()]
            .iter()
            .any(|&l| l != n)
        {
            return None;
        }
        let seats: Vec<usize> = (0..n)
            .filter(|&s| Some(PlayerId(s as u8)) != self.seller)
            .collect();
        let w = seats.iter().position(|&s| s == winner.index())?;
        let mut ren: Vec<i64> = seats.iter().map(|&s| i64::from(self.ren[s])).collect();
        if !ren_counts {
            ren[w] = 0;
        }
        let last_loser = seats
            .iter()
            .enumerate()
            .filter(|&(i, &s)| i != w && self.ren_order[s] > 0)
            .max_by_key(|&(_, &s)| self.ren_order[s])
            .map(|(i, _)| i);
        let last_ren = match self.rules.dokbak {
            Dokbak::LastLoser => last_loser,
            Dokbak::LastRenCaller => last_loser.filter(|&i| {
                self.ren_order[seats[i]] > self.ren_order[winner.index()] || !ren_counts
            }),
        };
        let input = SettleInput {
            captured: seats.iter().map(|&s| self.captured[s]).collect(),
            winner: w,
            ren,
            last_ren,
            shakes: seats
                .iter()
                .map(|&s| i64::from(self.multipliers(s).0))
                .collect(),
            bombs: seats
                .iter()
                .map(|&s| i64::from(self.multipliers(s).1))
                .collect(),
            carry: i64::from(self.carry),
        };
        let mut details = crate::settle(&input, self.rules).ok()?;
        if let Some(seller) = self.seller {
            // Back to table seats: the seller's entries are inserted as zeros.
            let at = seller.index();
            let shift = |i: usize| i + usize::from(i >= at);
            details.dokbak = details.dokbak.map(shift);
            details.winner = shift(details.winner);
            details.baks = insert_at(&details.baks, at);
            details.owed = insert_at(&details.owed, at);
            details.pay = insert_at(&details.pay, at);
            details.returns = insert_at(&details.returns, at);
        }
        Some(details)
    }
}

/// `values` with a default value inserted at `at`.
fn insert_at<T: Copy + Default>(values: &PerSeat<T>, at: usize) -> PerSeat<T> {
    let mut out: Vec<T> = values.iter().copied().collect();
    out.insert(at.min(out.len()), T::default());
    PerSeat::from_slice(&out).unwrap_or_default()
}

/// Sets of numbers as 9-bit masks (bit `n` for number `n`), read off a card set's four colour
/// rows at once: the legal shakes and bombs without a loop over the numbers.
mod numbers {
    use super::Hand;

    const ROW: u64 = 0x1ff;

    fn rows(set: Hand) -> [u64; 4] {
        let b = set.bits();
        [b & ROW, (b >> 9) & ROW, (b >> 18) & ROW, (b >> 27) & ROW]
    }

    /// The numbers `set` holds at least once.
    pub(super) fn any(set: Hand) -> u64 {
        let [a, b, c, d] = rows(set);
        a | b | c | d
    }

    /// The numbers `set` holds exactly once.
    pub(super) fn ones(set: Hand) -> u64 {
        let [a, b, c, d] = rows(set);
        let two_or_more = (a & (b | c | d)) | (b & (c | d)) | (c & d);
        (a | b | c | d) & !two_or_more
    }

    /// The numbers `set` holds exactly three times.
    pub(super) fn threes(set: Hand) -> u64 {
        let [a, b, c, d] = rows(set);
        let (ab, cd) = (a & b, c & d);
        ((ab & (c | d)) | (cd & (a | b))) & !(ab & cd)
    }

    /// The numbers of a mask, in increasing order.
    pub(super) fn each(mut mask: u64) -> impl Iterator<Item = u8> {
        core::iter::from_fn(move || {
            let n = mask.trailing_zeros();
            (mask != 0).then(|| {
                mask &= mask - 1;
                n as u8
            })
        })
    }
}

/// Why a seat holding `hand`, having revealed `shaken`, cannot shake (or bomb) `n`.
pub(crate) fn shake_problem(hand: Hand, shaken: Hand, n: u8) -> Option<&'static str> {
    if usize::from(n) >= NUMBERS {
        Some("numbers are 0 to 8")
    } else if of_number(hand, n).len() != 3 {
        Some("your hand does not hold three of them")
    } else if !of_number(shaken, n).is_empty() {
        Some("you shook them already")
    } else {
        None
    }
}

/// The legal actions from what the seat to act sees (shared by the game and its views).
#[inline]
pub(crate) fn each_legal(
    phase: Phase,
    hand: Hand,
    floor: Hand,
    owed: u8,
    shaken: Hand,
    must_sell: bool,
    mut f: impl FnMut(Action),
) {
    match phase {
        Phase::Sale { .. } => {
            f(Action::Sell);
            if !must_sell {
                f(Action::Keep);
            }
        }
        Phase::Turn { .. } => {
            let triples = numbers::threes(hand) & !numbers::any(shaken);
            for n in numbers::each(triples) {
                f(Action::Shake(n));
            }
            for n in numbers::each(triples & numbers::ones(floor)) {
                f(Action::Bomb(n));
            }
            for card in hand {
                let matching = of_number(floor, card.number());
                if matching.len() == 2 {
                    for d in matching {
                        f(Action::PlayOnto(card, d));
                    }
                } else {
                    f(Action::Play(card));
                }
            }
            if owed > 0 {
                f(Action::Flip);
            }
        }
        Phase::Take { flipped, .. } => {
            of_number(floor, flipped.number())
                .iter()
                .map(Action::Take)
                .for_each(f);
        }
        Phase::Decide { .. } => {
            f(Action::Ren);
            f(Action::Tom);
        }
        Phase::Over => {}
    }
}

impl fmt::Debug for Letom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Letom")
            .field("players", &self.players)
            .field("dealer", &self.dealer)
            .field("seller", &self.seller)
            .field("phase", &self.phase)
            .field("outcome", &self.outcome)
            .field("hands", &&self.hands[..self.num_players()])
            .field("floor", &self.floor)
            .field("captured", &&self.captured[..self.num_players()])
            .field("stock", &self.stock())
            .field("owed", &&self.owed[..self.num_players()])
            .field("shaken", &&self.shaken[..self.num_players()])
            .field("bombs", &&self.bombs[..self.num_players()])
            .field("ren", &&self.ren[..self.num_players()])
            .finish_non_exhaustive()
    }
}

impl fmt::Display for Letom {
    /// The table: the phase, the floor, each seat's hand, captured cards and points, the stock.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.outcome {
            Some(outcome) => writeln!(f, "{outcome}")?,
            None => writeln!(f, "{}", self.phase)?,
        }
        writeln!(f, "floor: {}", self.floor)?;
        for s in 0..self.num_players() {
            let seat = PlayerId(s as u8);
            let role = if Some(seat) == self.seller {
                " (sold)"
            } else if seat == self.dealer {
                " (dealer)"
            } else {
                ""
            };
            writeln!(
                f,
                "seat {s}{role}: hand {} | captured {} | {} points, {} Ren",
                self.hands[s],
                self.captured[s],
                crate::score(self.captured[s]).points,
                self.ren[s]
            )?;
        }
        write!(f, "stock: {} cards", self.stock_len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::{DOUBLE_PI, SINGLE_PI};

    #[test]
    fn number_masks_count_each_number() {
        for bits in [
            0u64,
            0xf_ffff_ffff,
            0x1_2345_6789,
            0xe_dcba_9876,
            0x8_0402_0100,
        ] {
            let set = Hand::from_bits_truncate(bits);
            for n in 0..NUMBERS as u8 {
                let k = of_number(set, n).len();
                assert_eq!(numbers::any(set) >> n & 1 == 1, k > 0, "{set} {n}");
                assert_eq!(numbers::ones(set) >> n & 1 == 1, k == 1, "{set} {n}");
                assert_eq!(numbers::threes(set) >> n & 1 == 1, k == 3, "{set} {n}");
            }
        }
        assert_eq!(
            numbers::each(0b1_0010_0110).collect::<Vec<_>>(),
            [1, 2, 5, 8]
        );
    }

    #[test]
    fn pi_masks() {
        let single: Hand = "A1 A2 A3 A4 A5 A6 A7 A8 S1 S2 S3 S4 S5 S6 S7"
            .split(' ')
            .map(|c| c.parse::<DidoCard>().unwrap())
            .collect();
        assert_eq!(single.bits(), SINGLE_PI);
        assert_eq!(Hand::from_bits_truncate(DOUBLE_PI).to_string(), "S8");
    }
}
