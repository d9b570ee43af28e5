// @ts-check
// Dinnertime shown in motion: small Web Animations the walk-through (dinner.js) plays step by
// step: the goods travelling along the road route the server sent with each sale, and the
// money flying from the bank to the chain. Pausable (every wait is an Animation), with a
// playback rate; nothing here decides anything: the route, the winner and the money are the
// server's.

import { SQ } from "./board.js";
import { GOODS, goodLook, s } from "./util.js";

/** Whether the player allows motion (the system's prefers-reduced-motion). */
export function motionAllowed() {
  try { return !window.matchMedia("(prefers-reduced-motion: reduce)").matches; } catch { return true; }
}

/** A timeline of sequential animations that can pause, change rate and stop. */
export class Timeline {
  constructor(rate) {
    this.rate = rate || 1;
    this.running = new Set();
    this.paused = false;
    this.stopped = false;
  }

  track(anim) {
    anim.playbackRate = this.rate;
    if (this.stopped) anim.cancel();
    else if (this.paused) anim.pause();
    this.running.add(anim);
    const done = () => this.running.delete(anim);
    anim.finished.then(done, done);
    return anim.finished;
  }

  /** Wait ``ms`` (at rate 1) as an animation, so that pausing holds it too. */
  wait(ms) {
    const a = new Animation(new KeyframeEffect(null, [], { duration: ms }), document.timeline);
    a.play();
    return this.track(a).then(() => {
      if (this.stopped) throw new DOMException("stopped", "AbortError");
    });
  }

  animate(el, frames, options) {
    return this.track(el.animate(frames, options)).then(() => {
      if (this.stopped) throw new DOMException("stopped", "AbortError");
    });
  }

  pause() { this.paused = true; for (const a of this.running) a.pause(); }
  resume() { this.paused = false; for (const a of this.running) a.play(); }
  setRate(rate) { this.rate = rate; for (const a of this.running) a.updatePlaybackRate(rate); }
  stop() { this.stopped = true; for (const a of [...this.running]) a.cancel(); this.running.clear(); }
}

function cellCentre(svg, cell) {
  const sq = svg.querySelector(`[data-sq="${cell[0]},${cell[1]}"]`);
  if (!sq) return null;
  return { x: Number(sq.getAttribute("x")) + SQ / 2, y: Number(sq.getAttribute("y")) + SQ / 2 };
}

