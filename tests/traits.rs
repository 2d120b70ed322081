//! What a user of a rules crate expects of its types, checked at compile time: every game
//! type's state, action, view, setup, rules, event, outcome and record is `Clone + Debug +
//! PartialEq + Send + Sync`; actions, cards, card sets, seeds and seats are also `Copy + Eq +
//! Hash`; errors are `std::error::Error + Clone + Send + Sync + 'static`. A type that lost one
//! of these would fail to compile here.

use std::fmt::Debug;
use std::hash::Hash;

use cards_core::{CardSet, DidoCard, Game, GameRecord, JassCard, PlayerId, Seed, StdCard};

fn value<T: Clone + Debug + PartialEq + Send + Sync + 'static>() {}
fn key<T: Copy + Debug + Eq + Hash + Send + Sync + 'static>() {}
fn error<T: std::error::Error + Clone + Send + Sync + 'static>() {}

/// Every type a game type exposes through the trait.
fn game<G: Game + 'static>() {
    value::<G>();
    value::<G::Rules>();
    value::<G::View>();
    value::<G::Setup>();
    value::<G::Event>();
    value::<G::Outcome>();
    value::<GameRecord<G>>();
    key::<G::Action>();
    key::<G::Card>();
    error::<G::Error>();
    error::<G::SetupError>();
}

#[test]
fn the_common_traits_hold() {
    key::<DidoCard>();
    key::<JassCard>();
    key::<StdCard>();
    key::<CardSet<JassCard>>();
    key::<Seed>();
    key::<PlayerId>();
    game::<zaagox::Zaagox>();
    game::<letom::Letom>();
    game::<letom::LetomMatch>();
    game::<jass::SchieberDeal>();
    game::<jass::Schieber>();
    game::<jass::Coiffeur>();
    game::<jass::Differenzler>();
    game::<elewenjewe::Elewenjewe>();
    error::<zaagox::ScoreError>();
    error::<letom::SettleError>();
    error::<jass::DealError>();
    error::<elewenjewe::CaptureError>();
    error::<cards_core::ParseCardError>();
    error::<cards_bots::ParseBotError>();
}
