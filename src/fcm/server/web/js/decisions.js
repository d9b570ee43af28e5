// @ts-check
// The decision panel: every choice is one of the server's legal actions for my seat. Menus list
// only those; placements highlight exactly their squares; Done buttons end optional steps. The
// only thing sent that is not on the list is a deliberate try on an unhighlighted square, so the
// engine can say why it is not allowed.

import { cardChip, orgChart } from "./companies.js";
import { stepName } from "./format.js";
import * as i18n from "./i18n.js";
import { whyNotHires } from "./table.js";
import { canonical, chainMark, clear, goodChip, h, money, PHASES, put, seatName } from "./util.js";

// a decision with more options than this is a list to pick from, not a row of buttons
const MANY_CHOICES = 24;

const { t } = i18n;
const listOf = i18n.list;  // ``list``: the decisions' own name for a list of actions

const PLACEMENT = new Set(["place_restaurant", "move_restaurant", "place_house", "add_garden", "place_campaign"]);
// the sections in order (a module's action shown as a base one follows it; others come last)
const ORDER = ["choose_reserve", "send_to_work", "choose_turn_order", "hire", "train",
  "start_campaign", "place_campaign", "choose_advert", "cook", "get_drinks", "place_house", "add_garden",
  "place_restaurant", "move_restaurant", "pay_with_goods", "fire", "throw_away"];
/** @type {Record<string, string | undefined>} */
const CORNER_NAMES = new Proxy({}, { get: (_, k) => (["nw", "ne", "sw", "se"].includes(String(k)) ? t(`dec.corner.${String(k)}`) : undefined) });

/** A good's name in the page's language (the game's catalog names the modules' goods too). */
/**
 * The annotated legal actions of the type(s) named (the decisions group them by type).
 * @template {import("./types").ActionJson["type"]} T
 * @param {import("./types").ActionOut[]} list
 * @param {...T} types
 * @returns {import("./types").ActionOutOf<T>[]}
 */
function ofType(list, ...types) {
  return /** @type {import("./types").ActionOutOf<T>[]} */ (list.filter((a) => types.includes(/** @type {T} */ (a.action.type))));
}

function goodLabel(catalog, good) {
  return ((catalog && catalog.good_names) || {})[good] || good;
}

function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/**
 * @param {import("./types").StateOut} msg
 * @param {import("./types").Presentation} pres
 */
function doneLabel(msg, pres) {
  switch (msg.phase) {
    case "setup_restaurants": return t("dec.done.pass_restaurant");
    case "restructuring": return t("dec.done.commit_structure");
    case "payday": return pres.stage === "paying" ? t("dec.done.pay_rest") : t("dec.done.firing");
    case "working":
      return ["hire", "train", "campaigns", "food_and_drinks", "houses", "restaurants"].includes(pres.step)
        ? t(`dec.done.${pres.step}`) : t("dec.done");
    default: return t("dec.done");
  }
}

/**
 * @param {import("./types").StateOut} msg
 * @param {Partial<import("./types").Presentation>} pres
 */
function title(msg, pres) {
  if (msg.phase === "working" && pres.step) return `${PHASES.working} — ${stepName(pres.step)}`;
  if (msg.phase === "payday" && pres.stage === "cannot_pay") return t("dec.title.cannot_pay");
  if (msg.phase === "payday" && pres.stage === "paying") return t("dec.title.paying");
  if (msg.phase === "payday") return t("dec.title.firing");
  return PHASES[msg.phase] || msg.phase;
}

/**
 * @param {import("./types").ActionOut} a
 */
function salaryNote(a) {
  if (a.salary_after === undefined) return null;
  const diff = a.salary_after - a.salary_before;
  const text = diff === 0 ? t("dec.salary_stays", { amount: money(a.salary_after) })
    : t("dec.salary_change", { before: money(a.salary_before), after: money(a.salary_after) });
  // why a salaried card may not raise the total: the discounts the engine applies, by name
  const why = a.card_salary && diff < a.card_salary && (a.salary_notes || []).length ? `; ${a.salary_notes.join("; ")}` : "";
  return h("small", { class: "salary-note" + (diff > 0 ? " up" : diff < 0 ? " down" : ""), "data-test": "salary-note" }, text,
    a.card_salary !== undefined ? (a.card_salary ? t("dec.salaried_card", { amount: money(a.card_salary), why }) : t("dec.no_salary")) : "");
}

export class Decisions {
  constructor(container, ctl) {
    this.el = container;
    this.ctl = ctl;
    this.msg = null;
    this.pres = null;
    this.reset();
  }

