// @ts-check
// The turn timer: the limit chosen in the lobby, and on the game screen a clock everyone sees
// (each deciding seat's time left, pausing by every human seat's consent). The server keeps
// the deadlines (GET /api/games/{id}/clock); the page only counts down between two reads.

import { session, store } from "./api.js";
import { t } from "./i18n.js";
import { clear, h, icon, put, seatName } from "./util.js";

// each limit's text is the catalog's clock.limit.<value> (i18n.js)
export const LIMITS = ["none", "5m", "10m", "20m", "1h", "12h", "1d", "2d", "3d", "5d"];

/** The lobby's timer fields; ``value()`` is the ``clock`` of the create request (or null). */
export function clockFields() {
  const limit = h("select", { "data-test": "clock-limit" },
    LIMITS.map((v) => h("option", { value: v }, t(`clock.limit.${v}`))));
  const fallback = h("select", { "data-test": "clock-fallback" },
    h("option", { value: "bot_move" }, t("clock.fallback.bot_move")),
    h("option", { value: "bot_takeover" }, t("clock.fallback.bot_takeover")));
  const el = h("div", { class: "clock-fields" },
    h("label", {}, t("clock.per_decision"), " ", limit), " ",
    h("label", {}, t("clock.when_out"), " ", fallback));
  const sync = () => { fallback.disabled = limit.value === "none"; };
  limit.addEventListener("change", sync);
  sync();
  return {
    el,
    value: () => (limit.value === "none" ? null : { limit: limit.value, fallback: fallback.value }),
  };
}

export function formatLeft(seconds) {
  const s = Math.max(0, Math.round(seconds));
  if (s >= 86400) return t("time.days_hours", { d: Math.floor(s / 86400), h: Math.floor((s % 86400) / 3600) });
  if (s >= 3600) return t("time.hours_minutes", { h: Math.floor(s / 3600), m: String(Math.floor((s % 3600) / 60)).padStart(2, "0") });
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** The clock of a game screen (a small panel at the foot of the side panel); returns ``{destroy}``.
 * ``screen`` (the GameScreen) says which seats this page plays and their names once it knows
 * them: an account's seat is played by the session cookie and has no token in the store. */
export function mountClock(game, which, parent = document.body, screen = null) {
  const stored = () => store.get(game) || { tokens: {} };
  const mineNow = () => {
    if (screen && screen.seats) return screen.seats.slice();
    const seats = Object.keys(stored().tokens || {}).map(Number);
    return which === null || which === undefined ? seats : seats.filter((x) => String(x) === String(which));
  };
  const box = h("div", { class: "turn-clock hidden", "data-test": "clock" });
  parent.append(box);
  let data = null;
  let readAt = 0;
  let stop = false;

  // the seat's token, else (none held here: "" or absent) the session cookie, CSRF for a change
  const auth = () => {
    const mine = mineNow();
    const entry = stored();
    const token = screen && screen.seats ? (mine.length ? screen.tokenOf(mine[0]) : screen.tokenOf(null))
      : (mine.length ? entry.tokens[String(mine[0])] : entry.spectator);
    return token ? { authorization: `Bearer ${token}` } : (session.csrf ? { "x-csrf-token": session.csrf } : {});
  };
  const names = () => (screen && screen.seatsInfo ? screen.seatsInfo() : stored().seats || []);

  async function read() {
    try {
      const r = await fetch(`/api/games/${game}/clock`, { headers: auth() });
      if (!r.ok) return;
      data = await r.json();
      readAt = Date.now() / 1000;
      if (screen && screen.onClock) screen.onClock(data);
      draw();
    } catch { /* next time */ }
  }

  async function pause(on) {
    await fetch(`/api/games/${game}/pause`, { method: "POST",
      headers: { ...auth(), "content-type": "application/json" },
      body: JSON.stringify({ pause: on }) });
    read();
  }

  function draw() {
    if (!data || data.seconds === null || data.seconds === undefined) { box.classList.add("hidden"); return; }
    box.classList.remove("hidden");
    const elapsed = data.paused ? 0 : Date.now() / 1000 - readAt;
    const mine = mineNow();
    const seatsInfo = names();
    const rows = data.deadlines.map((d) => {
      const left = d.due_at === null ? d.left : Math.max(0, d.left - elapsed);
      return h("div", { class: "clock-seat" + (mine.includes(d.seat) ? " mine" : ""), "data-seat": d.seat, "data-left": Math.round(left) },
        `${seatName(seatsInfo, d.seat)}: `, h("strong", {}, formatLeft(left)),
        data.taken_over.includes(d.seat) ? t("clock.bot_mark") : "");
    });
    const voted = mine.some((x) => data.pause_votes.includes(x));
    // put() skips the absent parts (replaceChildren would write them as "null")
    put(clear(box),
      h("div", { class: "clock-head" }, icon("clock", t("clock.turn_timer")), t("clock.head", { limit: data.limit }), data.paused ? t("clock.paused") : "",
        data.fallback === "bot_takeover" ? t("clock.then_takeover") : t("clock.then_bot_move")),
      ...rows,
      mine.length ? h("button", { type: "button", class: "small ghost", "data-test": "clock-pause",
        onclick: () => pause(!(data.paused || voted)) },
        data.paused ? t("clock.restart") : voted ? t("clock.withdraw") : t("clock.ask_pause")) : null,
      !data.paused && data.pause_votes.length ? h("small", {}, t("clock.pause_asked", { names: data.pause_votes.map((x) => seatName(seatsInfo, x)).join(t("fmt.list_separator")) })) : null);
  }

  read();
  const poll = setInterval(() => { if (!stop) read(); }, 5000);
  const tick = setInterval(() => { if (!stop) draw(); }, 1000);
  return { destroy() { stop = true; clearInterval(poll); clearInterval(tick); box.remove(); } };
}
