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
  for (const c of children.flat()) {
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
  const fresh = kids.flat().filter((k) => k !== null && k !== undefined && k !== false)
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
  if (spec.extraClass) classes.push(spec.extraClass);
  const el = h("div", { class: classes.join(" "), title: title || label, role: "img", "aria-label": title || label });
  if (faceDown) {
    el.appendChild(h("div", { class: "gk-back" }, shapeIcon(spec.backSymbol || "blank", "var(--gk-back-ink)", small ? 18 : 26)));
    if (label) el.appendChild(h("div", { class: "gk-card-label" }, label));
    return el;
  }
  el.style.setProperty("--gk-suit", color);
  el.appendChild(h("div", { class: "gk-band" }, value !== null ? h("span", { class: "gk-value" }, String(value)) : null));
  el.appendChild(h("div", { class: "gk-symbol" }, shapeIcon(symbol, color, small ? 22 : 34)));
  el.appendChild(h("div", { class: "gk-card-label" }, label));
  if (sub) el.appendChild(h("div", { class: "gk-card-sub" }, sub));
  return el;
}

function zone(name, ...children) {
  return h("section", { class: "gk-zone" }, h("div", { class: "gk-zone-name" }, name), h("div", { class: "gk-zone-body" }, ...children));
}

function pile(name, count, spec = {}) {
  const el = h("div", { class: "gk-pile", title: `${name}: ${count} card${count === 1 ? "" : "s"}` });
  const top = count > 0 ? card({ faceDown: true, small: true, ...spec }) : h("div", { class: "gk-card gk-small gk-empty" }, "empty");
  el.appendChild(h("div", { class: "gk-pile-stack" + (count > 1 ? " gk-stacked" : "") }, top));
  el.appendChild(h("div", { class: "gk-pile-count" }, h("b", {}, String(count)), " ", name));
  return el;
}

function chip(text, cls = "") {
  return h("span", { class: "gk-chip " + cls }, text);
}

function seatName(seat) {
  return seat === null || seat === undefined ? "nobody" : `Player ${seat}`;
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
    clickable(el, test) {
      const rows = legal.filter((row) => { try { return test(row.action, row); } catch (e) { return false; } });
      if (!rows.length) return el;
      rows.forEach((r) => ctx.used.add(r.index));
      el.classList.add("gk-playable");
      el.tabIndex = 0;
      el.setAttribute("role", "button");
      el.dataset.actions = rows.map((r) => r.index).join(",");
      el.title = rows.map((r) => r.text).join("\n");
      const go = (ev) => {
        ev.stopPropagation();
        if (rows.length === 1) send({ type: "play", index: rows[0].index, step: model.get("step") });
        else ctx.menu(ev.currentTarget, rows); // the element on the page (a redraw may keep the old one)
      };
      el.onclick = go;
      el.onkeydown = (ev) => { if (ev.key === "Enter" || ev.key === " ") go(ev); };
      return el;
    },
    menu(anchor, rows) {
      document.querySelectorAll(".gk-menu").forEach((m) => m.remove());
      const menu = h("div", { class: "gk-menu", role: "menu" },
        h("div", { class: "gk-menu-title" }, "Choose:"),
        rows.map((r) => h("button", {
          class: "gk-action gk-menu-item", "data-index": r.index,
          onclick: (ev) => { ev.stopPropagation(); menu.remove(); send({ type: "play", index: r.index, step: model.get("step") }); },
        }, r.text)),
        h("button", { class: "gk-menu-close", onclick: (ev) => { ev.stopPropagation(); menu.remove(); } }, "cancel"));
      anchor.appendChild(menu);
    },
  };
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
  if (s === ctx.seat) classes.push("gk-mine");
  if (s === ctx.toMove) classes.push("gk-active");
  return h("div", { class: classes.join(" "), "data-seat": s },
    h("div", { class: "gk-area-title" }, shapeIcon("circle", SEAT_COLORS[s % 8], 16), seatName(s),
      s === ctx.seat ? " (you)" : "", s === ctx.toMove ? chip("deciding", "gk-strong") : null, extraTitle),
    ...children);
}

function hiddenHand(n, label = "hand") {
  return h("div", { class: "gk-cards" }, n ? card({ faceDown: true, small: true, label: `${n} in ${label}` }) : chip(`no ${label}`));
}


