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
use crate::deal::{Hand, TRICKS, each_legal, trio_due};
use crate::sampling::{HiddenDeal, evidence};
use crate::tricks::{PLAYS, Tricks, seat_after_at};
use crate::view::{follow_card, misfit, seen_hands, trick_views};
use crate::{
    Action, CoiffeurFactors, CoiffeurRules, Contract, Deal, Event, Joker, MATCH_BONUS, Mode,
    RuleError, Rules, SeededDeal, SetupError, TrickView, ViewError,
};

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

/// One slot of a side's Coiffeur score sheet: a contract the side must play once, at the
/// slot's factor ([`CoiffeurFactors`]).
///
/// Text (also the serde form): the mode's name for the six mode slots (`trump:D`, …,
/// `obenabe`, `undenufe`), `joker7`, `joker8`, `slalom`, `guschti`, `mary`, `trio`. A slot is
/// chosen by an action: a mode slot by naming its mode ([`Action::Name`]), a Joker by
/// [`Action::Joker`] with the mode it is played in, Slalom by either start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Slot {
    /// One of the four trump suits, Obenabe or Undenufe.
    Mode(Mode),
    /// A Joker: played as any of the six modes, even one the side already played.
    Joker(Joker),
    /// Slalom (either start), when [`CoiffeurRules::extras`] enables it.
    Slalom,
    /// Guschti, when enabled.
    Guschti,
    /// Mary, when enabled.
    Mary,
    /// Trio, when enabled.
    Trio,
}

impl Slot {
    /// Every slot in score-sheet order: ♦, ♥, ♠, ♣ (the seed's factors 1 to 4), Obenabe,
    /// Undenufe, the two Jokers, then the extras Slalom, Guschti, Mary, Trio.
    pub const ALL: [Slot; 12] = [
        Slot::Mode(Mode::Trump(JassSuit::Diamonds)),
        Slot::Mode(Mode::Trump(JassSuit::Hearts)),
        Slot::Mode(Mode::Trump(JassSuit::Spades)),
        Slot::Mode(Mode::Trump(JassSuit::Clubs)),
        Slot::Mode(Mode::Obenabe),
        Slot::Mode(Mode::Undenufe),
        Slot::Joker(Joker::Seven),
        Slot::Joker(Joker::Eight),
        Slot::Slalom,
        Slot::Guschti,
        Slot::Mary,
        Slot::Trio,
    ];

    /// The slot's position in [`Slot::ALL`].
    const fn index(self) -> usize {
        match self {
            Slot::Mode(Mode::Trump(JassSuit::Diamonds)) => 0,
            Slot::Mode(Mode::Trump(JassSuit::Hearts)) => 1,
            Slot::Mode(Mode::Trump(JassSuit::Spades)) => 2,
            Slot::Mode(Mode::Trump(JassSuit::Clubs)) => 3,
            Slot::Mode(Mode::Obenabe) => 4,
            Slot::Mode(Mode::Undenufe) => 5,
            Slot::Joker(Joker::Seven) => 6,
            Slot::Joker(Joker::Eight) => 7,
            Slot::Slalom => 8,
            Slot::Guschti => 9,
            Slot::Mary => 10,
            Slot::Trio => 11,
        }
    }

    /// The slot's bit in a mask over [`Slot::ALL`].
    const fn bit(self) -> u16 {
        1 << self.index()
    }

    /// The slot's factor under `factors`.
    #[must_use]
    pub const fn factor(self, factors: &CoiffeurFactors) -> u32 {
        match self {
            Slot::Mode(Mode::Trump(JassSuit::Diamonds)) => factors.diamonds,
            Slot::Mode(Mode::Trump(JassSuit::Hearts)) => factors.hearts,
            Slot::Mode(Mode::Trump(JassSuit::Spades)) => factors.spades,
            Slot::Mode(Mode::Trump(JassSuit::Clubs)) => factors.clubs,
            Slot::Mode(Mode::Obenabe) => factors.obenabe,
            Slot::Mode(Mode::Undenufe) => factors.undenufe,
            Slot::Joker(Joker::Seven) => factors.joker7,
            Slot::Joker(Joker::Eight) => factors.joker8,
            Slot::Slalom => factors.slalom,
            Slot::Guschti => factors.guschti,
            Slot::Mary => factors.mary,
            Slot::Trio => factors.trio,
        }
    }

