//! [`Action`]: one decision of a Schieber deal (a contract, a push or a card), and
//! [`Contract`], what forehand (or its partner after a push) names.

use core::fmt;
use core::str::FromStr;

use cards_core::{Card, JassCard};

use crate::Mode;

/// Where a Slalom starts: its first trick's mode, whose card values count the whole deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SlalomStart {
    /// Trick 1 Obenabe, trick 2 Undenufe, and so on.
    Obenabe,
    /// Trick 1 Undenufe, trick 2 Obenabe, and so on.
    Undenufe,
}

impl SlalomStart {
    /// The start as a mode.
    #[must_use]
    pub const fn mode(self) -> Mode {
        match self {
            SlalomStart::Obenabe => Mode::Obenabe,
            SlalomStart::Undenufe => Mode::Undenufe,
        }
    }
}

/// What the player choosing the contract names: a [`Mode`] for the whole deal (a trump suit,
/// Obenabe or Undenufe) or, when [`Rules::variants`](crate::Rules::variants) enables it, a
/// contract variant. Matches need a wildcard arm (more may join).
///
/// Text (also the serde form): the mode's name (`trump:C` … `trump:S`, `obenabe`,
/// `undenufe`), `slalom:obenabe`, `slalom:undenufe`, `guschti`, `mary`, `trio`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Contract {
    /// One mode for the whole deal.
    Mode(Mode),
    /// Tricks alternate Obenabe and Undenufe from the start; counted by the start's values.
    Slalom(SlalomStart),
    /// Tricks 1–5 Obenabe, 6–9 Undenufe; counted as Obenabe.
    Guschti,
    /// Tricks 1–5 Undenufe, 6–9 Obenabe; counted as Undenufe.
    Mary,
    /// Three segments of three tricks, each mode named by the leader of its first trick
    /// ([`Action::TrioMode`]): Obenabe, Undenufe and one trump suit, each once; counted by
    /// the first segment's mode.
    Trio,
}

impl Contract {
    /// The contracts open by default, in the legal-action order: the modes in [`Mode::ALL`]
    /// order.
    pub const ALL: [Contract; 6] = [
        Contract::Mode(Mode::ALL[0]),
        Contract::Mode(Mode::ALL[1]),
        Contract::Mode(Mode::ALL[2]),
        Contract::Mode(Mode::ALL[3]),
        Contract::Mode(Mode::ALL[4]),
        Contract::Mode(Mode::ALL[5]),
    ];

    /// The contract variants, in the legal-action order (after [`Contract::ALL`]), each
    /// legal only when [`Rules::variants`](crate::Rules::variants) enables it.
    pub const VARIANTS: [Contract; 5] = [
        Contract::Slalom(SlalomStart::Obenabe),
        Contract::Slalom(SlalomStart::Undenufe),
        Contract::Guschti,
        Contract::Mary,
        Contract::Trio,
    ];

    /// Whether this is a contract variant (Slalom, Guschti, Mary, Trio): Weis but no Stöck.
    #[must_use]
    pub const fn is_variant(self) -> bool {
        !matches!(self, Contract::Mode(_))
    }

    /// The mode the deal is counted in (card points, Weis), when the contract alone fixes
    /// it: `None` for [`Contract::Trio`], counted by its first segment's mode
    /// ([`Contract::counting_mode`]).
    #[must_use]
    pub const fn mode(self) -> Option<Mode> {
        match self {
            Contract::Mode(mode) => Some(mode),
            Contract::Slalom(start) => Some(start.mode()),
            Contract::Guschti => Some(Mode::Obenabe),
            Contract::Mary => Some(Mode::Undenufe),
            Contract::Trio => None,
        }
    }

    /// The counting mode given the Trio segment modes named so far (`trio`, ignored by the
    /// other contracts): `None` for a Trio whose first segment is not named yet.
    #[must_use]
    pub fn counting_mode(self, trio: &[Mode]) -> Option<Mode> {
        match self {
            Contract::Trio => trio.first().copied(),
            other => other.mode(),
        }
    }

    /// The mode trick `trick` (0..9) is played in, given the Trio segment modes named so far
    /// (`trio`): `None` for a Trio segment not named yet.
    #[must_use]
    pub fn trick_mode(self, trick: usize, trio: &[Mode]) -> Option<Mode> {
        let early = |a: Mode, b: Mode| if trick < 5 { a } else { b };
        match self {
            Contract::Mode(mode) => Some(mode),
            Contract::Slalom(start) => {
                let [first, second] = match start {
                    SlalomStart::Obenabe => [Mode::Obenabe, Mode::Undenufe],
                    SlalomStart::Undenufe => [Mode::Undenufe, Mode::Obenabe],
                };
                Some(if trick.is_multiple_of(2) {
                    first
                } else {
                    second
                })
            }
            Contract::Guschti => Some(early(Mode::Obenabe, Mode::Undenufe)),
            Contract::Mary => Some(early(Mode::Undenufe, Mode::Obenabe)),
            Contract::Trio => trio.get(trick / 3).copied(),
        }
    }
}

/// Whether `mode` may be named for the next Trio segment after `trio`: Obenabe and Undenufe
/// once each, one trump suit once, three segments in all.
#[must_use]
pub(crate) fn trio_allows(trio: &[Mode], mode: Mode) -> bool {
    trio.len() < 3
        && match mode {
            Mode::Trump(_) => !trio.iter().any(|m| m.trump().is_some()),
            other => !trio.contains(&other),
        }
}

