// The game engine of the page: the cardrules-web module (crates/web, built for
// wasm32-unknown-unknown) and the few lines that carry JSON text in and out of its memory.
// Runs in a Web Worker (the page's), and under Node for the tests.

/** An engine loaded from the module's bytes: `ask(request)` gives its answer. */
export class Engine {
  /** @param {WebAssembly.Instance} instance */
  constructor(instance) {
    this.exports = instance.exports;
    this.encoder = new TextEncoder();
    this.decoder = new TextDecoder();
  }

  /** Loads the module from its bytes (an ArrayBuffer or typed array). */
  static async load(bytes) {
    const { instance } = await WebAssembly.instantiate(bytes, {});
    return new Engine(instance);
  }

  /** The answer (an object) to one request (an object with an `op`). */
  ask(request) {
    const bytes = this.encoder.encode(JSON.stringify(request));
    const at = this.exports.request_buffer(bytes.length);
    // The module keeps no room for a request past its limit, and refuses it by its length.
    const room = this.exports.request_room();
    new Uint8Array(this.exports.memory.buffer, at, room).set(bytes.subarray(0, room));
    const length = this.exports.answer();
    const answer = new Uint8Array(this.exports.memory.buffer, this.exports.answer_ptr(), length);
    return JSON.parse(this.decoder.decode(answer));
  }
}
