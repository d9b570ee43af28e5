// @ts-check
// Small DOM helpers and display constants shared by every screen. No game rules live here.

import * as i18n from "./i18n.js";

const { has, t } = i18n;

const SVG_NS = "http://www.w3.org/2000/svg";

function applyAttrs(el, attrs, isSvg) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.setAttribute("class", v);
    else if (k === "style" && typeof v === "object") Object.assign(el.style, v);
    else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "text") el.textContent = v;
    else if (k === "html") el.innerHTML = v;
    else if (!isSvg && (k === "value" || k === "checked" || k === "disabled" || k === "selected")) el[k] = v;
    else el.setAttribute(k, v === true ? "" : String(v));
  }
}

function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

/** h("div", {class: "x", onclick: f}, child, "text", [more]) */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  applyAttrs(el, attrs, false);
  append(el, children);
  return el;
}

/** The same for SVG elements. */
export function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  applyAttrs(el, attrs, true);
  append(el, children);
  return el;
}

// Small line icons drawn as SVG (a glyph such as ⏱ or 👁 needs a font the device may lack).
const ICONS = {
  clock: [["circle", { cx: 12, cy: 13, r: 8 }], ["path", { d: "M12 9v4l3 2M9 2h6" }]],
  eye: [["path", { d: "M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" }], ["circle", { cx: 12, cy: 12, r: 3 }]],
  first: [["path", { d: "M6 5v14M18 5l-9 7 9 7z" }]],
  last: [["path", { d: "M18 5v14M6 5l9 7-9 7z" }]],
  bell: [["path", { d: "M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0" }]],
};

/** An inline icon (``name`` of ICONS), ``label`` its text for screen readers (else hidden). */
export function icon(name, label) {
  return s("svg", { class: `icon icon-${name}`, viewBox: "0 0 24 24", width: "1em", height: "1em", fill: "none",
    stroke: "currentColor", "stroke-width": 2, "stroke-linecap": "round", "stroke-linejoin": "round",
    role: label ? "img" : null, "aria-label": label || null, "aria-hidden": label ? null : "true", "data-icon": name },
  (ICONS[name] || []).map(([tag, attrs]) => s(tag, attrs)));
}

