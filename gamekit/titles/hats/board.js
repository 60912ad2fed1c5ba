// Hats: this title's board in the gamekit table (loaded by static/table.js).
// The default export receives kit (the table's drawing pieces) and returns draw(ctx),
// which draws the board from ctx: the view, the legal moves, helpers that make cards
// playable (docs/architecture.md).
export default function makeBoard(kit) {
  const { h, card, zone, pile, chip, seatName, shapeIcon, PALETTE, viewOf, baseView, seatArea, hiddenHand, emptySlot, seatOrder } = kit;

  const HAT_LOOK = {
    red: [PALETTE.red, "circle"], orange: [PALETTE.orange, "square"], yellow: [PALETTE.yellow, "triangle"],
    green: [PALETTE.green, "diamond"], blue: [PALETTE.blue, "star"], purple: ["#9B6FB5", "hexagon"], pink: [PALETTE.pink, "heart"],
  };
  function hatSpec(ctx, id, small = false) {
    const info = (ctx.model.get("catalogue") || {})[String(id)];
    if (!info) return { label: `#${id}`, small };
    const [color, symbol] = HAT_LOOK[info.type] || [PALETTE.grey, "blank"];
    return { label: `${info.type} hat`, value: info.number, color, symbol, small };
  }

  function draw(ctx) {
    const v = baseView(ctx);
    const n = v.players;
    const faceUp = v.table_face_up || [];
    const spaces = (v.table || []).map((id, i) => {
      const el = faceUp[i] === false ? card({ faceDown: true, label: "turned down" }) : card(hatSpec(ctx, id));
      ctx.clickable(el, (a) => a.type === "exchange" && a.take === id);
      return ctx.mark(h("div", { class: "gk-space" }, h("div", { class: "gk-space-value" }, `space ${i + 1}`), el,
        h("div", { class: "gk-card-sub" }, `worth ${i + 1} per hat`)), `table.${i}`);
    });
    const cookie = h("span", { class: "gk-token", title: "the cookie: 5 points" }, shapeIcon("cookie", "#b7791f", 18),
      v.cookie === null || v.cookie === undefined ? "cookie on the napkin" : `cookie: ${seatName(v.cookie)}`);
    const piles = h("div", { class: "gk-zone-body" }, pile("in the deck", v.deck_size), pile("discarded", v.discard_size), cookie,
      v.swap_offered ? chip("a swap is offered", "gk-strong") : null, (v.removed_types || []).length ? chip(`out of play: ${v.removed_types.join(", ")}`) : null);
    const areas = [];
    for (const s of seatOrder(ctx, n)) {
      const mine = viewOf(ctx, s);
      let hand;
      if (mine && mine.hand) {
        hand = h("div", { class: "gk-cards gk-hand" }, mine.hand.length ? mine.hand.map((id, j) => {
          const el = card(hatSpec(ctx, id));
          ctx.clickable(el, (a) => ["exchange", "black-hat", "discard-draw", "swap", "give-back"].includes(a.type) && a.card === id, { seat: s });
          return ctx.mark(el, `hand.${j}`);
        }) : emptySlot("empty hand", false));
      } else hand = hiddenHand(v.hand_sizes[s]);
      const coll = [...((v.collections || [])[s] || [])].sort((a, b) => a - b);
      const blacks = (v.black_hats || [])[s] || 0;
      const myBlacks = mine && mine.my_black_hats ? mine.my_black_hats : null;
      const collection = h("div", { class: "gk-cards" },
        coll.map((id) => card(hatSpec(ctx, id, true))),
        blacks ? card({ faceDown: true, small: true, label: `black hat ×${blacks}`, backSymbol: "hat", title: myBlacks ? "yours: " + myBlacks.map((c) => hatSpec(ctx, c).label + " " + hatSpec(ctx, c).value).join(", ") : "black hats: 1 point each" }) : null,
        !coll.length && !blacks ? emptySlot("no hats yet") : null);
      const fav = v.favourites ? v.favourites[s] : null;
      const team = v.teams ? v.teams.findIndex((t) => t.includes(s)) : -1;
      areas.push(ctx.mark(seatArea(ctx, s, h("span", {}, chip(`${(v.scores || [])[s]} pts`), team >= 0 ? chip(`team ${team + 1}`) : null,
        v.cookie === s ? h("span", { class: "gk-token" }, shapeIcon("cookie", "#b7791f", 16), "cookie") : null),
        h("div", { class: "gk-zone-name" }, "hand"), hand,
        h("div", { class: "gk-zone-name" }, `collection (${(v.played || [])[s]} played)`), collection,
        fav !== null && fav !== undefined ? h("div", {}, h("div", { class: "gk-zone-name" }, "favourite hat"), card(hatSpec(ctx, fav, true))) : null), `collections.${s}`, `black_hats.${s}`, `hand_sizes.${s}`));
    }
    return h("div", {}, zone("the tea table", h("div", { class: "gk-spaces" }, spaces)), zone("deck, discards and the cookie", piles),
      h("div", { class: "gk-grid" }, areas));
  }

  return draw;
}
