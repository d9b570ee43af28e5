// Accounts in the lobby: sign up, log in, log out, delete; the account's games with whose
// turn it is. The session is an HttpOnly cookie (the page never sees it); every change sends
// the session's CSRF token in X-CSRF-Token (docs/server.md, Accounts).

import { ApiError, session, store } from "./api.js";
import { renderNotifySettings } from "./notify-settings.js";
import { PHASES, clear, h, icon, put, seatName } from "./util.js";

let csrf = null; // the session's CSRF token, from GET /api/account (null: logged out)
let me = null;
let known = false; // the first answer of GET /api/account has come (logged in or not)

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
  if (s >= 86400) return `${Math.floor(s / 86400)}d ${Math.floor((s % 86400) / 3600)}h`;
  if (s >= 3600) return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** The account card of the lobby; ``onChange`` is called after a log-in or log-out. */
export function renderAccount(box, onChange) {
  const error = h("p", { class: "error hidden", "data-test": "account-error" });
  const showError = (err) => { error.textContent = err.message; error.classList.remove("hidden"); };

  function loggedOut() {
    const name = h("input", { type: "text", autocomplete: "username", placeholder: "name", "data-test": "account-name", maxlength: 32 });
    const password = h("input", { type: "password", autocomplete: "current-password", placeholder: "password (8 or more characters)", "data-test": "account-password" });
    const submit = async (path) => {
      error.classList.add("hidden");
      try {
        const a = await call("POST", path, { body: { name: name.value.trim(), password: password.value } });
        me = a.account;
        csrf = a.csrf; session.csrf = csrf;
        render();
        onChange && onChange();
      } catch (err) { showError(err); }
    };
    // Log in or sign up: Enter submits the one chosen (the primary button), never the other
    let mode = "login";
    const loginBtn = h("button", { "data-test": "login", onclick: (e) => { e.preventDefault(); setMode("login"); submit("/api/account/login"); } }, "Log in");
    const signupBtn = h("button", { "data-test": "signup", onclick: (e) => { e.preventDefault(); setMode("signup"); submit("/api/account/signup"); } }, "Sign up");
    const modeNote = h("small", { class: "muted", "data-test": "account-mode" });
    function setMode(m) {
      mode = m;
      for (const [b, which] of [[loginBtn, "login"], [signupBtn, "signup"]]) {
        b.type = which === m ? "submit" : "button";
        b.className = which === m ? "primary" : "";
      }
      password.autocomplete = m === "signup" ? "new-password" : "current-password";
      put(clear(modeNote), m === "signup" ? "New account: Enter signs up. " : "Enter logs in. ",
        h("a", { href: "#", "data-test": m === "signup" ? "account-mode-login" : "account-mode-signup",
          onclick: (e) => { e.preventDefault(); setMode(m === "signup" ? "login" : "signup"); } },
        m === "signup" ? "I have an account" : "New here? Sign up"));
    }
    setMode("login");
    clear(box).append(
      h("h2", {}, "Account"),
      h("p", { class: "muted" }, "Optional: with an account your games follow you, and the seats you play are listed here."),
      h("form", { class: "account-form", onsubmit: (e) => { e.preventDefault(); submit(mode === "signup" ? "/api/account/signup" : "/api/account/login"); } },
        name, password,
        h("div", { class: "buttons" }, loginBtn, signupBtn), modeNote),
      error);
  }

  async function loggedIn() {
    const games = h("div", { class: "games", "data-test": "account-games" }, h("p", { class: "muted" }, "Loading…"));
    const notifyBox = h("div", { "data-test": "notify-settings" });
    const notify = h("details", { class: "advanced" }, h("summary", {}, "Notifications"), notifyBox);
    const del = h("details", { class: "advanced" }, h("summary", {}, "Delete this account"),
      (() => {
        const pw = h("input", { type: "password", placeholder: "your password", "data-test": "delete-password" });
        return h("form", { onsubmit: async (e) => {
          e.preventDefault();
          try {
            await call("DELETE", "/api/account", { body: { password: pw.value } });
            me = null; csrf = null; session.csrf = null; render(); onChange && onChange();
          } catch (err) { showError(err); }
        } }, pw, h("button", { type: "submit", class: "small" }, "Delete for good"));
      })());
    clear(box).append(
      h("h2", {}, "Account"),
      h("p", {}, "Logged in as ", h("strong", { "data-test": "account-user" }, me.name), " ",
        h("a", { class: "button small ghost", href: `#/profile/${encodeURIComponent(me.name)}`, "data-test": "profile-link" }, "Profile"), " ",
        me.admin ? [h("a", { class: "button small ghost", href: "#/admin", "data-test": "admin-link" }, "Moderation"), " "] : "",
        h("button", { type: "button", class: "small ghost", "data-test": "logout", onclick: async () => {
          try { await call("POST", "/api/account/logout"); } catch { /* already logged out */ }
          me = null; csrf = null; session.csrf = null; render(); onChange && onChange();
        } }, "Log out")),
      h("h3", {}, "Your account's games"), games, notify, del, error);
    renderNotifySettings(notifyBox, call);
    try {
      const answer = await call("GET", "/api/account/games");
      clear(games);
      if (!answer.games.length) {
        games.append(h("p", { class: "muted" }, "No seats yet: create a game, or open an invitation link while logged in."));
        return;
      }
      for (const g of answer.games) {
        const here = store.get(g.game);
        const held = here && here.tokens && here.tokens[String(g.seat)];
        const clock = g.clock ? [" · ", icon("clock", "time per decision"), ` ${g.clock.limit}${g.clock.paused ? " (paused)" : ""}`] : "";
        const left = g.clock && g.your_turn && g.clock.your_time_left !== null ? ` — ${timeLeft(g.clock.your_time_left)} left` : "";
        const whose = g.status === "over" ? "game over" : (g.your_turn ? "Your turn" : `Waiting for ${g.waiting_for.join(", ")}`);
        games.append(h("div", { class: "account-game" + (g.your_turn ? " your-turn" : ""), "data-game": g.game },
          h("code", {}, g.game), ` as ${seatName(g.seats, g.seat)} · round ${g.round} · ${PHASES[g.phase] || g.phase}`, clock, " · ",
          h("span", { "data-test": "account-whose-turn" }, whose + left), " ",
          // no token held here: the session cookie plays the claimed seat
          h("a", { class: "button small", href: `#/game/${g.game}/${g.seat}`, "data-test": "account-open", title: held ? "" : "played by your session" }, "Open")));
      }
    } catch (err) { showError(err); }
  }

  function render() { return me ? loggedIn() : loggedOut(); }
  account.refresh().then(render);
  return { refresh: render };
}
