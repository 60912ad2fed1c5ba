// The Bloody Inn: this title's board in the gamekit table (loaded by static/table.js).
// The default export receives kit (the table's drawing pieces) and returns draw(ctx),
// which draws the board from ctx: the view, the legal moves, helpers that make cards
// playable (docs/architecture.md).
export default function makeBoard(kit) {
  const { h, card, zone, chip, seatName, shapeIcon, PALETTE, SEAT_COLORS, viewOf, baseView, seatArea, hiddenHand, emptySlot, seatOrder } = kit;

  const FAMILY_LOOK = {
    merchants: [PALETTE.blue, "coin"], craftsmen: [PALETTE.red, "hexagon"], police: [PALETTE.grey, "shield"],
    religious: ["#9B6FB5", "cross"], nobles: [PALETTE.green, "star"], peasants: [PALETTE.yellow, "circle"], barn: ["#8B5A2B", "bed"],
  };
  function innSpec(ctx, id, extra = {}) {
    const info = (ctx.model.get("catalogue") || {})[String(id)];
    if (!info) return { label: `#${id}`, ...extra };
    const [color, symbol] = FAMILY_LOOK[info.family] || [PALETTE.grey, "blank"];
    return { label: info.name, value: info.rank, color, symbol, sub: `${info.family} · ${info.money}F`,
      title: `${info.name} (${info.family}, rank ${info.rank}, ${info.money}F)${info.annex ? ` — annex: ${info.annex}: ${info.effect}` : ""}`, ...extra };
  }
  function innTarget(ctx, el, id, seat) {
    return ctx.clickable(el, (a) => (a.type === "target" || a.type === "pay" || a.type === "dismiss") && a.card === id, { seat });
  }

  function wealthTrack(ctx, v) {
    const cells = [];
    const cap = v.unlimited_wealth ? Math.max(40, ...(v.cash || [0])) : 40;
    for (let f = 0; f <= cap; f++) {
      const here = (v.cash || []).map((c, s) => (c === f ? s : -1)).filter((s) => s >= 0);
      cells.push(h("div", { class: "gk-track-cell" + (f % 10 === 0 ? " gk-ten" : ""), title: `${f}F` },
        f % 10 === 0 ? String(f) : "", here.map((s) => h("div", { class: "gk-marker", style: `background:color-mix(in srgb, ${SEAT_COLORS[s % 8]} 55%, white)`, title: `${seatName(s)}: ${f}F` }, String(s)))));
    }
    return h("div", {}, h("div", { class: "gk-track" }, cells),
      h("div", {}, v.unlimited_wealth ? chip("unlimited wealth") : chip("cash is capped at 40F", "gk-strong"), " ",
        (v.cash || []).map((c, s) => chip(`${seatName(s)}: ${c}F + ${v.cheques[s]} cheque${v.cheques[s] === 1 ? "" : "s"}`)),
        " ", chip(`${v.reserve} cheques in the reserve`)));
  }

  function draw(ctx) {
    const v = baseView(ctx);
    const n = (v.hand_sizes || []).length;
    const rooms = (v.rooms || []).map((id, r) => {
      const key = v.keys[r];
      const open = key !== -1;
      const keyEl = key === -2 ? h("span", { class: "gk-token", title: "a white key: earns nobody" }, shapeIcon("key", "#ffffff", 16), "white")
        : key >= 0 ? h("span", { class: "gk-token", title: `${seatName(key)}'s key` }, shapeIcon("key", SEAT_COLORS[key % 8], 16), `P${key}`)
          : h("span", { class: "gk-token" }, "closed");
      const svc = v.service[r] >= 0 ? h("span", { class: "gk-token", title: "Room Service" }, shapeIcon("bed", SEAT_COLORS[v.service[r] % 8], 16), `service P${v.service[r]}`) : null;
      const guest = id >= 0 ? innTarget(ctx, card(innSpec(ctx, id, { small: true })), id) : emptySlot(open ? "free" : "closed");
      const room = h("div", { class: "gk-room" + (open ? "" : " gk-closed") }, h("b", {}, `room ${r + 1}`), keyEl, guest, svc);
      ctx.clickable(room, (a) => ["place", "place_key", "key_room", "service_room"].includes(a.type) && a.room === r);
      return ctx.mark(room, `rooms.${r}`, `keys.${r}`);
    });
    const entrance = h("div", { class: "gk-pile" },
      v.entrance_top !== null && v.entrance_top !== undefined ? card(innSpec(ctx, v.entrance_top, { small: true, sub: "next traveller" })) : emptySlot("empty"),
      h("div", { class: "gk-pile-count" }, h("b", {}, String(v.entrance_size)), " at the entrance"));
    const exit = v.exit || [];
    const exitPile = h("div", { class: "gk-pile" },
      exit.length ? card(innSpec(ctx, exit[exit.length - 1], { small: true })) : emptySlot("empty"),
      h("div", { class: "gk-pile-count" }, h("b", {}, String(exit.length)), " in the exit pile"));
    const bistro = h("div", {}, h("div", { class: "gk-zone-name" }, `bistro: ${(v.bistro || []).length} peasants`),
      h("div", { class: "gk-cards" }, (v.bistro || []).map((id) => innTarget(ctx, card(innSpec(ctx, id, { small: true })), id))));
    const status = h("div", {}, chip(`round ${v.round}`), chip(`first player: P${v.first_player}`),
      v.action ? chip(`${seatName(v.to_move)}: ${v.action}${v.step ? " — " + v.step : ""}`, "gk-strong") : chip(`${v.step || ""}`),
      v.due ? chip(`${v.due} card${v.due === 1 ? "" : "s"} to pay`) : null, v.last_round ? chip("last round!", "gk-strong") : null,
      (v.targets || []).length ? h("span", {}, " targets: ", v.targets.map((id) => card(innSpec(ctx, id, { small: true })))) : null,
      (v.paying || []).length ? h("span", {}, " paid with: ", v.paying.map((id) => card(innSpec(ctx, id, { small: true })))) : null);
    const buried = v.buried || {};
    const areas = [];
    for (const s of seatOrder(ctx, n)) {
      const mine = viewOf(ctx, s);
      const hand = mine && mine.hand
        ? h("div", { class: "gk-cards gk-hand" }, mine.hand.length ? mine.hand.map((id, j) => ctx.mark(innTarget(ctx, card(innSpec(ctx, id, { small: true })), id, s), `hand.${j}`)) : emptySlot("empty hand"))
        : hiddenHand(v.hand_sizes[s]);
      const annexIds = [100 + s, ...((v.annexes || [])[s] || [])];
      const annexes = h("div", { class: "gk-cards" }, annexIds.map((a) => {
        const info = (ctx.model.get("catalogue") || {})[String(a)] || {};
        const under = buried[String(a)] || [];
        const capacity = a >= 100 ? 1 : info.rank;
        const el = h("div", { class: "gk-annex" },
          card(innSpec(ctx, a, { small: true, label: a >= 100 ? "Barn" : info.annex || info.name, sub: `${under.length}/${capacity} buried` })),
          h("div", { class: "gk-under" }, under.map((c) => card(innSpec(ctx, c, { small: true, dead: true, extraClass: "gk-tiny" })))));
        ctx.clickable(el, (act) => act.type === "bury_under" && act.annex === a);
        return ctx.mark(el, `buried.${a}`);
      }));
      const corpses = ((v.corpses || [])[s] || []);
      areas.push(ctx.mark(seatArea(ctx, s, h("span", {}, chip(`${v.cash[s]}F + ${v.cheques[s]}×10F`), s === v.first_player ? chip("first player") : null),
        h("div", { class: "gk-zone-name" }, "hand"), hand,
        h("div", { class: "gk-zone-name" }, "annexes (and their buried corpses)"), annexes,
        h("div", { class: "gk-zone-name" }, `unburied corpses: ${corpses.length}`),
        h("div", { class: "gk-cards" }, corpses.map((id) => innTarget(ctx, card(innSpec(ctx, id, { small: true, dead: true })), id)))), `annexes.${s}`, `corpses.${s}`, `cash.${s}`, `hand_sizes.${s}`));
    }
    return h("div", {}, status, zone("the inn: 8 rooms", h("div", { class: "gk-spaces" }, rooms)),
      h("div", { class: "gk-grid" }, areas),
      zone("piles", h("div", { class: "gk-zone-body" }, entrance, exitPile, bistro, chip(`${v.removed_size} removed unseen`))),
      zone("wealth track", wealthTrack(ctx, v)));
  }

  return draw;
}
