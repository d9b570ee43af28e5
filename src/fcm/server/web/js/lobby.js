// The lobby: create a game (seats, bots, options), invitation links, my games and whose turn.

import { account, accountCall, renderAccount } from "./account.js";
import { api, store } from "./api.js";
import { clockFields } from "./clock.js";
import { openBody, renderRooms } from "./rooms.js";
import { levelText, tableControls } from "./tableopts.js";
import { PHASES, chain, clear, h, put, seatName } from "./util.js";

const OPTION_TEXT = {
  introductory: ["Introductory game", "no milestones, no Payday, the bank breaks once"],
  milestones: ["Milestones", "the 18 milestones; by default on, and off in the introductory game"],
  local_manager_any_road: ["Local Manager: any road", "rulebook reading: the new restaurant's entrance may touch any road (range still 3)"],
  airplanes_may_not_overlap: ["Airplanes may not overlap", "Deluxe reading: airplane tokens on one edge may not overlap"],
  bank_breaks_when_short: ["Bank breaks only when short", "rulebook reading: the bank breaks when it cannot pay in full (not at $0)"],
  first_100_at_end_of_dinnertime: ["First to have $100 at end of Dinnertime", "rulebook reading of the claim moment"],
  roads_meet_at_midpoints: ["Roads meet only at tile-edge midpoints", "older designer ruling: roads on neighbouring tiles connect only at the middle of the shared edge"],
  carts_use_whole_range: ["Carts use their whole range", "designer ruling: a Cart Operator or Truck Driver drives its full range when it can"],
  payday_firing_in_turn_order: ["Payday firing in turn order", "designer ruling: players fire in turn order, openly (not simultaneously)"],
  introductory_all_drinks: ["Introductory map with all three drinks", "Deluxe: the introductory game's map shows soda, lemonade and beer"],
  first_billboard_waives_named_marketeers: ["First billboard: named marketeers only", "rulebook list: the salary waiver covers Campaign Managers, Brand Managers and Brand Directors, not the expansion's marketeers"],
  round_limit: ["Round limit", "a simulation cap, not a rule of the game: empty for none"],
};

function inviteUrl(game, token) {
  return `${location.origin}/#/join/${game}/${encodeURIComponent(token)}`;
}

async function copy(text, button) {
  let ok = false;
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      ok = true;
    }
  } catch { /* fall back below */ }
  if (!ok) {
    const ta = h("textarea", { style: { position: "fixed", left: "-1000px" } }, text);
    document.body.append(ta);
    ta.select();
    try { ok = document.execCommand("copy"); } catch { ok = false; }
    ta.remove();
  }
  if (button) {
    const old = button.textContent;
    button.textContent = ok ? "Copied" : "Select and copy";
    setTimeout(() => { button.textContent = old; }, 1500);
  }
}

function linkRow(label, url, testId) {
  const input = h("input", { class: "link", readonly: true, value: url, "data-test": testId, onfocus: (e) => e.target.select() });
  const btn = h("button", { type: "button", class: "small", onclick: (e) => copy(url, e.target) }, "Copy");
  return h("div", { class: "link-row" }, h("span", { class: "link-label" }, label), input, btn);
}

