// Dinnertime shown, not only told: after the last Working 9-5 action a panel walks through
// the houses in the order Dinnertime served them (which chain, price + distance, waitresses,
// the money, the bank), one step at a time, with the house and the restaurant that served it
// marked on the board. Everything comes from the engine's typed Dinnertime events (the
// house_served event says who won and why); nothing is computed here.

import { dinnertimeTotals, outcomeText } from "./results.js";
import { describe, orderText, render } from "./format.js";
import { chain, clear, goodChip, h, milestoneName, money, put, totalText } from "./util.js";

const DECIDED = {
  only_candidate: "the only chain that could serve it",
  lowest_total: "the lowest price + distance",
  waitresses: "a tie on price + distance, broken by more Waitresses",
  turn_order: "a tie on price + distance and Waitresses, broken by turn order",
};

const KEY = "fcm.dinnerShow";

/** Whether Dinnertime opens step by step after each Working 9-5 (the player may turn it off). */
export function dinnerShowWanted() {
  try { return localStorage.getItem(KEY) !== "off"; } catch { return true; }
}

/** The steps of one Dinnertime, in the events' order: the prices, each house, the waitresses
 * and CFO income, each bank break, and the totals. */
export function dinnerSteps(events) {
  const steps = [];
  const start = events.find((e) => e.kind === "dinnertime_started");
  const prices = events.find((e) => e.kind === "dinnertime_prices");
  steps.push({ kind: "start", start, prices, none: events.some((e) => e.kind === "dinnertime_no_demand") });
  let income = null;
  for (const e of events) {
    if (e.kind === "house_served" || e.kind === "house_stays_home") { steps.push({ kind: "house", event: e }); income = null; }
    else if (e.kind === "waitress_income" || e.kind === "cfo_bonus") {
      if (!income) { income = { kind: "income", events: [] }; steps.push(income); }
      income.events.push(e);
    } else if (e.kind === "bank_broken") { steps.push({ kind: "bank", event: e }); income = null; }
  }
  steps.push({ kind: "totals" });
  return steps;
}

function swatch(seat) {
  return h("span", { class: "swatch", style: { background: chain(seat).colour } });
}

function lineText(line, ctx) {
  if (line.kind === "items") return `${line.count} item${line.count === 1 ? "" : "s"} × ${money(line.price)} = ${money(line.amount)}`;
  if (line.kind === "garden") return `garden doubles it: + ${money(line.amount)}`;
  if (line.kind === "bonus") return `+ ${money(line.amount)} (${milestoneName(ctx.catalog, line.milestone)}${line.count > 1 ? ` × ${line.count}` : ""})`;
  const template = ((ctx.catalog && ctx.catalog.texts && ctx.catalog.texts.sale_lines) || {})[line.kind];
  if (template) return render(template, line, ctx.name);  // a module's line (fcm/texts.py)
  return `${String(line.kind).replace(/_/g, " ")}: ${money(line.amount)}`;
}

function houseStep(e, ctx) {
  const served = e.kind === "house_served";
  const order = served ? orderText(e, ctx.catalog, ctx.name) : null;  // a module's order
  return h("div", { class: "dinner-step house-step", "data-house": e.house, "data-winner": served ? e.winner : "" },
    h("h4", {}, `House ${e.house}`, e.garden ? h("small", {}, " (garden: pays double)") : null, " wants ",
      (e.demand || []).map((g) => goodChip(g))),
    order ? h("p", { "data-test": "dinner-order" }, `The house ${order}.`) : null,
    h("table", { class: "dinner" },
      h("thead", {}, h("tr", {}, ["Chain", "Price + distance", "Waitresses", ""].map((t) => h("th", {}, t)))),
      h("tbody", {}, (e.chains || []).map((c) => h("tr", { class: c.outcome === "winner" ? "winner" : "", "data-seat": c.seat },
        h("td", {}, swatch(c.seat), ctx.name(c.seat)),
        h("td", { class: "num" }, c.total === null || c.total === undefined ? "—" : totalText(c)),
        h("td", { class: "num" }, c.waitresses ?? ""),
        h("td", {}, c.outcome === "winner" ? h("strong", {}, "serves")
          : [outcomeText(c.outcome, ctx), c.missing && c.missing.length ? ` (${c.missing.join(", ")})` : ""]))))),
    served
      ? h("div", { class: "dinner-verdict", "data-test": "dinner-verdict" },
        h("p", {}, swatch(e.winner), h("strong", {}, ctx.name(e.winner)), ` serves it from restaurant #${e.restaurant + 1}: ${DECIDED[e.decided_by] || ((ctx.catalog && ctx.catalog.texts && ctx.catalog.texts.decided) || {})[e.decided_by] || String(e.decided_by).replace(/_/g, " ")}.`),
        h("ul", { class: "summary" }, (e.lines || []).map((l) => h("li", {}, lineText(l, ctx)))),
        h("p", {}, `${ctx.name(e.winner)} earns `, h("strong", {}, money(e.amount)), ` from the bank: cash ${money(e.cash)}.`))
      : h("p", { class: "dinner-verdict", "data-test": "dinner-verdict" }, "Nobody can serve it: the house stays home."));
}

