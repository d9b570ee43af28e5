// @ts-check
// The game log, the per-round results (Dinnertime report, Payday and Marketing summaries) and
// the final ranking.

import { describe, orderText } from "./format.js";
import { list, t } from "./i18n.js";
import { renderStats } from "./stats.js";
import { chainMark, clear, goodChip, h, money, put, seatName, totalText } from "./util.js";

const OUTCOMES = ["winner", "no_open_restaurant", "not_connected", "missing_items", "higher_total", "tie_lost_waitresses", "tie_lost_turn_order"];
/** @type {Record<string, string | undefined>} */
export const OUTCOME = new Proxy({}, { get: (_, k) => (OUTCOMES.includes(String(k)) ? t(`results.outcome.${String(k)}`) : undefined) });

/** A chain's outcome at a house: the base game's, or a module's (the catalog's texts). */
export function outcomeText(outcome, ctx) {
  const mod = ((ctx && ctx.catalog && ctx.catalog.texts) || {}).outcomes || {};
  return OUTCOME[outcome] || mod[outcome] || String(outcome || "").replace(/_/g, " ");
}

/**
 * An event of the log with the round and phase it happened in (``bot``: the turn timer's mark
 * when a bot made the move; ``last_left``: an Order of Business choice the engine made).
 * @typedef {{ round: number, phase: string, event: import("./types").GameEvent & { last_left?: boolean },
 *   bot?: import("./types").EventOf<"timer_bot_move"> | null }} LogItem
 */

export class GameLog {
  constructor(ctx) {
    this.ctx = ctx; // {name(seat), catalog}
    /** @type {LogItem[]} */
    this.events = [];
    this.round = 0;
    this.phase = "";
    this.lastVersion = -1;
    this.botRun = null; // the seat whose moves the turn timer's bot is making (the log says so)
  }

  /**
   * @param {import("./types").LogEntry[]} entries
   * @param {number} version
   */
  reset(entries, version) {
    this.events = [];
    this.round = 0;
    this.phase = "";
    this.botRun = null;
    for (const entry of entries) this.add(entry.events || []);
    this.lastVersion = version;
  }

  /** @param {import("./types").GameEvent[]} events */
  add(events) {
    let prev = null;
    // a move the turn timer's bot made for a human seat: its events are marked as the bot's
    const mark = events.length && events[0].kind === "timer_bot_move" ? events[0] : null;
    if (mark) {
      if (this.botRun !== mark.seat) this.events.push({ round: this.round, phase: this.phase, event: mark });
      this.botRun = mark.seat;
      events = events.slice(1);
    } else if (events.length) this.botRun = null;
    for (const raw of events) {
      // Order of Business: a choice of position that follows another in the same change was
      // made by the engine (the last chooser takes the only position left)
      const e = raw.kind === "turn_order_chosen" && prev && prev.kind === "turn_order_chosen" ? { ...raw, last_left: true } : raw;
      prev = raw;
      if (e.kind === "round_started") this.round = e.round;
      if (e.kind === "phase_started" || (e.kind === "scenario_loaded" && e.round)) {
        this.phase = e.phase;
        if (e.round) this.round = e.round;
      }
      if (e.kind === "dinnertime_started") this.phase = "dinnertime";
      this.events.push({ round: this.round, phase: this.phase, event: e, bot: mark });
    }
  }

  /** Append the events of a pushed state (once per version).
   * @param {import("./types").StateOut} msg
   */
  push(msg) {
    if (msg.version <= this.lastVersion) return false;
    this.lastVersion = msg.version;
    this.add(msg.events || []);
    return (msg.events || []).some((e) => e.kind === "dinnertime_earnings");
  }

  renderLog() {
    const list = h("ol", { class: "log", "data-test": "log" });
    let lastRound = null;
    for (const { round, event, bot } of this.events) {
      const text = describe(event, this.ctx);
      if (!text) continue;
      const cls = event.kind === "timer_bot_move" ? "timer-bot" : event.kind === "round_started" ? "round" : event.kind === "phase_started" ? "phase"
        : event.visible_to ? "secret" : event.kind.startsWith("house_") ? "sale" : "";
      if (round !== lastRound) lastRound = round;
      list.append(h("li", { class: cls + (bot ? " by-bot" : ""), "data-kind": event.kind, "data-by-bot": bot ? bot.bot : null },
        bot ? h("span", { class: "bot-tag", title: t("results.bot_tag", { bot: bot.bot, seat: this.ctx.name(bot.seat) }) }, t("results.bot")) : null,
        bot ? " " : null, text));
    }
    return list;
  }

