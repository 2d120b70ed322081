//! One seeded random game of each game type, reduced to a digest, for CI to compare a
//! `wasm32-unknown-unknown` build (run under Node, `.ci/wasm.mjs`) with the native one
//! (`cargo run -p wasm-check`): the same deal, the same actions, the same settlement and final
//! state on both. Not published.

use cards_core::{Game, Seed, random_playout};

/// The game types played, by number: what [`digest`] takes.
pub const GAMES: &[&str] = &[
    "zaagox (3 players)",
    "jass schieber deal (4)",
    "jass schieber game (4)",
    "jass coiffeur (4)",
    "jass differenzler (3)",
    "elewenjewe (2)",
    "letom deal (3)",
    "letom match (2)",
];

/// FNV-1a, 64 bits: small, and the same on every platform.
fn fnv(hash: &mut u64, bytes: &[u8]) {
    for &b in bytes {
        *hash ^= u64::from(b);
        *hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
}

/// One game of `G` at `players` from `seed` with the built-in random player, digested: the
/// number of actions, the settlement and the final state's JSON.
fn play<G: Game>(players: usize, seed: u64) -> u64 {
    let Ok((state, record)) = random_playout::<G>(&G::Rules::default(), players, Seed::from(seed))
    else {
        return 0;
    };
    let mut hash = 0xcbf2_9ce4_8422_2325;
    fnv(&mut hash, &(record.actions.len() as u64).to_le_bytes());
    for v in state.settlement().iter() {
        fnv(&mut hash, &v.to_le_bytes());
    }
    fnv(
        &mut hash,
        serde_json::to_string(&state).unwrap_or_default().as_bytes(),
    );
    hash
}

/// The digest of game type `game` (an index into [`GAMES`]) played from `seed`; 0 for a game
/// number out of range.
#[must_use]
pub fn digest_of(game: u32, seed: u64) -> u64 {
    match game {
        0 => play::<zaagox::Zaagox>(3, seed),
        1 => play::<jass::SchieberDeal>(4, seed),
        2 => play::<jass::Schieber>(4, seed),
        3 => play::<jass::Coiffeur>(4, seed),
        4 => play::<jass::Differenzler>(3, seed),
        5 => play::<elewenjewe::Elewenjewe>(2, seed),
        6 => play::<letom::Letom>(3, seed),
        7 => play::<letom::LetomMatch>(2, seed),
        _ => 0,
    }
}

/// [`digest_of`], exported for the wasm module's host.
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "C" fn digest(game: u32, seed: u64) -> u64 {
    digest_of(game, seed)
}
