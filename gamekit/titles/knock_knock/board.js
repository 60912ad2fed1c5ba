// Knock! Knock!: this title's board in the gamekit table (loaded by static/table.js).
// The default export receives kit (the table's drawing pieces) and returns draw(ctx),
// which draws the board from ctx: the view, the legal moves, helpers that make cards
// playable (docs/architecture.md).
export default function makeBoard(kit) {
  const { h, card, zone, chip, seatName, shapeIcon, PALETTE, viewOf, baseView, seatArea, emptySlot, seatOrder } = kit;

  const KK_FOLK = {
    monster: { color: PALETTE.green, shape: "triangle" },
    ghost: { color: PALETTE.sky, shape: "circle" },
    vampire: { color: PALETTE.red, shape: "diamond" },
  };
  function kkSpec(name, small = false) {
    const [folk, type = "guest"] = name.split(" ");
    if (KK_FOLK[folk] && name !== "hearse taxi") {
      const f = KK_FOLK[folk];
      const sym = { vamp: "moon", brute: "shield", musician: "note" }[type] || f.shape;
      const sub = { guest: "guest · 1", vamp: `steals a ${folk}`, brute: "protects", musician: `${folk}s ×2` }[type];
      return { label: name, color: f.color, symbol: sym, sub, small };
    }
    if (name === "kid") return { label: "kid", color: PALETTE.orange, symbol: "star", sub: "chases a folk", small };
    if (name === "hearse taxi") return { label: "hearse taxi", color: PALETTE.black, symbol: "cross", sub: "removes a folk", small };
    if (name === "scarecrow") return { label: "scarecrow", color: PALETTE.yellow, symbol: "hat", sub: "3 points", small };
    return { label: name, small };
  }

  function kkParty(ctx, s, party, choice) {
    const cols = [];
    for (const folk of [...Object.keys(KK_FOLK), "scarecrow"]) {
      const cards = party.filter((n) => (folk === "scarecrow" ? n === "scarecrow" : n.split(" ")[0] === folk && n !== "hearse taxi"));
      if (!cards.length && folk === "scarecrow") continue;
      const brute = cards.some((n) => n.endsWith("brute"));
      const musician = cards.some((n) => n.endsWith("musician"));
      const head = h("div", { class: "gk-column-head", title: `${cards.length} ${folk}${brute ? ", protected by a brute" : ""}${musician ? ", musician: 2 points each" : ""}` },
        shapeIcon(KK_FOLK[folk] ? KK_FOLK[folk].shape : "hat", KK_FOLK[folk] ? KK_FOLK[folk].color : PALETTE.yellow, 16),
        `${folk}s ${cards.length}`, brute ? shapeIcon("shield", PALETTE.grey, 16) : null, musician ? shapeIcon("note", PALETTE.yellow, 16) : null,
        brute ? h("span", { class: "gk-sr" }, " protected") : null, musician ? h("span", { class: "gk-sr" }, " ×2") : null);
      const col = h("div", { class: "gk-column" }, head, cards.map((n, j) => {
        const el = card({ ...kkSpec(n, true), strip: true });
        if (choice && choice.revealer === s) ctx.clickable(el, (a) => a.type === "take guest" && a.card === n);
        return ctx.mark(el, `parties.${s}.${party.indexOf(n) + j * 0}`);
      }));
      if (choice && choice.revealer === s) ctx.clickable(col, (a) => a.type === "choose folk" && a.folk === folk);
      cols.push(col);
    }
    return h("div", { class: "gk-columns" }, cols.length ? cols : chip("no guests"));
  }

  function draw(ctx) {
    const v = baseView(ctx);
    const n = (v.hand_sizes || []).length;
    const knock = v.knock;
    const choice = v.choice;
    const top = h("div", { class: "gk-zone-body" },
      h("div", { class: "gk-pile" }, v.deck_top ? card(kkSpec(v.deck_top, true)) : v.deck_size ? card({ faceDown: true, small: true, label: "face down" }) : emptySlot("empty deck"),
        h("div", { class: "gk-pile-count" }, h("b", {}, String(v.deck_size)), " in the deck", v.deck_top ? " (top face up)" : "")),
      h("div", { class: "gk-pile" }, (v.discard || []).length ? card(kkSpec(v.discard[v.discard.length - 1], true)) : emptySlot("no discards"),
        h("div", { class: "gk-pile-count" }, h("b", {}, String((v.discard || []).length)), " discarded")),
      h("div", {}, chip(`decision: ${v.decision}`, "gk-strong"), " ", chip(`${(v.box || []).length} in the box`),
        choice ? h("div", {}, chip(`${choice.card} revealed by ${seatName(choice.revealer)}; ${seatName(choice.competitor)} chooses`)) : null));
    const areas = [];
    for (const s of seatOrder(ctx, n)) {
      const mine = viewOf(ctx, s);
      let hand;
      if (mine && mine.hand) {
        hand = h("div", { class: "gk-cards gk-hand" }, mine.hand.length ? mine.hand.map((name, j) => {
          const el = card(kkSpec(name));
          ctx.clickable(el, (a) => a.type === "knock" && a.card === name, { seat: s });
          return ctx.mark(el, `hand.${j}`);
        }) : emptySlot("empty hand", false));
      } else {
        const known = (v.known || [])[s] || [];
        hand = h("div", { class: "gk-cards" }, v.hand_sizes[s] ? card({ faceDown: true, small: true, label: `${v.hand_sizes[s]} in hand` }) : emptySlot("empty hand"),
          known.map((name) => card({ ...kkSpec(name, true), sub: "seen on the deck" })));
      }
      let door = null;
      if (knock && knock.target === s) {
        const knockerView = viewOf(ctx, knock.knocker);
        const seen = knock.card || (knockerView && knockerView.knock ? knockerView.knock.card : null);
        const knocked = seen ? card({ ...kkSpec(seen), sub: `${seatName(knock.knocker)}'s knock` }) : card({ faceDown: true, label: "knock knock!" });
        ctx.clickable(knocked, (a) => a.type === "open");
        door = h("div", { class: "gk-door" }, h("div", { class: "gk-zone-name" }, `knock from ${seatName(knock.knocker)}`), knocked);
      }
      const score = (v.scores || [])[s];
      areas.push(ctx.mark(seatArea(ctx, s, chip(`${score} pts`),
        h("div", { class: "gk-zone-name" }, "hand"), hand,
        h("div", { class: "gk-seat-body" }, h("div", {}, h("div", { class: "gk-zone-name" }, "party"), kkParty(ctx, s, (v.parties || [])[s] || [], choice)), door)), `parties.${s}`, `hand_sizes.${s}`));
    }
    return h("div", {}, zone("deck and discard", top), h("div", { class: "gk-grid" }, areas));
  }

  return draw;
}
