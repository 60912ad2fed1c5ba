// gamekit table: draws what Python sends (view_data), sends back small requests.
// No build step, no imports: this file ships in the package.

const SVGNS = "http://www.w3.org/2000/svg";

// Okabe–Ito: a palette colour-blind readers can tell apart; every colour also
// has a shape and a word, so nothing depends on colour alone.
const PALETTE = {
  orange: "#E69F00", sky: "#56B4E9", green: "#009E73", yellow: "#F0E442",
  blue: "#0072B2", red: "#D55E00", pink: "#CC79A7", grey: "#8C8C8C", black: "#222222",
};

// ----------------------------------------------------------------- helpers --
function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else if (k.startsWith("on")) el[k] = v; // a property, so a redraw can hand it over (see morph)
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.appendChild(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
  }
  return el;
}

// Redraws build a fresh tree, then morph the page's tree into it: nodes that
// look the same are kept, so the browser restyles and lays out only what
// changed (a click moves a card or two, not the whole table).
const HANDLERS = ["onclick", "onchange", "oninput", "onkeydown"];
const FORM_FIELDS = new Set(["SELECT", "INPUT", "TEXTAREA"]);

function setChildren(parent, kids) {
  const fresh = kids.flat(Infinity).filter((k) => k !== null && k !== undefined && k !== false)
    .map((k) => (typeof k === "string" || typeof k === "number" ? document.createTextNode(String(k)) : k));
  const old = [...parent.childNodes];
  fresh.forEach((node, i) => { if (i < old.length) morph(old[i], node); else parent.appendChild(node); });
  for (let i = fresh.length; i < old.length; i++) old[i].remove();
}

function morph(old, neu) {
  if (old.nodeType !== neu.nodeType || old.nodeName !== neu.nodeName) { old.replaceWith(neu); return; }
  if (old.nodeType !== Node.ELEMENT_NODE) {
    if (old.nodeValue !== neu.nodeValue) old.nodeValue = neu.nodeValue;
    return;
  }
  // Same tags, attributes and text all the way down: keep the old subtree as it
  // is. Its handlers act on what its attributes say (data-index, data-actions),
  // so they are still right.
  if (old.isEqualNode(neu) && !FORM_FIELDS.has(old.nodeName)) return;
  for (const { name } of [...old.attributes]) if (!neu.hasAttribute(name)) old.removeAttribute(name);
  for (const { name, value } of neu.attributes) if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  for (const k of HANDLERS) if (old[k] !== neu[k]) old[k] = neu[k];
  const value = FORM_FIELDS.has(neu.nodeName) ? neu.value : null; // read before its options move
  setChildren(old, [...neu.childNodes]);
  if (value !== null && old.value !== value) old.value = value;
}

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children) el.appendChild(c);
  return el;
}

// A shape icon: the second channel next to colour.
function shapeIcon(shape, color, size = 22) {
  const s = svg("svg", { viewBox: "0 0 24 24", width: size, height: size, class: "gk-icon", "aria-hidden": "true" });
  const style = { fill: color, stroke: "var(--gk-ink)", "stroke-width": 1.4 };
  const poly = (pts) => svg("polygon", { points: pts, ...style });
  const shapes = {
    circle: () => svg("circle", { cx: 12, cy: 12, r: 9, ...style }),
    square: () => svg("rect", { x: 4, y: 4, width: 16, height: 16, rx: 2, ...style }),
    triangle: () => poly("12,3 21,20 3,20"),
    diamond: () => poly("12,2 22,12 12,22 2,12"),
    star: () => poly("12,2 14.6,9 22,9.3 16.2,14 18.2,21.5 12,17.3 5.8,21.5 7.8,14 2,9.3 9.4,9"),
    hexagon: () => poly("7,3 17,3 22,12 17,21 7,21 2,12"),
    heart: () => svg("path", { d: "M12 21 C5 15 2 11 2 7.5 A4.8 4.8 0 0 1 12 6 A4.8 4.8 0 0 1 22 7.5 C22 11 19 15 12 21Z", ...style }),
    cross: () => poly("9,2 15,2 15,9 22,9 22,15 15,15 15,22 9,22 9,15 2,15 2,9 9,9"),
    moon: () => svg("path", { d: "M15 2 A10 10 0 1 0 22 15 A8 8 0 1 1 15 2Z", ...style }),
    key: () => svg("path", { d: "M7 9a5 5 0 1 1 0 6 5 5 0 0 1 0-6zM11 12h11v3h-2v3h-3v-3h-6z", ...style }),
    coin: () => svg("circle", { cx: 12, cy: 12, r: 9, ...style }),
    skull: () => svg("path", { d: "M12 2a9 9 0 0 0-9 9c0 3 1.5 5 3.5 6v4h11v-4c2-1 3.5-3 3.5-6a9 9 0 0 0-9-9zM8.5 10a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm7 0a2 2 0 1 1 0 4 2 2 0 0 1 0-4z", ...style }),
    cookie: () => svg("circle", { cx: 12, cy: 12, r: 9.5, ...style }),
    note: () => svg("path", { d: "M9 3v12.5a3.5 3.5 0 1 1-2-3.2V6l12-3v10.5a3.5 3.5 0 1 1-2-3.2V5.5z", ...style }),
    shield: () => svg("path", { d: "M12 2l9 4v6c0 5-4 9-9 10-5-1-9-5-9-10V6z", ...style }),
    eye: () => svg("path", { d: "M1 12s4-8 11-8 11 8 11 8-4 8-11 8S1 12 1 12zm11-4a4 4 0 1 0 0 8 4 4 0 0 0 0-8z", ...style }),
    hat: () => svg("path", { d: "M7 15V6a5 3 0 0 1 10 0v9h5v3H2v-3z", ...style }),
    bed: () => svg("path", { d: "M2 19V6h3v7h6V9h8a3 3 0 0 1 3 3v7h-3v-3H5v3z", ...style }),
    blank: () => svg("rect", { x: 4, y: 4, width: 16, height: 16, rx: 4, ...style }),
  };
  s.appendChild((shapes[shape] || shapes.blank)());
  return s;
}

