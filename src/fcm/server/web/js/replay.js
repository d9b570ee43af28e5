// @ts-check
// The replay viewer: step through a game action by action or round by round with a slider,
// the board and the companies as they were and the events of each step; and "what if": a
// sandbox branch from any step of a finished game. Every position comes from the server
// (rebuilt from the start and the action log), drawn as a live game is.

import { account } from "./account.js";
import { api, store } from "./api.js";
import { BoardView } from "./board.js";
import { renderCompanies } from "./companies.js";
import { describe } from "./format.js";
import { HintPanel } from "./hint.js";
import { t } from "./i18n.js";
import { PHASES, clear, h, icon, learnGoods, put, seatName } from "./util.js";

export class ReplayScreen {
  constructor(root, game, seat) {
    this.root = root;
    this.game = game;
    this.seat = seat;
    const entry = store.get(game) || { tokens: {} };
    this.entry = entry;
    this.token = seat === "spectator" ? entry.spectator : (entry.tokens || {})[String(seat)] || Object.values(entry.tokens || {})[0] || entry.spectator;
    this.cache = new Map();
    this.step = 0;
  }

  async start() {
    if (!this.token && (await account.refresh())) this.token = ""; // "": the session cookie (the account's seat)
    if (this.token === undefined || this.token === null) {
      put(clear(this.root), h("div", { class: "page" }, h("h1", {}, t("game.no_seat")), h("p", {}, h("a", { href: "#/" }, t("ui.back_to_lobby")))));
      return;
    }
    try {
      this.index = await api.replayIndex(this.game, this.token);
      const first = await this.fetch(0);
      this.static = first.static;
    } catch (err) {
      put(clear(this.root), h("div", { class: "page" }, h("h1", {}, t("replay.title")), h("p", { class: "error", "data-test": "fatal" }, err.message)));
      return;
    }
    this.build();
    const last = this.index.steps.length - 1;
    this.go(this.index.finished ? 0 : last);
  }

  destroy() { this.destroyed = true; }

  async fetch(step) {
    if (!this.cache.has(step)) this.cache.set(step, api.replayStep(this.game, this.token, step));
    return this.cache.get(step);
  }

  name(s) { return seatName(this.entry.seats || [], s); }

  build() {
    const steps = this.index.steps;
    this.slider = h("input", { type: "range", min: 0, max: steps.length - 1, value: 0, "data-test": "replay-slider", "aria-label": t("replay.step_label"),
      oninput: (e) => this.go(Number(e.target.value)) });
    this.label = h("span", { class: "replay-label", "data-test": "replay-label" });
    this.events = h("ol", { class: "log", "data-test": "replay-events" });
    this.companies = h("div", { class: "replay-companies" });
    this.branchBox = h("div", { class: "buttons" });
    this.hintBox = h("section", { class: "hint-box hidden", "data-test": "hint-box" });
    const btn = (text, test, fn) => h("button", { type: "button", class: "small", "data-test": test, onclick: fn }, text);
    const boardPane = h("section", { class: "board-pane" });
    put(clear(this.root), h("div", { class: "game-screen replay-screen", "data-test": "replay", "data-game": this.game },
      h("header", { class: "game-head" },
        h("a", { href: "#/", class: "home", title: t("game.lobby") }, h("img", { src: "/web/img/logo.svg", alt: t("game.lobby"), class: "logo small" })),
        h("div", { class: "head-info" }, h("strong", {}, t("replay.title")), this.index.finished ? "" : h("small", {}, t("replay.own_view")),
          h("a", { href: `#/game/${this.game}`, "data-test": "back-to-game" }, t("replay.back_to_game")))),
      h("main", { class: "game-main" }, boardPane,
        h("aside", { class: "side" },
          h("section", { class: "decision replay-controls" },
            h("div", { class: "buttons" },
              btn([icon("first"), t("replay.prev_round")], "prev-round", () => this.jumpRound(-1)), btn(t("replay.prev_step"), "prev-step", () => this.go(this.step - 1)),
              btn(t("replay.next_step"), "next-step", () => this.go(this.step + 1)), btn([t("replay.next_round"), icon("last")], "next-round", () => this.jumpRound(1))),
            this.slider, this.label, h("h4", {}, t("replay.this_step")), this.events, this.branchBox),
          this.hintBox,
          h("div", { class: "tab-body", tabindex: 0 }, this.companies)))));
    this.board = new BoardView(boardPane, {});
    // a finished game: the hard bot's reading of the decision at the step shown (hint.js)
    this.hintMsg = null;
    if (this.index.finished) this.hint = new HintPanel(this.hintBox, { game: this.game, token: () => this.token, name: (s) => this.name(s), msg: () => this.hintMsg });
    learnGoods(this.static.catalog);  // the game's modules' goods (before the legend)
    this.drawMap(this.static.board);
    if (this.index.finished) {
      this.branchBox.append(h("button", { type: "button", class: "primary", "data-test": "branch",
        title: t("replay.branch.help"),
        onclick: () => this.branch() }, t("replay.branch")));
    } else {
      this.branchBox.append(h("small", { class: "muted" }, t("replay.branch.finished_only")));
    }
  }

