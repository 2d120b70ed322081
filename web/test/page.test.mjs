// The page in a real browser: Debian's chromium driven by playwright-core (nothing downloaded;
// CHROMIUM names the browser, /usr/bin/chromium by default). For every game type in catalogue
// order a seeded game is played to its end by clicking the page, and checked against the native
// command line (CARDRULES_CLI) replaying the record the page gives; at every step of it the
// page's DOM and JS state must name no card its seat may not see, computed from the full record
// by the command line, not by the page. Also: a refused click, undo, the replay's slider, bad
// links and files, the focus and the scrolling on a phone, the screen's text unwrapped, no
// request leaving the page, and screenshots (SCREENSHOTS, a folder).
// Run: node --test web/test/page.test.mjs   (after web/build.sh or with CARDRULES_WASM set)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { readFileSync, writeFileSync, mkdirSync, existsSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { join, dirname, extname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { tmpdir } from "node:os";
import { chromium } from "playwright-core";

const WEB = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const ROOT = resolve(WEB, "..");
const WASM = process.env.CARDRULES_WASM ?? (existsSync(join(WEB, "cardrules_web.wasm"))
  ? join(WEB, "cardrules_web.wasm")
  : join(ROOT, "target/wasm32-unknown-unknown/web/cardrules_web.wasm"));
const CLI = process.env.CARDRULES_CLI ?? join(ROOT, "target/release/cardrules");
// The engine's replay natively (crates/web/examples/replay.rs): each step's redacted events and
// the seat's view, as data, apart from the page.
const REPLAY = process.env.CARDRULES_REPLAY ?? join(ROOT, "target/release/examples/replay");
// The same game played natively through the engine (crates/web/examples/play.rs).
const PLAY = process.env.CARDRULES_PLAY ?? join(ROOT, "target/release/examples/play");
const SHOTS = process.env.SCREENSHOTS ?? join(ROOT, "target/web-screenshots");
const SEED = 4;

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm" };
let server, base, browser;
const outside = []; // requests that would leave the page

