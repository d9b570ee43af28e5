// @ts-check
// The map as SVG: printed squares, roads, bridges, suppliers, houses with demand, gardens,
// restaurants, campaigns and airplanes; zoom (wheel, buttons) and pan (drag); highlights of
// legal squares. It draws what the server's presentation says and decides nothing itself.

import { list, t } from "./i18n.js";
import { GOODS, chain, clear, goodChip, goodLook, h, s, shapePath } from "./util.js";

export const SQ = 40; // one square, in SVG units
const MARGIN = 58; // room around the map for airplanes
const EDGE_BAND = 44; // depth of an airplane token
const PHONE_SCALE = 1.1; // screen pixels per SVG unit on a phone: a square is 44 px
const MIN_TEXT = 11; // the smallest font size in SVG units: 12 px at a phone's first zoom

/** Squeeze ``el``'s text into ``room`` units when its letters (about 0.62 em each, bold
 * capitals) would run past it: the size stays readable, the letters narrow instead. */
function fitText(el, room) {
  const size = Number(el.getAttribute("font-size"));
  if ((el.textContent || "").length * size * 0.62 > room) {
    el.setAttribute("textLength", String(room));
    el.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
  return el;
}

function key(cell) {
  return `${cell[0]},${cell[1]}`;
}

// A house beside the board (a module's house without squares) sits in the margin's
// top-left corner, where no airplane goes.
const BESIDE_HOUSE = { x: 4, y: 4, w: MARGIN - 8, h: MARGIN - 8, r0: -1, c0: -1, r1: -1, c1: -1 };

function bbox(cells) {
  if (!cells.length) return BESIDE_HOUSE;
  let r0 = Infinity, c0 = Infinity, r1 = -Infinity, c1 = -Infinity;
  for (const [r, c] of cells) {
    r0 = Math.min(r0, r); c0 = Math.min(c0, c); r1 = Math.max(r1, r); c1 = Math.max(c1, c);
  }
  return { x: MARGIN + c0 * SQ, y: MARGIN + r0 * SQ, w: (c1 - c0 + 1) * SQ, h: (r1 - r0 + 1) * SQ, r0, c0, r1, c1 };
}

// A map piece's look by what its square becomes for the geometry (PieceKind.square).
const PIECE_LOOKS = {
  r: { style: "road", fill: "#6b7280", stroke: "#374151", ink: "#f9fafb" },
  x: { style: "bridge", fill: "#a8b0bc", stroke: "#111827", ink: "#111827" },
  "#": { style: "blocked", fill: "#4d7c0f", stroke: "#365314", ink: "#f7fee7" },
  // a road that costs one more to cross at Dinnertime (roadworks): still a road
  w: { style: "road", fill: "#c2410c", stroke: "#7c2d12", ink: "#fff7ed" },
  ".": { style: "empty", fill: "#e7eed3", stroke: "#a3a3a3", ink: "#111827" },
  "": { style: "beside", fill: "#475569", stroke: "#0f172a", ink: "#f8fafc" },  // beside the map
};

function sqX(c) { return MARGIN + c * SQ; }
function sqY(r) { return MARGIN + r * SQ; }

/** The rectangle of an airplane token (or an airplane slot) in the margin. */
function airplaneRect(board, edge, first, span) {
  const len = span * SQ;
  switch (edge) {
    case "n": return { x: sqX(first), y: MARGIN - EDGE_BAND - 6, w: len, h: EDGE_BAND };
    case "s": return { x: sqX(first), y: sqY(board.height) + 6, w: len, h: EDGE_BAND };
    case "w": return { x: MARGIN - EDGE_BAND - 6, y: sqY(first), w: EDGE_BAND, h: len };
    default: return { x: sqX(board.width) + 6, y: sqY(first), w: EDGE_BAND, h: len };
  }
}

function goodToken(x, y, r, good, attrs) {
  const g = GOODS[good] || goodLook(good);
  // the letter is at least MIN_TEXT even on a small token (it may reach the token's rim)
  const size = Math.max(r * 1.05, MIN_TEXT);
  return s("g", { class: "good-token", "data-good": good, ...(attrs || {}) },
    s("circle", { cx: x, cy: y, r, fill: g.fill, stroke: "#1f2937", "stroke-width": 1 }),
    fitText(s("text", { x, y: y + size * 0.36, "text-anchor": "middle", "font-size": size, "font-weight": 700, fill: g.text }, g.short), 2 * r + 2));
}

export class BoardView {
  constructor(container, handlers) {
    this.container = container;
    this.handlers = handlers || {};
    this.board = null;
    this.pres = null;
    this.names = (seat) => `seat ${seat}`;
    this.houseAt = new Map();
    this.campaignAt = new Map();
    this.build();
  }

  build() {
    const wrap = h("div", { class: "board-wrap", "data-test": "board" });
    this.svg = s("svg", { class: "board-svg", xmlns: "http://www.w3.org/2000/svg" });
    this.defs = s("defs", {});
    this.layers = {
      ground: s("g", { class: "ground" }),
      pieces: s("g", { class: "pieces" }),
      air: s("g", { class: "air" }),
      hl: s("g", { class: "highlights" }),
      hit: s("g", { class: "hit" }),
    };
    this.svg.append(this.defs, ...Object.values(this.layers));
    this.tooltip = h("div", { class: "tooltip hidden", "data-test": "tooltip" });
    const tools = h("div", { class: "board-tools" },
      h("button", { type: "button", title: t("board.zoom_in"), onclick: () => this.zoomBy(1 / 1.25) }, "+"),
      h("button", { type: "button", title: t("board.zoom_out"), onclick: () => this.zoomBy(1.25) }, "−"),
      h("button", { type: "button", title: t("board.fit.help"), onclick: () => { this.autoView = false; this.fit(); } }, t("board.fit")));
    this.legend = h("div", { class: "legend" });
    // campaign tiles that lie beside the board (no square): drawn here, in their chain's colour
    this.beside = h("div", { class: "beside-board hidden", "data-test": "beside-board" });
    wrap.append(this.svg, tools, this.tooltip, this.beside, this.legend);
    this.container.append(wrap);
    this.wrap = wrap;
    this.installPanZoom();
    // Escape closes a pinned tooltip
    this.onKey = (ev) => {
      if (!this.wrap.isConnected) return document.removeEventListener("keydown", this.onKey);
      if (ev.key === "Escape") { this.unpin(); this.hideTooltip(); }
    };
    document.addEventListener("keydown", this.onKey);
  }

  // -- static map ----------------------------------------------------------------------------

  /**
   * @param {import("./types").BoardPicture} board
   */
  setStatic(board) {
    this.board = board;
    this.totalW = board.width * SQ + 2 * MARGIN;
    this.totalH = board.height * SQ + 2 * MARGIN;
    clear(this.defs);
    this.defs.append(
      s("pattern", { id: "soon", width: 10, height: 10, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
        s("rect", { width: 10, height: 10, fill: "#ffffff" }),
        s("rect", { width: 5, height: 10, fill: "#9ca3af" })),
      s("pattern", { id: "garden", width: 12, height: 12, patternUnits: "userSpaceOnUse" },
        s("rect", { width: 12, height: 12, fill: "#86efac" }),
        s("circle", { cx: 4, cy: 4, r: 2.2, fill: "#16a34a" }),
        s("circle", { cx: 10, cy: 9, r: 1.6, fill: "#15803d" })));
    const g = clear(this.layers.ground);
    g.append(s("rect", { x: 0, y: 0, width: this.totalW, height: this.totalH, fill: "#f8fafc" }));
    // the map's frame, tile by tile: a map that grew by a tile is no rectangle (" " squares
    // are off the map)
    for (const t of board.tiles) {
      g.append(s("rect", { x: sqX(t.col * 5) - 4, y: sqY(t.row * 5) - 4, width: 5 * SQ + 8, height: 5 * SQ + 8, fill: "#cbd5e1", rx: 6 }));
    }
    for (let r = 0; r < board.height; r++) {
      const row = board.squares[r];
      for (let c = 0; c < board.width; c++) {
        const kind = row[c];
        if (kind === " ") continue;
        const road = kind === "r" || kind === "x";
        // "P": a park printed on a tile
        g.append(s("rect", { x: sqX(c), y: sqY(r), width: SQ, height: SQ, class: kind === "P" ? "printed-park" : null,
          fill: road ? "#6b7280" : kind === "P" ? "#65a30d" : "#e7eed3", stroke: road ? "#6b7280" : "#d3dcbb", "stroke-width": 0.6 }));
      }
    }
    // road centre lines, from the board's own road links
    for (const node of board.roads) {
      const [r, c] = node.cell;
      const cx = sqX(c) + SQ / 2, cy = sqY(r) + SQ / 2;
      const ends = { n: [cx, sqY(r)], s: [cx, sqY(r) + SQ], w: [sqX(c), cy], e: [sqX(c) + SQ, cy] };
      for (const d of node.links) {
        g.append(s("line", { x1: cx, y1: cy, x2: ends[d][0], y2: ends[d][1], stroke: "#f9fafb", "stroke-width": 1.6, "stroke-dasharray": "5 4", class: "road-line" }));
      }
    }
    for (const [r, c] of board.bridges) {
      // the east-west road passes over the north-south one
      const x = sqX(c), y = sqY(r);
      g.append(s("g", { class: "bridge", "data-cell": key([r, c]) },
        s("title", {}, t("board.bridge")),
        s("rect", { x: x - 2, y: y + 8, width: SQ + 4, height: SQ - 16, fill: "#a8b0bc" }),
        s("line", { x1: x - 2, y1: y + 8, x2: x + SQ + 2, y2: y + 8, stroke: "#111827", "stroke-width": 2.5 }),
        s("line", { x1: x - 2, y1: y + SQ - 8, x2: x + SQ + 2, y2: y + SQ - 8, stroke: "#111827", "stroke-width": 2.5 }),
        s("line", { x1: x, y1: y + SQ / 2, x2: x + SQ, y2: y + SQ / 2, stroke: "#f9fafb", "stroke-width": 1.6, "stroke-dasharray": "5 4" })));
    }
    for (const sup of board.suppliers) {
      const [r, c] = sup.cell;
      const gd = GOODS[sup.good];
      g.append(s("g", { class: "supplier", "data-supplier": sup.good, "data-cell": key(sup.cell) },
        s("rect", { x: sqX(c) + 3, y: sqY(r) + 3, width: SQ - 6, height: SQ - 6, rx: 5, fill: gd.fill, stroke: "#111827", "stroke-width": 1.5 }),
        s("rect", { x: sqX(c) + 8, y: sqY(r) + 8, width: SQ - 16, height: 5, fill: "#ffffff", opacity: 0.55 }),
        fitText(s("text", { x: sqX(c) + SQ / 2, y: sqY(r) + SQ / 2 + 10, "text-anchor": "middle", "font-size": MIN_TEXT, "font-weight": 700, fill: gd.text }, gd.label.toUpperCase().slice(0, 5)), SQ - 10)));
    }
    // tile borders (the tile codes are the engine's business, not the players')
    for (const t of board.tiles) {
      const x = sqX(t.col * 5), y = sqY(t.row * 5);
      g.append(s("rect", { x, y, width: 5 * SQ, height: 5 * SQ, fill: "none", stroke: "#334155", "stroke-width": 2.5 }));
    }
    // hit layer: one transparent square per map square, and one per airplane slot in the margin
    const hit = clear(this.layers.hit);
    for (let r = 0; r < board.height; r++) {
      for (let c = 0; c < board.width; c++) {
        if (board.squares[r][c] === " ") continue; // off the map
        hit.append(s("rect", { x: sqX(c), y: sqY(r), width: SQ, height: SQ, fill: "transparent", "data-sq": key([r, c]) }));
      }
    }
    for (let c = 0; c < board.width; c++) {
      for (const e of ["n", "s"]) {
        const rr = airplaneRect(board, e, c, 1);
        hit.append(s("rect", { x: rr.x, y: rr.y, width: rr.w, height: rr.h, fill: "transparent", "data-edge": `${e},${c}` }));
      }
    }
    for (let r = 0; r < board.height; r++) {
      for (const e of ["w", "e"]) {
        const rr = airplaneRect(board, e, r, 1);
        hit.append(s("rect", { x: rr.x, y: rr.y, width: rr.w, height: rr.h, fill: "transparent", "data-edge": `${e},${r}` }));
      }
    }
    this.autoView = true;
    this.defaultView();
    this.renderLegend();
  }

  renderLegend() {
    clear(this.legend);
    for (const [good, g] of Object.entries(GOODS)) {
      this.legend.append(h("span", { class: "legend-item" },
        h("span", { class: "good-chip", style: { background: g.fill, color: g.text } }, g.short), g.label));
    }
    this.legend.append(h("span", { class: "legend-item" }, h("span", { class: "legend-box soon" }), t("glossary.coming_soon")),
      h("span", { class: "legend-item" }, t("board.legend.entrance")), h("span", { class: "legend-item" }, t("board.legend.eternal")));
  }

  // -- pieces --------------------------------------------------------------------------------

  /**
   * @param {import("./types").Presentation} pres
   * @param {(seat: number) => string} [names]
   */
  update(pres, names) {
    this.pres = pres;
    if (names) this.names = names;
    if (!this.board) return;
    const g = clear(this.layers.pieces);
    const air = clear(this.layers.air);
    this.houseAt.clear();
    this.campaignAt.clear();
    for (const piece of pres.pieces || []) this.drawPiece(g, piece);  // on the ground, first
    for (const house of pres.houses) this.drawHouse(g, house);
    for (const r of pres.restaurants) this.drawRestaurant(g, r);
    for (const c of pres.campaigns) {
      if (c.edge) this.drawAirplane(air, c);
      else if (c.cells.length) this.drawCampaign(g, c);
      else this.drawBeside(g, c);  // a campaign beside the board (no square)
    }
    this.renderBeside(pres);
    const dc = pres.draft_campaign;
    // a tile beside the board has no square to draw (an empty list: no NaN box)
    if (dc && ((dc.cells && dc.cells.length) || dc.edge)) {
      const ghost = { number: dc.number, kind: dc.type, icon: dc.icon, owner: pres.acting, good: null, remaining: null, eternal: false, cells: dc.cells || [], edge: dc.edge, first: dc.first, span: dc.span, draft: true };
      if (dc.edge) this.drawAirplane(air, ghost);
      else this.drawCampaign(g, ghost);
    }
  }

  /** The tiles beside the board: each with its chain's colour, icon, good, rounds left and
   * the houses it reaches (or that it reaches none now).
   * @param {import("./types").Presentation} pres
   */
  renderBeside(pres) {
    const tiles = pres.campaigns.filter((c) => !c.edge && !c.cells.length);
    clear(this.beside).classList.toggle("hidden", !tiles.length);
    if (!tiles.length) return;
    this.beside.append(h("span", { class: "muted" }, t("board.beside")),
      ...tiles.map((c) => h("span", { class: "beside-tile", "data-campaign": c.number, style: { borderColor: chain(c.owner).dark } },
        h("span", { class: "beside-icon", style: { background: chain(c.owner).colour, color: chain(c.owner).ink } }, c.icon || "?"),
        ` #${c.number} ${c.kind.replace(/_/g, " ")} `, goodChip(c.good),
        ` ${c.eternal ? t("ev.eternal") : t("dec.left", { n: c.remaining })} · `,
        (c.reaches || []).length ? t("board.reaches", { count: c.reaches.length, houses: list(c.reaches) })
          : h("strong", { class: "warning-text", "data-test": "beside-reaches-none" }, t("board.reaches_none")))));
  }

  // A campaign beside the board: a badge in its chain's colour on every house it reaches.
  drawBeside(g, c) {
    const ch = chain(c.owner);
    for (const number of c.reaches || []) {
      const house = this.pres.houses.find((x) => x.number === number);
      if (!house) continue;
      const b = this.houseBox(house);
      const nth = (this.pres.campaigns.filter((o) => !o.edge && !o.cells.length && o.number < c.number && (o.reaches || []).includes(number))).length;
      const grp = s("g", { class: "beside-badge", "data-campaign": c.number, "data-house": number });
      grp.append(s("rect", { x: b.x + 2 + nth * 22, y: b.y + b.h - 17, width: 20, height: 15, rx: 3, fill: ch.colour, opacity: 0.9 }));
      grp.append(s("text", { x: b.x + 12 + nth * 22, y: b.y + b.h - 5.5, "text-anchor": "middle", "font-size": MIN_TEXT, "font-weight": 800, fill: ch.ink }, `${c.icon || "?"}`));
      grp.append(s("title", {}, `#${c.number} ${c.kind.replace(/_/g, " ")}: ${c.good}, ${c.eternal ? t("ev.eternal") : t("dec.left", { n: c.remaining })}`));
      g.append(grp);
    }
  }

  /** A module's piece on the map, drawn by what its square becomes (a road, a bridge, neither
   * road nor empty) and its kind's own mark: the board knows no module.
   * @param {SVGElement} g
   * @param {import("./types").PieceOut} piece
   */
  drawPiece(g, piece) {
    const look = PIECE_LOOKS[piece.square] || PIECE_LOOKS["."];
    for (const cell of piece.cells) {
      const x = sqX(cell[1]), y = sqY(cell[0]);
      // an owned piece (a chain's shop) in its chain's colour with the chain's shape, as a restaurant
      const ch = piece.owner === null || piece.owner === undefined ? null : chain(piece.owner);
      const grp = s("g", { class: `piece piece-${look.style}` + (ch ? " owned" : ""), "data-piece": piece.kind, "data-square": piece.square, "data-cell": key(cell),
        "data-owner": ch ? piece.owner : null },
        s("rect", { x: x + 1, y: y + 1, width: SQ - 2, height: SQ - 2, rx: 3, fill: ch ? ch.colour : look.fill, stroke: ch ? "#111827" : look.stroke, "stroke-width": 1.5 }));
      if (look.style === "road" || look.style === "bridge") {
        grp.append(s("line", { x1: x + 6, y1: y + SQ / 2, x2: x + SQ - 6, y2: y + SQ / 2, stroke: "#f9fafb", "stroke-width": 1.6, "stroke-dasharray": "5 4" }));
      }
      if (ch) {
        grp.append(s("path", { d: shapePath(ch.shape, x + SQ / 2, y + (piece.label ? 11 : SQ / 2), 6), fill: ch.ink, stroke: ch.colour, "stroke-width": 1, class: "chain-shape", "data-shape": ch.shape }));
      }
      if (piece.label) {
        grp.append(s("text", { x: x + SQ / 2, y: y + SQ / 2 + (ch ? 12 : 5), "text-anchor": "middle", "font-size": ch ? 12 : 14, "font-weight": 800, fill: ch ? ch.ink : look.ink, class: "piece-label" }, piece.label));
      }
      if (ch) grp.append(s("title", {}, this.names(piece.owner)));
      g.append(grp);
    }
  }

  /**
   * @param {SVGElement} g
   * @param {import("./types").HouseOut} house
   */
  drawHouse(g, house) {
    if (!house.cells.length) return this.drawBesideHouse(g, house);
    const b = bbox(house.cells);
    const grp = s("g", { class: "house" + (house.printed ? " printed" : " placed"), "data-house": house.number, "data-demand": house.demand.join(",") });
    if (house.garden.length) {
      const gb = bbox(house.garden);
      grp.append(s("rect", { x: gb.x + 2, y: gb.y + 2, width: gb.w - 4, height: gb.h - 4, rx: 6, fill: "url(#garden)", stroke: "#15803d", "stroke-width": 1.5, class: "garden" }));
      for (const c of house.garden) this.houseAt.set(key(c), house.number);
    }
    grp.append(s("rect", { x: b.x + 3, y: b.y + 3, width: b.w - 6, height: b.h - 6, rx: 7,
      fill: house.printed ? "#fcd9a8" : "#fde7c4", stroke: "#7c2d12", "stroke-width": 2,
      "stroke-dasharray": house.printed ? null : "6 3" }));
    // roof
    grp.append(s("path", { d: `M${b.x + 10} ${b.y + 26} L${b.x + b.w / 2} ${b.y + 9} L${b.x + b.w - 10} ${b.y + 26} Z`, fill: "#b45309", opacity: 0.35 }));
    grp.append(s("circle", { cx: b.x + 17, cy: b.y + 17, r: 12, fill: "#ffffff", stroke: "#7c2d12", "stroke-width": 1.5 }));
    grp.append(s("text", { x: b.x + 17, y: b.y + 22, "text-anchor": "middle", "font-size": 14, "font-weight": 800, fill: "#7c2d12", class: "house-number" }, house.label ?? String(house.number)));
    if (!house.printed) {
      grp.append(fitText(s("text", { x: b.x + b.w - 6, y: b.y + 18, "text-anchor": "end", "font-size": MIN_TEXT, fill: "#7c2d12" }, t("board.new_house")), b.w - 38));
    }
    // demand tokens and free capacity (a house without a cap: its tokens only)
    const n = house.capacity ?? house.demand.length;
    const step = (b.w - 14) / n;
    const r = Math.min(n > 3 ? 6.2 : 7.5, step / 2 - 0.3);
    for (let i = 0; i < n; i++) {
      const x = b.x + 7 + step * (i + 0.5);
      const y = b.y + b.h - 15;
      if (i < house.demand.length) grp.append(goodToken(x, y, r, house.demand[i], { class: "demand-token" }));
      else grp.append(s("circle", { cx: x, cy: y, r: r - 1.5, fill: "none", stroke: "#a16207", "stroke-width": 1, "stroke-dasharray": "2 2" }));
    }
    for (const c of house.cells) this.houseAt.set(key(c), house.number);
    g.append(grp);
  }

  /** Where a house is drawn: its squares, or for a house beside the board (without squares)
   * the margin's top-right corner (the board's tools lie over the top-left one, and a phone
   * could not tap it there).
   * @param {import("./types").HouseOut} house
   */
  houseBox(house) {
    if (house.cells.length) return bbox(house.cells);
    return { ...BESIDE_HOUSE, x: this.totalW - MARGIN + 4 };
  }

  /** A house beside the board (a module's, without squares): its label and its demand in
   * the margin's top-right corner, one token per good with the count (it may have no cap), tappable.
   * @param {SVGElement} g
   * @param {import("./types").HouseOut} house
   */
  drawBesideHouse(g, house) {
    const b = this.houseBox(house);
    const grp = s("g", { class: "house beside-house", "data-house": house.number, "data-house-beside": house.number, "data-demand": house.demand.join(",") });
    grp.append(s("rect", { x: b.x, y: b.y, width: b.w, height: b.h, rx: 7, fill: "#d9f99d", stroke: "#3f6212", "stroke-width": 2 }));
    grp.append(s("text", { x: b.x + 11, y: b.y + 16, "text-anchor": "middle", "font-size": 14, "font-weight": 800, fill: "#3f6212", class: "house-number" }, house.label ?? String(house.number)));
    const counts = new Map();
    for (const good of house.demand) counts.set(good, (counts.get(good) || 0) + 1);
    [...counts.entries()].slice(0, 4).forEach(([good, n], i) => {
      const x = b.x + 9 + (i % 2) * 24, y = b.y + 30 + Math.floor(i / 2) * 16;
      grp.append(goodToken(x, y, 6, good, { class: "demand-token" }));
      grp.append(s("text", { x: x + 8, y: y + 4, "font-size": MIN_TEXT, "font-weight": 700, fill: "#1a2e05" }, String(n)));
    });
    grp.append(s("title", {}, `${house.label ?? house.number}: ${house.demand.length}`));
    g.append(grp);
  }

  /**
   * @param {SVGElement} g
   * @param {import("./types").RestaurantOut} r
   */
  drawRestaurant(g, r) {
    const b = bbox(r.cells);
    const ch = chain(r.owner);
    const grp = s("g", { class: "restaurant" + (r.open ? "" : " coming-soon") + (r.drive_in ? " drive-in" : ""),
      "data-owner": r.owner, "data-number": r.number, "data-entrance": r.entrance });
    grp.append(s("rect", { x: b.x + 3, y: b.y + 3, width: b.w - 6, height: b.h - 6, rx: 6,
      fill: r.open ? ch.colour : "url(#soon)", stroke: r.open ? "#111827" : ch.colour, "stroke-width": r.open ? 2 : 4 }));
    const label = ch.short;
    const ink = r.open ? ch.ink : "#111827";
    grp.append(s("text", { x: b.x + b.w / 2, y: b.y + b.h / 2 - 2, "text-anchor": "middle", "font-size": 11, "font-weight": 800, fill: ink }, label));
    grp.append(fitText(s("text", { x: b.x + b.w / 2, y: b.y + b.h / 2 + 12, "text-anchor": "middle", "font-size": MIN_TEXT, "font-weight": 600, fill: ink },
      r.open ? (r.drive_in ? `#${r.number + 1} DRIVE-IN` : `#${r.number + 1}`) : "COMING SOON"), b.w - 10));
    for (const e of r.entrances) {
      // a triangle in the outer corner of the entrance square
      const top = e[0] === b.r0, left = e[1] === b.c0;
      const cx = left ? b.x + 3 : b.x + b.w - 3;
      const cy = top ? b.y + 3 : b.y + b.h - 3;
      const dx = left ? 16 : -16, dy = top ? 16 : -16;
      grp.append(s("path", { d: `M${cx} ${cy} L${cx + dx} ${cy} L${cx} ${cy + dy} Z`, fill: "#fef08a", stroke: "#111827", "stroke-width": 1.5, class: "entrance", "data-cell": key(e) }));
    }
    // the chain's shape (colour-blind players tell chains apart by it), top centre
    grp.append(s("path", { d: shapePath(ch.shape, b.x + b.w / 2, b.y + 12, 6), fill: r.open ? ch.ink : ch.colour, stroke: r.open ? ch.colour : "#111827", "stroke-width": 1, class: "chain-shape", "data-shape": ch.shape }));
    g.append(grp);
  }

  drawCampaign(g, c) {
    const b = bbox(c.cells);
    const ch = chain(c.owner ?? 0);
    const grp = s("g", { class: "campaign" + (c.draft ? " draft" : ""), "data-campaign": c.number, "data-good": c.good || "" });
    grp.append(s("rect", { x: b.x + 3, y: b.y + 3, width: b.w - 6, height: b.h - 6, rx: 4, fill: "#ffffff", opacity: c.draft ? 0.7 : 0.95,
      stroke: ch.colour, "stroke-width": 3, "stroke-dasharray": c.draft ? "6 4" : null }));
    const small = b.w <= SQ || b.h <= SQ;
    const tiny = b.w <= SQ && b.h <= SQ; // a 1x1 tile: number on top, good and duration side by side below
    grp.append(s("text", { x: b.x + (tiny ? 6 : 7), y: b.y + (tiny ? 13 : 15), "font-size": MIN_TEXT, "font-weight": 800, fill: ch.dark }, `#${c.number}`));
    grp.append(s("path", { d: shapePath(ch.shape, b.x + b.w - (small ? 9 : 13), b.y + (small ? 9 : 24), small ? 5 : 6), fill: ch.colour, stroke: "#111827", "stroke-width": 1, class: "chain-shape" }));
    if (!small) {
      // the tile's kind in words ("billboard"), squeezed to the room beside its number
      const word = String(c.kind || "").replace(/_/g, " ");
      const room = b.w - 44;
      grp.append(fitText(s("text", { x: b.x + b.w - 7, y: b.y + 15, "text-anchor": "end", "font-size": MIN_TEXT, fill: "#475569", class: "campaign-kind" }, word), Math.max(room, 10)));
    }
    if (c.good) grp.append(goodToken(b.x + (tiny ? 12 : small ? 14 : 18), b.y + b.h - (tiny ? 11 : 13), tiny ? 5.5 : small ? 7 : 8, c.good));
    const left = c.eternal ? "∞" : c.remaining === null ? "" : `${c.remaining}`;
    grp.append(s("text", { x: b.x + b.w - (tiny ? 5 : 7), y: b.y + b.h - (tiny ? 6 : 8), "text-anchor": "end", "font-size": tiny ? (c.eternal ? 13 : 11) : c.eternal ? 17 : 12, "font-weight": 800, fill: "#111827", class: "duration" }, left));
    for (const cell of c.cells) this.campaignAt.set(key(cell), c.number);
    g.append(grp);
  }

  drawAirplane(g, c) {
    const rr = airplaneRect(this.board, c.edge, c.first, c.span);
    const ch = chain(c.owner ?? 0);
    const grp = s("g", { class: "airplane" + (c.draft ? " draft" : ""), "data-campaign": c.number, "data-good": c.good || "", "data-more-goods": (c.more_goods || []).join(",") || null });
    // an airplane that advertises more goods (a module's rule) shows the next beside the first
    const goods = (x, y, r, dx, dy) => {
      grp.append(goodToken(x, y, r, c.good));
      if (c.more_goods && c.more_goods.length) grp.append(goodToken(x + dx, y + dy, r, c.more_goods[0]));
    };
    grp.append(s("rect", { x: rr.x, y: rr.y, width: rr.w, height: rr.h, rx: 10, fill: ch.light, stroke: ch.colour, "stroke-width": 3, "stroke-dasharray": c.draft ? "6 4" : null }));
    const horizontal = c.edge === "n" || c.edge === "s";
    const cx = rr.x + rr.w / 2, cy = rr.y + rr.h / 2;
    const left = c.eternal ? "∞" : c.remaining ?? "";
    if (c.span === 1) {
      // a one-square airplane: number on top, good and duration below
      grp.append(s("text", { x: cx, y: rr.y + 14, "text-anchor": "middle", "font-size": MIN_TEXT, "font-weight": 800, fill: ch.dark }, `✈${c.number}`));
      if (c.good) goods(rr.x + 12, rr.y + rr.h - 11, 7, 0, -15);
      grp.append(s("text", { x: rr.x + rr.w - 6, y: rr.y + rr.h - 6, "text-anchor": "end", "font-size": 12, "font-weight": 800, class: "duration" }, left));
    } else if (horizontal) {
      grp.append(s("text", { x: rr.x + 8, y: cy + 5, "font-size": 13, "font-weight": 800, fill: ch.dark }, `✈ #${c.number}`));
      if (c.good) goods(rr.x + rr.w - 30, cy, 8, -18, 0);
      grp.append(s("text", { x: rr.x + rr.w - 8, y: cy + 5, "text-anchor": "end", "font-size": 13, "font-weight": 800, class: "duration" }, left));
    } else {
      grp.append(s("text", { x: cx, y: rr.y + 18, "text-anchor": "middle", "font-size": 12, "font-weight": 800, fill: ch.dark }, "✈"));
      grp.append(s("text", { x: cx, y: rr.y + 32, "text-anchor": "middle", "font-size": 11, "font-weight": 800, fill: ch.dark }, `#${c.number}`));
      if (c.good) goods(cx, rr.y + rr.h - 30, 8, 0, -18);
      grp.append(s("text", { x: cx, y: rr.y + rr.h - 8, "text-anchor": "middle", "font-size": 13, "font-weight": 800, class: "duration" }, left));
    }
    // the lines it reaches, faintly
    {
      const kind = horizontal ? "cols" : "rows";
      const from = c.first, to = c.first + c.span;
      const band = kind === "cols"
        ? { x: sqX(from), y: sqY(0), w: (to - from) * SQ, h: this.board.height * SQ }
        : { x: sqX(0), y: sqY(from), w: this.board.width * SQ, h: (to - from) * SQ };
      g.append(s("rect", { x: band.x, y: band.y, width: band.w, height: band.h, fill: ch.colour, opacity: 0.06, "pointer-events": "none" }));
    }
    g.append(grp);
  }

  // -- highlights ----------------------------------------------------------------------------

  /** spec: {anchors: [cell], airplanes: [{edge, first, span}], preview: {cells, garden, entrances, airplane, owner}, marks: [cell], route: [cell], flight: [tile]} */
  setHighlights(spec) {
    const g = clear(this.layers.hl);
    this.anchorKeys = new Set(((spec && spec.anchors) || []).map(key));
    if (!spec || !this.board) return;
    const legal = [...(spec.anchors || [])];
    if (this.autoView && legal.length && !spec.selected) this.defaultView(legal);
    // the highlighted squares and slots (the server's legal ones) are buttons for the keyboard:
    // Tab to one, Enter or Space picks it
    const pressable = (el, label, pick) => {
      el.setAttribute("tabindex", "0");
      el.setAttribute("role", "button");
      el.setAttribute("aria-label", label);
      el.addEventListener("keydown", (ev) => {
        if (ev.key !== "Enter" && ev.key !== " ") return;
        ev.preventDefault();
        pick();
      });
      return el;
    };
    for (const cell of spec.anchors || []) {
      g.append(pressable(s("rect", { x: sqX(cell[1]) + 2, y: sqY(cell[0]) + 2, width: SQ - 4, height: SQ - 4, rx: 4,
        class: "hl-anchor" + (spec.selected && key(spec.selected) === key(cell) ? " selected" : ""), "data-hl-anchor": key(cell) }),
      t("board.square", { row: cell[0], column: cell[1] }), () => this.handlers.onSquare && this.handlers.onSquare(cell, { keyboard: true })));
    }
    for (const a of spec.airplanes || []) {
      const rr = airplaneRect(this.board, a.edge, a.first, 1);
      g.append(pressable(s("rect", { x: rr.x + 2, y: rr.y + 2, width: rr.w - 4, height: rr.h - 4, rx: 5,
        class: "hl-anchor" + (spec.selectedEdge === `${a.edge},${a.first}` ? " selected" : ""), "data-hl-edge": `${a.edge},${a.first}` }),
      t("board.edge_slot", { edge: a.edge, first: a.first }), () => this.handlers.onEdge && this.handlers.onEdge(a.edge, a.first, { keyboard: true })));
    }
    // a buyer's route: a line through the centres of its road squares, or of the Zeppelin's tiles
    if (spec.route && spec.route.length) {
      const pts = spec.route.map((c) => `${sqX(c[1]) + SQ / 2},${sqY(c[0]) + SQ / 2}`).join(" ");
      g.append(s("polyline", { points: pts, class: "hl-route", "data-hl-route": spec.route.map(key).join(" ") }));
    }
    if (spec.flight && spec.flight.length) {
      const mid = (t) => `${sqX(t[1] * 5) + 2.5 * SQ},${sqY(t[0] * 5) + 2.5 * SQ}`;
      g.append(s("polyline", { points: spec.flight.map(mid).join(" "), class: "hl-route flight", "data-hl-flight": spec.flight.map(key).join(" ") }));
    }
    for (const cell of spec.marks || []) {
      g.append(s("circle", { cx: sqX(cell[1]) + SQ / 2, cy: sqY(cell[0]) + SQ / 2, r: SQ / 2 - 2, class: "hl-mark", "data-hl-mark": key(cell) }));
    }
    const p = spec.preview;
    if (p) {
      const colour = chain(p.owner ?? 0).colour;
      if (p.cells && p.cells.length) {
        for (const cell of p.cells) {
          g.append(s("rect", { x: sqX(cell[1]) + 1, y: sqY(cell[0]) + 1, width: SQ - 2, height: SQ - 2, class: "hl-preview", fill: colour }));
        }
      }
      for (const cell of p.garden || []) {
        g.append(s("rect", { x: sqX(cell[1]) + 1, y: sqY(cell[0]) + 1, width: SQ - 2, height: SQ - 2, class: "hl-preview garden" }));
      }
      for (const cell of p.entrances || []) {
        g.append(s("circle", { cx: sqX(cell[1]) + SQ / 2, cy: sqY(cell[0]) + SQ / 2, r: 8, fill: "#fef08a", stroke: "#111827", "stroke-width": 2, class: "hl-entrance" }));
      }
      if (p.airplane) {
        const rr = airplaneRect(this.board, p.airplane.edge, p.airplane.first, p.airplane.span);
        g.append(s("rect", { x: rr.x, y: rr.y, width: rr.w, height: rr.h, rx: 10, class: "hl-preview", fill: colour }));
      }
      for (const n of p.reaches || []) {
        const house = this.pres && this.pres.houses.find((x) => x.number === n);
        if (!house) continue;
        const b = this.houseBox(house);
        g.append(s("rect", { x: b.x, y: b.y, width: b.w, height: b.h, rx: 8, class: "hl-reach" }));
      }
    }
  }

  // -- pointer: clicks, hover, pan and zoom ---------------------------------------------------

  toBoard(evt) {
    const pt = this.svg.createSVGPoint();
    pt.x = evt.clientX;
    pt.y = evt.clientY;
    const p = pt.matrixTransform(this.svg.getScreenCTM().inverse());
    return { x: p.x, y: p.y, row: Math.floor((p.y - MARGIN) / SQ), col: Math.floor((p.x - MARGIN) / SQ) };
  }

  locate(evt) {
    if (!this.board) return null;
    const t = evt.target;
    if (t && t.dataset && t.dataset.sq) return { cell: t.dataset.sq.split(",").map(Number) };
    // a highlighted square beside the map (a module's piece placed outside it)
    if (t && t.dataset && t.dataset.hlAnchor) return { cell: t.dataset.hlAnchor.split(",").map(Number) };
    if (t && t.dataset && t.dataset.edge) {
      const [edge, i] = t.dataset.edge.split(",");
      // the square just outside the map there, when it is a highlighted (legal) square
      const n = Number(i), b = this.board;
      const out = { n: [-1, n], s: [b.height, n], w: [n, -1], e: [n, b.width] }[edge];
      if (out && this.anchorKeys && this.anchorKeys.has(key(out))) return { cell: out };
      return { edge, index: n };
    }
    const p = this.toBoard(evt);
    if (p.row >= 0 && p.row < this.board.height && p.col >= 0 && p.col < this.board.width) return { cell: [p.row, p.col] };
    return null;
  }

  installPanZoom() {
    // one pointer pans (mouse drag or one finger), two fingers pinch-zoom around their middle;
    // a press that does not move is a click (a tap)
    let drag = null;
    let pinch = null;
    const pts = new Map();
    const spread = () => { const [a, b] = [...pts.values()]; return Math.hypot(a.x - b.x, a.y - b.y); };
    this.svg.addEventListener("pointerdown", (e) => {
      if (e.pointerType === "mouse" && e.button !== 0) return;
      if (e.isPrimary) { pts.clear(); pinch = null; } // a new gesture: forget a lost pointerup
      pts.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (pts.size === 2 && this.vb) {
        const [a, b] = [...pts.values()];
        pinch = { d: Math.max(1, spread()), vb: { ...this.vb }, mid: this.toBoard({ clientX: (a.x + b.x) / 2, clientY: (a.y + b.y) / 2 }) };
        drag = { moved: true, done: true }; // the rest of this gesture is no click
        return;
      }
      if (pts.size === 1) drag = { x: e.clientX, y: e.clientY, vb: { ...this.vb }, moved: false, id: e.pointerId };
    });
    this.svg.addEventListener("pointermove", (e) => {
      if (pts.has(e.pointerId)) pts.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (pinch && pts.size >= 2) {
        const k = pinch.d / Math.max(1, spread());
        const w = Math.min(Math.max(pinch.vb.w * k, 4 * SQ), this.totalW * 2);
        const f = w / pinch.vb.w;
        this.autoView = false;
        this.vb = { x: pinch.mid.x - (pinch.mid.x - pinch.vb.x) * f, y: pinch.mid.y - (pinch.mid.y - pinch.vb.y) * f, w, h: pinch.vb.h * f };
        this.applyViewBox();
        return;
      }
      if (drag && !drag.done) {
        const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
        if (!drag.moved && Math.hypot(dx, dy) > (e.pointerType === "touch" ? 10 : 5)) {
          drag.moved = true;
          try { this.svg.setPointerCapture(drag.id); } catch { /* synthetic events */ }
        }
        if (drag.moved) {
          this.autoView = false;
          const scale = this.vb.w / this.svg.clientWidth;
          this.vb.x = drag.vb.x - dx * scale;
          this.vb.y = drag.vb.y - dy * scale;
          this.applyViewBox();
          return;
        }
      }
      if (e.pointerType === "mouse") this.hover(e);
    });
    const end = (e) => {
      pts.delete(e.pointerId);
      if (pts.size < 2) pinch = null;
      if (drag && !drag.moved && e.type === "pointerup") this.click(e);
      if (!pts.size) drag = null;
    };
    this.svg.addEventListener("pointerup", end);
    this.svg.addEventListener("pointercancel", end);
    this.svg.addEventListener("pointerleave", (e) => { if (e.pointerType === "mouse" && !this.pinned) this.hideTooltip(); });
    this.svg.addEventListener("wheel", (e) => {
      e.preventDefault();
      const p = this.toBoard(e);
      this.zoomBy(e.deltaY > 0 ? 1.15 : 1 / 1.15, p);
    }, { passive: false });
  }

  click(e) {
    const where = this.locate(e);
    // a tap on a house or a campaign pins its information (nothing is reachable by hover only)
    if (this.infoFor(e)) this.hover(e, true);
    else this.unpin();
    if (!where) return;
    if (where.cell && this.handlers.onSquare) this.handlers.onSquare(where.cell, e);
    if (where.edge && this.handlers.onEdge) this.handlers.onEdge(where.edge, where.index, e);
  }

  /** The information of what a tap or hover hits: a house or campaign square, or an airplane
   * in the margin (off the squares). */
  infoFor(e) {
    const beside = e.target && e.target.closest ? e.target.closest("g[data-house-beside]") : null;
    if (beside && this.handlers.houseInfo) return this.handlers.houseInfo(Number(beside.dataset.houseBeside));
    const plane = e.target && e.target.closest ? e.target.closest("g.airplane[data-campaign]") : null;
    if (plane && !plane.classList.contains("draft") && this.handlers.campaignInfo) return this.handlers.campaignInfo(Number(plane.dataset.campaign));
    const where = this.locate(e);
    return where && where.cell && this.pres ? this.infoAt(where.cell) : null;
  }

  infoAt(cell) {
    const k = key(cell);
    if (this.houseAt.has(k) && this.handlers.houseInfo) return this.handlers.houseInfo(this.houseAt.get(k));
    if (this.campaignAt.has(k) && this.handlers.campaignInfo) return this.handlers.campaignInfo(this.campaignAt.get(k));
    return null;
  }

  unpin() {
    if (!this.pinned) return;
    this.pinned = false;
    this.tooltip.classList.remove("pinned");
    this.hideTooltip();
  }

  hover(e, pin) {
    if (this.pinned && !pin) return;
    const content = this.infoFor(e);
    if (!content) return this.hideTooltip();
    clear(this.tooltip).append(content);
    if (pin) {
      this.pinned = true;
      this.tooltip.classList.add("pinned");
      this.tooltip.prepend(h("button", { type: "button", class: "ghost small close", "data-test": "tooltip-close", title: t("dinner.close"), onclick: () => this.unpin() }, "×"));
    }
    this.tooltip.classList.remove("hidden");
    const box = this.wrap.getBoundingClientRect();
    let x = e.clientX - box.left + 16, y = e.clientY - box.top + 16;
    const tw = this.tooltip.offsetWidth, th = this.tooltip.offsetHeight;
    if (x + tw > box.width - 4) x = Math.max(4, e.clientX - box.left - tw - 12);
    if (y + th > box.height - 4) y = Math.max(4, e.clientY - box.top - th - 12);
    this.tooltip.style.left = `${x}px`;
    this.tooltip.style.top = `${y}px`;
  }

  hideTooltip() {
    this.tooltip.classList.add("hidden");
  }

  fit() {
    if (!this.board) return;
    this.vb = { x: 0, y: 0, w: this.totalW, h: this.totalH };
    this.applyViewBox();
  }

  /** The first view: the whole map where it is readable; on a phone, where the whole map
   * would draw squares under 44 px, part of it at 44 px a square (text 12 px and up), centred
   * on ``focus`` (cells) or the map's middle, to be panned; "Fit" shows it all. */
  defaultView(focus) {
    if (!this.board) return;
    const cw = this.svg.clientWidth, ch = this.svg.clientHeight;
    const fitScale = Math.min(cw / this.totalW, ch / this.totalH);
    if (!cw || !ch || cw > 700 || fitScale >= PHONE_SCALE) return this.fit();
    const w = cw / PHONE_SCALE, hgt = ch / PHONE_SCALE;
    let cx = this.totalW / 2, cy = this.totalH / 2;
    if (focus && focus.length) {
      const b = bbox(focus);
      cx = b.x + b.w / 2; cy = b.y + b.h / 2;
    }
    const clamp = (v, lo, hi) => (hi < lo ? (lo + hi) / 2 : Math.min(Math.max(v, lo), hi));
    this.vb = { x: clamp(cx - w / 2, 0, this.totalW - w), y: clamp(cy - hgt / 2, 0, this.totalH - hgt), w, h: hgt };
    this.applyViewBox();
  }

  zoomBy(f, around) {
    if (!this.vb) return;
    this.autoView = false;
    const cx = around ? around.x : this.vb.x + this.vb.w / 2;
    const cy = around ? around.y : this.vb.y + this.vb.h / 2;
    const w = Math.min(Math.max(this.vb.w * f, 4 * SQ), this.totalW * 2);
    const k = w / this.vb.w;
    this.vb = { x: cx - (cx - this.vb.x) * k, y: cy - (cy - this.vb.y) * k, w, h: this.vb.h * k };
    this.applyViewBox();
  }

  applyViewBox() {
    const v = this.vb;
    this.svg.setAttribute("viewBox", `${v.x} ${v.y} ${v.w} ${v.h}`);
  }
}
