//! Jass in the CLI: one registry entry, `jass`, over several game types.
//!
//! - The oracle's `jass.playout` and `jass.trace` play one Schieber deal
//!   ([`jass::SchieberDeal`], records `schieber-deal`; [`deal`]), as `docs/oracle.md` fixes
//!   it, with the optional `"variant"` (`schieber`, the default; `coiffeur` and `differenzler`
//!   answer "not implemented yet").
//! - `cardrules simulate jass` plays whole Schieber games to the target ([`jass::Schieber`],
//!   records `schieber`; [`game`]) under the rules `--rules`/`--rule` choose, and counts every
//!   deal of them ([`tally`]). Game `i`'s first deal is `jass.playout`'s deal for the same
//!   seed.
//! - Its own ops are the card-level `jass.legal`, `jass.trick`, `jass.weis` and `jass.deal`
//!   ([`ops`]).
//!
//! `replay` takes records of both types.

pub mod coiffeur;
pub mod deal;
pub mod differenzler;
pub mod game;
pub mod ops;
pub mod tally;

use std::ops::RangeInclusive;

use cards_core::{Game, JassCard, PlayerId, Seed};
use jass::{Rules, Setup};
use serde::Serialize;

use super::adapter::Variant;
use super::{Entry, RulesHelp, generic};
use crate::protocol::{Body, Fields, OpName, OracleError};
use crate::replay::ReplayFileError;
use crate::simulate::{Config, SimulateError};

pub use coiffeur::CoiffeurAdapter;
pub use deal::DealAdapter;
pub use differenzler::DifferenzlerAdapter;
pub use game::GameAdapter;

/// The registry's `jass`.
#[derive(Debug, Clone, Copy)]
pub struct JassEntry;

/// The registry name.
const NAME: &str = "jass";

/// One line about Jass, for help texts.
const ABOUT: &str = "Swiss Jass: Schieber to the target with its contract variants, Coiffeur \
                     (--variant coiffeur) and Differenzler (--variant differenzler)";

/// The variants of `jass.playout`, `jass.trace` and `simulate jass --variant`, the default
/// first.
const VARIANTS: &[Variant] = &[
    Variant {
        name: "schieber",
        label: "Schieber",
    },
    Variant {
        name: "coiffeur",
        label: "Coiffeur",
    },
    Variant {
        name: "differenzler",
        label: "Differenzler",
    },
];

/// The default variant.
const PLAYED: &str = "schieber";

impl Entry for JassEntry {
    fn name(&self) -> &'static str {
        NAME
    }

    fn record_names(&self) -> &'static [&'static str] {
        const {
            &[
                <jass::Schieber as Game>::NAME,
                <jass::SchieberDeal as Game>::NAME,
                <jass::Coiffeur as Game>::NAME,
                <jass::Differenzler as Game>::NAME,
            ]
        }
    }

    fn about(&self) -> &'static str {
        ABOUT
    }

    fn players(&self) -> RangeInclusive<usize> {
        jass::Schieber::player_range(&Rules::default())
    }

    fn players_for(&self, variant: &str) -> RangeInclusive<usize> {
        match variant {
            "differenzler" => jass::Differenzler::player_range(&Rules::default()),
            _ => self.players(),
        }
    }

    fn verbs(&self) -> Vec<&'static str> {
        super::verbs_of(ops::OPS)
    }

    fn answer(&self, verb: &str, mut rest: Fields) -> Option<Result<Body, OracleError>> {
        if let Some(op) = ops::OPS.iter().find(|op| op.verb == verb) {
            return Some((op.answer)(rest));
        }
        let op = match verb {
            "playout" => OpName::new(NAME, "playout"),
            "trace" => OpName::new(NAME, "trace"),
            _ => return None,
        };
        Some((|| {
            let variant = generic::take_variant(op, &mut rest, VARIANTS)?;
            let label = variant.label;
            match (variant.name, op.verb) {
                ("schieber", "playout") => generic::playout_op::<DealAdapter>(op, &rest, label),
                ("schieber", _) => generic::trace_op::<DealAdapter>(op, &rest, label),
                ("differenzler", "playout") => {
                    generic::playout_op::<DifferenzlerAdapter>(op, &rest, label)
                }
                ("differenzler", _) => generic::trace_op::<DifferenzlerAdapter>(op, &rest, label),
                ("coiffeur", "playout") => generic::playout_op::<CoiffeurAdapter>(op, &rest, label),
                (_, _) => generic::trace_op::<CoiffeurAdapter>(op, &rest, label),
            }
        })())
    }

    fn variants(&self) -> &'static [Variant] {
        VARIANTS
    }

    fn rules_help(&self) -> RulesHelp {
        RulesHelp::of::<Rules>()
    }

    fn simulate(&self, config: &Config, json: bool) -> Result<String, SimulateError> {
        let name = config.variant.as_deref().unwrap_or(PLAYED);
        let variant = VARIANTS.iter().find(|v| v.name == name).ok_or_else(|| {
            SimulateError::Variant(format!(
                "jass has the variants {}, not {name:?}",
                generic::variant_list(VARIANTS)
            ))
        })?;
        match variant.name {
            "schieber" => generic::simulate::<GameAdapter>(config, Some(variant.name), None, json),
            "differenzler" => generic::simulate::<DifferenzlerAdapter>(
                config,
                Some(variant.name),
                Some(variant.name),
                json,
            ),
            _ => generic::simulate::<CoiffeurAdapter>(
                config,
                Some(variant.name),
                Some(variant.name),
                json,
            ),
        }
    }

    fn replay(
        &self,
        record: &str,
        text: &[u8],
        seed: Option<u64>,
        json: bool,
    ) -> Result<String, ReplayFileError> {
        if record == <jass::SchieberDeal as Game>::NAME {
            generic::replay_rendered::<DealAdapter>(text, seed, json)
        } else if record == <jass::Differenzler as Game>::NAME {
            generic::replay_rendered::<DifferenzlerAdapter>(text, seed, json)
        } else if record == <jass::Coiffeur as Game>::NAME {
            generic::replay_rendered::<CoiffeurAdapter>(text, seed, json)
        } else {
            generic::replay_rendered::<GameAdapter>(text, seed, json)
        }
    }
}

