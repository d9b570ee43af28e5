// @ts-check
// At the table: small readings of the engine's events for the player (notices), kept apart
// from the screens that show them; rules help (the catalog's texts by tap, a glossary).
// No rules are decided here.

import { t } from "./i18n.js";
import { h, money } from "./util.js";

/** Order of Business: the engine places the last chooser at the only position left; its
 * choice then follows another seat's in the same change. A notice for that seat, or null. */
export function autoPlacedNotice(events, seat) {
  if (seat === null || seat === undefined) return null;
  for (let i = 1; i < events.length; i++) {
    const e = events[i];
    if (e.kind === "turn_order_chosen" && e.seat === seat && events[i - 1].kind === "turn_order_chosen") {
      return t("table.auto_placed", { position: e.position });
    }
  }
  return null;
}

// -- rules help: every card, milestone and campaign tile by tap, and a glossary ---------------

/** The information of one card (from the catalog the server sends), for a tap. */
export function cardInfo(catalog, id) {
  const e = catalog && catalog.employees[id];
  if (!e) return null;
  return h("div", { "data-info": "card", "data-card-info": id },
    h("h4", {}, e.name),
    h("p", {}, e.description || ""),
    h("p", { class: "muted" }, [e.salary ? t("table.salary_at_payday", { amount: money(5) }) : t("comp.no_salary"),
      e.entry_level ? t("table.entry_level") : null,
      e.unique ? t("table.unique") : null,
      e.is_manager && e.slots ? t("table.manager_slots", { count: e.slots }) : null].filter(Boolean).join(" · ")));
}

export function milestoneInfo(catalog, id) {
  const m = catalog && catalog.milestones[id];
  if (!m) return null;
  return h("div", { "data-info": "milestone", "data-milestone-info": id },
    h("h4", {}, `★ ${m.name}`), h("p", {}, h("strong", {}, t("table.claimed_when")), m.claim_when || ""),
    h("p", {}, h("strong", {}, t("table.effect")), m.effect || ""));
}

/** The rules text of a campaign tile (the server's catalog: fcm.rules_help). */
export function campaignInfo(catalog, number) {
  const c = catalog && catalog.campaigns[String(number)];
  if (!c) return null;
  const size = c.type === "airplane" ? t("table.edge_squares", { count: c.span })
    : c.beside_board ? t("dec.campaign.beside_board") : t("table.size", { height: c.height, width: c.width });
  return h("div", { "data-info": "campaign", "data-campaign-info": number }, h("h4", {}, t("table.campaign_title", { number, type: ((catalog.campaign_names || {})[c.type]) || c.type.replace(/_/g, " "), size })),
    h("p", {}, c.rule || ""));
}

export function renderRules(catalog, opened) {
  const box = h("div", { class: "rules", "data-test": "rules" });
  // ``opened``: the ids of the open sections, kept by the screen across re-renders
  const section = (id, title, body) => h("details", { "data-rules": id, open: opened.has(id) || null,
    ontoggle: (e) => { if (e.target.open) opened.add(id); else opened.delete(id); } }, h("summary", {}, h("strong", {}, title)), body);
  box.append(
    section("glossary", t("table.glossary"), h("dl", { "data-test": "glossary" }, (catalog.glossary || []).flatMap((g) => [h("dt", {}, g.term), h("dd", {}, g.text)]))),
    section("employees", t("table.employees"), h("dl", {}, Object.entries(catalog.employees).filter(([id]) => id !== "ceo").flatMap(([id, e]) => [
      h("dt", { "data-card": id }, e.name), h("dd", {}, e.description || "", h("small", {}, e.salary_dollars ? t("table.salary_dot", { amount: money(e.salary_dollars) }) : t("table.no_salary_dot")))]))),
    ...(Object.keys(catalog.map_tiles || {}).length ? [section("map_tiles", t("table.map_tiles"), h("dl", { "data-test": "map-tiles" }, Object.entries(catalog.map_tiles).flatMap(([letter, text]) => [
      h("dt", { "data-map-tile": letter }, letter), h("dd", {}, text)])))] : []),
    section("milestones", t("comp.milestones"), h("dl", {}, Object.entries(catalog.milestones).flatMap(([id, m]) => [
      h("dt", { "data-milestone": id }, `★ ${m.name}`), h("dd", {}, `${m.claim_when} ${m.effect}`)]))),
    section("campaigns", t("table.campaign_tiles"), h("dl", {}, Object.keys(catalog.campaigns).map(Number).sort((a, b) => a - b).flatMap((n) => {
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
    h("button", { type: "button", class: "ghost small close", title: t("dinner.close"), onclick: closeInfo }, "×"), content);
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
        ? h("div", {}, h("strong", {}, t("table.can_now")), r.now.map((a) => a.label).join("; "))
        : h("div", {}, h("strong", {}, t("table.not_now")), r.why_not.map((w) => w.text).join(" ")));
    } catch (err) {
      answer.append(h("div", { class: "error" }, err.message));
    }
  } }, t("table.what_now"));
  return h("div", {}, button, answer);
}

// -- "why can't I do this?" ---------------------------------------------------------------

/** The entry-level cards that cannot be hired now, each with a button asking the engine why. */
export function whyNotHires(catalog, legalHires, ask) {
  const offered = new Set(legalHires.map((a) => a.action.employee));
  const others = Object.entries(catalog.employees).filter(([id, e]) => e.entry_level && !offered.has(id));
  if (!others.length) return null;
  return h("details", { class: "why-not", "data-test": "why-not" }, h("summary", {}, t("table.why_not_hire")),
    h("div", { class: "choices" }, others.map(([id, e]) => h("button", { type: "button", class: "ghost small", "data-why": id,
      onclick: () => ask({ type: "hire", employee: id }) }, e.name))));
}
