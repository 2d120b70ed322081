//! The bot ladder by name: `random`, `rules`, `pimc[:B]`, `ismcts[:B]`, `cheat[:B]`, and the
//! solver-backed `pimc-solve[:B]`, `ismcts-solve[:B]`.

use core::fmt;
use core::str::FromStr;

use cards_core::{RandomPlayer, RuleBot, Seed};

use crate::budget::{Budget, ParseBudgetError};
use crate::player::{Fair, Player};
use crate::{Cheat, GamePolicy, Ismcts, Pimc, Remembering, SearchConfig, Solving};

/// The playouts' time an [`Ismcts`] iteration takes, for `ismcts-solve`'s charge: a game gives
/// a solve's cost in playouts, timed against a [`Pimc`] iteration, and an IS-MCTS iteration
/// (a walk down its tree and back) took about twice that on Schieber deals, the one game with
/// a solver (`ismcts:1000` 2.9 ms a decision against `pimc`'s 1.5, docs/bots.md).
const ISMCTS_ITERATION_PLAYOUTS: u32 = 2;

/// One rung of the ladder, as a tournament or a front end names it.
///
/// Text: `random`, `rules`, `pimc`, `ismcts`, `cheat`, `pimc-solve`, `ismcts-solve`, each
/// search optionally with a budget after a colon (`ismcts:1000`, `ismcts:10k`, `pimc:50ms`);
/// without one a search gets [`BotSpec::DEFAULT_BUDGET`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum BotSpec {
    /// The uniformly random player.
    Random,
    /// The game's rule-based bot ([`RuleBot`]).
    Rules,
    /// Determinized flat Monte Carlo ([`Pimc`]).
    Pimc(Budget),
    /// Information-set MCTS ([`Ismcts`]).
    Ismcts(Budget),
    /// The same search on the true state ([`Cheat`]): a ceiling, not a fair player.
    Cheat(Budget),
    /// [`BotSpec::Pimc`] whose playouts end in an exact solve where the game offers one
    /// ([`Solving`]); as `pimc` in a game that solves nothing.
    PimcSolve(Budget),
    /// [`BotSpec::Ismcts`] whose playouts end in an exact solve where the game offers one
    /// ([`Solving`]); as `ismcts` in a game that solves nothing.
    IsmctsSolve(Budget),
}

impl BotSpec {
    /// The budget of a search named without one.
    pub const DEFAULT_BUDGET: Budget = Budget::Iterations(1000);

    /// Every rung's name, for help and errors.
    pub const NAMES: &'static str = "random, rules, pimc[:BUDGET], ismcts[:BUDGET], cheat[:BUDGET], \
                                     pimc-solve[:BUDGET], ismcts-solve[:BUDGET]";

    /// A player of this kind, seeded from `seed`. The searches play out with the game's own
    /// policy ([`GamePolicy`]); `ismcts` has the rule bot's choice among its root candidates
    /// ([`Ismcts::with_prior`]) and searches as `tuning` says: the game type's tuning, which
    /// its caller keeps ([`SearchConfig::DEFAULT`] for a game type with none; the registry
    /// keeps one per catalogue line). `pimc` and `cheat` ignore it. `pimc-solve` and
    /// `ismcts-solve` are `pimc` and `ismcts` whose playouts end in an exact solve from the
    /// game's horizon on ([`Solving::of`]).
    #[must_use]
    pub fn player<G: RuleBot + 'static>(
        &self,
        seed: Seed,
        tuning: &SearchConfig,
    ) -> Box<dyn Player<G>> {
        match *self {
            BotSpec::Random => Box::new(Fair(RandomPlayer::new(seed))),
            BotSpec::Rules => Box::new(Fair(G::rule_bot(seed))),
            BotSpec::Pimc(b) => Box::new(Fair(Pimc::<G, _>::with_policy(b, seed, GamePolicy))),
            BotSpec::Ismcts(b) => {
                let search = Ismcts::<G, _>::with_policy(b, seed, GamePolicy)
                    .with_config(*tuning)
                    .with_prior(Box::new(G::rule_bot(seed)));
                // Where the game gives its seats a memory, the search samples through it.
                match G::memory() {
                    Some(memory) => Box::new(Remembering::new(search, memory)),
                    None => Box::new(Fair(search)),
                }
            }
            BotSpec::Cheat(b) => Box::new(Cheat::<G, _>::with_policy(b, seed, GamePolicy)),
            BotSpec::PimcSolve(b) => {
                Box::new(Fair(Pimc::<G, _>::with_policy(b, seed, Solving::of::<G>())))
            }
            BotSpec::IsmctsSolve(b) => Box::new(Fair(
                Ismcts::<G, _>::with_policy(
                    b,
                    seed,
                    Solving::of::<G>().per_iteration(ISMCTS_ITERATION_PLAYOUTS),
                )
                .with_config(*tuning)
                .with_prior(Box::new(G::rule_bot(seed))),
            )),
        }
    }

    /// Whether this player sees the true state (only [`BotSpec::Cheat`]).
    #[must_use]
    pub fn cheats(&self) -> bool {
        matches!(self, BotSpec::Cheat(_))
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotSpec::Random => f.write_str("random"),
            BotSpec::Rules => f.write_str("rules"),
            BotSpec::Pimc(b) => write!(f, "pimc:{b}"),
            BotSpec::Ismcts(b) => write!(f, "ismcts:{b}"),
            BotSpec::Cheat(b) => write!(f, "cheat:{b}"),
            BotSpec::PimcSolve(b) => write!(f, "pimc-solve:{b}"),
            BotSpec::IsmctsSolve(b) => write!(f, "ismcts-solve:{b}"),
        }
    }
}

