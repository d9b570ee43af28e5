// @ts-check
// A game screen: live state over the WebSocket (reconnecting), the presentation, the board,
// the decision panel, the companies, the log and the results; hot-seat play of several seats
// with a pass-the-device screen that shows nothing secret.

import { account } from "./account.js";
import { motionAllowed, replayPlacements } from "./animate.js";
import { ApiError, api, store } from "./api.js";
import { BoardView } from "./board.js";
import { bankAlert, renderBotTurns, renderLatestBotTurns } from "./botlog.js";
import { renderCompanies, renderSupply } from "./companies.js";
import { Decisions } from "./decisions.js";
import { DinnerShow, dinnerShowWanted } from "./dinner.js";
import { houseTitle, stepName } from "./format.js";
import { HintPanel } from "./hint.js";
import { list, t } from "./i18n.js";
import { autoPlacedNotice, closeInfo, installInfoTaps, renderRules } from "./table.js";
import { GameLog, renderResults } from "./results.js";
import { RewindPanel } from "./rewind.js";
import { Coach } from "./tutorial.js";
import { alertToggle, turnAlert } from "./turnalert.js";
import { chain, chainMark, clear, goodChip, h, learnGoods, money, PHASES, possessive, put, seatName, totalText } from "./util.js";

const TABS = ["companies", "supply", "log", "bots", "results", "rules"].map((id) => [id, `game.tab.${id}`]);  // label: a message id

export class GameScreen {
  constructor(root, game, which) {
    this.root = root;
    this.game = game;
    this.which = which; // null: every local seat; "spectator"; or a seat number as text
    this.entry = store.get(game) || { tokens: {}, spectator: null };
    this.static = null;
    this.msg = null;
    this.pres = null;
    this.mapFetch = null; // the map picture asked for again (the map grew)
    this.ws = null;
    this.destroyed = false;
    this.backoff = 500;
    this.tab = "companies";
    this.scrolls = {}; // scroll position per tab
    this.shownTab = null;
    this.dinners = new Map();
    this.newResults = false;
    this.rulesOpen = new Set();
    this.sheetFull = false; // phones: the panels fill the screen (the board is hidden)
    // the chat and the room (spectators, rematch) at the foot of the side panel: inside the
    // screen, so the page never scrolls the board away (app.js mounts them here)
    this.extras = h("div", { class: "side-extras", "data-test": "side-extras" });
    if (!root.dataset.infoTaps) {
      root.dataset.infoTaps = "1";
      installInfoTaps(root, () => window.fcmScreen && window.fcmScreen.static && window.fcmScreen.static.catalog,
        () => window.fcmScreen && window.fcmScreen.whyCard && window.fcmScreen.seat !== null && window.fcmScreen.seat !== undefined
          ? (card) => window.fcmScreen.whyCard(card) : null);
    }
  }

  // -- seats and tokens ----------------------------------------------------------------------

  localSeats() {
    const seats = Object.keys(this.entry.tokens || {}).map(Number).sort((a, b) => a - b);
    if (this.which === null) return seats;
    if (this.which === "spectator") return [];
    const n = Number(this.which);
    return seats.includes(n) ? [n] : [];
  }

  tokenOf(seat) {
    if (seat === null) return this.entry.spectator;
    return (this.entry.tokens || {})[String(seat)];
  }

  start() {
    this.seats = this.localSeats();
    if (!this.seats.length && !this.entry.spectator && this.which !== "spectator" && !this.entry.cookie) return this.fromAccount();
    this.hotseat = this.seats.length > 1;
    if (!this.seats.length && !(this.which === "spectator" || this.which === null) ) return this.noToken();
    if (!this.seats.length) {
      if (!this.entry.spectator && !this.entry.cookie) return this.fromAccount();
      return this.enter(null);
    }
    if (!this.hotseat) return this.enter(this.seats[0]);
    // Hot-seat: find who must act (public information), then hand the device over.
    api.state(this.game, this.tokenOf(this.seats[0])).then((st) => {
      if (this.destroyed) return;
      const next = this.seats.find((x) => st.actors.includes(x));
      this.showPass(next === undefined ? this.seats[0] : next);
    }).catch((err) => this.fatal(err.message));
  }

