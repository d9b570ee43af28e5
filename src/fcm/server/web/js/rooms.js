// @ts-check
// Rooms: the lobby's open games (join a free seat; the game starts when every seat is taken)
// and public games to watch, for signed-in accounts; on a game screen, the room panel: how
// many watch, and the rematch once the game is over. The session cookie authenticates all of
// it (docs/server.md, Rooms); nothing here holds a token.

import { account, accountCall } from "./account.js";
import { session, store } from "./api.js";
import { errorText, t } from "./i18n.js";
import { clear, h, icon, put, seatName } from "./util.js";

const EVERY_MS = 3000;

// (the lobby's half is in the player's language, i18n.js; the game screen's half below is not yet)
function optionsText(g) {
  const parts = [t("lobby.n_players", { count: g.players })];
  if (g.options.introductory) parts.push(t("rooms.introductory"));
  if (g.modules.length) parts.push(t("rooms.modules", { modules: g.modules.map((m) => t(`module.${m}`)).join(", ") }));
  parts.push(g.clock ? [icon("clock", t("account.time_per_decision")), " ", t(g.clock.fallback === "bot_takeover" ? "rooms.clock_takeover" : "rooms.clock_plays", { limit: g.clock.limit })] : t("rooms.no_time_limit"));
  if (g.rated) parts.push(t("profile.rated"));
  return parts.flatMap((p, i) => (i ? [" · ", p] : [p]));
}

/** The body of ``POST /api/lobby`` from the create form's own request body. */
export function openBody(body) {
  const out = {
    seats: body.seats.map((s) => (s.kind === "bot" ? { kind: "bot", bot: s.bot, ...(s.name ? { name: s.name } : {}) } : { kind: "human" })),
    options: body.options, table: body.table,
  };
  if (body.clock) out.clock = body.clock;
  return out;
}

/** The lobby card: open games and public games (signed in). ``refresh()`` reads again. */
export function renderRooms(box, onStarted) {
  const openList = h("div", { class: "games", "data-test": "open-games" });
  const liveList = h("div", { class: "games", "data-test": "live-games" });
  const notice = h("div", { "data-test": "rooms-notice" });
  const error = h("p", { class: "error hidden", "data-test": "rooms-error" });
  const mine = new Set(); // open games this account sits in (to tell it when they start)
  let timer = null;
  let stopped = false;

  function showError(err) { error.textContent = errorText(err); error.classList.remove("hidden"); }

  async function started(id) {
    try {
      const e = await accountCall("GET", `/api/lobby/${id}`);
      if (e.status === "started" && e.game) {
        notice.append(h("p", { class: "your-turn", "data-test": `started-${id}` }, t("rooms.started", { game: e.game }), " ",
          h("a", { class: "button small primary", href: `#/game/${e.game}/${e.you}`, "data-test": "play-started" }, t("rooms.play"))));
        onStarted && onStarted();
      } else if (e.status === "starting") {
        mine.add(id); // its seats are full but the game is still being made: ask again next time
      }
    } catch { /* cancelled or gone */ }
  }

  async function refresh() {
    if (stopped) return;
    if (!account.known) return; // not yet known: say nothing rather than "log in" to a member
    if (!account.loggedIn) {
      clear(box).append(h("h2", {}, t("rooms.open_games")), h("p", { class: "muted" }, t("rooms.log_in")));
      return;
    }
    if (!box.contains(openList)) {
      clear(box).append(h("h2", {}, t("rooms.open_games")), notice, openList, h("h3", {}, t("rooms.to_watch")), liveList, error);
    }
    let data;
    try { data = await accountCall("GET", "/api/lobby"); } catch (err) { showError(err); return; }
    error.classList.add("hidden");
    const seen = new Set();
    clear(openList);
    if (!data.open.length) openList.append(h("p", { class: "muted" }, t("rooms.no_open_game")));
    for (const g of data.open) {
      const sitting = g.seats.some((s) => s.name === account.name && s.kind === "human");
      if (sitting) { seen.add(g.id); mine.add(g.id); }
      openList.append(h("div", { class: "account-game", "data-open": g.id },
        h("div", {}, h("strong", {}, t("rooms.whose_game", { name: g.created_by })), " · ", optionsText(g)),
        h("div", {}, g.seats.map((s) => h("span", { class: "mini-seat", "data-seat": s.seat },
          s.kind === "bot" ? `${s.name || t("lobby.bot")} (${s.bot})` : (s.free ? t("rooms.free_seat") : s.name)))),
        sitting
          ? h("button", { type: "button", class: "small ghost", "data-test": "leave", onclick: () => act(`/api/lobby/${g.id}/leave`) },
            g.created_by === account.name ? t("rooms.cancel_game") : t("rooms.leave"))
          : h("button", { type: "button", class: "small primary", "data-test": "join", onclick: () => act(`/api/lobby/${g.id}/join`, {}) },
            t("rooms.join")),
        h("span", { class: "muted" }, " ", t("rooms.waiting_for_more", { count: g.free }))));
    }
    for (const id of [...mine]) if (!seen.has(id)) { mine.delete(id); started(id); }
    clear(liveList);
    if (!data.live.length) liveList.append(h("p", { class: "muted" }, t("rooms.no_public_game")));
    for (const g of data.live.slice(0, 20)) {
      const whose = g.status === "over" ? t("lobby.game_over") : `${t("profile.round", { round: g.round })} · ${t(`phase.${g.phase}`)}`;
      liveList.append(h("div", { class: "account-game", "data-live": g.game },
        h("code", {}, g.game), " ", g.seats.map((s) => seatName(g.seats, s.seat)).join(t("rooms.versus")), ` · ${whose}`,
        g.spectators ? [" · ", icon("eye", t("rooms.watching")), ` ${g.spectators}`] : "", " ",
        h("a", { class: "button small", href: `#/game/${g.game}/spectator`, "data-test": "watch" }, t("lobby.watch"))));
    }
  }

  async function act(path, body) {
    try {
      track(await accountCall("POST", path, body));
    } catch (err) { showError(err); }
    refresh();
  }

  function track(e) {
    if (e.status === "started") { mine.delete(e.id); started(e.id); } else if (e.you !== null) mine.add(e.id); else mine.delete(e.id);
  }

  function loop() {
    if (stopped) return;
    refresh().finally(() => { if (!stopped) timer = setTimeout(loop, EVERY_MS); });
  }
  loop();
  return {
    refresh,
    /** An open game was just made here: follow it until it starts. */
    follow(entry) { track(entry); refresh(); },
    destroy() { stopped = true; clearTimeout(timer); },
  };
}