    /// Whether the slot is on the sheet under `rules`: the eight base slots always, an extra
    /// when [`CoiffeurRules::extras`] enables it.
    #[must_use]
    pub const fn is_on_sheet(self, rules: &CoiffeurRules) -> bool {
        match self {
            Slot::Mode(_) | Slot::Joker(_) => true,
            Slot::Slalom => rules.extras.slalom,
            Slot::Guschti => rules.extras.guschti,
            Slot::Mary => rules.extras.mary,
            Slot::Trio => rules.extras.trio,
        }
    }

    /// The slot an action chooses and the contract it is played in: a mode slot by naming
    /// the mode, a Joker with its mode, an extra by naming it (Slalom by either start);
    /// `None` for any other action.
    #[must_use]
    pub const fn of_action(action: Action) -> Option<(Slot, Contract)> {
        match action {
            Action::Name(contract) => {
                let slot = match contract {
                    Contract::Mode(mode) => Slot::Mode(mode),
                    Contract::Slalom(_) => Slot::Slalom,
                    Contract::Guschti => Slot::Guschti,
                    Contract::Mary => Slot::Mary,
                    Contract::Trio => Slot::Trio,
                };
                Some((slot, contract))
            }
            Action::Joker(joker, mode) => Some((Slot::Joker(joker), Contract::Mode(mode))),
            _ => None,
        }
    }

    /// The action that chooses this slot to be played as `contract` (for a Joker: in the
    /// mode of `contract`); `None` when the slot cannot be played as it.
    #[must_use]
    pub fn action(self, contract: Contract) -> Option<Action> {
        let action = match (self, contract) {
            (Slot::Joker(joker), Contract::Mode(mode)) => Action::Joker(joker, mode),
            (_, contract) => Action::Name(contract),
        };
        (Slot::of_action(action) == Some((self, contract))).then_some(action)
    }
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Slot::Mode(mode) => mode.fmt(f),
            Slot::Joker(joker) => f.write_str(joker.name()),
            Slot::Slalom => f.write_str("slalom"),
            Slot::Guschti => f.write_str("guschti"),
            Slot::Mary => f.write_str("mary"),
            Slot::Trio => f.write_str("trio"),
        }
    }
}

/// A slot's text was not one of the slot names.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{text:?} is not a Coiffeur slot: use trump:D, trump:H, trump:S, trump:C, obenabe, \
     undenufe, joker7, joker8, slalom, guschti, mary or trio"
)]
pub struct ParseSlotError {
    /// The text given (cut to 32 characters).
    pub text: String,
}

impl FromStr for Slot {
    type Err = ParseSlotError;

    fn from_str(s: &str) -> Result<Slot, ParseSlotError> {
        Slot::ALL
            .into_iter()
            .find(|slot| slot.to_string() == s)
            .ok_or_else(|| ParseSlotError {
                text: s.chars().take(32).collect(),
            })
    }
}

cards_core::serde_via_text!(
    Slot,
    "a Coiffeur slot such as \"trump:D\", \"obenabe\" or \"joker7\""
);