impl fmt::Display for Contract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Contract::Mode(mode) => mode.fmt(f),
            Contract::Slalom(start) => write!(f, "slalom:{}", start.mode()),
            Contract::Guschti => f.write_str("guschti"),
            Contract::Mary => f.write_str("mary"),
            Contract::Trio => f.write_str("trio"),
        }
    }
}

impl FromStr for Contract {
    type Err = crate::ParseModeError;

    fn from_str(s: &str) -> Result<Contract, Self::Err> {
        match s {
            "slalom:obenabe" => Ok(Contract::Slalom(SlalomStart::Obenabe)),
            "slalom:undenufe" => Ok(Contract::Slalom(SlalomStart::Undenufe)),
            "guschti" => Ok(Contract::Guschti),
            "mary" => Ok(Contract::Mary),
            "trio" => Ok(Contract::Trio),
            _ => s.parse().map(Contract::Mode),
        }
    }
}

cards_core::serde_via_text!(
    Contract,
    "a Jass contract such as \"trump:H\" or \"obenabe\""
);

/// One decision of a Schieber deal. Which seat makes it is the state's business
/// ([`Game::to_act`](cards_core::Game::to_act)).
///
/// Text form (the oracle's action notation, also the serde form): a card play is the card
/// (`JH`), a contract its name (`trump:C`, `obenabe`, `undenufe`, `slalom:obenabe`,
/// `guschti`, …), `push`, and a Trio segment's mode `trio:<mode>` (`trio:trump:H`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Play this card from the hand.
    Play(JassCard),
    /// Name the contract (forehand, or its partner after a push).
    Name(Contract),
    /// Forehand pushes (schiebt) the choice to its partner.
    Push,
    /// In a Trio, the leader of trick 1, 4 or 7 names the mode of that trick and the next
    /// two (text `trio:obenabe`, `trio:undenufe`, `trio:trump:H`).
    TrioMode(Mode),
}

/// Index of the first contract.
const NAME: usize = JassCard::COUNT;
/// Index of the push.
const PUSH: usize = NAME + Contract::ALL.len();
/// Index of the first variant contract.
const VARIANT: usize = PUSH + 1;
/// Index of the first Trio segment mode.
const TRIO: usize = VARIANT + Contract::VARIANTS.len();

impl Action {
    /// Size of the action index space.
    pub const COUNT: usize = TRIO + Mode::ALL.len();

    /// The action's stable index, below [`Action::COUNT`]: card plays 0..36 (card index),
    /// then the six modes in [`Mode::ALL`] order (36..42), push (42), the variant contracts
    /// in [`Contract::VARIANTS`] order (43..48), and the Trio segment modes in [`Mode::ALL`]
    /// order (48..54).
    #[must_use]
    pub fn index(self) -> usize {
        let mode_index = |mode: Mode| Mode::ALL.iter().position(|&m| m == mode).unwrap_or(0);
        match self {
            Action::Play(card) => card.index() as usize,
            Action::Name(Contract::Mode(mode)) => NAME + mode_index(mode),
            Action::Name(contract) => {
                VARIANT
                    + Contract::VARIANTS
                        .iter()
                        .position(|&c| c == contract)
                        .unwrap_or(0)
            }
            Action::Push => PUSH,
            Action::TrioMode(mode) => TRIO + mode_index(mode),
        }
    }

    /// The action with this index, or `None` when `index >= Action::COUNT`.
    #[must_use]
    pub fn from_index(index: usize) -> Option<Action> {
        match index {
            i if i < NAME => JassCard::ALL.get(i).copied().map(Action::Play),
            i if i < PUSH => Contract::ALL.get(i - NAME).copied().map(Action::Name),
            PUSH => Some(Action::Push),
            i if i < TRIO => Contract::VARIANTS
                .get(i - VARIANT)
                .copied()
                .map(Action::Name),
            i => Mode::ALL.get(i - TRIO).copied().map(Action::TrioMode),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Play(card) => card.fmt(f),
            Action::Name(contract) => contract.fmt(f),
            Action::Push => f.write_str("push"),
            Action::TrioMode(mode) => write!(f, "trio:{mode}"),
        }
    }
}

/// An action's text could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{text:?} is not a Schieber action: expected a card (JH), trump:C, trump:D, trump:H, \
     trump:S, obenabe, undenufe, push, slalom:obenabe, slalom:undenufe, guschti, mary, trio \
     or a Trio mode (trio:obenabe, trio:undenufe, trio:trump:H)"
)]
pub struct ParseActionError {
    /// The text given (cut to 64 characters).
    pub text: String,
}

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(s: &str) -> Result<Action, ParseActionError> {
        if s == "push" {
            return Ok(Action::Push);
        }
        if let Some(mode) = s.strip_prefix("trio:")
            && let Ok(mode) = mode.parse::<Mode>()
        {
            return Ok(Action::TrioMode(mode));
        }
        if let Ok(contract) = s.parse::<Contract>() {
            return Ok(Action::Name(contract));
        }
        s.parse::<JassCard>()
            .map(Action::Play)
            .map_err(|_| ParseActionError {
                text: s.chars().take(64).collect(),
            })
    }
}

cards_core::serde_via_text!(
    Action,
    "a Schieber action such as \"JH\", \"trump:D\" or \"push\""
);
