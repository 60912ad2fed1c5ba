// gamekit table: draws what Python sends (view_data), sends back small requests.
// One hand-written ES module with no imports and no build step: it ships in the package
// as the widget's _esm (see docs/architecture.md, "The table's page"). Every table on a
// page is its own instance (class Table below): its words, names, card names, board and
// the kit handed to that board are its own, so an English and a French table in one
// notebook never show each other's words. The pure helpers just below touch no DOM and
// are exported by name, so `node --test tests/js/` imports this very file.

const SVGNS = "http://www.w3.org/2000/svg";

// Okabe–Ito: a palette colour-blind readers can tell apart; every colour also
// has a shape and a word, so nothing depends on colour alone.
export const PALETTE = {
  orange: "#E69F00", sky: "#56B4E9", green: "#009E73", yellow: "#F0E442",
  blue: "#0072B2", red: "#D55E00", pink: "#CC79A7", grey: "#8C8C8C", black: "#222222",
};
export const SEAT_COLORS = [PALETTE.orange, PALETTE.sky, PALETTE.green, PALETTE.pink, PALETTE.blue, PALETTE.yellow, PALETTE.red, PALETTE.grey];

// ============================================================ pure helpers ==
// No DOM below until "DOM pieces": each helper takes plain data and returns plain data.

// fill("{n} cards", {n: 3}) === "3 cards"; a placeholder without a value stays as it is.
export function fill(text, params = {}) {
  return String(text).replace(/\{(\w+)\}/g, (m, k) => (params[k] !== undefined ? String(params[k]) : m));
}

// One table's words. Every word the table shows comes from the kernel, in that table's
// language: `labels` (the page's own words, see widgets/labels.py), `names` (the seats'
// display names), `board_labels` (a board's English message id -> this language; empty
// in English) and `card_names` (card id -> its names by form).
//   new Words({labels: {hand: "Main"}}).t("hand") === "Main"
export class Words {
  constructor(data = {}) {
    this.labels = {};
    this.names = [];
    this.boardWords = {};
    this.cards = {};
    this.update(data);
  }

  // Take the traits given (a missing one keeps what was there); returns this.
  update({ labels, names, boardLabels, cardNames } = {}) {
    if (labels !== undefined) this.labels = labels || {};
    if (names !== undefined) this.names = names || [];
    if (boardLabels !== undefined) this.boardWords = boardLabels || {};
    if (cardNames !== undefined) this.cards = cardNames || {};
    return this;
  }

  get lang() {
    return this.labels.lang || "en";
  }

  // The table's own text for `key`, placeholders filled (the key itself when unknown).
  t(key, params = {}) {
    const text = this.labels[key];
    return fill(text !== undefined ? text : key, params);
  }

  // A seat's display name: the `names` trait, else the kernel's seat row, else its number from 1.
  seatName(seat) {
    if (seat === null || seat === undefined) return this.t("nobody");
    if (seat === "god") return this.t("the_god_view");
    return this.names[seat] || ((this.labels.seats || [])[seat] || {}).name || String(Number(seat) + 1);
  }

  // A text that names a seat, made by the kernel seat by seat (the grammar of names).
  seatText(seat, key) {
    const row = (this.labels.seats || [])[seat];
    return row && row[key] !== undefined ? String(row[key]) : this.seatName(seat);
  }

  // A title board's words: kit.t("English text with {name}", params).
  boardText(msgid, params = {}) {
    const text = this.boardWords[msgid];
    return fill(text !== undefined ? text : msgid, params);
  }

  // A card's name in one form (kit.cardName), else the English given.
  cardName(id, english = String(id), form = "name") {
    const forms = this.cards[String(id)];
    return forms && forms[form] !== undefined ? String(forms[form]) : english;
  }

  // A bot's name as shown (the API name stays the same).
  botName(name) {
    return (this.labels.bots || {})[name] || name;
  }

  winnersText(winners) {
    if (!winners || !winners.length) return this.t("no_winner");
    return this.t(winners.length > 1 ? "winners" : "winner", { names: winners.map((s) => this.seatName(s)).join(", ") });
  }

  // A pile's tooltip: French says "0 carte" as it says "1 carte".
  pileTitle(name, count) {
    const one = count === 1 || (count === 0 && this.lang === "fr");
    return one ? this.t("pile_one", { name }) : this.t("pile_many", { name, count });
  }
}