/// What Coiffeur's options make of the table (in addition to the fields in `rules.rs`).
impl CoiffeurRules {
    /// The slots on each side's sheet, in [`Slot::ALL`] order.
    pub fn slots(&self) -> impl Iterator<Item = Slot> + '_ {
        Slot::ALL.into_iter().filter(|s| s.is_on_sheet(self))
    }

    /// The number of sides: 2 in team play (seats 0 and 2 against 1 and 3), 4 when each seat
    /// plays for itself.
    #[must_use]
    pub const fn sides(&self) -> usize {
        if self.individual { SEATS } else { 2 }
    }

    /// The side of `seat`: seat mod 2 in team play, the seat itself in individual play.
    #[must_use]
    pub const fn side_of(&self, seat: PlayerId) -> usize {
        seat.index() % self.sides()
    }

    /// The seats of `side`, in seat order (empty for a side not at the table).
    #[must_use]
    pub fn seats_of(&self, side: usize) -> Vec<PlayerId> {
        PlayerId::all(SEATS)
            .filter(|&s| side < self.sides() && self.side_of(s) == side)
            .collect()
    }

    /// The deals in a game: slots × sides (16 in team play and 32 in individual play with
    /// the base table; each extra adds 2 or 4).
    #[must_use]
    pub fn deals(&self) -> u32 {
        (self.slots().count() * self.sides()) as u32
    }

    /// The mask of the slots on the sheet.
    fn table_mask(&self) -> u16 {
        self.slots().fold(0, |m, s| m | s.bit())
    }
}

/// A Coiffeur deal's score for the declaring side: `floor(card points / 10) × factor`, where a
/// Match (all nine tricks) adds 100 to the card points first (the spec: 123 at ×4 → 48; a
/// Match, 257, at ×4 → 100). The other sides score 0.
///
/// ```
/// assert_eq!(jass::coiffeur_points(123, false, 4), 48);
/// assert_eq!(jass::coiffeur_points(157, true, 4), 100);
/// ```
#[must_use]
pub const fn coiffeur_points(card_points: u32, matched: bool, factor: u32) -> u32 {
    let total = card_points.saturating_add(if matched { MATCH_BONUS } else { 0 });
    (total / 10).saturating_mul(factor)
}

/// One filled cell of a score sheet: what a side played in a slot and what it scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetEntry {
    /// The contract played: the mode (for a Joker the mode it was played as), for an extra
    /// the contract (Slalom with its start).
    pub contract: Contract,
    /// The seat that chose the slot and led the first trick.
    pub declarer: PlayerId,
    /// The declaring side's card points, the last trick's 5 included (team play: both
    /// partners' tricks; individual play: the declarer's own), 0 to 157.
    pub card_points: u32,
    /// Whether the side (individual play: the declarer) took all nine tricks: 100 more card
    /// points before the division.
    pub matched: bool,
    /// The points scored: [`coiffeur_points`] of the above at the slot's factor.
    pub points: u32,
    /// The deal it was played in, from 0.
    pub deal: u32,
}

/// A slot of the sheet with its factor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetSlot {
    /// The slot.
    pub slot: Slot,
    /// Its factor.
    pub factor: u32,
}

/// One side's column of the score sheet.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetSide {
    /// The side's seats (team play: two; individual play: one).
    pub seats: Vec<PlayerId>,
    /// One cell per slot, in the order of [`ScoreSheet::slots`]: `None` while open.
    pub entries: Vec<Option<SheetEntry>>,
    /// The sum of the points scored.
    pub total: u32,
}

/// The Coiffeur score sheet as a table: the slots with their factors (rows) and one column
/// per side, each cell filled once the side has played that slot. `Display` draws it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoreSheet {
    /// The slots on the sheet, in [`Slot::ALL`] order, with their factors.
    pub slots: Vec<SheetSlot>,
    /// The sides, in order (team play: seats 0 and 2, then 1 and 3; individual play: seat by
    /// seat).
    pub sides: Vec<SheetSide>,
}

impl ScoreSheet {
    /// Each side's total.
    #[must_use]
    pub fn totals(&self) -> Vec<u32> {
        self.sides.iter().map(|s| s.total).collect()
    }

    /// The open slots of each side, as masks over [`Slot::ALL`] (a side beyond the sheet's
    /// has none).
    fn open(&self) -> [u16; SEATS] {
        core::array::from_fn(|side| {
            self.sides.get(side).map_or(0, |s| {
                self.slots
                    .iter()
                    .zip(&s.entries)
                    .filter(|(_, e)| e.is_none())
                    .fold(0, |m, (slot, _)| m | slot.slot.bit())
            })
        })
    }

