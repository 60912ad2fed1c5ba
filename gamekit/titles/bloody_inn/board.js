// The Bloody Inn: this title's board in the gamekit table (loaded by static/table.js).
// The default export receives kit (the table's drawing pieces) and returns draw(ctx),
// which draws the board from ctx: the view, the legal moves, helpers that make cards
// playable (docs/architecture.md). Every word goes through kit.t(english, params)
// (the title's catalog, in the table's language); a card's name (and its annex's)
// through kit.cardName(id, fallback, form), where the title may send translated names.
export default function makeBoard(kit) {
  const { h, card, zone, chip, seatName, shapeIcon, cardName, PALETTE, SEAT_COLORS, viewOf, baseView, seatArea, hiddenHand, emptySlot, seatOrder } = kit;

  const FAMILY_LOOK = {
    merchants: [PALETTE.blue, "coin"], craftsmen: [PALETTE.red, "hexagon"], police: [PALETTE.grey, "shield"],
    religious: ["#9B6FB5", "cross"], nobles: [PALETTE.green, "star"], peasants: [PALETTE.yellow, "circle"], barn: ["#8B5A2B", "bed"],
  };
  function familyText(family) {
    switch (family) {
      case "merchants": return kit.t("merchants");
      case "craftsmen": return kit.t("craftsmen");
      case "police": return kit.t("police");
      case "religious": return kit.t("religious");
      case "nobles": return kit.t("nobles");
      case "peasants": return kit.t("peasants");
      case "barn": return kit.t("barn");
      default: return family;
    }
  }
  // The action under way (the view's "action") and its step, in words.
  function actionText(action) {
    switch (action) {
      case "bribe": return kit.t("bribe");
      case "build": return kit.t("build");
      case "kill": return kit.t("kill");
      case "bury": return kit.t("bury");
      case "pass": return kit.t("pass");
      case "peasants": return kit.t("take peasants");
      case "police": return kit.t("police investigation");
      default: return action;
    }
  }
  function stepText(step) {
    switch (step) {
      case "key": return kit.t("place a key");
      case "keyroom": return kit.t("key room");
      case "place": return kit.t("place a traveller");
      case "act": return kit.t("act");
      case "target": return kit.t("target");
      case "pay": return kit.t("pay");
      case "service": return kit.t("room service");
      case "site": return kit.t("burial site");
      case "launder": return kit.t("launder");
      case "wages": return kit.t("wages");
      case "fine": return kit.t("fine");
      case "pass": return kit.t("pass");
      case "over": return kit.t("the game is over");
      default: return step;
    }
  }
  const seatTag = (s) => kit.t("P{number}", { number: s + 1 });  // "P1" is Player 1, at seat 0
  function innSpec(ctx, id, extra = {}) {
    const info = (ctx.model.get("catalogue") || {})[String(id)];
    if (!info) return { label: `#${id}`, ...extra };
    const [color, symbol] = FAMILY_LOOK[info.family] || [PALETTE.grey, "blank"];
    const name = cardName(id, info.name);
    const family = familyText(info.family);
    const about = kit.t("{name} ({family}, rank {rank}, {money}F)", { name, family, rank: info.rank, money: info.money });
    const annex = info.annex ? kit.t("annex: {annex}: {effect}", { annex: cardName(id, info.annex, "annex"), effect: cardName(id, info.effect, "effect") }) : null;
    return { label: name, value: info.rank, color, symbol, sub: kit.t("{family} · {money}F", { family, money: info.money }),
      title: annex ? `${about} — ${annex}` : about, ...extra };
  }
  function innTarget(ctx, el, id, seat) {
    return ctx.clickable(el, (a) => (a.type === "target" || a.type === "pay" || a.type === "dismiss") && a.card === id, { seat });
  }

  function wealthTrack(ctx, v) {
    const cells = [];
    const cap = v.unlimited_wealth ? Math.max(40, ...(v.cash || [0])) : 40;
    for (let f = 0; f <= cap; f++) {
      const here = (v.cash || []).map((c, s) => (c === f ? s : -1)).filter((s) => s >= 0);
      cells.push(h("div", { class: "gk-track-cell" + (f % 10 === 0 ? " gk-ten" : ""), title: kit.t("{money}F", { money: f }) },
        f % 10 === 0 ? String(f) : "", here.map((s) => h("div", { class: "gk-marker", style: `background:color-mix(in srgb, ${SEAT_COLORS[s % 8]} 55%, white)`,
          title: kit.t("{seat}: {money}F", { seat: seatName(s), money: f }) }, String(s)))));
    }
    return h("div", {}, h("div", { class: "gk-track" }, cells),
      h("div", {}, v.unlimited_wealth ? chip(kit.t("unlimited wealth")) : chip(kit.t("cash is capped at 40F"), "gk-strong"), " ",
        (v.cash || []).map((c, s) => chip(v.cheques[s] === 1 ? kit.t("{seat}: {money}F + {count} cheque", { seat: seatName(s), money: c, count: v.cheques[s] })
          : kit.t("{seat}: {money}F + {count} cheques", { seat: seatName(s), money: c, count: v.cheques[s] }))),
        " ", chip(kit.t("{count} cheques in the reserve", { count: v.reserve }))));
  }

  function draw(ctx) {
    const v = baseView(ctx);
    const n = (v.hand_sizes || []).length;
    const rooms = (v.rooms || []).map((id, r) => {
      const key = v.keys[r];
      const open = key !== -1;
      const keyEl = key === -2 ? h("span", { class: "gk-token", title: kit.t("a white key: earns nobody") }, shapeIcon("key", "#ffffff", 16), kit.t("white"))
        : key >= 0 ? h("span", { class: "gk-token", title: kit.t("{seat}'s key", { seat: seatName(key) }) }, shapeIcon("key", SEAT_COLORS[key % 8], 16), seatTag(key))
          : h("span", { class: "gk-token" }, kit.t("closed"));
      const svc = v.service[r] >= 0 ? h("span", { class: "gk-token", title: kit.t("Room Service") }, shapeIcon("bed", SEAT_COLORS[v.service[r] % 8], 16),
        kit.t("service {seat}", { seat: seatTag(v.service[r]) })) : null;
      const guest = id >= 0 ? innTarget(ctx, card(innSpec(ctx, id, { small: true })), id) : emptySlot(open ? kit.t("free") : kit.t("closed"));
      const room = h("div", { class: "gk-room" + (open ? "" : " gk-closed") }, h("b", {}, kit.t("room {number}", { number: r + 1 })), keyEl, guest, svc);
      ctx.clickable(room, (a) => ["place", "place_key", "key_room", "service_room"].includes(a.type) && a.room === r);
      return ctx.mark(room, `rooms.${r}`, `keys.${r}`);
    });
    const entrance = h("div", { class: "gk-pile" },
      v.entrance_top !== null && v.entrance_top !== undefined ? card(innSpec(ctx, v.entrance_top, { small: true, sub: kit.t("next traveller") })) : emptySlot(kit.t("empty")),
      h("div", { class: "gk-pile-count" }, h("b", {}, String(v.entrance_size)), " " + kit.t("at the entrance")));
    const exit = v.exit || [];
    const exitPile = h("div", { class: "gk-pile" },
      exit.length ? card(innSpec(ctx, exit[exit.length - 1], { small: true })) : emptySlot(kit.t("empty")),
      h("div", { class: "gk-pile-count" }, h("b", {}, String(exit.length)), " " + kit.t("in the exit pile")));
    const bistro = h("div", {}, h("div", { class: "gk-zone-name" }, kit.t("bistro: {count} peasants", { count: (v.bistro || []).length })),
      h("div", { class: "gk-cards" }, (v.bistro || []).map((id) => innTarget(ctx, card(innSpec(ctx, id, { small: true })), id))));
    const doing = v.action ? actionText(v.action) + (v.step ? " — " + stepText(v.step) : "") : "";
    const status = h("div", {}, chip(kit.t("round {round}", { round: v.round })), chip(kit.t("first player: {seat}", { seat: seatName(v.first_player) })),
      v.action ? chip(kit.t("{seat}: {action}", { seat: seatName(v.to_move), action: doing }), "gk-strong") : chip(v.step ? stepText(v.step) : ""),
      v.due ? chip(v.due === 1 ? kit.t("{count} card to pay", { count: v.due }) : kit.t("{count} cards to pay", { count: v.due })) : null,
      v.last_round ? chip(kit.t("last round!"), "gk-strong") : null,
      (v.targets || []).length ? h("span", {}, " " + kit.t("targets:") + " ", v.targets.map((id) => card(innSpec(ctx, id, { small: true })))) : null,
      (v.paying || []).length ? h("span", {}, " " + kit.t("paid with:") + " ", v.paying.map((id) => card(innSpec(ctx, id, { small: true })))) : null);
    const buried = v.buried || {};
    const areas = [];
    for (const s of seatOrder(ctx, n)) {
      const mine = viewOf(ctx, s);
      const hand = mine && mine.hand
        ? h("div", { class: "gk-cards gk-hand" }, mine.hand.length ? mine.hand.map((id, j) => ctx.mark(innTarget(ctx, card(innSpec(ctx, id, { small: true })), id, s), `hand.${j}`)) : emptySlot(kit.t("empty hand")))
        : hiddenHand(v.hand_sizes[s]);
      const annexIds = [100 + s, ...((v.annexes || [])[s] || [])];
      const annexes = h("div", { class: "gk-cards" }, annexIds.map((a) => {
        const info = (ctx.model.get("catalogue") || {})[String(a)] || {};
        const under = buried[String(a)] || [];
        const capacity = a >= 100 ? 1 : info.rank;
        const label = a >= 100 ? kit.t("Barn") : cardName(a, info.annex || info.name, info.annex ? "annex" : "name");
        const el = h("div", { class: "gk-annex" },
          card(innSpec(ctx, a, { small: true, label, sub: kit.t("{count}/{capacity} buried", { count: under.length, capacity }) })),
          h("div", { class: "gk-under" }, under.map((c) => card(innSpec(ctx, c, { small: true, dead: true, extraClass: "gk-tiny" })))));
        ctx.clickable(el, (act) => act.type === "bury_under" && act.annex === a);
        return ctx.mark(el, `buried.${a}`);
      }));
      const corpses = ((v.corpses || [])[s] || []);
      areas.push(ctx.mark(seatArea(ctx, s, h("span", {}, chip(`${v.cash[s]}F + ${v.cheques[s]}×10F`), s === v.first_player ? chip(kit.t("first player")) : null),
        h("div", { class: "gk-zone-name" }, kit.t("hand")), hand,
        h("div", { class: "gk-zone-name" }, kit.t("annexes (and their buried corpses)")), annexes,
        h("div", { class: "gk-zone-name" }, kit.t("unburied corpses: {count}", { count: corpses.length })),
        h("div", { class: "gk-cards" }, corpses.map((id) => innTarget(ctx, card(innSpec(ctx, id, { small: true, dead: true })), id)))), `annexes.${s}`, `corpses.${s}`, `cash.${s}`, `hand_sizes.${s}`));
    }
    return h("div", {}, status, zone(kit.t("the inn: 8 rooms"), h("div", { class: "gk-spaces" }, rooms)),
      h("div", { class: "gk-grid" }, areas),
      zone(kit.t("piles"), h("div", { class: "gk-zone-body" }, entrance, exitPile, bistro, chip(kit.t("{count} removed unseen", { count: v.removed_size })))),
      zone(kit.t("wealth track"), wealthTrack(ctx, v)));
  }

  return draw;
}
