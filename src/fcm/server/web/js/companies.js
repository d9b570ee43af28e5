// @ts-check
// The companies: cash, turn order, the structure at work as an org chart, beach, busy
// marketeers, stock, milestones; my hand and reserve card; and the bank and supplies.

import { t } from "./i18n.js";
import { cardName, chain, chainMark, goodChip, GOODS, h, milestoneName, money, seatName } from "./util.js";

const COLOUR_CLASS = {
  black: "c-black", purple: "c-purple", red: "c-red", salmon: "c-salmon", grey: "c-grey",
  light_green: "c-green", blue: "c-blue", olive_green: "c-olive", none: "c-ceo",
};

export function cardChip(catalog, id, extra) {
  const e = (catalog && catalog.employees[id]) || { name: id || t("util.fired"), colour: "none", description: "" };
  const tip = [e.name, e.description, e.salary_dollars ? t("comp.salary", { amount: money(e.salary_dollars) }) : t("comp.no_salary"), e.slots ? t("comp.slots", { count: e.slots }) : ""].filter(Boolean).join(" · ");
  return h("span", { class: `card-chip ${COLOUR_CLASS[e.colour] || ""}`, "data-card": id, title: tip, ...(extra || {}) }, cardName(catalog, id));
}

function chips(catalog, cards, testId) {
  if (!cards || !cards.length) return h("span", { class: "muted", "data-test": testId, "data-cards": "" }, "—");
  return h("span", { class: "chips", "data-test": testId, "data-cards": [...cards].sort().join(",") }, cards.map((c) => cardChip(catalog, c)));
}

/** The org chart of a structure: [{card, reports: [...]}] under the CEO. */
/**
 * @param {any} catalog
 * @param {import("./types").StructureEntry[]} structure
 * @param {number} ceoSlots
 */
export function orgChart(catalog, structure, ceoSlots, opts) {
  const o = opts || {};
  const children = structure.map((node) => {
    const e = catalog.employees[node.card] || {};
    const slots = e.is_manager ? e.slots : 0;
    const reports = [...node.reports.map((r) => h("div", { class: "org-leaf" }, cardChip(catalog, r)))];
    for (let i = node.reports.length; i < slots; i++) reports.push(h("div", { class: "org-leaf empty" }, t("comp.open")));
    return h("div", { class: "org-node" }, cardChip(catalog, node.card),
      reports.length ? h("div", { class: "org-reports" }, reports) : null);
  });
  for (let i = structure.length; i < ceoSlots; i++) children.push(h("div", { class: "org-node empty" }, h("span", { class: "slot" }, t("comp.open"))));
  return h("div", { class: "org", "data-test": o.testId || null },
    h("div", { class: "org-top" }, h("span", { class: "card-chip c-ceo" }, t("card.ceo")), h("small", {}, ` ${t("comp.slots", { count: ceoSlots })}`)),
    h("div", { class: "org-children" }, children));
}

function stock(st, seat) {
  const items = Object.entries(st || {}).filter(([, n]) => n > 0);
  return h("span", { class: "stock", "data-test": `stock-${seat}`, "data-stock": items.map(([g, n]) => `${g}:${n}`).join(",") },
    items.length ? items.map(([g, n]) => h("span", { class: "stock-item" }, goodChip(g), `×${n}`)) : h("span", { class: "muted" }, t("comp.no_stock")));
}

// Campaigns that lie beside the board, not on a square (a module's kind, fcm/texts.py): drawn
// here, with the houses they reach.
/**
 * @param {import("./types").Presentation} pres
 * @param {number} seat
 */
function besideBoard(pres, seat) {
  const mine = (pres.campaigns || []).filter((c) => c.owner === seat && !c.edge && !c.cells.length);
  if (!mine.length) return null;
  return h("div", { class: "section" }, h("h4", {}, t("comp.beside")),
    h("ul", { class: "beside", "data-test": `beside-${seat}` }, mine.map((c) =>
      h("li", { "data-campaign": c.number, "data-kind": c.kind },
        `#${c.number} ${c.kind.replace(/_/g, " ")} `, goodChip(c.good),
        h("small", {}, ` ${c.eternal ? t("ev.eternal") : t("dec.left", { n: c.remaining })}; ${t("comp.reaches", { houses: c.reaches.length ? c.reaches.map((n) => t("dec.place.house_n", { n })).join(t("fmt.list_separator")) : t("comp.no_house") })}`)))));
}

/**
 * @param {import("./types").Presentation} pres
 */
