// @ts-check
// Accounts in the lobby: sign up, log in, log out, delete; the account's games with whose
// turn it is. The session is an HttpOnly cookie (the page never sees it); every change sends
// the session's CSRF token in X-CSRF-Token (docs/server.md, Accounts).

import { ApiError, session, store } from "./api.js";
import { renderNotifySettings } from "./notify-settings.js";
import { errorText, lang, seatLabel, t } from "./i18n.js";
import { clear, h, icon, put } from "./util.js";

let csrf = null; // the session's CSRF token, from GET /api/account (null: logged out)
let me = null;
let known = false; // the first answer of GET /api/account has come (logged in or not)

/**
 * @param {string} method
 * @param {string} path
 * @param {{ body?: any, token?: string | null }} [options]
 */
async function call(method, path, { body, token } = {}) {
  const headers = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (csrf) headers["x-csrf-token"] = csrf;
  if (token) headers.authorization = `Bearer ${token}`;
  const r = await fetch(path, { method, headers, credentials: "same-origin",
    body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = null; }
  if (!r.ok) {
    const e = (data && data.error) || {};
    throw new ApiError(r.status, e.code || `http/${r.status}`, e.message || r.statusText, e);
  }
  return data;
}

/** A request authenticated by the session cookie (with the CSRF token for a change). */
export const accountCall = (method, path, body) => call(method, path, { body });

export const account = {
  get name() { return me && me.name; },
  get loggedIn() { return me !== null; },
  get admin() { return Boolean(me && me.admin); },
  get known() { return known; },
  /** The language the account chose (null: the browser's). */
  get lang() { return me && me.lang; },
  /** Remember ``lang`` for the account (the language switcher, i18n.js). */
  async saveLang(next) { if (me) me = (await call("PUT", "/api/account/lang", { body: { lang: next } })).account; },
  async refresh() {
    try {
      const a = await call("GET", "/api/account");
      me = a.account;
      csrf = a.csrf; session.csrf = csrf;
    } catch {
      me = null;
      csrf = null; session.csrf = null;
    }
    known = true;
    return me;
  },
  /** Claim a seat whose token this browser holds (after creating or joining a game). A rated
   * game's seat needs the player's consent, and its link stops working once claimed. */
  async claim(game, token, consent = false) {
    if (!me) return null;
    const body = consent ? { consent: true } : undefined;
    try { return await call("POST", `/api/games/${game}/claim`, { token, body }); } catch { return null; }
  },
};

function timeLeft(seconds) {
  if (seconds === null || seconds === undefined) return "";
  const s = Math.max(0, Math.round(seconds));
  if (s >= 86400) return t("time.days_hours", { d: Math.floor(s / 86400), h: Math.floor((s % 86400) / 3600) });
  if (s >= 3600) return t("time.hours_minutes", { h: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60) });
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** The account card of the lobby; ``onChange`` is called after a log-in or log-out. */
export function renderAccount(box, onChange) {
  const error = h("p", { class: "error hidden", "data-test": "account-error" });
  const showError = (err) => { error.textContent = errorText(err); error.classList.remove("hidden"); };

  function loggedOut() {
    const name = h("input", { type: "text", autocomplete: "username", placeholder: t("account.name"), "data-test": "account-name", maxlength: 32 });
    const password = h("input", { type: "password", autocomplete: "current-password", placeholder: t("account.password"), "data-test": "account-password" });
    const submit = async (path) => {
      error.classList.add("hidden");
      try {
        const a = await call("POST", path, { body: { name: name.value.trim(), password: password.value } });
        me = a.account;
        csrf = a.csrf; session.csrf = csrf;
        // the account's language follows it here (the server set the cookie): reload in it
        if (me.lang && me.lang !== lang()) { location.reload(); return; }
        render();
        onChange && onChange();
      } catch (err) { showError(err); }
    };
    // Log in or sign up: Enter submits the one chosen (the primary button), never the other
    let mode = "login";
    const loginBtn = h("button", { "data-test": "login", onclick: (e) => { e.preventDefault(); setMode("login"); submit("/api/account/login"); } }, t("account.log_in"));
    const signupBtn = h("button", { "data-test": "signup", onclick: (e) => { e.preventDefault(); setMode("signup"); submit("/api/account/signup"); } }, t("account.sign_up"));
    const modeNote = h("small", { class: "muted", "data-test": "account-mode" });
    function setMode(m) {
      mode = m;
      for (const [b, which] of [[loginBtn, "login"], [signupBtn, "signup"]]) {
        b.type = which === m ? "submit" : "button";
        b.className = which === m ? "primary" : "";
      }
      password.autocomplete = m === "signup" ? "new-password" : "current-password";
      put(clear(modeNote), m === "signup" ? t("account.mode.signup_note") : t("account.mode.login_note"), " ",
        h("a", { href: "#", "data-test": m === "signup" ? "account-mode-login" : "account-mode-signup",
          onclick: (e) => { e.preventDefault(); setMode(m === "signup" ? "login" : "signup"); } },
        m === "signup" ? t("account.mode.have_account") : t("account.mode.new_here")));
    }
    setMode("login");
    clear(box).append(
      h("h2", {}, t("account.title")),
      h("p", { class: "muted" }, t("account.why")),
      h("form", { class: "account-form", onsubmit: (e) => { e.preventDefault(); submit(mode === "signup" ? "/api/account/signup" : "/api/account/login"); } },
        name, password,
        h("div", { class: "buttons" }, loginBtn, signupBtn), modeNote),
      error);
  }

  async function loggedIn() {
    const games = h("div", { class: "games", "data-test": "account-games" }, h("p", { class: "muted" }, t("ui.loading")));
    const notifyBox = h("div", { "data-test": "notify-settings" });
    const notify = h("details", { class: "advanced" }, h("summary", {}, t("account.notifications")), notifyBox);
    const del = h("details", { class: "advanced" }, h("summary", {}, t("account.delete")),
      (() => {
        const pw = h("input", { type: "password", placeholder: t("account.your_password"), "data-test": "delete-password" });
        return h("form", { onsubmit: async (e) => {
          e.preventDefault();
          try {
            await call("DELETE", "/api/account", { body: { password: pw.value } });
            me = null; csrf = null; session.csrf = null; render(); onChange && onChange();
          } catch (err) { showError(err); }
        } }, pw, h("button", { type: "submit", class: "small" }, t("account.delete_for_good")));
      })());
    clear(box).append(
      h("h2", {}, t("account.title")),
      h("p", {}, t("account.logged_in_as"), " ", h("strong", { "data-test": "account-user" }, me.name), " ",
        h("a", { class: "button small ghost", href: `#/profile/${encodeURIComponent(me.name)}`, "data-test": "profile-link" }, t("account.profile")), " ",
        me.admin ? [h("a", { class: "button small ghost", href: "#/admin", "data-test": "admin-link" }, t("account.moderation")), " "] : "",
        h("button", { type: "button", class: "small ghost", "data-test": "logout", onclick: async () => {
          try { await call("POST", "/api/account/logout"); } catch { /* already logged out */ }
          me = null; csrf = null; session.csrf = null; render(); onChange && onChange();
        } }, t("account.log_out"))),
      h("h3", {}, t("account.games")), games, notify, del, error);
    renderNotifySettings(notifyBox, call);
    try {
      const answer = await call("GET", "/api/account/games");
      clear(games);
      if (!answer.games.length) {
        games.append(h("p", { class: "muted" }, t("account.no_seats")));
        return;
      }
      for (const g of answer.games) {
        const here = store.get(g.game);
        const held = here && here.tokens && here.tokens[String(g.seat)];
        const clock = g.clock ? [" · ", icon("clock", t("account.time_per_decision")), ` ${g.clock.limit}${g.clock.paused ? t("account.paused") : ""}`] : "";
        const left = g.clock && g.your_turn && g.clock.your_time_left !== null ? t("account.time_left", { time: timeLeft(g.clock.your_time_left) }) : "";
        const whose = g.status === "over" ? t("lobby.game_over") : (g.your_turn ? t("account.your_turn") : t("account.waiting_for", { seats: g.waiting_for.join(t("fmt.list_separator")) }));
        games.append(h("div", { class: "account-game" + (g.your_turn ? " your-turn" : ""), "data-game": g.game },
          h("code", {}, g.game), " ", t("account.game_line", { seat: seatLabel(g.seats, g.seat), round: g.round, phase: t(`phase.${g.phase}`) }), clock, " · ",
          h("span", { "data-test": "account-whose-turn" }, whose + left), " ",
          // no token held here: the session cookie plays the claimed seat
          h("a", { class: "button small", href: `#/game/${g.game}/${g.seat}`, "data-test": "account-open", title: held ? "" : t("account.played_by_session") }, t("lobby.open_game"))));
      }
    } catch (err) { showError(err); }
  }

  function render() { return me ? loggedIn() : loggedOut(); }
  account.refresh().then(render);
  return { refresh: render };
}