  // No token here: the seat the logged-in account claimed in this game (the session cookie
  // authenticates it; "" as its token means no Authorization header).
  async fromAccount() {
    try {
      await account.refresh();
      const st = account.loggedIn ? await api.state(this.game, "") : null;
      if (this.destroyed) return;
      if (st && st.seat !== null && (this.which === null || Number(this.which) === st.seat)) {
        this.entry = { tokens: { [String(st.seat)]: "" }, spectator: null, cookie: true };
        return this.start();
      }
      if (st && st.seat === null && (this.which === null || this.which === "spectator")) {
        // a public game (the lobby's): the account watches it as a spectator
        this.which = "spectator";
        this.entry = { tokens: {}, spectator: "", cookie: true };
        return this.start();
      }
    } catch { /* not logged in, or no seat of this account here */ }
    if (!this.destroyed) this.noToken();
  }

  noToken() {
    clear(this.root).append(h("div", { class: "page" }, h("h1", {}, t("game.no_seat")),
      h("p", {}, this.which !== null ? t("game.no_token_seat", { game: this.game, seat: this.which }) : t("game.no_token", { game: this.game })),
      h("p", {}, h("a", { href: "#/" }, t("ui.back_to_lobby")))));
  }

  fatal(message) {
    clear(this.root).append(h("div", { class: "page" }, h("h1", {}, t("game.went_wrong")),
      h("p", { class: "error", "data-test": "fatal" }, message), h("p", {}, h("a", { href: "#/" }, t("ui.back_to_lobby")))));
  }

  destroy() {
    this.destroyed = true;
    if (this.dinnerShow) this.dinnerShow.close();
    if (this.rewind) this.rewind.destroy();
    if (this.coach) this.coach.destroy();
    this.disconnect();
  }

  disconnect() {
    if (this.ws) {
      const ws = this.ws;
      this.ws = null;
      ws.onclose = null;
      try { ws.close(); } catch { /* already closed */ }
    }
    clearInterval(this.pingTimer);
    clearTimeout(this.retryTimer);
  }

  /** The pass-the-device screen: everything of the previous seat is gone from the page. */
  showPass(seat) {
    this.disconnect();
    if (this.rewind) { this.rewind.destroy(); this.rewind = null; }
    if (this.dinnerShow) this.dinnerShow.close();
    closeInfo();
    this.msg = null;
    this.pres = null;
    this.decisions = null;
    const seatsInfo = this.entry.seats || [];
    const name = seatName(seatsInfo, seat);
    clear(this.root).append(h("div", { class: "pass-screen", "data-test": "pass-screen", "data-seat": seat },
      h("div", { class: "pass-card", style: { borderColor: chain(seat).colour } },
        h("span", { class: "swatch huge", "data-shape": chain(seat).shape, style: { background: chain(seat).colour } }), // no SVG on the pass screen
        h("h1", {}, t("game.pass_to", { name })),
        h("p", {}, t("game.look_away")),
        h("button", { type: "button", class: "primary big", "data-test": "pass-ready", onclick: () => this.enter(seat) }, t("game.i_am", { name })),
        h("p", { class: "muted", "data-test": "pass-waiting" }),
        h("p", {}, h("a", { href: "#/" }, t("game.lobby"))))));
    this.watchPass(seat);
  }

  /** While the pass screen is up, follow whose decision it is (only the public actors): the
   * awaited seat may act from its own link meanwhile, so the screen never goes stale. */
  watchPass(seat) {
    const ws = new WebSocket(api.wsUrl(this.game, this.tokenOf(seat)));
    this.ws = ws;
    ws.onmessage = (ev) => {
      let m;
      try { m = JSON.parse(ev.data); } catch { return; }
      if (m.type !== "state" || this.ws !== ws || this.destroyed) return;
      const next = this.seats.find((x) => m.actors.includes(x));
      if (next !== undefined && next !== seat) return this.showPass(next);
      const note = this.root.querySelector("[data-test=pass-waiting]");
      if (note) {
        note.textContent = m.status === "over" ? t("game.is_over")
          : next === undefined ? t("dec.waiting_for", { names: list(m.actors.map((x) => seatName(m.seats, x))) || t("game.the_game") }) : "";
      }
    };
    ws.onclose = () => {
      if (this.ws !== ws || this.destroyed) return;
      this.ws = null;
      this.retryTimer = setTimeout(() => { if (!this.msg && !this.destroyed && this.root.querySelector("[data-test=pass-screen]")) this.watchPass(seat); }, 1000);
    };
  }

