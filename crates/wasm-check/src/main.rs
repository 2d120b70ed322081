//! The native side of the wasm check: prints `game seed digest` for every game type and seeds
//! 0 to 4, the lines `.ci/wasm.mjs` prints from the wasm build.

fn main() {
    for game in 0..wasm_check::GAMES.len() as u32 {
        for seed in 0..5 {
            println!("{game} {seed} {:016x}", wasm_check::digest_of(game, seed));
        }
    }
}