const KIT = { h, svg, card, zone, pile, chip, seatName, isObj, get, shapeIcon, PALETTE, SEAT_COLORS, viewOf, baseView, seatArea, hiddenHand, genericBoard };
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
async function render({ model, el }) {
  const send = (msg) => model.send(msg);
  const root = h("div", { class: "gk-root", tabindex: "-1" });
  el.appendChild(root);
  const parts = {
    header: h("header", { class: "gk-header" }),
    error: h("div", { class: "gk-error", role: "alert", hidden: true }),
    seats: h("div", { class: "gk-seats" }),
    board: h("div", { class: "gk-board" }),
    actions: h("div", { class: "gk-actions" }),
    controls: h("div", { class: "gk-controls" }),
    narration: h("ol", { class: "gk-narration", "aria-live": "polite" }),
    extras: h("div", { class: "gk-extras" }),
  };
  const side = h("aside", { class: "gk-side" }, h("div", { class: "gk-side-title" }, "What happened"), parts.narration);
  const main = h("div", { class: "gk-main" }, parts.seats, parts.board, parts.actions);
  root.append(parts.header, parts.error, h("div", { class: "gk-layout" }, main, side), parts.controls, parts.extras);

  applyTheme(root);
  const themeWatch = new MutationObserver(() => applyTheme(root));
  themeWatch.observe(document.body, { attributes: true, attributeFilter: ["data-jp-theme-light"] });

  buildControls(model, parts.controls, send, root);

  let autoTimer = null;
  let partyTimer = null;
  // The board module of the title shown; a new title's board is drawn once it has loaded.
  let boardSource = model.get("board_js");
  let board = await loadBoard(boardSource);
  const redraw = () => {
    const t0 = performance.now();
    try {
      drawAll(model, parts, send, boardSource === model.get("board_js") ? board : null);
      root.classList.remove("gk-broken");
    } catch (err) {
      parts.error.hidden = false;
      parts.error.textContent = "The table could not be drawn: " + err;
      root.classList.add("gk-broken");
    }
    root.dataset.revision = String(model.get("revision"));
    root.dataset.step = String(model.get("step"));
    root.dataset.drawMs = (performance.now() - t0).toFixed(1);
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
  model.on("change:revision", redraw);
  model.on("change:memory_mode", redraw);
  model.on("change:autoplay", redraw);
  model.on("change:party_timer", redraw);
  model.on("change:saved_json", () => showSaved(model, parts.extras));
  redraw();
  return () => {
    clearTimeout(autoTimer);
    clearInterval(partyTimer);
    themeWatch.disconnect();
  };
}

function applyTheme(root) {
  const flag = document.body.dataset.jpThemeLight;
  const dark = flag === "false" || (flag === undefined && window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches);
  if (!root.dataset.themeChoice || root.dataset.themeChoice === "auto") root.classList.toggle("gk-dark", dark);
}

function drawAll(model, parts, send, drawBoard) {
  const ctx = makeCtx(model, send);
  drawHeader(model, parts.header);
  drawError(model, parts.error);
  drawSeats(model, parts.seats, send);
  const board = drawBoard ? drawBoard(ctx) : genericBoard(ctx);
  parts.board.dataset.board = drawBoard ? "title" : "generic";
  setChildren(parts.board, [board]);
  drawActions(model, parts.actions, ctx, send);
  drawNarration(model, parts.narration);
  syncControls(model, parts.controls);
}

function drawHeader(model, header) {
  const step = model.get("step");
  const over = model.get("is_over");
  const mover = model.get("to_move");
  const seat = model.get("seat");
  const persp = seat === "god" ? "god view (everything)" : seat === null ? "spectator" : `seen by Player ${seat}`;
  const status = over
    ? `Game over — ${winnersText(model.get("winners"))}`
    : mover === seat ? "Your decision" : `${seatName(mover)} decides`;
  setChildren(header, [
    h("span", { class: "gk-game-name" }, model.get("game_name")),
    h("span", { class: "gk-status" + (over ? " gk-over" : mover === seat ? " gk-yours" : "") }, status),
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

function drawSeats(model, box, send) {
  const scores = model.get("scores") || [];
  const before = box._scores || scores;
  box._scores = scores;
  const bots = model.get("bots") || [];
  const choices = model.get("bot_choices") || [];
  const mover = model.get("to_move");
  const winners = model.get("winners") || [];
  const seat = model.get("seat");
  setChildren(box, scores.map((score, i) => {
    const select = h("select", { class: "gk-bot-select", "aria-label": `who plays seat ${i}`,
      onchange: (ev) => send({ type: "bot", seat: i, name: ev.target.value }) },
      h("option", { value: "", selected: !bots[i] }, "human"),
      choices.map((c) => h("option", { value: c, selected: bots[i] === c }, `bot: ${c}`)));
    select.value = bots[i] || "";
    const classes = ["gk-seat"];
    if (i === mover) classes.push("gk-to-move");
    if (winners.includes(i)) classes.push("gk-winner");
    if (i === seat) classes.push("gk-me");
    return h("div", { class: classes.join(" "), "data-seat": i },
      h("div", { class: "gk-seat-name" }, i === mover ? "▶ " : "", seatName(i), i === seat ? " (you)" : "", winners.includes(i) ? " ★" : ""),
      h("div", { class: "gk-seat-score" + (before[i] !== score ? " gk-changed" : "") }, "score ", h("b", {}, String(score))),
      select);
  }));
}

function drawActions(model, box, ctx, send) {
  const legal = model.get("legal") || [];
  const over = model.get("is_over");
  const mover = model.get("to_move");
  const bots = model.get("bots") || [];
  if (over) { setChildren(box, []); return; }
  if (!legal.length) {
    const who = bots[mover] ? `bot "${bots[mover]}"` : "a stand-in random bot";
    setChildren(box, [h("span", { class: "gk-wait" }, `Waiting for ${seatName(mover)}. `),
      h("button", { class: "gk-btn gk-step-btn", onclick: () => send({ type: "step" }) }, `Let ${who} decide`)]);
    return;
  }
  const list = h("div", { class: "gk-action-list" });
  for (const row of legal) {
    list.append(h("button", {
      class: "gk-action" + (ctx.used.has(row.index) ? " gk-on-card" : ""),
      "data-index": row.index, "data-kind": row.kind,
      onclick: () => send({ type: "play", index: row.index, step: model.get("step") }),
    }, row.text));
  }
  setChildren(box, [h("span", { class: "gk-actions-title" }, ctx.used.size ? "Click a glowing card, or choose:" : "Choose:"), list]);
}

function drawNarration(model, list) {
  const rows = model.get("narration") || [];
  const step = model.get("step");
  setChildren(list, rows.map((r) => h("li", { class: "gk-event" + (r.step === step ? " gk-latest" : ""), "data-kind": r.kind },
    h("span", { class: "gk-event-step" }, String(r.step)),
    h("span", { class: "gk-event-text" }, r.text),
    r.ruling ? h("span", { class: "gk-ruling", title: "the rule applied" }, r.ruling) : null)));
  if (!rows.length) list.append(h("li", { class: "gk-event gk-quiet" }, "Nothing yet."));
  requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
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
  const zoom = h("select", { class: "gk-zoom-select", "aria-label": "size",
    onchange: (ev) => root.style.setProperty("--gk-scale", ev.target.value) },
    h("option", { value: "1" }, "size: normal"), h("option", { value: "1.3" }, "large"), h("option", { value: "1.6" }, "projector"));
  // new game
  const title = h("select", { class: "gk-new-title", "aria-label": "title" });
  const players = h("input", { type: "number", class: "gk-new-players", min: 1, max: 8, "aria-label": "players", placeholder: "players" });
  const seed = h("input", { type: "number", class: "gk-new-seed", min: 0, "aria-label": "seed", placeholder: "seed" });
  const options = h("input", { type: "text", class: "gk-new-options", "aria-label": "options (JSON)", placeholder: '{"option": value}' });
  const newGame = btn("New game", "gk-new", () => {
    let opts = {};
    try { opts = options.value.trim() ? JSON.parse(options.value) : {}; } catch (e) { opts = options.value; }
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
    h("div", { class: "gk-row" }, title, players, seed, options, newGame,
      btn("Save", "gk-save", () => send({ type: "save" }), "save this game as JSON"),
      h("label", { class: "gk-load-label" }, "Load ", file)),
  );
  box._parts = { timeline, speed, auto, memory, timer, persp, title, players, seed };
  const out = timeline.parentElement.querySelector("output");
  timeline.addEventListener("input", () => { out.textContent = `${timeline.value}/${timeline.max}`; });
}

function syncControls(model, box) {
  const p = box._parts;
  if (!p) return;
  const step = model.get("step");
  const total = model.get("total_steps");
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
  for (let i = 0; i < model.get("players"); i++) options.push([String(i), `Player ${i}`]);
  options.push(["god", "god view (everything)"]);
  p.persp.replaceChildren(...options.map(([v, t]) => h("option", { value: v }, t)));
  p.persp.value = seat === null ? "" : String(seat);
  const titles = model.get("titles") || [];
  if (p.title.options.length !== titles.length) p.title.replaceChildren(...titles.map((t) => h("option", { value: t }, t)));
  if (document.activeElement !== p.title) p.title.value = title;
  const range = (model.get("player_range") || {})[p.title.value];
  if (range) { p.players.min = range[0]; p.players.max = range[1]; }
  if (document.activeElement !== p.players) p.players.value = String(model.get("players"));
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

function scheduleAutoplay(model, send) {
  if (!model.get("autoplay") || model.get("is_over")) return null;
  const mover = model.get("to_move");
  const bots = model.get("bots") || [];
  if (!bots[mover]) return null; // a human decides: wait for the click
  return setTimeout(() => send({ type: "step" }), model.get("speed_ms"));
}

function schedulePartyTimer(model, parts, send) {
  if (!model.get("party_timer")) return null;
  const legal = model.get("legal") || [];
  const noDisguise = legal.some((r) => /no.?disguise|nothing/i.test(`${r.kind} ${r.text}`));
  if (!noDisguise) return null;
  const step = model.get("step");
  let left = model.get("timer_seconds");
  const clock = h("div", { class: "gk-party-timer", role: "timer" }, `⏱ ${left}`);
  parts.actions.prepend(clock);
  return setInterval(() => {
    left -= 1;
    clock.textContent = `⏱ ${Math.max(left, 0)}`;
    if (left === 0) send({ type: "timeout", step });
  }, 1000);
}

export default { render };