export function renderLobby(root) {
  let timer = null;
  let options = { options: { introductory: false, milestones: null, round_limit: null }, bots: ["random", "easy", "medium", "hard"] };
  const page = h("div", { class: "page lobby" });
  const formBox = h("section", { class: "card" });
  const resultBox = h("section", { class: "card hidden", "data-test": "created" });
  const gamesBox = h("section", { class: "card" });
  const accountBox = h("section", { class: "card account", "data-test": "account" });
  const roomsBox = h("section", { class: "card", "data-test": "rooms" });
  page.append(
    h("header", { class: "lobby-head" }, h("img", { src: "/web/img/logo.svg", alt: "", class: "logo" }),
      h("h1", {}, "Food Chain Magnate"),
      h("a", { class: "button primary learn", href: "#/tutorial", "data-test": "learn-to-play", title: "A scripted first game against a bot, with a coach" }, "Learn to play"),
      h("a", { class: "button learn-more", href: "#/lessons", "data-test": "lessons-link", title: "Short lessons on each phase, each rule and each module, and a guided first game" }, "Lessons")),
    h("div", { class: "lobby-grid" }, h("div", {}, formBox, resultBox), h("div", {}, accountBox, roomsBox, gamesBox)),
  );
  root.append(page);

  // -- the create form -----------------------------------------------------------------------
  const seatRows = h("div", { class: "seat-rows" });
  const count = h("select", { name: "players", "data-test": "players" },
    [2, 3, 4, 5].map((n) => h("option", { value: n }, `${n} players`)));
  const optionBox = h("div", { class: "options" });
  const moduleBox = h("div", { class: "options modules" });
  const seed = h("input", { type: "number", name: "seed", min: 0, placeholder: "random", "data-test": "seed" });
  const scenario = h("textarea", { name: "scenario", rows: 6, placeholder: '{"format": "fcm-scenario/1", ...}', "data-test": "scenario" });
  const error = h("p", { class: "error hidden", "data-test": "create-error" });
  const openLobby = h("input", { type: "checkbox", name: "open", "data-test": "open-lobby" });
  const kept = [];
  const clock = clockFields();
  const table = tableControls();
  // Rated: the server fixes the rules (standard rules, its own seed, no hints; docs/server.md
  // Ratings); the form greys out what a rated game cannot have
  const rated = h("input", { type: "checkbox", name: "rated", "data-test": "rated" });
  const rulesSet = h("fieldset", { class: "rules-set", "data-test": "rules-set" });
  const ratedNote = h("small", { "data-test": "rated-note" });
  const syncRated = () => {
    const on = rated.checked;
    rulesSet.disabled = on;
    seed.disabled = on;
    scenario.disabled = on;
    const hints = table.el.querySelector("[data-test=hints]");
    if (hints) { if (on) hints.checked = false; hints.disabled = on; }
    ratedNote.textContent = on
      ? " — the standard rules and the server's seed (the options below are fixed), no hints; you play your seat signed in, and the result counts for every signed-in player's rating"
      : " — the result counts for the players' ratings (signed-in players only)";
  };
  rated.addEventListener("change", syncRated);

  function seatRow(i) {
    const old = kept[i] || { kind: i === 0 ? "human" : "bot", bot: "medium", name: "" };
    const kind = h("select", { "data-test": `seat-kind-${i}` },
      h("option", { value: "human", selected: old.kind === "human" }, "Human"),
      h("option", { value: "bot", selected: old.kind === "bot" }, "Bot"));
    const level = h("select", { "data-test": `seat-bot-${i}` },
      options.bots.map((b) => h("option", { value: b, selected: old.bot === b, title: levelText(options, b) }, b)));
    const about = h("small", { class: "bot-about", "data-test": `seat-bot-about-${i}` });
    const name = h("input", { type: "text", maxlength: 40, placeholder: i === 0 ? "your name" : "name (optional)", value: old.name, "data-test": `seat-name-${i}` });
    const sync = () => {
      level.disabled = kind.value !== "bot";
      about.textContent = kind.value === "bot" ? levelText(options, level.value) : "";
      kept[i] = { kind: kind.value, bot: level.value, name: name.value };
    };
    kind.addEventListener("change", sync);
    level.addEventListener("change", sync);
    name.addEventListener("input", sync);
    sync();
    return h("div", { class: "seat-row" },
      h("span", { class: "swatch big", style: { background: chain(i).colour } }),
      h("span", { class: "seat-no" }, `Seat ${i + 1}`), kind, level, name, about);
  }
  function renderSeats() {
    clear(seatRows);
    for (let i = 0; i < Number(count.value); i++) seatRows.append(seatRow(i));
  }
  count.addEventListener("change", renderSeats);

  function renderOptions() {
    clear(optionBox);
    for (const [key, value] of Object.entries(options.options)) {
      // a module's options come with their labels from the server (fcm/texts.py)
      const [label, help] = OPTION_TEXT[key] || (options.option_text || {})[key] || [key, ""];
      if (key === "round_limit") {
        optionBox.append(h("label", { class: "num", title: help }, label, " ",
          h("input", { type: "number", name: key, value: value ?? "", min: 1, placeholder: "none", "data-option": key, "data-nullable": "1" }),
          help ? h("small", {}, ` — ${help}`) : null));
      } else if (value === null) {
        // a switch whose default depends on others (milestones: off in the introductory game)
        optionBox.append(h("label", { class: "check", title: help }, label, " ",
          h("select", { name: key, "data-option": key, "data-tristate": "1" },
            h("option", { value: "" }, "default"), h("option", { value: "true" }, "on"), h("option", { value: "false" }, "off")),
          help ? h("small", {}, ` — ${help}`) : null));
      } else if (typeof value === "boolean") {
        optionBox.append(h("label", { class: "check", title: help },
          h("input", { type: "checkbox", name: key, checked: value, "data-option": key }), " ", label,
          help ? h("small", {}, ` — ${help}`) : null));
      } else {
        optionBox.append(h("label", { class: "num", title: help }, label, " ",
          h("input", { type: "number", name: key, value, min: 1, "data-option": key })));
      }
    }
  }

  // The Ketchup Mechanism's modules: a checkbox each; a module that excludes a checked one (or
  // needs one that is not) is disabled with the reason, so only allowed sets are sent.
  function renderModules() {
    clear(moduleBox);
    const mods = options.modules || [];
    if (!mods.length) return;
    moduleBox.append(h("h3", {}, "Expansion modules (The Ketchup Mechanism)"));
    for (const m of mods) {
      moduleBox.append(h("label", { class: "check", title: m.description },
        h("input", { type: "checkbox", name: `module-${m.id}`, "data-module": m.id, onchange: checkModules }),
        " ", m.name, h("small", {}, ` — ${m.description}`),
        h("small", { class: "conflict", "data-conflict": m.id })));
    }
    checkModules();
  }

  function checkedModules() {
    return [...moduleBox.querySelectorAll("input[data-module]:checked")].map((i) => i.dataset.module);
  }

  function checkModules() {
    const on = new Set(checkedModules());
    for (const m of options.modules || []) {
      const input = moduleBox.querySelector(`input[data-module="${m.id}"]`);
      const note = moduleBox.querySelector(`[data-conflict="${m.id}"]`);
      const against = m.conflicts.filter((c) => on.has(c));
      const missing = m.requires.filter((r) => !on.has(r));
      input.disabled = !input.checked && against.length > 0;
      // the modules by their names (the ids are the server's)
      const named = (ids) => ids.map((id) => ((options.modules || []).find((x) => x.id === id) || { name: id }).name).join(", ");
      note.textContent = against.length ? ` (cannot be played with ${named(against)})`
        : missing.length ? ` (needs ${named(missing)})` : "";
    }
  }

  const form = h("form", { class: "create", onsubmit: (e) => { e.preventDefault(); create(); } },
    h("h2", {}, "New game"),
    h("div", { class: "row" }, count),
    seatRows,
    h("div", { class: "row" }, h("label", { class: "check", title: "Signed in: the game waits in the lobby's Open games until every human seat is taken" }, openLobby,
      " Open in the lobby", h("small", {}, " — signed-in players join its human seats (you take the first); it starts when all are taken; no invitation links"))),
    h("h3", {}, "Turn timer"),
    clock.el,
    h("h3", {}, "Table"),
    table.el,
    h("label", { class: "check" }, rated, " Rated", ratedNote),
    h("h3", {}, "Rules"),
    put(rulesSet, optionBox, moduleBox),
    h("details", { class: "advanced" }, h("summary", {}, "Advanced: seed and starting position"),
      h("label", {}, "Seed ", seed),
      h("label", { class: "block" }, "Scenario (docs/scenarios.md) — start from a position instead of a new game", scenario)),
    error,
    h("button", { type: "submit", class: "primary", "data-test": "create" }, "Create game"));
  formBox.append(form);
  syncRated();

  async function create() {
    error.classList.add("hidden");
    const n = Number(count.value);
    const seats = [];
    for (let i = 0; i < n; i++) {
      const k = kept[i];
      const seat = { kind: k.kind };
      if (k.kind === "bot") seat.bot = k.bot;
      if (k.name.trim()) seat.name = k.name.trim();
      seats.push(seat);
    }
    const opts = {};
    for (const input of optionBox.querySelectorAll("[data-option]")) {
      const key = input.dataset.option;
      if (input.dataset.tristate) {
        if (input.value !== "") opts[key] = input.value === "true";
        continue;
      }
      if (input.dataset.nullable) {
        if (input.value !== "") opts[key] = Number(input.value);
        continue;
      }
      const value = input.type === "checkbox" ? input.checked : Number(input.value);
      if (value !== options.options[key]) opts[key] = value;
    }
    const modules = checkedModules();
    if (modules.length) opts.modules = modules;
    const body = { seats, options: opts, table: table.value() };
    if (rated.checked) {
      if (!account.loggedIn) {
        error.textContent = "Log in to create a rated game: ratings belong to accounts.";
        error.classList.remove("hidden");
        return;
      }
      body.options = {}; // the standard rules: the server refuses any option in a rated game
      body.table = { ...body.table, hints: false, rated: true };
    }
    if (clock.value()) body.clock = clock.value();
    if (seed.value !== "" && !rated.checked) body.seed = Number(seed.value);
    if (scenario.value.trim() && !rated.checked) {
      try {
        body.scenario = JSON.parse(scenario.value);
      } catch (err) {
        error.textContent = `The scenario is not valid JSON: ${err.message}`;
        error.classList.remove("hidden");
        return;
      }
    }
    if (openLobby.checked) return createOpen(body);
    try {
      const made = await api.createGame(body);
      const seatsInfo = made.seats.map((x) => ({ seat: x.seat, kind: x.kind, bot: x.bot, name: x.name }));
      store.remember(made.game, { seats: seatsInfo, spectator: made.spectator.token, created: Date.now() });
      for (const x of made.seats) if (x.token) store.addToken(made.game, x.seat, x.token);
      showCreated(made, seatsInfo);
      refreshGames();
      const first = made.seats.find((x) => x.token);  // the creator's seat, for the account
      const rated = Boolean(body.table && body.table.rated);
      if (first && account.loggedIn) account.claim(made.game, first.token, rated).then((ok) => {
        // a rated seat's link is revoked once claimed: the creator plays it signed in
        if (ok && rated) { const g = store.get(made.game); delete g.tokens[String(first.seat)]; store.remember(made.game, { tokens: g.tokens }); }
        accountCard.refresh();
      });
    } catch (err) {
      error.textContent = err.message;
      error.classList.remove("hidden");
    }
  }

  async function createOpen(body) {
    const fail = (text) => { error.textContent = text; error.classList.remove("hidden"); };
    if (!account.loggedIn) return fail("Log in to open a game in the lobby.");
    if (body.seed !== undefined || body.scenario !== undefined) return fail("An open game has a new seed and no scenario: clear them.");
    try {
      const entry = await accountCall("POST", "/api/lobby", openBody(body));
      rooms.follow(entry);
      clear(resultBox);
      resultBox.classList.remove("hidden");
      put(resultBox, h("h2", {}, "Open game created"),
        h("p", { "data-test": "open-created", "data-open": entry.id }, entry.status === "started"
          ? "It has started (no other human seat)."
          : `It waits under “Open games” for ${entry.free} more player${entry.free === 1 ? "" : "s"}, and starts when every seat is taken.`));
    } catch (err) { fail(err.message); }
  }

  function showCreated(made, seatsInfo) {
    clear(resultBox);
    resultBox.classList.remove("hidden");
    const humans = made.seats.filter((x) => x.token);
    put(resultBox,
      h("h2", {}, `Game ${made.game} created`),
      h("p", {}, "Send each player their own link: the link is the right to play that seat, so keep it secret."),
      humans.map((x) => linkRow(`${seatName(seatsInfo, x.seat)}`, inviteUrl(made.game, x.token), `invite-${x.seat}`)),
      linkRow("Spectators", inviteUrl(made.game, made.spectator.token), "invite-spectator"),
      h("div", { class: "buttons" },
        humans.length > 1
          ? h("a", { class: "button primary", href: `#/game/${made.game}`, "data-test": "play-hotseat" },
            `Play all ${humans.length} human seats here (hot-seat)`)
          : null,
        humans.map((x) => h("a", { class: "button" + (humans.length === 1 ? " primary" : ""), href: `#/game/${made.game}/${x.seat}`, "data-test": `play-seat-${x.seat}` },
          `Play as ${seatName(seatsInfo, x.seat)}`)),
        h("a", { class: "button", href: `#/game/${made.game}/spectator` }, "Watch")));
  }

  // -- my games ------------------------------------------------------------------------------
  const list = h("div", { class: "games", "data-test": "my-games" });
  gamesBox.append(h("h2", {}, "My games"), list);

  async function refreshGames() {
    const tokens = store.tokens();
    if (!tokens.length) {
      clear(list).append(h("p", { class: "muted" }, "No games yet in this browser."));
      return;
    }
    const byGame = new Map();
    for (let i = 0; i < tokens.length; i += 50) {
      const chunk = tokens.slice(i, i + 50);
      let answer;
      try {
        answer = await api.listGames(chunk.map((t) => t.token));
      } catch (err) {
        // One unknown token (e.g. a deleted database) fails the whole request: check one by one.
        answer = { games: [] };
        for (const t of chunk) {
          try { answer.games.push(...(await api.listGames([t.token])).games); } catch { /* forgotten game */ }
        }
      }
      for (const g of answer.games) {
        const e = byGame.get(g.game) || { ...g, mine: [] };
        if (g.seat !== null) e.mine.push(g.seat);
        byGame.set(g.game, e);
      }
    }
    clear(list);
    if (!byGame.size) {
      list.append(h("p", { class: "muted" }, "No games yet in this browser."));
      return;
    }
    const games = [...byGame.values()].sort((a, b) => b.created_at - a.created_at);
    const table = h("table", { class: "games-table" },
      h("thead", {}, h("tr", {}, ["Game", "Players", "Round", "Whose turn", ""].map((t) => h("th", {}, t)))));
    const body = h("tbody");
    for (const g of games) {
      const mineTurn = g.actors.filter((a) => g.mine.includes(a));
      const whose = g.status === "over" ? "game over"
        : g.actors.map((a) => seatName(g.seats, a) + (g.mine.includes(a) ? " (you)" : "")).join(", ") || "—";
      body.append(h("tr", { class: mineTurn.length ? "your-turn" : "", "data-game": g.game },
        h("td", {}, h("code", {}, g.game)),
        h("td", {}, g.seats.map((x) => h("span", { class: "mini-seat", style: { borderColor: chain(x.seat).colour } },
          seatName(g.seats, x.seat), g.mine.includes(x.seat) ? " ★" : ""))),
        h("td", {}, `${g.round} · ${PHASES[g.phase] || g.phase}`),
        h("td", { "data-test": "whose-turn" }, mineTurn.length ? h("strong", {}, "Your turn: ") : null, whose),
        h("td", {}, h("a", { class: "button small", href: `#/game/${g.game}` }, "Open"), " ",
          h("button", { class: "small ghost", type: "button", title: "Forget this game in this browser",
            onclick: () => { store.remove(g.game); refreshGames(); } }, "Forget"))));
    }
    table.append(body);
    list.append(table);
  }

  api.options = api.options || (() => fetch("/api/web/options").then((r) => r.json()));
  api.options().then((o) => { options = o; renderOptions(); renderModules(); renderSeats(); }).catch(() => { renderOptions(); renderSeats(); });
  renderOptions();
  renderSeats();
  refreshGames();
  const rooms = renderRooms(roomsBox, () => accountCard.refresh());
  const accountCard = renderAccount(accountBox, () => { refreshGames(); rooms.refresh(); });
  timer = setInterval(refreshGames, 10000);
  return { destroy() { clearInterval(timer); rooms.destroy(); } };
}
