// @ts-check
// End-of-game statistics as small SVG charts: each chain's cash at the end of every round, its
// Dinnertime earnings by round, and the milestones it claimed and when. Every figure is one
// the engine reported in an event (cash after a sale, after Dinnertime, after salaries; the
// earnings of each Dinnertime); nothing is worked out from the rules here.

import { t } from "./i18n.js";
import { chain, chainMark, h, milestoneName, money, s, shapePath } from "./util.js";

/** {rounds, seats, cash: {seat: [by round]}, earned: {seat: [by round]}, milestones: [...]}
 * from the game log's events ({round, event}). */
export function gameStats(entries) {
  const cashAt = new Map(); // round -> {seat: cash}
  const earnedAt = new Map();
  const milestones = [];
  const seats = new Set();
  let last = 0, first = Infinity;
  for (const { round, event: e } of entries) {
    last = Math.max(last, round);
    if (round > 0) first = Math.min(first, round); // a scenario may start late in the game
    const note = (seat, cash) => {
      if (cash === undefined || cash === null || seat === undefined || seat === null) return;
      seats.add(seat);
      if (!cashAt.has(round)) cashAt.set(round, {});
      cashAt.get(round)[seat] = cash;
    };
    if (e.kind === "dinnertime_earnings") {
      for (const [k, v] of Object.entries(e.cash || {})) note(Number(k), v);
      if (!earnedAt.has(round)) earnedAt.set(round, {});
      for (const [k, v] of Object.entries(e.earned || {})) { seats.add(Number(k)); earnedAt.get(round)[Number(k)] = v; }
    } else if (["house_served"].includes(e.kind)) note(e.winner, e.cash);
    else if (["salaries_paid", "waitress_income", "cfo_bonus", "paid_from_box"].includes(e.kind)) note(e.seat, e.cash);
    else if (e.kind === "milestone_claimed") { seats.add(e.seat); milestones.push({ round: e.round ?? round, seat: e.seat, milestone: e.milestone }); }
  }
  const order = [...seats].sort((a, b) => a - b);
  const rounds = [];
  for (let r = first; r <= last; r++) rounds.push(r);
  const cash = {}, earned = {};
  for (const seat of order) {
    let c = 0;
    cash[seat] = rounds.map((r) => { const v = (cashAt.get(r) || {})[seat]; if (v !== undefined) c = v; return c; });
    earned[seat] = rounds.map((r) => (earnedAt.get(r) || {})[seat] || 0);
  }
  return { rounds, seats: order, cash, earned, milestones };
}

const W = 320, H = 150, L = 40, B = 22, T = 8, R = 8;

function axes(maxV, rounds) {
  const y = (v) => T + (H - T - B) * (1 - v / (maxV || 1));
  const g = s("g", { class: "axes" },
    s("line", { x1: L, y1: T, x2: L, y2: H - B, stroke: "#9ca3af" }),
    s("line", { x1: L, y1: H - B, x2: W - R, y2: H - B, stroke: "#9ca3af" }),
    s("text", { x: L - 4, y: y(maxV) + 4, "text-anchor": "end", "font-size": 10 }, money(maxV)),
    s("text", { x: L - 4, y: H - B, "text-anchor": "end", "font-size": 10 }, "$0"));
  const n = rounds.length;
  const x = (i) => L + (n <= 1 ? (W - L - R) / 2 : (i * (W - L - R)) / (n - 1));
  rounds.forEach((r, i) => g.append(s("text", { x: x(i), y: H - 6, "text-anchor": "middle", "font-size": 10 }, String(r))));
  return { g, x, y };
}

function cashChart(st, name) {
  const maxV = Math.max(10, ...st.seats.flatMap((seat) => st.cash[seat]));
  const { g, x, y } = axes(maxV, st.rounds);
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "stat-chart", "data-test": "chart-cash", role: "img", "aria-label": t("stats.cash") }, g);
  for (const seat of st.seats) {
    const pts = st.cash[seat].map((v, i) => `${x(i)},${y(v)}`).join(" ");
    svg.append(s("polyline", { points: pts, fill: "none", stroke: chain(seat).colour, "stroke-width": 2.5, "stroke-dasharray": chain(seat).dash, "data-seat": seat },
      s("title", {}, `${name(seat)}: ${st.cash[seat].map(money).join(", ")}`)));
    st.cash[seat].forEach((v, i) => svg.append(s("path", { d: shapePath(chain(seat).shape, x(i), y(v), 3.5), fill: chain(seat).colour, stroke: "#111827", "stroke-width": 0.6 })));
  }
  return svg;
}

