// Boo Party!: this title's board in the gamekit table (loaded by static/table.js).
// The default export receives kit (the table's drawing pieces) and returns draw(ctx),
// which draws the board from ctx: the view, the legal moves, helpers that make cards
// playable (docs/architecture.md).
export default function makeBoard(kit) {
  const { h, card, zone, pile, chip, PALETTE, baseView, seatArea } = kit;

  const COSTUME_SHAPES = ["circle", "square", "triangle", "diamond", "star", "hexagon", "heart", "moon", "cross"];
  const COSTUME_COLORS = [PALETTE.orange, PALETTE.sky, PALETTE.green, PALETTE.yellow, PALETTE.blue, PALETTE.red, PALETTE.pink];
  function costumeSpec(v, c, small = false) {
    const names = v.costume_names || [];
    return { label: names[c] || `costume ${c}`, color: COSTUME_COLORS[c % 7], symbol: COSTUME_SHAPES[c % 9], small };
  }

  function draw(ctx) {
    const v = baseView(ctx, ctx.god ? 1 : undefined);
    const visions = v.visions || [];
    const top = visions.length ? visions[visions.length - 1] : null;
    const older = visions.slice(0, -1);
    const olderEls = ctx.memory
      ? older.map(() => card({ faceDown: true, small: true, label: "remember?", backSymbol: "eye" }))
      : older.map((c) => card({ ...costumeSpec(v, c, true), sub: "covered" }));
    const visionZone = h("div", { class: "gk-zone-body" },
      h("div", { class: "gk-cards gk-visions" }, olderEls,
        top !== null ? ctx.mark(card({ ...costumeSpec(v, top), sub: "top Vision", extraClass: "gk-top-vision" }), `visions.${visions.length - 1}`) : null),
      pile("Visions left", v.deck_size, { backSymbol: "eye" }),
      chip(`${v.removed} removed unseen`),
      chip(ctx.memory ? `memory mode: ${visions.length} costumes forbidden — remember them!` : `${visions.length} forbidden costumes`, "gk-strong"));
    const spread = v.spread === null || v.spread === undefined
      ? h("div", { class: "gk-cards" }, card({ faceDown: true, label: "eyes closed" }), chip("The Seer counts to five: the Disguises are hidden"))
      : h("div", { class: "gk-cards gk-hand" }, v.spread.map((c) => {
        const forbidden = !ctx.memory && visions.includes(c);
        const el = card({ ...costumeSpec(v, c, true), sub: forbidden ? "forbidden!" : null, dead: forbidden });
        ctx.clickable(el, (a) => a.type === "wear" && a.costume === c);
        return el;
      }));
    const seats = [];
    for (let s = 0; s < v.players; s++) {
      if (s === v.seer) {
        seats.push(seatArea(ctx, s, chip("the Seer"), h("div", { class: "gk-cards" }, card({ label: "Seer", symbol: "eye", color: PALETTE.sky, small: true }))));
        continue;
      }
      const worn = v.worn ? v.worn[s] : null;
      const last = (v.last_worn || [])[s];
      const now = worn === null || worn === undefined
        ? card({ faceDown: true, small: true, label: v.worn ? "choosing" : "hidden" })
        : worn < 0 ? card({ label: "nothing!", symbol: "blank", color: PALETTE.grey, small: true, sub: "no disguise" })
          : card({ ...costumeSpec(v, worn, true), sub: "now" });
      seats.push(ctx.mark(seatArea(ctx, s, chip("Monster"),
        h("div", { class: "gk-cards" }, h("div", {}, h("div", { class: "gk-zone-name" }, "last round"),
          last === null || last === undefined ? chip("—") : last < 0 ? chip("nothing") : card({ ...costumeSpec(v, last, true), sub: "must change" })),
        h("div", {}, h("div", { class: "gk-zone-name" }, "this round"), now))), `worn.${s}`));
    }
    return h("div", {},
      h("div", {}, chip(`round ${v.round}`), " ", chip(`phase: ${v.phase}`), v.ending ? chip(`ending: ${v.ending}`, "gk-strong") : null,
        chip(`Monsters' rating: ${v.rating}`)),
      zone("Visions (every costume revealed is forbidden)", visionZone),
      zone("Disguise cards in the spread", spread),
      h("div", { class: "gk-grid" }, seats));
  }

  return draw;
}
