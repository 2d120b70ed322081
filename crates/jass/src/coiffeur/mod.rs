//! [`Coiffeur`]: a whole Coiffeur game — each side plays every slot of its score sheet once,
//! one deal per slot — as a `Game` with `DirectIndex`; its [`Slot`]s, [`ScoreSheet`],
//! [`CoiffeurSetup`], [`CoiffeurView`] and [`CoiffeurOutcome`].

use core::fmt;
use core::ops::RangeInclusive;
use core::str::FromStr;

use cards_core::{
    CardSet, Census, Draw as _, Events, Game, JassCard, JassSuit, ObserveError, PerSeat,
    PlayerCountError, PlayerId, Rng, Seed,
};

use crate::action::trio_allows;
use crate::card_play::{CardPlay, PLAYS, seat_after_at};
use crate::sampling::{HiddenDeal, evidence};
use crate::schieber_deal::view::{follow_card, follow_trick, misfit, seen_hands, trick_views};
use crate::schieber_deal::{Hand, TRICKS, each_legal, trio_due};
use crate::{
    Action, CoiffeurFactors, CoiffeurRules, Contract, Event, Joker, MATCH_BONUS, Mode, RuleError,
    Rules, SeededDeal, SetupError, TrickView, ViewError,
};

mod game;
mod playout;
mod screen;
mod setup;
mod sheet;
mod slot;
mod view;

pub use setup::CoiffeurSetup;
use sheet::sheet_of;
pub use sheet::{ScoreSheet, SheetCell, SheetEntry, SheetSide, SheetSlot};
pub use slot::{ParseSlotError, Slot, coiffeur_points};
pub use view::CoiffeurView;

/// Seats at a Coiffeur table.
const SEATS: usize = Rules::MAX_PLAYERS;
/// The most slots on a side's sheet: the eight of the base table and four extras.
const MAX_SLOTS: usize = Slot::ALL.len();
/// Actions in one deal at most: a pass by each seat, the choice, three Trio modes, 36 cards.
const DEAL_ACTIONS: usize = SEATS + 1 + 3 + PLAYS;
/// Card points of a whole deal (the last trick's 5 included): the most a side can take.
const DEAL_POINTS: u32 = 157;
/// How many sampled deals [`CoiffeurView::sample_world`] tries before it gives up.
const MAX_TRIES: usize = 400;
/// The game's name in errors.
const GAME: &str = "Coiffeur";

/// How a Coiffeur game ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoiffeurOutcome {
    /// Each side's total (team play: two sides, seats 0 and 2 then 1 and 3; individual play:
    /// four, seat by seat).
    pub totals: Vec<u32>,
    /// The sides with the highest total, in order (several on a tie).
    pub winners: Vec<usize>,
    /// The deals played.
    pub deals: u32,
}

impl CoiffeurOutcome {
    /// The outcome of these totals: the winners are the sides with the highest total.
    #[must_use]
    pub fn from_totals(totals: Vec<u32>, deals: u32) -> CoiffeurOutcome {
        let best = totals.iter().copied().max().unwrap_or(0);
        let winners = (0..totals.len()).filter(|&s| totals[s] == best).collect();
        CoiffeurOutcome {
            totals,
            winners,
            deals,
        }
    }

    /// Whether each seat plays for itself (four sides).
    fn individual(&self) -> bool {
        self.totals.len() == SEATS
    }

    /// The side of `seat` (team play: seat mod 2).
    fn side_of(&self, seat: usize) -> usize {
        if self.individual() { seat } else { seat % 2 }
    }

    /// The returns per seat (zero-sum): team play +1 for each seat of the winning team, −1
    /// for the others, all 0 on a tie; individual play a sole winner +3 and the others −1,
    /// `k` tied winners (4 − k)/k each and the others −1 (all 0 when all four tie).
    #[must_use]
    pub fn returns(&self) -> [f64; SEATS] {
        // The settlement is 3 × the returns in individual play (so k = 3 ties stay integral).
        let scale = if self.individual() { 3.0 } else { 1.0 };
        self.settlement().map(|v| v as f64 / scale)
    }

