// @ts-check
// Text for the engine's events (the game log and the round summaries). Pure formatting.

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
  return why.length ? `buys ${items}: ${why.join("; ")}` : `buys ${items} (${e.order})`;
}

function cells(list) {
  return (list || []).map((c) => `${c[0]},${c[1]}`).join(" ");
}

/** One line for an event, or null for bookkeeping events the log leaves out. */
export function describe(e, ctx) {
  const who = (seat) => ctx.name(seat);
  const card = (id) => cardName(ctx.catalog, id);
  const ms = (id) => milestoneName(ctx.catalog, id);
  switch (e.kind) {
    case "game_created": return `Game created: ${e.players || ""} players.`;
    case "scenario_loaded": return `Started from a scenario${e.description ? `: ${e.description}` : ""}.`;
    case "phase_started": return `— ${PHASES[e.phase] || e.phase} (round ${e.round}) —`;
    case "round_started": return `=== Round ${e.round} ===`;
    case "reserve_chosen": return `${who(e.seat)} chose a reserve card.`;
    case "reserve_card": return `Your reserve card: ${money(e.money)}${e.base_price !== undefined ? `, base price ${money(e.base_price)}` : ""}.`;
    case "restaurant_placed": return `${who(e.seat)} placed a restaurant at ${cells([e.cell])} (entrance ${String(e.entrance).toUpperCase()})${e.open ? "" : ", Coming Soon"}${e.drive_in ? " with a drive-in" : ""}${e.by && e.by !== "setup" ? ` by ${card(e.by)}` : ""}.`;
    case "restaurant_passed": return `${who(e.seat)} passed.`;
    case "restaurant_moved": return `${who(e.seat)} moved restaurant #${e.number + 1} to ${cells([e.cell])} (entrance ${String(e.entrance).toUpperCase()}).`;
    case "restaurant_opened": return `${possessive(who(e.seat))} restaurant #${(e.restaurant ?? 0) + 1} opened.`;
    case "card_sent_to_work": return `You send ${card(e.employee)} to work.`;
    case "structure_committed": return `${who(e.seat)} committed a structure.`;
    case "structure_revealed":
      if (e.overfull) return `${possessive(who(e.seat))} structure was overfull (${(e.tried || []).map(card).join(", ")}): only the CEO works; everyone else is on the beach.`;
      return `${who(e.seat)} at work: CEO${(e.at_work || []).length ? ", " + e.at_work.map(card).join(", ") : ""}.`;
    case "order_of_business": return `Open slots: ${Object.entries(e.open_slots || {}).map(([s, n]) => `${who(Number(s))} ${n}`).join(", ")}.`;
    case "turn_order_chosen": return `${who(e.seat)} takes position ${e.position} in the turn order${e.last_left ? " (the only one left)" : ""}.`;
    case "turn_order": return `Turn order: ${(e.order || []).map(who).join(", ")}.`;
    case "turn_started": return `${possessive(who(e.seat))} turn (${e.hires} hire${e.hires === 1 ? "" : "s"}).`;
    case "hired": return `${who(e.seat)} hired ${card(e.employee)}.`;
    case "trained": return `${who(e.seat)} trained ${card(e.employee)} into ${card(e.into)} (by ${card(e.trainer)}).`;
    case "drive_ins": return `${who(e.seat)} opened drive-ins.`;
    case "campaign_started": return null;
    case "campaign_placed": return null;
    case "campaign_launched": return `${who(e.seat)} launched campaign #${e.number} (${e.campaign_type}) for ${e.good}${e.second_good ? ` and ${e.second_good}` : ""}, ${e.eternal ? "eternal" : `${e.duration} round${e.duration === 1 ? "" : "s"}`}${e.edge ? `, along the ${String(e.edge).toUpperCase()} edge from ${e.first}` : e.cells && e.cells.length ? ` at ${cells([e.cells[0]])}` : ""}.`;
    case "cooked": return `${who(e.seat)}: ${card(e.employee)} made ${e.amount} ${e.good}${e.amount === 1 ? "" : "s"}.`;
    case "drinks_collected": return `${who(e.seat)}: ${card(e.employee)} collected ${Object.entries(e.total || {}).map(([g, n]) => `${n} ${g}`).join(", ") || "nothing"}.`;
    case "house_placed": return `${who(e.seat)} placed house ${e.number} at ${cells([e.cell])} with a garden.`;
    case "garden_added": return `${who(e.seat)} added a garden to house ${e.house}.`;
    case "step_ended": case "step_skipped": case "turn_ended": return null;
    case "milestone_claimed": return `★ ${who(e.seat)} claims “${ms(e.milestone)}”${e.reason ? ` (${e.reason})` : ""}.`;
    case "milestone_gift": return `${who(e.seat)} receives ${e.count} ${card(e.employee)} (milestone).`;
    case "milestone_removed": return `Milestone “${ms(e.milestone)}” is no longer available${e.expired_after_round ? ` (unclaimed after round ${e.expired_after_round})` : ""}.`;
    case "dinnertime_started": return `Dinnertime, round ${e.round} (bank ${money(e.bank)}).`;
    case "dinnertime_prices": return `Item prices: ${Object.entries(e.prices || {}).map(([s, p]) => `${who(Number(s))} ${money(p)}`).join(", ")}.`;
    case "dinnertime_no_demand": return "No house has demand: nobody eats out.";
    case "house_served": {
      const w = (e.chains || []).find((c) => c.seat === e.winner) || {};
      const order = orderText(e, ctx.catalog, who);  // a module's order (fcm/texts.py)
      return `House ${e.house} (${(e.demand || []).join(", ")}) eats at ${who(e.winner)}: ${totalText(w)}; earns ${money(e.amount)}.${order ? ` The house ${order}.` : ""}`;
    }
    case "house_stays_home": return `House ${e.house} (${(e.demand || []).join(", ")}) stays home.`;
    case "waitress_income": return `${who(e.seat)}: ${e.waitresses} waitress${e.waitresses === 1 ? "" : "es"} earn ${money(e.amount)}.`;
    case "cfo_bonus": return `${who(e.seat)}: CFO bonus ${money(e.amount)}.`;
    case "dinnertime_earnings": return `Dinnertime earnings: ${Object.entries(e.earned || {}).map(([s, n]) => `${who(Number(s))} ${money(n)}`).join(", ")}.`;
    case "bank_broken":
      if (e.final) return "The bank broke for the last time: the game ends after this Dinnertime.";
      if (variantOf(ctx.catalog, "bank_broken", e)) return `The bank broke! ${render(variantOf(ctx.catalog, "bank_broken", e), e, who)}`;
      return `The bank broke! Reserve cards: ${Object.entries(e.reserve_cards || {}).map(([s, m]) => `${who(Number(s))} ${money(m)}`).join(", ")}; ${money(e.added)} added; every CEO now has ${e.ceo_slots} slots.`;
    case "paid_from_box": return `${who(e.seat)} is paid ${money(e.amount)} from outside the bank.`;
    case "fire_chosen": return `You mark ${card(e.employee)} to be fired.`;
    case "firing_committed": return null;
    case "employees_fired": return (e.employees || []).length ? `${who(e.seat)} fired ${e.employees.map(card).join(", ")}.` : null;
    case "cannot_pay": return `${who(e.seat)} cannot pay ${money(e.due)} in salaries with ${money(e.cash)}: cards must be fired.`;
    case "fired_to_pay": return `${who(e.seat)} fires ${card(e.employee)} to pay salaries (${money(e.due)} due, cash ${money(e.cash)}).`;
    case "cfo_fired_first_100": return `${who(e.seat)} fires the CFO (First to have $100).`;
    case "salaries_paid": return `${who(e.seat)} paid ${money(e.amount)} in salaries (${e.salaried} salaried card${e.salaried === 1 ? "" : "s"})${e.goods && e.goods.length ? `, ${e.goods.length} in goods` : ""}${e.waived ? `, ${money(e.waived)} left unpaid` : ""}.`;
    case "hire_discounts": return `${who(e.seat)}: unused recruiting actions give ${money(5 * (e.discounts || 0))} off salaries.`;
    case "campaign_ran": {
      const placed = (e.houses || []).filter((x) => x.placed > 0);
      return `Campaign #${e.number} (${who(e.owner)}, ${e.good})${e.passes ? `, pass ${e.marketing_pass} of ${e.passes}` : ""}: ${placed.length ? placed.map((x) => `house ${x.house} +${x.placed}`).join(", ") : "no demand placed"}.`;
    }
    case "campaign_piece_removed": return null;
    case "campaign_ended": return `Campaign #${e.number} ended.`;
    case "goods_discarded": return (e.goods || []).length ? `${who(e.seat)} discards ${e.goods.join(", ")}.` : null;
    case "freezer_kept": return (e.goods || []).length ? `${who(e.seat)} keeps ${e.goods.join(", ")} in the freezer.` : null;
    case "freezer_over_capacity": return `${who(e.seat)} has ${e.items} items for a freezer of ${e.capacity}.`;
    case "good_thrown_away": return `${who(e.seat)} throws away ${e.good}.`;
    case "cards_to_hand": return null;
    case "drive_in_removed": return null;
    case "game_over": return `Game over: ${e.reason}. Ranking: ${(e.ranking || []).map((s, i) => `${i + 1}. ${who(s)} ${money((e.cash || {})[String(s)])}`).join(", ")}.`;
    case "action_undone": return `${who(e.seat)} took back an action.`;
    case "timer_bot_move": return `${possessive(who(e.seat))} time ran out: the ${e.bot} bot plays for ${who(e.seat)}.`;
    default: {
      // a module's event kind: its template (and variants) come with the catalog's texts
      const template = variantOf(ctx.catalog, e.kind, e) || (((ctx.catalog && ctx.catalog.texts && ctx.catalog.texts.events) || {})[e.kind]);
      if (template) return render(template, e, who, ctx.catalog);
      return `${e.kind.replaceAll("_", " ")}${e.seat !== undefined ? ` (${who(e.seat)})` : ""}.`;
    }
  }
}

export function stepName(step) {
  return STEPS[step] || step;
}
