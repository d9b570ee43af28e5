// @ts-check
// The page's texts in the player's language (issue 27): the catalog comes from the server
// (GET /api/i18n, fcm/i18n.py; English fills any gap). t(id, params) fills "{name}" and
// "{name|money}" placeholders; a message with a count has CLDR plural forms "id[one]",
// "id[other]"... picked by Intl.PluralRules, as Babel picks them on the server.

let catalog = { lang: "en", locales: [{ id: "en", name: "English" }], messages: {} };

const COOKIE = "fcm_lang";

/** Load the catalog of ``lang`` (default: the fcm_lang cookie, else Accept-Language). */
export async function loadCatalog(lang) {
  const url = "/api/i18n" + (lang ? `?lang=${encodeURIComponent(lang)}` : "");
  try {
    const r = await fetch(url, { credentials: "same-origin" });
    if (r.ok) catalog = await r.json();
  } catch { /* offline: the ids stay visible rather than a blank page */ }
  document.documentElement.lang = catalog.lang;
  return catalog.lang;
}

/** The page's language (a BCP 47 tag: en, de, es, fr, zh-Hans). */
export function lang() { return catalog.lang; }

export function locales() { return catalog.locales || []; }

/** Whether the catalog has ``id`` (a module's or an error code's text may be missing). */
export function has(id) { return Object.prototype.hasOwnProperty.call(catalog.messages, id); }

export function number(n) {
  return new Intl.NumberFormat(catalog.lang, { useGrouping: false }).format(n);
}

/** Game dollars: "$5" / "-$5" in English, "5 $" in German (the catalog's fmt.money). */
export function money(n) {
  const text = catalog.messages[n < 0 ? "fmt.money_negative" : "fmt.money"] || "${n}";
  return text.replace("{n}", number(Math.abs(n)));
}

export function signed(n) {
  if (n < 0) return money(n);
  return (catalog.messages["fmt.money_positive"] || "+${n}").replace("{n}", number(n));
}

/** The message ``id`` with ``params`` filled in; ``params.count`` picks the plural form. */
export function t(id, params = {}) {
  const m = catalog.messages;
  let text;
  if (params.count !== undefined) {
    const cat = new Intl.PluralRules(catalog.lang).select(params.count);
    text = m[`${id}[${cat}]`] ?? m[`${id}[other]`];
  }
  if (text === undefined) text = m[id];
  if (text === undefined) return id;
  return text.replace(/\{(\w+)(?:\|(\w+))?\}/g, (whole, name, filter) => {
    const v = params[name];
    if (v === undefined || v === null) return whole;
    if (filter === "money") return money(Number(v));
    if (filter === "signed") return signed(Number(v));
    if (typeof v === "number") return number(v);
    return String(v);
  });
}

/** Items joined by the language's list separator. */
export function list(items) { return items.join(catalog.messages["fmt.list_separator"] ?? ", "); }

/** An API error in the player's language: its code's text when the catalog has one. */
export function errorText(err) {
  const id = err && err.code ? `apierror.${err.code}` : null;
  return id && has(id) ? t(id, (err.detail || {})) : (err && err.message) || String(err);
}

/** A seat as the table calls it, when it has no name (fcm.presentation.seat_name). */
export function seatLabel(seats, seat) {
  const s = (seats || []).find((x) => x.seat === seat) || {};
  if (s.name) return s.name;
  if (s.kind === "bot") return t("seat.bot", { n: seat + 1, level: s.bot || "bot" });
  return t("seat.player", { n: seat + 1 });
}

/** Switch the page's language: remembered in this browser (a cookie) and, when logged in, by
 * the account (``save``: PUT /api/account/lang); the page reloads in it. */
export async function setLang(next, save) {
  document.cookie = `${COOKIE}=${encodeURIComponent(next)}; path=/; max-age=31536000; samesite=lax`;
  if (save) { try { await save(next); } catch { /* the cookie still remembers it here */ } }
  location.reload();
}

/** The language switcher (a select listing each language by its own name). */
export function languageSwitcher(save) {
  const select = document.createElement("select");
  select.className = "lang-switch";
  select.setAttribute("data-test", "lang-switch");
  select.setAttribute("aria-label", t("ui.language"));
  for (const l of locales()) {
    const o = document.createElement("option");
    o.value = l.id;
    o.textContent = l.name;
    o.lang = l.id;
    if (l.id === catalog.lang) o.selected = true;
    select.append(o);
  }
  select.addEventListener("change", () => setLang(select.value, save));
  return select;
}