    /// The integer settlement per seat (zero-sum): team play the returns; individual play 3 ×
    /// the returns (a sole winner +9 and the others −3; two tied winners +3, three +1 each),
    /// so every tie stays integral.
    #[must_use]
    pub fn settlement(&self) -> [i64; SEATS] {
        let k = self.winners.len();
        let winner = |seat: usize| self.winners.contains(&self.side_of(seat));
        if self.individual() {
            let k = k.clamp(1, SEATS) as i64;
            core::array::from_fn(|seat| {
                if winner(seat) {
                    3 * (SEATS as i64 - k) / k
                } else {
                    -3
                }
            })
        } else if k == 1 {
            core::array::from_fn(|seat| if winner(seat) { 1 } else { -1 })
        } else {
            [0; SEATS]
        }
    }
}

impl fmt::Display for CoiffeurOutcome {
    /// A sentence: `Seats 0 and 2 win 1234 to 1180 after 16 deals.` or, individually,
    /// `Seat 3 wins with 640 (seat 0: 590, seat 1: 420, seat 2: 611) after 32 deals.`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let deals = if self.deals == 1 {
            "1 deal".to_owned()
        } else {
            format!("{} deals", self.deals)
        };
        let best = self.totals.iter().copied().max().unwrap_or(0);
        if !self.individual() {
            let a = self.totals.first().copied().unwrap_or(0);
            let b = self.totals.get(1).copied().unwrap_or(0);
            return match self.winners.as_slice() {
                [0] => write!(f, "Seats 0 and 2 win {a} to {b} after {deals}."),
                [_] => write!(f, "Seats 1 and 3 win {b} to {a} after {deals}."),
                _ => write!(f, "A tie at {best} after {deals}."),
            };
        }
        let names: Vec<String> = self.winners.iter().map(ToString::to_string).collect();
        match names.as_slice() {
            [one] => write!(f, "Seat {one} wins with {best}")?,
            many => write!(f, "Seats {} tie for first with {best}", many.join(", "))?,
        }
        let others: Vec<String> = (0..self.totals.len())
            .filter(|s| !self.winners.contains(s))
            .map(|s| format!("seat {s}: {}", self.totals[s]))
            .collect();
        if !others.is_empty() {
            write!(f, " ({})", others.join(", "))?;
        }
        write!(f, " after {deals}.")
    }
}

/// The seat choosing, and whether it may pass, at a deal dealt by `dealer` with the sides'
/// open slots `open` after `passes` passes: the eligible seats (whose side has an open slot)
/// in order from the seat after the dealer may each pass once; then the first of them must
/// choose (at once when it is the only one). `None` when no side has an open slot.
#[inline]
fn chooser(
    dealer: PlayerId,
    open: &[u16; SEATS],
    rules: &CoiffeurRules,
    passes: usize,
) -> Option<(PlayerId, bool, [PlayerId; SEATS], usize)> {
    let mut eligible = [PlayerId(0); SEATS];
    let mut n = 0;
    for i in 1..=SEATS {
        let seat = seat_after_at(dealer, i, SEATS);
        if open[rules.side_of(seat)] != 0 {
            eligible[n] = seat;
            n += 1;
        }
    }
    if n == 0 {
        return None;
    }
    let (seat, may_pass) = if passes < n {
        (eligible[passes], n > 1)
    } else {
        (eligible[0], false)
    };
    Some((seat, may_pass, eligible, n))
}

/// Calls `f` with every choice a seat whose side has the open slots `open` may make: the
/// open mode slots in [`Mode::ALL`] order, each open Joker with the six modes in `Mode::ALL`
/// order, the open extras in [`Contract::VARIANTS`] order, then `pass` when allowed.
fn each_choice(open: u16, may_pass: bool, mut f: impl FnMut(Action)) {
    let is_open = |slot: Slot| open & slot.bit() != 0;
    for mode in Mode::ALL {
        if is_open(Slot::Mode(mode)) {
            f(Action::Name(Contract::Mode(mode)));
        }
    }
    for joker in Joker::ALL {
        if is_open(Slot::Joker(joker)) {
            Mode::ALL
                .into_iter()
                .for_each(|mode| f(Action::Joker(joker, mode)));
        }
    }
    for contract in Contract::VARIANTS {
        if let Some((slot, _)) = Slot::of_action(Action::Name(contract))
            && is_open(slot)
        {
            f(Action::Name(contract));
        }
    }
    if may_pass {
        f(Action::Pass);
    }
}

