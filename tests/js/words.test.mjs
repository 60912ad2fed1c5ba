// Each table's words are its own: two tables, two languages, no shared word.
import assert from "node:assert/strict";
import { test } from "node:test";
import { source, table } from "./load_table.mjs";

const { Words, fill } = table;

const ENGLISH = {
  labels: { lang: "en", hand: "Hand", nobody: "nobody", the_god_view: "the god view", winner: "{names} wins",
    winners: "{names} win", no_winner: "nobody wins", pile_one: "{name}: 1 card", pile_many: "{name}: {count} cards",
    seats: [{ name: "Player 1", decides: "Player 1 decides" }, { name: "Player 2" }], bots: { greedy: "greedy" } },
  names: ["Ada", "Bo"],
  boardLabels: {},
  cardNames: {},
};
const FRENCH = {
  labels: { lang: "fr", hand: "Main", nobody: "personne", the_god_view: "la vue divine", winner: "{names} gagne",
    winners: "{names} gagnent", no_winner: "personne ne gagne", pile_one: "{name} : 1 carte", pile_many: "{name} : {count} cartes",
    seats: [{ name: "Joueur 1", decides: "Joueur 1 décide" }, { name: "Joueur 2" }], bots: { greedy: "glouton" } },
  names: ["Ada", "Bo"],
  boardLabels: { "knock at a door": "frapper à une porte", "{n} points": "{n} points" },
  cardNames: { scarecrow: { name: "Épouvantail", plural: "Épouvantails" } },
};

test("the page module loads without a DOM and renders through a default export", () => {
  assert.equal(typeof globalThis.document, "undefined");
  assert.equal(typeof table.default.render, "function");
});

test("two tables keep their own words: an English and a French one side by side", () => {
  const en = new Words(ENGLISH);
  const fr = new Words(FRENCH);
  assert.equal(en.t("hand"), "Hand");
  assert.equal(fr.t("hand"), "Main");
  assert.equal(en.boardText("knock at a door"), "knock at a door");
  assert.equal(fr.boardText("knock at a door"), "frapper à une porte");
  assert.equal(en.cardName("scarecrow", "Scarecrow"), "Scarecrow");
  assert.equal(fr.cardName("scarecrow", "Scarecrow"), "Épouvantail");
  assert.equal(en.botName("greedy"), "greedy");
  assert.equal(fr.botName("greedy"), "glouton");
  // the French table drawing again changes nothing of the English one
  fr.update({ labels: { ...FRENCH.labels, hand: "Main !" }, names: ["Zoé", "Yves"] });
  assert.equal(en.t("hand"), "Hand");
  assert.equal(en.seatName(0), "Ada");
  assert.equal(fr.seatName(0), "Zoé");
});

test("no word lives in the module: a fresh Words knows only keys", () => {
  new Words(FRENCH);
  const blank = new Words();
  assert.equal(blank.t("hand"), "hand");
  assert.equal(blank.lang, "en");
  assert.doesNotMatch(source, /^let\s/m, "no page-wide variable (let at the top level)");
});

test("fill puts the values in and leaves unknown placeholders as they are", () => {
  assert.equal(fill("{n} cards for {who}", { n: 3 }), "3 cards for {who}");
  assert.equal(fill("{n}", { n: 0 }), "0");
  assert.equal(new Words(ENGLISH).t("pile_many", { name: "Deck", count: 4 }), "Deck: 4 cards");
});

test("update keeps the traits it is not given", () => {
  const w = new Words(FRENCH);
  w.update({ names: ["Zoé"] });
  assert.equal(w.t("hand"), "Main");
  assert.equal(w.cardName("scarecrow"), "Épouvantail");
  w.update({ labels: null });
  assert.equal(w.t("hand"), "hand");
});

test("a seat's name: the names trait, else the kernel's seat row, else its number from 1", () => {
  const w = new Words({ labels: ENGLISH.labels, names: ["Ada"] });
  assert.equal(w.seatName(0), "Ada");
  assert.equal(w.seatName(1), "Player 2");
  assert.equal(w.seatName(4), "5");
  assert.equal(w.seatName(null), "nobody");
  assert.equal(w.seatName("god"), "the god view");
});

test("a seat's text comes from the kernel's row, else the seat's name", () => {
  const w = new Words(FRENCH);
  assert.equal(w.seatText(0, "decides"), "Joueur 1 décide");
  assert.equal(w.seatText(1, "decides"), "Bo");
});

test("a card name falls back to the English given, then to its id", () => {
  const w = new Words(FRENCH);
  assert.equal(w.cardName("scarecrow", "Scarecrow", "plural"), "Épouvantails");
  assert.equal(w.cardName("scarecrow", "Scarecrow", "article"), "Scarecrow");
  assert.equal(w.cardName("kid"), "kid");
});

test("winners are told in the table's language", () => {
  const fr = new Words(FRENCH);
  assert.equal(fr.winnersText([]), "personne ne gagne");
  assert.equal(fr.winnersText([1]), "Bo gagne");
  assert.equal(fr.winnersText([0, 1]), "Ada, Bo gagnent");
});

test("French counts an empty pile as one (0 carte), English as many (0 cards)", () => {
  assert.equal(new Words(FRENCH).pileTitle("Pioche", 0), "Pioche : 1 carte");
  assert.equal(new Words(ENGLISH).pileTitle("Deck", 0), "Deck: 0 cards");
  assert.equal(new Words(ENGLISH).pileTitle("Deck", 1), "Deck: 1 card");
});