  reset() {
    this.anchor = null; // selected square (placement)
    this.edge = null; // selected airplane slot "e,first"
    this.variant = null; // selected action key
    this.houseNumber = null;
    this.hoverCells = null;
  }

  setError(err) {
    this.error = err;
    this.renderError();
  }

  renderError() {
    if (!this.errorBox) return;
    clear(this.errorBox);
    if (!this.error) {
      this.errorBox.classList.add("hidden");
      return;
    }
    this.errorBox.classList.remove("hidden");
    // the rule in the game's words (the server's "text"); the code stays out of sight
    put(this.errorBox, h("strong", {}, this.error.title || t("dec.not_allowed")), " ",
      h("span", { "data-test": "error-message", "data-code": this.error.code || "" }, this.error.message));
  }

  /** Annotated legal actions: the server's list, each with the presentation's notes. */
  legal() {
    const notes = new Map();
    if (this.pres && this.pres.version === this.msg.version) {
      for (const a of this.pres.actions || []) notes.set(a.key, a);
    }
    return (this.msg.legal || []).map((action) => {
      const key = canonical(action);
      return { label: action.type.replaceAll("_", " "), ...(notes.get(key) || {}), action, key };
    });
  }

  /**
   * @param {import("./types").StateOut} msg
   * @param {import("./types").PresentationAnswer} pres
   */
  render(msg, pres) {
    const changed = !this.msg || this.msg.version !== msg.version || this.msg.seat !== msg.seat;
    this.msg = msg;
    this.pres = pres;
    if (changed) {
      this.reset();
    }
    this.draw();
  }

  draw() {
    const msg = this.msg, pres = this.pres;
    const el = clear(this.el);
    this.placementAnchors = null; // set again below when this decision is a placement
    this.placementSlots = null;
    this.placementTemplate = null;
    this.errorBox = h("div", { class: "error-box hidden", "data-test": "error", role: "alert" });
    const names = (s) => seatName(msg.seats, s);
    el.dataset.phase = msg.phase;
    el.dataset.version = msg.version;
    if (msg.status === "over") {
      el.dataset.kinds = "";
      el.append(h("h2", {}, t("phase.game_over")), h("p", {}, pres ? pres.end_reason : ""),
        h("p", {}, h("a", { class: "button primary", href: `#/replay/${this.el.closest("[data-game]")?.dataset.game || ""}/${msg.seat ?? "spectator"}`, "data-test": "open-replay" }, t("dec.open_replay"))));
      this.ctl.board.setHighlights(null);
      return;
    }
    if (msg.seat === null) {
      el.dataset.kinds = "";
      el.append(h("h2", {}, title(msg, pres || {})), h("p", { class: "muted" }, t("dec.watching"),
        listOf(msg.actors.map(names)) || t("dec.nobody")));
      this.ctl.board.setHighlights(null);
      return;
    }
    if (!msg.your_turn || !pres) {
      el.dataset.kinds = "";
      el.append(h("h2", {}, title(msg, pres || {})),
        h("p", { class: "waiting", "data-test": "waiting" }, h("span", { class: "spinner" }),
          msg.actors.length ? t("dec.waiting_for", { names: listOf(msg.actors.map(names)) }) : t("dec.resolving")));
      const mine = pres && pres.chains[msg.seat] && pres.chains[msg.seat].draft;
      if (mine && mine.kind === "work") el.append(this.draftView(mine, true));
      el.append(h("div", { class: "buttons" }, h("button", { type: "button", class: "ghost small", "data-test": "undo",
        title: t("dec.undo.help"),
        onclick: () => this.ctl.undo() }, t("dec.undo")),
      h("button", { type: "button", class: "ghost small", "data-test": "undo-turn", title: t("dec.undo_turn.help"),
        onclick: () => this.ctl.undoTurn() }, t("dec.undo_turn"))), this.errorBox);
      this.renderError();
      this.ctl.board.setHighlights(null);
      return;
    }
    const legal = this.legal();
    const byType = new Map();
    for (const a of legal) {
      // a reserve card is one choice whatever it carries (a module's card is its own type);
      // so is a salary paid with an item (Payday's goods payment, a module's action)
      const type = a.reserve_card !== undefined ? "choose_reserve" : a.paying_good !== undefined ? "pay_with_goods" : a.action.type;
      if (!byType.has(type)) byType.set(type, []);
      byType.get(type).push(a);
    }
    el.dataset.kinds = [...byType.keys()].sort().join(",");
    el.append(h("h2", { class: "decision-title" }, chainMark(msg.seat, null, "swatch"), title(msg, pres)));
    if (msg.phase === "working" && pres.step === "hire" && pres.hires_left !== null) {
      el.append(h("p", { class: "muted" }, t("dec.hires_left", { count: pres.hires_left })));
    }
    if (msg.phase === "restructuring" && !byType.has("send_to_work")) byType.set("send_to_work", []);
    // the base placements, and a module's that the server marks as one (clicked the same way)
    const placement = legal.filter((a) => PLACEMENT.has(a.action.type) || a.placement);
    const placeTypes = new Set(placement.map((a) => a.action.type));
    let placed = false;
    // a module's action the server shows as a base one (``shown_as``): that section, after it
    const shownAs = (type) => byType.get(type)?.[0]?.shown_as;
    const keys = [...byType.keys()];
    const order = ORDER.flatMap((base) => [base, ...keys.filter((k) => shownAs(k) === base)]);
    for (const type of [...order, ...keys.filter((k) => !order.includes(k) && k !== "done")]) {
      const list = byType.get(type);
      if (!list) continue;
      if (placeTypes.has(type)) {
        if (!placed) el.append(this.placementPanel(placement));
        placed = true;
        continue;
      }
      el.append(this.section(shownAs(type) || type, list));
    }
    if (!placed) this.ctl.board.setHighlights(this.routeHighlights());
    const done = byType.get("done");
    const buttons = h("div", { class: "buttons" });
    if (done) {
      buttons.append(h("button", { type: "button", class: (msg.phase === "setup_restaurants" ? "" : "primary ") + "done", "data-test": "done", "data-key": done[0].key,
        onclick: () => this.send(done[0].action) }, doneLabel(msg, pres)));
    }
    buttons.append(h("button", { type: "button", class: "ghost small", "data-test": "undo", title: t("dec.undo.help"),
      onclick: () => this.ctl.undo() }, t("dec.undo")),
    h("button", { type: "button", class: "ghost small", "data-test": "undo-turn", title: t("dec.undo_turn.help"),
      onclick: () => this.ctl.undoTurn() }, t("dec.undo_turn")));
    el.append(buttons, this.errorBox);
    this.renderError();
  }