// A playing card drawn with CSS: a colour band, a big symbol, a word, a value.
function card(spec) {
  const { label = "", symbol = "blank", color = PALETTE.grey, value = null, sub = null,
    faceDown = false, small = false, dead = false, title = null } = spec;
  const classes = ["gk-card"];
  if (faceDown) classes.push("gk-face-down");
  if (small) classes.push("gk-small");
  if (dead) classes.push("gk-dead");
  if (spec.strip) classes.push("gk-strip");
  if (spec.extraClass) classes.push(spec.extraClass);
  const name = title || label || (faceDown ? "a face-down card" : "a card");
  const el = h("div", { class: classes.join(" "), title: name, role: "img", "aria-label": name });
  // A card is at least as wide as its longest word: words are never broken.
  const longest = Math.max(0, ...String(label).split(/\s+/).map((w) => w.length));
  if (longest > 7) el.style.setProperty("--gk-chars", String(longest));
  if (faceDown) {
    el.appendChild(h("div", { class: "gk-back" }, shapeIcon(spec.backSymbol || "blank", "var(--gk-back-ink)", small ? 18 : 26)));
    if (label) el.appendChild(h("div", { class: "gk-card-label" }, label));
    return el;
  }
  el.style.setProperty("--gk-suit", color);
  el.appendChild(h("div", { class: "gk-band" }, value !== null ? h("span", { class: "gk-value" }, String(value)) : null));
  el.appendChild(h("div", { class: "gk-symbol" }, shapeIcon(symbol, color, spec.strip ? 16 : small ? 22 : 34)));
  el.appendChild(h("div", { class: "gk-card-label" }, label));
  if (sub) el.appendChild(h("div", { class: "gk-card-sub" }, sub));
  return el;
}

function zone(name, ...children) {
  return h("section", { class: "gk-zone" }, h("div", { class: "gk-zone-name" }, name), h("div", { class: "gk-zone-body" }, ...children));
}

// An empty place where cards would be: a dashed outline that says so.
function emptySlot(text = "empty", small = true) {
  return h("div", { class: "gk-card gk-empty" + (small ? " gk-small" : ""), role: "img", "aria-label": text }, h("span", { class: "gk-empty-text" }, text));
}

function pile(name, count, spec = {}) {
  const el = h("div", { class: "gk-pile", title: `${name}: ${count} card${count === 1 ? "" : "s"}` });
  const top = count > 0 ? card({ faceDown: true, small: true, ...spec }) : emptySlot("empty");
  el.appendChild(h("div", { class: "gk-pile-stack" + (count > 1 ? " gk-stacked" : "") }, top));
  el.appendChild(h("div", { class: "gk-pile-count" }, h("b", {}, String(count)), " ", name));
  return el;
}

function chip(text, cls = "") {
  return h("span", { class: "gk-chip " + cls }, text);
}

// Display names (the `names` trait); "Player N" where none is given.
let NAMES = [];
function seatName(seat) {
  if (seat === null || seat === undefined) return "nobody";
  if (seat === "god") return "the god view";
  return NAMES[seat] || `Player ${seat}`;
}