  rounds() {
    const out = new Map();
    for (const { round, phase, event } of this.events) {
      if (!out.has(round)) out.set(round, { round, dinnertime: false, payday: [], marketing: [], sales: [] });
      const r = out.get(round);
      if (event.kind === "dinnertime_started") r.dinnertime = true;
      if (event.kind === "house_served" || event.kind === "house_stays_home") r.sales.push(event);
      if (phase === "payday" && ["salaries_paid", "employees_fired", "cfo_fired_first_100", "milestone_claimed"].includes(event.kind)) r.payday.push(event);
      if (["campaign_ran", "campaign_ended"].includes(event.kind)) r.marketing.push(event);
    }
    return [...out.values()].sort((a, b) => b.round - a.round);
  }
}

/** Per chain: sales, waitresses, CFO bonus and the total of a Dinnertime; and the bank.
 * @param {import("./types").GameEvent[]} events
 */
export function dinnertimeTotals(events, ctx) {
  const earnings = events.find((e) => e.kind === "dinnertime_earnings");
  const breaks = events.filter((e) => e.kind === "bank_broken");
  if (!earnings && !breaks.length) return null;
  const seats = earnings ? Object.keys(earnings.earned).map(Number) : [];
  /** @param {"waitress_income" | "cfo_bonus"} kind @param {number} seat */
  const sum = (kind, seat) => events.filter((e) => e.kind === "waitress_income" || e.kind === "cfo_bonus").filter((e) => e.kind === kind && e.seat === seat).reduce((t, e) => t + e.amount, 0);
  const has = (kind) => events.some((e) => e.kind === kind);
  return h("div", { class: "dinner-totals" },
    seats.length ? h("table", { class: "dinner", "data-test": "dinner-totals" },
      h("thead", {}, h("tr", {}, ["dinner.col.chain", "results.col.sales", has("waitress_income") ? "dinner.col.waitresses" : null, has("cfo_bonus") ? "card.cfo" : null, "results.col.total", "results.col.cash"].filter(Boolean).map((k) => h("th", {}, t(k))))),
      h("tbody", {}, seats.map((seat) => h("tr", { "data-seat": seat },
        h("td", {}, chainMark(seat, null, "swatch"), ctx.name(seat)),
        h("td", { class: "num" }, money(events.filter((e) => e.kind === "house_served").filter((e) => e.winner === seat).reduce((t, e) => t + e.amount, 0))),
        has("waitress_income") ? h("td", { class: "num", "data-test": "waitress-income" }, money(sum("waitress_income", seat))) : null,
        has("cfo_bonus") ? h("td", { class: "num", "data-test": "cfo-bonus" }, money(sum("cfo_bonus", seat))) : null,
        h("td", { class: "num", "data-test": "earned" }, h("strong", {}, money(earnings.earned[String(seat)]))),
        h("td", { class: "num" }, money((earnings.cash || {})[String(seat)])))))) : null,
    breaks.map((e) => h("p", { class: "warning", "data-test": "bank-break" }, describe(e, ctx))),
    earnings ? h("p", { class: "muted" }, t("results.bank_after", { amount: money(earnings.bank) })) : null);
}

/**
 * @param {import("./types").GameEvent[]} events
 */
