// @ts-check
// Text for the engine's events (the game log and the round summaries). Pure formatting.

import { has, list, t } from "./i18n.js";
import { cardName, milestoneName, money, PHASES, possessive, STEPS, totalText } from "./util.js";

/**
 * A module's template (fcm/texts.py renders the same for the CLI report): ``{field}`` or
 * ``{field|filter}`` with the filters money, signed, seat, seat_money, plural:one:many,
 * milestone, good and campaign (their names in the catalog) and cells ("r,c r,c").
 */
export function render(template, data, who, catalog) {
  return template.replace(/\{(\w+)(?:\|(\w+)((?::[^:}]*)*))?\}/g, (_, name, filter, args) => {
    const v = data[name];
    const [one, many] = (args || "").slice(1).split(":");
    switch (filter) {
      case undefined: return String(v);
      case "money": return money(v);
      case "signed": return v < 0 ? money(v) : `+${money(v)}`;
      case "seat": return who(Number(v));
      case "seat_money": return Object.entries(v || {}).map(([s, m]) => `${who(Number(s))} ${money(m)}`).join(", ");
      case "plural": return v === 1 ? one : many;
      case "milestone": return milestoneName(catalog, v);
      case "cells": return cells(v);
      case "good": return ((catalog && catalog.good_names) || {})[v] || String(v);
      case "campaign": return ((catalog && catalog.campaign_names) || {})[v] || String(v);
      case "reason": return reasonText(v, catalog, who);
      default: throw new Error(`template ${template}: unknown filter ${filter}`);
    }
  });
}

/** A module's variant of an event (the catalog's texts), when the event has its field. */
export function variantOf(catalog, kind, e) {
  const pairs = ((catalog && catalog.texts && catalog.texts.variants) || {})[kind] || [];
  const hit = pairs.find(([field]) => e[field] !== undefined);
  return hit ? hit[1] : null;
}

/** What a house bought, its demand's items first (in its order), then the rest. */
export function bought(demand, sold) {
  const left = {};
  for (const g of sold || []) left[g] = (left[g] || 0) + 1;
  const out = [];
  for (const g of [...(demand || []), ...(sold || [])]) {
    if (left[g]) { out.push(g); left[g] -= 1; }
  }
  return out;
}

/** "buys <items>: <why>" for a house that bought a module's order (a house_served event with
 * ``order``; the why comes with the catalog's texts), else null. fcm/texts.py: order_text. */
export function orderText(e, catalog, who) {
  if (e.order === undefined || e.order === null) return null;
  const items = bought(e.demand, e.sold).join(" + ");
  const known = (catalog && catalog.texts && catalog.texts.orders) || {};
  const why = String(e.order).split("+").filter((part) => known[part] !== undefined).map((part) => render(known[part], e, who));
  return why.length ? t("ev.buys", { items, why: why.join("; ") }) : t("ev.buys_order", { items, order: e.order });
}

/** Why a milestone was claimed or the game ended, as the engine logs it (a code, a milestone or
 * card id, house N, an end reason in its words): named in the page's language (fcm.report.reason). */
function reasonText(why, catalog, who) {
  const text = String(why);
  const ended = ((catalog && catalog.end_reasons) || {})[text];
  if (ended) return ended;
  const house = /^house (\d+)$/.exec(text);
  if (house) return t("reason.house", { n: Number(house[1]) });
  for (const kind of ["reason", "milestone", "card"]) if (has(`${kind}.${text}`)) return t(`${kind}.${text}`);
  // a module's reason logged in English (fcm/texts.py: reason_text): its pattern's message
  for (const [pattern, template] of ((catalog && catalog.texts && catalog.texts.reasons) || [])) {
    const m = new RegExp(`^(?:${pattern.replace(/\(\?P</g, "(?<")})$`).exec(text);
    if (m) return render(template, m.groups || {}, who || String, catalog);
  }
  return text;
}