  /** "Why can't I do this?": ask the server about an action that is not on the legal list
   * (POST .../why: nothing is played), so the engine says why in the game's words. */
  why(action) {
    if (!this.pres || this.pres.version !== this.msg.version) return;
    if ((this.msg.legal || []).some((a) => canonical(a) === canonical(action))) return;
    this.ctl.why(action).then((answer) => {
      if (answer && !answer.allowed) this.setError({ title: t("dec.not_allowed_colon"), message: answer.text, code: answer.code });
    }).catch((err) => this.setError({ title: t("dec.error_colon"), message: err.message, code: err.code }));
  }

  async send(action) {
    this.setError(null);
    this.el.classList.add("busy");
    try {
      await this.ctl.act(action);
    } finally {
      this.el.classList.remove("busy");
    }
  }

  actionButton(a, content, extra) {
    return h("button", { type: "button", class: "choice", "data-key": a.key, "data-type": a.action.type, onclick: () => this.send(a.action), ...(extra || {}) }, content ?? a.label);
  }

  /**
   * @param {string} type
   * @param {import("./types").ActionOut[]} all
   */
  section(type, all) {
    const catalog = this.ctl.catalog;
    const pres = this.pres;
    switch (type) {
      case "choose_reserve": {
        const list = ofType(all, "choose_reserve");
        return h("div", { class: "section" }, h("p", {}, t("dec.reserve.intro")),
          h("div", { class: "choices" }, list.map((a) => {
            const card = (catalog.reserve_cards || [])[a.reserve_card];
            const price = card?.base_price ?? null;
            // a card with a base unit price sets the price, not the CEO slots
            const detail = price !== null ? t("dec.reserve.base_price", { price: money(price) }) : card ? t("dec.reserve.ceo_slots", { count: card.ceo_slots }) : null;
            return this.actionButton(a, h("span", {}, h("strong", {}, money(a.action.money)), detail ? h("small", {}, detail) : null));
          })));
      }
      case "send_to_work": return this.restructuring(ofType(all, "send_to_work"));
      case "choose_turn_order": {
        const list = ofType(all, "choose_turn_order");
        return h("div", { class: "section" }, h("p", {}, t("dec.turn_order.intro")),
          h("p", { class: "muted" }, t("dec.open_slots"), listOf(pres.chains.map((c) => `${seatName(this.msg.seats, c.seat)} ${c.open_slots}`))),
          h("div", { class: "choices" }, list.map((a) => this.actionButton(a, t("dec.position", { n: a.action.position })))));
      }
      case "hire": {
        const list = ofType(all, "hire");
        return h("div", { class: "section" }, h("p", {}, t("dec.hire.intro")),
          h("div", { class: "menu" }, list.map((a) => h("div", { class: "menu-row" },
            this.actionButton(a, h("span", {}, t("dec.hire.button"), cardChip(catalog, a.action.employee))),
            h("span", { class: "info-dot", "data-card": a.action.employee, title: t("dec.what_it_does") }, "ⓘ"),
            h("small", { class: "muted" }, t("dec.left", { n: pres.supply[a.action.employee] ?? "?" })), salaryNote(a)))),
          whyNotHires(catalog, list, (action) => this.why(action)));
      }
      case "train": { // or a module's action shown as one (its fields a training's)
        const list = /** @type {import("./types").ActionOutOf<"train">[]} */ (all);
        const groups = new Map();
        for (const a of list) {
          const k = `${a.action.employee}${a.action.fresh ? " (just trained)" : ""}`;
          if (!groups.has(k)) groups.set(k, []);
          groups.get(k).push(a);
        }
        return h("div", { class: "section" }, h("p", {}, list[0].intro ?? t("dec.train.intro")),
          [...groups.entries()].map(([k, acts]) => h("div", { class: "menu" },
            h("div", { class: "menu-head" }, cardChip(catalog, acts[0].action.employee), acts[0].action.fresh ? h("small", {}, t("dec.just_trained")) : null),
            acts.map((a) => h("div", { class: "menu-row" },
              this.actionButton(a, h("span", {}, "→ ", cardChip(catalog, a.action.into), h("small", {}, t("dec.by_trainer", { card: catalog.employees[a.action.trainer]?.name || a.action.trainer })))),
              h("span", { class: "info-dot", "data-card": a.action.into, title: t("dec.what_it_does") }, "ⓘ"),
              salaryNote(a))))));
      }
      case "start_campaign": {
        const list = ofType(all, "start_campaign");
        return h("div", { class: "section" }, h("p", {}, t("dec.campaign.intro")),
          h("div", { class: "menu" }, list.map((a) => {
            const c = catalog.campaigns[String(a.action.number)] || {};
            const size = c.type === "airplane" ? t("dec.campaign.edge_squares", { count: c.span }) : c.beside_board ? t("dec.campaign.beside_board") : `${c.height}×${c.width}`;
            // a tile beside the board: the houses it would reach now (the server's), warned when none
            const none = c.beside_board && Array.isArray(a.reaches) && !a.reaches.length;
            return h("div", { class: "menu-row" }, this.actionButton(a, h("span", {}, h("strong", {}, `#${a.action.number} ${c.name || c.type}`), ` (${size})`)),
              h("small", {}, t("dec.campaign.by")), cardChip(catalog, a.action.marketeer),
              h("span", { class: "info-dot", "data-campaign-tile": a.action.number, title: t("dec.its_rules") }, "ⓘ"),
              c.beside_board && Array.isArray(a.reaches) ? (none
                ? h("div", { class: "warning", "data-test": "reaches-none" }, t("dec.campaign.reaches_none", { reach: c.reach || t("dec.campaign.its_houses") }))
                : h("small", { class: "muted", "data-test": "reaches" }, t("dec.campaign.reaches_now", { count: a.reaches.length, houses: listOf(a.reaches) }))) : null);
          })));
      }
      case "choose_advert": {
        const list = ofType(all, "choose_advert");
        const goods = [...new Set(list.map((a) => a.action.good))];
        const durations = [...new Set(list.map((a) => a.action.duration))].sort((x, y) => x - y);
        const dc = pres.draft_campaign;
        const eternal = dc && dc.eternal; // the engine's verdict (First billboard placed)
        const ms = (catalog.milestones || {}).first_billboard || { name: t("milestone.first_billboard") };
        return h("div", { class: "section" },
          h("p", {}, t(eternal ? "dec.advert.what" : "dec.advert.what_how_long", { number: dc ? dc.number : "" })),
          eternal ? h("p", { class: "warning", "data-test": "eternal-warning" },
            h("strong", {}, t("dec.advert.eternal")),
            dc.claims_first_billboard
              ? t("dec.advert.claims_eternal", { milestone: ms.name })
              : t("dec.advert.eternal_with", { milestone: ms.name })) : null,
          h("table", { class: "advert" }, h("tbody", {}, goods.map((g) => h("tr", {},
            h("th", {}, goodChip(g), ` ${goodLabel(catalog, g)}`),
            durations.map((d) => {
              const a = list.find((x) => x.action.good === g && x.action.duration === d);
              return h("td", {}, a ? this.actionButton(a, eternal ? t("ev.eternal") : t("ev.rounds", { count: d })) : "");
            }))))));
      }
      case "cook": {
        const list = ofType(all, "cook");
        return h("div", { class: "section" }, h("p", {}, t("dec.cook.intro")),
          h("div", { class: "choices" }, list.map((a) => this.actionButton(a, h("span", {}, cardChip(catalog, a.action.employee), t("dec.cook.makes"), a.amount ? `${a.amount} ` : "", goodChip(a.action.good), ` ${a.amount && a.amount !== 1 ? t("dec.goods_plural", { good: goodLabel(catalog, a.action.good) }) : goodLabel(catalog, a.action.good)}`)))));
      }
      case "get_drinks": {
        const list = ofType(all, "get_drinks");
        return h("div", { class: "section" }, h("p", {}, t("dec.drinks.intro")),
          h("div", { class: "menu" }, list.map((a) => {
            // a route choice is sent as drawn (its road squares or the Zeppelin's tiles): the
            // engine checks the route and the board shows it on hover
            const btn = this.actionButton(a, a.action.good
              ? h("span", {}, cardChip(catalog, a.action.employee), t("dec.drinks.gets"), goodChip(a.action.good), ` ${goodLabel(catalog, a.action.good)}`)
              : h("span", {}, cardChip(catalog, a.action.employee), t("dec.drinks.route", { count: a.action.suppliers.length }),
                a.action.suppliers.map((c) => `${c[0]},${c[1]}`).join(" · ")),
              a.drawn ? { onclick: () => this.send(a.drawn) } : undefined);
            if (a.cells) {
              btn.addEventListener("mouseenter", () => this.ctl.board.setHighlights({ marks: a.cells, route: a.route, flight: a.flight }));
              btn.addEventListener("mouseleave", () => this.ctl.board.setHighlights(this.routeHighlights()));
            }
            return h("div", { class: "menu-row" }, btn);
          })));
      }
      case "fire": {
        const list = ofType(all, "fire");
        const mine = pres.chains[this.msg.seat];
        const draft = mine.draft && mine.draft.kind === "fire" ? mine.draft : null;
        return h("div", { class: "section" },
          h("p", {}, pres.stage === "cannot_pay" ? t("dec.fire.cannot_pay") : t("dec.fire.intro")),
          h("p", { class: "muted" }, t("dec.fire.due", { due: money(mine.salary_due), cash: money(mine.cash) }),
            draft && draft.cards.length ? t("dec.fire.marked", { cards: listOf(draft.cards.map((c) => catalog.employees[c]?.name || c)), after: money(draft.salary_after) }) : ""),
          h("div", { class: "menu" }, list.map((a) => h("div", { class: "menu-row" },
            this.actionButton(a, h("span", {}, t("dec.fire.button"), cardChip(catalog, a.action.employee))), salaryNote(a)))));
      }
      case "pay_with_goods": {
        const list = all;
        // salaries in goods (a module's rule): one item pays one salary, Done pays the rest
        const chosen = pres.paying_goods || [];
        return h("div", { class: "section" },
          h("p", {}, t("dec.pay.intro")),
          h("p", { class: "muted" }, t("dec.pay.still", { rest: money(list[0].cash_before), cash: money(pres.chains[this.msg.seat].cash) }),
            chosen.length ? t("dec.pay.paying_with", { goods: listOf(chosen.map((g) => goodLabel(catalog, g))) }) : ""),
          h("div", { class: "choices" }, list.map((a) => this.actionButton(a, h("span", {}, t("dec.pay.button"), goodChip(a.paying_good), ` ${goodLabel(catalog, a.paying_good)}`)))));
      }
      case "throw_away": return this.freezer(ofType(all, "throw_away"));
      default: {
        // a module's action type: its buttons, under the sentence its module gives (``intro``)
        const intro = all[0].intro ? h("p", {}, all[0].intro) : null;
        if (all.length <= MANY_CHOICES) return h("div", { class: "section", "data-type": type }, intro, h("div", { class: "choices" }, all.map((a) => this.actionButton(a))));
        // a long list (a module's decision with many options, e.g. a map tile x rotation x
        // place): one picks from a list and confirms, instead of a wall of buttons
        const select = h("select", { "data-test": "choice-list", "data-type": type, "aria-label": t("dec.choose_one", { count: all.length }) },
          all.map((a, i) => h("option", { value: String(i), "data-key": a.key }, a.label)));
        return h("div", { class: "section", "data-type": type }, intro, h("label", {}, t("dec.choose_one", { count: all.length }), select),
          h("button", { type: "button", class: "primary", "data-test": "choice-confirm", "data-type": type,
            onclick: () => this.send(all[Number(select.value)].action) }, t("dec.confirm")));
      }
    }
  }

