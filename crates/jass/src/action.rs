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
    /// CardPlay alternate Obenabe and Undenufe from the start; counted by the start's values.
    Slalom(SlalomStart),
    /// CardPlay 1–5 Obenabe, 6–9 Undenufe; counted as Obenabe.
    Guschti,
    /// CardPlay 1–5 Undenufe, 6–9 Obenabe; counted as Undenufe.
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

/// One of Coiffeur's two Joker slots: a Joker is played as any of the six modes, at its
/// slot's factor (×7 and ×8 in the seed's table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Joker {
    /// The first Joker slot (`joker7`).
    Seven,
    /// The second Joker slot (`joker8`).
    Eight,
}

impl Joker {
    /// Both slots, in order.
    pub const ALL: [Joker; 2] = [Joker::Seven, Joker::Eight];

    /// The slot's name in action text: `joker7`, `joker8`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Joker::Seven => "joker7",
            Joker::Eight => "joker8",
        }
    }
}

/// The highest Differenzler prediction: every card point of a deal (157).
pub const MAX_PREDICTION: u8 = 157;

/// One decision of a Jass game: Schieber (a contract, a push, a Trio mode, a card),
/// Coiffeur (an open slot, a Joker, a pass) or Differenzler (a prediction). Which seat makes
/// it, and which actions a game knows, is the state's business
/// ([`Game::to_act`](cards_core::Game::to_act), [`Game::legal_actions`](cards_core::Game::legal_actions)).
///
/// Text form (the oracle's action notation, also the serde form): a card play is the card
/// (`JH`), a contract or Coiffeur slot its name (`trump:C`, `obenabe`, `undenufe`,
/// `slalom:obenabe`, `guschti`, …), `push`, a Trio segment's mode `trio:<mode>`
/// (`trio:trump:H`), a Joker `joker7:<mode>` or `joker8:<mode>`, `pass`, and a prediction
/// `predict:<n>` (0 to 157).
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
    /// Coiffeur: choose this Joker slot, played in this mode (`joker7:trump:S`).
    Joker(Joker, Mode),
    /// Coiffeur: pass the choice to the next seat.
    Pass,
    /// Differenzler: predict the card points this seat will take (0 to 157; `predict:42`).
    Predict(u8),
}

/// Index of the first contract.
const NAME: usize = JassCard::COUNT;
/// Index of the push.
const PUSH: usize = NAME + Contract::ALL.len();
/// Index of the first variant contract.
const VARIANT: usize = PUSH + 1;
/// Index of the first Trio segment mode.
const TRIO: usize = VARIANT + Contract::VARIANTS.len();
/// Index of the first Joker.
const JOKER: usize = TRIO + Mode::ALL.len();
/// Index of the pass.
const PASS: usize = JOKER + Joker::ALL.len() * Mode::ALL.len();
/// Index of prediction 0.
const PREDICT: usize = PASS + 1;

impl Action {
    /// Size of the action index space.
    pub const COUNT: usize = PREDICT + MAX_PREDICTION as usize + 1;

    /// The action's stable index, below [`Action::COUNT`]: card plays 0..36 (card index),
    /// then the six modes in [`Mode::ALL`] order (36..42), push (42), the variant contracts
    /// in [`Contract::VARIANTS`] order (43..48), the Trio segment modes in [`Mode::ALL`]
    /// order (48..54), the Jokers (`joker7` then `joker8`, each in [`Mode::ALL`] order:
    /// 54..66), pass (66) and the predictions 0 to 157 (67..225).
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
            Action::Joker(joker, mode) => {
                JOKER + joker as usize * Mode::ALL.len() + mode_index(mode)
            }
            Action::Pass => PASS,
            Action::Predict(n) => PREDICT + usize::from(n.min(MAX_PREDICTION)),
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
            i if i < JOKER => Mode::ALL.get(i - TRIO).copied().map(Action::TrioMode),
            i if i < PASS => {
                let k = i - JOKER;
                let joker = Joker::ALL.get(k / Mode::ALL.len())?;
                Mode::ALL
                    .get(k % Mode::ALL.len())
                    .map(|&mode| Action::Joker(*joker, mode))
            }
            PASS => Some(Action::Pass),
            i => u8::try_from(i - PREDICT)
                .ok()
                .filter(|&n| n <= MAX_PREDICTION)
                .map(Action::Predict),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Play(card) => card.fmt(f),
            Action::Name(contract) => contract.fmt(f),
            Action::Push => f.write_str("push"),
            // `{:#}` reaches the mode: `trio:trump:♣`, `joker7:trump:♣`.
            Action::TrioMode(mode) => {
                f.write_str("trio:")?;
                mode.fmt(f)
            }
            Action::Joker(joker, mode) => {
                write!(f, "{}:", joker.name())?;
                mode.fmt(f)
            }
            Action::Pass => f.write_str("pass"),
            Action::Predict(n) => write!(f, "predict:{n}"),
        }
    }
}

/// An action's text could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{text:?} is not a Jass action: expected a card (JH), trump:C, trump:D, trump:H, \
     trump:S, obenabe, undenufe, push, slalom:obenabe, slalom:undenufe, guschti, mary, trio, \
     a Trio mode (trio:obenabe, trio:undenufe, trio:trump:H), a Joker (joker7:obenabe, \
     joker8:trump:S), pass or a prediction (predict:0 to predict:157)"
)]
pub struct ParseActionError {
    /// The text given (cut to 64 characters).
    pub text: String,
}

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(s: &str) -> Result<Action, ParseActionError> {
        match s {
            "push" => return Ok(Action::Push),
            "pass" => return Ok(Action::Pass),
            _ => {}
        }
        // Canonical numbers only (`predict:7`, not `predict:07` or `predict:+7`).
        if let Some(text) = s.strip_prefix("predict:")
            && let Ok(n) = text.parse::<u8>()
            && n <= MAX_PREDICTION
            && n.to_string() == text
        {
            return Ok(Action::Predict(n));
        }
        for joker in Joker::ALL {
            if let Some(mode) = s
                .strip_prefix(joker.name())
                .and_then(|rest| rest.strip_prefix(':'))
                && let Ok(mode) = mode.parse::<Mode>()
            {
                return Ok(Action::Joker(joker, mode));
            }
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
    "a Jass action such as \"JH\", \"trump:D\", \"push\", \"joker7:obenabe\", \"pass\" or \"predict:42\""
);

/// Every Jass game type numbers its actions by [`Action::index`] (one shared action
/// vocabulary): `direct_index!(Game)` writes its `DirectIndex` impl.
macro_rules! direct_index {
    ($game:ty) => {
        impl cards_core::DirectIndex for $game {
            const ACTION_COUNT: usize = $crate::Action::COUNT;

            fn action_index(action: $crate::Action) -> usize {
                action.index()
            }

            fn action_from_index(index: usize) -> Option<$crate::Action> {
                $crate::Action::from_index(index)
            }
        }
    };
}
pub(crate) use direct_index;
