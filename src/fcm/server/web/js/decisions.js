// The decision panel: every choice is one of the server's legal actions for my seat. Menus list
// only those; placements highlight exactly their squares; Done buttons end optional steps. The
// only thing sent that is not on the list is a deliberate try on an unhighlighted square, so the
// engine can say why it is not allowed.

import { cardChip, orgChart } from "./companies.js";
import { stepName } from "./format.js";
import { whyNotHires } from "./table.js";
import { canonical, chainMark, clear, goodChip, h, money, PHASES, plural, put, seatName } from "./util.js";

const PLACEMENT = new Set(["place_restaurant", "move_restaurant", "place_house", "add_garden", "place_campaign"]);
const ORDER = ["choose_reserve", "send_to_work", "choose_turn_order", "hire", "train", "train_at_work",
  "start_campaign", "place_campaign", "choose_advert", "choose_two_goods", "cook", "get_drinks", "place_house", "add_garden",
  "place_restaurant", "move_restaurant", "pay_salary", "fire", "throw_away"];
const CORNER_NAMES = { nw: "north-west", ne: "north-east", sw: "south-west", se: "south-east" };

function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

function doneLabel(msg, pres) {
  switch (msg.phase) {
    case "setup_restaurants": return "Pass: no first restaurant now";
    case "restructuring": return "Commit my structure";
    case "payday": return pres.stage === "paying" ? "Pay the rest in cash" : "Done firing (commit)";
    case "working":
      return {
        hire: "Done hiring", train: "Done training", campaigns: "Done with campaigns",
        food_and_drinks: "Done producing", houses: "Done with houses and gardens",
        restaurants: "Done: end my turn", drive_ins: "Done",
      }[pres.step] || "Done";
    default: return "Done";
  }
}

function title(msg, pres) {
  if (msg.phase === "working" && pres.step) return `${PHASES.working} — ${stepName(pres.step)}`;
  if (msg.phase === "payday" && pres.stage === "cannot_pay") return "Payday — you cannot pay: fire salaried cards";
  if (msg.phase === "payday" && pres.stage === "paying") return "Payday — pay salaries with goods?";
  if (msg.phase === "payday") return "Payday — fire employees?";
  return PHASES[msg.phase] || msg.phase;
}