function isObj(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

function get(obj, ...keys) {
  for (const k of keys) if (obj && obj[k] !== undefined) return obj[k];
  return undefined;
}

// ----------------------------------------------------------- drawing ctx --
// What a title's renderer receives: the view, helpers to tag paths (to
// highlight changes) and to make cards clickable for legal actions.
function makeCtx(model, send) {
  const legal = model.get("legal") || [];
  const changed = model.get("changed") || [];
  const ctx = {
    model,
    view: model.get("view_data") || {},
    title: model.get("title"),
    seat: model.get("seat"),
    god: model.get("seat") === "god",
    players: model.get("players"),
    toMove: model.get("to_move"),
    legal,
    memory: model.get("memory_mode"),
    used: new Set(),
    send,
    mark(el, ...paths) {
      for (const path of paths) {
        const hit = changed.some((c) => c === path || c.startsWith(path + ".") || path.startsWith(c + "."));
        if (hit) { el.classList.add("gk-changed"); break; }
      }
      el.dataset.path = paths[0];
      return el;
    },
    // Attach the legal actions matching `test(action_json)` to an element.
    // opts.seat: the seat the element belongs to (a card in a hand): it glows
    // only while that seat decides, so the god view never shows another
    // seat's cards as playable.
    clickable(el, test, opts = {}) {
      if (opts.seat !== undefined && opts.seat !== null && opts.seat !== ctx.toMove) return el;
      const rows = legal.filter((row) => { try { return test(row.action, row); } catch (e) { return false; } });
      if (!rows.length) return el;
      rows.forEach((r) => ctx.used.add(r.index));
      el.classList.add("gk-playable");
      el.tabIndex = 0;
      el.setAttribute("role", "button");
      const name = el.getAttribute("aria-label") || el.textContent.trim();
      el.setAttribute("aria-label", rows.length === 1 ? `${rows[0].text} (${name})`
        : `${name}: ${rows.length} moves: ${rows.map((r) => r.text).join("; ")}`);
      if (rows.length > 1) el.setAttribute("aria-haspopup", "menu");
      el.dataset.actions = rows.map((r) => r.index).join(",");
      el.title = rows.map((r) => r.text).join("\n");
      const go = (ev, keyboard) => {
        ev.stopPropagation();
        ev.preventDefault();
        if (rows.length === 1) play(rows[0].index);
        else openPopover(model, ev.currentTarget, rows, keyboard); // the element on the page (a redraw may keep the old one)
      };
      el.onclick = (ev) => go(ev, ev.detail === 0);
      el.onkeydown = (ev) => { if (ev.key === "Enter" || ev.key === " ") go(ev, true); };
      return el;
    },
  };
  const play = (index) => { closePopover(); send({ type: "play", index, step: model.get("step") }); };
  return ctx;
}

// --------------------------------------------------------- generic picture --
// Any view: scalars become chips, lists of numbers become card rows, lists of
// lists are per-seat rows. Titles without a renderer (or new view keys) use it.
function genericValue(ctx, key, value, path) {
  if (Array.isArray(value)) {
    if (value.length && value.every((v) => Array.isArray(v))) {
      return h("div", { class: "gk-seat-rows" }, value.map((row, i) =>
        ctx.mark(h("div", { class: "gk-seat-row" }, h("span", { class: "gk-row-label" }, seatName(i)),
          h("div", { class: "gk-cards" }, row.map((v, j) => genericCard(ctx, v, `${path}.${i}.${j}`)))), `${path}.${i}`)));
    }
    return h("div", { class: "gk-cards" }, value.length ? value.map((v, j) => genericCard(ctx, v, `${path}.${j}`)) : chip("none"));
  }
  if (isObj(value)) {
    return h("div", { class: "gk-generic" }, Object.entries(value).map(([k, v]) => genericEntry(ctx, k, v, `${path}.${k}`)));
  }
  return chip(value === null ? "hidden" : String(value));
}

function genericCard(ctx, v, path) {
  if (isObj(v) || Array.isArray(v)) return ctx.mark(h("div", { class: "gk-generic-item" }, genericValue(ctx, "", v, path)), path);
  const el = card({ label: v === null ? "?" : String(v), value: typeof v === "number" ? v : null, faceDown: v === null, small: true, color: PALETTE.sky, symbol: "square" });
  ctx.clickable(el, (a) => Object.entries(a).some(([k, x]) => k !== "type" && x === v && typeof v === "number"));
  return ctx.mark(el, path);
}

function genericEntry(ctx, key, value, path) {
  return ctx.mark(zone(key.replace(/_/g, " "), genericValue(ctx, key, value, path)), path);
}

function genericBoard(ctx) {
  return h("div", { class: "gk-generic" }, Object.entries(ctx.view).map(([k, v]) => genericEntry(ctx, k, v, k)));
}

// ----------------------------------------------- pieces for title boards --
// A title's board is a module of its own (gamekit/titles/<title>/board.js) that the
// kernel sends as `board_js`: makeBoard(KIT) returns its draw(ctx). Until it has loaded (or when a
// title has none) the generic board is drawn.
const SEAT_COLORS = [PALETTE.orange, PALETTE.sky, PALETTE.green, PALETTE.pink, PALETTE.blue, PALETTE.yellow, PALETTE.red, PALETTE.grey];

// The view of seat s as far as this table may know it (god view: every seat's).
function viewOf(ctx, s) {
  const all = ctx.model.get("seat_views") || [];
  if (ctx.god) return all[s] || null;
  return ctx.seat === s ? ctx.view : null;
}
// The view to draw public things from.
function baseView(ctx, prefer) {
  if (!ctx.god) return ctx.view;
  const all = ctx.model.get("seat_views") || [];
  const s = prefer !== undefined ? prefer : ctx.toMove !== null ? ctx.toMove : 0;
  return all[s] || all[0] || {};
}

function seatArea(ctx, s, extraTitle, ...children) {
  const classes = ["gk-area"];
  if (s === seatOrder(ctx, ctx.players || 1)[0]) classes.push("gk-focus"); // drawn first, the whole width
  if (s === ctx.seat) classes.push("gk-mine");
  if (s === ctx.toMove) classes.push("gk-active");
  return h("div", { class: classes.join(" "), "data-seat": s },
    h("div", { class: "gk-area-title" }, shapeIcon("circle", SEAT_COLORS[s % 8], 16), seatName(s),
      s === ctx.seat ? " (you)" : "", s === ctx.toMove ? chip("deciding", "gk-strong") : null, extraTitle),
    ...children);
}

function hiddenHand(n, label = "hand") {
  return h("div", { class: "gk-cards" }, n ? card({ faceDown: true, small: true, label: `${n} in ${label}` }) : emptySlot(`empty ${label}`));
}

// The seats in drawing order: the one this table is about first (its own seat,
// else the seat deciding), then the others round the table.
function seatOrder(ctx, n) {
  const focus = typeof ctx.seat === "number" ? ctx.seat : typeof ctx.toMove === "number" ? ctx.toMove : 0;
  const out = [];
  for (let k = 0; k < n; k++) out.push((focus + k) % n);
  return out;
}

// ----------------------------------------------------------------- popover --
// Several moves on one card: a menu over the table, next to the card, inside
// the table's box (never clipped by the card). Arrows move, Escape closes.
function closePopover(root) {
  const roots = root ? [root] : [...document.querySelectorAll(".gk-root")];
  let anchor = null;
  for (const r of roots) {
    r.querySelectorAll(":scope > .gk-menu").forEach((m) => { anchor = m._anchor; m.remove(); });
  }
  return anchor;
}

function openPopover(model, anchor, rows) {
  const root = anchor.closest(".gk-root");
  if (!root) return;
  closePopover(root);
  const close = (refocus) => {
    menu.remove();
    if (refocus && anchor.isConnected) anchor.focus();
  };
  const items = rows.map((r) => h("button", {
    class: "gk-action gk-menu-item", role: "menuitem", tabindex: "-1", "data-index": r.index,
    onclick: (ev) => { ev.stopPropagation(); root._sent(); close(false); model.send({ type: "play", index: r.index, step: model.get("step") }); },
  }, r.text));
  const cancel = h("button", { class: "gk-menu-close", role: "menuitem", tabindex: "-1",
    onclick: (ev) => { ev.stopPropagation(); close(true); } }, "Cancel");
  const all = [...items, cancel];
  const label = anchor.title ? anchor.title.split("\n")[0] : "this card";
  const menu = h("div", { class: "gk-menu", role: "menu", "aria-label": `Choose a move (${rows.length})` },
    h("div", { class: "gk-menu-title", "aria-hidden": "true" }, `Choose a move (${rows.length}):`), all);
  menu._anchor = anchor;
  menu.onkeydown = (ev) => {
    const at = all.indexOf(document.activeElement);
    let next = null;
    if (ev.key === "ArrowDown" || ev.key === "ArrowRight" || (ev.key === "Tab" && !ev.shiftKey)) next = (at + 1) % all.length;
    else if (ev.key === "ArrowUp" || ev.key === "ArrowLeft" || (ev.key === "Tab" && ev.shiftKey)) next = (at - 1 + all.length) % all.length;
    else if (ev.key === "Home") next = 0;
    else if (ev.key === "End") next = all.length - 1;
    else if (ev.key === "Escape") { ev.preventDefault(); ev.stopPropagation(); close(true); return; }
    else if (ev.key === "Enter" || ev.key === " ") { ev.stopPropagation(); return; } // the button's own click
    if (next !== null) { ev.preventDefault(); ev.stopPropagation(); all[next].focus(); }
  };
  menu.onclick = (ev) => ev.stopPropagation();
  void label;
  root.appendChild(menu);
  // Above the card when there is room, else below; always inside the table.
  const rr = root.getBoundingClientRect();
  const ar = anchor.getBoundingClientRect();
  const mr = menu.getBoundingClientRect();
  const border = root.clientTop;
  let top = ar.top - rr.top - border - mr.height - 6;
  if (top < 0) top = ar.bottom - rr.top - border + 6;
  if (top + mr.height > root.clientHeight) top = Math.max(0, root.clientHeight - mr.height);
  let left = ar.left - rr.left - root.clientLeft + ar.width / 2 - mr.width / 2;
  left = Math.max(4, Math.min(left, root.clientWidth - mr.width - 4));
  menu.style.top = `${Math.round(top)}px`;
  menu.style.left = `${Math.round(left)}px`;
  items[0].focus({ preventScroll: true });
  if (menu.getBoundingClientRect().top < 0 || menu.getBoundingClientRect().bottom > window.innerHeight) menu.scrollIntoView({ block: "nearest" });
}


const KIT = { h, svg, card, zone, pile, chip, seatName, isObj, get, shapeIcon, PALETTE, SEAT_COLORS, viewOf, baseView, seatArea, hiddenHand, genericBoard, emptySlot, seatOrder };
const LOADED = new Map(); // board source -> a promise of its draw function

// Import a board module once (a Blob URL keeps it local: nothing is fetched).
function loadBoard(source) {
  if (!source) return Promise.resolve(null);
  if (!LOADED.has(source)) {
    const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    LOADED.set(source, import(url)
      .then((mod) => mod.default(KIT))
      .catch((err) => { console.error("gamekit: the board module did not load", err); return null; })
      .finally(() => URL.revokeObjectURL(url)));
  }
  return LOADED.get(source);
}

// ------------------------------------------------------------------- page --
// A trait the Python side may not have (older kernels): its default then.
function opt(model, name, fallback) {
  const v = model.get(name);
  return v === undefined || v === null ? fallback : v;
}

async function render({ model, el }) {
  const send = (msg) => { root._sent(); model.send(msg); };
  const root = h("div", { class: "gk-root", tabindex: "-1", "data-lm-suppress-shortcuts": "true" });
  const shell = h("div", { class: "gk-shell" }, root);
  el.appendChild(shell);
  const parts = {
    header: h("div", { class: "gk-header" }),
    error: h("div", { class: "gk-error", role: "alert", hidden: true }),
    live: h("div", { class: "gk-sr gk-live", role: "status", "aria-live": "polite", "aria-atomic": "true" }),
    seats: h("div", { class: "gk-seats" }),
    board: h("div", { class: "gk-board" }),
    actions: h("div", { class: "gk-actions" }),
    result: h("div", { class: "gk-result", role: "region", "aria-label": "result", hidden: true }),
    controls: h("div", { class: "gk-controls" }),
    narration: h("ol", { class: "gk-narration", "aria-label": "what happened" }),
    cover: h("div", { class: "gk-cover", hidden: true }),
    extras: h("div", { class: "gk-extras" }),
    tip: h("div", { class: "gk-tip", role: "tooltip", id: `gk-tip-${Math.random().toString(36).slice(2)}`, hidden: true }),
  };
  const side = h("aside", { class: "gk-side", "aria-label": "moves and what happened" },
    h("div", { class: "gk-side-title" }, "What happened"), parts.narration, parts.actions);
  const main = h("div", { class: "gk-main" }, parts.result, parts.board);
  root.append(parts.header, parts.error, parts.live, parts.seats, h("div", { class: "gk-layout" }, main, side),
    parts.controls, parts.extras, parts.cover, parts.tip);

  // Focus stays in the table: after a request sent from inside it, a redraw that
  // removed the focused element hands focus to the next thing to do.
  let focusWasIn = false;
  root._sent = () => { focusWasIn = root.contains(document.activeElement) || focusWasIn; };
  root.addEventListener("click", (ev) => { if (!ev.target.closest(".gk-menu")) closePopover(root); });
  root.addEventListener("keydown", (ev) => {
    // Keys the table uses never reach the notebook's shortcuts.
    if (["Enter", " ", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Escape", "Home", "End"].includes(ev.key)) ev.stopPropagation();
    if (ev.key === "Escape" && root.querySelector(":scope > .gk-menu")) { const a = closePopover(root); if (a && a.isConnected) a.focus(); }
  });
  // Ruling ids: their text on hover and on focus.
  const showTip = (ev) => {
    const t = ev.target.closest && ev.target.closest(".gk-ruling");
    if (!t) return;
    parts.tip.textContent = t.dataset.tip;
    parts.tip.hidden = false;
    const rr = root.getBoundingClientRect();
    const tr = t.getBoundingClientRect();
    const tip = parts.tip.getBoundingClientRect();
    const left = Math.max(4, Math.min(tr.right - rr.left - tip.width, root.clientWidth - tip.width - 4));
    let top = tr.bottom - rr.top + 4;
    if (top + tip.height > root.clientHeight) top = Math.max(0, tr.top - rr.top - tip.height - 4);
    parts.tip.style.left = `${left}px`;
    parts.tip.style.top = `${top}px`;
  };
  const hideTip = (ev) => { if (ev.target.closest && ev.target.closest(".gk-ruling")) parts.tip.hidden = true; };
  root.addEventListener("mouseover", showTip);
  root.addEventListener("focusin", showTip);
  root.addEventListener("mouseout", hideTip);
  root.addEventListener("focusout", hideTip);

  applyTheme(root);
  const themeWatch = new MutationObserver(() => applyTheme(root));
  themeWatch.observe(document.body, { attributes: true, attributeFilter: ["data-jp-theme-light"] });

  buildControls(model, parts.controls, send, root);

  let autoTimer = null;
  let partyTimer = null;
  let lastStep = null;
  let announced = null; // the narration already announced: "step:count"
  // The board module of the title shown; a new title's board is drawn once it has loaded.
  let boardSource = model.get("board_js");
  let board = await loadBoard(boardSource);
  const redraw = () => {
    const t0 = performance.now();
    const step = model.get("step");
    if (step !== lastStep) closePopover(root);
    try {
      drawAll(model, parts, send, boardSource === model.get("board_js") ? board : null, root);
      root.classList.remove("gk-broken");
    } catch (err) {
      parts.error.hidden = false;
      parts.error.textContent = "The table could not be drawn: " + err;
      root.classList.add("gk-broken");
      console.error(err);
    }
    root.dataset.revision = String(model.get("revision"));
    root.dataset.step = String(step);
    root.dataset.drawMs = (performance.now() - t0).toFixed(1);
    announced = announce(model, parts.live, announced, lastStep);
    lastStep = step;
    if (focusWasIn && !root.contains(document.activeElement)) {
      // The next thing to do, in this order: what is on screen and can take focus.
      const next = [".gk-root > .gk-menu .gk-menu-item", ".gk-cover:not([hidden]) button", ".gk-board .gk-playable", ".gk-action",
        ".gk-step-btn", ".gk-result:not([hidden])"]
        .map((s) => [...root.querySelectorAll(s)].find((e) => e.getClientRects().length)).find(Boolean);
      (next || root).focus({ preventScroll: true });
    }
    focusWasIn = false;
    clearTimeout(autoTimer);
    autoTimer = scheduleAutoplay(model, send);
    clearInterval(partyTimer);
    partyTimer = schedulePartyTimer(model, parts, send);
  };
  model.on("change:board_js", async () => {
    const source = model.get("board_js");
    const loaded = await loadBoard(source);
    if (source !== model.get("board_js")) return; // another title came meanwhile
    [boardSource, board] = [source, loaded];
    redraw();
  });
  for (const name of ["revision", "memory_mode", "autoplay", "party_timer", "humans", "classroom", "cover_for", "names",
    "rulings", "summary_lines", "size", "options_schema"]) model.on(`change:${name}`, redraw);
  model.on("change:saved_json", () => showSaved(model, parts.extras));
  redraw();
  return () => {
    clearTimeout(autoTimer);
    clearInterval(partyTimer);
    themeWatch.disconnect();
  };
}

// Screen readers hear "Your decision" and every new narration line.
function announce(model, live, before, lastStep) {
  const rows = narrationRows(model);
  const step = model.get("step");
  const key = `${step}:${rows.length}`;
  if (key === before) return before;
  const lines = [];
  if (lastStep !== null && step > lastStep) {
    for (const r of rows) if (r.step > lastStep) lines.push(r.text);
  } else if (lastStep !== null && step !== lastStep) lines.push(`Now at step ${step}.`);
  if (!model.get("is_over") && isMyDecision(model)) lines.push("Your decision.");
  if (model.get("is_over")) lines.push(`Game over: ${winnersText(model.get("winners"))}.`);
  live.textContent = lines.slice(-6).join(" ");
  return key;
}

function isMyDecision(model) {
  const mover = model.get("to_move");
  const seat = model.get("seat");
  return mover !== null && mover !== undefined && (mover === seat || (seat === "god" && (model.get("legal") || []).length > 0));
}

function applyTheme(root) {
  const flag = document.body.dataset.jpThemeLight;
  const dark = flag === "false" || (flag === undefined && window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches);
  if (!root.dataset.themeChoice || root.dataset.themeChoice === "auto") root.classList.toggle("gk-dark", dark);
}

function drawAll(model, parts, send, drawBoard, root) {
  NAMES = opt(model, "names", []);
  const size = opt(model, "size", root.dataset.sizeChoice || "normal");
  root.classList.toggle("gk-large", size === "large");
  root.classList.toggle("gk-classroom", !!opt(model, "classroom", false));
  const ctx = makeCtx(model, send);
  drawHeader(model, parts.header);
  drawError(model, parts.error);
  drawSeats(model, parts.seats, send);
  const covered = drawCover(model, parts.cover, send);
  root.classList.toggle("gk-covered", covered);
  if (covered) {
    // A shared screen between two people: nothing of the hand is in the page.
    parts.board.dataset.board = "covered";
    setChildren(parts.board, [h("div", { class: "gk-covered-board" }, "The table is covered.")]);
    setChildren(parts.actions, []);
  } else {
    const board = drawBoard ? drawBoard(ctx) : genericBoard(ctx);
    parts.board.dataset.board = drawBoard ? "title" : "generic";
    setChildren(parts.board, [board]);
    drawActions(model, parts.actions, ctx, send);
  }
  drawResult(model, parts.result);
  drawNarration(model, parts.narration);
  syncControls(model, parts.controls, root);
}

function drawCover(model, box, send) {
  const who = model.get("cover_for");
  const covered = typeof who === "number";
  box.hidden = !covered;
  if (!covered) { box.replaceChildren(); return false; }
  const name = seatName(who);
  if (box.dataset.who !== String(who) || !box.firstChild) {
    box.dataset.who = String(who);
    box.replaceChildren(h("div", { class: "gk-cover-card", role: "dialog", "aria-label": `Pass the screen to ${name}` },
      h("div", { class: "gk-cover-title" }, `Pass the screen to ${name}`),
      h("p", {}, "The others look away. Only the next player clicks."),
      h("button", { class: "gk-btn gk-uncover", onclick: () => send({ type: "uncover" }) }, `I am ${name}`)));
  }
  return true;
}

function drawHeader(model, header) {
  const step = model.get("step");
  const over = model.get("is_over");
  const mover = model.get("to_move");
  const seat = model.get("seat");
  const persp = seat === "god" ? "god view (everything)" : seat === null ? "spectator" : `seen by ${seatName(seat)}`;
  const mine = isMyDecision(model);
  const status = over
    ? `Game over — ${winnersText(model.get("winners"))}`
    : mine ? (seat === "god" ? `Your decision (for ${seatName(mover)})` : "Your decision") : `${seatName(mover)} decides`;
  setChildren(header, [
    h("span", { class: "gk-game-name" }, model.get("game_name")),
    h("span", { class: "gk-status" + (over ? " gk-over" : mine ? " gk-yours" : "") }, status),
    h("span", { class: "gk-step", "data-step": step }, `step ${step}`),
    h("span", { class: "gk-persp" }, persp),
    h("span", { class: "gk-seed" }, `seed ${model.get("seed")}`),
  ]);
}

function winnersText(winners) {
  if (!winners || !winners.length) return "no winner";
  return (winners.length > 1 ? "winners: " : "winner: ") + winners.map(seatName).join(", ");
}

function drawError(model, box) {
  const msg = model.get("error");
  box.hidden = !msg;
  box.replaceChildren();
  if (msg) {
    box.append(h("b", {}, "⚠ Nothing changed: "), msg, " ",
      h("button", { class: "gk-dismiss", onclick: () => { box.hidden = true; } }, "OK"));
  }
}

function drawResult(model, box) {
  const lines = opt(model, "summary_lines", []);
  const over = model.get("is_over");
  if (!over) { box.hidden = true; box.removeAttribute("tabindex"); setChildren(box, []); return; }
  box.hidden = false;
  box.tabIndex = -1;
  const scores = model.get("scores") || [];
  const fallback = [winnersText(model.get("winners")) + ".",
    scores.map((s, i) => `${seatName(i)}: ${s}`).join(" · ")];
  setChildren(box, [h("div", { class: "gk-result-title" }, "Game over"),
    h("ul", { class: "gk-result-lines" }, (lines.length ? lines : fallback).map((l) => h("li", {}, l)))]);
}

function drawSeats(model, box, send) {
  const scores = model.get("scores") || [];
  const before = box._scores || scores;
  box._scores = scores;
  const bots = model.get("bots") || [];
  const choices = model.get("bot_choices") || [];
  const mover = model.get("to_move");
  const winners = model.get("winners") || [];
  const seat = model.get("seat");
  const humans = model.get("humans");
  const classroom = !!opt(model, "classroom", false);
  setChildren(box, scores.map((score, i) => {
    const name = seatName(i);
    const select = h("select", { class: "gk-bot-select", "aria-label": `who plays for ${name}`,
      onchange: (ev) => send({ type: "bot", seat: i, name: ev.target.value }) },
      h("option", { value: "", selected: !bots[i] }, "human"),
      choices.map((c) => h("option", { value: c, selected: bots[i] === c }, `bot: ${c}`)));
    select.value = bots[i] || "";
    let sit = null;
    if (Array.isArray(humans)) {
      sit = humans.includes(i)
        ? h("button", { class: "gk-btn gk-stand", "data-seat": i, "aria-label": `${name}: stand up (a bot plays)`, onclick: () => send({ type: "stand", seat: i }) }, "stand up")
        : h("button", { class: "gk-btn gk-sit", "data-seat": i, "aria-label": `sit here as ${name}`, onclick: () => send({ type: "sit", seat: i }) }, "sit here");
    }
    const classes = ["gk-seat"];
    if (i === mover) classes.push("gk-to-move");
    if (winners.includes(i)) classes.push("gk-winner");
    if (i === seat) classes.push("gk-me");
    return h("div", { class: classes.join(" "), "data-seat": i },
      h("div", { class: "gk-seat-name" }, i === mover ? "▶ " : "", name, i === seat ? " (you)" : "", winners.includes(i) ? " ★" : ""),
      h("div", { class: "gk-seat-line" },
        h("span", { class: "gk-seat-score" + (before[i] !== score ? " gk-changed" : "") }, "score ", h("b", {}, String(score))),
        classroom && Array.isArray(humans) ? null : select, sit));
  }));
}

// The legal moves, all of them, grouped: the moves of one card (one kind, one
// card) share a heading, and each button says what differs.
function groupMoves(legal) {
  const groups = new Map();
  for (const row of legal) {
    const a = row.action || {};
    const what = a.card !== undefined ? `card:${a.card}` : a.seat !== undefined && a.costume !== undefined ? `seat:${a.seat}` : "";
    const key = `${row.kind}|${what}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(row);
  }
  return [...groups.values()].map((rows) => {
    if (rows.length < 3) return { head: null, rows: rows.map((r) => [r, r.text]) };
    const words = rows.map((r) => r.text.split(" "));
    let n = 0;
    while (words.every((w) => w.length > n + 1 && w[n] === words[0][n])) n++;
    if (n < 2) return { head: null, rows: rows.map((r) => [r, r.text]) };
    return { head: words[0].slice(0, n).join(" ") + " …", rows: rows.map((r, i) => [r, words[i].slice(n).join(" ")]) };
  });
}

function drawActions(model, box, ctx, send) {
  const legal = model.get("legal") || [];
  const over = model.get("is_over");
  const mover = model.get("to_move");
  const bots = model.get("bots") || [];
  if (over) { setChildren(box, []); return; }
  if (!legal.length) {
    const who = bots[mover] ? `bot "${bots[mover]}"` : "a stand-in random bot";
    const wait = h("div", { class: "gk-actions-title gk-wait" }, `Waiting for ${seatName(mover)}.`);
    if (botsPlayThemselves(model) && bots[mover]) {
      setChildren(box, [wait, h("div", { class: "gk-hint" }, `The ${who} plays by itself.`)]);
      return;
    }
    setChildren(box, [wait,
      h("button", { class: "gk-btn gk-step-btn", onclick: () => send({ type: "step", step: model.get("step") }) }, `Let ${who} decide`)]);
    return;
  }
  const groups = groupMoves(legal);
  const button = ([row, text]) => h("button", {
    class: "gk-action" + (ctx.used.has(row.index) ? " gk-on-card" : ""),
    "data-index": row.index, "data-kind": row.kind, title: row.text, "aria-label": text === row.text ? null : row.text,
    onclick: () => send({ type: "play", index: row.index, step: model.get("step") }),
  }, text);
  const list = h("div", { class: "gk-action-list", role: "group", "aria-label": `${legal.length} legal moves` },
    groups.map((g) => g.head
      ? h("div", { class: "gk-move-group" }, h("div", { class: "gk-move-head" }, g.head), h("div", { class: "gk-move-row" }, g.rows.map(button)))
      : g.rows.map(button)));
  setChildren(box, [h("div", { class: "gk-actions-title" },
    `Your moves (${legal.length})`, ctx.used.size ? h("span", { class: "gk-hint" }, " — or click a glowing card") : null), list]);
}

// Memory mode (Boo Party!): a covered Vision is never in the page, not even in
// the narration; only the newest Vision's line stays readable.
function narrationRows(model) {
  const rows = model.get("narration") || [];
  if (!model.get("memory_mode")) return rows;
  const last = rows.map((r) => r.kind).lastIndexOf("vision");
  return rows.map((r, i) => (r.kind === "vision" && i !== last ? { ...r, text: "The Seer revealed a Vision (remember it!)." } : r));
}

function drawNarration(model, list) {
  const rows = narrationRows(model);
  const step = model.get("step");
  const rulings = opt(model, "rulings", {});
  setChildren(list, rows.map((r) => h("li", { class: "gk-event" + (r.step === step ? " gk-latest" : ""), "data-kind": r.kind },
    h("span", { class: "gk-event-step" }, String(r.step)),
    h("span", { class: "gk-event-text" }, r.text),
    r.ruling ? h("button", { type: "button", class: "gk-ruling", "data-tip": rulings[r.ruling] || `Ruling ${r.ruling}`,
      "aria-label": `Ruling ${r.ruling}: ${rulings[r.ruling] || "the rule applied"}` }, r.ruling) : null)));
  if (!rows.length) list.append(h("li", { class: "gk-event gk-quiet" }, "Nothing yet."));
  requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
}

function optionField(spec) {
  const id = `gk-opt-${spec.name}`;
  let input;
  if (spec.kind === "bool") {
    input = h("input", { type: "checkbox", "data-option": spec.name, "data-kind": "bool" });
    input.checked = !!spec.default;
    return h("label", { class: "gk-option" }, input, " ", spec.label || spec.name);
  }
  if (spec.kind === "choice") {
    input = h("select", { "data-option": spec.name, "data-kind": "choice", "aria-label": spec.label || spec.name },
      (spec.choices || []).map((c) => h("option", { value: JSON.stringify(c) }, String(c))));
    input.value = JSON.stringify(spec.default);
  } else {
    input = h("input", { type: "number", "data-option": spec.name, "data-kind": "int", min: spec.min, max: spec.max,
      value: spec.default, "aria-label": spec.label || spec.name, class: "gk-option-int" });
  }
  void id;
  return h("label", { class: "gk-option" }, `${spec.label || spec.name} `, input);
}

function readOptions(box) {
  const out = {};
  for (const f of box.querySelectorAll("[data-option]")) {
    const kind = f.dataset.kind;
    if (kind === "bool") out[f.dataset.option] = f.checked;
    else if (kind === "choice") out[f.dataset.option] = JSON.parse(f.value);
    else if (f.value !== "") out[f.dataset.option] = Number(f.value);
  }
  return out;
}

function buildControls(model, box, send, root) {
  const btn = (label, cls, fn, title) => h("button", { class: "gk-btn " + cls, onclick: fn, title: title || label }, label);
  const timeline = h("input", { type: "range", class: "gk-timeline", min: 0, max: 0, value: 0, "aria-label": "timeline",
    onchange: (ev) => send({ type: "goto", step: Number(ev.target.value) }) });
  const speed = h("input", { type: "range", class: "gk-speed", min: 50, max: 2000, step: 50, "aria-label": "autoplay delay (ms)",
    onchange: (ev) => { model.set("speed_ms", Number(ev.target.value)); model.save_changes(); } });
  const auto = btn("▶ Autoplay", "gk-autoplay", () => { model.set("autoplay", !model.get("autoplay")); model.save_changes(); });
  const memory = h("label", { class: "gk-toggle gk-memory-toggle" }, h("input", { type: "checkbox", class: "gk-memory",
    onchange: (ev) => { model.set("memory_mode", ev.target.checked); model.save_changes(); } }), " memory mode");
  const timer = h("label", { class: "gk-toggle gk-timer-toggle" }, h("input", { type: "checkbox", class: "gk-timer",
    onchange: (ev) => { model.set("party_timer", ev.target.checked); model.save_changes(); } }), " 5-second timer");
  const persp = h("select", { class: "gk-persp-select", "aria-label": "seen from",
    onchange: (ev) => { const v = ev.target.value; send({ type: "seat", seat: v === "" ? null : v === "god" ? "god" : Number(v) }); } });
  const theme = h("select", { class: "gk-theme-select", "aria-label": "theme",
    onchange: (ev) => { root.dataset.themeChoice = ev.target.value; if (ev.target.value === "auto") applyTheme(root); else root.classList.toggle("gk-dark", ev.target.value === "dark"); } },
    h("option", { value: "auto" }, "theme: auto"), h("option", { value: "light" }, "light"), h("option", { value: "dark" }, "dark"));
  // size: large scales the whole table (for a projector); synced when the kernel has a `size` trait
  const zoom = h("select", { class: "gk-size-select gk-zoom-select", "aria-label": "size",
    onchange: (ev) => {
      root.dataset.sizeChoice = ev.target.value;
      if (model.get("size") !== undefined) { model.set("size", ev.target.value); model.save_changes(); }
      root.classList.toggle("gk-large", ev.target.value === "large");
    } },
    h("option", { value: "normal" }, "size: normal"), h("option", { value: "large" }, "size: large"));
  // new game
  const title = h("select", { class: "gk-new-title", "aria-label": "title",
    onchange: () => { box._schemaFor = null; syncControls(model, box, root); } });
  const players = h("input", { type: "number", class: "gk-new-players", min: 1, max: 8, "aria-label": "players", placeholder: "players" });
  const seed = h("input", { type: "number", class: "gk-new-seed", min: 0, "aria-label": "seed", placeholder: "seed" });
  const options = h("input", { type: "text", class: "gk-new-options gk-debug", "aria-label": "options (JSON)", placeholder: '{"option": value}' });
  const fields = h("div", { class: "gk-option-fields" });
  const newGame = btn("New game", "gk-new", () => {
    let opts = readOptions(fields);
    if (!fields.childElementCount) {
      try { opts = options.value.trim() ? JSON.parse(options.value) : {}; } catch (e) { opts = options.value; }
    }
    send({ type: "new", title: title.value, players: players.value, seed: seed.value, options: opts });
  });
  const file = h("input", { type: "file", accept: ".json,application/json", class: "gk-load-file", "aria-label": "load a saved game",
    onchange: async (ev) => { const f = ev.target.files[0]; if (f) send({ type: "load", text: await f.text() }); ev.target.value = ""; } });
  box.append(
    h("div", { class: "gk-row" },
      btn("Step", "gk-step-one", () => send({ type: "step" }), "one decision by the seat's bot"),
      auto, h("label", { class: "gk-speed-label" }, "delay ", speed),
      btn("↶ Undo", "gk-undo", () => send({ type: "undo" })),
      btn("↷ Redo", "gk-redo", () => send({ type: "redo" })),
      h("label", { class: "gk-timeline-label" }, "step ", timeline, h("output", { class: "gk-timeline-out" }))),
    h("div", { class: "gk-row" },
      h("label", {}, "seen from ", persp), memory, timer, theme, zoom),
    h("div", { class: "gk-row gk-new-row" }, h("label", {}, "New game: ", title), h("label", {}, "players ", players),
      h("label", {}, "seed ", seed), options, fields, newGame,
      h("span", { class: "gk-debug gk-save-load" }, btn("Save", "gk-save", () => send({ type: "save" }), "save this game as JSON"),
        " ", h("label", { class: "gk-load-label" }, "Load ", file))),
  );
  box._parts = { timeline, speed, auto, memory, timer, persp, title, players, seed, options, fields, zoom };
  const out = timeline.parentElement.querySelector("output");
  timeline.addEventListener("input", () => { out.textContent = `${timeline.value}/${timeline.max}`; });
}

function syncControls(model, box, root) {
  const p = box._parts;
  if (!p) return;
  const step = model.get("step");
  const total = model.get("total_steps");
  const classroom = !!opt(model, "classroom", false);
  p.timeline.max = String(total);
  p.timeline.value = String(step);
  p.timeline.parentElement.querySelector("output").textContent = `${step}/${total}`;
  p.speed.value = String(model.get("speed_ms"));
  p.auto.textContent = model.get("autoplay") ? "❚❚ Pause" : "▶ Autoplay";
  p.auto.classList.toggle("gk-on", model.get("autoplay"));
  p.memory.querySelector("input").checked = model.get("memory_mode");
  p.timer.querySelector("input").checked = model.get("party_timer");
  const title = model.get("title");
  p.memory.hidden = title !== "boo-party";
  p.timer.hidden = title !== "boo-party";
  const seat = model.get("seat");
  const options = [["", "a spectator"]];
  for (let i = 0; i < model.get("players"); i++) options.push([String(i), seatName(i)]);
  if (!classroom || seat === "god") options.push(["god", "god view (everything)"]);
  const key = JSON.stringify(options);
  if (p.persp._key !== key) { p.persp._key = key; p.persp.replaceChildren(...options.map(([v, t]) => h("option", { value: v }, t))); }
  p.persp.value = seat === null ? "" : String(seat);
  p.zoom.value = opt(model, "size", root.dataset.sizeChoice || "normal");
  box.querySelectorAll(".gk-debug").forEach((d) => { d.hidden = classroom; });
  const titles = model.get("titles") || [];
  if (p.title.options.length !== titles.length) p.title.replaceChildren(...titles.map((t) => h("option", { value: t }, t)));
  if (document.activeElement !== p.title && box._titleShown !== title) { p.title.value = title; box._titleShown = title; }
  const range = (model.get("player_range") || {})[p.title.value];
  if (range) { p.players.min = range[0]; p.players.max = range[1]; }
  if (document.activeElement !== p.players && box._playersShown !== model.get("players")) {
    p.players.value = String(model.get("players"));
    box._playersShown = model.get("players");
  }
  // The chosen title's options as form fields (the JSON box when the kernel sends no schema).
  const schema = (opt(model, "options_schema", {}) || {})[p.title.value];
  const schemaKey = p.title.value + JSON.stringify(schema || null);
  if (box._schemaFor !== schemaKey) {
    box._schemaFor = schemaKey;
    p.fields.replaceChildren(...(Array.isArray(schema) ? schema.map(optionField) : []));
  }
  p.options.hidden = classroom || Array.isArray(schema);
}

function showSaved(model, box) {
  const text = model.get("saved_json");
  box.replaceChildren();
  if (!text) return;
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  box.append(h("div", { class: "gk-saved" },
    h("a", { href: url, download: `gamekit-${model.get("title")}-step${model.get("step")}.json`, class: "gk-download" }, "Download the saved game"),
    h("textarea", { class: "gk-saved-text", readonly: true, rows: 2, "aria-label": "saved game JSON" }, text)));
}


// With a learner seated, the bots take their turns by themselves (after a short
// pause so each move can be followed); with nobody seated, Autoplay drives them.
function botsPlayThemselves(model) {
  return (model.get("humans") || []).length > 0;
}

function scheduleAutoplay(model, send) {
  if (model.get("is_over")) return null;
  if (!model.get("autoplay") && !botsPlayThemselves(model)) return null;
  const cover = model.get("cover_for");
  if (cover !== null && cover !== undefined) return null;
  const mover = model.get("to_move");
  const bots = model.get("bots") || [];
  if (!bots[mover]) return null; // a human decides: wait for the click
  const step = model.get("step");
  return setTimeout(() => send({ type: "step", step, auto: true }), model.get("speed_ms"));
}

function schedulePartyTimer(model, parts, send) {
  if (!model.get("party_timer")) return null;
  const legal = model.get("legal") || [];
  const noDisguise = legal.some((r) => /no.?disguise|nothing/i.test(`${r.kind} ${r.text}`));
  if (!noDisguise) return null;
  const step = model.get("step");
  let left = model.get("timer_seconds");
  const clock = h("div", { class: "gk-party-timer", role: "timer", "aria-label": "seconds left" }, `⏱ ${left}`);
  parts.actions.prepend(clock);
  return setInterval(() => {
    left -= 1;
    clock.textContent = `⏱ ${Math.max(left, 0)}`;
    if (left === 0) send({ type: "timeout", step });
  }, 1000);
}

export default { render };