/** Append children (nested arrays flattened; null, undefined and false skipped). */
export function put(el, ...children) {
  append(el, children);
  return el;
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

/** Canonical JSON (sorted keys, no spaces): equals fcm.presentation.action_key in Python. */
export function canonical(value) {
  if (Array.isArray(value)) return "[" + value.map(canonical).join(",") + "]";
  if (value && typeof value === "object") {
    return "{" + Object.keys(value).sort()
      .map((k) => JSON.stringify(k) + ":" + canonical(value[k])).join(",") + "}";
  }
  return JSON.stringify(value);
}

export function money(n) {
  if (n === null || n === undefined) return "?";
  return i18n.money(n);
}

/** "$10 + 1 = 11", with a module's term in the total when there is one ("$10 + 1 − 1
 * (milestone) = 10"): the sum adds up to the engine's total. */
export function totalText(c) {
  const adjust = c.adjust ? t("util.total_adjust", { sign: c.adjust < 0 ? "−" : "+", count: Math.abs(c.adjust) }) : "";
  return `${money(c.price)} + ${c.distance}${adjust} = ${c.total}`;
}

export const GOODS = {
  burger: { short: "B", fill: "#92400e", text: "#fff" },
  pizza: { short: "P", fill: "#fca5a5", text: "#7f1d1d" },
  soda: { short: "S", fill: "#7dd3fc", text: "#0c4a6e" },
  lemonade: { short: "L", fill: "#facc15", text: "#111" },
  beer: { short: "Be", fill: "#a16207", text: "#fff" },
};

const BASE_GOODS = Object.keys(GOODS);

/** A base good's name in the page's language, capitalised as a label. */
function goodName(good) {
  return t(`good.${good}`).replace(/^./, (c) => c.toUpperCase());
}

// a base good's label: its name in the page's language, read when shown (the catalog loads
// after this module)
for (const good of BASE_GOODS) Object.defineProperty(GOODS[good], "label", { get: () => goodName(good), enumerable: true });

/** The game's goods: the base game's and its modules' (the catalog's texts, fcm/texts.py);
 * called when a game's catalog arrives, so the chips and the board's legend know them. */
export function learnGoods(catalog) {
  for (const good of Object.keys(GOODS)) if (!BASE_GOODS.includes(good)) delete GOODS[good];
  const looks = (catalog && catalog.texts && catalog.texts.goods) || {};
  for (const good of (catalog && catalog.goods) || []) if (!GOODS[good]) GOODS[good] = goodLook(good, looks[good]);
}

/** A good's look: the module's, else its name and first letter in grey. */
export function goodLook(good, look) {
  const label = String(good).replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
  return { label, short: label[0], fill: "#888", text: "#fff", ...(look || {}) };
}

export function goodChip(good, extra) {
  const g = GOODS[good] || goodLook(good);  // a good no catalog named: still readable
  return h("span", { class: "good-chip", title: g.label, "data-good": good,
    style: { background: g.fill, color: g.text }, ...(extra || {}) }, g.short);
}

// Each chain has a shape as well as a colour (colour-blind players tell them apart by shape and
// lightness: dark red against light orange, dark blue against light orchid), ``ink`` the text
// on its colour and ``dark`` its colour for text on white (WCAG AA, 4.5:1 and more), and a
// dash pattern for chart lines.
export const CHAINS = [
  { name: "Xango Blues Bar", short: "XANGO", colour: "#b91c1c", ink: "#ffffff", dark: "#b91c1c", light: "#fecaca", shape: "square", dash: null },
  { name: "Golden Duck Diner", short: "DUCK", colour: "#1e40af", ink: "#ffffff", dark: "#1e40af", light: "#bfdbfe", shape: "circle", dash: "8 4" },
  { name: "Gluttony Inc.", short: "GLUTTONY", colour: "#e879f9", ink: "#111827", dark: "#a21caf", light: "#f5d0fe", shape: "triangle", dash: "2 3" },
  { name: "Santa Maria Pizza", short: "S.MARIA", colour: "#fb923c", ink: "#111827", dark: "#c2410c", light: "#fed7aa", shape: "diamond", dash: "10 3 2 3" },
  { name: "Fried Geese & Donkey", short: "GEESE", colour: "#0f766e", ink: "#ffffff", dark: "#0f766e", light: "#99f6e4", shape: "star", dash: "4 2" },
  // the sixth chain of a six-player game (ketchup.md 17): light lime, a hexagon
  { name: "Siap Faji", short: "SIAP", colour: "#a3e635", ink: "#111827", dark: "#3f6212", light: "#ecfccb", shape: "hexagon", dash: "1 3" },
];

/** The SVG path of a chain's shape centred on (cx, cy), ``r`` its half size. */
export function shapePath(shape, cx, cy, r) {
  switch (shape) {
    case "circle": return `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;
    case "triangle": return `M${cx} ${cy - r}L${cx + r} ${cy + r * 0.8}L${cx - r} ${cy + r * 0.8}Z`;
    case "diamond": return `M${cx} ${cy - r}L${cx + r} ${cy}L${cx} ${cy + r}L${cx - r} ${cy}Z`;
    case "hexagon": {
      const pts = [];
      for (let i = 0; i < 6; i++) {
        const a = (i * Math.PI) / 3;
        pts.push(`${(cx + r * Math.cos(a)).toFixed(2)} ${(cy + r * Math.sin(a)).toFixed(2)}`);
      }
      return `M${pts.join("L")}Z`;
    }
    case "star": {
      const pts = [];
      for (let i = 0; i < 10; i++) {
        const a = -Math.PI / 2 + (i * Math.PI) / 5, k = i % 2 ? r * 0.45 : r;
        pts.push(`${(cx + k * Math.cos(a)).toFixed(2)} ${(cy + k * Math.sin(a)).toFixed(2)}`);
      }
      return `M${pts.join("L")}Z`;
    }
    default: return `M${cx - r * 0.85} ${cy - r * 0.85}h${1.7 * r}v${1.7 * r}h${-1.7 * r}Z`;
  }
}

/** A chain's marker: its shape in its colour (a dark outline keeps light colours visible). */
export function chainMark(seat, size, extra) {
  const ch = chain(seat);
  return s("svg", { class: `chain-mark ${extra || ""}`, viewBox: "0 0 20 20", width: size || "1em", height: size || "1em",
    "aria-hidden": "true", "data-shape": ch.shape },
  s("path", { d: shapePath(ch.shape, 10, 10, 8.5), fill: ch.colour, stroke: "#111827", "stroke-width": 1.2 }));
}

export function chain(seat) {
  return CHAINS[seat % CHAINS.length];
}

/** A seat's display name: the name given at creation, else "Player N" / "Bot N". */
export function seatName(seats, seat) {
  if (seat === null || seat === undefined) return t("util.spectator");
  const info = (seats || [])[seat] || {};
  if (info.name) return info.name;
  if (info.kind === "bot") return t("seat.bot", { n: seat + 1, level: info.bot || "bot" });
  return t("seat.player", { n: seat + 1 });
}

/** "Ann's", and "Your" for the tutorial's player (named "You"): the catalog's fmt.whose, which
 * each language's sentences place where its grammar wants ("Zug von Ann", "Ann的回合"). */
export function possessive(name) {
  const you = name === "You" || name === t("tutorial.seat.you");
  return you && has("fmt.whose_you") ? t("fmt.whose_you") : t("fmt.whose", { name });
}

export function seatBadge(seats, seat) {
  return h("span", { class: "seat-badge", style: { borderColor: chain(seat).colour } },
    chainMark(seat, null, "swatch"),
    seatName(seats, seat));
}

// The phases' and steps' names in the page's language (read when shown: the catalog loads after
// this module).
/** @type {Record<string, string | undefined>} */
export const PHASES = new Proxy({}, { get: (_, k) => (typeof k === "string" && has(`phase.${k}`) ? t(`phase.${k}`) : undefined) });

/** @type {Record<string, string | undefined>} */
export const STEPS = new Proxy({}, { get: (_, k) => (typeof k === "string" && has(`util.step.${k}`) ? t(`util.step.${k}`) : undefined) });

export function cardName(catalog, id) {
  if (!id) return t("util.fired");
  const e = catalog && catalog.employees[id];
  return e ? e.name : id;
}

export function milestoneName(catalog, id) {
  const m = catalog && catalog.milestones[id];
  return m ? m.name : id;
}

export function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