  routeHighlights() {
    return null;
  }

  /** Clean up with a freezer: how many of each good to keep, chosen in one step; the page
   * then sends one throw-away per item and Done (each checked by the engine as usual). */
  /**
   * @param {import("./types").ActionOutOf<"throw_away">[]} list
   */
  freezer(list) {
    const pres = this.pres;
    const stock = (pres.chains[this.msg.seat] || {}).stock || {};
    const goods = list.map((a) => a.action.good);
    const held = goods.reduce((n, g) => n + (stock[g] || 0), 0);
    const doneLegal = (this.msg.legal || []).some((a) => a.type === "done");
    const keep = {};
    const inputs = goods.map((g) => {
      keep[g] = stock[g] || 0;
      const input = h("input", { type: "number", min: 0, max: stock[g] || 0, value: stock[g] || 0, inputmode: "numeric",
        "data-test": "freezer-keep", "data-good": g, "aria-label": t("dec.freezer.to_keep", { good: goodLabel(this.ctl.catalog, g) }) });
      input.addEventListener("input", () => {
        keep[g] = Math.max(0, Math.min(stock[g] || 0, Math.floor(Number(input.value) || 0)));
        sync();
      });
      return h("label", { class: "freezer-good" }, goodChip(g), t("dec.freezer.keep", { good: goodLabel(this.ctl.catalog, g) }), input, t("dec.freezer.of", { n: stock[g] || 0 }));
    });
    const summary = h("span", { "data-test": "freezer-summary" });
    const go = h("button", { type: "button", class: "primary", "data-test": "freezer-apply", onclick: () => this.keepOnly(keep, stock) });
    const sync = () => {
      const kept = goods.reduce((n, g) => n + keep[g], 0);
      summary.textContent = t(kept < held ? "dec.freezer.keeping_throwing" : "dec.freezer.keeping", { kept, count: held, thrown: held - kept });
      go.textContent = kept < held ? t("dec.freezer.keep_these", { n: held - kept }) : t("dec.freezer.keep_all");
      go.disabled = kept === held && !doneLegal;
    };
    sync();
    // the engine's reason when the freezer may not keep it all (capacity, a module's limit)
    return h("div", { class: "section freezer" },
      h("p", { "data-test": "freezer-why" }, pres.why_not_done ? `${capital(pres.why_not_done)}.`
        : doneLegal ? t("dec.freezer.may_keep_all", { count: held })
          : t("dec.freezer.hold", { count: held })),
      h("div", { class: "freezer-goods" }, inputs), h("p", { class: "muted" }, summary), go);
  }

