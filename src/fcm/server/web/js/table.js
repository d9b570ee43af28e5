// At the table: small readings of the engine's events for the player (notices), kept apart
// from the screens that show them; rules help (the catalog's texts by tap, a glossary).
// No rules are decided here.

import { h } from "./util.js";

/** Order of Business: the engine places the last chooser at the only position left; its
 * choice then follows another seat's in the same change. A notice for that seat, or null. */
export function autoPlacedNotice(events, seat) {
  if (seat === null || seat === undefined) return null;
  for (let i = 1; i < events.length; i++) {
    const e = events[i];
    if (e.kind === "turn_order_chosen" && e.seat === seat && events[i - 1].kind === "turn_order_chosen") {
      return `Order of Business: you were placed at position ${e.position} in the turn order, the only one left.`;
    }
  }
  return null;
}

// -- rules help: every card, milestone and campaign tile by tap, and a glossary ---------------

function money(n) { return n < 0 ? `-$${-n}` : `$${n}`; }

/** The information of one card (from the catalog the server sends), for a tap. */
export function cardInfo(catalog, id) {
  const e = catalog && catalog.employees[id];
  if (!e) return null;
  return h("div", { "data-info": "card", "data-card-info": id },
    h("h4", {}, e.name),
    h("p", {}, e.description || ""),
    h("p", { class: "muted" }, [e.salary ? `Salary ${money(5)} at Payday` : "No salary",
      e.entry_level ? "entry level (hired directly)" : null,
      e.unique ? "only one copy" : null,
      e.is_manager && e.slots ? `${e.slots} slots for reports` : null].filter(Boolean).join(" · ")));
}

export function milestoneInfo(catalog, id) {
  const m = catalog && catalog.milestones[id];
  if (!m) return null;
  return h("div", { "data-info": "milestone", "data-milestone-info": id },
    h("h4", {}, `★ ${m.name}`), h("p", {}, h("strong", {}, "Claimed when: "), m.claim_when || ""),
    h("p", {}, h("strong", {}, "Effect: "), m.effect || ""));
}

const CAMPAIGN_REACH = {
  billboard: "every house orthogonally next to one of its squares (a garden next to it is enough; diagonal does not count)",
  mailbox: "every house in its block: the area reached without crossing a road, bounded by roads and the map edge",
  radio: "every house with a square on the radio's map tile or one of the 8 tiles around it",
  airplane: "every house with a square in the full rows or columns of the map it lines up with",
};

export function campaignInfo(catalog, number) {
  const c = catalog && catalog.campaigns[String(number)];
  if (!c) return null;
  const size = c.type === "airplane" ? `${c.span} square${c.span === 1 ? "" : "s"} along the map edge` : `${c.height}×${c.width} squares`;
  return h("div", { "data-info": "campaign" }, h("h4", {}, `Campaign #${number}: ${c.type} (${size})`),
    h("p", {}, `At each Marketing it puts 1 demand for its item on ${CAMPAIGN_REACH[c.type] || "the houses it reaches"}. A house holds at most 3 demand (5 with a garden).`));
}

const GLOSSARY = [
  ["Price + distance", "At Dinnertime each house with demand eats at the chain with the lowest unit price plus road distance from a restaurant entrance that can serve all of its demand; ties go to more Waitresses, then the earlier turn order."],
  ["Open slots", "The CEO's free slots plus the free slots of managers at work; in Order of Business the chain with the most open slots chooses its position first."],
  ["Beach", "Cards you own that are not at work this round."],
  ["Coming Soon", "A restaurant placed during Working 9–5 opens at Clean up; until then it serves nobody."],
  ["Eternal", "A campaign that never runs out (with First billboard placed); its marketeer stays busy for the rest of the game."],
  ["Busy marketeer", "A marketeer whose campaign is on the board: not at work and not in your hand until the campaign ends."],
  ["Bank break", "When the bank cannot pay, the reserve cards are revealed: they refill the bank and set every CEO's slots. The second break ends the game after that Dinnertime."],
  ["Reserve card", "Chosen secretly at the start; revealed at the first bank break."],
  ["Salaries", "$5 at Payday for each salaried card you own (at work, on the beach or busy), less your discounts; you may fire cards first."],
  ["Garden", "A house with a garden pays double for its items and holds up to 5 demand."],
  ["Drive-in", "With a Local or Regional Manager at work, your open restaurants use all four corners as entrances until Clean up."],
];

export function renderRules(catalog, opened) {
  const box = h("div", { class: "rules", "data-test": "rules" });
  // ``opened``: the ids of the open sections, kept by the screen across re-renders
  const section = (id, title, body) => h("details", { "data-rules": id, open: opened.has(id) || null,
    ontoggle: (e) => { if (e.target.open) opened.add(id); else opened.delete(id); } }, h("summary", {}, h("strong", {}, title)), body);
  box.append(
    section("glossary", "Glossary", h("dl", {}, GLOSSARY.flatMap(([t, d]) => [h("dt", {}, t), h("dd", {}, d)]))),
    section("employees", "Employees", h("dl", {}, Object.entries(catalog.employees).filter(([id]) => id !== "ceo").flatMap(([id, e]) => [
      h("dt", { "data-card": id }, e.name), h("dd", {}, e.description || "", h("small", {}, e.salary ? " · salary $5" : " · no salary"))]))),
    section("milestones", "Milestones", h("dl", {}, Object.entries(catalog.milestones).flatMap(([id, m]) => [
      h("dt", { "data-milestone": id }, `★ ${m.name}`), h("dd", {}, `${m.claim_when} ${m.effect}`)]))),
    section("campaigns", "Campaign tiles", h("dl", {}, Object.keys(catalog.campaigns).map(Number).sort((a, b) => a - b).flatMap((n) => {
      const info = campaignInfo(catalog, n);
      return [h("dt", {}, info.firstChild.textContent), h("dd", {}, info.lastChild.textContent)];
    }))));
  return box;
}

// -- a popover for a tapped card or milestone -------------------------------------------------

let pop = null;

export function closeInfo() {
  if (pop) pop.remove();
  pop = null;
}

export function showInfo(content, x, y) {
  closeInfo();
  pop = h("div", { class: "info-pop", "data-test": "info-pop", role: "dialog" },
    h("button", { type: "button", class: "ghost small close", title: "Close", onclick: closeInfo }, "×"), content);
  document.body.append(pop);
  const w = pop.offsetWidth, ht = pop.offsetHeight;
  pop.style.left = `${Math.max(8, Math.min(x + 8, innerWidth - w - 8))}px`;
  pop.style.top = `${Math.max(8, Math.min(y + 8, innerHeight - ht - 8))}px`;
}

/** Cards and milestones shown anywhere in ``root`` give their text on a tap or a click (not
 * only as a hover title); a chip inside a button is the button's. */
export function installInfoTaps(root, getCatalog) {
  root.addEventListener("click", (ev) => {
    if (ev.target.closest(".info-pop")) return;
    const t = ev.target.closest("[data-card], [data-milestone]");
    if (!t || t.closest("button") || t.closest("svg")) return closeInfo();
    const catalog = getCatalog();
    const content = t.dataset.card ? cardInfo(catalog, t.dataset.card) : milestoneInfo(catalog, t.dataset.milestone);
    if (content) showInfo(content, ev.clientX, ev.clientY);
  });
}