before(async () => {
  // The static server: web/ as it is, the module from WASM.
  server = createServer((req, res) => {
    const path = new URL(req.url, "http://x").pathname;
    const file = path === "/" ? join(WEB, "index.html")
      : path === "/cardrules_web.wasm" ? WASM : join(WEB, path);
    if (!file.startsWith(WEB) && file !== WASM || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    res.end(readFileSync(file));
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${server.address().port}/`;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: ["--no-sandbox"],
  });
  mkdirSync(SHOTS, { recursive: true });
});
after(async () => {
  await browser?.close();
  server?.close();
});

async function open(query = "", viewport = { width: 1100, height: 900 }) {
  const page = await browser.newPage({ viewport, acceptDownloads: true });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("request", (r) => {
    if (!r.url().startsWith(base) && !r.url().startsWith("blob:") && !r.url().startsWith("data:")) outside.push(r.url());
  });
  // Every answer the engine's worker gives the page, so the leak check reads them too.
  await page.addInitScript(() => {
    const Base = window.Worker;
    window.answersReceived = [];
    window.Worker = class extends Base {
      constructor(...args) {
        super(...args);
        this.addEventListener("message", (e) => window.answersReceived.push(e.data.answer));
      }
    };
  });
  await page.goto(base + query);
  await page.waitForFunction(() => window.cardrulesPage?.catalogue.length > 0 || !document.getElementById("error").hidden);
  return { page, errors };
}

/** Waits until the page is idle: the person to act (moves offered) or the game over. */
async function idle(page) {
  await page.waitForFunction(() => {
    const s = window.cardrulesPage;
    return s.screen && !s.busy && (s.screen.end || document.querySelectorAll("#moves button").length > 0);
  }, null, { timeout: 60_000 });
}

/** What the page holds now: its DOM's text and attributes, its JS state and every answer its
 * engine's worker gave it (the catalogue and the rules, which name no deal, left out). */
async function snapshot(page) {
  return page.evaluate(() => {
    const s = window.cardrulesPage;
    const parts = [document.documentElement.outerHTML, document.body.innerText];
    for (const el of document.querySelectorAll("input, textarea")) parts.push(el.value);
    const { catalogue, line, ...rest } = s;
    parts.push(JSON.stringify(rest, (k, v) => (k === "rules" ? undefined : v instanceof Set ? [...v] : v)));
    // The answers as they crossed from the worker (the catalogue's aside).
    const answers = (window.answersReceived ?? []).filter((a) => !a?.games);
    parts.push(JSON.stringify(answers, (k, v) => (k === "rules" ? undefined : v)));
    return { events: s.log.length, text: parts.join("\n") };
  });
}

// Card tokens in text, by deck; the words' symbol forms (K♣, 10♦) read as notation.
const STANDARD = /(?<![A-Za-z0-9])(?:10|[2-9TJQKA])[CDHS](?![A-Za-z0-9])/g;
const SYMBOLS = /(?<![A-Za-z0-9])(10|[2-9JQKA])([♣♦♥♠])/g;
const DIDOPOIKAS = /(?<![A-Za-z0-9])[ASGP][0-8](?![A-Za-z0-9])/g;
function tokens(text, deck) {
  if (deck === "didopoikas") return new Set(text.match(DIDOPOIKAS) ?? []);
  const out = new Set(text.match(STANDARD) ?? []);
  for (const [, r, s] of text.matchAll(SYMBOLS)) out.add(`${r === "10" ? "T" : r}${{ "♣": "C", "♦": "D", "♥": "H", "♠": "S" }[s]}`);
  return out;
}

function cli(args) {
  return JSON.parse(execFileSync(CLI, args, { encoding: "utf8", maxBuffer: 1 << 28 }));
}

/** Plays a game by clicking its moves; returns the snapshots taken while it ran, the final
 * screen and the number of the person's decisions. */
async function playThrough(page, label, { onDecision } = {}) {
  const snaps = [];
  let decisions = 0;
  for (;;) {
    await idle(page);
    snaps.push(await snapshot(page));
    const over = await page.evaluate(() => !!window.cardrulesPage.screen.end);
    if (over) break;
    if (onDecision) await onDecision(decisions);
    if (decisions === 6) await page.screenshot({ path: join(SHOTS, `${label}.png`), fullPage: true });
    const n = await page.locator("#moves button").count();
    const before = await page.evaluate(() => window.cardrulesPage.log.length);
    // A different move each time, chosen from the seed so the run is the same each time.
    await page.locator("#moves button").nth((decisions * 7 + SEED) % n).click();
    await page.waitForFunction((b) => window.cardrulesPage.log.length !== b || window.cardrulesPage.screen.taken?.length > 0 || window.cardrulesPage.screen.end, before).catch(() => {});
    decisions += 1;
    assert.ok(decisions < 5000, `${label} did not end`);
  }
  return { snaps, decisions };
}

test("every game type plays to its end by clicking, agrees with the command line and shows no hidden card", async () => {
  const { page: first } = await open();
  const lines = await first.evaluate(() => window.cardrulesPage.catalogue.map((l) => ({ game: l.game, variant: l.variant, label: l.label, players: l.players[0] })));
  await first.close();
  assert.ok(lines.length >= 8);
  for (const line of lines) {
    const q = new URLSearchParams({ game: line.game, seat: "0", seed: String(SEED), bots: "random", pace: "0" });
    if (line.variant) q.set("variant", line.variant);
    const name = line.label.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[^A-Za-z0-9]+/g, "-").toLowerCase();
    const { page, errors } = await open(`?${q}`);
    const { snaps, decisions } = await playThrough(page, name);
    assert.ok(decisions > 0, `${line.label}: the person never acted`);
    const end = await page.evaluate(() => ({
      record: window.cardrulesPage.record,
      shown: [...document.querySelectorAll("#settlement tbody tr td:last-child")].map((td) => Number(td.textContent)),
      outcome: document.getElementById("outcome").textContent,
    }));
    // The record the page downloads is the one it holds.
    const [download] = await Promise.all([page.waitForEvent("download"), page.locator("#download").click()]);
    const downloaded = readFileSync(await download.path(), "utf8");
    assert.deepEqual(JSON.parse(downloaded), end.record);
    const file = join(tmpdir(), `cardrules-page-${name}.json`);
    writeFileSync(file, downloaded);
    const full = cli(["replay", file, "--json"]);
    const seen = cli(["replay", file, "--json", "--seat", "0"]);
    assert.deepEqual(end.shown, full.returns, `${line.label}: the page's settlement is the command line's`);
    assert.equal(full.actions, end.record.actions.length);
    assert.equal(seen.final, full.final);
    // The same deal and the person's same moves played natively, the bots answering there:
    // the same record (so the same digest of its last state) and the same settlement.
    const request = { op: "new", game: line.game, seat: 0, seed: SEED, players: line.players, bots: ["random"] };
    if (line.variant) request.variant = line.variant;
    const mine = full.transcript.filter((t) => t.seat === 0 && "action" in t).map((t) => t.action);
    const natively = JSON.parse(execFileSync(PLAY, [JSON.stringify(request), JSON.stringify(mine)], { encoding: "utf8", maxBuffer: 1 << 28 }));
    assert.deepEqual(natively.record, end.record, `${line.label}: the native game's record is the page's`);
    assert.deepEqual(natively.settlement, end.shown);
    const nativeFile = join(tmpdir(), `cardrules-native-${name}.json`);
    writeFileSync(nativeFile, JSON.stringify(natively.record));
    assert.equal(cli(["replay", nativeFile, "--json"]).final, full.final, `${line.label}: the record digests agree`);
    assert.ok(end.outcome.length > 0);

    // The hidden cards: every card of the game (the full transcript, every card shown) less
    // what the seat had been shown by then: its events' sentences (the command line's
    // transcript as the seat saw it) and, natively, its redacted events' data and its view.
    const allText = full.transcript.flatMap((t) => t.events).join("\n");
    const deck = (allText.match(DIDOPOIKAS) ?? []).length > (allText.match(STANDARD) ?? []).length ? "didopoikas" : "standard";
    const every = tokens(allText, deck);
    const seatEvents = seen.transcript.flatMap((t) => t.events);
    const native = JSON.parse(execFileSync(REPLAY, [file, "0"], { encoding: "utf8", maxBuffer: 1 << 28 }));
    assert.equal(native.ok, true, JSON.stringify(native.error));
    const noRules = (k, v) => (k === "rules" ? undefined : v);
    // After n events, the seat's view as it was once the step that gave the n-th was played.
    const shownAt = [];
    let count = 0;
    for (const step of native.steps) {
      count += step.news.length;
      shownAt.push({ count, data: step.news.map((t) => JSON.stringify(t.event)).join("\n"), view: JSON.stringify(step.view, noRules) });
    }
    assert.equal(count, seatEvents.length, `${line.label}: the native replay and the command line tell the seat as many events`);
    assert.ok(every.size >= 20, `${line.label}: ${every.size} cards found in the full record`);
    let checked = 0;
    for (const snap of snaps.slice(0, -1)) {
      const upTo = shownAt.filter((s) => s.count <= snap.events);
      const visible = tokens([...seatEvents.slice(0, snap.events), ...upTo.map((s) => s.data), upTo.at(-1)?.view ?? ""].join("\n"), deck);
      const found = tokens(snap.text, deck);
      const leaked = [...found].filter((c) => every.has(c) && !visible.has(c));
      assert.deepEqual(leaked, [], `${line.label}: after ${snap.events} events the page names ${leaked} that seat 0 has not seen`);
      checked += 1;
    }
    assert.ok(checked > 0);
    assert.deepEqual(errors, []);
    await page.close();
  }
  assert.deepEqual(outside, [], "no request leaves the page");
});

/** Opens a one-deal Schieber game and waits for the person's first decision past the
 * trump's choice: a card to play. */
async function jassAtACard(seed) {
  const { page, errors } = await open(`?game=jass&variant=schieber-deal&seat=0&seed=${seed}&bots=rules&pace=0`);
  for (let i = 0; i < 40; i += 1) {
    await idle(page);
    if (await page.locator("#table .hand button.card").count() > 0 &&
        !(await page.locator("#moves button").first().textContent()).includes(":")) break;
    await page.locator("#moves button").first().click();
  }
  return { page, errors };
}

test("a click on a card no rule allows is answered with the engine's words, and changes nothing", async () => {
  // Find a deal where seat 0 must follow suit, so some card in its hand is refused.
  for (let seed = 1; seed < 30; seed += 1) {
    const { page, errors } = await jassAtACard(seed);
    const moves = await page.locator("#moves button").evaluateAll((bs) => bs.map((b) => b.dataset.move));
    const hand = await page.locator("#table .hand button.card").evaluateAll((bs) => bs.map((b) => b.dataset.card));
    const refused = hand.find((c) => !moves.includes(c));
    if (!refused) {
      await page.close();
      continue;
    }
    const before = await page.evaluate(() => JSON.stringify(window.cardrulesPage.screen));
    await page.locator(`#table .hand button.card[data-card="${refused}"]`).click();
    await page.waitForFunction(() => document.getElementById("said").textContent.length > 0);
    const said = await page.locator("#said").textContent();
    assert.match(said, /\w/);
    assert.ok(!said.includes("undefined"), said);
    assert.equal(await page.evaluate(() => JSON.stringify(window.cardrulesPage.screen)), before);
    // A legal card clicked is played.
    const legal = hand.find((c) => moves.includes(c));
    const events = await page.evaluate(() => window.cardrulesPage.log.length);
    await page.locator(`#table .hand button.card[data-card="${legal}"]`).click();
    await page.waitForFunction((n) => window.cardrulesPage.log.length > n, events);
    assert.ok(await page.evaluate((c) => window.cardrulesPage.log.some((t) => t.includes(c)), legal));
    assert.deepEqual(errors, []);
    await page.close();
    return;
  }
  assert.fail("no deal in 30 seeds where a card was refused");
});

test("undo takes the person's move back, to the screen it was played from", async () => {
  const { page, errors } = await jassAtACard(3);
  const before = await page.evaluate(() => ({ text: window.cardrulesPage.screen.text, log: window.cardrulesPage.log.length }));
  // Keys: the number 1 plays the first move.
  await page.keyboard.press("1");
  await page.waitForFunction((n) => window.cardrulesPage.log.length > n && !window.cardrulesPage.busy, before.log);
  assert.notEqual(await page.evaluate(() => window.cardrulesPage.screen.text), before.text);
  await page.locator("#undo").click();
  await page.waitForFunction(() => document.getElementById("said").textContent.includes("taken back"));
  await idle(page);
  const after = await page.evaluate(() => ({ text: window.cardrulesPage.screen.text, log: window.cardrulesPage.log.length }));
  assert.deepEqual(after, before);
  assert.deepEqual(errors, []);
  await page.close();
});

test("undo before the person's first move says there is none, and changes nothing", async () => {
  const { page, errors } = await open("?game=elewenjewe&seat=0&seed=2&bots=random&pace=0");
  await idle(page);
  const before = await page.evaluate(() => ({ text: window.cardrulesPage.screen.text, log: window.cardrulesPage.log.length }));
  await page.locator("#undo").click();
  await page.waitForFunction(() => document.getElementById("said").textContent.length > 0);
  assert.equal(await page.locator("#said").textContent(), "You have made no move to take back.");
  const after = await page.evaluate(() => ({ text: window.cardrulesPage.screen.text, log: window.cardrulesPage.log.length }));
  assert.deepEqual(after, before);
  assert.deepEqual(errors, []);
  await page.close();
});

test("a new game dealt while the bots play shows nothing of the game left", async () => {
  // Slow bots, so the first game's bots are still playing when the second is dealt.
  const { page, errors } = await open("?game=jass&variant=schieber-deal&seat=0&seed=4&bots=random&pace=1500");
  await page.waitForFunction(() => document.querySelectorAll("#moves button").length > 0, null, { timeout: 60_000 });
  await page.locator("#moves button").first().click();
  await page.waitForFunction(() => window.cardrulesPage.busy);
  await page.locator("#new-game").click();
  await page.locator("#f-game").selectOption({ label: "one Letom deal" });
  await page.locator("#f-seat").fill("1");
  await page.locator("#f-pace").selectOption("0");
  await page.locator("#start-button").click();
  await idle(page);
  // Long enough for the first game's paced answers to have come, had they been shown.
  await page.waitForTimeout(2000);
  const log = await page.evaluate(() => window.cardrulesPage.log.join("\n"));
  assert.doesNotMatch(log, /Weis|trump|Stöck/i, log);
  assert.match(await page.locator("#game-title").textContent(), /Letom/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("a finished game replays with the slider, as any seat saw it", async () => {
  const { page, errors } = await open("?game=elewenjewe&seat=1&players=2&seed=9&bots=random&pace=0");
  await playThrough(page, "replay-source");
  const final = await page.evaluate(() => ({ text: window.cardrulesPage.screen.text, actions: window.cardrulesPage.record.actions.length }));
  await page.locator("#replay-this").click();
  await page.waitForFunction(() => !document.getElementById("replay").hidden);
  assert.equal(await page.locator("#r-step").getAttribute("max"), String(final.actions));
  assert.equal(await page.locator("#r-text").textContent(), final.text);
  const shownLog = () => page.locator("#r-log li:not([hidden])").allTextContents();
  const whole = await shownLog();
  await page.locator("#r-step").fill("0");
  const start = await page.locator("#r-text").textContent();
  assert.notEqual(start, final.text);
  assert.match(await page.locator("#r-at").textContent(), /^0 of /);
  // The log shows the steps up to the slider's: forward again, the same sentences as before.
  const first = await shownLog();
  assert.ok(first.length < whole.length);
  assert.deepEqual(first, whole.slice(0, first.length));
  await page.locator("#r-step").fill(String(final.actions));
  assert.deepEqual(await shownLog(), whole);
  // As seat 0 saw it: another hand.
  await page.locator("#r-seat").selectOption("0");
  await page.waitForFunction(() => window.cardrulesPage.replay.seat === 0);
  await page.locator("#r-step").fill("0");
  assert.notEqual(await page.locator("#r-text").textContent(), start);
  // The same record given in the URL.
  const record = await page.evaluate(() => JSON.stringify(window.cardrulesPage.record));
  const linked = await open(`?record=${encodeURIComponent(record)}&seat=1`);
  await linked.page.waitForFunction(() => !document.getElementById("replay").hidden);
  assert.equal(await linked.page.locator("#r-text").textContent(), final.text);
  // Back goes to the finished game it came from.
  await page.locator("#r-close").click();
  assert.ok(await page.locator("#game").isVisible());
  assert.equal(await page.evaluate(() => window.cardrulesPage.screen.text), final.text);
  assert.deepEqual([...errors, ...linked.errors], []);
  await linked.page.close();
  await page.close();
});

test("a record under its own shape map replays with that map's shapes", async () => {
  // Every numbered card but the Oxas takes the other of Lindys and Ronaldisis (custom counts).
  const shapes = {};
  for (const [ci, c] of ["A", "S", "G", "P"].entries()) {
    for (let n = 0; n <= 8; n += 1) {
      shapes[`${c}${n}`] = n === 0 ? "Quotos" : n === 8 && (c === "S" || c === "P") ? "Oxas"
        : (ci + n) % 2 === 0 ? "Ronaldisis" : "Lindys";
    }
  }
  const dir = join(tmpdir(), `cardrules-shapes-${process.pid}`);
  const map = JSON.stringify({ shapes, allow_custom_counts: true });
  cli(["simulate", "zaagox", "-p", "2", "-g", "1", "-s", "1", "-r", `shapes=${map}`, "--record", dir, "--force", "--json"]);
  const record = readFileSync(join(dir, "zaagox-2p-seed1.json"), "utf8");
  const { page, errors } = await open(`?record=${encodeURIComponent(record)}&seat=0`);
  await page.waitForFunction(() => !document.getElementById("replay").hidden);
  const drawn = await page.$$eval("#r-table [data-card]", (cards) =>
    cards.map((c) => [c.dataset.card, c.getAttribute("aria-label")]));
  assert.ok(drawn.length >= 5, `${drawn.length} cards drawn`);
  for (const [card, label] of drawn) {
    assert.ok(label.includes(`, ${shapes[card]} `), `${card} drawn as "${label}", not ${shapes[card]}`);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test("a bad link or file is answered in words, never a blank page", async () => {
  for (const [query, words] of [
    ["?game=chess", "names no game"],
    ["?game=zaagox&seed=x", "not a number"],
    ["?game=zaagox&bots=wizard", "wizard"],
    ["?game=zaagox&pace=9", "pace is one of 0, 250, 700, 1500"],
    ["?seed=4&bots=rules", "names no game"],
    ["?record=%7Bnot", "not JSON"],
    ["?record=%7B%22game%22%3A%22chess%22%7D", "cannot be replayed"],
  ]) {
    const { page, errors } = await open(query);
    await page.waitForFunction(() => !document.getElementById("error").hidden);
    assert.match(await page.locator("#error").textContent(), new RegExp(words), query);
    assert.deepEqual(errors, []);
    await page.close();
  }
  const { page } = await open();
  await page.locator("#f-record").setInputFiles({ name: "x.json", mimeType: "application/json", buffer: Buffer.from("not json") });
  await page.waitForFunction(() => !document.getElementById("error").hidden);
  assert.match(await page.locator("#error").textContent(), /x\.json is not a record/);
  // A record past the engine's 4 MiB: refused by its length, and the engine goes on.
  const big = JSON.stringify({ game: "jass", pad: "x".repeat(5 << 20) });
  await page.locator("#f-record").setInputFiles({ name: "big.json", mimeType: "application/json", buffer: Buffer.from(big) });
  await page.waitForFunction(() => /at most 4 MiB/.test(document.getElementById("error").textContent));
  assert.match(await page.locator("#error").textContent(), /at most 4 MiB, not \d+ bytes/);
  await page.locator("#start-button").click();
  await idle(page);
  await page.close();
  // A link with a game and no variant plays the game's first.
  const plain = await open("?game=jass&seat=0&seed=1&bots=random&pace=0");
  await idle(plain.page);
  assert.match(await plain.page.locator("#game-title").textContent(), /^Schieber/);
  assert.deepEqual(plain.errors, []);
  await plain.page.close();
});

test("a seed past 2^53 deals its own game, not its nearest JavaScript number's", async () => {
  const hand = async (seed) => {
    const { page, errors } = await open(`?game=jass&variant=schieber-deal&seat=0&seed=${seed}&bots=random&pace=0`);
    await idle(page);
    const cards = await page.evaluate(() => JSON.stringify(window.cardrulesPage.screen.view.hand));
    assert.deepEqual(errors, []);
    await page.close();
    return cards;
  };
  // 2^53 + 1 is 2^53 as a JavaScript number; the largest seed is 2^64 as one.
  assert.notEqual(await hand("9007199254740993"), await hand("9007199254740992"));
  assert.ok((await hand("18446744073709551615")).length > 2);
});

test("on a phone-sized screen the page fits and every move is a button", async () => {
  const { page, errors } = await open("?game=elewenjewe&seat=0&seed=2&bots=rules&pace=0", { width: 390, height: 844 });
  await idle(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page is ${width}px wide on a 390px screen`);
  // Tab reaches a move, and Enter plays it.
  const events = await page.evaluate(() => window.cardrulesPage.log.length);
  await page.locator("#moves button").first().focus();
  await page.keyboard.press("Enter");
  await page.waitForFunction((n) => window.cardrulesPage.log.length > n || window.cardrulesPage.screen.taken.length > 0, events);
  await idle(page);
  // The focus is back on the moves, not at the page's start: Enter plays on.
  assert.ok(await page.evaluate(() => document.activeElement?.closest("#moves") !== null), "the focus left the moves");
  const again = await page.evaluate(() => window.cardrulesPage.log.length);
  await page.keyboard.press("Enter");
  await page.waitForFunction((n) => window.cardrulesPage.log.length > n || window.cardrulesPage.screen.taken.length > 0, again);
  await idle(page);
  await page.screenshot({ path: join(SHOTS, "phone.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
  assert.deepEqual(outside, [], "no request leaves the page");
});

test("a hint lists the moves a bot weighed, its choice first, each a legal move", async () => {
  const { page, errors } = await jassAtACard(5);
  const moves = await page.locator("#moves button").evaluateAll((bs) => bs.map((b) => b.textContent.replace(/^\d+\. /, "")));
  await page.locator("#hint").click();
  await page.waitForFunction(() => document.querySelectorAll("#hint-list li").length > 0);
  const lines = await page.locator("#hint-list li").allTextContents();
  for (const line of lines) {
    assert.match(line, /^.+ — \d+\.\d% of its tries, on average (wins \d+ %|[+-]\d+\.\d .+)$/);
    assert.ok(moves.includes(line.split(" — ")[0]), `${line} is one of ${moves}`);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test("a capture chosen card by card can be started again", async () => {
  for (let seed = 1; seed < 20; seed += 1) {
    const { page, errors } = await open(`?game=elewenjewe&seat=0&seed=${seed}&bots=random&pace=0`);
    for (let turn = 0; turn < 12; turn += 1) {
      await idle(page);
      if (await page.evaluate(() => !!window.cardrulesPage.screen.end)) break;
      const moves = await page.locator("#moves button").evaluateAll((bs) => bs.map((b) => b.dataset.move));
      const first = moves.findIndex((m) => m.startsWith("capture with"));
      if (first < 0) {
        const n = moves.length;
        await page.locator("#moves button").nth(n - 1).click();
        continue;
      }
      // One step: the capture is under way, and the page offers to start it again.
      await page.locator("#moves button").nth(first).click();
      await page.waitForFunction(() => window.cardrulesPage.screen.taken?.length > 0);
      assert.ok(await page.locator("#restart").isVisible());
      assert.notDeepEqual(await page.locator("#moves button").evaluateAll((bs) => bs.map((b) => b.dataset.move)), moves);
      await page.locator("#restart").click();
      await page.waitForFunction(() => window.cardrulesPage.screen.taken?.length === 0);
      assert.deepEqual(await page.locator("#moves button").evaluateAll((bs) => bs.map((b) => b.dataset.move)), moves);
      assert.ok(!(await page.locator("#restart").isVisible()));
      assert.deepEqual(errors, []);
      await page.close();
      return;
    }
    await page.close();
  }
  assert.fail("no capture to take step by step in 20 seeds");
});

/** Where the focus is: an element's id, "move" for one of the moves, or "BODY". */
const focusAt = (page) => page.evaluate(() => {
  const a = document.activeElement;
  if (!a || a === document.body) return "BODY";
  return a.closest("#moves") ? "move" : a.id || a.tagName;
});

test("on a phone, moves played with Enter keep the focused move in view: the log's box scrolls, not the page", async () => {
  const { page, errors } = await open("?game=jass&variant=schieber-deal&seat=0&seed=4&bots=rules&pace=0", { width: 360, height: 740 });
  for (let i = 0; i < 6; i += 1) {
    await idle(page);
    if (await page.evaluate(() => !!window.cardrulesPage.screen.end)) break;
    const events = await page.evaluate(() => window.cardrulesPage.log.length);
    await page.locator("#moves button").first().focus();
    await page.keyboard.press("Enter");
    await page.waitForFunction((n) => window.cardrulesPage.log.length > n, events);
    await idle(page);
    const at = await page.evaluate(() => {
      const a = document.activeElement;
      const r = a.getBoundingClientRect();
      const log = document.getElementById("log");
      return {
        move: !!a.closest("#moves"), top: r.top, bottom: r.bottom, height: innerHeight, scrollY,
        logAtEnd: log.scrollTop + log.clientHeight >= log.scrollHeight - 1,
      };
    });
    assert.ok(at.move, `move ${i}: the focus left the moves`);
    assert.ok(at.top >= -1 && at.bottom <= at.height + 1, `move ${i}: the focused move is off the screen (${JSON.stringify(at)})`);
    assert.ok(at.logAtEnd, `move ${i}: the log's box does not show its last sentence`);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test("the screen's text keeps a sheet's columns: its rows are not wrapped, the other lines wrap, and the page does not scroll sideways", async () => {
  for (const viewport of [{ width: 1100, height: 900 }, { width: 360, height: 740 }]) {
    const { page, errors } = await open("?game=jass&variant=coiffeur&seat=0&seed=4&bots=random&pace=0", viewport);
    await idle(page);
    const text = await page.evaluate(() => {
      const el = document.getElementById("screen-text");
      // How many of a block's lines take more than one line of the box.
      const wrapped = (block) => {
        const range = document.createRange();
        const node = block.firstChild;
        let offset = 0;
        let count = 0;
        for (const line of node.textContent.replace(/\n$/, "").split("\n")) {
          range.setStart(node, offset);
          range.setEnd(node, offset + line.length);
          if (line.length > 0 && range.getClientRects().length > 1) count += 1;
          offset += line.length + 1;
        }
        return count;
      };
      const rows = [...el.querySelectorAll(".rows")];
      const prose = [...el.querySelectorAll(".prose")];
      return {
        rows: rows.reduce((n, b) => n + b.textContent.replace(/\n$/, "").split("\n").length, 0),
        rowsWrapped: rows.reduce((n, b) => n + wrapped(b), 0),
        rowsReachable: rows.every((b) => b.tabIndex === 0),
        proseWider: prose.filter((b) => b.scrollWidth > b.clientWidth + 1).length,
        whole: el.textContent === window.cardrulesPage.screen.text,
        width: document.documentElement.scrollWidth,
      };
    });
    assert.ok(text.whole, "the box holds the screen's text, every character");
    assert.ok(text.rows >= 10, `the sheet has ${text.rows} rows`);
    assert.equal(text.rowsWrapped, 0, `${text.rowsWrapped} of the sheet's rows wrapped at ${viewport.width}px`);
    // A keyboard scrolls a wide sheet sideways.
    assert.ok(text.rowsReachable);
    assert.equal(text.proseWider, 0, `a line of words runs past its box at ${viewport.width}px`);
    assert.ok(text.width <= viewport.width, `the page is ${text.width}px wide on a ${viewport.width}px screen`);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test("the focus stays on the page's controls: after Deal, the game's end, Replay this game, Back and New game", async () => {
  const { page, errors } = await open();
  await page.locator("#f-game").selectOption({ label: "one Letom deal" });
  await page.locator("#f-bots").fill("random");
  await page.locator("#f-pace").selectOption("0");
  await page.locator("#start-button").click();
  await idle(page);
  assert.ok(["move", "game-title"].includes(await focusAt(page)), `after Deal the focus is on ${await focusAt(page)}`);
  await playThrough(page, "focus");
  assert.equal(await focusAt(page), "end-title", "after the game's end");
  await page.locator("#replay-this").click();
  await page.waitForFunction(() => !document.getElementById("replay").hidden);
  assert.equal(await focusAt(page), "r-step", "after Replay this game");
  await page.locator("#r-close").click();
  assert.equal(await focusAt(page), "replay-this", "after Back");
  await page.locator("#new-game").click();
  assert.equal(await focusAt(page), "f-game", "after New game");
  assert.deepEqual(errors, []);
  await page.close();
});

test("the replay draws the table as the game does: no row of the rules", async () => {
  const { page, errors } = await open("?game=jass&variant=schieber-deal&seat=0&seed=4&bots=random&pace=0");
  await playThrough(page, "replay-rules");
  await page.locator("#replay-this").click();
  await page.waitForFunction(() => !document.getElementById("replay").hidden);
  const last = Number(await page.locator("#r-step").getAttribute("max"));
  for (const step of [0, 1, Math.floor(last / 2), last]) {
    await page.locator("#r-step").fill(String(step));
    const table = await page.locator("#r-table").textContent();
    assert.doesNotMatch(table, /rules|forehand card/, `step ${step}: ${table}`);
  }
  assert.deepEqual(errors, []);
  await page.close();
});
