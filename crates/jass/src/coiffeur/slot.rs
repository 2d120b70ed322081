//! [`Slot`]: the slots of a Coiffeur score sheet, what Coiffeur's options make of the table,
//! and a deal's score, [`coiffeur_points`].

use super::*;

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
    pub(super) const fn index(self) -> usize {
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
    pub(super) const fn bit(self) -> u16 {
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
    pub(super) fn table_mask(&self) -> u16 {
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