export class DinnerShow {
  // ctx: {name(seat), catalog, board(): the board's container, place(): where the panel goes
  // (in the page's flow, above the decisions: it never covers a control)}
  constructor(ctx) {
    this.ctx = ctx;
    this.box = null;
  }

  close() {
    this.unmark();
    if (this.box) this.box.remove();
    this.box = null;
  }

  unmark() {
    const board = this.ctx.board();
    if (board) for (const el of board.querySelectorAll(".dinner-focus")) el.classList.remove("dinner-focus");
  }

  mark(step) {
    this.unmark();
    const board = this.ctx.board();
    if (!board || step.kind !== "house") return;
    const e = step.event;
    const house = board.querySelector(`[data-house="${e.house}"]`);
    if (house) house.classList.add("dinner-focus");
    if (e.kind === "house_served") {
      const r = board.querySelector(`.restaurant[data-owner="${e.winner}"][data-number="${e.restaurant}"]`);
      if (r) r.classList.add("dinner-focus");
    }
  }

  /** Open the walk-through of one Dinnertime's public events. */
  show(round, events) {
    this.close();
    this.round = round;
    this.events = events;
    this.steps = dinnerSteps(events);
    this.at = 0;
    this.box = h("section", { class: "dinner-show", "data-test": "dinner-show", "data-round": round, role: "dialog", "aria-label": `Dinnertime, round ${round}` });
    const place = this.ctx.place ? this.ctx.place() : null;
    if (place) place.prepend(this.box);
    else document.body.append(this.box);
    this.box.scrollIntoView({ block: "nearest" });
    this.draw();
  }

  go(i) {
    this.at = Math.max(0, Math.min(this.steps.length - 1, i));
    this.draw();
  }

  draw() {
    const step = this.steps[this.at];
    const ctx = this.ctx;
    let body;
    if (step.kind === "start") {
      const p = step.prices;
      body = h("div", { class: "dinner-step" },
        step.start ? h("p", {}, `The bank holds ${money(step.start.bank)}.`) : null,
        p ? h("p", {}, "Unit prices: ", Object.entries(p.prices).map(([s, v], i) => [i ? ", " : "", swatch(Number(s)), `${ctx.name(Number(s))} ${money(v)}`])) : null,
        p ? h("p", { class: "muted" }, `Ties go to the chain with more Waitresses, then in turn order: ${p.turn_order.map((s) => ctx.name(s)).join(", ")}.`) : null,
        h("p", {}, step.none ? "No house has demand: nobody eats out." : "Each house with demand eats where price + distance is lowest, in house-number order."));
    } else if (step.kind === "house") body = houseStep(step.event, ctx);
    else if (step.kind === "income") {
      body = h("div", { class: "dinner-step" }, h("h4", {}, "Waitresses and CFO"),
        h("ul", { class: "summary" }, step.events.map((e) => h("li", { "data-kind": e.kind }, swatch(e.seat),
          e.kind === "waitress_income" ? `${ctx.name(e.seat)}: ${e.waitresses} Waitress${e.waitresses === 1 ? "" : "es"} × ${money(e.each)} = ${money(e.amount)} (cash ${money(e.cash)})`
            : `${ctx.name(e.seat)}: CFO bonus ${money(e.amount)} on ${money(e.earned)} earned (cash ${money(e.cash)})`))));
    } else if (step.kind === "bank") {
      body = h("div", { class: "dinner-step bank-step", "data-test": "dinner-bank" }, h("h4", {}, "The bank breaks!"), h("p", { class: "warning" }, describe(step.event, ctx)));
    } else {
      body = h("div", { class: "dinner-step" }, h("h4", {}, "This Dinnertime"), dinnertimeTotals(this.events, ctx) || h("p", { class: "muted" }, "Nobody earned anything."));
    }
    const last = this.at === this.steps.length - 1;
    const btn = (text, test, fn, extra = {}) => h("button", { type: "button", class: "small", "data-test": test, onclick: fn, ...extra }, text);
    const again = h("input", { type: "checkbox", checked: dinnerShowWanted(), "data-test": "dinner-auto",
      onchange: (ev) => { try { localStorage.setItem(KEY, ev.target.checked ? "on" : "off"); } catch { /* private mode */ } } });
    put(clear(this.box),
      h("header", {}, h("strong", {}, `Dinnertime, round ${this.round}`), h("span", { class: "muted", "data-test": "dinner-step-no" }, ` step ${this.at + 1} of ${this.steps.length}`),
        btn("×", "dinner-close", () => this.close(), { class: "ghost small", title: "Close" })),
      body,
      h("footer", {},
        btn("◀ Back", "dinner-prev", () => this.go(this.at - 1), { disabled: this.at === 0 }),
        last ? btn("Done", "dinner-done", () => this.close(), { class: "primary small" }) : btn("Next ▶", "dinner-next", () => this.go(this.at + 1), { class: "primary small" }),
        h("label", { class: "muted" }, again, " show each Dinnertime like this")));
    this.box.dataset.step = this.at;
    this.box.dataset.kind = step.kind;
    this.mark(step);
  }
}
