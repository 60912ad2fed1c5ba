// The page's pure helpers: moves grouped, narration covered, turns, menus, features.
import assert from "node:assert/strict";
import { test } from "node:test";
import { source, table } from "./load_table.mjs";

const T = table;
const words = new T.Words({ labels: { a_spectator: "a spectator", god_view: "god view", now_at_step: "now at step {step}",
  your_decision_sr: "Your decision.", game_over_sr: "Game over: {names}.", winner: "{names} wins", no_winner: "nobody" } });

const row = (index, kind, text, action = {}) => ({ index, kind, text, action });

test("three moves of one card share a heading; each button says what differs", () => {
  const legal = [
    row(0, "knock", "Knock at Bo's door with the kid", { card: "kid" }),
    row(1, "knock", "Knock at Cy's door with the kid", { card: "kid" }),
    row(2, "knock", "Knock at Di's door with the kid", { card: "kid" }),
    row(3, "pass", "Pass"),
  ];
  const groups = T.groupMoves(legal);
  assert.equal(groups.length, 2);
  assert.equal(groups[0].head, "Knock at …");
  assert.deepEqual(groups[0].rows.map(([, text]) => text), ["Bo's door with the kid", "Cy's door with the kid", "Di's door with the kid"]);
  assert.deepEqual(groups[1], { head: null, rows: [[legal[3], "Pass"]] });
});

test("two moves of one card, or moves sharing one word, keep their whole text", () => {
  const two = [row(0, "k", "Knock at A", { card: 1 }), row(1, "k", "Knock at B", { card: 1 })];
  assert.deepEqual(T.groupMoves(two).map((g) => g.head), [null]);
  const oneWord = [0, 1, 2].map((i) => row(i, "k", `Take ${"abc"[i]} now`, { card: 2 }));
  assert.equal(T.groupMoves(oneWord)[0].head, null);
});

test("memory mode covers every Vision but the newest, and nothing else", () => {
  const rows = [{ step: 1, kind: "vision", text: "A" }, { step: 2, kind: "move", text: "B" }, { step: 3, kind: "vision", text: "C" }];
  assert.deepEqual(T.visibleNarration(rows, true, "(covered)").map((r) => r.text), ["(covered)", "B", "C"]);
  assert.equal(T.visibleNarration(rows, false, "(covered)"), rows);
  assert.equal(rows[0].text, "A", "the kernel's rows are not changed");
});

test("the page decides when its seat is to move, or in the god view when it has moves", () => {
  assert.equal(T.isMyDecision(1, 1, []), true);
  assert.equal(T.isMyDecision(1, 0, [row(0, "k", "x")]), false);
  assert.equal(T.isMyDecision(2, "god", [row(0, "k", "x")]), true);
  assert.equal(T.isMyDecision(2, "god", []), false);
  assert.equal(T.isMyDecision(null, 0, []), false);
});

test("seats are drawn from this table's own seat, else the seat deciding", () => {
  assert.deepEqual(T.drawingOrder(2, 0, 4), [2, 3, 0, 1]);
  assert.deepEqual(T.drawingOrder(null, 1, 3), [1, 2, 0]);
  assert.deepEqual(T.drawingOrder("god", null, 2), [0, 1]);
});

test("a card is as wide as its longest word; a hyphen may break a compound", () => {
  assert.equal(T.longestWord("Taxi-corbillard"), 10);
  assert.equal(T.longestWord("Monster musician"), 8);
  assert.equal(T.longestWord(""), 0);
});

test("a path is marked changed when it, a part of it, or what holds it changed", () => {
  assert.equal(T.touches(["hands.0"], "hands"), true);
  assert.equal(T.touches(["hands"], "hands.0"), true);
  assert.equal(T.touches(["hands.0"], "hands.0"), true);
  assert.equal(T.touches(["hands.10"], "hands.1"), false);
  assert.equal(T.touches([], "deck"), false);
});

test("an option for some player counts is offered for those only (every count while none is typed)", () => {
  assert.equal(T.offeredFor(["2"], "2"), true);
  assert.equal(T.offeredFor([2, 3], "4"), false);
  assert.equal(T.offeredFor(["2"], ""), true);
  assert.equal(T.offeredFor(undefined, "5"), true);
});