// The legal moves, all of them, grouped: the moves of one card (one kind, one card)
// share a heading, and each button says what differs. One move each of several cards of
// one kind ("Swap your red 5 with your partner", "Swap your pink 1 …") share a heading
// too, the words they share at both ends ("Swap your … with your partner"), each button
// naming its card. Returns [{head, rows: [[row, text]]}].
export function groupMoves(legal) {
  const groups = new Map();
  for (const row of legal) {
    const a = row.action || {};
    const what = a.card !== undefined ? `card:${a.card}` : a.seat !== undefined && a.costume !== undefined ? `seat:${a.seat}` : "";
    const key = `${row.kind}|${what}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(row);
  }
  // One move of each card, for three cards or more of one kind: one group of that kind.
  const merged = new Map();
  for (const [key, rows] of groups) {
    const kind = `${rows[0].kind}|single`;
    const alone = rows.length === 1 && key !== `${rows[0].kind}|`;
    const at = alone ? kind : key;
    if (!merged.has(at)) merged.set(at, []);
    merged.get(at).push(...rows);
  }
  const out = [];
  for (const [key, rows] of merged) {
    if (key.endsWith("|single") && rows.length < 3) out.push(...rows.map((r) => [r])); else out.push([rows, key.endsWith("|single")]);
  }
  return out.map(([rows, single]) => (Array.isArray(rows) ? headed(rows, single) : { head: null, rows: [[rows, rows.text]] }));
}

// A group's heading: the words its moves share at the start (and, for one move of each
// card, at the end too), when they share two words or more and each keeps one.
function headed(rows, single) {
  const plain = { head: null, rows: rows.map((r) => [r, r.text]) };
  if (rows.length < 3) return plain;
  const words = rows.map((r) => r.text.split(" "));
  const shortest = Math.min(...words.map((w) => w.length));
  let n = 0;
  while (n + 1 < shortest && words.every((w) => w[n] === words[0][n])) n++;
  let m = 0;
  while (single && n + m + 1 < shortest && words.every((w) => w[w.length - 1 - m] === words[0][words[0].length - 1 - m])) m++;
  if (n + m < 2 || n < 1) return plain;
  const tail = m ? " " + words[0].slice(words[0].length - m).join(" ") : "";
  return { head: words[0].slice(0, n).join(" ") + " …" + tail, rows: rows.map((r, i) => [r, words[i].slice(n, words[i].length - m).join(" ")]) };
}

// Many moves on the learner's cards (more than `limit`): the list names each card once
// and shows the moves of the card picked (pick the card, then where it goes). `owner`:
// row index -> {key, name} of the hand card that carries it (see ctx.clickable).
// Returns null (list every move) or {cards: [{key, name, rows}], loose: [rows of no card]}.
export function cardChoices(legal, owner, limit = MOVES_AT_ONCE) {
  if (legal.length <= limit) return null;
  const groups = new Map();
  const loose = [];
  for (const row of legal) {
    const o = owner.get(row.index);
    if (!o) { loose.push(row); continue; }
    if (!groups.has(o.key)) groups.set(o.key, { key: o.key, name: o.name, rows: [] });
    groups.get(o.key).rows.push(row);
  }
  const drawn = new Map(); // the hand's order, as the board drew the cards
  for (const o of owner.values()) if (!drawn.has(o.key)) drawn.set(o.key, drawn.size);
  const cards = [...groups.values()].sort((a, b) => drawn.get(a.key) - drawn.get(b.key));
  if (cards.length < 2 || cards.every((c) => c.rows.length < 2)) return null;
  return { cards, loose };
}
export const MOVES_AT_ONCE = 8;

// The card picked in the list: the one asked for while it still has moves, else the first.
export function pickedCard(choices, wanted) {
  return choices.cards.find((c) => c.key === wanted) || choices.cards[0];
}

// Memory mode: a covered Vision is never in the page, not even in the narration; only
// the newest Vision's line stays readable (its text becomes `coveredText`).
export function visibleNarration(rows, memory, coveredText) {
  if (!memory) return rows;
  const last = rows.map((r) => r.kind).lastIndexOf("vision");
  return rows.map((r, i) => (r.kind === "vision" && i !== last ? { ...r, text: coveredText } : r));
}

// This page decides now: its seat is to move, or the god view has moves to click.
export function isMyDecision(mover, seat, legal) {
  return mover !== null && mover !== undefined && (mover === seat || (seat === "god" && (legal || []).length > 0));
}

// The seats in drawing order: the one this table is about first (its own seat, else
// the seat deciding, else 0), then the others round the table.
export function drawingOrder(seat, toMove, n) {
  const focus = typeof seat === "number" ? seat : typeof toMove === "number" ? toMove : 0;
  const out = [];
  for (let k = 0; k < n; k++) out.push((focus + k) % n);
  return out;
}

// The longest word of a card's label: a card is at least that wide ("Taxi-corbillard"
// may wrap after its hyphen, as the browser does).
export function longestWord(label) {
  return Math.max(0, ...String(label).split(/\s+|(?<=-)/).map((w) => w.length));
}

// Whether a drawn path ("hands.0") changed with the last move (`changed`: the kernel's paths).
export function touches(changed, path) {
  return changed.some((c) => c === path || c.startsWith(path + ".") || path.startsWith(c + "."));
}

// An option meant for some player counts (`forPlayers`, a list or undefined) is offered
// for the count typed (`players`, "" while none is typed).
export function offeredFor(forPlayers, players) {
  if (!Array.isArray(forPlayers)) return true;
  return players === "" || forPlayers.map(String).includes(String(players));
}

// The title's table features (the `features` trait, e.g. ["memory", "timer"]).
export function hasFeature(features, name) {
  return Array.isArray(features) && features.includes(name);
}

// A key that would change a closed menu (<select>) by itself: arrows, Home/End, pages, a
// typed letter. A seat's "who plays" menu ignores them; Space or Alt+Down opens the list.
export function silentlyChangesMenu(key, altKey = false) {
  if (altKey) return false;
  return ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown"].includes(key)
    || (key.length === 1 && key !== " ");
}

// A popover menu's keys: the index to focus next among `count` items (at: the focused
// one, -1 for none), or null for a key the menu leaves alone.
export function menuMove(key, shiftKey, at, count) {
  if (key === "ArrowDown" || key === "ArrowRight" || (key === "Tab" && !shiftKey)) return (at + 1) % count;
  if (key === "ArrowUp" || key === "ArrowLeft" || (key === "Tab" && shiftKey)) return (at - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}

// Where a popover goes, in the table's box (rectangles relative to the page, box: the
// table's clientLeft/Top/Width/Height): above its card when there is room, else below;
// never outside the table.
export function placeMenu(rootRect, anchorRect, menuSize, box) {
  let top = anchorRect.top - rootRect.top - box.clientTop - menuSize.height - 6;
  if (top < 0) top = anchorRect.bottom - rootRect.top - box.clientTop + 6;
  if (top + menuSize.height > box.clientHeight) top = Math.max(0, box.clientHeight - menuSize.height);
  let left = anchorRect.left - rootRect.left - box.clientLeft + anchorRect.width / 2 - menuSize.width / 2;
  left = Math.max(4, Math.min(left, box.clientWidth - menuSize.width - 4));
  return { top: Math.round(top), left: Math.round(left) };
}

// The "seen from" menu: a spectator, each seat, and the god view unless classroom mode
// hides it (a god view already shown stays listed, so the menu can show it). `offered`
// (the kernel's `perspectives`): the only perspectives the table may show, when given.
export function perspectiveChoices(words, players, classroom, seat, offered) {
  const options = [["", words.t("a_spectator")]];
  for (let i = 0; i < players; i++) options.push([String(i), words.seatName(i)]);
  if (!classroom || seat === "god") options.push(["god", words.t("god_view")]);
  if (!Array.isArray(offered)) return options;
  const allowed = new Set(offered.map((v) => (v === null ? "" : String(v))));
  const shown = seat === null || seat === undefined ? "" : String(seat);
  return options.filter(([v]) => allowed.has(v) || v === shown);
}

// With a learner seated, the bots take their turns by themselves (after a short pause so
// each move can be followed); with nobody seated, Autoplay drives them.
export function botsPlayThemselves(humans) {
  return (humans || []).length > 0;
}

// Whether the page asks the bot to move now (after the pause): the game goes on, a bot
// decides, nobody is behind the cover, and the bots play themselves or Autoplay is on.
export function autoStepDue({ over, autoplay, humans, cover, mover, bots }) {
  if (over) return false;
  if (!autoplay && !botsPlayThemselves(humans)) return false;
  if (cover !== null && cover !== undefined) return false;
  return !!(bots || [])[mover]; // a human decides: wait for the click
}

// What a screen reader hears after a redraw: the new narration lines (or the step
// travelled to), then "Your decision" or who won; at most six lines.
export function newsLines(words, { rows, step, lastStep, over, mine, winners }) {
  const lines = [];
  if (lastStep !== null && step > lastStep) {
    for (const r of rows) if (r.step > lastStep) lines.push(r.text);
  } else if (lastStep !== null && step !== lastStep) lines.push(words.t("now_at_step", { step }));
  if (!over && mine) lines.push(words.t("your_decision_sr"));
  if (over) lines.push(words.t("game_over_sr", { names: words.winnersText(winners) }));
  return lines.slice(-6);
}

// The odds panel, "What are my chances?": the title's questions answered exactly from
// this seat's own view. The kernel (or the room) computes the rows; the page only lays
// them out. Returns a tree of [tag, attrs, ...children] (strings are text), built into the
// page by `build`, or null when there is nothing to show. Each row: the question, its
// "given …" (a sentence of the engine's, in the table's language), the fraction and the percent, its exercise (an id or null) and a "why" disclosure
// with the SymPy lines in a <pre> a learner can copy. `open`: the row keys whose "why"
// the learner opened (kept across redraws).
export function oddsPanel(words, rows, open = new Set()) {
  if (!Array.isArray(rows) || !rows.length) return null;
  const items = rows.map((r, i) => {
    const key = String(r.key ?? i);
    const question = String(r.question || "");
    const answer = ["div", { class: "gk-odds-answer" },
      ["b", { class: "gk-odds-fraction" }, String(r.fraction || "")],
      r.percent ? ["span", { class: "gk-odds-percent" }, String(r.percent)] : null];
    const exercise = r.exercise ? ["span", { class: "gk-odds-exercise", "data-exercise": String(r.exercise),
      title: words.t("odds_exercise_tip", { code: `gamekit.exercises.check(${JSON.stringify(String(r.exercise))}, answer)` }) },
    words.t("odds_exercise"), " ", ["code", {}, String(r.exercise)]] : null;
    const why = r.why ? ["details", { class: "gk-odds-why", "data-key": key, open: open.has(key) },
      ["summary", {}, words.t("odds_why")],
      ["pre", { class: "gk-odds-code", tabindex: "0", "aria-label": words.t("odds_code", { question }) },
        ["code", {}, String(r.why)]]] : null;
    return ["li", { class: "gk-odds-row", "data-key": key },
      ["div", { class: "gk-odds-head" }, ["span", { class: "gk-odds-question" }, question], answer],
      r.given ? ["div", { class: "gk-odds-given" }, String(r.given)] : null,
      exercise || why ? ["div", { class: "gk-odds-more" }, exercise, why] : null];
  });
  return ["section", { class: "gk-odds", "aria-label": words.t("odds_title") },
    ["div", { class: "gk-odds-title", "aria-hidden": "true" }, words.t("odds_title")],
    ["ul", { class: "gk-odds-list" }, ...items]];
}

// The teacher's question at a room ("ask the class"): this screen's card, every text the
// room's (in the screen's language). A seat's card has its chances part (a whole-percent
// guess and a send button) and its move part (one button per move, the one sent pressed);
// once revealed, the exact answer and what the bots would play. The teacher's and the
// projector's card list the seats and who answered. `send` gets {type: "answer", ...};
// `draft` is the guess being typed (kept across redraws). A tree like oddsPanel's, or null.
export function askCard(ask, send = () => {}, draft = null) {
  if (!isObj(ask) || !ask.id) return null;
  const parts = [["div", { class: "gk-ask-title" }, String(ask.title || "")],
    ["div", { class: "gk-ask-status" }, String(ask.status || "")]];
  if (ask.note) parts.push(["p", { class: "gk-ask-note" }, String(ask.note)]);
  if (isObj(ask.chance)) parts.push(askChance(ask.chance, !!ask.revealed, send, draft));
  if (isObj(ask.move)) parts.push(askMove(ask.move, !!ask.revealed, send));
  if (Array.isArray(ask.rows)) parts.push(["ul", { class: "gk-ask-rows" }, ...ask.rows.map(askRow)]);
  return ["section", { class: "gk-ask", role: "region", "aria-label": String(ask.title || ""), "data-ask": String(ask.id),
    "data-revealed": ask.revealed ? "true" : "false" },
    ...parts];
}

function askChance(c, revealed, send, draft) {
  const kids = [["p", { class: "gk-ask-question" }, String(c.question || "")]];
  if (c.given) kids.push(["p", { class: "gk-ask-given" }, String(c.given)]);
  if (c.public) kids.push(["p", { class: "gk-ask-given" }, String(c.public)]);
  if (revealed) {
    kids.push(["p", { class: "gk-ask-exact" }, ["b", {}, String(c.exact || "")]]);
    if (c.off) kids.push(["p", { class: "gk-ask-off" }, String(c.off)]);
  } else {
    const value = draft !== null ? draft : c.answer === null || c.answer === undefined ? "" : String(c.answer);
    // The number typed, as a number when it is a whole one (the kernel says what is wrong
    // with anything else).
    const guess = (ev) => {
      const card = ev && ev.target && ev.target.closest ? ev.target.closest(".gk-ask-chance") : null;
      const field = card ? card.querySelector("input") : null;
      const text = String(field ? field.value : value).trim();
      const n = Number(text);
      send({ type: "answer", guess: text !== "" && Number.isInteger(n) ? n : text });
    };
    kids.push(["div", { class: "gk-ask-guess" },
      ["input", { class: "gk-ask-input", type: "number", min: "0", max: "100", step: "1", inputmode: "numeric",
        "aria-label": String(c.prompt || ""), value,
        onkeydown: (ev) => { if (ev.key === "Enter") { ev.preventDefault(); guess(ev); } } }], " %",
      ["button", { class: "gk-btn gk-ask-send", onclick: guess }, String(c.send || "")]]);
    if (c.sent) kids.push(["p", { class: "gk-ask-sent" }, String(c.sent)]);
  }
  return ["div", { class: "gk-ask-chance" }, ...kids];
}

function askMove(m, revealed, send) {
  const choices = Array.isArray(m.choices) ? m.choices : [];
  const kids = [["p", { class: "gk-ask-question" }, String(m.question || "")]];
  if (revealed) { // what the learner chose and what each bot would play, without the list
    kids.push(["p", { class: "gk-ask-yours" }, String(m.yours || "")]);
    if (Array.isArray(m.bots) && m.bots.length) {
      kids.push(["p", { class: "gk-ask-bots-title" }, String(m.bots_title || "")],
        ["ul", { class: "gk-ask-bots" }, ...m.bots.map((b) => ["li", {}, ["b", {}, String(b.bot)], ": ", String(b.text)])]);
    }
  } else {
    kids.push(["div", { class: "gk-ask-choices" }, ...choices.map((text, i) => ["button", {
      class: `gk-btn gk-ask-choice${m.answer === i ? " gk-on" : ""}`, "data-choice": String(i),
      "aria-pressed": m.answer === i ? "true" : "false", onclick: () => send({ type: "answer", choice: i }) }, String(text)])]);
  }
  return ["div", { class: "gk-ask-move" }, ...kids];
}

function askRow(r) {
  const bits = [["b", {}, String(r.name || "")], " ", r.done ? "✓" : "…"];
  if (r.summary) bits.push(" ", String(r.summary));
  return ["li", { class: "gk-ask-row", "data-seat": String(r.seat) }, ...bits];
}

// The texts of a tree made by oddsPanel (or any such tree), in order: what a reader sees.
export function treeText(tree) {
  if (tree === null || tree === undefined || tree === false) return "";
  if (!Array.isArray(tree)) return String(tree);
  return tree.slice(2).map(treeText).join("");
}

// A trait the Python side may not have (older kernels): its default then.
export function opt(model, name, fallback) {
  const v = model.get(name);
  return v === undefined || v === null ? fallback : v;
}

export function isObj(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

export function get(obj, ...keys) {
  for (const k of keys) if (obj && obj[k] !== undefined) return obj[k];
  return undefined;
}

// ============================================================== DOM pieces ==
function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else if (k.startsWith("on")) el[k] = v; // a property, so a redraw can hand it over (see morph)
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.appendChild(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
  }
  return el;
}

// Redraws build a fresh tree, then morph the page's tree into it: nodes that
// look the same are kept, so the browser restyles and lays out only what
// changed (a click moves a card or two, not the whole table).
const HANDLERS = ["onclick", "onchange", "oninput", "onkeydown"];
const FORM_FIELDS = new Set(["SELECT", "INPUT", "TEXTAREA"]);

function setChildren(parent, kids) {
  const fresh = kids.flat(Infinity).filter((k) => k !== null && k !== undefined && k !== false)
    .map((k) => (typeof k === "string" || typeof k === "number" ? document.createTextNode(String(k)) : k));
  const old = [...parent.childNodes];
  fresh.forEach((node, i) => { if (i < old.length) morph(old[i], node); else parent.appendChild(node); });
  for (let i = fresh.length; i < old.length; i++) old[i].remove();
}

function morph(old, neu) {
  if (old.nodeType !== neu.nodeType || old.nodeName !== neu.nodeName) { old.replaceWith(neu); return; }
  if (old.nodeType !== Node.ELEMENT_NODE) {
    if (old.nodeValue !== neu.nodeValue) old.nodeValue = neu.nodeValue;
    return;
  }
  // Same tags, attributes and text all the way down: keep the old subtree as it
  // is. Its handlers act on what its attributes say (data-index, data-actions),
  // so they are still right.
  if (old.isEqualNode(neu) && !FORM_FIELDS.has(old.nodeName)) return;
  for (const { name } of [...old.attributes]) if (!neu.hasAttribute(name)) old.removeAttribute(name);
  for (const { name, value } of neu.attributes) if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  for (const k of HANDLERS) if (old[k] !== neu[k]) old[k] = neu[k];
  const value = FORM_FIELDS.has(neu.nodeName) ? neu.value : null; // read before its options move
  setChildren(old, [...neu.childNodes]);
  if (value !== null && old.value !== value) old.value = value;
}

// A tree of [tag, attrs, ...children] (see oddsPanel) as page elements.
function build(tree) {
  if (tree === null || tree === undefined || tree === false) return null;
  if (!Array.isArray(tree)) return String(tree);
  const [tag, attrs, ...kids] = tree;
  return h(tag, attrs, ...kids.map(build));
}

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children) el.appendChild(c);
  return el;
}

// A shape icon: the second channel next to colour.
function shapeIcon(shape, color, size = 22) {
  const s = svg("svg", { viewBox: "0 0 24 24", width: size, height: size, class: "gk-icon", "aria-hidden": "true" });
  const style = { fill: color, stroke: "var(--gk-ink)", "stroke-width": 1.4 };
  const poly = (pts) => svg("polygon", { points: pts, ...style });
  const shapes = {
    circle: () => svg("circle", { cx: 12, cy: 12, r: 9, ...style }),
    square: () => svg("rect", { x: 4, y: 4, width: 16, height: 16, rx: 2, ...style }),
    triangle: () => poly("12,3 21,20 3,20"),
    diamond: () => poly("12,2 22,12 12,22 2,12"),
    star: () => poly("12,2 14.6,9 22,9.3 16.2,14 18.2,21.5 12,17.3 5.8,21.5 7.8,14 2,9.3 9.4,9"),
    hexagon: () => poly("7,3 17,3 22,12 17,21 7,21 2,12"),
    heart: () => svg("path", { d: "M12 21 C5 15 2 11 2 7.5 A4.8 4.8 0 0 1 12 6 A4.8 4.8 0 0 1 22 7.5 C22 11 19 15 12 21Z", ...style }),
    cross: () => poly("9,2 15,2 15,9 22,9 22,15 15,15 15,22 9,22 9,15 2,15 2,9 9,9"),
    moon: () => svg("path", { d: "M15 2 A10 10 0 1 0 22 15 A8 8 0 1 1 15 2Z", ...style }),
    key: () => svg("path", { d: "M7 9a5 5 0 1 1 0 6 5 5 0 0 1 0-6zM11 12h11v3h-2v3h-3v-3h-6z", ...style }),
    coin: () => svg("circle", { cx: 12, cy: 12, r: 9, ...style }),
    skull: () => svg("path", { d: "M12 2a9 9 0 0 0-9 9c0 3 1.5 5 3.5 6v4h11v-4c2-1 3.5-3 3.5-6a9 9 0 0 0-9-9zM8.5 10a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm7 0a2 2 0 1 1 0 4 2 2 0 0 1 0-4z", ...style }),
    cookie: () => svg("circle", { cx: 12, cy: 12, r: 9.5, ...style }),
    note: () => svg("path", { d: "M9 3v12.5a3.5 3.5 0 1 1-2-3.2V6l12-3v10.5a3.5 3.5 0 1 1-2-3.2V5.5z", ...style }),
    shield: () => svg("path", { d: "M12 2l9 4v6c0 5-4 9-9 10-5-1-9-5-9-10V6z", ...style }),
    eye: () => svg("path", { d: "M1 12s4-8 11-8 11 8 11 8-4 8-11 8S1 12 1 12zm11-4a4 4 0 1 0 0 8 4 4 0 0 0 0-8z", ...style }),
    hat: () => svg("path", { d: "M7 15V6a5 3 0 0 1 10 0v9h5v3H2v-3z", ...style }),
    bed: () => svg("path", { d: "M2 19V6h3v7h6V9h8a3 3 0 0 1 3 3v7h-3v-3H5v3z", ...style }),
    blank: () => svg("rect", { x: 4, y: 4, width: 16, height: 16, rx: 4, ...style }),
  };
  s.appendChild((shapes[shape] || shapes.blank)());
  return s;
}

function zone(name, ...children) {
  return h("section", { class: "gk-zone" }, h("div", { class: "gk-zone-name" }, name), h("div", { class: "gk-zone-body" }, ...children));
}

function chip(text, cls = "") {
  return h("span", { class: "gk-chip " + cls }, text);
}

// The view of seat s as far as this table may know it (god view: every seat's).
function viewOf(ctx, s) {
  const all = ctx.model.get("seat_views") || [];
  if (ctx.god) return all[s] || null;
  return ctx.seat === s ? ctx.view : null;
}
// The view to draw public things from.
function baseView(ctx, prefer) {
  if (!ctx.god) return ctx.view;
  const all = ctx.model.get("seat_views") || [];
  const s = prefer !== undefined ? prefer : ctx.toMove !== null ? ctx.toMove : 0;
  return all[s] || all[0] || {};
}

function seatOrder(ctx, n) {
  return drawingOrder(ctx.seat, ctx.toMove, n);
}

function applyTheme(root) {
  const flag = document.body.dataset.jpThemeLight;
  const dark = flag === "false" || (flag === undefined && window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches);
  if (!root.dataset.themeChoice || root.dataset.themeChoice === "auto") root.classList.toggle("gk-dark", dark);
}

// Several moves on one card: a menu over the table, next to the card, inside the
// table's box (never clipped by the card). Arrows move, Escape closes. Returns the
// card the closed menu belonged to.
function closePopover(root) {
  let anchor = null;
  root.querySelectorAll(":scope > .gk-menu").forEach((m) => { anchor = m._anchor; m.remove(); });
  return anchor;
}

// A seat menu (who plays, seen from) changes only through its open list: an arrow key
// or a letter alone on the closed menu does nothing (it could swap a bot for a human).
function menuKeys(ev) {
  if (silentlyChangesMenu(ev.key, ev.altKey)) ev.preventDefault();
}

// ================================================================ one table ==
// The drawing pieces of one table, speaking its words `W` (a Words). Each Table makes
// its own set, so nothing it draws reads another table's words.
function tableParts(W) {
  const t = (key, params) => W.t(key, params);
  const seatName = (seat) => W.seatName(seat);
  const seatText = (seat, key) => W.seatText(seat, key);
  const botName = (name) => W.botName(name);
  const winnersText = (winners) => W.winnersText(winners);

  // A playing card drawn with CSS: a colour band, a big symbol, a word, a value.
  function card(spec) {
    const { label = "", symbol = "blank", color = PALETTE.grey, value = null, sub = null,
      faceDown = false, small = false, dead = false, title = null } = spec;
    const classes = ["gk-card"];
    if (faceDown) classes.push("gk-face-down");
    if (small) classes.push("gk-small");
    if (dead) classes.push("gk-dead");
    if (spec.strip) classes.push("gk-strip");
    if (spec.extraClass) classes.push(spec.extraClass);
    const name = title || label || (faceDown ? t("face_down_card") : t("a_card"));
    const el = h("div", { class: classes.join(" "), title: name, role: "img", "aria-label": name });
    const longest = longestWord(label);
    if (longest > 7) el.style.setProperty("--gk-chars", String(longest));
    if (faceDown) {
      el.appendChild(h("div", { class: "gk-back" }, shapeIcon(spec.backSymbol || "blank", "var(--gk-back-ink)", small ? 18 : 26)));
      if (label) el.appendChild(h("div", { class: "gk-card-label" }, label));
      return el;
    }
    el.style.setProperty("--gk-suit", color);
    el.appendChild(h("div", { class: "gk-band" }, value !== null ? h("span", { class: "gk-value" }, String(value)) : null));
    el.appendChild(h("div", { class: "gk-symbol" }, shapeIcon(symbol, color, spec.strip ? 16 : small ? 22 : 34)));
    el.appendChild(h("div", { class: "gk-card-label" }, label));
    if (sub) el.appendChild(h("div", { class: "gk-card-sub" }, sub));
    return el;
  }

  // An empty place where cards would be: a dashed outline that says so.
  function emptySlot(text = t("empty"), small = true) {
    return h("div", { class: "gk-card gk-empty" + (small ? " gk-small" : ""), role: "img", "aria-label": text }, h("span", { class: "gk-empty-text" }, text));
  }

  function pile(name, count, spec = {}) {
    const el = h("div", { class: "gk-pile", title: W.pileTitle(name, count) });
    const top = count > 0 ? card({ faceDown: true, small: true, ...spec }) : emptySlot();
    el.appendChild(h("div", { class: "gk-pile-stack" + (count > 1 ? " gk-stacked" : "") }, top));
    el.appendChild(h("div", { class: "gk-pile-count" }, h("b", {}, String(count)), " ", name));
    return el;
  }

  function seatArea(ctx, s, extraTitle, ...children) {
    const classes = ["gk-area"];
    if (s === seatOrder(ctx, ctx.players || 1)[0]) classes.push("gk-focus"); // drawn first, the whole width
    if (s === ctx.seat) classes.push("gk-mine");
    if (s === ctx.toMove) classes.push("gk-active");
    return h("div", { class: classes.join(" "), "data-seat": s },
      h("div", { class: "gk-area-title" }, shapeIcon("circle", SEAT_COLORS[s % 8], 16), seatName(s),
        s === ctx.seat ? t("you") : "", s === ctx.toMove ? chip(t("deciding"), "gk-strong") : null, extraTitle),
      ...children);
  }

  function hiddenHand(n, label = t("hand")) {
    return h("div", { class: "gk-cards" }, n ? card({ faceDown: true, small: true, label: t("in_hand", { count: n, label }) })
      : emptySlot(t("empty_hand", { label })));
  }

  // ------------------------------------------------------- generic picture --
  // Any view: scalars become chips, lists of numbers become card rows, lists of
  // lists are per-seat rows. Titles without a board module (or new view keys) use it.
  function genericValue(ctx, key, value, path) {
    if (Array.isArray(value)) {
      if (value.length && value.every((v) => Array.isArray(v))) {
        return h("div", { class: "gk-seat-rows" }, value.map((row, i) =>
          ctx.mark(h("div", { class: "gk-seat-row" }, h("span", { class: "gk-row-label" }, seatName(i)),
            h("div", { class: "gk-cards" }, row.map((v, j) => genericCard(ctx, v, `${path}.${i}.${j}`)))), `${path}.${i}`)));
      }
      return h("div", { class: "gk-cards" }, value.length ? value.map((v, j) => genericCard(ctx, v, `${path}.${j}`)) : chip(t("none")));
    }
    if (isObj(value)) {
      return h("div", { class: "gk-generic" }, Object.entries(value).map(([k, v]) => genericEntry(ctx, k, v, `${path}.${k}`)));
    }
    return chip(value === null ? t("hidden") : String(value));
  }

  function genericCard(ctx, v, path) {
    if (isObj(v) || Array.isArray(v)) return ctx.mark(h("div", { class: "gk-generic-item" }, genericValue(ctx, "", v, path)), path);
    const el = card({ label: v === null ? "?" : String(v), value: typeof v === "number" ? v : null, faceDown: v === null, small: true, color: PALETTE.sky, symbol: "square" });
    ctx.clickable(el, (a) => Object.entries(a).some(([k, x]) => k !== "type" && x === v && typeof v === "number"));
    return ctx.mark(el, path);
  }

  function genericEntry(ctx, key, value, path) {
    return ctx.mark(zone(key.replace(/_/g, " "), genericValue(ctx, key, value, path)), path);
  }

  function genericBoard(ctx) {
    return h("div", { class: "gk-generic" }, Object.entries(ctx.view).map(([k, v]) => genericEntry(ctx, k, v, k)));
  }

  // --------------------------------------------------------- drawing ctx --
  // What a board's draw(ctx) receives: the view, helpers to tag paths (to highlight
  // changes) and to make cards clickable for legal actions.
  function makeCtx(model, send, root) {
    const legal = model.get("legal") || [];
    const changed = model.get("changed") || [];
    const play = (index) => { closePopover(root); send({ type: "play", index, step: model.get("step") }); };
    const ctx = {
      model,
      view: model.get("view_data") || {},
      title: model.get("title"),
      seat: model.get("seat"),
      god: model.get("seat") === "god",
      players: model.get("players"),
      toMove: model.get("to_move"),
      legal,
      memory: model.get("memory_mode"),
      used: new Set(),
      owner: new Map(), // row index -> the hand card carrying it ({key, name}): see cardChoices
      send,
      mark(el, ...paths) {
        if (paths.some((path) => touches(changed, path))) el.classList.add("gk-changed");
        el.dataset.path = paths[0];
        return el;
      },
      // Attach the legal actions matching `test(action_json)` to an element.
      // opts.seat: the seat the element belongs to (a card in a hand): it glows
      // only while that seat decides, so the god view never shows another
      // seat's cards as playable.
      clickable(el, test, opts = {}) {
        if (opts.seat !== undefined && opts.seat !== null && opts.seat !== ctx.toMove) return el;
        const rows = legal.filter((row) => { try { return test(row.action, row); } catch (e) { return false; } });
        if (!rows.length) return el;
        rows.forEach((r) => ctx.used.add(r.index));
        el.classList.add("gk-playable");
        el.tabIndex = 0;
        el.setAttribute("role", "button");
        const name = el.getAttribute("aria-label") || el.textContent.trim();
        if (opts.seat !== undefined && opts.seat !== null) {
          for (const r of rows) {
            const key = r.action && r.action.card !== undefined ? String(r.action.card) : name;
            if (!ctx.owner.has(r.index)) ctx.owner.set(r.index, { key, name });
          }
        }
        el.setAttribute("aria-label", rows.length === 1 ? `${rows[0].text} (${name})`
          : t("card_moves", { name, count: rows.length, list: rows.map((r) => r.text).join("; ") }));
        if (rows.length > 1) el.setAttribute("aria-haspopup", "menu");
        el.dataset.actions = rows.map((r) => r.index).join(",");
        el.title = rows.map((r) => r.text).join("\n");
        const go = (ev) => {
          ev.stopPropagation();
          ev.preventDefault();
          if (rows.length === 1) play(rows[0].index);
          else openPopover(model, ev.currentTarget, rows); // the element on the page (a redraw may keep the old one)
        };
        el.onclick = go;
        el.onkeydown = (ev) => { if (ev.key === "Enter" || ev.key === " ") go(ev); };
        return el;
      },
    };
    return ctx;
  }

  // --------------------------------------------------------------- popover --
  function openPopover(model, anchor, rows) {
    const root = anchor.closest(".gk-root");
    if (!root) return;
    closePopover(root);
    const close = (refocus) => {
      menu.remove();
      if (refocus && anchor.isConnected) anchor.focus();
    };
    const items = rows.map((r) => h("button", {
      class: "gk-action gk-menu-item", role: "menuitem", tabindex: "-1", "data-index": r.index,
      onclick: (ev) => { ev.stopPropagation(); root._sent(); close(false); model.send({ type: "play", index: r.index, step: model.get("step") }); },
    }, r.text));
    const cancel = h("button", { class: "gk-menu-close", role: "menuitem", tabindex: "-1",
      onclick: (ev) => { ev.stopPropagation(); close(true); } }, t("cancel"));
    const all = [...items, cancel];
    const menu = h("div", { class: "gk-menu", role: "menu", "aria-label": t("choose_move", { count: rows.length }) },
      h("div", { class: "gk-menu-title", "aria-hidden": "true" }, t("choose_move_title", { count: rows.length })), all);
    menu._anchor = anchor;
    menu.onkeydown = (ev) => {
      if (ev.key === "Escape") { ev.preventDefault(); ev.stopPropagation(); close(true); return; }
      if (ev.key === "Enter" || ev.key === " ") { ev.stopPropagation(); return; } // the button's own click
      const next = menuMove(ev.key, ev.shiftKey, all.indexOf(document.activeElement), all.length);
      if (next !== null) { ev.preventDefault(); ev.stopPropagation(); all[next].focus(); }
    };
    menu.onclick = (ev) => ev.stopPropagation();
    root.appendChild(menu);
    const at = placeMenu(root.getBoundingClientRect(), anchor.getBoundingClientRect(), menu.getBoundingClientRect(), root);
    menu.style.top = `${at.top}px`;
    menu.style.left = `${at.left}px`;
    items[0].focus({ preventScroll: true });
    if (menu.getBoundingClientRect().top < 0 || menu.getBoundingClientRect().bottom > window.innerHeight) menu.scrollIntoView({ block: "nearest" });
  }
  // Screen readers hear "Your decision" and every new narration line.
  function announce(model, live, before, lastStep) {
    const rows = narrationRows(model);
    const step = model.get("step");
    const key = `${step}:${rows.length}`;
    if (key === before) return before;
    live.textContent = newsLines(W, { rows, step, lastStep, over: model.get("is_over"), mine: myDecision(model),
      winners: model.get("winners") }).join(" ");
    return key;
  }

  function myDecision(model) {
    return isMyDecision(model.get("to_move"), model.get("seat"), model.get("legal"));
  }

  function drawAll(model, parts, send, drawBoard, root) {
    parts.sideTitle.textContent = t("what_happened");
    parts.side.setAttribute("aria-label", t("moves_and_narration"));
    parts.narration.setAttribute("aria-label", t("what_happened"));
    parts.result.setAttribute("aria-label", t("result"));
    const size = opt(model, "size", root.dataset.sizeChoice || "normal");
    root.classList.toggle("gk-large", size === "large");
    root.classList.toggle("gk-classroom", !!opt(model, "classroom", false));
    const ctx = makeCtx(model, send, root);
    drawHeader(model, parts.header);
    drawError(model, parts.error);
    drawSeats(model, parts.seats, send);
    const covered = drawCover(model, parts.cover, send);
    root.classList.toggle("gk-covered", covered);
    if (covered) {
      // A shared screen between two people: nothing of the hand is in the page.
      parts.board.dataset.board = "covered";
      setChildren(parts.board, [h("div", { class: "gk-covered-board" }, t("covered"))]);
      setChildren(parts.actions, []);
      drawOdds(model, parts.odds, true);
    } else {
      const board = drawBoard ? drawBoard(ctx) : genericBoard(ctx);
      parts.board.dataset.board = drawBoard ? "title" : "generic";
      setChildren(parts.board, [board]);
      drawActions(model, parts.actions, ctx, send);
      drawOdds(model, parts.odds, false);
    }
    drawAsk(model, parts.ask, covered ? null : send);
    drawResult(model, parts.result);
    drawNarration(model, parts.narration);
    syncControls(model, parts.controls, root);
  }

  function drawCover(model, box, send) {
    const who = model.get("cover_for");
    const covered = typeof who === "number";
    box.hidden = !covered;
    if (!covered) { box.replaceChildren(); return false; }
    const title = seatText(who, "cover_title");
    const key = `${who}|${title}`;
    if (box.dataset.who !== key || !box.firstChild) {
      box.dataset.who = key;
      box.replaceChildren(h("div", { class: "gk-cover-card", role: "dialog", "aria-label": title },
        h("div", { class: "gk-cover-title" }, title),
        h("p", {}, t("look_away")),
        h("button", { class: "gk-btn gk-uncover", onclick: () => send({ type: "uncover" }) }, seatText(who, "i_am"))));
    }
    return true;
  }

  // The teacher's question at a room, above the narration; the guess being typed is kept
  // across redraws (another seat's answer redraws the card).
  function drawAsk(model, box, send) {
    const ask = send ? opt(model, "ask", null) : null;
    const key = isObj(ask) ? String(ask.id) : "";
    if (box.dataset.ask !== key) { box.dataset.ask = key; box._draft = null; }
    const tree = askCard(ask, send || (() => {}), box._draft ?? null);
    box.hidden = !tree;
    setChildren(box, tree ? [build(tree)] : []);
    const field = box.querySelector(".gk-ask-input");
    if (field) field.oninput = () => { box._draft = field.value; };
  }

  // The odds panel between the narration and the moves (never behind the cover); a "why"
  // the learner opened stays open across redraws.
  function drawOdds(model, box, covered) {
    const rows = covered || !opt(model, "odds", false) ? [] : opt(model, "odds_rows", []);
    const open = new Set([...box.querySelectorAll("details[open]")].map((d) => d.dataset.key));
    const tree = oddsPanel(W, rows, open);
    box.hidden = !tree;
    setChildren(box, tree ? [build(tree)] : []);
    // A new position shows its first question: scrolled once the frame is laid out (a
    // scroll now would force a layout in the middle of the redraw).
    const step = String(model.get("step"));
    if (tree && box.dataset.step !== step) {
      box.dataset.step = step;
      requestAnimationFrame(() => { if (box.scrollTop) box.scrollTop = 0; });
    }
  }

  function drawHeader(model, header) {
    const step = model.get("step");
    const over = model.get("is_over");
    const mover = model.get("to_move");
    const seat = model.get("seat");
    const persp = seat === "god" ? t("god_view") : seat === null ? t("spectator") : seatText(seat, "seen_by");
    const mine = myDecision(model);
    const status = over
      ? t("game_over_status", { names: winnersText(model.get("winners")) })
      : mine ? (seat === "god" ? seatText(mover, "your_decision_for") : t("your_decision")) : seatText(mover, "decides");
    setChildren(header, [
      h("span", { class: "gk-game-name" }, model.get("game_name")),
      h("span", { class: "gk-status" + (over ? " gk-over" : mine ? " gk-yours" : "") }, status),
      h("span", { class: "gk-step", "data-step": step }, t("step_n", { step })),
      h("span", { class: "gk-persp" }, persp),
      model.get("seed") < 0 ? null : h("span", { class: "gk-seed" }, t("seed_n", { n: model.get("seed") })),
    ]);
  }

  function drawError(model, box) {
    const msg = model.get("error");
    box.hidden = !msg;
    box.replaceChildren();
    if (msg) {
      box.append(h("b", {}, t("nothing_changed") + " "), msg, " ",
        h("button", { class: "gk-dismiss", onclick: () => { box.hidden = true; } }, t("ok")));
    }
  }

  function drawResult(model, box) {
    const lines = opt(model, "summary_lines", []);
    const over = model.get("is_over");
    if (!over) { box.hidden = true; box.removeAttribute("tabindex"); setChildren(box, []); return; }
    box.hidden = false;
    box.tabIndex = -1;
    const scores = model.get("scores") || [];
    const fallback = [winnersText(model.get("winners")) + ".",
      scores.map((s, i) => `${seatName(i)}: ${s}`).join(" · ")];
    setChildren(box, [h("div", { class: "gk-result-title" }, t("game_over")),
      h("ul", { class: "gk-result-lines" }, (lines.length ? lines : fallback).map((l) => h("li", {}, l)))]);
  }

  function drawSeats(model, box, send) {
    const scores = model.get("scores") || [];
    const before = box._scores || scores;
    box._scores = scores;
    const bots = model.get("bots") || [];
    const choices = model.get("bot_choices") || [];
    const mover = model.get("to_move");
    const winners = model.get("winners") || [];
    const seat = model.get("seat");
    const humans = model.get("humans");
    const classroom = !!opt(model, "classroom", false);
    const remote = !!opt(model, "remote", false); // a table at a room: the room seats the bots
    const notes = opt(model, "seat_notes", []);
    setChildren(box, scores.map((score, i) => {
      const name = seatName(i);
      const select = h("select", { class: "gk-bot-select", "aria-label": seatText(i, "who_plays"), onkeydown: menuKeys,
        onchange: (ev) => send({ type: "bot", seat: i, name: ev.target.value }) },
        h("option", { value: "", selected: !bots[i] }, t("human")),
        choices.map((c) => h("option", { value: c, selected: bots[i] === c }, t("bot_choice", { name: botName(c) }))));
      select.value = bots[i] || "";
      let sit = null;
      if (!remote && Array.isArray(humans) && !(classroom && !humans.includes(i))) {
        sit = humans.includes(i)
          ? h("button", { class: "gk-btn gk-stand", "data-seat": i, "aria-label": seatText(i, "stand_aria"), onclick: () => send({ type: "stand", seat: i }) }, t("stand_up"))
          : h("button", { class: "gk-btn gk-sit", "data-seat": i, "aria-label": seatText(i, "sit_aria"), onclick: () => send({ type: "sit", seat: i }) }, t("sit_here"));
      }
      const classes = ["gk-seat"];
      if (i === mover) classes.push("gk-to-move");
      if (winners.includes(i)) classes.push("gk-winner");
      if (i === seat) classes.push("gk-me");
      return h("div", { class: classes.join(" "), "data-seat": i },
        h("div", { class: "gk-seat-name" }, i === mover ? "▶ " : "", name, i === seat ? t("you") : "", winners.includes(i) ? " ★" : ""),
        h("div", { class: "gk-seat-line" },
          h("span", { class: "gk-seat-score" + (before[i] !== score ? " gk-changed" : "") }, t("score") + " ", h("b", {}, String(score))),
          remote ? h("span", { class: "gk-seat-note" }, notes[i] || "") : classroom && Array.isArray(humans) ? null : select, sit));
    }));
  }

  function drawActions(model, box, ctx, send) {
    const legal = model.get("legal") || [];
    const over = model.get("is_over");
    const mover = model.get("to_move");
    const bots = model.get("bots") || [];
    if (over) { setChildren(box, []); return; }
    if (!legal.length) {
      const wait = h("div", { class: "gk-actions-title gk-wait" }, seatText(mover, "waiting"));
      if (opt(model, "remote", false)) { setChildren(box, [wait]); return; } // the room plays its bots
      if (botsPlayThemselves(model.get("humans")) && bots[mover]) {
        setChildren(box, [wait, h("div", { class: "gk-hint" }, t("bot_plays", { name: botName(bots[mover]) }))]);
        return;
      }
      const decide = bots[mover] ? t("let_bot_decide", { name: botName(bots[mover]) }) : t("let_random_decide");
      setChildren(box, [wait,
        h("button", { class: "gk-btn gk-step-btn", onclick: () => send({ type: "step", step: model.get("step") }) }, decide)]);
      return;
    }
    const button = ([row, text]) => h("button", {
      class: "gk-action" + (ctx.used.has(row.index) ? " gk-on-card" : ""),
      "data-index": row.index, "data-kind": row.kind, title: row.text, "aria-label": text === row.text ? null : row.text,
      onclick: () => send({ type: "play", index: row.index, step: model.get("step") }),
    }, text);
    const drawn = (rows) => groupMoves(rows).map((g) => g.head
      ? h("div", { class: "gk-move-group" }, h("div", { class: "gk-move-head" }, g.head), h("div", { class: "gk-move-row" }, g.rows.map(button)))
      : g.rows.map(button));
    const choices = cardChoices(legal, ctx.owner);
    const many = legal.length > MOVES_AT_ONCE ? " gk-many" : "";
    if (!choices) {
      const list = h("div", { class: "gk-action-list" + many, role: "group", "aria-label": t("legal_moves", { count: legal.length }) }, drawn(legal));
      setChildren(box, [h("div", { class: "gk-actions-title" },
        t("your_moves", { count: legal.length }), ctx.used.size ? h("span", { class: "gk-hint" }, t("or_click_card")) : null), list]);
      return;
    }
    // Pick the card, then its move: the card picked stays picked while it has moves.
    const picked = pickedCard(choices, box._picked);
    box._picked = picked.key;
    const pick = (c) => h("button", { class: "gk-btn gk-pick" + (c === picked ? " gk-on" : ""), "data-card": c.key,
      "aria-pressed": c === picked ? "true" : "false", "aria-label": t(c.rows.length === 1 ? "pick_card_aria_one" : "pick_card_aria", { name: c.name, count: c.rows.length }),
      title: t(c.rows.length === 1 ? "pick_card_aria_one" : "pick_card_aria", { name: c.name, count: c.rows.length }),
      onclick: () => { box._picked = c.key; drawActions(model, box, ctx, send); } }, c.name);
    setChildren(box, [
      h("div", { class: "gk-actions-title" }, t("your_moves", { count: legal.length }), h("span", { class: "gk-hint" }, t("pick_card_hint"))),
      h("div", { class: "gk-picks", role: "group", "aria-label": t("your_cards") }, choices.cards.map(pick)),
      h("div", { class: "gk-action-list" + many, role: "group", "aria-label": t("moves_of_card", { name: picked.name }) },
        h("div", { class: "gk-move-head gk-picked-head" }, t("moves_of_card", { name: picked.name })),
        drawn(picked.rows), drawn(choices.loose)),
    ]);
  }

  // Memory mode (Boo Party!): a covered Vision is never in the page, not even in
  // the narration; only the newest Vision's line stays readable.
  function narrationRows(model) {
    return visibleNarration(model.get("narration") || [], model.get("memory_mode"), t("vision_covered"));
  }

  function drawNarration(model, list) {
    const rows = narrationRows(model);
    const step = model.get("step");
    const rulings = opt(model, "rulings", {});
    setChildren(list, rows.map((r) => h("li", { class: "gk-event" + (r.step === step ? " gk-latest" : ""), "data-kind": r.kind },
      h("span", { class: "gk-event-step" }, String(r.step)),
      h("span", { class: "gk-event-text" }, r.text),
      r.ruling ? h("button", { type: "button", class: "gk-ruling", "data-tip": rulings[r.ruling] || t("ruling_n", { id: r.ruling }),
        "aria-label": t("ruling_aria", { id: r.ruling, text: rulings[r.ruling] || t("the_rule_applied") }) }, r.ruling) : null)));
    if (!rows.length) list.append(h("li", { class: "gk-event gk-quiet" }, t("nothing_yet")));
    // The newest line is always in view: now (this frame's layout), and again once the
    // frame is laid out (a board drawn in the same redraw may move the box).
    list.scrollTop = list.scrollHeight;
    requestAnimationFrame(() => {
      // The box may shrink (a short screen) but never below its newest line.
      const newest = list.lastElementChild;
      const least = newest ? `${Math.ceil(newest.getBoundingClientRect().height) + 2}px` : "";
      if (list.style.minHeight !== least) list.style.minHeight = least;
      list.scrollTop = list.scrollHeight;
    });
  }

  // One form field per option of the chosen title (see Rules.options_schema).
  // kind "choices": `count` menus of different values (all left on "(default)": the
  // rules choose). spec.players: the player counts the option is for.
  function optionField(spec) {
    const label = spec.label || spec.name;
    const shown = (c, i) => String((spec.choice_labels || [])[i] ?? c);
    let field;
    if (spec.kind === "bool") {
      const input = h("input", { type: "checkbox", "data-option": spec.name, "data-kind": "bool" });
      input.checked = !!spec.default;
      field = h("label", { class: "gk-option" }, input, " ", label);
    } else if (spec.kind === "choice") {
      const input = h("select", { "data-option": spec.name, "data-kind": "choice", "aria-label": label },
        (spec.choices || []).map((c, i) => h("option", { value: JSON.stringify(c) }, shown(c, i))));
      input.value = JSON.stringify(spec.default);
      field = h("label", { class: "gk-option" }, `${label} `, input);
    } else if (spec.kind === "choices") {
      const count = Math.max(1, Number(spec.count) || 1);
      const picked = Array.isArray(spec.default) ? spec.default : [];
      const menus = [];
      for (let n = 0; n < count; n++) {
        const menu = h("select", { class: "gk-option-pick", "data-pick": n, "aria-label": t("option_pick", { label, n: n + 1, count }) },
          h("option", { value: "" }, t("option_default")),
          (spec.choices || []).map((c, i) => h("option", { value: JSON.stringify(c) }, shown(c, i))));
        menu.value = picked[n] !== undefined ? JSON.stringify(picked[n]) : "";
        menus.push(menu);
      }
      // Different values: a value chosen in one menu is greyed out in the others.
      const exclude = () => {
        for (const m of menus) {
          const others = new Set(menus.filter((o) => o !== m).map((o) => o.value).filter(Boolean));
          for (const o of m.options) o.disabled = o.value !== "" && others.has(o.value);
        }
      };
      menus.forEach((m) => m.addEventListener("change", exclude));
      exclude();
      field = h("span", { class: "gk-option gk-option-choices", role: "group", "aria-label": label,
        "data-option": spec.name, "data-kind": "choices" }, `${label} `, menus);
    } else {
      const input = h("input", { type: "number", "data-option": spec.name, "data-kind": "int", min: spec.min, max: spec.max,
        value: spec.default, "aria-label": label, class: "gk-option-int" });
      field = h("label", { class: "gk-option" }, `${label} `, input);
    }
    if (Array.isArray(spec.players)) field.dataset.players = spec.players.join(",");
    return field;
  }

  // An option for some player counts only is offered for those.
  function showOptionsFor(fields, players) {
    for (const f of fields.children) {
      if (f.dataset.players !== undefined) f.hidden = !offeredFor(f.dataset.players.split(","), players);
    }
  }

  function readOptions(box) {
    const out = {};
    for (const f of box.querySelectorAll("[data-option]")) {
      if (f.closest("[hidden]")) continue;
      const kind = f.dataset.kind;
      if (kind === "bool") out[f.dataset.option] = f.checked;
      else if (kind === "choice") out[f.dataset.option] = JSON.parse(f.value);
      else if (kind === "choices") {
        const picked = [...f.querySelectorAll("select")].map((m) => m.value).filter(Boolean).map((v) => JSON.parse(v));
        if (picked.length) out[f.dataset.option] = picked; // a partial choice: the rules say what is missing
      } else if (f.value !== "") out[f.dataset.option] = Number(f.value);
    }
    return out;
  }

  function buildControls(model, box, send, root) {
    const btn = (label, cls, fn, title) => h("button", { class: "gk-btn " + cls, onclick: fn, title: title || label }, label);
    const timeline = h("input", { type: "range", class: "gk-timeline", min: 0, max: 0, value: 0, "aria-label": t("timeline"),
      onchange: (ev) => send({ type: "goto", step: Number(ev.target.value) }) });
    const speed = h("input", { type: "range", class: "gk-speed", min: 50, max: 2000, step: 50, "aria-label": t("delay_aria"),
      onchange: (ev) => { model.set("speed_ms", Number(ev.target.value)); model.save_changes(); } });
    const auto = btn(t("autoplay"), "gk-autoplay", () => { model.set("autoplay", !model.get("autoplay")); model.save_changes(); });
    const memory = h("label", { class: "gk-toggle gk-memory-toggle" }, h("input", { type: "checkbox", class: "gk-memory",
      onchange: (ev) => { model.set("memory_mode", ev.target.checked); model.save_changes(); } }), " " + t("memory_mode"));
    const timer = h("label", { class: "gk-toggle gk-timer-toggle" }, h("input", { type: "checkbox", class: "gk-timer",
      onchange: (ev) => { model.set("party_timer", ev.target.checked); model.save_changes(); } }), " " + t("timer_5"));
    // The odds panel: the page's own setting, which the teacher may switch off (then the
    // kernel refuses the change and says why, and the box is checked again as it was).
    const odds = h("label", { class: "gk-toggle gk-odds-toggle" }, h("input", { type: "checkbox", class: "gk-odds-switch",
      onchange: (ev) => { model.set("odds", ev.target.checked); model.save_changes(); } }), " ", h("span", { class: "gk-odds-label" }, t("odds_panel")));
    const persp = h("select", { class: "gk-persp-select", "aria-label": t("seen_from"), onkeydown: menuKeys,
      onchange: (ev) => { const v = ev.target.value; send({ type: "seat", seat: v === "" ? null : v === "god" ? "god" : Number(v) }); } });
    const theme = h("select", { class: "gk-theme-select", "aria-label": t("theme"),
      onchange: (ev) => { root.dataset.themeChoice = ev.target.value; if (ev.target.value === "auto") applyTheme(root); else root.classList.toggle("gk-dark", ev.target.value === "dark"); } },
      h("option", { value: "auto" }, t("theme_auto")), h("option", { value: "light" }, t("theme_light")), h("option", { value: "dark" }, t("theme_dark")));
    if (root.dataset.themeChoice) theme.value = root.dataset.themeChoice;
    // size: large scales the whole table (for a projector); synced when the kernel has a `size` trait
    const zoom = h("select", { class: "gk-size-select gk-zoom-select", "aria-label": t("size"),
      onchange: (ev) => {
        root.dataset.sizeChoice = ev.target.value;
        if (model.get("size") !== undefined) { model.set("size", ev.target.value); model.save_changes(); }
        root.classList.toggle("gk-large", ev.target.value === "large");
      } },
      h("option", { value: "normal" }, t("size_normal")), h("option", { value: "large" }, t("size_large")));
    // new game
    const fields = h("div", { class: "gk-option-fields" });
    const title = h("select", { class: "gk-new-title", "aria-label": t("title"),
      onchange: () => { box._schemaFor = null; syncControls(model, box, root); } });
    const players = h("input", { type: "number", class: "gk-new-players", min: 1, max: 8, "aria-label": t("players"), placeholder: t("players"),
      oninput: () => showOptionsFor(fields, players.value) });
    const seed = h("input", { type: "number", class: "gk-new-seed", min: 0, "aria-label": t("seed"), placeholder: t("seed") });
    const options = h("input", { type: "text", class: "gk-new-options gk-debug", "aria-label": t("options_json"), placeholder: '{"option": value}' });
    const newGame = btn(t("new_game"), "gk-new", () => {
      let opts = readOptions(fields);
      if (!fields.childElementCount) {
        try { opts = options.value.trim() ? JSON.parse(options.value) : {}; } catch (e) { opts = options.value; }
      }
      // Whatever happens, the selectors then show the game on the table (a failed
      // request leaves the game shown, so they go back to it).
      box._titleShown = null;
      box._playersShown = null;
      send({ type: "new", title: title.value, players: players.value, seed: seed.value, options: opts });
    });
    const file = h("input", { type: "file", accept: ".json,application/json", class: "gk-load-file", "aria-label": t("load_aria"),
      onchange: async (ev) => { const f = ev.target.files[0]; if (f) send({ type: "load", text: await f.text() }); ev.target.value = ""; } });
    box.append(
      h("div", { class: "gk-row" },
        btn(t("step_btn"), "gk-step-one", () => send({ type: "step" }), t("step_tip")),
        auto, h("label", { class: "gk-speed-label" }, t("delay") + " ", speed),
        btn(t("undo"), "gk-undo gk-travel", () => send({ type: "undo" })),
        btn(t("redo"), "gk-redo gk-travel", () => send({ type: "redo" })),
        h("label", { class: "gk-timeline-label gk-travel" }, t("step_label") + " ", timeline, h("output", { class: "gk-timeline-out" }))),
      h("div", { class: "gk-row" },
        h("label", {}, t("seen_from") + " ", persp), memory, timer, odds, theme, zoom),
      h("div", { class: "gk-row gk-new-row" }, h("label", {}, t("new_game_label") + " ", title), h("label", {}, t("players") + " ", players),
        h("label", { class: "gk-debug" }, t("seed") + " ", seed), options, fields, newGame,
        h("span", { class: "gk-debug gk-save-load" }, btn(t("save"), "gk-save", () => send({ type: "save" }), t("save_tip")),
          " ", h("label", { class: "gk-load-label" }, t("load") + " ", file))),
    );
    box._parts = { timeline, speed, auto, memory, timer, odds, persp, title, players, seed, options, fields, zoom };
    box._titleShown = null;
    box._playersShown = null;
    box._schemaFor = null;
    const out = timeline.parentElement.querySelector("output");
    timeline.addEventListener("input", () => { out.textContent = `${timeline.value}/${timeline.max}`; });
  }

  function syncControls(model, box, root) {
    const p = box._parts;
    if (!p) return;
    const step = model.get("step");
    const total = model.get("total_steps");
    const classroom = !!opt(model, "classroom", false);
    p.timeline.max = String(total);
    p.timeline.value = String(step);
    p.timeline.parentElement.querySelector("output").textContent = `${step}/${total}`;
    p.speed.value = String(model.get("speed_ms"));
    p.auto.textContent = model.get("autoplay") ? t("pause") : t("autoplay");
    p.auto.title = p.auto.textContent;
    p.auto.classList.toggle("gk-on", model.get("autoplay"));
    p.memory.querySelector("input").checked = model.get("memory_mode");
    p.timer.querySelector("input").checked = model.get("party_timer");
    const title = model.get("title");
    // The title's table features (Rules.table_features): a control shows only if listed.
    const features = opt(model, "features", []);
    p.memory.hidden = !hasFeature(features, "memory");
    p.timer.hidden = !hasFeature(features, "timer");
    const locked = !!opt(model, "odds_locked", false);
    p.odds.hidden = !opt(model, "odds_offered", false);
    p.odds.querySelector("input").checked = !!opt(model, "odds", false) && !locked;
    p.odds.querySelector(".gk-odds-label").textContent = locked ? t("odds_panel_locked") : t("odds_panel");
    const seat = model.get("seat");
    const options = perspectiveChoices(W, model.get("players"), classroom, seat, opt(model, "perspectives", null));
    const key = JSON.stringify(options);
    if (p.persp._key !== key) { p.persp._key = key; p.persp.replaceChildren(...options.map(([v, text]) => h("option", { value: v }, text))); }
    p.persp.value = seat === null ? "" : String(seat);
    p.zoom.value = opt(model, "size", root.dataset.sizeChoice || "normal");
    // Classroom mode offers nothing the kernel refuses there: a typed seed, the options
    // box, Save and Load; and while learners sit, Undo, Redo and the timeline (a replay
    // page, with nobody seated, travels with them).
    box.querySelectorAll(".gk-debug").forEach((d) => { d.hidden = classroom; });
    // A table at a room: the room owns the game (no step, undo, timeline or New game).
    const remote = !!opt(model, "remote", false);
    p.timeline.closest(".gk-row").hidden = remote;
    p.title.closest(".gk-row").hidden = remote;
    const seated = (model.get("humans") || []).length > 0;
    box.querySelectorAll(".gk-travel").forEach((d) => { d.hidden = classroom && seated; });
    const titles = model.get("titles") || [];
    const names = W.labels.titles || {};
    if (p.title.options.length !== titles.length) p.title.replaceChildren(...titles.map((v) => h("option", { value: v }, names[v] || v)));
    if (document.activeElement !== p.title && box._titleShown !== title) { p.title.value = title; box._titleShown = title; }
    const range = (model.get("player_range") || {})[p.title.value];
    if (range) { p.players.min = range[0]; p.players.max = range[1]; }
    if (document.activeElement !== p.players && box._playersShown !== model.get("players")) {
      p.players.value = String(model.get("players"));
      box._playersShown = model.get("players");
    }
    // The chosen title's options as form fields (the JSON box when the kernel sends no schema).
    const schema = (opt(model, "options_schema", {}) || {})[p.title.value];
    const schemaKey = p.title.value + JSON.stringify(schema || null);
    if (box._schemaFor !== schemaKey) {
      box._schemaFor = schemaKey;
      p.fields.replaceChildren(...(Array.isArray(schema) ? schema.map(optionField) : []));
    }
    showOptionsFor(p.fields, p.players.value);
    p.options.hidden = classroom || Array.isArray(schema);
  }

  function showSaved(model, box) {
    const text = model.get("saved_json");
    box.replaceChildren();
    if (!text) return;
    const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    box.append(h("div", { class: "gk-saved" },
      h("a", { href: url, download: `gamekit-${model.get("title")}-step${model.get("step")}.json`, class: "gk-download" }, t("download")),
      h("textarea", { class: "gk-saved-text", readonly: true, rows: 2, "aria-label": t("saved_json") }, text)));
  }

  return { card, emptySlot, pile, seatArea, hiddenHand, genericBoard, makeCtx, announce, myDecision, drawAll,
    buildControls, syncControls, showSaved };
}

// ============================================================= board modules ==
// A title's board is a module of its own (gamekit/titles/<title>/board.js) that the
// kernel sends as `board_js`: makeBoard(kit) returns its draw(ctx). Until it has loaded
// (or when a title has none) the generic board is drawn. A module is imported once per
// page; each table calls its makeBoard with its own kit.
const MODULES = new Map(); // board source -> a promise of its module (null: it did not load)

// Import a board module once (a Blob URL keeps it local: nothing is fetched).
function loadModule(source) {
  if (!source) return Promise.resolve(null);
  if (!MODULES.has(source)) {
    const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    MODULES.set(source, import(url)
      .catch((err) => { console.error("gamekit: the board module did not load", err); return null; })
      .finally(() => URL.revokeObjectURL(url)));
  }
  return MODULES.get(source);
}

// What a board receives, bound to one table's words. kit.t: the board's words (see
// Words.boardText); kit.label: the table's own, by key; kit.cardName: card names.
function makeKit(W, P) {
  return {
    t: (msgid, params) => W.boardText(msgid, params),
    label: (key, params) => W.t(key, params),
    cardName: (id, english, form) => W.cardName(id, english, form),
    botName: (name) => W.botName(name),
    seatName: (seat) => W.seatName(seat),
    h, svg, card: P.card, zone, pile: P.pile, chip, isObj, get, shapeIcon, PALETTE, SEAT_COLORS, viewOf, baseView,
    seatArea: P.seatArea, hiddenHand: P.hiddenHand, genericBoard: P.genericBoard, emptySlot: P.emptySlot, seatOrder,
  };
}

// =================================================================== a table ==
// One table on the page: its words, its drawing pieces, its board and the kit handed
// to that board, and the page parts it draws into.
class Table {
  constructor(model) {
    this.model = model;
    this.words = new Words();
    this.parts = tableParts(this.words);
    this.kit = makeKit(this.words, this.parts);
    this.boardSource = null;
    this.board = null; // this table's draw(ctx), made by makeBoard(this.kit)
  }

  // The traits that carry words, read again before each drawing.
  readWords() {
    const m = this.model;
    this.words.update({ labels: opt(m, "labels", {}), names: opt(m, "names", []),
      boardLabels: opt(m, "board_labels", {}), cardNames: opt(m, "card_names", {}) });
  }

  // This table's board for `source` (null: the generic board).
  async makeBoard(source) {
    const mod = await loadModule(source);
    if (!mod || typeof mod.default !== "function") return null;
    try {
      return mod.default(this.kit);
    } catch (err) {
      console.error("gamekit: the board module did not start", err);
      return null;
    }
  }

  async mount(el) {
    const model = this.model;
    const W = this.words;
    const P = this.parts;
    const t = (key, params) => W.t(key, params);
    const send = (msg) => { root._sent(); model.send(msg); };
    const root = h("div", { class: "gk-root", tabindex: "-1", "data-lm-suppress-shortcuts": "true" });
    const shell = h("div", { class: "gk-shell" }, root);
    el.appendChild(shell);
    const parts = {
      header: h("div", { class: "gk-header" }),
      error: h("div", { class: "gk-error", role: "alert", hidden: true }),
      live: h("div", { class: "gk-sr gk-live", role: "status", "aria-live": "polite", "aria-atomic": "true" }),
      seats: h("div", { class: "gk-seats" }),
      board: h("div", { class: "gk-board" }),
      actions: h("div", { class: "gk-actions" }),
      result: h("div", { class: "gk-result", role: "region", hidden: true }),
      controls: h("div", { class: "gk-controls" }),
      narration: h("ol", { class: "gk-narration" }),
      odds: h("div", { class: "gk-odds-box", hidden: true }),
      ask: h("div", { class: "gk-ask-box", hidden: true }),
      cover: h("div", { class: "gk-cover", hidden: true }),
      extras: h("div", { class: "gk-extras" }),
      tip: h("div", { class: "gk-tip", role: "tooltip", id: `gk-tip-${Math.random().toString(36).slice(2)}`, hidden: true }),
    };
    parts.sideTitle = h("div", { class: "gk-side-title" });
    const side = h("aside", { class: "gk-side" }, parts.ask, parts.sideTitle, parts.narration, parts.odds, parts.actions);
    parts.side = side;
    const main = h("div", { class: "gk-main", role: "region", "aria-label": t("the_board") }, parts.result, parts.board);
    // The seats (who plays, sit and stand) come after the board and the moves: the header,
    // the board, the moves and the narration make one screen (a projector's), and Tab
    // reaches the cards before any seat menu.
    root.append(parts.header, parts.error, parts.live, h("div", { class: "gk-layout" }, main, side), parts.seats,
      parts.controls, parts.extras, parts.cover, parts.tip);

    // Focus stays in the table: after a request sent from inside it, a redraw that
    // removed the focused element hands focus to the next thing to do.
    let focusWasIn = false;
    // The learner is at this table (its last focus or click was inside): when their turn
    // comes back after the bots' moves, focus goes to the first glowing card.
    let engaged = false;
    root._sent = () => { focusWasIn = root.contains(document.activeElement) || focusWasIn; engaged = true; };
    root.addEventListener("focusin", () => { engaged = true; });
    root.addEventListener("focusout", (ev) => { if (ev.relatedTarget && !root.contains(ev.relatedTarget)) engaged = false; });
    root.addEventListener("click", (ev) => { if (!ev.target.closest(".gk-menu")) closePopover(root); });
    root.addEventListener("keydown", (ev) => {
      // Keys the table uses never reach the notebook's shortcuts.
      if (["Enter", " ", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Escape", "Home", "End"].includes(ev.key)) ev.stopPropagation();
      if (ev.key === "Escape" && root.querySelector(":scope > .gk-menu")) { const a = closePopover(root); if (a && a.isConnected) a.focus(); }
    });
    // Ruling ids: their text on hover and on focus.
    const showTip = (ev) => {
      const r = ev.target.closest && ev.target.closest(".gk-ruling");
      if (!r) return;
      parts.tip.textContent = r.dataset.tip;
      parts.tip.hidden = false;
      const rr = root.getBoundingClientRect();
      const tr = r.getBoundingClientRect();
      const tip = parts.tip.getBoundingClientRect();
      const left = Math.max(4, Math.min(tr.right - rr.left - tip.width, root.clientWidth - tip.width - 4));
      let top = tr.bottom - rr.top + 4;
      if (top + tip.height > root.clientHeight) top = Math.max(0, tr.top - rr.top - tip.height - 4);
      parts.tip.style.left = `${left}px`;
      parts.tip.style.top = `${top}px`;
    };
    const hideTip = (ev) => { if (ev.target.closest && ev.target.closest(".gk-ruling")) parts.tip.hidden = true; };
    root.addEventListener("mouseover", showTip);
    root.addEventListener("focusin", showTip);
    root.addEventListener("mouseout", hideTip);
    root.addEventListener("focusout", hideTip);

    // The narration box keeps its newest line in view when it changes size (a wider
    // window, size large, the layout of a narrow notebook).
    const pin = new ResizeObserver(() => { parts.narration.scrollTop = parts.narration.scrollHeight; });
    pin.observe(parts.narration);
    // One screen: the board and the side fit the notebook's visible height (see fitRoom).
    const layout = root.querySelector(".gk-layout");
    const fit = new ResizeObserver(() => { fitRoom(root, layout); keepHandInView(root); scrollRegionFocus(root); });
    for (const el of [root, parts.header, parts.error]) fit.observe(el);
    const refit = () => fitRoom(root, layout);
    window.addEventListener("resize", refit);

    applyTheme(root);
    const themeWatch = new MutationObserver(() => applyTheme(root));
    themeWatch.observe(document.body, { attributes: true, attributeFilter: ["data-jp-theme-light"] });

    this.readWords();
    P.buildControls(model, parts.controls, send, root);
    // Another language: the controls are built again with its words.
    let labelsKey = JSON.stringify(W.labels);
    const relabel = () => {
      this.readWords();
      const key = JSON.stringify(W.labels);
      if (key === labelsKey) return;
      labelsKey = key;
      parts.controls.replaceChildren();
      P.buildControls(model, parts.controls, send, root);
    };

    let autoTimer = null;
    let clock = null; // the party timer's countdown on the page (the kernel's clock decides)
    let lastStep = null;
    let wasMine = false;
    let handShown = null; // the step the board was last scrolled to the hand for
    let announced = null; // the narration already announced: "step:count"
    // The board of the title shown; a new title's board is drawn once it has loaded.
    this.boardSource = model.get("board_js");
    this.board = await this.makeBoard(this.boardSource);
    const redraw = () => {
      const t0 = performance.now();
      const step = model.get("step");
      if (step !== lastStep) closePopover(root);
      if (clock) clock.el.remove(); // not a part of the moves drawn below
      relabel();
      try {
        P.drawAll(model, parts, send, this.boardSource === model.get("board_js") ? this.board : null, root);
        root.classList.remove("gk-broken");
      } catch (err) {
        parts.error.hidden = false;
        parts.error.textContent = t("drawing_failed", { error: String(err) });
        root.classList.add("gk-broken");
        console.error(err);
      }
      root.dataset.revision = String(model.get("revision"));
      root.dataset.step = String(step);
      root.dataset.drawMs = (performance.now() - t0).toFixed(1);
      announced = P.announce(model, parts.live, announced, lastStep);
      lastStep = step;
      const mine = !model.get("is_over") && P.myDecision(model) && !root.classList.contains("gk-covered");
      const here = root.contains(document.activeElement) || (engaged && document.activeElement === document.body);
      if (mine && !wasMine && here) {
        // The learner's turn came back: focus on the first glowing card, else the first move.
        const next = [".gk-board .gk-playable", ".gk-action"]
          .map((s) => [...root.querySelectorAll(s)].find((e) => e.getClientRects().length)).find(Boolean);
        if (next) next.focus({ preventScroll: true });
      } else if (focusWasIn && !root.contains(document.activeElement)) {
        // The next thing to do, in this order: what is on screen and can take focus.
        const next = [".gk-root > .gk-menu .gk-menu-item", ".gk-cover:not([hidden]) button", ".gk-board .gk-playable", ".gk-action",
          ".gk-step-btn", ".gk-result:not([hidden])"]
          .map((s) => [...root.querySelectorAll(s)].find((e) => e.getClientRects().length)).find(Boolean);
        (next || root).focus({ preventScroll: true });
      }
      if (step !== handShown) { handShown = step; requestAnimationFrame(() => keepHandInView(root)); }
      requestAnimationFrame(() => scrollRegionFocus(root));
      wasMine = mine;
      focusWasIn = false;
      clearTimeout(autoTimer);
      autoTimer = scheduleAutoplay(model, send);
      clock = showPartyClock(model, parts.actions, clock, t);
    };
    model.on("change:board_js", async () => {
      const source = model.get("board_js");
      const made = await this.makeBoard(source);
      if (source !== model.get("board_js")) return; // another title came meanwhile
      [this.boardSource, this.board] = [source, made];
      redraw();
    });
    for (const name of ["revision", "memory_mode", "autoplay", "party_timer", "humans", "classroom", "cover_for", "names",
      "rulings", "summary_lines", "size", "options_schema", "labels", "board_labels", "card_names", "features", "timer_seat",
      "odds", "odds_locked", "odds_offered", "ask"]) model.on(`change:${name}`, redraw);
    model.on("change:saved_json", () => P.showSaved(model, parts.extras));
    redraw();
    return () => {
      clearTimeout(autoTimer);
      if (clock) clearInterval(clock.interval);
      pin.disconnect();
      fit.disconnect();
      window.removeEventListener("resize", refit);
      themeWatch.disconnect();
    };
  }
}

// The height the table may take (a projector shows it on one screen): the notebook's
// visible height (its scroller, else the window), as --gk-fit, and what is above the
// board (header, error line, seats) as --gk-above; the CSS caps the board and the side
// at what is left (--gk-room). Called on resizes only, never on a redraw.
export function visibleHeight(rect, windowHeight) {
  if (!rect) return windowHeight;
  return Math.max(0, Math.min(rect.bottom, windowHeight) - Math.max(rect.top, 0));
}

function fitRoom(root, layout) {
  if (!root.isConnected) return;
  const scroller = root.closest(".jp-WindowedPanel-outer, .jp-Notebook, .jp-LinkedOutputView");
  const screen = Math.round(visibleHeight(scroller ? scroller.getBoundingClientRect() : null, window.innerHeight));
  const above = Math.round(layout.getBoundingClientRect().top - root.getBoundingClientRect().top);
  for (const [name, value] of [["--gk-fit", screen], ["--gk-above", above]]) {
    if (root.style.getPropertyValue(name) !== `${value}px`) root.style.setProperty(name, `${value}px`);
  }
}

// After a new step, the board (which scrolls inside itself when taller than the screen)
// shows the learner's hand, else the first glowing card: scrolled within the board only.
// The hand and the first glowing card outside it (a knock at the learner's door) are
// shown together when they fit, else the hand (the moves are listed beside the board).
export function scrollToShow(box, spans) {
  const shown = spans.filter(Boolean);
  if (!shown.length) return 0;
  let top = Math.min(...shown.map((r) => r.top));
  let bottom = Math.max(...shown.map((r) => r.bottom));
  if (bottom - top > box.bottom - box.top) [top, bottom] = [shown[0].top, shown[0].bottom];
  if (top >= box.top && bottom <= box.bottom) return 0;
  return bottom > box.bottom && bottom - top < box.bottom - box.top ? bottom - box.bottom + 8 : top - box.top - 8;
}

// A board that scrolls with nothing in it to focus (a spectator's, a replay's) takes the
// keyboard focus itself, so the arrow keys can scroll it; with a card or a move to focus
// it stays out of the Tab order.
function scrollRegionFocus(root) {
  const main = root.querySelector(".gk-main");
  if (!main) return;
  const scrolls = main.scrollHeight > main.clientHeight + 1;
  const focusable = main.querySelector("button, a[href], input, select, textarea, [tabindex='0']");
  if (scrolls && !focusable) main.tabIndex = 0;
  else main.removeAttribute("tabindex");
}

function keepHandInView(root) {
  const main = root.querySelector(".gk-main");
  if (!main || main.scrollHeight <= main.clientHeight + 1) return;
  const hand = root.querySelector(".gk-board .gk-area.gk-mine .gk-hand") || root.querySelector(".gk-board .gk-hand");
  const glowing = [...root.querySelectorAll(".gk-board .gk-playable")].find((el) => !(hand && hand.contains(el)));
  const by = scrollToShow(main.getBoundingClientRect(), [hand, glowing].map((el) => el && el.getBoundingClientRect()));
  if (by) main.scrollTop += by;
}

// With a learner seated, the bots take their turns by themselves after `speed_ms`; with
// nobody seated, Autoplay drives them. (The party timer runs in the kernel.)
function scheduleAutoplay(model, send) {
  const due = autoStepDue({ over: model.get("is_over"), autoplay: model.get("autoplay"), humans: model.get("humans"),
    cover: model.get("cover_for"), mover: model.get("to_move"), bots: model.get("bots") });
  if (!due) return null;
  const step = model.get("step");
  return setTimeout(() => send({ type: "step", step, auto: true }), model.get("speed_ms"));
}

// The party timer runs on the kernel's clock, for the seat it waits for (`timer_seat`);
// the page only shows the seconds left, counted from when that wait began.
function showPartyClock(model, box, before, t) {
  const seat = model.get("timer_seat");
  const key = `${model.get("step")}:${seat}`;
  const running = model.get("party_timer") && typeof seat === "number";
  if (before && (!running || before.key !== key)) clearInterval(before.interval);
  if (!running) return null;
  const clock = before && before.key === key ? before
    : { key, left: model.get("timer_seconds"), el: h("div", { class: "gk-party-timer", role: "timer" }) };
  clock.el.setAttribute("aria-label", t("seconds_left"));
  clock.el.textContent = `⏱ ${clock.left}`;
  box.prepend(clock.el);
  if (clock !== before) {
    clock.interval = setInterval(() => {
      clock.left = Math.max(0, clock.left - 1);
      clock.el.textContent = `⏱ ${clock.left}`;
    }, 1000);
  }
  return clock;
}

// anywidget calls render once per view of the widget: each view is a Table of its own.
function render({ model, el }) {
  return new Table(model).mount(el);
}

export default { render };
