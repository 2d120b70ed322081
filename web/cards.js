// Cards drawn from their notation: the standard 52 (Jass's 36 among them) as rank and suit
// symbol, red for ♥ and ♦; the Didopoikas deck (crates/cards-core/docs/didopoikas.md) as its
// colour, number and shape. The page names no game: the notation alone says which deck.

const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const SUIT_NAMES = { C: "Clubs", D: "Diamonds", H: "Hearts", S: "Spades" };
const RANKS = { T: "10", J: "J", Q: "Q", K: "K", A: "A" };
const COLOURS = { A: "Alivaie", S: "Suçes", G: "Gran", P: "Pradol" };
const COLOUR_INDEX = { A: 0, S: 1, G: 2, P: 3 };
const SHAPE_GLYPHS = { Lindys: "▲", Ronaldisis: "●", Quotos: "■", Oxas: "✦" };

const STANDARD = /^(10|[2-9TJQKA])([CDHS])$/;
const DIDOPOIKAS = /^([ASGP])([0-8])$/;

/** Whether a string is a card's notation. */
export function isCard(text) {
  return typeof text === "string" && (STANDARD.test(text) || DIDOPOIKAS.test(text));
}

/** A Didopoikas card's shape: the rules' own map when they carry one, else the deck's default. */
function shape(colour, number, shapes) {
  const own = shapes?.shapes?.[`${colour}${number}`];
  if (own) return own;
  if (number === 0) return "Quotos";
  if (number === 8 && (colour === "S" || colour === "P")) return "Oxas";
  return (COLOUR_INDEX[colour] + number) % 2 === 0 ? "Lindys" : "Ronaldisis";
}

/** How a card looks: its face text, a class for its colour, and its name for screen readers. */
export function face(notation, shapes) {
  let m = STANDARD.exec(notation);
  if (m) {
    const rank = RANKS[m[1]] ?? m[1];
    return {
      text: `${rank}${SUITS[m[2]]}`,
      kind: `standard suit-${m[2]}${m[2] === "H" || m[2] === "D" ? " red" : ""}`,
      name: `${rank} of ${SUIT_NAMES[m[2]]}`,
    };
  }
  m = DIDOPOIKAS.exec(notation);
  if (m) {
    const number = Number(m[2]);
    const s = shape(m[1], number, shapes);
    return {
      text: `${SHAPE_GLYPHS[s] ?? "?"}${number === 0 ? "" : number}`,
      kind: `didopoikas colour-${m[1]}`,
      name: `${COLOURS[m[1]]} ${number === 0 ? "blank" : number}, ${s}`,
    };
  }
  return { text: notation, kind: "other", name: notation };
}

/** A card as an element: a button when it may be clicked, else a span. */
export function cardElement(notation, { button = false, shapes } = {}) {
  const f = face(notation, shapes);
  const el = document.createElement(button ? "button" : "span");
  if (button) el.type = "button";
  // A span is a picture of the card to a screen reader, named by its label.
  else el.setAttribute("role", "img");
  el.className = `card ${f.kind}`;
  el.dataset.card = notation;
  el.setAttribute("aria-label", `${f.name} (${notation})`);
  el.title = `${f.name} (${notation})`;
  const big = document.createElement("span");
  big.className = "face";
  big.textContent = f.text;
  const small = document.createElement("span");
  small.className = "code";
  small.textContent = notation;
  el.append(big, small);
  return el;
}

/** A face-down card (another seat's, counted only). */
export function backElement() {
  const el = document.createElement("span");
  el.className = "card back";
  el.setAttribute("aria-hidden", "true");
  return el;
}
