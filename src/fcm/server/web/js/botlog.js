// @ts-check
// What each bot did in its turn, in the game's words, built from the engine's events (the
// game log's text for each event: nothing here knows the rules), and the alert when the bank
// breaks.

import { describe } from "./format.js";
import * as i18n from "./i18n.js";  // i18n.t: a turn view's own ``t`` is the turn
import { chainMark, clear, h, PHASES } from "./util.js";

// Events that are bookkeeping or results, not a bot's doing.
const SKIP = new Set(["turn_started", "turn_ended", "step_ended", "step_skipped", "phase_started",
  "round_started", "cards_to_hand", "campaign_started", "campaign_placed", "campaign_ran",
  "campaign_ended", "campaign_piece_removed", "house_served", "house_stays_home",
  "dinnertime_started", "dinnertime_prices", "dinnertime_earnings", "waitress_income",
  "cfo_bonus", "bank_broken", "order_of_business", "turn_order", "drive_in_removed",
  "goods_discarded", "freezer_kept", "freezer_over_capacity", "hire_discounts"]);

const PLACED = new Set(["restaurant_placed", "house_placed", "campaign_placed"]);

/** The chain an event is about: its seat, else the owner (of a campaign).
 * @param {import("./types").GameEvent} e */
function actorOf(e) {
  if ("seat" in e && e.seat !== undefined && e.seat !== null) return e.seat;
  return "owner" in e ? e.owner : undefined;
}

/** One line without the leading chain name ("hired Waitress."), as the summary names the bot. */
function line(e, ctx, seat) {
  const text = describe(e, ctx);
  if (!text) return null;
  const name = ctx.name(seat);
  for (const prefix of [`${name} `, `${name}: `, `★ ${name} `]) {
    if (text.startsWith(prefix)) return (text.startsWith("★") ? "★ " : "") + text.slice(prefix.length);
  }
  return text;
}

/** The bots' turns, oldest first: [{round, phase, seat, lines}]. In Working 9–5 a turn runs
 * from turn_started to turn_ended; in the other phases, a bot's events of that phase. */
/** @param {import("./results.js").LogItem[]} events */
export function botTurns(events, ctx) {
  const bots = new Set((ctx.seats || []).filter((x) => x.kind === "bot").map((x) => x.seat));
  const turns = [];
  let open = null; // the Working 9-5 turn in progress
  const last = new Map(); // `${round}/${phase}/${seat}` -> turn, for the other phases
  for (const { round, phase, event: e } of events) {
    if (e.kind === "turn_started") {
      open = bots.has(e.seat) ? { round, phase: "working", seat: e.seat, lines: [], places: [] } : null;
      if (open) turns.push(open);
      continue;
    }
    if (e.kind === "turn_ended") { open = null; continue; }
    // the pieces a bot placed in its Working 9-5 turn, for replaying it on the board
    if (open && e.kind === "campaign_placed" && e.seat === open.seat) open.places.push(e);
    if (SKIP.has(e.kind)) continue;
    const seat = actorOf(e);
    if (!bots.has(seat)) continue;
    let turn = open && open.seat === seat ? open : null;
    if (!turn) {
      const key = `${round}/${phase}/${seat}`;
      turn = last.get(key);
      if (!turn || turns[turns.length - 1] !== turn) {
        turn = { round, phase, seat, lines: [], places: [] };
        turns.push(turn);
        last.set(key, turn);
      }
    }
    const text = line(e, ctx, seat);
    if (text) turn.lines.push(text);
    if (PLACED.has(e.kind)) turn.places.push(e);
  }
  return turns.filter((t) => t.lines.length || t.phase === "working");
}

function turnView(t, ctx) {
  return h("li", { class: "bot-turn", "data-seat": t.seat, "data-round": t.round, "data-phase": t.phase },
    h("div", { class: "bot-turn-head" },
      chainMark(t.seat, null, "swatch"),
      h("strong", {}, ctx.name(t.seat)), i18n.t("botlog.when", { round: t.round, phase: PHASES[t.phase] || t.phase }),
      t.places.length && ctx.replayTurn ? [" ", h("button", { type: "button", class: "ghost small", "data-test": "bot-turn-replay",
        title: i18n.t("botlog.show.help"), onclick: () => ctx.replayTurn(t.places) }, i18n.t("botlog.show"))] : null),
    t.lines.length ? h("ul", {}, t.lines.map((x) => h("li", {}, x)))
      : h("p", { class: "muted" }, i18n.t("botlog.nothing")));
}

/** The tab: every bot turn, newest first. */
export function renderBotTurns(log, ctx) {
  const turns = botTurns(log.events, ctx).reverse();
  if (!turns.length) return h("p", { class: "muted", "data-test": "bot-turns" }, i18n.t("botlog.none"));
  return h("ol", { class: "bot-turns", "data-test": "bot-turns" }, turns.map((t) => turnView(t, ctx)));
}

/** The strip above the tabs: the bots' turns of this round and the last (newest first, at
 * most six), so at your decision you see what they did since your previous one. */
export function renderLatestBotTurns(box, log, ctx) {
  clear(box);
  const turns = botTurns(log.events, ctx);
  const now = log.round || 0;
  const recent = turns.filter((t) => t.round >= now - 1).slice(-6).reverse();
  box.classList.toggle("hidden", !recent.length);
  if (!recent.length) return;
  box.append(h("h4", {}, i18n.t("botlog.latest")),
    h("ol", { class: "bot-turns" }, recent.map((t) => turnView(t, ctx))));
}

/** The alert when the bank breaks (the first time and the last), for a pushed state. */
/** @param {import("./types").StateOut} msg */
export function bankAlert(root, msg, ctx) {
  const broke = (msg.events || []).find((e) => e.kind === "bank_broken");
  if (!broke) return null;
  const old = root.querySelector(".bank-alert");
  if (old) old.remove();
  const title = broke.final ? i18n.t("botlog.bank_final") : i18n.t("botlog.bank_broke");
  const prefix = i18n.t("ev.bank_broke_variant", { text: "" });  // "The bank broke! " (ev.bank_broke too)
  const text = describe(broke, ctx);
  const box = h("div", { class: "bank-alert", role: "alertdialog", "data-test": "bank-alert", "data-final": broke.final ? "1" : "0" },
    h("div", { class: "bank-alert-card" },
      h("h2", {}, title),
      // the title says the bank broke: the text goes on from there (and says the end once)
      h("p", {}, broke.final ? i18n.t("report.dinner.game_ends") : (text.startsWith(prefix) ? text.slice(prefix.length) : text).replace(/^./, (c) => c.toUpperCase())),
      h("button", { type: "button", class: "primary", "data-test": "bank-alert-ok", onclick: () => box.remove() }, i18n.t("botlog.ok"))));
  root.append(box);
  return box;
}