/// Why a bot's name was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseBotError {
    /// Not a rung of the ladder.
    #[error("unknown bot {0:?}: the bots are {names}", names = BotSpec::NAMES)]
    Unknown(String),
    /// `random` or `rules` given a budget.
    #[error("bot {0:?} takes no budget: only pimc, ismcts, cheat and their -solve kin search")]
    NoBudget(String),
    /// A search's budget is not a budget.
    #[error("bot {bot:?}: {error}")]
    Budget {
        /// The bot's text.
        bot: String,
        /// What is wrong with its budget.
        error: ParseBudgetError,
    },
}

impl FromStr for BotSpec {
    type Err = ParseBotError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let (name, budget) = match t.split_once(':') {
            Some((n, b)) => (n, Some(b)),
            None => (t, None),
        };
        let given = budget;
        let budget = || -> Result<Budget, ParseBotError> {
            given.map_or(Ok(Self::DEFAULT_BUDGET), |b| {
                b.parse().map_err(|error| ParseBotError::Budget {
                    bot: s.into(),
                    error,
                })
            })
        };
        match name {
            "random" | "rules" if given.is_some() => Err(ParseBotError::NoBudget(s.into())),
            "random" => Ok(BotSpec::Random),
            "rules" => Ok(BotSpec::Rules),
            "pimc" => Ok(BotSpec::Pimc(budget()?)),
            "ismcts" => Ok(BotSpec::Ismcts(budget()?)),
            "cheat" => Ok(BotSpec::Cheat(budget()?)),
            "pimc-solve" => Ok(BotSpec::PimcSolve(budget()?)),
            "ismcts-solve" => Ok(BotSpec::IsmctsSolve(budget()?)),
            _ => Err(ParseBotError::Unknown(s.into())),
        }
    }
}

impl TryFrom<String> for BotSpec {
    type Error = ParseBotError;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<BotSpec> for String {
    fn from(b: BotSpec) -> String {
        b.to_string()
    }
}

/// Makes a player of type `G` for a seed: what a tournament seats.
pub type MakePlayer<G> = dyn Fn(Seed) -> Box<dyn Player<G>> + Send + Sync;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_and_print() {
        for (text, spec) in [
            ("random", BotSpec::Random),
            ("rules", BotSpec::Rules),
            ("pimc", BotSpec::Pimc(Budget::Iterations(1000))),
            ("ismcts:10k", BotSpec::Ismcts(Budget::Iterations(10_000))),
            ("cheat:20ms", BotSpec::Cheat(Budget::Millis(20))),
            ("pimc-solve", BotSpec::PimcSolve(Budget::Iterations(1000))),
            (
                "ismcts-solve:2k",
                BotSpec::IsmctsSolve(Budget::Iterations(2000)),
            ),
        ] {
            assert_eq!(text.parse(), Ok(spec));
            assert_eq!(spec.to_string().parse(), Ok(spec));
        }
        let e = "mcts".parse::<BotSpec>().unwrap_err().to_string();
        assert!(
            e.contains("unknown bot \"mcts\"") && e.contains("ismcts[:BUDGET]"),
            "{e}"
        );
        let e = "rules:5".parse::<BotSpec>().unwrap_err().to_string();
        assert!(e.contains("takes no budget"), "{e}");
        let e = "ismcts:lots".parse::<BotSpec>().unwrap_err().to_string();
        assert!(e.contains("bad budget \"lots\""), "{e}");
    }
}