  // -- the screen ----------------------------------------------------------------------------

  async enter(seat) {
    this.disconnect(); // the pass screen's watcher
    this.seat = seat;
    this.token = this.tokenOf(seat);
    this.msg = null;
    this.pres = null;
    this.log = new GameLog({ name: (s) => seatName(this.seatsInfo(), s), catalog: null });
    this.build();
    try {
      if (!this.static) {
        const p = await api.presentation(this.game, this.token, true);
        this.static = p.static;
      }
      learnGoods(this.static.catalog);  // the game's modules' goods (before the legend)
      this.board.setStatic(this.static.board);
      this.log.ctx.catalog = this.static.catalog;
      const st = await api.state(this.game, this.token);
      if (this.destroyed || this.token !== this.tokenOf(seat)) return;
      if (this.entry.cookie) this.entry.seats = st.seats; // the account's seat: nothing to store here
      else {
        store.remember(this.game, { seats: st.seats });
        this.entry = store.get(this.game) || this.entry;
      }
      await this.loadLog();
      this.onState(st);
    } catch (err) {
      return this.fatal(err.message);
    }
    this.connect();
  }

  seatsInfo() {
    return (this.msg && this.msg.seats) || this.entry.seats || [];
  }

  name(seat) {
    return seatName(this.seatsInfo(), seat);
  }

  build() {
    this.status = h("span", { class: "conn", "data-test": "connection" }, t("game.conn.connecting"));
    this.headInfo = h("div", { class: "head-info" });
    this.tabBar = h("nav", { class: "tabs" });
    this.tabBody = h("div", { class: "tab-body", tabindex: 0, role: "region", "aria-label": t("game.panel") });
    this.decisionBox = h("section", { class: "decision", "data-test": "decision" });
    this.hintBox = h("section", { class: "hint-box hidden", "data-test": "hint-box" });
    this.rewindBox = h("section", { class: "rewind-box hidden", "data-test": "rewind-box" });
    this.botBox = h("section", { class: "bot-latest hidden", "data-test": "bot-latest" });
    this.noticeBox = h("div", { class: "notice hidden", "data-test": "notice", role: "status" });
    this.coachBox = h("section", { class: "coach hidden", "data-test": "coach", "aria-live": "polite" });
    if (this.coach) { this.coach.destroy(); this.coach = null; }
    const boardPane = h("section", { class: "board-pane" });
    clear(this.root).append(h("div", { class: "game-screen", "data-game": this.game, "data-seat": this.seat ?? "spectator" },
      h("header", { class: "game-head" },
        h("a", { href: "#/", class: "home", title: t("game.lobby") }, h("img", { src: "/web/img/logo.svg", alt: t("game.lobby"), class: "logo small" })),
        this.headInfo, this.seat !== null && this.seat !== undefined ? alertToggle() : null, this.status),
      h("main", { class: "game-main" }, boardPane,
        h("aside", { class: "side" }, this.coachBox, this.noticeBox, this.decisionBox, this.hintBox, this.rewindBox, this.botBox, this.tabBar, this.tabBody, this.extras))));
    this.board = new BoardView(boardPane, {
      onSquare: (cell, e) => this.decisions && this.decisions.onSquare(cell, e && e.keyboard),
      onEdge: (edge, i, e) => this.decisions && this.decisions.onEdge(edge, i, e && e.keyboard),
      houseInfo: (n) => this.houseInfo(n),
      campaignInfo: (n) => this.campaignInfo(n),
    });
    const self = this;
    if (this.dinnerShow) this.dinnerShow.close();
    this.dinnerShow = new DinnerShow({ name: (s) => self.name(s), get catalog() { return self.static && self.static.catalog; }, board: () => boardPane, place: () => this.root.querySelector(".game-screen .side") });
    if (this.rewind) this.rewind.destroy();
    this.rewind = new RewindPanel(this.rewindBox, { game: this.game, token: () => self.token, seat: () => self.seat ?? null,
      localSeats: () => self.seats || [], tokenOf: (s) => self.tokenOf(s), name: (s) => self.name(s), msg: () => self.msg,
      notice: (text) => self.showNotice(text) });
    this.hint = new HintPanel(this.hintBox, { game: this.game, token: () => self.token, name: (s) => self.name(s), msg: () => self.msg });
    this.decisions = new Decisions(this.decisionBox, {
      act: (a) => self.act(a),
      undo: () => self.undo(),
      undoTurn: () => self.undoTurn(),
      why: (action) => api.why(self.game, self.token, action),
      state: () => self.msg,
      board: self.board,
      get catalog() { return self.static && self.static.catalog; },
    });
  }

