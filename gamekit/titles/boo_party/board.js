// Boo Party!: this title's board in the gamekit table (loaded by static/table.js).
// The default export receives kit (the table's drawing pieces) and returns draw(ctx),
// which draws the board from ctx: the view, the legal moves, helpers that make cards
// playable (docs/architecture.md). Every word goes through kit.t(english, params)
// (the title's catalog, in the table's language) or kit.cardName (the costumes' names).
export default function makeBoard(kit) {
  const { h, card, zone, pile, chip, cardName, PALETTE, baseView, seatArea } = kit;

  const COSTUME_SHAPES = ["circle", "square", "triangle", "diamond", "star", "hexagon", "heart", "moon", "cross"];
  const COSTUME_COLORS = [PALETTE.orange, PALETTE.sky, PALETTE.green, PALETTE.yellow, PALETTE.blue, PALETTE.red, PALETTE.pink];
  function costumeSpec(v, c, small = false) {
    const names = v.costume_names || [];
    return { label: cardName(c, names[c] || kit.t("costume {number}", { number: c })), color: COSTUME_COLORS[c % 7], symbol: COSTUME_SHAPES[c % 9], small };
  }
  function phaseText(phase) {
    switch (phase) {
      case "disguise": return kit.t("disguise");
      case "accuse": return kit.t("accusation");
      case "over": return kit.t("the game is over");
      default: return phase;
    }
  }
  function endingText(ending) {
    switch (ending) {
      case "caught": return kit.t("the Seer caught the Monsters");
      case "false-accusation": return kit.t("a false accusation");
      case "mistake": return kit.t("a Monster's mistake");
      case "survived": return kit.t("the Monsters survived");
      default: return ending;
    }
  }

  function draw(ctx) {
    const v = baseView(ctx, ctx.god ? 1 : undefined);
    const visions = v.visions || [];
    const top = visions.length ? visions[visions.length - 1] : null;
    const older = visions.slice(0, -1);
    const olderEls = ctx.memory
      ? older.map(() => card({ faceDown: true, small: true, label: kit.t("remember?"), backSymbol: "eye" }))
      : older.map((c) => card({ ...costumeSpec(v, c, true), sub: kit.t("covered") }));
    const visionZone = h("div", { class: "gk-zone-body" },
      h("div", { class: "gk-cards gk-visions" }, olderEls,
        top !== null ? ctx.mark(card({ ...costumeSpec(v, top), sub: kit.t("top Vision"), extraClass: "gk-top-vision" }), `visions.${visions.length - 1}`) : null),
      pile(kit.t("Visions left"), v.deck_size, { backSymbol: "eye" }),
      chip(kit.t("{count} removed unseen", { count: v.removed })),
      chip(ctx.memory ? kit.t("memory mode: {count} costumes forbidden — remember them!", { count: visions.length })
        : kit.t("{count} forbidden costumes", { count: visions.length }), "gk-strong"));
    const spread = v.spread === null || v.spread === undefined
      ? h("div", { class: "gk-cards" }, card({ faceDown: true, label: kit.t("eyes closed") }), chip(kit.t("The Seer counts to five: the Disguises are hidden")))
      : h("div", { class: "gk-cards gk-hand" }, v.spread.map((c) => {
        const forbidden = !ctx.memory && visions.includes(c);
        const el = card({ ...costumeSpec(v, c, true), sub: forbidden ? kit.t("forbidden!") : null, dead: forbidden });
        ctx.clickable(el, (a) => a.type === "wear" && a.costume === c);
        return el;
      }));
    const seats = [];
    for (let s = 0; s < v.players; s++) {
      if (s === v.seer) {
        seats.push(seatArea(ctx, s, chip(kit.t("the Seer")), h("div", { class: "gk-cards" }, card({ label: kit.t("Seer"), symbol: "eye", color: PALETTE.sky, small: true }))));
        continue;
      }
      const worn = v.worn ? v.worn[s] : null;
      const last = (v.last_worn || [])[s];
      const now = worn === null || worn === undefined
        ? card({ faceDown: true, small: true, label: v.worn ? kit.t("choosing") : kit.t("hidden") })
        : worn < 0 ? card({ label: kit.t("nothing!"), symbol: "blank", color: PALETTE.grey, small: true, sub: kit.t("no disguise") })
          : card({ ...costumeSpec(v, worn, true), sub: kit.t("now") });
      seats.push(ctx.mark(seatArea(ctx, s, chip(kit.t("Monster")),
        h("div", { class: "gk-cards" }, h("div", {}, h("div", { class: "gk-zone-name" }, kit.t("last round")),
          last === null || last === undefined ? chip("—") : last < 0 ? chip(kit.t("nothing")) : card({ ...costumeSpec(v, last, true), sub: kit.t("must change") })),
        h("div", {}, h("div", { class: "gk-zone-name" }, kit.t("this round")), now))), `worn.${s}`));
    }
    return h("div", {},
      h("div", {}, chip(kit.t("round {round}", { round: v.round })), " ", chip(kit.t("phase: {phase}", { phase: phaseText(v.phase) })),
        v.ending ? chip(kit.t("ending: {ending}", { ending: endingText(v.ending) }), "gk-strong") : null,
        chip(kit.t("Monsters' rating: {rating}", { rating: v.rating }))),
      h("div", { class: "gk-zone-row" }, zone(kit.t("Visions (every costume revealed is forbidden)"), visionZone),
        zone(kit.t("Disguise cards in the spread"), spread)),
      h("div", { class: "gk-grid" }, seats));
  }

  return draw;
}