/// Checks the rules for a Coiffeur table of `players` seats.
fn validate_rules(rules: &Rules, players: usize) -> Result<(), SetupError> {
    PlayerCountError::check(<Coiffeur as Game>::NAME, players, Coiffeur::PLAYERS)?;
    rules.validate_numbers()?;
    if let Some(seat) = rules.first_dealer
        && seat.index() >= players
    {
        return Err(SetupError::SeatNotAtTable {
            what: "first_dealer",
            seat,
            seats: players,
        });
    }
    Ok(())
}

/// The slot chosen this deal, the contract it is played as and the declarer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Choice {
    slot: Slot,
    contract: Contract,
    declarer: PlayerId,
}

/// A whole Coiffeur game (`docs/jass.md`, "Coiffeur"): four seats, in two teams (seats 0 and
/// 2 against 1 and 3) or each for itself ([`CoiffeurRules::individual`]); each side plays each
/// slot of its score sheet once ([`Slot`]: the four trumps, Obenabe, Undenufe, two Jokers and
/// the extras enabled), one deal per slot, so a game lasts slots × sides deals
/// ([`CoiffeurRules::deals`]).
///
/// Each deal: the seat after the dealer chooses an open slot of its side or passes; a pass
/// moves the choice to the next seat whose side has an open slot; when all have passed, the
/// first of them must choose. The declarer leads; the nine tricks are played in the chosen
/// contract (a Trio's segment modes named by the leaders of tricks 1, 4 and 7); only the
/// declaring side scores, [`coiffeur_points`] at the slot's factor. No Weis, no Stöck. The
/// highest total wins.
///
/// Deal `k` is [`SeededDeal::later`]`(seed, k, 4, the seat after the previous dealer)`, deal 0
/// [`SeededDeal::first`] (dealer from the seed unless [`Rules::first_dealer`]).
///
/// ```
/// use jass::{Action, Game, Coiffeur, Rules, Seed};
/// let mut game = Coiffeur::new(&Rules::default(), 4, Seed::from(3))?;
/// let mut moves = Vec::new();
/// game.legal_actions(&mut moves); // the open slots of the chooser's side, then pass
/// assert_eq!(moves.last(), Some(&Action::Pass));
/// while game.to_act().is_some() {
///     game.legal_actions(&mut moves);
///     game.play(moves[0])?;
/// }
/// let outcome = game.outcome().expect("over");
/// assert_eq!(outcome.deals, 16);
/// assert_eq!(game.settlement().iter().sum::<i64>(), 0);
/// println!("{}\n{outcome}", game.score_sheet());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Coiffeur {
    rules: Rules,
    seed: Seed,
    /// The current deal's number, from 0.
    deal_number: u32,
    dealer: PlayerId,
    /// The hands as dealt.
    dealt: [Hand; SEATS],
    /// The sheet: side × slot (by [`Slot::ALL`] index).
    cells: [[Option<SheetEntry>; MAX_SLOTS]; SEATS],
    /// Passes so far this deal.
    passes: u8,
    choice: Option<Choice>,
    /// The Trio segment modes named so far (the first `trio_len`).
    trio: [Mode; 3],
    trio_len: u8,
    /// The card play (before the choice: forehand leads, nothing played).
    tricks: CardPlay,
    over: bool,
}

impl Coiffeur {
    /// The player counts of Coiffeur: exactly four.
    pub const PLAYERS: RangeInclusive<usize> = 4..=4;

    /// The game at the start of a deal (unchecked: callers validate).
    fn at(
        rules: &Rules,
        seed: Seed,
        deal_number: u32,
        dealer: PlayerId,
        hands: [Hand; SEATS],
        cells: [[Option<SheetEntry>; MAX_SLOTS]; SEATS],
    ) -> Coiffeur {
        let mut game = Coiffeur {
            rules: *rules,
            seed,
            deal_number,
            dealer,
            dealt: hands,
            cells,
            passes: 0,
            choice: None,
            trio: [Mode::Obenabe; 3],
            trio_len: 0,
            tricks: CardPlay::new(SEATS, hands, seat_after_at(dealer, 1, SEATS)),
            over: false,
        };
        game.start_deal(dealer, hands);
        game
    }

