// The page: a start screen, the seat's table, its moves, the log of what happened, the end and
// a replay. It holds only what the engine's answers carry, which is the seat's (the engine
// runs in worker.js and keeps the table). It names no game: everything comes from the
// catalogue and the answers.
import { cardElement, backElement, isCard } from "./cards.js";

const $ = (id) => document.getElementById(id);

/** Everything the page holds, in one place (the tests read it: it must name no hidden card). */
const state = {
  catalogue: [], // the game types (no deal in it)
  line: null, // the chosen game type
  session: null,
  seat: 0,
  screen: null, // the seat's screen, as the engine last answered
  log: [], // the sentences shown
  explained: new Set(), // terms already explained
  pace: 700,
  busy: false,
  replay: null, // a replay's steps (one seat's)
  replayLog: [], // the replay's log: each step's sentences (elements)
  replayAt: 0, // the step the replay's log shows up to
  record: null, // the record, once the game is over
  refocus: false, // the focus was on a move or card the screen took away, or a game was dealt
};
window.cardrulesPage = state;

// The engine in its worker: ask() posts a request and resolves with the answer.
const worker = new Worker("worker.js", { type: "module" });
let nextId = 0;
const waiting = new Map();
worker.onmessage = ({ data: { id, answer } }) => {
  waiting.get(id)?.(answer);
  waiting.delete(id);
};
worker.onerror = (e) => showError(`the engine failed: ${e.message ?? "it could not load"}`);
function ask(request) {
  return new Promise((resolve) => {
    const id = nextId++;
    waiting.set(id, resolve);
    worker.postMessage({ id, request });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
function status(text) {
  // The same words again are not announced again.
  if ($("status").textContent !== text) $("status").textContent = text;
}
function showError(text) {
  const el = $("error");
  el.textContent = text;
  el.hidden = !text;
}

// ---- the start screen and the URL ----

function lineKey(line) {
  return line.variant ? `${line.game}/${line.variant}` : line.game;
}

function fillPresets() {
  const line = state.catalogue[$("f-game").selectedIndex];
  state.line = line;
  $("f-about").textContent = line.about;
  const players = $("f-players");
  [players.min, players.max] = line.players;
  if (!(Number(players.value) >= line.players[0] && Number(players.value) <= line.players[1])) {
    players.value = line.players[0];
  }
  const preset = $("f-preset");
  preset.replaceChildren(new Option("the game's default", ""));
  for (const p of line.presets) preset.append(new Option(p, p));
}

/** The start screen's choices as URL query parameters (a link deals the same game again). */
function choices() {
  const q = new URLSearchParams();
  const line = state.catalogue[$("f-game").selectedIndex];
  q.set("game", line.game);
  if (line.variant) q.set("variant", line.variant);
  q.set("players", $("f-players").value);
  q.set("seat", $("f-seat").value);
  q.set("seed", $("f-seed").value);
  if ($("f-preset").value) q.set("preset", $("f-preset").value);
  q.set("bots", $("f-bots").value.replace(/\s+/g, ""));
  q.set("pace", $("f-pace").value);
  return q;
}

/** Reads the URL back into the start screen; refuses what it cannot read, in words. */
function readQuery(q) {
  const game = q.get("game");
  // A game with no variant named is its first line (the engine's default variant).
  const variant = q.get("variant") || null;
  const i = state.catalogue.findIndex(
    (l) => l.game === game && (variant === null || (l.variant ?? null) === variant),
  );
  if (i < 0) {
    const known = state.catalogue.map(lineKey).join(", ");
    throw new Error(`the link names no game here ("${game}"): the games are ${known}`);
  }
  $("f-game").selectedIndex = i;
  fillPresets();
  for (const [name, field] of [["players", "f-players"], ["seat", "f-seat"], ["seed", "f-seed"]]) {
    if (q.has(name)) {
      if (!/^\d+$/.test(q.get(name))) throw new Error(`the link's ${name} is not a number: "${q.get(name)}"`);
      $(field).value = q.get(name);
    }
  }
  if (q.has("preset")) {
    if (!state.line.presets.includes(q.get("preset"))) {
      throw new Error(`${state.line.label} has no preset "${q.get("preset")}"`);
    }
    $("f-preset").value = q.get("preset");
  }
  if (q.has("bots")) $("f-bots").value = q.get("bots");
  if (q.has("pace")) {
    const paces = [...$("f-pace").options].map((o) => o.value);
    if (!paces.includes(q.get("pace"))) {
      throw new Error(`the link's pace is one of ${paces.join(", ")} (milliseconds), not "${q.get("pace")}"`);
    }
    $("f-pace").value = q.get("pace");
  }
}

async function startGame(event) {
  event?.preventDefault();
  showError("");
  const q = choices();
  history.replaceState(null, "", `?${q}`);
  const line = state.catalogue[$("f-game").selectedIndex];
  const request = {
    op: "new",
    game: line.game,
    players: Number(q.get("players")),
    seat: Number(q.get("seat")),
    // As digits: a JavaScript number holds a seed exactly only up to 2^53.
    seed: q.get("seed"),
    bots: q.get("bots").split(",").filter(Boolean),
  };
  if (line.variant) request.variant = line.variant;
  if (q.get("preset")) request.preset = q.get("preset");
  if (state.session !== null) await ask({ op: "close", session: state.session });
  state.session = null;
  const answer = await ask(request);
  if (!answer.ok) {
    showError(answer.error);
    return;
  }
  Object.assign(state, {
    line, session: answer.session, seat: answer.seat, screen: null, log: [], record: null,
    explained: new Set(), pace: Number(q.get("pace")),
    // The Deal button goes with the start screen: the focus waits on the game's heading, and
    // the first move offered takes it (a game that ended left no move to clear it).
    refocus: true,
  });
  $("pace").value = String(state.pace);
  $("game-title").textContent = `${answer.label}: you are seat ${answer.seat} of ${answer.players}`;
  $("log").replaceChildren();
  $("hint-list").replaceChildren();
  $("said").textContent = "";
  $("start").hidden = true;
  $("replay").hidden = true;
  $("game").hidden = false;
  $("game-title").focus();
  await take(answer);
  await run();
}

// ---- the game ----

/** Shows an answer: its events one by one at the bots' pace, then its screen; `false` when a
 * new game began while it waited (the answer is left half shown). */
async function take(answer, { animate = true } = {}) {
  const session = state.session;
  for (const told of answer.news ?? []) {
    addLog($("log"), told.text, state.log);
    if (animate && state.pace > 0 && answer.moved != null) {
      await sleep(state.pace / 3);
      if (session !== state.session) return false;
    }
  }
  state.screen = stripRules(answer.screen);
  if (answer.screen.end) state.record = answer.screen.end.record;
  draw();
  return true;
}

/** A view without the rules: they are the start screen's, and the page needs of them only the
 * deck's shape map, when the rules carry their own (a Didopoikas card's shape is drawn by it),
 * kept beside the view as `shapes`. */
function stripRules(screen) {
  const strip = (v) => {
    if (Array.isArray(v)) return v.map(strip);
    if (v && typeof v === "object") {
      return Object.fromEntries(Object.entries(v).filter(([k]) => k !== "rules").map(([k, x]) => [k, strip(x)]));
    }
    return v;
  };
  return { ...screen, view: strip(screen.view), shapes: screen.view?.rules?.shapes };
}

/** A sentence in a log, and each term of the game it uses explained the first time. */
function addLog(list, text, keep) {
  const li = document.createElement("li");
  li.textContent = text;
  list.append(li);
  keep?.push(text);
  if (keep && state.line) {
    for (const term of state.line.terms) {
      if (state.explained.has(term.word)) continue;
      if (new RegExp(`(^|[^\\p{L}])${escape(term.word)}($|[^\\p{L}])`, "iu").test(text)) {
        state.explained.add(term.word);
        const t = document.createElement("li");
        t.className = "term";
        const b = document.createElement("b");
        b.textContent = `${term.word}: `;
        t.append(b, term.meaning);
        list.append(t);
      }
    }
  }
  // The log's box scrolls, not the page: on a phone the hand and the moves stay in view.
  list.scrollTop = list.scrollHeight;
}
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The bots play until the person is to act or the game is over. */
async function run() {
  while (state.screen && !state.screen.end && state.screen.to_act !== state.seat) {
    setBusy(true);
    const session = state.session;
    const answer = await ask({ op: "bot", session });
    if (session !== state.session) return; // a new game began meanwhile
    if (!answer.ok) {
      showError(answer.error);
      break;
    }
    if (!(await take(answer))) return;
    if (state.pace > 0) await sleep(state.pace);
    if (session !== state.session) return;
  }
  setBusy(false);
}

function setBusy(busy) {
  state.busy = busy;
  $("thinking").hidden = !busy;
  document.body.classList.toggle("busy", busy);
  const to = state.screen?.to_act;
  if (state.screen?.end) status("The game is over.");
  else if (to === state.seat) {
    // While the person's own move is played the line keeps its words.
    if (!busy) status("Your move.");
  } else if (busy && to != null) status(`Seat ${to} is thinking…`);
  draw();
}

/** The moves on offer now: the steps when the game decides step by step, else the moves. */
function offered() {
  const s = state.screen;
  if (!s || s.end || s.to_act !== state.seat || state.busy) return [];
  const whole = new Set(s.legal.map((m) => m.notation));
  const stepwise = s.taken.length > 0 || s.steps.some((st) => !whole.has(st.notation));
  return stepwise
    ? s.steps.map((st) => ({ request: { step: st.id }, notation: st.notation, words: st.words }))
    : s.legal.map((m) => ({ request: { index: m.index }, notation: m.notation, words: m.words }));
}

/** Writes a screen's text into `el`: a table's rows (lines whose columns are lined up with runs
 * of spaces, as a score sheet's) as they are, in a box of their own that scrolls sideways when
 * too wide and that Tab reaches; every other line wraps at the edge. */
function showText(el, text) {
  const blocks = [];
  for (const line of text.split("\n")) {
    const rows = /\S {2,}\S/.test(line);
    const last = blocks.at(-1);
    if (last && last.rows === rows) last.lines.push(line);
    else blocks.push({ rows, lines: [line] });
  }
  el.replaceChildren(...blocks.map(({ rows, lines }, i) => {
    const block = document.createElement("span");
    block.className = rows ? "rows" : "prose";
    if (rows) block.tabIndex = 0;
    // The line break between two blocks stays in the text (to copy, and to a screen reader).
    block.textContent = lines.join("\n") + (i < blocks.length - 1 ? "\n" : "");
    return block;
  }));
}

/** Whether the focus is nowhere the person put it: on the page's body, or on the game's heading
 * where a deal left it. */
function focusLost() {
  const a = document.activeElement;
  return !a || a === document.body || a === $("game-title");
}

/** Focuses an element and scrolls the page only as far as it takes to show it. */
function focusInView(el, box = el) {
  el.focus({ preventScroll: true });
  box.scrollIntoView?.({ block: "nearest" });
}

function draw() {
  const s = state.screen;
  if (!s) return;
  // The move played goes as the screen is drawn again, and the focus with it to the page's
  // start: the next moves take it back, so a keyboard player keeps their place.
  const active = document.activeElement;
  if (active && ($("moves").contains(active) || $("table").contains(active))) state.refocus = true;
  drawTable($("table"), s.view, {
    clickable: !state.busy && !s.end && s.to_act === state.seat, seat: state.seat, shapes: s.shapes,
  });
  showText($("screen-text"), s.text);
  const moves = $("moves");
  moves.replaceChildren();
  offered().forEach((m, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "move";
    b.dataset.move = m.notation;
    b.textContent = i < 9 ? `${i + 1}. ${m.words}` : m.words;
    b.addEventListener("click", () => play(m.request));
    moves.append(b);
  });
  const first = moves.querySelector("button");
  if (state.refocus && first && focusLost()) {
    focusInView(first);
    state.refocus = false;
  }
  $("restart").hidden = !(s.taken?.length > 0);
  $("hint").disabled = $("undo").disabled = state.busy || !!s.end;
  const end = s.end;
  // The game just ended: its last move went, so the focus goes to the end.
  const ended = !!end && $("end").hidden;
  $("end").hidden = !end;
  if (end) {
    $("outcome").textContent = end.outcome;
    $("unit").textContent = `settlement: ${end.unit}`;
    $("settlement").tBodies[0].replaceChildren(
      ...end.settlement.map((v, seat) => {
        const tr = document.createElement("tr");
        for (const x of [seat === state.seat ? `${seat} (you)` : `${seat}`, v > 0 ? `+${v}` : `${v}`]) {
          const td = document.createElement("td");
          td.textContent = x;
          tr.append(td);
        }
        return tr;
      }),
    );
    const a = $("download");
    if (a.href.startsWith("blob:")) URL.revokeObjectURL(a.href);
    a.href = URL.createObjectURL(new Blob([JSON.stringify(end.record)], { type: "application/json" }));
    status("The game is over.");
  }
  if (ended && focusLost()) {
    focusInView($("end-title"), $("end"));
    state.refocus = false;
  }
}

/** The seat's view drawn: every list of cards in it as cards (the hand as buttons when the
 * seat is to act), single cards, and the other seats' hands as backs. */
function drawTable(el, view, { clickable, seat, shapes }) {
  el.replaceChildren();
  const players = view?.players ?? (view?.hand_sizes ?? view?.deal?.hand_sizes)?.length;
  const rows = [];
  const walk = (v, path) => {
    if (Array.isArray(v)) {
      if (v.length > 0 && v.every(isCard)) rows.push({ path, cards: v });
      // A list as long as the table is one entry per seat (a guess the page makes, since it
      // names no game); any other list is numbered.
      else v.forEach((x, i) => walk(x, [...path, v.length === players ? `seat ${i}` : `${i + 1}`]));
    } else if (isCard(v)) rows.push({ path, cards: [v] });
    else if (v && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) walk(x, [...path, k]);
    }
  };
  walk(view, []);
  const sizes = view?.hand_sizes ?? view?.deal?.hand_sizes;
  if (Array.isArray(sizes)) {
    const row = document.createElement("div");
    row.className = "row others";
    sizes.forEach((n, i) => {
      if (i === seat) return;
      const who = document.createElement("div");
      who.className = "other";
      const label = document.createElement("span");
      label.className = "label";
      label.textContent = `seat ${i}: ${n} in hand`;
      who.append(label, ...Array.from({ length: Math.min(n, 12) }, backElement));
      row.append(who);
    });
    el.append(row);
  }
  for (const { path, cards } of rows) {
    const isHand = path[path.length - 1] === "hand";
    const row = document.createElement("div");
    row.className = isHand ? "row hand" : "row";
    const label = document.createElement("span");
    label.className = "label";
    label.textContent = isHand ? "your hand" : labelOf(path, seat);
    row.append(label);
    for (const c of cards) {
      const card = cardElement(c, { button: isHand && clickable, shapes });
      if (isHand && clickable) card.addEventListener("click", () => clickCard(c));
      row.append(card);
    }
    el.append(row);
  }
}

/** The view's containers that name no place on the table. */
const WRAPPERS = new Set(["deal", "public", "cards", "view"]);

/** A row's label read off its path in the view, in a player's words: `trick 3`, `seat 1:
 * stored`, `you: captured` (the page names no game, so the view's own keys are the words). */
function labelOf(path, seat) {
  let who = "";
  const words = [];
  for (const part of path) {
    if (WRAPPERS.has(part)) continue;
    if (part.startsWith("seat ")) {
      who = part === `seat ${seat}` ? "you" : part;
      continue;
    }
    const word = part.replaceAll("_", " ");
    // A numbered entry of a plural list is one of them: `tricks`, `2` is `trick 2`.
    const last = words.length - 1;
    if (/^\d+$/.test(word) && last >= 0 && /[^ius]s$/.test(words[last])) words[last] = words[last].slice(0, -1);
    words.push(word);
  }
  const what = words.join(" ") || "cards";
  return who ? `${who}: ${what}` : what;
}

/** A card clicked: the one move that plays it, a choice among several, or the engine's
 * refusal when no move plays it. */
async function clickCard(card) {
  const moves = offered().filter((m) => m.notation.split(/[\s:,]+/).includes(card));
  for (const b of $("moves").children) b.classList.toggle("match", moves.some((m) => m.notation === b.dataset.move));
  if (moves.length === 1) return play(moves[0].request);
  if (moves.length > 1) {
    $("said").textContent = `${card}: choose one of ${moves.map((m) => m.words).join(" · ")}`;
    $("moves").querySelector(".match")?.focus();
    return;
  }
  return play({ move: card });
}

async function play(move) {
  if (state.busy) return;
  $("said").textContent = "";
  $("hint-list").replaceChildren();
  // Busy until the bots are done (run() ends it), so the status line never says "Your move."
  // between the person's move and theirs.
  setBusy(true);
  const answer = await ask({ op: "play", session: state.session, ...move });
  if (!answer.ok) {
    setBusy(false);
    $("said").textContent = answer.error;
    return;
  }
  await take(answer, { animate: false });
  await run();
}

async function hint() {
  setBusy(true);
  status("The hint's bot is thinking…");
  const answer = await ask({ op: "hint", session: state.session, bot: "ismcts:400", top: 5 });
  // The Hint button was disabled meanwhile, which may have dropped its focus.
  const lost = document.activeElement === $("hint") || focusLost();
  setBusy(false);
  const list = $("hint-list");
  list.replaceChildren();
  if (!answer.ok) {
    if (lost) $("hint").focus();
    return void ($("said").textContent = answer.error);
  }
  for (const w of answer.hint) {
    const li = document.createElement("li");
    // `said` is the mean result in the game's own unit (a share of wins, or points).
    li.textContent = `${w.chosen.words} — ${(w.share * 100).toFixed(1)}% of its tries, on average ${w.said}`;
    list.append(li);
  }
  // The focus on the list reads it out (its name, then its lines).
  if (lost) focusInView(list);
}

async function undo() {
  const answer = await ask({ op: "undo", session: state.session });
  if (!answer.ok) return void ($("said").textContent = answer.error);
  if (!answer.undone) return void ($("said").textContent = "You have made no move to take back.");
  // The log is rebuilt from every event again: silently, or a screen reader reads the whole
  // game out again ("said" tells of the undo). Polite again once the browser has drawn it.
  const log = $("log");
  log.setAttribute("aria-live", "off");
  log.replaceChildren();
  state.log = [];
  $("said").textContent = "Your last move was taken back.";
  await take(answer, { animate: false });
  requestAnimationFrame(() => requestAnimationFrame(() => log.setAttribute("aria-live", "polite")));
  await run();
}

async function restart() {
  const answer = await ask({ op: "restart", session: state.session });
  if (!answer.ok) return void ($("said").textContent = answer.error);
  await take(answer, { animate: false });
  // The button hides itself (no step is taken now): the focus goes to the first move.
  const first = $("moves").querySelector("button");
  if (first) focusInView(first);
}

// ---- the replay ----

async function openReplay(record, seat = 0) {
  showError("");
  const answer = await ask({ op: "replay", record, seat });
  if (!answer.ok) {
    showError(`That record cannot be replayed: ${answer.error}`);
    return false;
  }
  state.replay = answer;
  state.replayRecord = record;
  const seats = $("r-seat");
  seats.replaceChildren(...Array.from({ length: answer.players }, (_, i) => new Option(`seat ${i}`, i)));
  seats.value = String(seat);
  const slider = $("r-step");
  slider.max = String(answer.steps.length - 1);
  slider.value = slider.max;
  $("r-end").textContent = answer.outcome
    ? `${answer.outcome} Settlement: ${answer.settlement.join(", ")} (${answer.unit}).`
    : "The record stops before the game's end.";
  // The whole log is built once, each step's sentences hidden while the slider is before it:
  // a move of the slider shows or hides only the steps it passes.
  state.replayLog = answer.steps.map((step) => step.news.map((told) => {
    const li = document.createElement("li");
    li.textContent = told.text;
    return li;
  }));
  state.replayAt = answer.steps.length - 1;
  $("r-log").replaceChildren(...state.replayLog.flat());
  $("start").hidden = true;
  $("game").hidden = true;
  $("replay").hidden = false;
  showStep();
  // From the game's end or the start screen the focus went with them: the slider takes it (a
  // seat chosen in the replay keeps it).
  if (!$("replay").contains(document.activeElement)) {
    slider.focus({ preventScroll: true });
    $("replay").scrollIntoView?.({ block: "start" });
  }
  return true;
}

function showStep() {
  const at = Number($("r-step").value);
  const steps = state.replay.steps;
  $("r-at").textContent = `${at} of ${steps.length - 1}${steps[at].action ? `: ${steps[at].action}` : ""}`;
  // Without the rules, as the game's table draws it.
  const step = stripRules(steps[at]);
  drawTable($("r-table"), step.view, { clickable: false, seat: state.replay.seat, shapes: step.shapes });
  showText($("r-text"), steps[at].text);
  const [from, to] = at < state.replayAt ? [at + 1, state.replayAt] : [state.replayAt + 1, at];
  for (let i = from; i <= to; i += 1) for (const li of state.replayLog[i]) li.hidden = i > at;
  state.replayAt = at;
  // The log's box shows its last sentence shown; the page stays where it is.
  const log = $("r-log");
  log.scrollTop = log.scrollHeight;
}

async function readRecordFile(file) {
  let record;
  try {
    record = JSON.parse(await file.text());
  } catch (e) {
    showError(`${file.name} is not a record (not JSON: ${e.message})`);
    return;
  }
  await openReplay(record, 0);
}

// ---- keys and start ----

document.addEventListener("keydown", (e) => {
  if ($("game").hidden || e.target.matches("input, select, textarea") || e.ctrlKey || e.metaKey || e.altKey) return;
  const n = Number(e.key);
  if (n >= 1 && n <= 9) {
    const b = $("moves").children[n - 1];
    if (b) {
      e.preventDefault();
      b.click();
    }
  }
});

async function main() {
  const answer = await ask({ op: "catalogue" });
  if (!answer.ok) {
    status("The engine did not load.");
    showError(answer.error);
    return;
  }
  state.catalogue = answer.games;
  for (const line of state.catalogue) $("f-game").append(new Option(line.label, lineKey(line)));
  fillPresets();
  $("f-game").addEventListener("change", fillPresets);
  $("start-form").addEventListener("submit", startGame);
  $("f-record").addEventListener("change", (e) => e.target.files[0] && readRecordFile(e.target.files[0]));
  $("hint").addEventListener("click", hint);
  $("undo").addEventListener("click", undo);
  $("restart").addEventListener("click", restart);
  $("new-game").addEventListener("click", () => {
    // The game is left: its bots stop (their loop sees another session) and it is closed.
    const old = state.session;
    state.session = null;
    if (old !== null) ask({ op: "close", session: old });
    setBusy(false);
    $("game").hidden = true;
    $("start").hidden = false;
    status("Choose a game.");
    $("f-game").focus();
  });
  $("pace").addEventListener("change", (e) => (state.pace = Number(e.target.value)));
  $("replay-this").addEventListener("click", () => openReplay(state.record, state.seat));
  $("r-step").addEventListener("input", showStep);
  $("r-seat").addEventListener("change", (e) => openReplay(state.replayRecord, Number(e.target.value)));
  $("r-close").addEventListener("click", () => {
    // Back to the game it came from ("Replay this game"), else to the start.
    const game = state.session !== null && state.screen?.end;
    $("replay").hidden = true;
    $("game").hidden = !game;
    $("start").hidden = !!game;
    $(game ? "replay-this" : "f-record").focus();
  });
  status("Choose a game.");
  const q = new URLSearchParams(location.search);
  try {
    if (q.has("record")) {
      let record;
      try {
        record = JSON.parse(q.get("record"));
      } catch (e) {
        throw new Error(`the link's record is not JSON: ${e.message}`);
      }
      await openReplay(record, Number(q.get("seat") ?? 0) || 0);
    } else if (q.has("game")) {
      readQuery(q);
      await startGame();
    } else if ([...q.keys()].length > 0) {
      throw new Error(`the link names no game (game=…) and no record (record=…): ${[...q.keys()].join(", ")} alone deal nothing`);
    }
  } catch (e) {
    showError(e.message);
  }
}
main().catch((e) => {
  status("The page did not start.");
  showError(`The page could not start: ${e.message}`);
});
