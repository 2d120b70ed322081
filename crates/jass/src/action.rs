//! [`Action`]: one decision of a Schieber deal (a contract, a push or a card), and
//! [`Contract`], what forehand (or its partner after a push) names.

use core::fmt;
use core::str::FromStr;

use cards_core::{Card, JassCard};

use crate::Mode;

/// What the player choosing the contract names: for now a [`Mode`] (a trump suit, Obenabe
/// or Undenufe). The contract variants (Slalom, Guschti, Mary, Trio) will join as further
/// variants, so matches need a wildcard arm.
///
/// Text (also the serde form): the mode's name, `trump:C` … `trump:S`, `obenabe`,
/// `undenufe`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Contract {
    /// One mode for the whole deal.
    Mode(Mode),
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

    /// The mode the deal is counted in (card points, Weis tie-breaks, Stöck, multiplier).
    #[must_use]
    pub const fn mode(self) -> Mode {
        match self {
            Contract::Mode(mode) => mode,
        }
    }

    /// The mode trick `trick` (0..9) is played in: the contract's mode for every trick (the
    /// variants will alternate).
    #[must_use]
    pub const fn trick_mode(self, trick: usize) -> Mode {
        let _ = trick;
        self.mode()
    }
}

impl fmt::Display for Contract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Contract::Mode(mode) => mode.fmt(f),
        }
    }
}

impl FromStr for Contract {
    type Err = crate::ParseModeError;

    fn from_str(s: &str) -> Result<Contract, Self::Err> {
        s.parse().map(Contract::Mode)
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
/// (`JH`), a contract its name (`trump:C`, `obenabe`, `undenufe`), and `push`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Play this card from the hand.
    Play(JassCard),
    /// Name the contract (forehand, or its partner after a push).
    Name(Contract),
    /// Forehand pushes (schiebt) the choice to its partner.
    Push,
}

/// Index of the first contract.
const NAME: usize = JassCard::COUNT;
/// Index of the push.
const PUSH: usize = NAME + Contract::ALL.len();

impl Action {
    /// Size of the action index space.
    pub const COUNT: usize = PUSH + 1;

    /// The action's stable index, below [`Action::COUNT`]: card plays 0..36 (card index),
    /// then the six modes in [`Mode::ALL`] order (36..42), then push (42).
    #[must_use]
    pub fn index(self) -> usize {
        match self {
            Action::Play(card) => card.index() as usize,
            Action::Name(contract) => {
                NAME + Contract::ALL
                    .iter()
                    .position(|&c| c == contract)
                    .unwrap_or(0)
            }
            Action::Push => PUSH,
        }
    }

    /// The action with this index, or `None` when `index >= Action::COUNT`.
    #[must_use]
    pub fn from_index(index: usize) -> Option<Action> {
        match index {
            i if i < NAME => JassCard::ALL.get(i).copied().map(Action::Play),
            i if i < PUSH => Contract::ALL.get(i - NAME).copied().map(Action::Name),
            PUSH => Some(Action::Push),
            _ => None,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Play(card) => card.fmt(f),
            Action::Name(contract) => contract.fmt(f),
            Action::Push => f.write_str("push"),
        }
    }
}

/// An action's text could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{text:?} is not a Schieber action: expected a card (JH), trump:C, trump:D, trump:H, \
     trump:S, obenabe, undenufe or push"
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
