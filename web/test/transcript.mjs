// The module's side of CI's engine check: plays what `cargo run -p cardrules-web --example
// transcript` plays (one seeded game of every type, seat 0 taking its first legal move, random
// bots) through the module built for wasm32, and prints the same lines.
// Usage: node web/test/transcript.mjs FILE.wasm
import { readFileSync } from "node:fs";
import { Engine } from "../engine.js";

const engine = await Engine.load(readFileSync(process.argv[2]));
for (const line of engine.ask({ op: "catalogue" }).games) {
  const start = engine.ask({ op: "new", game: line.game, variant: line.variant, seed: 5, bots: ["random"] });
  const id = start.session;
  let last = start;
  let answers = 1;
  while (last.ok === true && last.screen.end === null && answers < 100000) {
    const request = last.screen.to_act === 0 ? { op: "play", session: id, index: 0 } : { op: "bot", session: id };
    last = engine.ask(request);
    answers += 1;
  }
  engine.ask({ op: "close", session: id });
  console.log(`${JSON.stringify(line.label)} ${answers} ${JSON.stringify(last)}`);
}