  async keepOnly(keep, stock) {
    const throws = [];
    for (const [g, n] of Object.entries(keep)) for (let i = n; i < (stock[g] || 0); i++) throws.push({ type: "throw_away", good: g });
    const now = () => (this.ctl.state ? this.ctl.state() : this.msg); // the newest state
    for (const a of throws) {
      const before = now() && now().version;
      await this.send(a);
      if (!now() || now().version === before) return; // refused: the error is shown
      if (!now().your_turn) return; // the decision is over
    }
    if (now() && (now().legal || []).some((a) => a.type === "done")) await this.send({ type: "done" });
  }

  // -- Restructuring: build the org chart card by card ---------------------------------------

  /**
   * @param {Partial<import("./types").Draft>} draft
   */
  draftView(draft, committed) {
    const catalog = this.ctl.catalog;
    return h("div", { class: "draft" },
      h("h4", {}, committed ? t("dec.structure.mine") : t("dec.structure.planned")),
      draft.fits
        ? orgChart(catalog, draft.structure, this.pres.ceo_slots, { testId: "draft-structure" })
        : h("div", { class: "warning", "data-test": "overfill" }, draft.warning,
          h("div", { class: "chips" }, draft.cards.map((c) => cardChip(catalog, c)))));
  }

  /**
   * @param {import("./types").ActionOutOf<"send_to_work">[]} list
   */
  restructuring(list) {
    const catalog = this.ctl.catalog;
    const mine = this.pres.chains[this.msg.seat];
    const draft = mine.draft || { cards: [], in_hand: mine.hand, fits: true, structure: [] };
    const byCard = new Map(list.map((a) => [a.action.employee, a]));
    const remaining = draft.in_hand || [];
    return h("div", { class: "section restructure" },
      h("p", {}, t("dec.structure.intro")),
      h("div", { class: "hand" }, h("h4", {}, t("dec.structure.in_hand")),
        remaining.length
          ? h("div", { class: "chips" }, remaining.map((c) => {
            const a = byCard.get(c);
            return a
              ? h("button", { type: "button", class: "card-button", "data-key": a.key, "data-type": "send_to_work", "data-card": c, onclick: () => this.send(a.action) }, cardChip(catalog, c))
              : cardChip(catalog, c);
          }))
          : h("span", { class: "muted" }, t("dec.structure.all_working"))),
      this.draftView(draft, false));
  }

