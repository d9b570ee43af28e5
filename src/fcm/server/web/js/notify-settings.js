// The account's notification settings (GET/PUT /api/account/notifications): where it is told
// (an e-mail address, a Discord/Slack webhook URL) and when (your turn, game over, a daily
// reminder of the games waiting for you); and the last notifications with whether they went.

import { clear, h } from "./util.js";

const KIND = { turn: "your turn", end: "game over", daily: "daily reminder" };

/** Fill ``box`` with the settings form; ``call(method, path, {body})`` sends the CSRF token. */
export async function renderNotifySettings(box, call) {
  clear(box).append(h("p", { class: "muted" }, "Loading…"));
  let prefs;
  try { prefs = await call("GET", "/api/account/notifications"); } catch (err) {
    clear(box).append(h("p", { class: "error" }, err.message));
    return;
  }
  const avail = prefs.available;
  const email = h("input", { type: "email", placeholder: "you@example.org", maxlength: 254,
    value: prefs.email || "", "data-test": "notify-email", disabled: !avail.email });
  const webhook = h("input", { type: "url", placeholder: "https://discord.com/api/webhooks/…", maxlength: 2000,
    value: prefs.webhook || "", "data-test": "notify-webhook", disabled: !avail.webhook });
  const box3 = (key, label) => {
    const input = h("input", { type: "checkbox", "data-test": `notify-${key}` });
    input.checked = Boolean(prefs[key]);
    return [input, h("label", {}, input, " ", label)];
  };
  const [onTurn, onTurnL] = box3("on_turn", "when it is my turn");
  const [onEnd, onEndL] = box3("on_end", "when a game ends");
  const [daily, dailyL] = box3("daily", "a daily reminder of the games waiting for me");
  const status = h("p", { class: "muted", "data-test": "notify-status" });
  const recent = h("ul", { class: "notify-recent", "data-test": "notify-recent" });
  const showRecent = (rows) => {
    clear(recent);
    for (const r of rows.slice(0, 5)) {
      recent.append(h("li", {}, `${KIND[r.kind] || r.kind} by ${r.channel}${r.game ? ` (game ${r.game})` : ""}: ${r.status}`));
    }
  };
  showRecent(prefs.recent || []);
  const form = h("form", { class: "notify-form", onsubmit: async (e) => {
    e.preventDefault();
    try {
      const saved = await call("PUT", "/api/account/notifications", { body: {
        email: email.value.trim() || null, webhook: webhook.value.trim() || null,
        on_turn: onTurn.checked, on_end: onEnd.checked, daily: daily.checked } });
      status.className = "muted";
      status.textContent = "Saved.";
      showRecent(saved.recent || []);
    } catch (err) {
      status.className = "error";
      status.textContent = err.message;
    }
  } },
  h("label", {}, "E-mail ", email), avail.email ? null : h("span", { class: "muted" }, " (this server sends no e-mail)"),
  h("label", {}, "Webhook ", webhook), avail.webhook ? null : h("span", { class: "muted" }, " (this server calls no webhooks)"),
  onTurnL, onEndL, dailyL,
  h("div", { class: "buttons" }, h("button", { type: "submit", class: "small", "data-test": "notify-save" }, "Save")));
  clear(box).append(form, status, recent);
}
