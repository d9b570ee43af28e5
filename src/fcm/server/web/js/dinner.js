// @ts-check
// Dinnertime shown, not only told: after the last Working 9-5 action a panel walks through
// the houses in the order Dinnertime served them (which chain, price + distance, waitresses,
// the money, the bank), one step at a time, with the house and the restaurant that served it
// marked on the board. Everything comes from the engine's typed Dinnertime events (the
// house_served event says who won and why); nothing is computed here. Where motion is allowed
// it can also play (animate.js): the house picks its chain, the goods travel the road route
// the server sent, the money flies from the bank to the chain; with pause, speed and skip.

import { dinnertimeTotals, outcomeText } from "./results.js";
import { describe, houseTitle, orderText, render } from "./format.js";
import { Timeline, animLayer, clearAnim, flyMoney, motionAllowed, pulse, travel } from "./animate.js";
import { list, t } from "./i18n.js";
import { chain, chainMark, clear, goodChip, h, milestoneName, money, put, totalText } from "./util.js";

/** @type {Record<string, string | undefined>} */
const DECIDED = new Proxy({}, { get: (_, k) => (["only_candidate", "lowest_total", "waitresses", "turn_order"].includes(String(k)) ? t(`dinner.decided.${String(k)}`) : undefined) });

const KEY = "fcm.dinnerShow";
const SPEED_KEY = "fcm.dinnerSpeed";
const SPEEDS = [1, 2, 4];

/** Whether Dinnertime opens step by step after each Working 9-5 (the player may turn it off). */
export function dinnerShowWanted() {
  try { return localStorage.getItem(KEY) !== "off"; } catch { return true; }
}

/**
 * @typedef {{ kind: "start", start?: import("./types").EventOf<"dinnertime_started">,
 *     prices?: import("./types").EventOf<"dinnertime_prices">, none: boolean }
 *   | { kind: "house", event: import("./types").EventOf<"house_served" | "house_stays_home"> }
 *   | { kind: "income", events: import("./types").EventOf<"waitress_income" | "cfo_bonus">[] }
 *   | { kind: "bank", event: import("./types").EventOf<"bank_broken"> }
 *   | { kind: "totals" }} DinnerStep
 */

/** The steps of one Dinnertime, in the events' order: the prices, each house, the waitresses
 * and CFO income, each bank break, and the totals.
 * @param {import("./types").GameEvent[]} events
 * @returns {DinnerStep[]}
 */