  // -- placements: click a highlighted square, pick a variant, confirm -----------------------

  /**
   * @param {import("./types").ActionOut[]} actions
   */
  placementPanel(actions) {
    const pres = this.pres;
    const type = actions[0].action.type;
    let pool = actions;
    const houseNumbers = [...new Set(actions.map((a) => a.action).filter((x) => x.type === "place_house").map((x) => x.number))].sort((x, y) => x - y);
    if (houseNumbers.length) {
      if (!houseNumbers.includes(this.houseNumber)) this.houseNumber = houseNumbers[0];
      pool = actions.filter((a) => a.action.type !== "place_house" || a.action.number === this.houseNumber);
    }
    const cellActs = pool.filter((a) => a.anchor);
    const airActs = pool.filter((a) => a.airplane);
    const anchors = new Map();
    for (const a of cellActs) {
      const k = `${a.anchor[0]},${a.anchor[1]}`;
      if (!anchors.has(k)) anchors.set(k, a.anchor);
    }
    const slots = new Map();
    for (const a of airActs) slots.set(`${a.airplane.edge},${a.airplane.first}`, a.airplane);
    let variants = [];
    if (this.anchor) variants = cellActs.filter((a) => a.anchor[0] === this.anchor[0] && a.anchor[1] === this.anchor[1]);
    if (this.edge) variants = airActs.filter((a) => `${a.airplane.edge},${a.airplane.first}` === this.edge);
    if (variants.length === 1) this.variant = variants[0].key;
    const chosen = variants.find((a) => a.key === this.variant) || null;
    this.placementTemplate = actions[0];
    this.placementAnchors = anchors;
    this.placementSlots = slots;
    const owner = this.msg.seat;
    this.ctl.board.setHighlights({
      anchors: [...anchors.values()],
      airplanes: [...slots.values()],
      selected: this.anchor,
      selectedEdge: this.edge,
      preview: chosen ? { cells: chosen.cells, garden: chosen.garden, entrances: chosen.entrances, airplane: chosen.airplane, owner, reaches: chosen.reaches } : null,
    });
    const what = {
      place_restaurant: this.msg.phase === "setup_restaurants" ? t("dec.place.first_restaurant") : t("dec.place.restaurant"),
      move_restaurant: t("dec.place.move_restaurant"),
      place_house: t("dec.place.house"),
      add_garden: t("dec.place.garden"),
      place_campaign: pres.draft_campaign ? t("dec.place.campaign_n", { number: pres.draft_campaign.number, name: (((this.ctl.catalog || {}).campaigns || {})[String(pres.draft_campaign.number)] || {}).name || pres.draft_campaign.type }) : t("dec.place.campaign"),
    }[type] || actions[0].placing || type;
    const panel = h("div", { class: "section placement", "data-test": "placement" });
    panel.append(h("p", {}, t(slots.size && !anchors.size ? "dec.place.click_slot" : anchors.size && !actions[0].placement ? "dec.place.click_square_corner" : "dec.place.click_square", { what, count: anchors.size + slots.size })));
    const picks = [...[...anchors.values()].map((c) => [`${c[0]},${c[1]}`, t("dec.place.row_column", { row: c[0], column: c[1] })]),
      ...[...slots.keys()].map((k) => [`edge:${k}`, t("dec.place.edge_slot", { slot: k.replace(",", " ") })])];
    panel.append(h("label", {}, t("dec.place.or_pick"), h("select", { "data-test": "placement-list", "aria-label": t("dec.place.legal"),
      onchange: (e) => {
        const v = e.target.value;
        if (v.startsWith("edge:")) { const [edge, i] = v.slice(5).split(","); this.onEdge(edge, Number(i), true); }
        else if (v) this.onSquare(v.split(",").map(Number), true);
      } },
    h("option", { value: "" }, t("dec.place.possible", { count: picks.length })),
    picks.map(([v, text]) => h("option", { value: v, selected: v === (this.anchor ? `${this.anchor[0]},${this.anchor[1]}` : this.edge ? `edge:${this.edge}` : "") }, text)))));
    if (houseNumbers.length > 1 || (houseNumbers.length && actions.some((a) => a.action.type === "add_garden"))) {
      panel.append(h("label", {}, t("dec.place.house_tile"), h("select", { "data-test": "house-number", onchange: (e) => { this.houseNumber = Number(e.target.value); this.anchor = null; this.variant = null; this.draw(); } },
        houseNumbers.map((n) => h("option", { value: n, selected: n === this.houseNumber }, t("dec.place.house_n", { n }))))));
    }
    if (variants.length) {
      panel.append(h("div", { class: "variants" },
        h("h4", {}, this.anchor ? t("dec.place.at", { cell: `${this.anchor[0]},${this.anchor[1]}` }) : t("dec.place.along_edge")),
        h("div", { class: "choices" }, variants.map((a) => h("button", {
          type: "button", class: "choice" + (a.key === this.variant ? " selected" : ""), "data-key": a.key, "data-variant": "1",
          onclick: () => { this.variant = a.key; this.draw(); this.el.querySelector("[data-test=confirm]")?.focus(); },
        }, this.variantLabel(a))))));
    }
    if (chosen) {
      panel.append(h("div", { class: "confirm-row" },
        h("span", {}, chosen.label, chosen.reaches ? h("small", {}, chosen.reaches.length ? t("dec.place.reaches", { count: chosen.reaches.length, houses: listOf(chosen.reaches) }) : t("dec.place.reaches_none")) : null),
        h("button", { type: "button", class: "primary", "data-test": "confirm", "data-key": chosen.key, onclick: () => this.send(chosen.action) }, t("dec.confirm")),
        h("button", { type: "button", class: "ghost", onclick: () => { this.anchor = null; this.edge = null; this.variant = null; this.draw(); } }, t("dec.cancel"))));
    }
    return panel;
  }