export function dinnertimeTable(events, ctx) {
  const houses = events.filter((e) => e.kind === "house_served" || e.kind === "house_stays_home");
  if (!houses.length) return h("div", {}, h("p", { class: "muted" }, t("results.no_demand")), dinnertimeTotals(events, ctx));
  return h("div", {}, h("table", { class: "dinner", "data-test": "dinner-table" },
    h("thead", {}, h("tr", {}, ["results.col.house", "results.col.demand", "results.col.chains", "results.col.served_by", "results.col.money"].map((k) => h("th", {}, t(k))))),
    h("tbody", {}, houses.map((e) => h("tr", { "data-house": e.house },
      h("td", {}, h("strong", {}, e.house), e.garden ? h("small", {}, t("results.garden_double")) : null),
      h("td", {}, (e.demand || []).map((g) => goodChip(g)),
        e.kind === "house_served" && orderText(e, ctx.catalog, ctx.name) ? h("small", { "data-test": "dinner-order" }, ` ${orderText(e, ctx.catalog, ctx.name)}`) : null),
      h("td", {}, h("ul", { class: "chains" }, (e.chains || []).map((c) => h("li", { class: c.outcome === "winner" ? "winner" : "" },
        chainMark(c.seat, null, "swatch"), ctx.name(c.seat), ": ",
        c.total === null || c.total === undefined ? "—" : totalText(c),
        c.missing && c.missing.length ? t("results.missing", { goods: list(c.missing.map((g) => ((ctx.catalog && ctx.catalog.good_names) || {})[g] || g)) }) : "",
        c.outcome && c.outcome !== "winner" && c.outcome !== "missing_items" ? h("small", {}, ` — ${outcomeText(c.outcome, ctx)}`) : "")))),
      h("td", { "data-test": "served-by" }, e.kind === "house_served" ? [ctx.name(e.winner), h("small", {}, t("results.restaurant_n", { n: e.restaurant + 1 }))] : t("results.stays_home")),
      h("td", { class: "num" }, e.kind === "house_served" ? money(e.amount) : ""))))),
  dinnertimeTotals(events, ctx));
}

/**
 * @param {import("./types").Presentation} pres
 */
export function rankingView(pres, seats) {
  const ranking = pres.ranking || [];
  return h("div", { class: "ranking", "data-test": "ranking" }, h("h3", {}, t("results.final_ranking")),
    h("ol", {}, ranking.map((seat) => h("li", { "data-seat": seat },
      chainMark(seat, null, "swatch"),
      h("strong", {}, seatName(seats, seat)), ` — ${money(pres.chains[seat].cash)}`))),
    pres.end_reason ? h("p", { class: "muted" }, pres.end_reason) : null);
}

/**
 * @param {GameLog} log
 * @param {import("./types").Presentation} pres
 */
export function renderResults(log, pres, ctx, loadDinner, dinnerCache) {
  const box = h("div", { class: "results" });
  if (pres && pres.phase === "game_over") put(box, rankingView(pres, ctx.seats), renderStats(log, ctx));
  put(box, ctx.recordLink); // the saved game and the replay links
  for (const r of log.rounds()) {
    if (!r.dinnertime && !r.payday.length && !r.marketing.length) continue;
    const sec = h("section", { class: "round-summary", "data-round": r.round }, h("h3", {}, t("game.round", { round: r.round })));
    if (r.dinnertime) {
      const slot = h("div", { class: "dinner-slot" });
      const cached = dinnerCache.get(r.round);
      if (cached) {
        put(slot, h("h4", {}, t("phase.dinnertime")),
          ctx.showDinner ? h("button", { type: "button", class: "small ghost", "data-test": "dinner-replay", onclick: () => ctx.showDinner(r.round) }, t("results.walk_through")) : null,
          dinnertimeTable(cached.events, ctx),
          cached.text ? h("details", {}, h("summary", {}, t("results.full_explanation")), h("pre", { class: "report", "data-test": "dinner-report" }, cached.text)) : null);
      } else {
        slot.append(h("button", { type: "button", class: "small", onclick: () => loadDinner(r.round) }, t("results.show_report")));
        if (r.sales.length) slot.append(dinnertimeTable(r.sales, ctx));
      }
      sec.append(slot);
    }
    if (r.payday.length) {
      sec.append(h("h4", {}, t("phase.payday")), h("ul", { class: "summary" }, r.payday.map((e) => describe(e, ctx)).filter(Boolean).map((line) => h("li", {}, line))));
    }
    if (r.marketing.length) {
      sec.append(h("h4", {}, t("phase.marketing")), h("ul", { class: "summary" }, r.marketing.map((e) => describe(e, ctx)).filter(Boolean).map((line) => h("li", {}, line))));
    }
    box.append(sec);
  }
  if (!box.querySelector(".round-summary, .ranking")) box.append(h("p", { class: "muted" }, t("results.none_yet")));
  return box;
}

export { clear };