  // -- live updates --------------------------------------------------------------------------

  connect() {
    if (this.destroyed) return;
    const token = this.token;
    // the version shown: what changed before the socket opened comes with its events
    const ws = new WebSocket(api.wsUrl(this.game, token, this.msg ? this.msg.version : null));
    this.ws = ws;
    this.setConn(t("game.conn.connecting"), "connecting");
    ws.onopen = () => {
      this.backoff = 500;
      this.setConn(t("game.conn.live"), "live");
      this.pingTimer = setInterval(() => { try { ws.send(JSON.stringify({ type: "ping" })); } catch { /* closing */ } }, 25000);
      if (this.msg) this.loadLog().then(() => this.renderTabs());
    };
    ws.onmessage = (ev) => {
      let m;
      try { m = JSON.parse(ev.data); } catch { return; }
      if (m.type === "state") this.onState(m);
      else if (m.type === "error") {
        this.fatalWs = m.error;
        if (this.decisions) this.decisions.setError({ title: t("game.connection"), message: m.error.message, code: m.error.code });
      }
    };
    ws.onclose = (ev) => {
      clearInterval(this.pingTimer);
      if (this.ws !== ws || this.destroyed) return;
      this.ws = null;
      if (ev.code >= 4400 && ev.code < 4500) {
        this.setConn(t("game.conn.disconnected"), "down");
        return;
      }
      this.setConn(t("game.conn.reconnecting"), "down");
      this.retryTimer = setTimeout(() => this.connect(), this.backoff);
      this.backoff = Math.min(this.backoff * 2, 8000);
    };
  }

  setConn(text, cls) {
    if (!this.status) return;
    this.status.textContent = text;
    this.status.className = `conn ${cls}`;
    this.status.dataset.state = cls;
  }

  async loadLog() {
    try {
      const lg = await api.log(this.game, this.token);
      this.log.reset(lg.entries, lg.version);
      if (!this.awayTold) this.tellAway(lg.entries);
    } catch { /* the log is a convenience; the state is what matters */ }
  }

  /** On coming back: the moves the turn timer's bot made for this seat since its player's
   * own last move. */
  /** @param {import("./types").LogEntry[]} entries */
  tellAway(entries) {
    this.awayTold = true;
    if (this.seat === null || this.seat === undefined) return;
    let moves = 0, bot = null;
    for (const e of entries) {
      if (e.seat !== this.seat) continue;
      const mark = (e.events || []).find((x) => x.kind === "timer_bot_move");
      if (mark) { moves++; bot = mark.bot; } else moves = 0;
    }
    if (moves && !this.takenShown) { // the offer to take the seat back says more
      this.showNotice(t("game.away_bot_moves", { bot, count: moves }), "timer-bot");
    }
  }