export function dinnerSteps(events) {
  /** @type {DinnerStep[]} */
  const steps = [];
  const start = events.find((e) => e.kind === "dinnertime_started");
  const prices = events.find((e) => e.kind === "dinnertime_prices");
  steps.push({ kind: "start", start, prices, none: events.some((e) => e.kind === "dinnertime_no_demand") });
  /** @type {{ kind: "income", events: import("./types").EventOf<"waitress_income" | "cfo_bonus">[] } | null} */
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

// a chain's swatch: its shape in its colour (colour-blind players tell chains apart by the shape)
function swatch(seat) {
  return chainMark(seat, null, "swatch");
}

/** @param {import("./types").SaleLine} line */
function lineText(line, ctx) {
  if (line.kind === "items") return t("dinner.items", { count: line.count, price: money(line.price), amount: money(line.amount) });
  if (line.kind === "garden") return t("dinner.garden", { amount: money(line.amount) });
  if (line.kind === "bonus") return `+ ${money(line.amount)} (${milestoneName(ctx.catalog, line.milestone)}${line.count > 1 ? ` × ${line.count}` : ""})`;
  const template = ((ctx.catalog && ctx.catalog.texts && ctx.catalog.texts.sale_lines) || {})[line.kind];
  if (template) return render(template, line, ctx.name);  // a module's line (fcm/texts.py)
  return `${String(line.kind).replace(/_/g, " ")}: ${money(line.amount)}`;
}

/** @param {import("./types").EventOf<"house_served" | "house_stays_home">} e */
function houseStep(e, ctx) {
  const served = e.kind === "house_served";
  const order = served ? orderText(e, ctx.catalog, ctx.name) : null;  // a module's order
  return h("div", { class: "dinner-step house-step", "data-house": e.house, "data-winner": served ? e.winner : "" },
    h("h4", {}, houseTitle(e.house, ctx.catalog), e.garden ? h("small", {}, t("game.garden_double")) : null, t("dinner.wants"),
      (e.demand || []).map((g) => goodChip(g))),
    order ? h("p", { "data-test": "dinner-order" }, t("dinner.house_order", { order })) : null,
    h("table", { class: "dinner" },
      h("thead", {}, h("tr", {}, ["dinner.col.chain", "dinner.col.total", "dinner.col.waitresses", ""].map((k) => h("th", {}, k ? t(k) : "")))),
      h("tbody", {}, (e.chains || []).map((c) => h("tr", { class: c.outcome === "winner" ? "winner" : "", "data-seat": c.seat },
        h("td", {}, swatch(c.seat), ctx.name(c.seat)),
        h("td", { class: "num" }, c.total === null || c.total === undefined ? "—" : totalText(c)),
        h("td", { class: "num" }, c.waitresses ?? ""),
        h("td", {}, c.outcome === "winner" ? h("strong", {}, t("dinner.serves"))
          : [outcomeText(c.outcome, ctx), c.missing && c.missing.length ? ` (${list(c.missing.map((g) => ((ctx.catalog && ctx.catalog.good_names) || {})[g] || g))})` : ""]))))),
    served
      ? h("div", { class: "dinner-verdict", "data-test": "dinner-verdict" },
        h("p", {}, swatch(e.winner), h("strong", {}, ctx.name(e.winner)), t("dinner.serves_from", { n: e.restaurant + 1, why: DECIDED[e.decided_by] || ((ctx.catalog && ctx.catalog.texts && ctx.catalog.texts.decided) || {})[e.decided_by] || String(e.decided_by).replace(/_/g, " ") })),
        h("ul", { class: "summary" }, (e.lines || []).map((l) => h("li", {}, lineText(l, ctx)))),
        h("p", {}, t("dinner.earns", { seat: ctx.name(e.winner) }), h("strong", {}, money(e.amount)), t("dinner.from_bank", { cash: money(e.cash) })))
      : h("p", { class: "dinner-verdict", "data-test": "dinner-verdict" }, t("dinner.stays_home")));
}

/** The bank and each chain's cash as the events report them after step ``at`` (the bank after
 * each payment as the server sends it, else as Dinnertime began, after a break and at its
 * end; a chain's cash after its last payment). */
export function ledgerAt(steps, events, at) {
  const start = events.find((e) => e.kind === "dinnertime_started");
  const out = { bank: start ? start.bank : null, when: t("dinner.when.start"), cash: new Map() };
  for (let i = 0; i <= at && i < steps.length; i++) {
    const st = steps[i];
    const paid = (e) => { if (e.bank_after !== undefined) { out.bank = e.bank_after; out.when = ""; } };
    if (st.kind === "house" && st.event.kind === "house_served") { out.cash.set(st.event.winner, st.event.cash); paid(st.event); }
    else if (st.kind === "income") for (const e of st.events) { out.cash.set(e.seat, e.cash); paid(e); }
    else if (st.kind === "bank") { out.bank = st.event.bank_after ?? st.event.bank; out.when = t("dinner.when.break"); }
    else if (st.kind === "totals") {
      const end = events.find((e) => e.kind === "dinnertime_earnings");
      if (end) {
        out.bank = end.bank; out.when = t("dinner.when.end");
        for (const [seat, cash] of Object.entries(end.cash || {})) out.cash.set(Number(seat), cash);
      }
    }
  }
  return out;
}

function speedWanted() {
  try { const v = Number(localStorage.getItem(SPEED_KEY)); return SPEEDS.includes(v) ? v : 1; } catch { return 1; }
}

export class DinnerShow {
  // ctx: {name(seat), catalog, board(): the board's container, place(): where the panel goes
  // (in the page's flow, above the decisions: it never covers a control)}
  constructor(ctx) {
    this.ctx = ctx;
    this.box = null;
  }

  close() {
    this.stop();
    this.unmark();
    if (this.box) this.box.remove();
    this.box = null;
  }

  unmark() {
    const board = this.ctx.board();
    if (board) for (const el of board.querySelectorAll(".dinner-focus")) el.classList.remove("dinner-focus");
  }

  mark(step, houseOnly) {
    this.unmark();
    const board = this.ctx.board();
    if (!board || step.kind !== "house") return;
    const e = step.event;
    const house = board.querySelector(`[data-house="${e.house}"]`);
    if (house) house.classList.add("dinner-focus");
    if (e.kind === "house_served" && !houseOnly) {
      const r = board.querySelector(`.restaurant[data-owner="${e.winner}"][data-number="${e.restaurant}"]`);
      if (r) r.classList.add("dinner-focus");
    }
  }

  /** Open the walk-through of one Dinnertime's public events.
   * @param {number} round
   * @param {import("./types").GameEvent[]} events
   */
  show(round, events) {
    this.close();
    this.round = round;
    this.events = events;
    this.steps = dinnerSteps(events);
    this.at = 0;
    this.motion = motionAllowed();
    this.speed = speedWanted();
    this.box = h("section", { class: "dinner-show", "data-test": "dinner-show", "data-round": round, role: "dialog", "aria-label": t("dinner.title", { round }),
      "data-motion": this.motion ? "allowed" : "reduce", "data-played": "" });
    const place = this.ctx.place ? this.ctx.place() : null;
    if (place) place.prepend(this.box);
    else document.body.append(this.box);
    this.box.scrollIntoView({ block: "nearest" });
    this.draw();
  }

  go(i) {
    this.stop();
    this.at = Math.max(0, Math.min(this.steps.length - 1, i));
    this.draw();
  }

  svg() {
    const board = this.ctx.board();
    return board ? board.querySelector("svg.board-svg") : null;
  }

  // -- playing (only where motion is allowed) ------------------------------------------------

  /** Stop playing (the animations end at once; the walk-through stays where it is). */
  stop() {
    if (this.tl) this.tl.stop();
    this.tl = null;
    this.paused = false;
    clearAnim(this.svg());
    for (const c of document.querySelectorAll(".dinner-coin")) c.remove();
  }

  playPause() {
    if (this.tl && !this.paused) { this.paused = true; this.tl.pause(); this.drawPlayer(); return; }
    if (this.tl && this.paused) { this.paused = false; this.tl.resume(); this.drawPlayer(); return; }
    this.play();
  }

  /** Play from the current step (from the first once at the end) to the totals. */
  async play() {
    this.stop();
    if (this.at === this.steps.length - 1) this.at = 0;
    const tl = this.tl = new Timeline(this.speed);
    try {
      for (;;) {
        this.draw(true);
        await this.animate(this.steps[this.at], tl);
        this.box.dataset.played = `${this.box.dataset.played} ${this.playedName(this.steps[this.at])}`.trim();
        if (this.at === this.steps.length - 1) break;
        this.at += 1;
      }
    } catch (err) {
      if (err && err.name === "AbortError") return;  // stopped: skip, a step chosen, closed
      throw err;
    }
    if (this.tl !== tl) return;
    this.tl = null;
    clearAnim(this.svg());
    this.draw();
  }

  /** Skip to the end: the totals, with the bank and cash as Dinnertime left them. */
  skip() {
    this.go(this.steps.length - 1);
  }

  playedName(step) {
    return step.kind === "house" ? `house:${step.event.house}` : step.kind;
  }

  async animate(step, tl) {
    const wait = (ms) => tl.wait(ms);
    if (step.kind === "start") return wait(1400);
    if (step.kind === "totals") { this.setLedger(this.at); return wait(300); }
    if (step.kind === "bank") {
      await wait(400);
      this.setLedger(this.at);
      await pulse(tl, this.box.querySelector("[data-test=dinner-bank-total]"));
      return wait(1400);
    }
    if (step.kind === "income") {
      for (const e of step.events) {
        await flyMoney(tl, this.box.querySelector("[data-test=dinner-bank-total]"), this.cashChip(e.seat), `+${money(e.amount)}`);
        this.setCash(e.seat, e.cash);
        if (e.bank_after !== undefined) this.setBank(e.bank_after, "");
      }
      return wait(900);
    }
    const e = step.event;
    await wait(800);  // the house, with its demand, looks at the chains
    if (e.kind !== "house_served") return wait(900);
    // it picks its chain
    this.reveal();
    this.mark(step);
    await pulse(tl, this.box.querySelector("tr.winner"));
    const svg = this.svg();
    if (svg) { animLayer(svg); await travel(tl, svg, e); }
    await flyMoney(tl, this.box.querySelector("[data-test=dinner-bank-total]"), this.cashChip(e.winner), `+${money(e.amount)}`);
    this.setCash(e.winner, e.cash);
    if (e.bank_after !== undefined) this.setBank(e.bank_after, "");
    await pulse(tl, this.cashChip(e.winner));
    await wait(900);
    clearAnim(svg);
  }

  cashChip(seat) {
    return this.box.querySelector(`[data-test=dinner-cash][data-seat="${seat}"]`);
  }

  setCash(seat, cash) {
    const chip = this.cashChip(seat);
    if (!chip) return;
    chip.dataset.cash = cash;
    chip.querySelector(".amount").textContent = money(cash);
  }

  setLedger(at) {
    const l = ledgerAt(this.steps, this.events, at);
    if (l.bank !== null) this.setBank(l.bank, l.when);
    for (const [seat, cash] of l.cash) this.setCash(seat, cash);
  }

  setBank(value, when) {
    const bank = this.box.querySelector("[data-test=dinner-bank-total]");
    if (!bank) return;
    bank.dataset.bank = value;
    bank.querySelector(".amount").textContent = money(value);
    bank.querySelector(".when").textContent = when ? ` ${when}` : "";
  }

  /** The house step before its pick: the verdict and the winner's row wait for it. */
  hidePick() {
    const verdict = this.box.querySelector("[data-test=dinner-verdict]");
    if (verdict) verdict.style.visibility = "hidden";
    for (const tr of this.box.querySelectorAll("tr.winner")) { tr.classList.remove("winner"); tr.dataset.pick = "1"; }
  }

  reveal() {
    const verdict = this.box.querySelector("[data-test=dinner-verdict]");
    if (verdict) verdict.style.visibility = "";
    for (const tr of this.box.querySelectorAll("tr[data-pick]")) tr.classList.add("winner");
  }

  ledger() {
    const seats = [];
    const prices = this.events.find((e) => e.kind === "dinnertime_prices");
    for (const s of (prices && prices.turn_order) || []) if (!seats.includes(s)) seats.push(s);
    for (const e of this.events) if (e.kind === "house_served" && !seats.includes(e.winner)) seats.push(e.winner);
    return h("div", { class: "dinner-ledger", "data-test": "dinner-ledger", style: { display: "flex", flexWrap: "wrap", gap: "0.4rem", alignItems: "center", margin: "0.3rem 0" } },
      h("span", { "data-test": "dinner-bank-total", style: { display: "inline-block", padding: "0.1rem 0.5rem", borderRadius: "6px", background: "#fef3c7", border: "1px solid #d97706" } },
        t("dinner.bank"), h("strong", { class: "amount" }, ""), h("small", { class: "when muted" }, "")),
      seats.map((seat) => h("span", { "data-test": "dinner-cash", "data-seat": seat, style: { display: "inline-block", padding: "0.1rem 0.5rem", borderRadius: "6px", border: `2px solid ${chain(seat).colour}` } },
        swatch(seat), this.ctx.name(seat), " ", h("strong", { class: "amount" }, ""))));
  }

  drawPlayer() {
    const bar = this.box && this.box.querySelector("[data-test=dinner-player]");
    if (!bar) return;
    const playing = !!this.tl && !this.paused;
    const b = bar.querySelector("[data-test=dinner-play]");
    b.textContent = playing ? t("dinner.pause") : t("dinner.play");
    b.setAttribute("aria-pressed", playing ? "true" : "false");
    this.box.dataset.playing = playing ? "1" : "";
  }

  player() {
    if (!this.motion) return null;  // prefers-reduced-motion: the steps only
    const speed = h("select", { "data-test": "dinner-speed", "aria-label": t("dinner.speed_label"),
      onchange: (ev) => {
        this.speed = Number(ev.target.value);
        try { localStorage.setItem(SPEED_KEY, String(this.speed)); } catch { /* private mode */ }
        if (this.tl) this.tl.setRate(this.speed);
      } }, SPEEDS.map((v) => h("option", { value: v, selected: v === this.speed }, `${v}×`)));
    return h("div", { class: "dinner-player", "data-test": "dinner-player", style: { display: "flex", flexWrap: "wrap", gap: "0.5rem", alignItems: "center" } },
      h("button", { type: "button", class: "small", "data-test": "dinner-play", onclick: () => this.playPause() }, t("dinner.play")),
      h("label", { class: "muted" }, t("dinner.speed"), speed),
      h("button", { type: "button", class: "small", "data-test": "dinner-skip", title: t("dinner.skip"), onclick: () => this.skip() }, t("dinner.skip")));
  }

  draw(before) {
    const step = this.steps[this.at];
    const ctx = this.ctx;
    let body;
    if (step.kind === "start") {
      const p = step.prices;
      body = h("div", { class: "dinner-step" },
        step.start ? h("p", {}, t("dinner.bank_holds", { amount: money(step.start.bank) })) : null,
        p ? h("p", {}, t("dinner.unit_prices"), Object.entries(p.prices).map(([s, v], i) => [i ? t("fmt.list_separator") : "", swatch(Number(s)), `${ctx.name(Number(s))} ${money(v)}`])) : null,
        p ? h("p", { class: "muted" }, t("dinner.ties", { order: list(p.turn_order.map((s) => ctx.name(s))) })) : null,
        h("p", {}, step.none ? t("ev.no_demand") : t("dinner.each_house")));
    } else if (step.kind === "house") body = houseStep(step.event, ctx);
    else if (step.kind === "income") {
      body = h("div", { class: "dinner-step" }, h("h4", {}, t("dinner.income")),
        h("ul", { class: "summary" }, step.events.map((e) => h("li", { "data-kind": e.kind }, swatch(e.seat),
          e.kind === "waitress_income" ? t("dinner.waitresses", { seat: ctx.name(e.seat), count: e.waitresses, each: money(e.each), amount: money(e.amount), cash: money(e.cash) })
            : t("dinner.cfo", { seat: ctx.name(e.seat), amount: money(e.amount), earned: money(e.earned), cash: money(e.cash) })))));
    } else if (step.kind === "bank") {
      body = h("div", { class: "dinner-step bank-step", "data-test": "dinner-bank" }, h("h4", {}, t("dinner.bank_breaks")), h("p", { class: "warning" }, describe(step.event, ctx)));
    } else {
      body = h("div", { class: "dinner-step" }, h("h4", {}, t("dinner.this_dinnertime")), dinnertimeTotals(this.events, ctx) || h("p", { class: "muted" }, t("dinner.nobody_earned")));
    }
    const last = this.at === this.steps.length - 1;
    const btn = (text, test, fn, extra = {}) => h("button", { type: "button", class: "small", "data-test": test, onclick: fn, ...extra }, text);
    const again = h("input", { type: "checkbox", checked: dinnerShowWanted(), "data-test": "dinner-auto",
      onchange: (ev) => { try { localStorage.setItem(KEY, ev.target.checked ? "on" : "off"); } catch { /* private mode */ } } });
    put(clear(this.box),
      h("header", {}, h("strong", {}, t("dinner.title", { round: this.round })), h("span", { class: "muted", "data-test": "dinner-step-no" }, t("dinner.step_of", { n: this.at + 1, of: this.steps.length })),
        btn("×", "dinner-close", () => this.close(), { class: "ghost small", title: t("dinner.close") })),
      this.player(),
      this.ledger(),
      body,
      h("footer", {},
        btn(t("dinner.back"), "dinner-prev", () => this.go(this.at - 1), { disabled: this.at === 0 }),
        last ? btn(t("dec.done"), "dinner-done", () => this.close(), { class: "primary small" }) : btn(t("dinner.next"), "dinner-next", () => this.go(this.at + 1), { class: "primary small" }),
        h("label", { class: "muted" }, again, t("dinner.show_each"))));
    this.box.dataset.step = this.at;
    this.box.dataset.kind = step.kind;
    // playing, a step first shows the state before it (the animation brings it in)
    this.setLedger(before ? this.at - 1 : this.at);
    if (before && step.kind === "house") this.hidePick();
    this.mark(step, before);
    this.drawPlayer();
  }
}
