// @ts-check
// The chat of a game screen (GET/POST /api/games/{id}/chat): a small panel, read every few
// seconds. Messages are shown as text (never HTML); spectators read, seats post. With no
// token held here the session cookie authenticates the account's seat (CSRF for a post).

import { session, store } from "./api.js";
import { t } from "./i18n.js";
import { clear, h } from "./util.js";

const EVERY_MS = 3000;

/** Mount the chat panel of ``game``; returns ``{destroy}``. */
export function mountChat(game, which, parent = document.body, screen = null) {
  const entry = store.get(game) || { tokens: {} };
  const seats = Object.keys(entry.tokens || {}).map(Number);
  const mine = which === null || which === undefined ? seats : seats.filter((x) => String(x) === String(which));
  const token = which === "spectator" ? entry.spectator : (mine.length ? entry.tokens[String(mine[0])] : entry.spectator);
  const auth = () => (token ? { authorization: `Bearer ${token}` } : (session.csrf ? { "x-csrf-token": session.csrf } : {}));
  const list = h("ol", { class: "chat-messages", "data-test": "chat-messages", style: { maxHeight: "12rem", overflowY: "auto" } });
  const input = h("input", { type: "text", maxlength: 500, placeholder: t("chat.placeholder"), "data-test": "chat-input" });
  const error = h("p", { class: "error hidden", "data-test": "chat-error" });
  const form = h("form", { class: "chat-form", onsubmit: async (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    const r = await fetch(`/api/games/${game}/chat`, { method: "POST",
      headers: { ...auth(), "content-type": "application/json" }, body: JSON.stringify({ text }) });
    if (r.ok) { input.value = ""; error.classList.add("hidden"); read(); return; }
    const data = await r.json().catch(() => ({}));
    error.textContent = (data.error && data.error.message) || r.statusText;
    error.classList.remove("hidden");
  } }, input, h("button", { type: "submit", class: "small", "data-test": "chat-send" }, t("chat.send")));
  // in the flow of the side panel (not fixed): it never covers the board or the decisions
  // the messages that came while the panel was closed: a count on its heading until opened
  const unread = h("span", { class: "chat-unread hidden", "data-test": "chat-unread" });
  const readOnly = h("p", { class: "muted hidden", "data-test": "chat-readonly" }, t("chat.readonly"));
  const box = h("details", { class: "chat-panel card", "data-test": "chat" },
    h("summary", {}, t("chat.title"), unread), list, form, readOnly, error);
  let fresh = 0;
  box.addEventListener("toggle", () => { if (box.open) { fresh = 0; unread.classList.add("hidden"); } });
  parent.append(box);
  let last = 0;
  let loaded = false;
  let stop = false;
  let timer = null;

  async function read() {
    try {
      const r = await fetch(`/api/games/${game}/chat?after=${last}`, { headers: auth() });
      if (!r.ok) return;
      const data = await r.json();
      // messages an administrator hid: removed from this page too
      for (const seq of data.hidden || []) list.querySelector(`li[data-seq="${Number(seq)}"]`)?.remove();
      // a spectator only reads (the server refuses its posts): no input to type into
      const spectator = which === "spectator" || (screen && (screen.which === "spectator" || (screen.msg && screen.msg.seat === null)));
      form.classList.toggle("hidden", Boolean(spectator));
      readOnly.classList.toggle("hidden", !spectator);
      for (const m of data.messages) {
        last = Math.max(last, m.seq);
        list.append(h("li", { "data-seq": m.seq }, h("span", { "data-test": "chat-line" }, h("strong", {}, m.name), ": ", m.text), " ",
          h("button", { type: "button", class: "small ghost chat-report", "data-test": "chat-report",
            "aria-label": t("chat.report.label", { name: m.name }), onclick: (e) => reportForm(e.currentTarget.parentElement, m.seq) }, t("chat.report"))));
      }
      if (loaded && !box.open && data.messages.length) {
        fresh += data.messages.length;
        unread.textContent = t("chat.new", { count: fresh });
        unread.classList.remove("hidden");
      }
      loaded = true;
      if (data.messages.length) list.scrollTop = list.scrollHeight;
    } catch { /* next time */ }
  }

  /** A reason and Send under the message (keyboard: Tab to it, Enter sends, Escape closes). */
  function reportForm(li, seq) {
    if (li.querySelector("form")) return;
    const reason = h("input", { type: "text", maxlength: 500, placeholder: t("chat.report.why"), "aria-label": t("chat.report.reason"), "data-test": "chat-report-reason" });
    const note = h("span", { class: "muted", role: "status", "data-test": "chat-report-status" });
    const f = h("form", { class: "chat-report-form", onsubmit: async (e) => {
      e.preventDefault();
      const r = await fetch(`/api/games/${game}/chat/${seq}/report`, { method: "POST",
        headers: { ...auth(), "content-type": "application/json" }, body: JSON.stringify({ reason: reason.value }) });
      const data = await r.json().catch(() => ({}));
      if (r.ok) { f.replaceWith(h("span", { class: "muted", "data-test": "chat-reported" }, t("chat.reported"))); return; }
      note.textContent = (data.error && data.error.message) || r.statusText;
    }, onkeydown: (e) => { if (e.key === "Escape") f.remove(); } },
    reason, h("button", { type: "submit", class: "small", "data-test": "chat-report-send" }, t("chat.send")), note);
    li.append(f);
    reason.focus();
  }

  function loop() {
    if (stop) return;
    read().finally(() => { if (!stop) timer = setTimeout(loop, EVERY_MS); });
  }
  loop();
  return { destroy() { stop = true; clearTimeout(timer); clear(box); box.remove(); } };
}