    fn start_deal(&mut self, dealer: PlayerId, hands: [Hand; SEATS]) {
        self.dealer = dealer;
        self.dealt = hands;
        self.passes = 0;
        self.choice = None;
        // Cleared whole: equal positions are equal states.
        self.trio = [Mode::Obenabe; 3];
        self.trio_len = 0;
        self.tricks = CardPlay::new(SEATS, hands, seat_after_at(dealer, 1, SEATS));
    }

    #[inline]
    fn coiffeur(&self) -> &CoiffeurRules {
        &self.rules.coiffeur
    }

    /// Each side's open slots (a mask over [`Slot::ALL`]).
    #[inline]
    pub(crate) fn open(&self) -> [u16; SEATS] {
        let table = self.coiffeur().table_mask();
        let sides = self.coiffeur().sides();
        core::array::from_fn(|side| {
            if side >= sides {
                return 0;
            }
            Slot::ALL
                .into_iter()
                .filter(|s| self.cells[side][s.index()].is_some())
                .fold(table, |m, s| m & !s.bit())
        })
    }

    #[inline]
    fn chooser(&self) -> Option<(PlayerId, bool, [PlayerId; SEATS], usize)> {
        chooser(
            self.dealer,
            &self.open(),
            self.coiffeur(),
            usize::from(self.passes),
        )
    }

    #[inline]
    fn trio(&self) -> &[Mode] {
        &self.trio[..usize::from(self.trio_len).min(3)]
    }

    fn choose(&mut self, action: Action, events: &mut impl Events<Event>) -> Result<(), RuleError> {
        let (seat, may_pass, ..) = self.chooser().ok_or(RuleError::GameOver)?;
        match action {
            Action::Pass if may_pass => {
                self.passes += 1;
                events.emit(|| Event::Passed { seat });
                Ok(())
            }
            Action::Pass => Err(RuleError::MustChoose { seat }),
            Action::Name(_) | Action::Joker(..) => {
                let open = self.open()[self.coiffeur().side_of(seat)];
                match Slot::of_action(action) {
                    Some((slot, contract)) if open & slot.bit() != 0 => {
                        self.choice = Some(Choice {
                            slot,
                            contract,
                            declarer: seat,
                        });
                        // The declarer leads the first trick.
                        self.tricks = CardPlay::new(SEATS, self.dealt, seat);
                        events.emit(|| Event::SlotChosen {
                            seat,
                            slot,
                            contract,
                        });
                        Ok(())
                    }
                    _ => Err(RuleError::NotOpen { action }),
                }
            }
            Action::Play(_) | Action::TrioMode(_) => Err(RuleError::ContractFirst { action }),
            Action::Push | Action::Predict(_) => Err(RuleError::OtherGame { action, game: GAME }),
        }
    }

    fn play_step(
        &mut self,
        contract: Contract,
        action: Action,
        events: &mut impl Events<Event>,
    ) -> Result<(), RuleError> {
        let trick_no = self.tricks.trick_no();
        let due = trio_due(Some(contract), self.tricks.trick(), trick_no, self.trio());
        match action {
            Action::TrioMode(mode) if due => {
                if !trio_allows(self.trio(), mode) {
                    return Err(RuleError::TrioModeUsed { mode });
                }
                if let Some(slot) = self.trio.get_mut(usize::from(self.trio_len)) {
                    *slot = mode;
                    self.trio_len += 1;
                }
                events.emit(|| Event::TrioMode {
                    seat: self.tricks.leader(),
                    mode,
                });
                Ok(())
            }
            Action::TrioMode(_) => Err(RuleError::TrioTurn {
                action,
                why: "a Trio mode is named only at the start of tricks 1, 4 and 7 of a Trio",
            }),
            Action::Play(_) if due => Err(RuleError::TrioTurn {
                action,
                why: "the leader names this Trio segment's mode first",
            }),
            Action::Play(card) => {
                let trio = self.trio();
                let (Some(mode), Some(counting)) = (
                    contract.trick_mode(trick_no, trio),
                    contract.counting_mode(trio),
                ) else {
                    return Err(RuleError::TrioTurn {
                        action,
                        why: "the leader names this Trio segment's mode first",
                    });
                };
                let (seat, end) = self.tricks.play(card, mode, counting, &self.rules.play)?;
                events.emit(|| Event::Played { seat, card });
                if let Some(end) = end {
                    events.emit(|| Event::TrickTaken {
                        seat: end.winner,
                        points: end.points,
                        last: end.last,
                    });
                    if end.last {
                        self.end_deal(events);
                    }
                }
                Ok(())
            }
            Action::Pass | Action::Name(_) | Action::Joker(..) => {
                Err(RuleError::ContractNamed { action })
            }
            Action::Push | Action::Predict(_) => Err(RuleError::OtherGame { action, game: GAME }),
        }
    }

