// @ts-check
// The single-page app: routes live in the URL fragment so the server serves one page.
//   #/                      lobby: create a game, my games
//   #/join/GAME/TOKEN       an invitation link: remember the token, then open the game
//   #/game/GAME             play every seat of GAME this browser holds (hot-seat when several)
//   #/game/GAME/N           play only seat N;  #/game/GAME/spectator  watch
//   #/replay/GAME[/N]       step through GAME (as seat N, else any seat held here)
//   #/profile/NAME          a player's rating, its history, and your own finished games
//   #/tutorial              start a new tutorial game (a scripted first game against a bot)
//   #/lessons               the lesson library;  #/lesson/ID  start lesson ID
//   #/admin                 the administrators' page: reports, accounts, abandoned games

import { account } from "./account.js";
import { renderAdmin } from "./admin.js";
import { api, store } from "./api.js";
import { mountChat } from "./chat.js";
import { mountClock } from "./clock.js";
import { GameScreen } from "./game.js";
import { errorText, languageSwitcher, loadCatalog, t } from "./i18n.js";
import { renderLobby } from "./lobby.js";
import { renderProfile } from "./profile.js";
import { ReplayScreen } from "./replay.js";
import { mountRoom } from "./rooms.js";
import { renderLessons } from "./lessons.js";
import { startLesson, startTutorial } from "./tutorial.js";
import { clear, h } from "./util.js";

const root = document.getElementById("app");
let current = null;
let clockPanel = null; // the turn-timer panel of the open game (clock.js)
let chatPanel = null; // its chat (chat.js)
let roomPanel = null; // spectators and the rematch (rooms.js)

function parse() {
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  return parts;
}

async function route() {
  if (current && current.destroy) current.destroy();
  if (clockPanel) clockPanel.destroy();
  if (chatPanel) chatPanel.destroy();
  if (roomPanel) roomPanel.destroy();
  clockPanel = null;
  chatPanel = null;
  roomPanel = null;
  current = null;
  clear(root);
  const [page, ...rest] = parse();
  if (page === "join" && rest.length >= 2) {
    const [game, token] = rest;
    try {
      const st = await api.state(game, token);
      store.addToken(game, st.seat, token, { seats: st.seats });
      if (st.seat !== null && (await account.refresh())) {
        if (!(st.table && st.table.rated)) await account.claim(game, token);
        // a rated seat only by explicit consent; its link then stops working: the cookie plays
        else if (window.confirm(t("join.rated_confirm"))
          && (await account.claim(game, token, true))) {
          store.remove(game);
          location.replace(`#/game/${game}`);
          return;
        }
      }
      location.replace(`#/game/${game}/${st.seat === null ? "spectator" : st.seat}`);
    } catch (err) {
      root.append(h("div", { class: "page" }, h("h1", {}, t("join.cannot")),
        h("p", { class: "error", "data-test": "error" }, errorText(err)),
        h("p", {}, h("a", { href: "#/" }, t("ui.back_to_lobby")))));
    }
    return;
  }
  if (page === "profile" && rest.length >= 1) return renderProfile(root, rest[0]);
  if (page === "admin") return renderAdmin(root);
  if (page === "tutorial") {
    root.append(h("div", { class: "page" }, h("p", { class: "loading" }, t("tutorial.setting_up"))));
    return startTutorial().catch((err) => {
      clear(root).append(h("div", { class: "page" }, h("h1", {}, t("tutorial.could_not_start")),
        h("p", { class: "error", "data-test": "error" }, errorText(err)), h("p", {}, h("a", { href: "#/" }, t("ui.back_to_lobby")))));
    });
  }
  if (page === "lessons") return renderLessons(root);
  if (page === "lesson" && rest.length >= 1) {
    root.append(h("div", { class: "page" }, h("p", { class: "loading" }, t("lessons.setting_up"))));
    return startLesson(rest[0]).catch((err) => {
      clear(root).append(h("div", { class: "page" }, h("h1", {}, t("lessons.could_not_start")),
        h("p", { class: "error", "data-test": "error" }, errorText(err)), h("p", {}, h("a", { href: "#/lessons" }, t("lessons.back")))));
    });
  }
  if (page === "replay" && rest.length >= 1) {
    current = new ReplayScreen(root, rest[0], rest[1] === undefined ? null : rest[1]);
    window.fcmScreen = current;
    current.start();
    return;
  }
  if (page === "game" && rest.length >= 1) {
    const [game, which] = rest;
    current = new GameScreen(root, game, which === undefined ? null : which);
    window.fcmScreen = current; // for debugging in the console (and the browser tests)
    current.start();
    clockPanel = mountClock(game, which === undefined ? null : which, current.extras, current);
    chatPanel = mountChat(game, which === undefined ? null : which, current.extras, current);
    roomPanel = mountRoom(game, which === undefined ? null : which, current.extras);
    return;
  }
  current = renderLobby(root);
}

// The catalog first (the page's language: the fcm_lang cookie, else Accept-Language), and a
// language switcher on every page; then the route.
loadCatalog().then(async () => {
  const switcher = h("div", { class: "lang-corner" }, languageSwitcher((next) => account.saveLang(next)));
  document.body.append(switcher);
  // a new browser of an account that chose a language: take it (the cookie remembers it)
  if (!document.cookie.includes("fcm_lang=") && (await account.refresh()) && account.lang) {
    document.cookie = `fcm_lang=${encodeURIComponent(account.lang)}; path=/; max-age=31536000; samesite=lax`;
    if (account.lang !== document.documentElement.lang) { location.reload(); return; }
  }
  window.addEventListener("hashchange", route);
  route();
});
