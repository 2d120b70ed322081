//! [`Action`]: one Zaägox move, with a stable index and a text form.

use core::fmt;
use core::str::FromStr;

use cards_core::{Card, DidoCard};

use cards_core::Alternate;

/// One move. Which seat makes it is the state's business ([`Zaagox::to_act`](crate::Zaagox)).
///
/// Text form (also the serde form, so records stay readable): `discard A1`, `pair A1 S1`,
/// `age A3 on A1`, `da S1`, `pass`, `store A1`, `end`, `ava`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// After drawing: lay this hand card face up as the discard (opens the Da window).
    Discard(DidoCard),
    /// After drawing: lay two hand cards of the same number as a new pair (lower index first).
    Pair(DidoCard, DidoCard),
    /// After drawing: lay `card` face down on one's own pair, named by the pair's lower-index card.
    Age {
        /// The hand card laid as an ageing card.
        card: DidoCard,
        /// The pair's lower-index card.
        onto: DidoCard,
    },
    /// Claim the discard with this hand card of the same number.
    Da(DidoCard),
    /// Decline to claim the discard.
    Pass,
    /// Store this card of one's completed pair.
    Store(DidoCard),
    /// With four stored cards: end the game and win.
    End,
    /// With four stored cards: declare Ava and go for five.
    Ava,
}

const N: usize = DidoCard::COUNT;
const DISCARD: usize = 0;
const PAIR: usize = DISCARD + N;
const AGE: usize = PAIR + N * N;
const DA: usize = AGE + N * N;
const PASS: usize = DA + N;
const STORE: usize = PASS + 1;
const END: usize = STORE + N;
const AVA: usize = END + 1;

impl Action {
    /// Size of the action index space.
    pub const COUNT: usize = AVA + 1;

    /// The action's stable index, below [`Action::COUNT`]: discards, then pairs (`a × 36 + b`),
    /// ages (`card × 36 + onto`), Da claims, pass, stores, end, Ava.
    #[must_use]
    pub fn index(self) -> usize {
        let i = |c: DidoCard| c.index() as usize;
        match self {
            Action::Discard(c) => DISCARD + i(c),
            Action::Pair(a, b) => PAIR + i(a) * N + i(b),
            Action::Age { card, onto } => AGE + i(card) * N + i(onto),
            Action::Da(c) => DA + i(c),
            Action::Pass => PASS,
            Action::Store(c) => STORE + i(c),
            Action::End => END,
            Action::Ava => AVA,
        }
    }

    /// The action with this index, or `None` when `index >= Action::COUNT`.
    #[must_use]
    pub fn from_index(index: usize) -> Option<Action> {
        let c = |i: usize| DidoCard::ALL[i];
        Some(match index {
            i if i < PAIR => Action::Discard(c(i)),
            i if i < AGE => Action::Pair(c((i - PAIR) / N), c((i - PAIR) % N)),
            i if i < DA => Action::Age {
                card: c((i - AGE) / N),
                onto: c((i - AGE) % N),
            },
            i if i < PASS => Action::Da(c(i - DA)),
            PASS => Action::Pass,
            i if i < END => Action::Store(c(i - STORE)),
            END => Action::End,
            AVA => Action::Ava,
            _ => return None,
        })
    }
}

/// The action notation (fixed by the oracle protocol); `{:#}` writes the cards with `{:#}`.
impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let alt = f.alternate();
        let c = |card: DidoCard| Alternate(card, alt);
        match *self {
            Action::Discard(card) => write!(f, "discard {}", c(card)),
            Action::Pair(a, b) => write!(f, "pair {} {}", c(a), c(b)),
            Action::Age { card, onto } => write!(f, "age {} on {}", c(card), c(onto)),
            Action::Da(card) => write!(f, "da {}", c(card)),
            Action::Pass => f.write_str("pass"),
            Action::Store(card) => write!(f, "store {}", c(card)),
            Action::End => f.write_str("end"),
            Action::Ava => f.write_str("ava"),
        }
    }
}

/// An action's text could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{text:?} is not a Zaägox action (expected one of: discard C, pair C C, age C on C, da C, pass, store C, end, ava): {reason}"
)]
pub struct ParseActionError {
    /// The text given (cut to 64 characters).
    pub text: String,
    /// What was wrong.
    pub reason: String,
}

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = |reason: String| ParseActionError {
            text: s.chars().take(64).collect(),
            reason,
        };
        let words: Vec<&str> = s.split_whitespace().take(5).collect();
        let card = |w: &str| w.parse::<DidoCard>().map_err(|e| err(e.to_string()));
        Ok(match words.as_slice() {
            ["discard", c] => Action::Discard(card(c)?),
            ["pair", a, b] => Action::Pair(card(a)?, card(b)?),
            ["age", c, "on", p] => Action::Age {
                card: card(c)?,
                onto: card(p)?,
            },
            ["da", c] => Action::Da(card(c)?),
            ["pass"] => Action::Pass,
            ["store", c] => Action::Store(card(c)?),
            ["end"] => Action::End,
            ["ava"] => Action::Ava,
            _ => return Err(err("unknown action or wrong number of words".into())),
        })
    }
}

cards_core::serde_via_text!(Action, "a Zaägox action such as \"discard A1\"");
