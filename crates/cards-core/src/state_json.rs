//! A game state's JSON, `{"format": 1, "rules": …, "setup": …}` ([`crate::FORMAT`]; read as 1
//! when absent, refused when another), written once for every game: serialized
//! through [`Game::setup`], deserialized through [`Game::from_setup`] so that no JSON
//! produces a position the game's validation refuses. A game opts in with
//! [`serde_via_setup!`](crate::serde_via_setup).

use serde::{Deserialize, Serialize};

use crate::Game;

#[derive(Serialize)]
struct Out<'a, R, S> {
    format: u32,
    rules: &'a R,
    setup: S,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "state")]
struct In<R, S> {
    #[serde(default)]
    format: Option<u32>,
    rules: R,
    setup: S,
}

/// Writes `game` as `{"format": …, "rules": …, "setup": …}`.
///
/// # Errors
/// The serializer's errors.
pub fn serialize<G: Game, S: serde::Serializer>(game: &G, s: S) -> Result<S::Ok, S::Error> {
    Out {
        format: crate::FORMAT,
        rules: game.rules(),
        setup: game.setup(),
    }
    .serialize(s)
}

/// Reads `{"format": …, "rules": …, "setup": …}` (no other field; `format` may be left out)
/// and builds the game with [`Game::from_setup`].
///
/// # Errors
/// Malformed JSON, or the setup's refusal as the deserializer's custom error.
pub fn deserialize<'de, G: Game, D: serde::Deserializer<'de>>(d: D) -> Result<G, D::Error> {
    let json = In::<G::Rules, G::Setup>::deserialize(d)?;
    crate::format::check("state", json.format).map_err(serde::de::Error::custom)?;
    G::from_setup(&json.rules, json.setup).map_err(serde::de::Error::custom)
}

/// Implements `Serialize` and `Deserialize` for a [`Game`] as `{"rules": …, "setup": …}`
/// through [`Game::setup`] and [`Game::from_setup`] (see the module `state_json`).
#[macro_export]
macro_rules! serde_via_setup {
    ($ty:ty) => {
        impl $crate::__private::serde::Serialize for $ty {
            fn serialize<S: $crate::__private::serde::Serializer>(
                &self,
                s: S,
            ) -> Result<S::Ok, S::Error> {
                $crate::state_json::serialize(self, s)
            }
        }

        impl<'de> $crate::__private::serde::Deserialize<'de> for $ty {
            fn deserialize<D: $crate::__private::serde::Deserializer<'de>>(
                d: D,
            ) -> Result<Self, D::Error> {
                $crate::state_json::deserialize(d)
            }
        }
    };
}