    /// The declaring side's card points and whether it took every trick, this deal so far.
    fn declarer_take(&self, declarer: PlayerId) -> (u32, bool) {
        let (points, won) = (self.tricks.points(), self.tricks.won());
        let side = self.coiffeur().side_of(declarer);
        let (mut cp, mut tricks) = (0, 0);
        for seat in PlayerId::all(SEATS).filter(|&s| self.coiffeur().side_of(s) == side) {
            cp += points[seat.index()];
            tricks += usize::from(won[seat.index()]);
        }
        (cp, tricks == TRICKS)
    }

    /// After the last trick: the sheet's cell, then the next deal or the end.
    fn end_deal(&mut self, events: &mut impl Events<Event>) {
        let Some(choice) = self.choice else {
            return;
        };
        let (card_points, matched) = self.declarer_take(choice.declarer);
        let factor = choice.slot.factor(&self.coiffeur().factors);
        let side = self.coiffeur().side_of(choice.declarer);
        let entry = SheetEntry {
            contract: choice.contract,
            declarer: choice.declarer,
            card_points,
            matched,
            points: coiffeur_points(card_points, matched, factor),
            deal: self.deal_number,
        };
        self.cells[side][choice.slot.index()] = Some(entry);
        if matched {
            events.emit(|| Event::Match {
                side,
                points: MATCH_BONUS,
                seats: self.coiffeur().seats_of(side),
            });
        }
        events.emit(|| Event::CellFilled {
            side,
            slot: choice.slot,
            entry,
            seats: self.coiffeur().seats_of(side),
        });
        events.emit(|| Event::DealScored {
            summary: Some(crate::DealSummary::Coiffeur {
                deal: self.deal_number,
                deals: self.coiffeur().deals(),
                declarer: choice.declarer,
                seats: self.coiffeur().seats_of(side),
                slot: choice.slot,
                contract: choice.contract,
                factor,
                card_points,
                matched,
                points: entry.points,
                totals: self
                    .totals()
                    .into_iter()
                    .enumerate()
                    .map(|(s, t)| (self.coiffeur().seats_of(s), t))
                    .collect(),
            }),
            score: (0..self.coiffeur().sides())
                .map(|s| {
                    if s == side {
                        i64::from(entry.points)
                    } else {
                        0
                    }
                })
                .collect(),
        });
        if self.open().iter().all(|&m| m == 0) {
            self.over = true;
            if let Some(outcome) = self.outcome() {
                events.emit(|| Event::CoiffeurOver {
                    outcome,
                    sheet: Some(self.score_sheet()),
                });
            }
            return;
        }
        self.deal_number = self.deal_number.saturating_add(1);
        let next = SeededDeal::later(
            self.seed,
            self.deal_number,
            SEATS,
            seat_after_at(self.dealer, 1, SEATS),
        );
        self.start_deal(next.dealer, next.hand_sets());
        self.report_deal(Some(&next), events);
    }

    /// The current deal begins: its number, dealer and forehand, the totals before it, and
    /// its cards (`table`: in the order dealt; else in card order).
    fn report_deal(&self, table: Option<&SeededDeal>, events: &mut impl Events<Event>) {
        events.emit(|| Event::DealBegan {
            deal: self.deal_number,
            dealer: self.dealer,
            forehand: self.forehand(),
            totals: self.totals(),
        });
        events.emit(|| {
            Event::Dealt(crate::event::deal_event(
                table,
                self.dealer,
                &self.dealt,
                None,
            ))
        });
    }

    /// The deal this game's seed deals as its current deal, when that is the current deal.
    fn seeded_deal(&self) -> Option<SeededDeal> {
        let table = if self.deal_number == 0 {
            SeededDeal::first(self.seed, SEATS, self.rules.first_dealer)
        } else {
            SeededDeal::later(self.seed, self.deal_number, SEATS, self.dealer)
        };
        (table.dealer == self.dealer && table.hand_sets() == self.dealt).then_some(table)
    }

