// The wasm side of the wasm check: loads the wasm-check module built for
// wasm32-unknown-unknown and prints `game seed digest` for every game type and seeds 0 to 4,
// the lines `cargo run -p wasm-check` prints natively. Usage: node .ci/wasm.mjs FILE.wasm
import { readFileSync } from "node:fs";

const bytes = readFileSync(process.argv[2]);
const { instance } = await WebAssembly.instantiate(bytes, {});
const games = 8;
for (let game = 0; game < games; game++) {
  for (let seed = 0n; seed < 5n; seed++) {
    const digest = BigInt.asUintN(64, instance.exports.digest(game, seed));
    console.log(`${game} ${seed} ${digest.toString(16).padStart(16, "0")}`);
  }
}