export function renderCompanies(pres, ctx) {
  const { catalog, seats, mySeat } = ctx;
  const order = pres.turn_order.length ? [...pres.turn_order] : pres.chains.map((c) => c.seat);
  for (const c of pres.chains) if (!order.includes(c.seat)) order.push(c.seat);
  const cards = order.map((seat) => {
    const c = pres.chains[seat];
    const me = seat === mySeat;
    const acting = pres.actors.includes(seat);
    const reserve = c.reserve === null || c.reserve === undefined
      ? h("span", { class: "muted", "data-test": `reserve-${seat}`, "data-reserve": "hidden" }, t("comp.hidden"))
      : h("strong", { "data-test": `reserve-${seat}`, "data-reserve": c.reserve }, money(c.reserve));
    return h("article", { class: "company" + (me ? " mine" : "") + (acting ? " acting" : ""), "data-seat": seat, style: { borderLeftColor: chain(seat).colour } },
      h("header", {},
        chainMark(seat, null, "swatch"),
        h("span", { class: "company-name" }, seatName(seats, seat), me ? t("comp.you") : ""),
        h("small", { class: "chain-name" }, chain(seat).name),
        acting ? h("span", { class: "badge" }, t("comp.deciding")) : null,
        h("span", { class: "cash", "data-test": `cash-${seat}`, "data-cash": c.cash }, money(c.cash))),
      h("div", { class: "facts" },
        h("span", {}, t("comp.turn_order"), h("strong", {}, c.turn_position ?? "—")),
        h("span", { "data-test": `price-${seat}` }, t("comp.price"), h("strong", {}, money(c.price))),
        h("span", {}, t("comp.open_slots"), h("strong", {}, c.open_slots)),
        h("span", { "data-test": `salary-${seat}` }, t("comp.salaries"), h("strong", {}, money(c.salary_due))),
        h("span", {}, t("comp.restaurants_left"), h("strong", {}, c.restaurants_left)),
        h("span", {}, t("comp.reserve"), reserve)),
      h("div", { class: "section" }, h("h4", {}, t("glossary.at_work")),
        h("div", { "data-test": `atwork-${seat}`, "data-cards": [...c.at_work].sort().join(",") }, orgChart(catalog, c.structure, pres.ceo_slots))),
      h("div", { class: "row2" },
        h("div", {}, h("h4", {}, t("glossary.beach")), chips(catalog, c.beach, `beach-${seat}`)),
        h("div", {}, h("h4", {}, t("comp.busy")), c.busy.length
          ? h("span", { class: "chips", "data-test": `busy-${seat}` }, c.busy.map((b) => h("span", { class: "busy" }, cardChip(catalog, b.marketeer), ` #${b.number}`)))
          : h("span", { class: "muted", "data-test": `busy-${seat}` }, "—"))),
      c.hand.length || me
        ? h("div", { class: "section" }, h("h4", {}, me ? t("comp.my_hand") : t("comp.hand")), chips(catalog, c.hand, `hand-${seat}`))
        : null,
      h("div", { class: "section" }, h("h4", {}, t("comp.stock")), stock(c.stock, seat)),
      besideBoard(pres, seat),
      h("div", { class: "section" }, h("h4", {}, t("comp.milestones")),
        c.milestones.length
          ? h("ul", { class: "milestones", "data-test": `milestones-${seat}` }, c.milestones.map((m) =>
            h("li", { title: (catalog.milestones[m.id] || {}).effect || "", "data-milestone": m.id }, "★ ", milestoneName(catalog, m.id), h("small", {}, t("comp.round", { round: m.round })))))
          : h("span", { class: "muted", "data-test": `milestones-${seat}` }, t("report.none"))));
  });
  return h("div", { class: "companies" }, cards);
}

/**
 * @param {import("./types").Presentation} pres
 */
export function renderSupply(pres, ctx) {
  const { catalog } = ctx;
  const rows = Object.entries(pres.supply).map(([id, n]) => {
    const e = catalog.employees[id] || {};
    return h("tr", { class: e.entry_level ? "entry" : "" },
      h("td", {}, cardChip(catalog, id)), h("td", { class: "num" }, n),
      h("td", {}, e.entry_level ? t("comp.entry_level") : ""), h("td", {}, e.salary_dollars ? money(e.salary_dollars) : ""));
  });
  return h("div", { class: "supply" },
    h("div", { class: "facts" },
      h("span", { "data-test": "bank" }, t("dinner.bank"), h("strong", {}, money(pres.bank))),
      h("span", {}, t("comp.bank_breaks"), h("strong", {}, pres.bank_breaks)),
      h("span", {}, t("comp.ceo_slots"), h("strong", {}, pres.ceo_slots)),
      h("span", {}, t("comp.gardens_left"), h("strong", {}, pres.gardens_left)),
      h("span", {}, t("comp.house_tiles"), h("strong", {}, pres.house_supply.join(", ") || t("report.none"))),
      h("span", { "data-test": "campaign-supply" }, t("comp.campaign_tiles"), pres.campaign_supply.length
        ? pres.campaign_supply.map((n) => h("strong", { class: "tile-chip", "data-campaign-tile": n, title: t("comp.tap_rules") }, `#${n}`, " "))
        : h("strong", {}, t("report.none")))),
    h("h4", {}, t("comp.milestones_available")),
    pres.milestones_available.length
      ? h("ul", { class: "milestones available", "data-test": "milestones-available" }, pres.milestones_available.map((m) =>
        h("li", { title: (catalog.milestones[m] || {}).effect || "", "data-milestone": m }, milestoneName(catalog, m),
          h("small", {}, ` — ${(catalog.milestones[m] || {}).claim_when || ""}`))))
      : h("p", { class: "muted" }, t("report.none")),
    h("h4", {}, t("comp.employee_supply")),
    h("table", { class: "supply-table", "data-test": "supply" }, h("tbody", {}, rows)));
}

export { GOODS };