  /** The clock as last read (clock.js): a seat the bot took over is offered back. */
  onClock(data) {
    if (this.seat === null || this.seat === undefined || !data || !data.taken_over) return;
    const taken = data.taken_over.includes(this.seat);
    if (!taken) { this.takenShown = false; return; }
    if (this.takenShown) return;
    this.takenShown = true;
    const back = h("button", { type: "button", class: "primary small", "data-test": "reclaim-seat",
      onclick: async () => {
        back.disabled = true;
        try {
          await api.reclaim(this.game, this.token);
          this.takenShown = false;
          this.showNotice(t("game.reclaimed"), "reclaimed");
        } catch (err) {
          back.disabled = false;
          this.showNotice(t("game.reclaim_failed", { error: err.message }), "reclaim-error");
        }
      } }, t("game.reclaim"));
    this.showNotice(t("game.taken_over"), "taken-over", back);
  }

  /**
   * @param {import("./types").StateOut} msg
   */
  onState(msg) {
    if (this.destroyed || msg.seat !== (this.seat ?? null)) return;
    if (this.msg && msg.version < this.msg.version && !msg.undone && !msg.reloaded) return;
    // "your turn" from another tab (by the player's choice): not on the first state of a load
    if (this.msg && this.seat !== null && this.seat !== undefined && !this.hotseat) {
      turnAlert(this.msg.your_turn, msg, t("game.turn_alert", { round: msg.round, phase: PHASES[msg.phase] || msg.phase, game: this.game }));
    }
    this.msg = msg;
    if (msg.undone || msg.reloaded) this.loadLog().then(() => this.renderTabs());
    // the engine's placement notice holds for the phase it was made in, not for rounds after
    const at = `${msg.round}:${msg.phase}`;
    if (this.noticeBox && this.noticeBox.dataset.kind === "placed" && this.noticeBox.dataset.at !== at) this.noticeBox.classList.add("hidden");
    const placed = autoPlacedNotice(msg.events || [], this.seat);
    if (placed) { this.showNotice(placed, "placed"); this.noticeBox.dataset.at = at; }
    const botMove = (msg.events || []).filter((e) => e.kind === "timer_bot_move").find((e) => e.seat === this.seat && this.seat !== null);
    if (botMove && msg.version > this.log.lastVersion && !this.takenShown) {
      this.showNotice(t("game.bot_played", { bot: botMove.bot }), "timer-bot");
    }
    const fresh = msg.version > this.log.lastVersion;
    const dinner = this.log.push(msg);
    if (fresh) bankAlert(this.root, msg, this.tabCtx());
    if (dinner) {
      this.newResults = true;
      // Dinnertime shown: walked through house by house as it happens (not on a first load)
      const started = (msg.events || []).find((e) => e.kind === "dinnertime_started");
      const round = started ? started.round : msg.round; // the game may be in the next round already
      // (not when nobody ate out: there is nothing to walk through)
      this.loadDinner(round, false).then(() => {
        const d = this.dinners.get(round);
        const ate = d && (d.events || []).some((e) => e.kind === "house_served");
        if (fresh && ate && dinnerShowWanted()) this.showDinner(round);
      });
    }
    // Hot-seat: my decision is over and another seat of this device must decide now.
    if (this.hotseat && msg.status === "active" && !msg.actors.includes(this.seat)) {
      const next = this.seats.find((x) => msg.actors.includes(x));
      if (next !== undefined) return this.showPass(next);
    }
    this.refreshPresentation();
  }

  /** Fetch the presentation for the current state. Coalesced (one request at a time, the
   * latest state wins) and spaced out, so a burst of bot moves cannot flood the server. */
  refreshPresentation() {
    const version = this.msg && this.msg.version;
    if (this.presBusy && this.presWant === version && this.presToken === this.token) return;
    if (!this.presBusy && this.pres && this.pres.version === version && this.presToken === this.token) return;
    this.presDirty = true;
    if (this.presBusy) return;
    this.presBusy = true;
    const token = this.token;
    const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
    (async () => {
      while (this.presDirty && !this.destroyed && this.msg && this.token === token) {
        this.presDirty = false;
        const wait = 100 - (performance.now() - (this.lastPres || 0));
        if (wait > 0) await sleep(wait);
        this.presWant = this.msg.version;
        this.presToken = token;
        this.lastPres = performance.now();
        let pres;
        try {
          pres = await api.presentation(this.game, token, false);
        } catch (err) {
          if (err.status === 429 || err.status === 0) {
            await sleep(err.status === 429 ? 1000 : 2000);
            this.presDirty = true;
            continue;
          }
          if (this.decisions) this.decisions.setError({ title: t("game.error"), message: err.message, code: err.code });
          break;
        }
        if (this.destroyed || !this.msg || this.token !== token) break;
        this.pres = pres;
        if (pres.version > this.msg.version) {
          // The game moved on while we asked: fetch the state that goes with it.
          try {
            const st = await api.state(this.game, token);
            this.presBusy = false;
            this.onState(st);
            return;
          } catch { /* the WebSocket will bring it */ }
        }
        if (!this.presDirty) this.renderAll();
      }
      this.presBusy = false;
      // a request for another seat (hot-seat) or a newer state came in meanwhile
      if (this.presDirty && !this.destroyed && this.msg) this.refreshPresentation();
    })();
  }

