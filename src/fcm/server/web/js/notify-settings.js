// @ts-check
// The account's notification settings (GET/PUT /api/account/notifications): where it is told
// (an e-mail address, a Discord/Slack webhook URL) and when (your turn, game over, a daily
// reminder of the games waiting for you); and the last notifications with whether they went.

import { errorText, t } from "./i18n.js";
import { clear, h } from "./util.js";

/** Fill ``box`` with the settings form; ``call(method, path, {body})`` sends the CSRF token. */
export async function renderNotifySettings(box, call) {
  clear(box).append(h("p", { class: "muted" }, t("ui.loading")));
  let prefs;
  try { prefs = await call("GET", "/api/account/notifications"); } catch (err) {
    clear(box).append(h("p", { class: "error" }, errorText(err)));
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
  const [onTurn, onTurnL] = box3("on_turn", t("notify.on_turn"));
  const [onEnd, onEndL] = box3("on_end", t("notify.on_end"));
  const [daily, dailyL] = box3("daily", t("notify.daily"));
  const status = h("p", { class: "muted", "data-test": "notify-status" });
  const recent = h("ul", { class: "notify-recent", "data-test": "notify-recent" });
  const showRecent = (rows) => {
    clear(recent);
    for (const r of rows.slice(0, 5)) {
      const kind = t(`notify.kind.${r.kind}`), status = t(`notify.status.${r.status}`);
      recent.append(h("li", {}, r.game ? t("notify.recent_game", { kind, channel: r.channel, game: r.game, status })
        : t("notify.recent", { kind, channel: r.channel, status })));
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
      status.textContent = t("notify.saved");
      showRecent(saved.recent || []);
    } catch (err) {
      status.className = "error";
      status.textContent = errorText(err);
    }
  } },
  h("label", {}, t("notify.email"), " ", email), avail.email ? null : h("span", { class: "muted" }, " ", t("notify.no_email")),
  h("label", {}, t("notify.webhook"), " ", webhook), avail.webhook ? null : h("span", { class: "muted" }, " ", t("notify.no_webhook")),
  onTurnL, onEndL, dailyL,
  h("div", { class: "buttons" }, h("button", { type: "submit", class: "small", "data-test": "notify-save" }, t("notify.save"))));
  clear(box).append(form, status, recent);
}