test("a table control shows only for the features the title lists", () => {
  assert.equal(T.hasFeature(["memory", "timer"], "timer"), true);
  assert.equal(T.hasFeature([], "memory"), false);
  assert.equal(T.hasFeature(undefined, "memory"), false);
});

test("the page names no title and guesses no move from its text", () => {
  assert.doesNotMatch(source, /boo-party|knock-knock|bloody-inn|"hats"/);
  assert.doesNotMatch(source, /disguise|nothing\/|"timeout"/i);
});

test("an arrow key, Home/End, a page key or a letter alone never changes a seat menu", () => {
  for (const key of ["ArrowDown", "ArrowUp", "ArrowLeft", "ArrowRight", "Home", "End", "PageDown", "g"]) {
    assert.equal(T.silentlyChangesMenu(key), true, key);
  }
  for (const key of [" ", "Enter", "Tab", "Escape"]) assert.equal(T.silentlyChangesMenu(key), false, key);
  assert.equal(T.silentlyChangesMenu("ArrowDown", true), false, "Alt+Down opens the list");
});

test("a popover's keys move round its items", () => {
  assert.equal(T.menuMove("ArrowDown", false, 0, 3), 1);
  assert.equal(T.menuMove("ArrowDown", false, 2, 3), 0);
  assert.equal(T.menuMove("ArrowUp", false, 0, 3), 2);
  assert.equal(T.menuMove("Tab", true, 1, 3), 0);
  assert.equal(T.menuMove("Tab", false, -1, 3), 0);
  assert.equal(T.menuMove("Home", false, 2, 3), 0);
  assert.equal(T.menuMove("End", false, 0, 3), 2);
  assert.equal(T.menuMove("x", false, 0, 3), null);
});

test("a popover sits above its card when there is room, else below, always inside the table", () => {
  const box = { clientTop: 0, clientLeft: 0, clientWidth: 600, clientHeight: 400 };
  const root = { top: 100, left: 0 };
  const menu = { width: 200, height: 80 };
  const above = T.placeMenu(root, { top: 300, bottom: 340, left: 250, width: 100 }, menu, box);
  assert.deepEqual(above, { top: 114, left: 200 });
  const below = T.placeMenu(root, { top: 120, bottom: 160, left: 0, width: 40 }, menu, box);
  assert.deepEqual(below, { top: 66, left: 4 });
  const low = T.placeMenu(root, { top: 130, bottom: 480, left: 580, width: 20 }, menu, box);
  assert.deepEqual(low, { top: 320, left: 396 });
});

test("the seen-from menu lists the god view except in classroom mode", () => {
  assert.deepEqual(T.perspectiveChoices(words, 2, false, 0).map(([v]) => v), ["", "0", "1", "god"]);
  assert.deepEqual(T.perspectiveChoices(words, 2, true, 0).map(([v]) => v), ["", "0", "1"]);
  assert.deepEqual(T.perspectiveChoices(words, 1, true, "god").map(([v]) => v), ["", "0", "god"]);
  assert.equal(T.perspectiveChoices(words, 1, false, 0)[0][1], "a spectator");
  // The kernel's perspectives: a seated learner is offered no god view and no bot's seat.
  assert.deepEqual(T.perspectiveChoices(words, 3, false, 0, [null, 0]).map(([v]) => v), ["", "0"]);
  assert.deepEqual(T.perspectiveChoices(words, 2, false, null, [null, 0, 1, "god"]).map(([v]) => v), ["", "0", "1", "god"]);
});

test("the page asks a bot to move only when a bot decides and nobody waits behind the cover", () => {
  const base = { over: false, autoplay: false, humans: [0], cover: null, mover: 1, bots: [null, "greedy"] };
  assert.equal(T.autoStepDue(base), true);
  assert.equal(T.autoStepDue({ ...base, mover: 0 }), false, "a person decides");
  assert.equal(T.autoStepDue({ ...base, over: true }), false);
  assert.equal(T.autoStepDue({ ...base, cover: 0 }), false);
  assert.equal(T.autoStepDue({ ...base, humans: [] }), false, "nobody seated: Autoplay drives");
  assert.equal(T.autoStepDue({ ...base, humans: [], autoplay: true }), true);
  assert.equal(T.botsPlayThemselves([]), false);
});

