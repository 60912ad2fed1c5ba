// Knock! Knock!: this title's board in the gamekit table (loaded by static/table.js).
// The default export receives kit (the table's drawing pieces) and returns draw(ctx),
// which draws the board from ctx: the view, the legal moves, helpers that make cards
// playable (docs/architecture.md). Every word goes through kit.t(english, params)
// (the title's catalog, in the table's language) or kit.cardName (the cards' names).
export default function makeBoard(kit) {
  const { h, card, zone, chip, seatName, shapeIcon, cardName, PALETTE, viewOf, baseView, seatArea, emptySlot, seatOrder } = kit;

  const KK_FOLK = {
    monster: { color: PALETTE.green, shape: "triangle" },
    ghost: { color: PALETTE.sky, shape: "circle" },
    vampire: { color: PALETTE.red, shape: "diamond" },
  };
  // What a card does, in a few words, under its name.
  function cardSub(folk, type) {
    if (type === "guest") return kit.t("guest · 1");
    if (type === "brute") return kit.t("protects");
    if (type === "vamp") return { monster: kit.t("steals a monster"), ghost: kit.t("steals a ghost"), vampire: kit.t("steals a vampire") }[folk];
    if (type === "musician") return { monster: kit.t("monsters ×2"), ghost: kit.t("ghosts ×2"), vampire: kit.t("vampires ×2") }[folk];
    return null;
  }
  function kkSpec(name, small = false) {
    const [folk, type = "guest"] = name.split(" ");
    const label = cardName(name, name);
    if (KK_FOLK[folk] && name !== "hearse taxi") {
      const f = KK_FOLK[folk];
      const sym = { vamp: "moon", brute: "shield", musician: "note" }[type] || f.shape;
      return { label, color: f.color, symbol: sym, sub: cardSub(folk, type), small };
    }
    if (name === "kid") return { label, color: PALETTE.orange, symbol: "star", sub: kit.t("chases a folk"), small };
    if (name === "hearse taxi") return { label, color: PALETTE.black, symbol: "cross", sub: kit.t("removes a folk"), small };
    if (name === "scarecrow") return { label, color: PALETTE.yellow, symbol: "hat", sub: kit.t("3 points"), small };
    return { label, small };
  }
  // The decision under way (the view's "decision"), in words.
  function decisionText(decision) {
    switch (decision) {
      case "knock": return kit.t("knock at a door");
      case "answer": return kit.t("open or keep closed");
      case "take guest": return kit.t("choose the guest the vamp brings");
      case "choose folk": return kit.t("choose the folk that leaves");
      case "over": return kit.t("the game is over");
      default: return decision;
    }
  }

  function kkParty(ctx, s, party, choice) {
    const cols = [];
    for (const folk of [...Object.keys(KK_FOLK), "scarecrow"]) {
      const cards = party.filter((n) => (folk === "scarecrow" ? n === "scarecrow" : n.split(" ")[0] === folk && n !== "hearse taxi"));
      if (!cards.length && folk === "scarecrow") continue;
      const brute = cards.some((n) => n.endsWith("brute"));
      const musician = cards.some((n) => n.endsWith("musician"));
      const folks = cardName(folk, folk, "plural");
      const tip = [kit.t("{folks}: {count}", { folks, count: cards.length }),
        brute ? kit.t("protected by a brute") : null, musician ? kit.t("musician: 2 points each") : null].filter(Boolean).join(", ");
      const head = h("div", { class: "gk-column-head", title: tip },
        shapeIcon(KK_FOLK[folk] ? KK_FOLK[folk].shape : "hat", KK_FOLK[folk] ? KK_FOLK[folk].color : PALETTE.yellow, 16),
        h("span", { class: "gk-column-name" }, folks), ` ${cards.length}`,
        brute ? shapeIcon("shield", PALETTE.grey, 16) : null, musician ? shapeIcon("note", PALETTE.yellow, 16) : null,
        brute ? h("span", { class: "gk-sr" }, " " + kit.t("protected")) : null, musician ? h("span", { class: "gk-sr" }, " ×2") : null);
      const col = h("div", { class: "gk-column" }, head, cards.map((n, j) => {
        const el = card({ ...kkSpec(n, true), strip: true });
        if (choice && choice.revealer === s) ctx.clickable(el, (a) => a.type === "take_guest" && a.card === n);
        return ctx.mark(el, `parties.${s}.${party.indexOf(n) + j * 0}`);
      }));
      if (choice && choice.revealer === s) ctx.clickable(col, (a) => a.type === "choose_folk" && a.folk === folk);
      cols.push(col);
    }
    return h("div", { class: "gk-columns" }, cols.length ? cols : chip(kit.t("no guests")));
  }

  function draw(ctx) {
    const v = baseView(ctx);
    const n = (v.hand_sizes || []).length;
    const knock = v.knock;
    const choice = v.choice;
    const top = h("div", { class: "gk-zone-body" },
      h("div", { class: "gk-pile" }, v.deck_top ? card(kkSpec(v.deck_top, true)) : v.deck_size ? card({ faceDown: true, small: true, label: kit.t("face down") }) : emptySlot(kit.t("empty deck")),
        h("div", { class: "gk-pile-count" }, h("b", {}, String(v.deck_size)), " " + kit.t("in the deck"), v.deck_top ? " " + kit.t("(top face up)") : "")),
      h("div", { class: "gk-pile" }, (v.discard || []).length ? card(kkSpec(v.discard[v.discard.length - 1], true)) : emptySlot(kit.t("no discards")),
        h("div", { class: "gk-pile-count" }, h("b", {}, String((v.discard || []).length)), " " + kit.t("discarded"))),
      h("div", {}, chip(kit.t("decision: {what}", { what: decisionText(v.decision) }), "gk-strong"), " ", chip(kit.t("{count} in the box", { count: (v.box || []).length })),
        choice ? h("div", {}, chip(kit.t("{revealer} revealed {card}; {competitor} chooses",
          { card: cardName(choice.card, choice.card), revealer: seatName(choice.revealer), competitor: seatName(choice.competitor) }))) : null));
    const areas = [];
    for (const s of seatOrder(ctx, n)) {
      const mine = viewOf(ctx, s);
      let hand;
      if (mine && mine.hand) {
        hand = h("div", { class: "gk-cards gk-hand" }, mine.hand.length ? mine.hand.map((name, j) => {
          const el = card(kkSpec(name));
          ctx.clickable(el, (a) => a.type === "knock" && a.card === name, { seat: s });
          return ctx.mark(el, `hand.${j}`);
        }) : emptySlot(kit.t("empty hand"), false));
      } else {
        const known = (v.known || [])[s] || [];
        hand = h("div", { class: "gk-cards" }, v.hand_sizes[s] ? card({ faceDown: true, small: true, label: kit.t("{count} in hand", { count: v.hand_sizes[s] }) }) : emptySlot(kit.t("empty hand")),
          known.map((name) => card({ ...kkSpec(name, true), sub: kit.t("seen on the deck") })));
      }
      let door = null;
      if (knock && knock.target === s) {
        const knockerView = viewOf(ctx, knock.knocker);
        const seen = knock.card || (knockerView && knockerView.knock ? knockerView.knock.card : null);
        const knocked = seen ? card({ ...kkSpec(seen), sub: kit.t("{seat} knocks", { seat: seatName(knock.knocker) }) }) : card({ faceDown: true, label: kit.t("knock knock!") });
        ctx.clickable(knocked, (a) => a.type === "open");
        door = h("div", { class: "gk-door" }, h("div", { class: "gk-zone-name" }, kit.t("{seat} knocks at the door", { seat: seatName(knock.knocker) })), knocked);
      }
      const score = (v.scores || [])[s];
      areas.push(ctx.mark(seatArea(ctx, s, chip(kit.t("{points} pts", { points: score })),
        h("div", { class: "gk-zone-name" }, kit.t("hand")), hand,
        h("div", { class: "gk-seat-body" }, h("div", {}, h("div", { class: "gk-zone-name" }, kit.t("party")), kkParty(ctx, s, (v.parties || [])[s] || [], choice)), door)), `parties.${s}`, `hand_sizes.${s}`));
    }
    return h("div", {}, zone(kit.t("deck and discard"), top), h("div", { class: "gk-grid" }, areas));
  }

  return draw;
}
