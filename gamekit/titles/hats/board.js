// Hats: this title's board in the gamekit table (loaded by static/table.js).
// The default export receives kit (the table's drawing pieces) and returns draw(ctx),
// which draws the board from ctx: the view, the legal moves, helpers that make cards
// playable (docs/architecture.md). Every word goes through kit.t(english, params)
// (the title's catalog, in the table's language); a card's name through
// kit.cardName(id, fallback), where the title may send translated names.
export default function makeBoard(kit) {
  const { h, card, zone, pile, chip, seatName, shapeIcon, cardName, PALETTE, viewOf, baseView, seatArea, hiddenHand, emptySlot, seatOrder } = kit;

  const HAT_LOOK = {
    red: [PALETTE.red, "circle"], orange: [PALETTE.orange, "square"], yellow: [PALETTE.yellow, "triangle"],
    green: [PALETTE.green, "diamond"], blue: [PALETTE.blue, "star"], purple: ["#9B6FB5", "hexagon"], pink: [PALETTE.pink, "heart"],
  };
  // A hat type's colour, in words.
  function colourText(type) {
    switch (type) {
      case "red": return kit.t("red");
      case "orange": return kit.t("orange");
      case "yellow": return kit.t("yellow");
      case "green": return kit.t("green");
      case "blue": return kit.t("blue");
      case "purple": return kit.t("purple");
      case "pink": return kit.t("pink");
      default: return type;
    }
  }
  function hatSpec(ctx, id, small = false) {
    const info = (ctx.model.get("catalogue") || {})[String(id)];
    if (!info) return { label: `#${id}`, small };
    const [color, symbol] = HAT_LOOK[info.type] || [PALETTE.grey, "blank"];
    const label = cardName(id, kit.t("{colour} hat", { colour: colourText(info.type) }));
    return { label, title: `${label} ${info.number}`, value: info.number, color, symbol, small }; // the title says the number too
  }

  function draw(ctx) {
    const v = baseView(ctx);
    const n = v.players;
    const faceUp = v.table_face_up || [];
    const spaces = (v.table || []).map((id, i) => {
      const el = faceUp[i] === false ? card({ faceDown: true, label: kit.t("turned down") }) : card(hatSpec(ctx, id));
      ctx.clickable(el, (a) => a.type === "exchange" && a.take === id);
      return ctx.mark(h("div", { class: "gk-space" }, h("div", { class: "gk-space-value" }, kit.t("space {number}", { number: i + 1 })), el,
        h("div", { class: "gk-card-sub" }, kit.t("worth {number} per hat", { number: i + 1 }))), `table.${i}`);
    });
    const cookie = h("span", { class: "gk-token", title: kit.t("the cookie: 5 points") }, shapeIcon("cookie", "#b7791f", 18),
      v.cookie === null || v.cookie === undefined ? kit.t("cookie on the napkin") : kit.t("cookie: {seat}", { seat: seatName(v.cookie) }));
    const piles = h("div", { class: "gk-zone-body" }, pile(kit.t("in the deck"), v.deck_size), pile(kit.t("discarded"), v.discard_size), cookie,
      v.swap_offered ? chip(kit.t("a swap is offered"), "gk-strong") : null,
      (v.removed_types || []).length ? chip(kit.t("out of play: {colours}", { colours: v.removed_types.map(colourText).join(", ") })) : null);
    const areas = [];
    for (const s of seatOrder(ctx, n)) {
      const mine = viewOf(ctx, s);
      let hand;
      if (mine && mine.hand) {
        hand = h("div", { class: "gk-cards gk-hand" }, mine.hand.length ? mine.hand.map((id, j) => {
          const el = card(hatSpec(ctx, id));
          ctx.clickable(el, (a) => ["exchange", "black_hat", "discard_draw", "swap", "give_back"].includes(a.type) && a.card === id, { seat: s });
          return ctx.mark(el, `hand.${j}`);
        }) : emptySlot(kit.t("empty hand"), false));
      } else hand = hiddenHand(v.hand_sizes[s]);
      const coll = [...((v.collections || [])[s] || [])].sort((a, b) => a - b);
      const blacks = (v.black_hats || [])[s] || 0;
      const myBlacks = mine && mine.my_black_hats ? mine.my_black_hats : null;
      const collection = h("div", { class: "gk-cards" },
        coll.map((id) => card(hatSpec(ctx, id, true))),
        blacks ? card({ faceDown: true, small: true, label: kit.t("black hat ×{count}", { count: blacks }), backSymbol: "hat",
          title: myBlacks ? kit.t("yours: {hats}", { hats: myBlacks.map((c) => hatSpec(ctx, c).label + " " + hatSpec(ctx, c).value).join(", ") }) : kit.t("black hats: 1 point each") }) : null,
        !coll.length && !blacks ? emptySlot(kit.t("no hats yet")) : null);
      const fav = v.favourites ? v.favourites[s] : null;
      const team = v.teams ? v.teams.findIndex((t) => t.includes(s)) : -1;
      areas.push(ctx.mark(seatArea(ctx, s, h("span", {}, chip(kit.t("{points} pts", { points: (v.scores || [])[s] })), team >= 0 ? chip(kit.t("team {number}", { number: team + 1 })) : null,
        v.cookie === s ? h("span", { class: "gk-token" }, shapeIcon("cookie", "#b7791f", 16), kit.t("cookie")) : null),
        h("div", { class: "gk-zone-name" }, kit.t("hand")), hand,
        h("div", { class: "gk-zone-name" }, kit.t("collection ({count} played)", { count: (v.played || [])[s] })), collection,
        fav !== null && fav !== undefined ? h("div", {}, h("div", { class: "gk-zone-name" }, kit.t("favourite hat")), card(hatSpec(ctx, fav, true))) : null), `collections.${s}`, `black_hats.${s}`, `hand_sizes.${s}`));
    }
    return h("div", {}, h("div", { class: "gk-zone-row" }, zone(kit.t("the tea table"), h("div", { class: "gk-spaces" }, spaces)),
      zone(kit.t("deck, discards and the cookie"), piles)),
      h("div", { class: "gk-grid" }, areas));
  }

  return draw;
}