test("a screen reader hears the new lines, then whose decision it is or who won", () => {
  const rows = [{ step: 1, text: "A knocks." }, { step: 2, text: "B opens." }, { step: 3, text: "C knocks." }];
  const after = (over) => ({ rows, step: 3, lastStep: 1, over, mine: !over, winners: [0] });
  assert.deepEqual(T.newsLines(words, after(false)), ["B opens.", "C knocks.", "Your decision."]);
  assert.deepEqual(T.newsLines(words, after(true)), ["B opens.", "C knocks.", "Game over: 1 wins."]);
  assert.deepEqual(T.newsLines(words, { ...after(false), step: 1, lastStep: 3, mine: false }), ["now at step 1"]);
  assert.deepEqual(T.newsLines(words, { ...after(false), lastStep: null, mine: false }), []);
  const many = Array.from({ length: 9 }, (_, i) => ({ step: i + 1, text: `line ${i + 1}` }));
  assert.equal(T.newsLines(words, { rows: many, step: 9, lastStep: 0, over: false, mine: false, winners: [] }).length, 6);
});

test("a trait the kernel lacks reads as its default", () => {
  const model = { get: (name) => ({ size: "large", names: null })[name] };
  assert.equal(T.opt(model, "size", "normal"), "large");
  assert.deepEqual(T.opt(model, "names", []), []);
  assert.deepEqual(T.opt(model, "features", []), []);
});

test("one move each of several cards of one kind share a heading from both ends", () => {
  const legal = ["red 5", "pink 1", "green 6"].map((c, i) => row(i, "swap", `Swap your ${c} with your partner`, { card: i }));
  const [group] = T.groupMoves(legal);
  assert.equal(group.head, "Swap your … with your partner");
  assert.deepEqual(group.rows.map(([, text]) => text), ["red 5", "pink 1", "green 6"]);
  const two = legal.slice(0, 2);
  assert.deepEqual(T.groupMoves(two).map((g) => g.head), [null, null], "two moves keep their whole text");
});

test("many moves on the hand's cards: one choice per card, in the hand's order", () => {
  const legal = [];
  for (let i = 0; i < 9; i++) legal.push(row(i, "exchange", `Exchange card ${i % 3} for space ${i}`, { card: i % 3 }));
  legal.push(row(9, "pass", "Pass"));
  const owner = new Map();
  for (const c of [2, 0, 1]) for (const r of legal) if (r.action.card === c) owner.set(r.index, { key: String(c), name: `card ${c}` });
  const choices = T.cardChoices(legal, owner);
  assert.deepEqual(choices.cards.map((c) => c.name), ["card 2", "card 0", "card 1"]);
  assert.deepEqual(choices.cards[0].rows.map((r) => r.index), [2, 5, 8]);
  assert.deepEqual(choices.loose.map((r) => r.index), [9]);
  assert.equal(T.pickedCard(choices, "1").name, "card 1");
  assert.equal(T.pickedCard(choices, "gone").name, "card 2", "a card no longer held: the first");
  assert.equal(T.cardChoices(legal.slice(0, 8), owner), null, "eight moves or fewer: every move listed");
  const single = new Map([...owner].filter(([i]) => i < 3));
  assert.equal(T.cardChoices(legal, single), null, "one move per card: nothing to pick");
});

test("the board shows the hand and the glowing card together, else the hand", () => {
  const box = { top: 100, bottom: 500 };
  assert.equal(T.scrollToShow(box, [{ top: 150, bottom: 300 }, { top: 320, bottom: 400 }]), 0);
  assert.equal(T.scrollToShow(box, [{ top: 450, bottom: 560 }, { top: 580, bottom: 650 }]), 650 - 500 + 8);
  assert.equal(T.scrollToShow(box, [{ top: 450, bottom: 560 }, { top: 900, bottom: 950 }]), 560 - 500 + 8);
  assert.equal(T.scrollToShow(box, [{ top: 20, bottom: 90 }, null]), 20 - 100 - 8);
  assert.equal(T.visibleHeight({ top: 93, bottom: 692 }, 720), 599);
  assert.equal(T.visibleHeight({ top: -50, bottom: 2000 }, 720), 720);
  assert.equal(T.visibleHeight(null, 720), 720);
});