    /// The choices made this deal: the passes, then the chosen slot.
    fn choices(&self) -> Vec<Action> {
        let mut choices = vec![Action::Pass; usize::from(self.passes)];
        if let Some(c) = self.choice
            && let Some(action) = c.slot.action(c.contract)
        {
            choices.push(action);
        }
        choices
    }

    /// The open slots as they were when this deal began (after the last deal the final cell
    /// is filled; the passes were made before it).
    fn open_at_deal_start(&self) -> [u16; SEATS] {
        let mut open = self.open();
        if let Some(c) = self.choice
            && self.over
        {
            open[self.coiffeur().side_of(c.declarer)] |= c.slot.bit();
        }
        open
    }

    fn card_points_by_side(&self) -> Vec<u32> {
        let points = self.tricks.points();
        (0..self.coiffeur().sides())
            .map(|side| {
                PlayerId::all(SEATS)
                    .filter(|&s| self.coiffeur().side_of(s) == side)
                    .map(|s| points[s.index()])
                    .sum()
            })
            .collect()
    }

    // ---- Public accessors: what is the game's own. ----

    /// The score sheet: every side's filled cells and totals, with the slots and factors.
    #[must_use]
    pub fn score_sheet(&self) -> ScoreSheet {
        sheet_of(self.coiffeur(), &self.cells)
    }

    /// Each side's total so far.
    #[must_use]
    pub fn totals(&self) -> Vec<u32> {
        (0..self.coiffeur().sides())
            .map(|side| {
                self.cells[side]
                    .iter()
                    .flatten()
                    .fold(0u32, |t, e| t.saturating_add(e.points))
            })
            .collect()
    }

    /// The current deal's number, from 0 (once over: the last deal's).
    #[must_use]
    pub fn deal_number(&self) -> u32 {
        self.deal_number
    }

    /// The current deal's dealer.
    #[must_use]
    pub fn dealer(&self) -> PlayerId {
        self.dealer
    }

    /// The seat after the dealer: it chooses (or passes) first.
    #[must_use]
    pub fn forehand(&self) -> PlayerId {
        seat_after_at(self.dealer, 1, SEATS)
    }

    /// `seat`'s hand now (empty for a seat not at the table).
    #[must_use]
    pub fn hand(&self, seat: PlayerId) -> CardSet<JassCard> {
        self.tricks.hand(seat)
    }

    /// `seat`'s hand as dealt in the current deal (empty for a seat not at the table).
    #[must_use]
    pub fn dealt_hand(&self, seat: PlayerId) -> CardSet<JassCard> {
        self.dealt.get(seat.index()).copied().unwrap_or_default()
    }

    /// The seats that passed this deal, in order.
    #[must_use]
    pub fn passed(&self) -> Vec<PlayerId> {
        match chooser(self.dealer, &self.open_at_deal_start(), self.coiffeur(), 0) {
            Some((_, _, eligible, n)) => eligible[..n.min(usize::from(self.passes))].to_vec(),
            None => Vec::new(),
        }
    }

    /// The slot chosen this deal, once chosen.
    #[must_use]
    pub fn slot(&self) -> Option<Slot> {
        self.choice.map(|c| c.slot)
    }

    /// The contract this deal is played in, once chosen (a Joker's: its mode).
    #[must_use]
    pub fn contract(&self) -> Option<Contract> {
        self.choice.map(|c| c.contract)
    }

    /// The seat that chose the slot; it leads the first trick.
    #[must_use]
    pub fn declarer(&self) -> Option<PlayerId> {
        self.choice.map(|c| c.declarer)
    }

    /// In a Trio, the segment modes named so far.
    #[must_use]
    pub fn trio_modes(&self) -> &[Mode] {
        self.trio()
    }

    /// Every card played this deal, in order.
    #[must_use]
    pub fn plays(&self) -> &[JassCard] {
        self.tricks.plays()
    }

    /// Card points each seat has taken this deal (the last trick's 5 included).
    #[must_use]
    pub fn card_points(&self) -> [u32; SEATS] {
        self.tricks.points()
    }
}
