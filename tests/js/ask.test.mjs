// The teacher's question at a room ("ask the class"): the card a seat, the teacher and the
// projector see, laid out by the page from the room's texts (askCard).
import assert from "node:assert/strict";
import { test } from "node:test";
import { table } from "./load_table.mjs";
import { byClass } from "./trees.mjs";

const { askCard, treeText } = table;


const MOVER = {
  id: 2, revealed: false, answered: 0, asked: 3, title: "The teacher's question", status: "0 of 3 answered",
  chance: { question: "Is the next card a kid?", given: "given the 40 cards you cannot see", prompt: "Your guess",
    send: "Send my guess", answer: null },
  move: { question: "What do you play?", choices: ["Open the door", "Decline"], answer: 1 },
};

test("a seat's card: its chances question with a guess field, then one button per move", () => {
  const tree = askCard(MOVER);
  const text = treeText(tree);
  assert.ok(text.startsWith("The teacher's question0 of 3 answeredIs the next card a kid?"), text);
  const [input] = byClass(tree, "gk-ask-input");
  assert.equal(input[1].type, "number");
  assert.equal(input[1].value, "");
  const choices = byClass(tree, "gk-ask-choice");
  assert.deepEqual(choices.map((c) => treeText(c)), ["Open the door", "Decline"]);
  assert.deepEqual(choices.map((c) => c[1]["aria-pressed"]), ["false", "true"], "the move sent is pressed");
  assert.equal(tree[1]["data-ask"], "2");
});

test("the buttons and the field send answers; a typed draft survives a redraw", () => {
  const sent = [];
  const tree = askCard(MOVER, (m) => sent.push(m), "35");
  byClass(tree, "gk-ask-choice")[0][1].onclick();
  assert.deepEqual(sent, [{ type: "answer", choice: 0 }]);
  const [input] = byClass(tree, "gk-ask-input");
  assert.equal(input[1].value, "35");
  byClass(tree, "gk-ask-send")[0][1].onclick({ target: null });
  assert.deepEqual(sent[1], { type: "answer", guess: 35 });
});

test("once revealed: the exact answer, the move chosen and the bots' moves, no field nor buttons", () => {
  const ask = { ...MOVER, revealed: true, status: "revealed",
    chance: { ...MOVER.chance, answer: 30, exact: "Exactly 1/5, that is 20.0 %.", off: "you said 30 %: 10.0 points off" },
    move: { ...MOVER.move, yours: "You chose: Decline", bots_title: "What the bots would play here",
      bots: [{ bot: "greedy", choice: 0, text: "Open the door" }] } };
  const tree = askCard(ask);
  assert.equal(byClass(tree, "gk-ask-input").length, 0);
  assert.equal(byClass(tree, "gk-ask-choice").length, 0);
  const text = treeText(tree);
  assert.ok(text.includes("Exactly 1/5, that is 20.0 %.") && text.includes("greedy: Open the door"), text);
  assert.ok(text.includes("You chose: Decline"), text);
});

test("the projector's card lists who answered, and nothing else before the reveal", () => {
  const tree = askCard({ id: 1, revealed: false, answered: 1, asked: 2, title: "Q", status: "1 of 2 answered",
    rows: [{ seat: 0, name: "Player 1", done: true }, { seat: 1, name: "Player 2", done: false, summary: "guessed 20 %" }] });
  assert.deepEqual(byClass(tree, "gk-ask-row").map((r) => treeText(r)), ["Player 1 ✓", "Player 2 … guessed 20 %"]);
  assert.equal(askCard({}), null);
  assert.equal(askCard(null), null);
});