  // -- actions -------------------------------------------------------------------------------

  async act(action) {
    if (!this.msg) return;
    try {
      const st = await api.act(this.game, this.token, this.msg.version, action);
      this.onState(st);
    } catch (err) {
      this.handleError(err);
    }
  }

  async undo() {
    if (!this.msg) return;
    try {
      const st = await api.undo(this.game, this.token, this.msg.version);
      await this.loadLog();
      this.onState(st);
    } catch (err) {
      this.handleError(err);
    }
  }

  /** Undo my own steps back to the start of this phase (a Working 9–5 turn: back to its
   * start), one server undo at a time, as far as the server allows (nobody else acted,
   * nothing hidden revealed). */
  async undoTurn() {
    if (!this.msg) return;
    const start = { round: this.msg.round, phase: this.msg.phase };
    let undone = 0;
    for (let i = 0; i < 100 && this.msg; i++) {
      let st;
      try {
        st = await api.undo(this.game, this.token, this.msg.version);
      } catch (err) {
        if (!undone) this.handleError(err);
        break;
      }
      undone++;
      this.onState(st);
      if (st.round !== start.round || st.phase !== start.phase) break;
    }
    if (undone) {
      await this.loadLog();
      this.renderTabs();
      this.showNotice(t("game.undone", { count: undone }));
    }
  }

  async handleError(err) {
    const e = err instanceof ApiError ? err : new ApiError(0, "client/error", String(err));
    if (e.status === 409 && e.code === "action/stale_version") {
      this.decisions.setError({ title: t("game.changed"), message: t("game.changed_text", { error: e.message }), code: e.code });
      try { this.onState(await api.state(this.game, this.token)); } catch { /* WS will bring it */ }
      return;
    }
    this.decisions.setError({ title: e.status === 422 ? t("dec.not_allowed_colon") : t("dec.error_colon"), message: e.extra.text || e.message, code: e.code });
  }

  /** "What can I do with this card now?", answered by the engine (GET .../why/card/CARD). */
  whyCard(card) {
    return api.whyCard(this.game, this.token, card);
  }

  showNotice(text, kind, ...extra) {
    if (!this.noticeBox) return;
    this.noticeBox.dataset.kind = kind || "";
    put(clear(this.noticeBox), h("span", { "data-test": "notice-text" }, text), extra.length ? " " : null, ...extra,
      h("button", { type: "button", class: "ghost small", title: t("game.dismiss"), onclick: () => this.noticeBox.classList.add("hidden") }, "×"));
    this.noticeBox.classList.remove("hidden");
  }

  showDinner(round) {
    const d = this.dinners.get(round);
    if (!d || !d.events || this.destroyed || !this.dinnerShow) return;
    this.dinnerShow.show(round, d.events);
  }

  async loadDinner(round, render = true) {
    try {
      const d = await api.dinnertime(this.game, this.token, round);
      this.dinners.set(round, d);
    } catch (err) {
      this.dinners.set(round, { text: err.message, events: [] });
    }
    if (render !== false || this.tab === "results") this.renderTabs();
    else this.renderTabBar();
  }

  // -- drawing -------------------------------------------------------------------------------

