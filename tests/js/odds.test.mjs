// The odds panel's layout ("What are my chances?"): rows the kernel computed, laid out by
// the page as a tree (oddsPanel), in the table's own words.
import assert from "node:assert/strict";
import { test } from "node:test";
import { table } from "./load_table.mjs";
import { byClass } from "./trees.mjs";

const { Words, oddsPanel, treeText } = table;

const ENGLISH = new Words({ labels: { lang: "en", odds_title: "What are my chances?",
  odds_why: "Why? The SymPy lines", odds_code: "SymPy lines that answer: {question}", odds_exercise: "Exercise",
  odds_exercise_tip: "Work it out yourself, then check your answer: {code}" } });
const FRENCH = new Words({ labels: { lang: "fr", odds_title: "Quelles sont mes chances\u202f?",
  odds_why: "Pourquoi\u202f? Les lignes SymPy", odds_code: "Les lignes SymPy qui répondent\u202f: {question}",
  odds_exercise: "Exercice", odds_exercise_tip: "Calculez-le vous-même, puis vérifiez votre réponse\u202f: {code}" } });

const ROWS = [
  { key: "win", question: "Will the next card be a Monster?", given: "given your hand and the open cards", fraction: "3/11",
    percent: "27.3 %", exercise: "kk-1", why: "from sympy import Rational\nRational(3, 11)" },
  { key: "tie", question: "A tie?", given: "", fraction: "1/2", percent: "50.0 %", exercise: null, why: "" },
];


test("no rows, no panel", () => {
  assert.equal(oddsPanel(ENGLISH, []), null);
  assert.equal(oddsPanel(ENGLISH, undefined), null);
});

test("each row shows its question, given, fraction and percent, exercise and why", () => {
  const tree = oddsPanel(ENGLISH, ROWS);
  assert.equal(tree[0], "section");
  assert.equal(tree[1]["aria-label"], "What are my chances?");
  const rows = byClass(tree, "gk-odds-row");
  assert.equal(rows.length, 2);
  assert.deepEqual(rows.map((r) => r[1]["data-key"]), ["win", "tie"]);
  const first = treeText(rows[0]);
  for (const part of ["Will the next card be a Monster?", "given your hand and the open cards", "3/11", "27.3 %", "Exercise", "kk-1"]) {
    assert.ok(first.includes(part), `${part} in ${first}`);
  }
  assert.equal(treeText(byClass(rows[0], "gk-odds-fraction")[0]), "3/11");
  const exercise = byClass(rows[0], "gk-odds-exercise")[0];
  assert.equal(exercise[1]["data-exercise"], "kk-1");
  assert.ok(exercise[1].title.endsWith('gamekit.exercises.check("kk-1", answer)'), exercise[1].title);
});

test("the why is a closed disclosure with the SymPy lines in a focusable pre, kept open by key", () => {
  const tree = oddsPanel(ENGLISH, ROWS);
  const [why] = byClass(tree, "gk-odds-why");
  assert.equal(why[0], "details");
  assert.equal(why[1].open, false);
  const summary = why[2];
  assert.deepEqual(summary, ["summary", {}, "Why? The SymPy lines"]);
  const pre = why[3];
  assert.equal(pre[0], "pre");
  assert.equal(pre[1].tabindex, "0", "the learner scrolls and selects the code with the keyboard");
  assert.equal(pre[1]["aria-label"], "SymPy lines that answer: Will the next card be a Monster?");
  assert.deepEqual(pre[2], ["code", {}, "from sympy import Rational\nRational(3, 11)"]);
  const reopened = byClass(oddsPanel(ENGLISH, ROWS, new Set(["win"])), "gk-odds-why")[0];
  assert.equal(reopened[1].open, true);
});

test("a row without a given, an exercise or a why draws none of them", () => {
  const [, second] = byClass(oddsPanel(ENGLISH, ROWS), "gk-odds-row");
  assert.equal(byClass(second, "gk-odds-given").length, 0);
  assert.equal(byClass(second, "gk-odds-exercise").length, 0);
  assert.equal(byClass(second, "gk-odds-why").length, 0);
  assert.equal(treeText(second), "A tie?1/250.0 %");
});

test("the panel speaks the table's words: French next to English", () => {
  const en = treeText(oddsPanel(ENGLISH, ROWS));
  const fr = treeText(oddsPanel(FRENCH, ROWS));
  assert.ok(en.startsWith("What are my chances?") && en.includes("Exercise") && en.includes("Why? The SymPy lines"));
  assert.ok(fr.startsWith("Quelles sont mes chances\u202f?") && fr.includes("Exercice") && fr.includes("Pourquoi\u202f?"));
  assert.ok(!fr.includes("Exercise") && !fr.includes("Why?"));
});

test("texts are text: a row's markup is never read as HTML", () => {
  const tree = oddsPanel(ENGLISH, [{ key: "x", question: "<b>bold</b>", given: "", fraction: "1/3", percent: "", exercise: null, why: "" }]);
  assert.equal(byClass(tree, "gk-odds-question")[0][2], "<b>bold</b>");
  assert.equal(byClass(tree, "gk-odds-percent").length, 0);
});
