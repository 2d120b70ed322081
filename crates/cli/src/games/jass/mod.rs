//! Jass in the CLI: four game types under one name, `jass`.
//!
//! - The oracle's `jass.playout` and `jass.trace` play one Schieber deal
//!   ([`jass::SchieberDeal`], records `schieber-deal`; [`deal`]), as `docs/oracle.md` fixes
//!   it, with the optional `"variant"` (`schieber`, the default, `coiffeur` and
//!   `differenzler`: whole games, [`coiffeur`], [`differenzler`]).
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

use cards_core::{JassCard, PlayerId, Seed};
use jass::{Rules, Setup};
use serde::Serialize;

pub use coiffeur::CoiffeurAdapter;
pub use deal::DealAdapter;
pub use differenzler::DifferenzlerAdapter;
pub use game::GameAdapter;

/// The registry name.
const NAME: &str = "jass";

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