  renderAll() {
    const msg = this.msg, pres = this.pres;
    if (!msg || !pres) return;
    if (this.static && pres.map_tiles !== this.static.board.tiles.length && !this.mapFetch) {
      // the map grew by a tile (a module's reward): draw its picture again
      this.mapFetch = api.presentation(this.game, this.token, true).then((p) => {
        this.mapFetch = null;
        if (this.destroyed || !p.static) return;
        this.static = p.static;
        this.board.setStatic(this.static.board);
        this.renderAll();
      }).catch(() => { this.mapFetch = null; });
    }
    this.board.update(pres, (s) => this.name(s));
    this.renderHead();
    this.decisions.render(msg, pres);
    this.hint.render(msg);
    if (this.rewind) this.rewind.render(msg);
    renderLatestBotTurns(this.botBox, this.log, this.tabCtx());
    // the tutorial's coach (a game made by "Learn to play": the table says so)
    // or a lesson's (fcm.lessons: the table names it)
    if (!this.coach && msg.table && (msg.table.tutorial || msg.table.lesson) && this.seat !== null) {
      this.coach = new Coach(this.coachBox, { game: this.game, seat: () => this.seat,
        events: () => this.log.events.map((x) => x.event), root: this.root,
        lesson: msg.table.lesson || null });
    }
    if (this.coach) this.coach.render();
    if (msg.status === "over" && !this.shownOver) {
      this.shownOver = true;
      this.tab = "results";
    }
    this.renderTabs();
  }

  renderHead() {
    const msg = this.msg, pres = this.pres;
    const step = msg.phase === "working" && pres.step ? ` — ${stepName(pres.step)}` : "";
    const acting = msg.phase === "working" && pres.acting !== null ? t("game.acting", { whose: possessive(this.name(pres.acting)) }) : "";
    put(clear(this.headInfo),
      h("span", { class: "game-id" }, h("code", {}, this.game)),
      h("span", { class: "round", "data-test": "round", "data-round": msg.round }, t("game.round", { round: msg.round })),
      h("span", { class: "phase", "data-test": "phase", "data-phase": msg.phase }, `${PHASES[msg.phase] || msg.phase}${step}${acting}`),
      h("span", { class: "bank" }, t("game.bank", { amount: money(pres.bank) })),
      this.seat === null ? h("span", { class: "me" }, t("util.spectator"))
        : h("span", { class: "me", "data-test": "me", style: { borderColor: chain(this.seat).colour } },
          chainMark(this.seat, null, "swatch"), `${this.name(this.seat)}${this.hotseat ? t("game.hotseat") : ""}`),
      this.entry.branch_of ? h("span", { class: "badge", "data-test": "branch-badge", title: t("game.branch.help", { game: this.entry.branch_of }) }, t("game.branch")) : null,
      msg.your_turn ? h("span", { class: "your-turn", "data-test": "your-turn" }, t("game.your_decision")) : null);
    document.title = `${msg.your_turn ? "● " : ""}${t("game.title", { round: msg.round })}`;
  }

  renderTabBar() {
    clear(this.tabBar).append(...TABS.map(([id, label]) => h("button", {
      type: "button", class: "tab" + (this.tab === id ? " active" : ""), "data-tab": id,
      onclick: () => {
        this.scrolls[this.tab] = this.tabBody.scrollTop; // each tab keeps its own place
        this.tab = id; if (id === "results") this.newResults = false; this.renderTabs();
      },
    }, t(label), id === "results" && this.newResults ? h("span", { class: "dot" }, "●") : null)),
    h("button", { type: "button", class: "tab sheet-toggle", "data-test": "sheet-toggle",
      onclick: () => {
        this.sheetFull = !this.sheetFull;
        this.root.querySelector(".game-main").classList.toggle("sheet-full", this.sheetFull);
        this.renderTabBar();
      } }, this.sheetFull ? t("game.sheet.map") : t("game.sheet.panel")));
  }