/** The room panel of a game screen: spectators, and the rematch when it is over. */
export function mountRoom(game, which, parent = document.body) {
  const entry = store.get(game) || { tokens: {} };
  const seats = Object.keys(entry.tokens || {}).map(Number);
  const mine = which === null || which === undefined ? seats : seats.filter((x) => String(x) === String(which));
  const token = which === "spectator" ? entry.spectator : (mine.length ? entry.tokens[String(mine[0])] : entry.spectator);
  const headers = () => (token ? { authorization: `Bearer ${token}` } : {});
  const watching = h("span", { "data-test": "spectators" });
  const rematchBox = h("span", { "data-test": "rematch-box" });
  const error = h("span", { class: "error hidden", "data-test": "room-error" });
  const box = h("div", { class: "room-panel card", "data-test": "room" },
    watching, " ", rematchBox, " ", error);
  parent.append(box);
  let stop = false;
  let timer = null;
  let shown = null;

  async function rematch() {
    error.classList.add("hidden");
    try {
      const r = await accountCall("POST", `/api/games/${game}/rematch`);
      location.hash = `#/game/${r.game}/${r.seat}`;
    } catch (err) { error.textContent = err.message; error.classList.remove("hidden"); }
  }

  async function read() {
    try {
      const r = await fetch(`/api/games/${game}/room`, { headers: headers() });
      if (!r.ok) return;
      const room = await r.json();
      put(clear(watching), room.spectators ? [icon("eye"), ` ${room.spectators} watching`] : "");
      const state = `${room.status}:${room.rematch}`;
      if (state === shown) return;
      shown = state;
      clear(rematchBox);
      if (room.rematch && which === "spectator") {
        rematchBox.append(t("rooms.rematch_made"),
          h("a", { class: "button small", href: `#/game/${room.rematch}/spectator`, "data-test": "rematch-watch" }, t("rooms.watch_it")));
      } else if (room.rematch) {
        rematchBox.append(t("rooms.rematch_made"),
          h("button", { type: "button", class: "small primary", "data-test": "rematch-open", onclick: rematch }, t("rooms.play_rematch")));
      } else if (room.status === "over" && which !== "spectator") {
        await account.refresh();
        if (account.loggedIn && session.csrf) {
          rematchBox.append(h("button", { type: "button", class: "small primary", "data-test": "rematch", onclick: rematch },
            t("rooms.rematch")));
        }
      }
    } catch { /* next time */ }
  }

  function loop() {
    if (stop) return;
    read().finally(() => { if (!stop) timer = setTimeout(loop, EVERY_MS); });
  }
  loop();
  return { destroy() { stop = true; clearTimeout(timer); clear(box); box.remove(); } };
}