function cells(list) {
  return (list || []).map((c) => `${c[0]},${c[1]}`).join(" ");
}

/** A house's heading: a module's named house (the rural area, fcm/texts.py) by its name,
 * any other "House N" (its printed label if it has one). */
export function houseTitle(number, catalog, label) {
  const named = ((catalog && catalog.texts && catalog.texts.houses) || {})[String(number)];
  return named ? named.charAt(0).toUpperCase() + named.slice(1) : t("game.house", { n: label ?? number });
}

/** One line for an event, or null for bookkeeping events the log leaves out.
 * @param {import("./types").GameEvent & { last_left?: boolean }} e
 */
export function describe(e, ctx) {
  const who = (seat) => ctx.name(seat);
  const card = (id) => cardName(ctx.catalog, id);
  const ms = (id) => milestoneName(ctx.catalog, id);
  const good = (g) => ((ctx.catalog && ctx.catalog.good_names) || {})[g] || g;
  const goods = (gs) => list((gs || []).map(good));
  const whose = (seat) => possessive(who(seat));
  switch (e.kind) {
    case "game_created": return t("ev.game_created", { players: e.players || "" });
    case "scenario_loaded": return e.description ? t("ev.scenario_loaded_as", { description: e.description }) : t("ev.scenario_loaded");
    case "phase_started": return t("ev.phase_started", { phase: PHASES[e.phase] || e.phase, round: e.round });
    case "round_started": return t("ev.round_started", { round: e.round });
    case "reserve_chosen": return t("ev.reserve_chosen", { seat: who(e.seat) });
    case "reserve_card": return e.base_price !== undefined ? t("ev.reserve_card_price", { amount: money(e.money), price: money(e.base_price) }) : t("ev.reserve_card", { amount: money(e.money) });
    case "restaurant_placed": return t("ev.restaurant_placed", { seat: who(e.seat), cell: cells([e.cell]), entrance: String(e.entrance).toUpperCase(),
      extras: (e.open ? "" : t("ev.coming_soon")) + (e.drive_in ? t("ev.with_drive_in") : "") + (e.by && e.by !== "setup" ? t("ev.by", { card: card(e.by) }) : "") });
    case "restaurant_passed": return t("ev.restaurant_passed", { seat: who(e.seat) });
    case "restaurant_moved": return t("ev.restaurant_moved", { seat: who(e.seat), n: e.number + 1, cell: cells([e.cell]), entrance: String(e.entrance).toUpperCase() });
    case "restaurant_opened": return t("ev.restaurant_opened", { whose: whose(e.seat), n: (e.restaurant ?? 0) + 1 });
    case "card_sent_to_work": return t("ev.sent_to_work", { card: card(e.employee) });
    case "structure_committed": return t("ev.structure_committed", { seat: who(e.seat) });
    case "structure_revealed":
      if (e.overfull) return t("ev.structure_overfull", { whose: whose(e.seat), cards: list((e.tried || []).map(card)) });
      return t("ev.at_work", { seat: who(e.seat), cards: list([t("card.ceo"), ...(e.at_work || []).map(card)]) });
    case "order_of_business": return t("ev.open_slots", { slots: list(Object.entries(e.open_slots || {}).map(([s, n]) => `${who(Number(s))} ${n}`)) });
    case "turn_order_chosen": return t(e.last_left ? "ev.turn_order_chosen_last" : "ev.turn_order_chosen", { seat: who(e.seat), position: e.position });
    case "turn_order": return t("ev.turn_order", { order: list((e.order || []).map(who)) });
    case "turn_started": return t("ev.turn_started", { whose: whose(e.seat), count: e.hires });
    case "hired": return t("ev.hired", { seat: who(e.seat), card: card(e.employee) });
    case "trained": return t("ev.trained", { seat: who(e.seat), card: card(e.employee), into: card(e.into), trainer: card(e.trainer) });
    case "drive_ins": return t("ev.drive_ins", { seat: who(e.seat) });
    case "campaign_started": return null;
    case "campaign_placed": return null;
    case "campaign_launched": return t("ev.campaign_launched", { seat: who(e.seat), number: e.number,
      type: ((ctx.catalog && ctx.catalog.campaign_names) || {})[e.campaign_type] || e.campaign_type,
      // a module's campaign that advertises more goods names them in fields the texts list
      goods: (((ctx.catalog && ctx.catalog.texts && ctx.catalog.texts.campaign_goods) || []).filter((f) => e[f]))
        .reduce((text, f) => t("ev.good_and", { first: text, second: good(e[f]) }), good(e.good)),
      length: e.eternal ? t("ev.eternal") : t("ev.rounds", { count: e.duration }),
      where: e.edge ? t("ev.along_edge", { edge: String(e.edge).toUpperCase(), first: e.first }) : e.cells && e.cells.length ? t("ev.at_cell", { cell: cells([e.cells[0]]) }) : "" });
    case "cooked": return t("ev.cooked", { seat: who(e.seat), card: card(e.employee), count: e.amount, good: good(e.good) });
    case "drinks_collected": return t("ev.drinks_collected", { seat: who(e.seat), card: card(e.employee),
      goods: list(Object.entries(e.total || {}).map(([g, n]) => t("ev.amount_of", { n, good: good(g) }))) || t("ev.nothing") });
    case "house_placed": return t("ev.house_placed", { seat: who(e.seat), number: e.number, cell: cells([e.cell]) });
    case "garden_added": return t("ev.garden_added", { seat: who(e.seat), house: e.house });
    case "step_ended": case "step_skipped": case "turn_ended": return null;
    case "milestone_claimed": return e.reason ? t("ev.milestone_claimed_because", { seat: who(e.seat), milestone: ms(e.milestone), reason: reasonText(e.reason, ctx.catalog, who) }) : t("ev.milestone_claimed", { seat: who(e.seat), milestone: ms(e.milestone) });
    case "milestone_gift": return t("ev.milestone_gift", { seat: who(e.seat), count: e.count, card: card(e.employee) });
    case "milestone_removed": return e.expired_after_round ? t("ev.milestone_expired", { milestone: ms(e.milestone), round: e.expired_after_round }) : t("ev.milestone_removed", { milestone: ms(e.milestone) });
    case "dinnertime_started": return t("ev.dinnertime_started", { round: e.round, bank: money(e.bank) });
    case "dinnertime_prices": return t("ev.dinnertime_prices", { prices: list(Object.entries(e.prices || {}).map(([s, p]) => `${who(Number(s))} ${money(p)}`)) });
    case "dinnertime_no_demand": return t("ev.no_demand");
    case "house_served": {
      const w = (e.chains || []).find((c) => c.seat === e.winner) || {};
      const order = orderText(e, ctx.catalog, who);  // a module's order (fcm/texts.py)
      return t("ev.house_served", { house: e.house, demand: goods(e.demand), seat: who(e.winner), total: totalText(w), amount: money(e.amount) })
        + (order ? t("ev.house_order", { order }) : "");
    }
    case "house_stays_home": return t("ev.house_stays_home", { house: e.house, demand: goods(e.demand) });
    case "waitress_income": return t("ev.waitress_income", { seat: who(e.seat), count: e.waitresses, amount: money(e.amount) });
    case "cfo_bonus": return t("ev.cfo_bonus", { seat: who(e.seat), amount: money(e.amount) });
    case "dinnertime_earnings": return t("ev.dinnertime_earnings", { earned: list(Object.entries(e.earned || {}).map(([s, n]) => `${who(Number(s))} ${money(n)}`)) });
    case "bank_broken":
      if (e.final) return t("ev.bank_broke_last");
      if (variantOf(ctx.catalog, "bank_broken", e)) return t("ev.bank_broke_variant", { text: render(variantOf(ctx.catalog, "bank_broken", e), e, who) });
      return t("ev.bank_broke", { cards: list(Object.entries(e.reserve_cards || {}).map(([s, m]) => `${who(Number(s))} ${money(m)}`)), added: money(e.added), slots: e.ceo_slots });
    case "paid_from_box": return t("ev.paid_from_box", { seat: who(e.seat), amount: money(e.amount) });
    case "fire_chosen": return t("ev.fire_chosen", { card: card(e.employee) });
    case "firing_committed": return null;
    case "employees_fired": return (e.employees || []).length ? t("ev.fired", { seat: who(e.seat), cards: list(e.employees.map(card)) }) : null;
    case "cannot_pay": return t("ev.cannot_pay", { seat: who(e.seat), due: money(e.due), cash: money(e.cash) });
    case "fired_to_pay": return t("ev.fired_to_pay", { seat: who(e.seat), card: card(e.employee), due: money(e.due), cash: money(e.cash) });
    case "cfo_fired_first_100": return t("ev.cfo_fired_first_100", { seat: who(e.seat), milestone: ms("first_100") });
    case "salaries_paid": return t("ev.salaries_paid", { seat: who(e.seat), amount: money(e.amount), count: e.salaried,
      extras: (e.goods && e.goods.length ? t("ev.in_goods", { n: e.goods.length }) : "") + (e.waived ? t("ev.left_unpaid", { amount: money(e.waived) }) : "") });
    case "hire_discounts": return t("ev.hire_discounts", { seat: who(e.seat), amount: money(5 * (e.discounts || 0)) });
    case "campaign_ran": {
      const placed = (e.houses || []).filter((x) => x.placed > 0);
      return t("ev.campaign_ran", { number: e.number, owner: who(e.owner), good: good(e.good),
        pass: e.passes ? t("ev.marketing_pass", { n: e.marketing_pass, of: e.passes }) : "",
        result: placed.length ? list(placed.map((x) => t("ev.house_demand", { house: x.house, n: x.placed }))) : t("ev.no_demand_placed") });
    }
    case "campaign_piece_removed": return null;
    case "campaign_ended": return t("ev.campaign_ended", { number: e.number });
    case "goods_discarded": return (e.goods || []).length ? t("ev.goods_discarded", { seat: who(e.seat), goods: goods(e.goods) }) : null;
    case "freezer_kept": return (e.goods || []).length ? t("ev.freezer_kept", { seat: who(e.seat), goods: goods(e.goods) }) : null;
    case "freezer_over_capacity": return t("ev.freezer_over_capacity", { seat: who(e.seat), count: e.items, capacity: e.capacity });
    case "good_thrown_away": return t("ev.good_thrown_away", { seat: who(e.seat), good: good(e.good) });
    case "cards_to_hand": return null;
    case "drive_in_removed": return null;
    case "game_over": return t("ev.game_over", { reason: reasonText(e.reason, ctx.catalog), ranking: list((e.ranking || []).map((s, i) => t("ev.rank", { n: i + 1, seat: who(s), cash: money((e.cash || {})[String(s)]) }))) });
    case "action_undone": return t("ev.action_undone", { seat: who(e.seat) });
    case "timer_bot_move": return t("ev.timer_bot_move", { whose: whose(e.seat), bot: e.bot, seat: who(e.seat) });
    default: {
      // a module's event kind: its template (and variants) come with the catalog's texts
      const template = variantOf(ctx.catalog, e.kind, e) || (((ctx.catalog && ctx.catalog.texts && ctx.catalog.texts.events) || {})[e.kind]);
      if (template) return render(template, e, who, ctx.catalog);
      return `${e.kind.replaceAll("_", " ")}${"seat" in e && e.seat !== undefined ? ` (${who(e.seat)})` : ""}.`;
    }
  }
}

export function stepName(step) {
  return STEPS[step] || step;
}