    /// The filled cells of the deals before `deal`, in deal order: a setup's `sheet`.
    fn cells_before(&self, deal: u32) -> Vec<SheetCell> {
        let mut cells: Vec<SheetCell> = self
            .sides
            .iter()
            .enumerate()
            .flat_map(|(side, column)| {
                self.slots
                    .iter()
                    .zip(&column.entries)
                    .filter_map(move |(slot, entry)| {
                        entry.filter(|e| e.deal < deal).map(|entry| SheetCell {
                            side,
                            slot: slot.slot,
                            entry,
                        })
                    })
            })
            .collect();
        cells.sort_by_key(|c| c.entry.deal);
        cells
    }
}

impl fmt::Display for ScoreSheet {
    /// A small table: one row per slot (its name and factor), one column per side (the points
    /// scored, the Joker's or Slalom's contract, `M` for a Match; `-` while open), then the
    /// totals.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const W: usize = 20;
        write!(f, "{:<8}{:>4}", "slot", "×")?;
        for side in &self.sides {
            let seats: Vec<String> = side.seats.iter().map(ToString::to_string).collect();
            let label = match seats.len() {
                1 => format!("seat {}", seats.join("")),
                _ => format!("seats {}", seats.join("+")),
            };
            write!(f, "{label:>W$}")?;
        }
        writeln!(f)?;
        for (row, slot) in self.slots.iter().enumerate() {
            write!(f, "{:<8}{:>4}", slot.slot.to_string(), slot.factor)?;
            for side in &self.sides {
                let cell = match side.entries.get(row).copied().flatten() {
                    None => "-".to_owned(),
                    Some(e) => {
                        let mut text = e.points.to_string();
                        if matches!(slot.slot, Slot::Joker(_) | Slot::Slalom) {
                            text = format!("{} {text}", e.contract);
                        }
                        if e.matched {
                            text.push_str(" M");
                        }
                        text
                    }
                };
                write!(f, "{cell:>W$}")?;
            }
            writeln!(f)?;
        }
        write!(f, "{:<12}", "total")?;
        for side in &self.sides {
            write!(f, "{:>W$}", side.total)?;
        }
        Ok(())
    }
}

/// The score sheet of these cells (side × slot, by [`Slot::ALL`] index).
fn sheet_of(c: &CoiffeurRules, cells: &[[Option<SheetEntry>; MAX_SLOTS]; SEATS]) -> ScoreSheet {
    let slots: Vec<Slot> = c.slots().collect();
    ScoreSheet {
        slots: slots
            .iter()
            .map(|&slot| SheetSlot {
                slot,
                factor: slot.factor(&c.factors),
            })
            .collect(),
        sides: (0..c.sides())
            .map(|side| SheetSide {
                seats: c.seats_of(side),
                entries: slots.iter().map(|s| cells[side][s.index()]).collect(),
                total: cells[side]
                    .iter()
                    .flatten()
                    .fold(0u32, |t, e| t.saturating_add(e.points)),
            })
            .collect(),
    }
}

/// The deal event of `dealt` hands: in the order `table` dealt them when given, else in
/// card order (with Differenzler's `shown` card last in the dealer's hand).
pub(crate) fn deal_event(
    table: Option<&SeededDeal>,
    dealer: PlayerId,
    dealt: &[Hand],
    shown: Option<JassCard>,
) -> Deal {
    let seats = dealt.len();
    let forehand = seat_after_at(dealer, 1, seats);
    match table {
        Some(t) => Deal::shown(
            dealer,
            forehand,
            (0..seats).map(|s| t.hand(PlayerId(s as u8))),
            shown,
        ),
        None => {
            let hands: Vec<Vec<JassCard>> = dealt
                .iter()
                .enumerate()
                .map(|(s, h)| {
                    let mut cards: Vec<JassCard> = h.iter().collect();
                    // The shown card is the dealer's last.
                    if let Some(card) = shown.filter(|_| s == dealer.index()) {
                        cards.retain(|&c| c != card);
                        cards.push(card);
                    }
                    cards
                })
                .collect();
            Deal::shown(dealer, forehand, hands.iter().map(Vec::as_slice), shown)
        }
    }
}