function centreOf(el) {
  const b = el.getBBox();
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

/** The layer the animations draw in, on top of the board (never catching a tap). */
export function animLayer(svg) {
  let g = svg.querySelector(":scope > g.dinner-anim");
  if (!g) {
    g = s("g", { class: "dinner-anim", "data-test": "dinner-anim", "pointer-events": "none" });
    svg.append(g);
  }
  return g;
}

export function clearAnim(svg) {
  const g = svg && svg.querySelector(":scope > g.dinner-anim");
  if (g) g.remove();
}

/** The goods of a sale travel from the restaurant along the sale's road route to the house.
 * ``sale``: the house_served event with its ``route`` (house side first, as the server sends). */
export function travel(tl, svg, sale) {
  const r = svg.querySelector(`.restaurant[data-owner="${sale.winner}"][data-number="${sale.restaurant}"]`);
  const house = svg.querySelector(`g.house[data-house="${sale.house}"]`);
  if (!r || !house || !sale.route) return Promise.resolve();
  // from the restaurant's entrance along the road to the house's square (the server's)
  const from = sale.route_from ? cellCentre(svg, sale.route_from) : centreOf(r);
  const to = sale.route_to ? cellCentre(svg, sale.route_to) : centreOf(house);
  const pts = [from, ...sale.route.slice().reverse().map((c) => cellCentre(svg, c)), to].filter(Boolean);
  const goods = (sale.sold || sale.demand || []).slice(0, 6);
  const token = s("g", { class: "dinner-goods", "data-test": "dinner-goods", "data-house": sale.house,
    "data-route": sale.route.map((c) => c.join(",")).join(" ") });
  goods.forEach((good, i) => {
    const g = GOODS[good] || goodLook(good);
    const dx = (i - (goods.length - 1) / 2) * 9;
    token.append(s("circle", { cx: dx, cy: -(i % 2) * 5, r: 8, fill: g.fill, stroke: "#111827", "stroke-width": 1.5 }));
  });
  // the road walked, faintly, under the goods
  const trail = s("polyline", { points: pts.map((p) => `${p.x},${p.y}`).join(" "), fill: "none", stroke: "#f59e0b",
    "stroke-width": 5, "stroke-linecap": "round", "stroke-linejoin": "round", opacity: 0.7, class: "dinner-trail" });
  const layer = animLayer(svg);
  layer.append(trail, token);
  let total = 0;
  const lens = [0];
  for (let i = 1; i < pts.length; i++) { total += Math.hypot(pts[i].x - pts[i - 1].x, pts[i].y - pts[i - 1].y); lens.push(total); }
  const frames = pts.map((p, i) => ({ transform: `translate(${p.x}px, ${p.y}px)`, offset: total ? lens[i] / total : i / Math.max(1, pts.length - 1) }));
  const duration = Math.min(3200, 500 + 180 * sale.route.length);
  return tl.animate(token, frames, { duration, easing: "ease-in-out", fill: "forwards" });
}

/** Money flies from ``from`` to ``to`` (page elements) as a coin labelled ``text``. */
export function flyMoney(tl, from, to, text) {
  if (!from || !to) return Promise.resolve();
  const a = from.getBoundingClientRect(), b = to.getBoundingClientRect();
  const coin = document.createElement("span");
  coin.className = "dinner-coin";
  coin.dataset.test = "dinner-coin";
  coin.textContent = text;
  Object.assign(coin.style, { position: "fixed", left: `${a.left + a.width / 2 - 18}px`, top: `${a.top + a.height / 2 - 12}px`,
    zIndex: 50, pointerEvents: "none", background: "#facc15", color: "#111827", border: "2px solid #a16207",
    borderRadius: "999px", padding: "0.1rem 0.4rem", fontWeight: "800", fontSize: "0.85rem" });
  document.body.append(coin);
  const dx = b.left + b.width / 2 - (a.left + a.width / 2), dy = b.top + b.height / 2 - (a.top + a.height / 2);
  const end = () => coin.remove();
  return tl.animate(coin, [{ transform: "translate(0, 0) scale(1)" }, { transform: `translate(${dx}px, ${dy}px) scale(0.9)` }],
    { duration: 800, easing: "ease-in-out" }).then(end, (err) => { end(); throw err; });
}

/** A short pulse on an element (the house picking its chain, a cash figure changing). */
export function pulse(tl, el) {
  if (!el) return Promise.resolve();
  return tl.animate(el, [{ transform: "scale(1)" }, { transform: "scale(1.12)" }, { transform: "scale(1)" }], { duration: 450 });
}

/** What a placement event put on the board, as the board draws it (the element), if still
 * there: a restaurant, a house or a campaign. */
function placedElement(svg, p) {
  if (p.kind === "restaurant_placed") {
    if (p.number !== undefined) return svg.querySelector(`.restaurant[data-owner="${p.seat}"][data-number="${p.number}"]`);
    // (a first restaurant's event names its square, not its number): the one drawn there
    const sq = p.cell && svg.querySelector(`[data-sq="${p.cell[0]},${p.cell[1]}"]`);
    if (!sq) return null;
    return [...svg.querySelectorAll(`.restaurant[data-owner="${p.seat}"]`)].find((el) => {
      const b = el.getBBox();
      return Math.abs(b.x - Number(sq.getAttribute("x"))) < SQ / 2 && Math.abs(b.y - Number(sq.getAttribute("y"))) < SQ / 2;
    }) || null;
  }
  if (p.kind === "house_placed") return svg.querySelector(`g.house[data-house="${p.number}"]`);
  if (p.kind === "campaign_placed") return svg.querySelector(`g[data-campaign="${p.number}"]:not(.beside-badge)`);
  return null;
}

/** A bot's turn replayed on the board: each piece it placed appears in turn (the board already
 * shows them; they fade away and come back in order). ``places``: its placement events. */
export async function replayPlacements(svg, places) {
  const found = places.map((p) => placedElement(svg, p)).filter(Boolean);
  if (!found.length) return 0;
  const tl = new Timeline(1);
  const hide = found.map((el) => el.animate([{ opacity: 0 }, { opacity: 0 }], { duration: 100000 }));
  try {
    await tl.wait(350);
    for (const [i, el] of found.entries()) {
      hide[i].cancel();
      el.classList.add("dinner-focus");
      el.style.transformBox = "fill-box";
      el.style.transformOrigin = "center";
      await tl.animate(el, [{ opacity: 0, transform: "scale(0.4)" }, { opacity: 1, transform: "scale(1.08)", offset: 0.7 }, { opacity: 1, transform: "scale(1)" }],
        { duration: 650, easing: "ease-out" });
      await tl.wait(500);
      el.classList.remove("dinner-focus");
    }
  } finally {
    for (const a of hide) a.cancel();
    for (const el of found) el.classList.remove("dinner-focus");
  }
  return found.length;
}