  /** Draw this map's picture, unless it is the one drawn (the layout decides). */
  drawMap(picture) {
    const key = JSON.stringify([picture.tile_rows, picture.tile_cols, picture.tiles]);
    if (key === this.mapKey) return;
    this.mapKey = key;
    this.board.setStatic(picture);
    this.root.querySelector("[data-test=replay]").dataset.mapTiles = String(picture.tiles.length);
  }

  jumpRound(dir) {
    const steps = this.index.steps;
    const r = steps[this.step].round;
    let i = this.step;
    if (dir > 0) { while (i < steps.length - 1 && steps[i].round <= r) i++; }
    else {
      while (i > 0 && steps[i - 1].round >= r) i--; // the start of this round
      if (i === this.step) { while (i > 0 && steps[i - 1].round >= r - 1) i--; }
    }
    this.go(i);
  }

  async go(step) {
    const steps = this.index.steps;
    step = Math.max(0, Math.min(steps.length - 1, step));
    this.step = step;
    this.slider.value = String(step);
    const meta = steps[step];
    this.label.textContent = t(meta.seat !== null ? "replay.label_seat" : "replay.label", { step, of: steps.length - 1, round: meta.round, phase: PHASES[meta.phase] || meta.phase, seat: meta.seat !== null ? this.name(meta.seat) : "" });
    this.label.dataset.step = step;
    if (this.hint) {
      if (!this.hintMsg || this.hintMsg.version !== step) { this.hint.result = null; this.hint.error = null; }
      this.hint.at = step;
      this.hintMsg = { status: /** @type {const} */ ("over"), version: step, table: {} };
      this.hint.render(this.hintMsg);
    }
    const data = await this.fetch(step);
    if (this.destroyed || this.step !== step) return;
    const pres = data.presentation;
    // a step after the map grew (a module's extra tile) brings its own map's picture
    this.drawMap(data.board || this.static.board);
    this.board.update(pres, (s) => this.name(s));
    const ctx = { catalog: this.static.catalog, seats: this.entry.seats || [], mySeat: this.index.seat, name: (s) => this.name(s) };
    clear(this.companies).append(renderCompanies(pres, ctx));
    clear(this.events);
    for (const e of data.events) {
      const text = describe(e, ctx);
      if (text) this.events.append(h("li", { "data-kind": e.kind }, text));
    }
    if (!this.events.childNodes.length) this.events.append(h("li", { class: "muted" }, t("replay.nothing_visible")));
    this.root.querySelector("[data-test=replay]").dataset.shown = step;
  }

  async branch() {
    try {
      const made = await api.branch(this.game, this.token, this.step);
      for (const s of made.seats) if (s.token) store.addToken(made.game, s.seat, s.token, { branch_of: this.game });
      store.addToken(made.game, null, made.spectator.token, { branch_of: this.game, seats: this.entry.seats });
      location.hash = `#/game/${made.game}`;
    } catch (err) {
      clear(this.branchBox).append(h("p", { class: "error", "data-test": "branch-error" }, err.message));
    }
  }
}