/// A filled cell in a [`CoiffeurSetup`]: the side, the slot and its entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetCell {
    /// The side (team play: 0 for seats 0 and 2, 1 for seats 1 and 3; individual: the seat).
    pub side: usize,
    /// The slot.
    pub slot: Slot,
    /// What was played and scored.
    pub entry: SheetEntry,
}

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
    tricks: Tricks,
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
            tricks: Tricks::new(SEATS, hands, seat_after_at(dealer, 1, SEATS)),
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
        self.tricks = Tricks::new(SEATS, hands, seat_after_at(dealer, 1, SEATS));
    }

    fn coiffeur(&self) -> &CoiffeurRules {
        &self.rules.coiffeur
    }

    /// Each side's open slots (a mask over [`Slot::ALL`]).
    fn open(&self) -> [u16; SEATS] {
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

    fn chooser(&self) -> Option<(PlayerId, bool, [PlayerId; SEATS], usize)> {
        chooser(
            self.dealer,
            &self.open(),
            self.coiffeur(),
            usize::from(self.passes),
        )
    }

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
                        self.tricks = Tricks::new(SEATS, self.dealt, seat);
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
                let seat = self.tricks.seat_to_play().ok_or(RuleError::GameOver)?;
                let end = self.tricks.play(card, mode, counting, &self.rules.play)?;
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
            });
        }
        events.emit(|| Event::CellFilled {
            side,
            slot: choice.slot,
            entry,
        });
        events.emit(|| Event::DealScored {
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
                events.emit(|| Event::CoiffeurOver { outcome });
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
        events.emit(|| Event::Dealt(deal_event(table, self.dealer, &self.dealt, None)));
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

    /// The start of this position as events: the score sheet's cells so far, the current
    /// deal's start, then its choices, Trio modes and cards, replayed.
    fn report_start(&self, events: &mut impl Events<Event>) {
        let setup = self.setup();
        let mut cells = [[None; MAX_SLOTS]; SEATS];
        for cell in &setup.sheet {
            cells[cell.side][cell.slot.index()] = Some(cell.entry);
            events.emit(|| Event::CellFilled {
                side: cell.side,
                slot: cell.slot,
                entry: cell.entry,
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
        let _ = crate::setup::replay(&setup.trio, &setup.plays, |action| {
            game.play_reporting(action, &mut *events)
        });
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

/// An explicit position of a whole Coiffeur game: the seed of the later deals, the current
/// deal's number, the score sheet of the deals before it, and the current deal: its dealer,
/// the hands as dealt, the choices (passes and the chosen slot), the Trio modes and the plays.
///
/// [`Game::from_setup`] checks the sheet (each cell a slot on the sheet of a side at the
/// table, once; its declarer of that side; card points 0 to 157, 157 with a Match; its points
/// [`coiffeur_points`] at the slot's factor; one cell per earlier deal, numbered
/// `0..deal_number`) and the hands (nine cards each, the deck once), then replays the
/// choices, Trio modes and plays through the game. The hands need not be those the seed would
/// deal; the deals after the current one come from the seed.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoiffeurSetup {
    /// The game's seed: deal `k` after the current one is [`SeededDeal::later`]`(seed, k, …)`.
    pub seed: Seed,
    /// The current deal's number, from 0 (below [`CoiffeurRules::deals`]).
    pub deal_number: u32,
    /// The filled cells of the deals before the current one (any order; `setup()` gives them
    /// in deal order).
    pub sheet: Vec<SheetCell>,
    /// The current deal's dealer.
    pub dealer: PlayerId,
    /// The four hands as dealt, nine cards each, together the deck.
    pub hands: [CardSet<JassCard>; SEATS],
    /// The choices made so far this deal, in order: passes, then the chosen slot's action.
    pub choices: Vec<Action>,
    /// In a Trio, the segment modes named so far, in order (the first before play 1, the
    /// second before play 13, the third before play 25; left out of JSON when empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub trio: Vec<Mode>,
    /// The cards played so far this deal, in order.
    pub plays: Vec<JassCard>,
}

/// A score-sheet cell of a setup that cannot be.
fn bad_cell(action: Action, why: &'static str) -> SetupError {
    SetupError::Sheet { action, why }
}

// The JSON form `{"rules": …, "setup": …}`, through `setup` and `from_setup`.
cards_core::serde_via_setup!(Coiffeur);

/// What one seat may see of a Coiffeur game: its own hand, every hand size, the deal number
/// and dealer, who passed, the chosen slot, contract and declarer, the Trio modes, every card
/// played (completed tricks and the current one), the card points taken this deal, the score
/// sheet and how the game ended. Not the other hands, nor the seed.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoiffeurView {
    /// Whose view this is.
    pub seat: PlayerId,
    /// The rules in force.
    pub rules: Rules,
    /// The current deal's number, from 0.
    pub deal_number: u32,
    /// The current deal's dealer.
    pub dealer: PlayerId,
    /// The viewer's hand now (empty for a seat not at the table).
    pub hand: CardSet<JassCard>,
    /// Every seat's number of cards in hand.
    pub hand_sizes: [usize; SEATS],
    /// The seats that passed this deal, in order.
    pub passed: Vec<PlayerId>,
    /// The slot chosen, once chosen.
    pub slot: Option<Slot>,
    /// The contract it is played as.
    pub contract: Option<Contract>,
    /// The seat that chose it.
    pub declarer: Option<PlayerId>,
    /// In a Trio, the segment modes named so far (left out of JSON when empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub trio: Vec<Mode>,
    /// The completed tricks, in order.
    pub tricks: Vec<TrickView>,
    /// The cards of the current trick so far, in play order.
    pub trick: Vec<JassCard>,
    /// The current trick's leader (before the choice: the seat after the dealer; once the
    /// deal is over: the last trick's).
    pub leader: PlayerId,
    /// The seat to act, `None` once the game is over.
    pub to_act: Option<PlayerId>,
    /// The card points each side has taken this deal (the last trick's 5 included).
    pub card_points: Vec<u32>,
    /// The score sheet.
    pub sheet: ScoreSheet,
    /// How the game ended, once it has.
    pub outcome: Option<CoiffeurOutcome>,
}

impl CoiffeurView {
    /// Brings the view up to date with `event` (on error it may be half changed: callers
    /// work on a copy).
    fn follow(&mut self, event: &Event) -> Result<(), ObserveError> {
        if self.outcome.is_some() {
            return Err(misfit("the game is over"));
        }
        let c = self.rules.coiffeur;
        let dealt = self.hand_sizes.iter().sum::<usize>() > 0 || !self.tricks.is_empty();
        match event {
            Event::CellFilled { side, slot, entry } => {
                let row = self.sheet.slots.iter().position(|s| s.slot == *slot);
                let column = self.sheet.sides.get_mut(*side);
                let (Some(row), Some(column)) = (row, column) else {
                    return Err(misfit("a cell not on the sheet"));
                };
                match column.entries.get_mut(row) {
                    Some(cell @ None) => *cell = Some(*entry),
                    _ => return Err(misfit("a cell filled twice")),
                }
                column.total = column.total.saturating_add(entry.points);
            }
            Event::DealBegan {
                deal,
                dealer,
                forehand,
                ..
            } => {
                if dealer.index() >= SEATS || *forehand != seat_after_at(*dealer, 1, SEATS) {
                    return Err(misfit("a seat not at the table"));
                }
                let blank = <Coiffeur as Game>::blank_view(&self.rules, SEATS, self.seat);
                *self = CoiffeurView {
                    deal_number: *deal,
                    dealer: *dealer,
                    leader: *forehand,
                    sheet: self.sheet.clone(),
                    ..blank
                };
            }
            Event::Dealt(deal) => {
                if dealt || deal.dealer != self.dealer || deal.shown.is_some() {
                    return Err(misfit("a deal out of turn"));
                }
                let (hand, sizes) = seen_hands(deal, self.seat, SEATS)?;
                if sizes.iter().any(|&n| n != TRICKS) {
                    return Err(misfit("not a Coiffeur deal"));
                }
                self.hand = hand;
                self.hand_sizes = [TRICKS; SEATS];
            }
            Event::Passed { seat } => {
                if self.contract.is_some() || self.to_act != Some(*seat) {
                    return Err(misfit("a pass out of turn"));
                }
                self.passed.push(*seat);
            }
            Event::SlotChosen {
                seat,
                slot,
                contract,
            } => {
                if self.contract.is_some() || self.to_act != Some(*seat) {
                    return Err(misfit("a choice out of turn"));
                }
                self.slot = Some(*slot);
                self.contract = Some(*contract);
                self.declarer = Some(*seat);
                self.leader = *seat;
            }
            Event::TrioMode { mode, .. } => {
                if self.contract.is_none() || self.trio.len() >= 3 || !self.trick.is_empty() {
                    return Err(misfit("a Trio mode out of turn"));
                }
                self.trio.push(*mode);
            }
            Event::Played { seat, card } => {
                if self.contract.is_none() || self.to_act != Some(*seat) {
                    return Err(misfit("a card out of turn"));
                }
                follow_card(
                    &mut self.hand,
                    &mut self.hand_sizes,
                    &mut self.trick,
                    self.seat,
                    *seat,
                    *card,
                )?;
            }
            Event::TrickTaken { seat, points, last } => {
                if seat.index() >= SEATS
                    || self.trick.len() != SEATS
                    || *last != (self.tricks.len() + 1 == TRICKS)
                {
                    return Err(misfit("a trick that is not complete"));
                }
                self.tricks.push(TrickView {
                    leader: self.leader,
                    cards: core::mem::take(&mut self.trick),
                    winner: *seat,
                });
                if let Some(p) = self.card_points.get_mut(c.side_of(*seat)) {
                    *p = p.saturating_add(*points);
                }
                if !last {
                    self.leader = *seat;
                }
            }
            Event::Match { side, .. } if *side < c.sides() => {}
            Event::DealScored { score } if score.len() == c.sides() => {}
            Event::CoiffeurOver { outcome } => self.outcome = Some(outcome.clone()),
            _ => return Err(misfit("not an event of a Coiffeur game")),
        }
        let dealt = self.hand_sizes.iter().sum::<usize>() > 0 || !self.tricks.is_empty();
        self.to_act = match self.contract {
            _ if self.outcome.is_some() || !dealt => None,
            None => chooser(self.dealer, &self.sheet.open(), &c, self.passed.len()).map(|c| c.0),
            Some(_) if self.tricks.len() >= TRICKS => None,
            Some(_) => Some(seat_after_at(self.leader, self.trick.len(), SEATS)),
        };
        Ok(())
    }

    /// The legal actions of this view's seat when it is the seat to act (in the order of
    /// [`Game::legal_actions`]), into `out` (cleared first); empty otherwise. They depend
    /// only on what the seat sees: the sheet and the passes, or its hand, the contract and
    /// the current trick.
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.to_act != Some(self.seat) || self.outcome.is_some() {
            return;
        }
        let push = |a| out.push(a);
        match self.contract {
            None => {
                let open = self.sheet.open();
                let c = &self.rules.coiffeur;
                if let Some((seat, may_pass, ..)) =
                    chooser(self.dealer, &open, c, self.passed.len())
                    && seat == self.seat
                {
                    each_choice(open[c.side_of(seat)], may_pass, push);
                }
            }
            Some(contract) => each_legal(
                Some(contract),
                true,
                self.hand,
                &self.trick,
                self.tricks.len(),
                &self.trio,
                &self.rules,
                push,
            ),
        }
    }

    /// A whole game that shows this view to its seat: the unseen cards are dealt to the other
    /// seats consistently with the play (a seat that did not follow suit holds none of it,
    /// …), a fresh seed is drawn for the later deals, and the game is built from a
    /// [`CoiffeurSetup`] (validated by replay) and kept only if it shows the same view, up to
    /// 400 tries.
    ///
    /// # Errors
    /// [`SetupError`] when the view is inconsistent: its rules ([`SetupError::PlayerCount`],
    /// [`SetupError::SeatNotAtTable`], also for an onlooker's view), or [`ViewError`]s for
    /// hand sizes, cards seen twice, tricks that the plays do not make, voids that leave no
    /// deal, or no world tried that shows the view.
    pub fn sample_world<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<Coiffeur, SetupError> {
        let rules = &self.rules;
        validate_rules(rules, SEATS)?;
        let bad = SetupError::View;
        let me = self.seat.index();
        if me >= SEATS {
            return Err(SetupError::SeatNotAtTable {
                what: "the view's seat",
                seat: self.seat,
                seats: SEATS,
            });
        }
        if self.hand.len() != self.hand_sizes[me] || self.hand_sizes.iter().any(|&n| n > TRICKS) {
            return Err(bad(ViewError::HandSize));
        }
        let mut plays: Vec<JassCard> = Vec::with_capacity(PLAYS);
        for t in &self.tricks {
            plays.extend_from_slice(&t.cards);
        }
        plays.extend_from_slice(&self.trick);
        if plays.len() > PLAYS || self.trick.len() >= SEATS {
            return Err(bad(ViewError::PlayCount));
        }
        let played_set: Hand = plays.iter().copied().collect();
        if played_set.len() != plays.len() || !(played_set & self.hand).is_empty() {
            return Err(bad(ViewError::CardTwice));
        }
        let first = self
            .declarer
            .unwrap_or(seat_after_at(self.dealer, 1, SEATS));
        let (played, forbidden) = match self.contract {
            None if plays.is_empty() => ([Hand::EMPTY; SEATS], [Hand::EMPTY; SEATS]),
            None => return Err(bad(ViewError::TrickSeats)),
            Some(contract) => {
                let seen = evidence(
                    SEATS,
                    first,
                    &plays,
                    |t| contract.trick_mode(t, &self.trio),
                    &rules.play,
                    TRICKS,
                )
                .ok_or(bad(ViewError::TrickSeats))?;
                if trick_views(seen.tricks) != self.tricks || seen.leader != self.leader {
                    return Err(bad(ViewError::TrickSeats));
                }
                (seen.played, seen.forbidden)
            }
        };
        if played
            .iter()
            .zip(self.hand_sizes)
            .any(|(p, n)| p.len() + n != TRICKS)
        {
            return Err(bad(ViewError::PlayCount));
        }
        let pool: Vec<JassCard> = (!(self.hand | played_set)).iter().collect();
        let mut need = self.hand_sizes;
        need[me] = 0;
        let mut base = [Hand::EMPTY; SEATS];
        base[me] = self.hand;
        let hidden = HiddenDeal::new(pool, need, base, forbidden).ok_or(bad(ViewError::NoDeal))?;
        let sheet = self.sheet.cells_before(self.deal_number);
        let mut choices = vec![Action::Pass; self.passed.len()];
        if let (Some(slot), Some(contract)) = (self.slot, self.contract) {
            choices.push(slot.action(contract).unwrap_or(Action::Name(contract)));
        }
        for _ in 0..MAX_TRIES {
            let hands = hidden.draw(rng);
            let setup = CoiffeurSetup {
                seed: rng.seed(),
                deal_number: self.deal_number,
                sheet: sheet.clone(),
                dealer: self.dealer,
                hands: core::array::from_fn(|s| hands[s] | played[s]),
                choices: choices.clone(),
                trio: self.trio.clone(),
                plays: plays.clone(),
            };
            if let Ok(world) = Coiffeur::from_setup(rules, setup)
                && world.view(self.seat) == *self
            {
                return Ok(world);
            }
        }
        Err(bad(ViewError::NoWorld))
    }
}

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
        crate::setup::replay(&raw.trio, &raw.plays, |action| game.play(action))?;
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

    fn start_events(&self, events: &mut impl Events<Event>) {
        self.report_start(events);
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