function earningsChart(st, name) {
  const maxV = Math.max(10, ...st.seats.flatMap((seat) => st.earned[seat]));
  const n = st.rounds.length, k = Math.max(1, st.seats.length);
  const { g, y } = axes(maxV, []);
  const slot = (W - L - R) / Math.max(1, n);
  const bar = Math.max(2, (slot - 4) / k);
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "stat-chart", "data-test": "chart-earnings", role: "img", "aria-label": t("stats.earnings") }, g);
  st.rounds.forEach((r, i) => {
    svg.append(s("text", { x: L + slot * i + slot / 2, y: H - 6, "text-anchor": "middle", "font-size": 10 }, String(r)));
    st.seats.forEach((seat, j) => {
      const v = st.earned[seat][i];
      svg.append(s("rect", { x: L + slot * i + 2 + j * bar, y: y(v), width: bar - 1, height: H - B - y(v), fill: chain(seat).colour, "data-seat": seat, "data-round": r },
        s("title", {}, t("stats.point", { seat: name(seat), round: r, amount: money(v) }))));
    });
  });
  return svg;
}

function milestoneChart(st, name, catalog) {
  const n = Math.max(1, st.rounds.length);
  const rows = st.seats.length || 1;
  const hh = 18 * rows + B + T;
  const LM = 78; // room for the chains' names (the other charts' margin cut them off)
  const x = (r) => LM + ((r - 0.5) * (W - LM - R)) / n;
  const short = (t) => (t.length > 12 ? `${t.slice(0, 11)}…` : t);
  const svg = s("svg", { viewBox: `0 0 ${W} ${hh}`, class: "stat-chart", "data-test": "chart-milestones", role: "img", "aria-label": t("stats.milestones_chart") });
  st.seats.forEach((seat, i) => {
    const yy = T + 18 * i + 9;
    svg.append(s("text", { x: LM - 4, y: yy + 4, "text-anchor": "end", "font-size": 10 }, short(name(seat)), s("title", {}, name(seat))),
      s("line", { x1: LM, y1: yy, x2: W - R, y2: yy, stroke: "#e5e7eb" }));
    const mine = st.milestones.filter((m) => m.seat === seat);
    mine.forEach((m) => {
      const same = mine.filter((o) => o.round === m.round);
      const off = (same.indexOf(m) - (same.length - 1) / 2) * 7;
      svg.append(s("path", { d: shapePath(chain(seat).shape, x(m.round) + off, yy, 5.5), fill: chain(seat).colour, stroke: "#111827", "data-milestone": m.milestone },
        s("title", {}, t("stats.milestone_point", { seat: name(seat), milestone: milestoneName(catalog, m.milestone), round: m.round }))));
    });
  });
  st.rounds.forEach((r) => svg.append(s("text", { x: x(r), y: hh - 6, "text-anchor": "middle", "font-size": 10 }, String(r))));
  return svg;
}

/** The statistics section of the game-over screen. */
export function renderStats(log, ctx) {
  const st = gameStats(log.events);
  if (!st.rounds.length || !st.seats.length) return null;
  const legend = h("div", { class: "stat-legend" }, st.seats.map((seat) => h("span", { "data-seat": seat },
    chainMark(seat, null, "swatch"), ctx.name(seat), " ")));
  return h("section", { class: "game-stats", "data-test": "game-stats" },
    h("h3", {}, t("stats.title")), legend,
    h("h4", {}, t("stats.cash")), cashChart(st, ctx.name),
    h("h4", {}, t("stats.earnings")), earningsChart(st, ctx.name),
    h("h4", {}, t("comp.milestones")), st.milestones.length ? milestoneChart(st, ctx.name, ctx.catalog) : h("p", { class: "muted" }, t("stats.no_milestone")),
    st.milestones.length ? h("details", {}, h("summary", {}, t("stats.in_words")),
      h("ul", { class: "summary", "data-test": "stat-milestones" }, st.milestones.map((m) => h("li", {},
        t("stats.in_words_line", { round: m.round, seat: ctx.name(m.seat), milestone: milestoneName(ctx.catalog, m.milestone) }))))) : null);
}