/// A Schieber deal in a trace: `{"dealer":d,"forehand":f,"hands":[[9 cards],…]}`, each hand
/// in the order its cards were dealt.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Deal {
    /// The dealer.
    pub dealer: u8,
    /// Forehand: names the contract or pushes, and leads the first trick.
    pub forehand: u8,
    /// Each seat's cards, in the order dealt.
    pub hands: Vec<Vec<JassCard>>,
    /// Differenzler: the shown trump card, the last card of the dealer's hand as listed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shown: Option<JassCard>,
}

impl Deal {
    /// The seeded first deal under `rules` from `seed`, as `SchieberDeal::new` deals it.
    #[must_use]
    pub fn seeded(rules: &Rules, seed: Seed) -> Deal {
        Deal::from(jass::SeededDeal::first(rules, seed))
    }

    /// The deal's start as a [`Setup`].
    #[must_use]
    pub fn setup(&self) -> Setup {
        let hands = std::array::from_fn(|seat| {
            self.hands
                .get(seat)
                .map(|hand| hand.iter().copied().collect())
                .unwrap_or_default()
        });
        Setup::dealt(PlayerId(self.dealer), PlayerId(self.forehand), hands)
    }
}

impl Deal {
    /// A Coiffeur or Differenzler deal: dealer, the seat after it (it acts first), the hands
    /// in the order dealt, and with `shown` the dealer's last card (Differenzler's trump).
    #[must_use]
    pub fn table(deal: &jass::TableDeal, shown: bool) -> Deal {
        Deal {
            dealer: deal.dealer.0,
            forehand: deal.forehand().0,
            hands: (0..deal.seats)
                .map(|s| deal.hand(PlayerId(s)).to_vec())
                .collect(),
            shown: shown.then(|| deal.shown()),
        }
    }
}

impl From<jass::SeededDeal> for Deal {
    fn from(seeded: jass::SeededDeal) -> Deal {
        Deal {
            dealer: seeded.dealer.0,
            forehand: seeded.forehand.0,
            hands: seeded.hands.iter().map(|hand| hand.to_vec()).collect(),
            shown: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_of_every_type_are_replayed_by_jass() {
        assert_eq!(
            JassEntry.record_names(),
            ["schieber", "schieber-deal", "coiffeur", "differenzler"]
        );
        assert_eq!(JassEntry.players(), 4..=4);
        assert_eq!(
            JassEntry.verbs(),
            ["legal", "trick", "weis", "deal", "playout", "trace"]
        );
    }
}