  /** After a square is picked by keyboard: focus its first variant, else Confirm. */
  focusPlacement() {
    const el = this.el && this.el.querySelector("[data-test=placement] [data-variant], [data-test=placement] [data-test=confirm]");
    if (el) el.focus();
  }

  variantLabel(a) {
    const x = a.action;
    switch (x.type) {
      case "place_restaurant": return x.employee ? t("dec.variant.entrance_by", { corner: CORNER_NAMES[x.entrance] || x.entrance, card: this.ctl.catalog.employees[x.employee]?.name || x.employee }) : t("dec.variant.entrance", { corner: CORNER_NAMES[x.entrance] || x.entrance });
      case "move_restaurant": return t("dec.variant.move", { n: x.restaurant + 1, corner: CORNER_NAMES[x.entrance] || x.entrance });
      case "place_house": return t("dec.variant.garden_at", { cells: x.garden.map((c) => `${c[0]},${c[1]}`).join(" + ") });
      case "add_garden": return t("dec.variant.garden_for", { house: x.house });
      case "place_campaign":
        if (x.edge) return t("dec.variant.squares_from", { count: a.airplane.span, first: x.first });
        return x.orientation ? `${x.orientation}` : t("dec.variant.here");
      default: return a.label;
    }
  }

  /** A click on the map while placing. */
  onSquare(cell, keyboard) {
    if (!this.placementAnchors || !this.msg || !this.msg.your_turn) return;
    const k = `${cell[0]},${cell[1]}`;
    if (this.placementAnchors.has(k)) {
      this.anchor = cell;
      this.edge = null;
      this.variant = null;
      this.draw();
      if (keyboard) this.focusPlacement();
      return;
    }
    // Not a legal square: try it anyway so the engine explains why (only with the squares of
    // this very position known, so a try can never be a legal move by accident).
    const t = this.placementTemplate;
    if (!t || !this.pres || this.pres.version !== this.msg.version) return;
    // (a placement's fields: the square, a house's or garden's squares, an airplane's edge)
    const a = /** @type {{ type: string, cell?: number[], garden?: number[][], edge?: string | null }} */ ({ ...t.action });
    const [r, c] = cell;
    if (a.type === "place_campaign" && a.edge) return;
    if (a.type === "add_garden") a.garden = [[r, c], [r, c + 1]];
    else if ("cell" in a) a.cell = [r, c];
    else return; // a tile of several squares: only its listed squares can be tried
    if (a.type === "place_house") a.garden = [[r, c + 2], [r + 1, c + 2]];
    this.send(a);
  }

  onEdge(edge, index, keyboard) {
    if (!this.placementSlots || !this.msg || !this.msg.your_turn) return;
    const k = `${edge},${index}`;
    if (this.placementSlots.has(k)) {
      this.edge = k;
      this.anchor = null;
      this.variant = null;
      this.draw();
      if (keyboard) this.focusPlacement();
      return;
    }
    const t = this.placementTemplate;
    if (t && t.action.type === "place_campaign" && t.action.edge) this.send({ type: "place_campaign", edge, first: index });
  }
}
