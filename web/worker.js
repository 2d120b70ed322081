// The engine's thread: loads the module next to the page and answers each request the page
// posts ({id, request}) with {id, answer}. A bot's search runs here, so the page never freezes.
import { Engine } from "./engine.js";

const ready = fetch("cardrules_web.wasm")
  .then((r) => {
    if (!r.ok) throw new Error(`cardrules_web.wasm: ${r.status} ${r.statusText} (run web/build.sh)`);
    return r.arrayBuffer();
  })
  .then((bytes) => Engine.load(bytes));

self.onmessage = async ({ data: { id, request } }) => {
  let answer;
  try {
    answer = (await ready).ask(request);
  } catch (e) {
    answer = { ok: false, error: `the engine could not start: ${e.message}` };
  }
  self.postMessage({ id, answer });
};