function salaryNote(a) {
  if (a.salary_after === undefined) return null;
  const diff = a.salary_after - a.salary_before;
  const text = diff === 0 ? `Payday salaries stay ${money(a.salary_after)}`
    : `Payday salaries ${money(a.salary_before)} → ${money(a.salary_after)}`;
  // why a salaried card may not raise the total: the discounts the engine applies, by name
  const why = a.card_salary && diff < a.card_salary && (a.salary_notes || []).length ? `; ${a.salary_notes.join("; ")}` : "";
  return h("small", { class: "salary-note" + (diff > 0 ? " up" : diff < 0 ? " down" : ""), "data-test": "salary-note" }, text,
    a.card_salary !== undefined ? (a.card_salary ? ` (salaried card: $${a.card_salary}${why})` : " (no salary)") : "");
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
    put(this.errorBox, h("strong", {}, this.error.title || "Not allowed"), " ",
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
      el.append(h("h2", {}, "Game over"), h("p", {}, pres ? pres.end_reason : ""),
        h("p", {}, h("a", { class: "button primary", href: `#/replay/${this.el.closest("[data-game]")?.dataset.game || ""}/${msg.seat ?? "spectator"}`, "data-test": "open-replay" }, "Replay this game (and what-if branches)")));
      this.ctl.board.setHighlights(null);
      return;
    }
    if (msg.seat === null) {
      el.dataset.kinds = "";
      el.append(h("h2", {}, title(msg, pres || {})), h("p", { class: "muted" }, "You are watching. Deciding now: ",
        msg.actors.map(names).join(", ") || "nobody"));
      this.ctl.board.setHighlights(null);
      return;
    }
    if (!msg.your_turn || !pres) {
      el.dataset.kinds = "";
      el.append(h("h2", {}, title(msg, pres || {})),
        h("p", { class: "waiting", "data-test": "waiting" }, h("span", { class: "spinner" }),
          msg.actors.length ? `Waiting for ${msg.actors.map(names).join(", ")}…` : "Resolving…"));
      const mine = pres && pres.chains[msg.seat] && pres.chains[msg.seat].draft;
      if (mine && mine.kind === "work") el.append(this.draftView(mine, true));
      el.append(h("div", { class: "buttons" }, h("button", { type: "button", class: "ghost small", "data-test": "undo",
        title: "Take back my last action (while nobody else has acted and nothing hidden was revealed)",
        onclick: () => this.ctl.undo() }, "Undo my last action"),
      h("button", { type: "button", class: "ghost small", "data-test": "undo-turn", title: "Take back my own steps of this phase or turn, as far as allowed",
        onclick: () => this.ctl.undoTurn() }, "Undo back to the start of my turn")), this.errorBox);
      this.renderError();
      this.ctl.board.setHighlights(null);
      return;
    }
    const legal = this.legal();
    const byType = new Map();
    for (const a of legal) {
      if (!byType.has(a.action.type)) byType.set(a.action.type, []);
      byType.get(a.action.type).push(a);
    }
    el.dataset.kinds = [...byType.keys()].sort().join(",");
    el.append(h("h2", { class: "decision-title" }, chainMark(msg.seat, null, "swatch"), title(msg, pres)));
    if (msg.phase === "working" && pres.step === "hire" && pres.hires_left !== null) {
      el.append(h("p", { class: "muted" }, `${plural(pres.hires_left, "hire")} left this turn.`));
    }
    if (msg.phase === "restructuring" && !byType.has("send_to_work")) byType.set("send_to_work", []);
    const placement = legal.filter((a) => PLACEMENT.has(a.action.type));
    let placed = false;
    for (const type of [...ORDER, ...[...byType.keys()].filter((t) => !ORDER.includes(t) && t !== "done")]) {
      const list = byType.get(type);
      if (!list) continue;
      if (PLACEMENT.has(type)) {
        if (!placed) el.append(this.placementPanel(placement));
        placed = true;
        continue;
      }
      el.append(this.section(type, list));
    }
    if (!placed) this.ctl.board.setHighlights(this.routeHighlights());
    const done = byType.get("done");
    const buttons = h("div", { class: "buttons" });
    if (done) {
      buttons.append(h("button", { type: "button", class: (msg.phase === "setup_restaurants" ? "" : "primary ") + "done", "data-test": "done", "data-key": done[0].key,
        onclick: () => this.send(done[0].action) }, doneLabel(msg, pres)));
    }
    buttons.append(h("button", { type: "button", class: "ghost small", "data-test": "undo", title: "Take back my last action (while nobody else has acted and nothing hidden was revealed)",
      onclick: () => this.ctl.undo() }, "Undo my last action"),
    h("button", { type: "button", class: "ghost small", "data-test": "undo-turn", title: "Take back my own steps of this phase or turn, as far as allowed",
      onclick: () => this.ctl.undoTurn() }, "Undo back to the start of my turn"));
    el.append(buttons, this.errorBox);
    this.renderError();
  }

  /** "Why can't I do this?": ask the server about an action that is not on the legal list
   * (POST .../why: nothing is played), so the engine says why in the game's words. */
  why(action) {
    if (!this.pres || this.pres.version !== this.msg.version) return;
    if ((this.msg.legal || []).some((a) => canonical(a) === canonical(action))) return;
    this.ctl.why(action).then((answer) => {
      if (answer && !answer.allowed) this.setError({ title: "Not allowed:", message: answer.text, code: answer.code });
    }).catch((err) => this.setError({ title: "Error:", message: err.message, code: err.code }));
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

  section(type, list) {
    const catalog = this.ctl.catalog;
    const pres = this.pres;
    switch (type) {
      case "choose_reserve":
        return h("div", { class: "section" }, h("p", {}, "Choose your reserve card secretly. It is revealed when the bank first breaks: it adds money to the bank and sets every CEO's slots."),
          h("div", { class: "choices" }, list.map((a) => {
            const price = a.action.price ?? null;
            const card = (catalog.reserve_cards || []).find((r) => r.money === a.action.money && (r.base_price ?? null) === price);
            // a card with a base unit price sets the price, not the CEO slots
            const detail = price !== null ? ` · base price ${money(price)}` : card ? ` · CEO ${card.ceo_slots} slots` : null;
            return this.actionButton(a, h("span", {}, h("strong", {}, money(a.action.money)), detail ? h("small", {}, detail) : null));
          })));
      case "send_to_work": return this.restructuring(list);
      case "choose_turn_order":
        return h("div", { class: "section" }, h("p", {}, "Choose your place in the turn order (1 = first)."),
          h("p", { class: "muted" }, "Open slots: ", pres.chains.map((c) => `${seatName(this.msg.seats, c.seat)} ${c.open_slots}`).join(", ")),
          h("div", { class: "choices" }, list.map((a) => this.actionButton(a, `Position ${a.action.position}`))));
      case "hire":
        return h("div", { class: "section" }, h("p", {}, "Hire an entry-level employee (to your beach):"),
          h("div", { class: "menu" }, list.map((a) => h("div", { class: "menu-row" },
            this.actionButton(a, h("span", {}, "Hire ", cardChip(catalog, a.action.employee))),
            h("span", { class: "info-dot", "data-card": a.action.employee, title: "What it does" }, "ⓘ"),
            h("small", { class: "muted" }, `${pres.supply[a.action.employee] ?? "?"} left`), salaryNote(a)))),
          whyNotHires(catalog, list, (action) => this.why(action)));
      case "train":
      case "train_at_work": { // a card at work (First lemonade sold): its own action type
        const groups = new Map();
        for (const a of list) {
          const k = `${a.action.employee}${a.action.fresh ? " (just trained)" : ""}`;
          if (!groups.has(k)) groups.set(k, []);
          groups.get(k).push(a);
        }
        const where = type === "train" ? "on your beach" : "at work, into a card of its colour";
        return h("div", { class: "section" }, h("p", {}, `Train an employee ${where}, one step at a time:`),
          [...groups.entries()].map(([k, acts]) => h("div", { class: "menu" },
            h("div", { class: "menu-head" }, cardChip(catalog, acts[0].action.employee), acts[0].action.fresh ? h("small", {}, " just trained") : null),
            acts.map((a) => h("div", { class: "menu-row" },
              this.actionButton(a, h("span", {}, "→ ", cardChip(catalog, a.action.into), h("small", {}, ` by ${catalog.employees[a.action.trainer]?.name || a.action.trainer}`))),
              h("span", { class: "info-dot", "data-card": a.action.into, title: "What it does" }, "ⓘ"),
              salaryNote(a))))));
      }
      case "start_campaign":
        return h("div", { class: "section" }, h("p", {}, "Launch a campaign: choose the marketeer and the campaign tile."),
          h("div", { class: "menu" }, list.map((a) => {
            const c = catalog.campaigns[String(a.action.number)] || {};
            const size = c.type === "airplane" ? `${c.span} squares of the edge` : c.beside_board ? "beside the board" : `${c.height}×${c.width}`;
            // a tile beside the board: the houses it would reach now (the server's), warned when none
            const none = c.beside_board && Array.isArray(a.reaches) && !a.reaches.length;
            return h("div", { class: "menu-row" }, this.actionButton(a, h("span", {}, h("strong", {}, `#${a.action.number} ${c.name || c.type}`), ` (${size})`)),
              h("small", {}, "by "), cardChip(catalog, a.action.marketeer),
              h("span", { class: "info-dot", "data-campaign-tile": a.action.number, title: "Its rules" }, "ⓘ"),
              c.beside_board && Array.isArray(a.reaches) ? (none
                ? h("div", { class: "warning", "data-test": "reaches-none" }, `It would reach no house now: it reaches ${c.reach || "the houses of its rule"}.`)
                : h("small", { class: "muted", "data-test": "reaches" }, ` reaches house${a.reaches.length > 1 ? "s" : ""} ${a.reaches.join(", ")} now`)) : null);
          })));
      case "choose_advert": {
        const goods = [...new Set(list.map((a) => a.action.good))];
        const durations = [...new Set(list.map((a) => a.action.duration))].sort((x, y) => x - y);
        const dc = pres.draft_campaign;
        const eternal = dc && dc.eternal; // the engine's verdict (First billboard placed)
        const ms = (catalog.milestones || {}).first_billboard || { name: "First billboard placed" };
        return h("div", { class: "section" },
          h("p", {}, `Campaign #${dc ? dc.number : ""}: what does it advertise${eternal ? "" : ", for how many rounds"}?`),
          eternal ? h("p", { class: "warning", "data-test": "eternal-warning" },
            h("strong", {}, "Eternal: "),
            dc.claims_first_billboard
              ? `placing this billboard claims “${ms.name}”: this campaign and every campaign you place from now on never runs out, and its marketeer stays busy for the rest of the game.`
              : `with “${ms.name}” this campaign never runs out, and its marketeer stays busy for the rest of the game.`) : null,
          h("table", { class: "advert" }, h("tbody", {}, goods.map((g) => h("tr", {},
            h("th", {}, goodChip(g), ` ${g}`),
            durations.map((d) => {
              const a = list.find((x) => x.action.good === g && x.action.duration === d);
              return h("td", {}, a ? this.actionButton(a, eternal ? "eternal" : `${d} round${d === 1 ? "" : "s"}`) : "");
            }))))));
      }
      case "choose_two_goods": // a two-good airplane (First brand manager used): its own buttons
        return h("div", { class: "section", "data-test": "two-goods" },
          h("p", {}, "Or two different goods on this airplane (“First brand manager used”): the first, then the second."),
          h("div", { class: "choices" }, list.map((a) => this.actionButton(a))));
      case "cook":
        return h("div", { class: "section" }, h("p", {}, "Produce food (a kitchen card makes all of its food or nothing):"),
          h("div", { class: "choices" }, list.map((a) => this.actionButton(a, h("span", {}, cardChip(catalog, a.action.employee), " makes ", a.amount ? `${a.amount} ` : "", goodChip(a.action.good), ` ${a.action.good}${a.amount && a.amount !== 1 ? "s" : ""}`)))));
      case "get_drinks":
        return h("div", { class: "section" }, h("p", {}, "Get drinks:"),
          h("div", { class: "menu" }, list.map((a) => {
            // a route choice is sent as drawn (its road squares or the Zeppelin's tiles): the
            // engine checks the route and the board shows it on hover
            const btn = this.actionButton(a, a.action.good
              ? h("span", {}, cardChip(catalog, a.action.employee), " gets ", goodChip(a.action.good), ` ${a.action.good}`)
              : h("span", {}, cardChip(catalog, a.action.employee), ` route via ${a.action.suppliers.length} supplier${a.action.suppliers.length === 1 ? "" : "s"}: `,
                a.action.suppliers.map((c) => `${c[0]},${c[1]}`).join(" · ")),
              a.drawn ? { onclick: () => this.send(a.drawn) } : undefined);
            if (a.cells) {
              btn.addEventListener("mouseenter", () => this.ctl.board.setHighlights({ marks: a.cells, route: a.route, flight: a.flight }));
              btn.addEventListener("mouseleave", () => this.ctl.board.setHighlights(this.routeHighlights()));
            }
            return h("div", { class: "menu-row" }, btn);
          })));
      case "fire": {
        const mine = pres.chains[this.msg.seat];
        const draft = mine.draft && mine.draft.kind === "fire" ? mine.draft : null;
        return h("div", { class: "section" },
          h("p", {}, pres.stage === "cannot_pay" ? "You cannot pay your salaries: fire salaried cards until you can." : "Fire employees before paying salaries (secret until everyone commits):"),
          h("p", { class: "muted" }, `Salaries due: ${money(mine.salary_due)}; cash ${money(mine.cash)}.`,
            draft && draft.cards.length ? ` Marked to fire: ${draft.cards.map((c) => catalog.employees[c]?.name || c).join(", ")} → salaries ${money(draft.salary_after)}.` : ""),
          h("div", { class: "menu" }, list.map((a) => h("div", { class: "menu-row" },
            this.actionButton(a, h("span", {}, "Fire ", cardChip(catalog, a.action.employee))), salaryNote(a)))));
      }
      case "pay_salary": {
        // salaries in goods (First beer sold): one item pays one salary, Done pays the rest
        const chosen = pres.salary_goods || [];
        return h("div", { class: "section" },
          h("p", {}, "Pay salaries with goods: one item pays one salary; the rest is paid in cash."),
          h("p", { class: "muted" }, `Still to pay in cash: ${money(list[0].cash_before)}; cash ${money(pres.chains[this.msg.seat].cash)}.`,
            chosen.length ? ` Paying with: ${chosen.join(", ")}.` : ""),
          h("div", { class: "choices" }, list.map((a) => this.actionButton(a, h("span", {}, "Pay a salary with ", goodChip(a.action.good), ` ${a.action.good}`)))));
      }
      case "throw_away": return this.freezer(list);
      default:
        return h("div", { class: "section" }, h("div", { class: "choices" }, list.map((a) => this.actionButton(a))));
    }
  }

  routeHighlights() {
    return null;
  }

  /** Clean up with a freezer: how many of each good to keep, chosen in one step; the page
   * then sends one throw-away per item and Done (each checked by the engine as usual). */
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
        "data-test": "freezer-keep", "data-good": g, "aria-label": `${g} to keep` });
      input.addEventListener("input", () => {
        keep[g] = Math.max(0, Math.min(stock[g] || 0, Math.floor(Number(input.value) || 0)));
        sync();
      });
      return h("label", { class: "freezer-good" }, goodChip(g), ` ${g}: keep `, input, ` of ${stock[g] || 0}`);
    });
    const summary = h("span", { "data-test": "freezer-summary" });
    const go = h("button", { type: "button", class: "primary", "data-test": "freezer-apply", onclick: () => this.keepOnly(keep, stock) });
    const sync = () => {
      const kept = goods.reduce((n, g) => n + keep[g], 0);
      summary.textContent = `Keeping ${kept} of ${held} item${held === 1 ? "" : "s"}${kept < held ? `; ${held - kept} thrown away` : ""}.`;
      go.textContent = kept < held ? `Keep these, throw away ${held - kept}` : "Keep everything";
      go.disabled = kept === held && !doneLegal;
    };
    sync();
    // the engine's reason when the freezer may not keep it all (capacity, a module's limit)
    return h("div", { class: "section freezer" },
      h("p", { "data-test": "freezer-why" }, pres.why_not_done ? `${capital(pres.why_not_done)}.`
        : doneLegal ? `Your freezer may keep all ${held} item${held === 1 ? "" : "s"}; choose what to keep.`
          : `You hold ${held} item${held === 1 ? "" : "s"}: choose what the freezer keeps.`),
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

  draftView(draft, committed) {
    const catalog = this.ctl.catalog;
    return h("div", { class: "draft" },
      h("h4", {}, committed ? "My structure (secret until everyone commits)" : "Planned structure"),
      draft.fits
        ? orgChart(catalog, draft.structure, this.pres.ceo_slots, { testId: "draft-structure" })
        : h("div", { class: "warning", "data-test": "overfill" }, draft.warning,
          h("div", { class: "chips" }, draft.cards.map((c) => cardChip(catalog, c)))));
  }

  restructuring(list) {
    const catalog = this.ctl.catalog;
    const mine = this.pres.chains[this.msg.seat];
    const draft = mine.draft || { cards: [], in_hand: mine.hand, fits: true, structure: [] };
    const byCard = new Map(list.map((a) => [a.action.employee, a]));
    const remaining = draft.in_hand || [];
    return h("div", { class: "section restructure" },
      h("p", {}, "Click cards in your hand to send them to work, one at a time. Only the set matters; the chart shows one legal seating. Commit when done."),
      h("div", { class: "hand" }, h("h4", {}, "In hand"),
        remaining.length
          ? h("div", { class: "chips" }, remaining.map((c) => {
            const a = byCard.get(c);
            return a
              ? h("button", { type: "button", class: "card-button", "data-key": a.key, "data-type": "send_to_work", "data-card": c, onclick: () => this.send(a.action) }, cardChip(catalog, c))
              : cardChip(catalog, c);
          }))
          : h("span", { class: "muted" }, "every card is going to work")),
      this.draftView(draft, false));
  }

  // -- placements: click a highlighted square, pick a variant, confirm -----------------------

  placementPanel(actions) {
    const pres = this.pres;
    const type = actions[0].action.type;
    let pool = actions;
    const houseNumbers = [...new Set(actions.filter((a) => a.action.type === "place_house").map((a) => a.action.number))].sort((x, y) => x - y);
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
      place_restaurant: this.msg.phase === "setup_restaurants" ? "your first restaurant" : "a restaurant",
      move_restaurant: "a restaurant (move)",
      place_house: "a house with its garden",
      add_garden: "a garden",
      place_campaign: pres.draft_campaign ? `campaign #${pres.draft_campaign.number} (${(((this.ctl.catalog || {}).campaigns || {})[String(pres.draft_campaign.number)] || {}).name || pres.draft_campaign.type})` : "the campaign",
    }[type] || type;
    const panel = h("div", { class: "section placement", "data-test": "placement" });
    panel.append(h("p", {}, `Place ${what}: click a highlighted ${slots.size && !anchors.size ? "slot along the map edge" : "square"} on the map (${anchors.size + slots.size} possible${anchors.size ? "; the square is the top-left corner" : ""}).`));
    const picks = [...[...anchors.values()].map((c) => [`${c[0]},${c[1]}`, `row ${c[0]}, column ${c[1]}`]),
      ...[...slots.keys()].map((k) => [`edge:${k}`, `edge slot ${k.replace(",", " ")}`])];
    panel.append(h("label", {}, "Or pick from the list: ", h("select", { "data-test": "placement-list", "aria-label": "Legal placements",
      onchange: (e) => {
        const v = e.target.value;
        if (v.startsWith("edge:")) { const [edge, i] = v.slice(5).split(","); this.onEdge(edge, Number(i), true); }
        else if (v) this.onSquare(v.split(",").map(Number), true);
      } },
    h("option", { value: "" }, `${picks.length} possible`),
    picks.map(([v, text]) => h("option", { value: v, selected: v === (this.anchor ? `${this.anchor[0]},${this.anchor[1]}` : this.edge ? `edge:${this.edge}` : "") }, text)))));
    if (houseNumbers.length > 1 || (houseNumbers.length && actions.some((a) => a.action.type === "add_garden"))) {
      panel.append(h("label", {}, "House tile ", h("select", { "data-test": "house-number", onchange: (e) => { this.houseNumber = Number(e.target.value); this.anchor = null; this.variant = null; this.draw(); } },
        houseNumbers.map((n) => h("option", { value: n, selected: n === this.houseNumber }, `house ${n}`)))));
    }
    if (variants.length) {
      panel.append(h("div", { class: "variants" },
        h("h4", {}, this.anchor ? `At ${this.anchor[0]},${this.anchor[1]}:` : "Along the edge:"),
        h("div", { class: "choices" }, variants.map((a) => h("button", {
          type: "button", class: "choice" + (a.key === this.variant ? " selected" : ""), "data-key": a.key, "data-variant": "1",
          onclick: () => { this.variant = a.key; this.draw(); this.el.querySelector("[data-test=confirm]")?.focus(); },
        }, this.variantLabel(a))))));
    }
    if (chosen) {
      panel.append(h("div", { class: "confirm-row" },
        h("span", {}, chosen.label, chosen.reaches ? h("small", {}, ` — reaches ${chosen.reaches.length ? "house" + (chosen.reaches.length > 1 ? "s " : " ") + chosen.reaches.join(", ") : "no house"}`) : null),
        h("button", { type: "button", class: "primary", "data-test": "confirm", "data-key": chosen.key, onclick: () => this.send(chosen.action) }, "Confirm"),
        h("button", { type: "button", class: "ghost", onclick: () => { this.anchor = null; this.edge = null; this.variant = null; this.draw(); } }, "Cancel")));
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
      case "place_restaurant": return `Entrance ${CORNER_NAMES[x.entrance] || x.entrance}${x.employee ? ` (${this.ctl.catalog.employees[x.employee]?.name || x.employee})` : ""}`;
      case "move_restaurant": return `Restaurant #${x.restaurant + 1}, entrance ${CORNER_NAMES[x.entrance] || x.entrance}`;
      case "place_house": return `Garden at ${x.garden.map((c) => `${c[0]},${c[1]}`).join(" + ")}`;
      case "add_garden": return `Garden for house ${x.house}`;
      case "place_campaign":
        if (x.edge) return `${a.airplane.span} square${a.airplane.span === 1 ? "" : "s"} from ${x.first}`;
        return x.orientation ? `${x.orientation}` : "here";
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
    const a = { ...t.action };
    const [r, c] = cell;
    if (a.type === "place_campaign" && a.edge) return;
    if (a.type === "add_garden") a.garden = [[r, c], [r, c + 1]];
    else a.cell = [r, c];
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