  renderTabs() {
    if (!this.pres || !this.static) return;
    this.renderTabBar();
    const ctx = this.tabCtx();
    const same = this.shownTab === this.tab;
    if (same) this.scrolls[this.tab] = this.tabBody.scrollTop;
    const atBottom = this.tabBody.scrollHeight - this.tabBody.scrollTop - this.tabBody.clientHeight < 40;
    const body = clear(this.tabBody);
    if (this.tab === "companies") body.append(renderCompanies(this.pres, ctx));
    else if (this.tab === "supply") body.append(renderSupply(this.pres, ctx));
    else if (this.tab === "rules") body.append(renderRules(this.static.catalog, this.rulesOpen));
    else if (this.tab === "log") {
      const list = this.log.renderLog();
      body.append(list);
    } else if (this.tab === "bots") body.append(renderBotTurns(this.log, ctx));
    else {
      const recordLink = [this.msg.status === "over" && this.token
        ? h("p", {}, h("a", { href: api.recordUrl(this.game, this.token), download: `fcm-${this.game}.json` }, t("game.download")))
        : null,
      h("p", {}, h("a", { href: `#/replay/${this.game}/${this.seat ?? "spectator"}`, "data-test": "replay-link" },
        this.msg.status === "over" ? t("game.replay_over") : t("game.replay_seen")))];
      body.append(renderResults(this.log, this.pres, { ...ctx, recordLink }, (r) => this.loadDinner(r), this.dinners));
    }
    // the log follows its newest line (unless scrolled back); every other tab keeps its place
    const saved = this.scrolls[this.tab];
    if (this.tab === "log" && (saved === undefined || (same && atBottom))) body.scrollTop = body.scrollHeight;
    else body.scrollTop = saved || 0;
    this.shownTab = this.tab;
  }

  tabCtx() {
    return { catalog: this.static && this.static.catalog, seats: this.seatsInfo(), mySeat: this.seat, name: (s) => this.name(s),
      showDinner: (r) => this.showDinner(r),
      // a bot's turn replayed on the board (only where motion is allowed)
      replayTurn: motionAllowed() ? (places) => replayPlacements(this.board.svg, places) : null };
  }

  houseInfo(number) {
    const house = this.pres && this.pres.houses.find((x) => x.number === number);
    if (!house) return null;
    return h("div", { class: "house-tip", "data-house": number },
      h("strong", {}, houseTitle(house.number, this.static && this.static.catalog, house.label)), house.garden.length ? t("game.garden_double") : "", house.printed ? "" : t("game.house_placed"),
      h("div", { class: "tip-demand" }, house.demand.length ? [t("game.demand"), house.demand.map((g) => goodChip(g))] : t("game.no_demand"), house.capacity == null ? t("game.no_cap") : t("game.room_for", { n: house.capacity })),
      h("table", { class: "tip-table" }, h("tbody", {}, house.chains.map((c) => h("tr", { "data-seat": c.seat },
        h("td", {}, chainMark(c.seat, null, "swatch"), this.name(c.seat)),
        h("td", { class: "num" }, c.status === "connected" ? totalText(c) : c.status === "not_connected" ? t("game.not_connected") : t("game.no_open_restaurant")),
        h("td", {}, c.can_serve ? h("span", { class: "ok" }, t("game.can_serve"))
          : c.missing && c.missing.length ? h("small", {}, t("game.lacks", { goods: list(c.missing.map((g) => ((this.static && this.static.catalog.good_names) || {})[g] || g)) })) : ""))))));
  }

  campaignInfo(number) {
    const c = this.pres && this.pres.campaigns.find((x) => x.number === number);
    if (!c) return null;
    return h("div", { class: "house-tip" }, h("strong", {}, t("game.campaign", { number: c.number, kind: ((this.static && this.static.catalog.campaign_names) || {})[c.kind] || c.kind })), ` — ${this.name(c.owner)}`,
      h("div", {}, goodChip(c.good), ` ${((this.static && this.static.catalog.good_names) || {})[c.good] || c.good}, `, c.eternal ? t("ev.eternal") : t("game.rounds_left", { count: c.remaining })),
      h("div", {}, c.reaches.length ? t("game.reaches", { count: c.reaches.length, houses: list(c.reaches) }) : t("game.reaches_none")),
      h("p", { class: "muted", "data-test": "campaign-rule" }, ((this.static && this.static.catalog.campaigns[String(c.number)]) || {}).rule || ""));
  }
}
