// @ts-check
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

/** The rules text of a campaign tile (the server's catalog: fcm.rules_help). */
export function campaignInfo(catalog, number) {
  const c = catalog && catalog.campaigns[String(number)];
  if (!c) return null;
  const size = c.type === "airplane" ? `${c.span} square${c.span === 1 ? "" : "s"} along the map edge`
    : c.beside_board ? "beside the board" : `${c.height}×${c.width} squares`;
  return h("div", { "data-info": "campaign", "data-campaign-info": number }, h("h4", {}, `Campaign #${number}: ${c.type.replace(/_/g, " ")} (${size})`),
    h("p", {}, c.rule || ""));
}

export function renderRules(catalog, opened) {
  const box = h("div", { class: "rules", "data-test": "rules" });
  // ``opened``: the ids of the open sections, kept by the screen across re-renders
  const section = (id, title, body) => h("details", { "data-rules": id, open: opened.has(id) || null,
    ontoggle: (e) => { if (e.target.open) opened.add(id); else opened.delete(id); } }, h("summary", {}, h("strong", {}, title)), body);
  box.append(
    section("glossary", "Glossary", h("dl", { "data-test": "glossary" }, (catalog.glossary || []).flatMap((g) => [h("dt", {}, g.term), h("dd", {}, g.text)]))),
    section("employees", "Employees", h("dl", {}, Object.entries(catalog.employees).filter(([id]) => id !== "ceo").flatMap(([id, e]) => [
      h("dt", { "data-card": id }, e.name), h("dd", {}, e.description || "", h("small", {}, e.salary_dollars ? ` · salary $${e.salary_dollars}` : " · no salary"))]))),
    section("milestones", "Milestones", h("dl", {}, Object.entries(catalog.milestones).flatMap(([id, m]) => [
      h("dt", { "data-milestone": id }, `★ ${m.name}`), h("dd", {}, `${m.claim_when} ${m.effect}`)]))),
    section("campaigns", "Campaign tiles", h("dl", {}, Object.keys(catalog.campaigns).map(Number).sort((a, b) => a - b).flatMap((n) => {
      const info = campaignInfo(catalog, n);
      return [h("dt", { "data-campaign-tile": n }, info.firstChild.textContent), h("dd", {}, info.lastChild.textContent)];
    }))));
  return box;
}

// -- a popover for a tapped card or milestone -------------------------------------------------

let pop = null;

// Escape closes the information popover (keyboard users have no tap outside it)
document.addEventListener("keydown", (ev) => { if (ev.key === "Escape" && pop) closeInfo(); });

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

/** Cards, milestones and campaign tiles shown anywhere in ``root`` give their text on a tap or
 * a click (not only as a hover title); a chip inside a button is the button's. ``getWhy()``: a
 * function asking the engine what this seat can do with a card now (null for a spectator). */
export function installInfoTaps(root, getCatalog, getWhy) {
  root.addEventListener("click", (ev) => {
    if (ev.target.closest(".info-pop")) return;
    const t = ev.target.closest("[data-card], [data-milestone], [data-campaign-tile]");
    if (!t || t.closest("button") || t.closest("svg")) return closeInfo();
    const catalog = getCatalog();
    let content = null;
    if (t.dataset.card) {
      content = cardInfo(catalog, t.dataset.card);
      const ask = getWhy && getWhy();
      if (content && ask && t.dataset.card !== "ceo") content.append(whyCardButton(t.dataset.card, ask));
    } else if (t.dataset.milestone) content = milestoneInfo(catalog, t.dataset.milestone);
    else content = campaignInfo(catalog, t.dataset.campaignTile);
    if (content) showInfo(content, ev.clientX, ev.clientY);
  });
}

/** "What can I do with this card now?": the legal actions naming it, or the engine's reason
 * why not (GET .../why/card/CARD), in the popover. */
function whyCardButton(card, ask) {
  const answer = h("div", { class: "why-card", "data-test": "why-card-answer" });
  const button = h("button", { type: "button", class: "ghost small", "data-test": "why-card", onclick: async () => {
    button.disabled = true;
    try {
      const r = await ask(card);
      answer.append(r.now.length
        ? h("div", {}, h("strong", {}, "You can now: "), r.now.map((a) => a.label).join("; "))
        : h("div", {}, h("strong", {}, "Not now: "), r.why_not.map((w) => w.text).join(" ")));
    } catch (err) {
      answer.append(h("div", { class: "error" }, err.message));
    }
  } }, "What can I do with it now?");
  return h("div", {}, button, answer);
}

// -- "why can't I do this?" ---------------------------------------------------------------

/** The entry-level cards that cannot be hired now, each with a button asking the engine why. */
export function whyNotHires(catalog, legalHires, ask) {
  const offered = new Set(legalHires.map((a) => a.action.employee));
  const others = Object.entries(catalog.employees).filter(([id, e]) => e.entry_level && !offered.has(id));
  if (!others.length) return null;
  return h("details", { class: "why-not", "data-test": "why-not" }, h("summary", {}, "Why can't I hire…?"),
    h("div", { class: "choices" }, others.map(([id, e]) => h("button", { type: "button", class: "ghost small", "data-why": id,
      onclick: () => ask({ type: "hire", employee: id }) }, e.name))));
}
