// @ts-check
// The lobby: create a game (seats, bots, options), invitation links, my games and whose turn.

import { account, accountCall, renderAccount } from "./account.js";
import { api, store } from "./api.js";
import { clockFields } from "./clock.js";
import { openBody, renderRooms } from "./rooms.js";
import { levelText, tableControls } from "./tableopts.js";
import { errorText, has, seatLabel, t } from "./i18n.js";
import { chain, chainMark, clear, h, put } from "./util.js";

/** A rules option's label and help: the catalog's option.<name> (a module's come with its
 * catalog, fcm/texts.py; the server sends them in option_text). */
function optionText(options, key) {
  if (has(`option.${key}`)) return [t(`option.${key}`), t(`option.${key}.help`)];
  return (options.option_text || {})[key] || [key, ""];
}

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
    button.textContent = ok ? t("lobby.copied") : t("lobby.select_and_copy");
    setTimeout(() => { button.textContent = old; }, 1500);
  }
}

function linkRow(label, url, testId) {
  const input = h("input", { class: "link", readonly: true, value: url, "data-test": testId, onfocus: (e) => e.target.select() });
  const btn = h("button", { type: "button", class: "small", onclick: (e) => copy(url, e.target) }, t("lobby.copy"));
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
      h("a", { class: "button primary learn", href: "#/tutorial", "data-test": "learn-to-play", title: t("lobby.learn.title") }, t("lobby.learn")),
      h("a", { class: "button learn-more", href: "#/lessons", "data-test": "lessons-link", title: t("lobby.lessons.title") }, t("lobby.lessons"))),
    h("div", { class: "lobby-grid" }, h("div", {}, formBox, resultBox), h("div", {}, accountBox, roomsBox, gamesBox)),
  );
  root.append(page);

  // -- the create form -----------------------------------------------------------------------
  const seatRows = h("div", { class: "seat-rows" });
  const count = h("select", { name: "players", "data-test": "players", "aria-label": t("lobby.players_label") },
    [2, 3, 4, 5].map((n) => h("option", { value: n }, t("lobby.n_players", { count: n }))));
  // a count only a module sets up (6: its "players") needs that module: said beside the count
  const countNote = h("small", { class: "conflict", "data-conflict": "players" });
  function renderCounts() {
    const old = count.value;
    const counts = new Set(options.players || [2, 3, 4, 5]);
    for (const m of options.modules || []) for (const n of m.players || []) counts.add(n);
    clear(count);
    for (const n of [...counts].sort((a, b) => a - b)) count.append(h("option", { value: n }, t("lobby.n_players", { count: n })));
    count.value = counts.has(Number(old)) ? old : String(Math.min(...counts));
  }
  const optionBox = h("div", { class: "options" });
  const moduleBox = h("div", { class: "options modules" });
  const seed = h("input", { type: "number", name: "seed", min: 0, placeholder: t("lobby.seed.random"), "data-test": "seed" });
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
      ? ` — ${t("lobby.rated.on")}`
      : ` — ${t("lobby.rated.off")}`;
  };
  rated.addEventListener("change", syncRated);

  function seatRow(i) {
    const old = kept[i] || { kind: i === 0 ? "human" : "bot", bot: "medium", name: "" };
    const kind = h("select", { "data-test": `seat-kind-${i}`, "aria-label": t("lobby.seat_kind_label", { n: i + 1 }) },
      h("option", { value: "human", selected: old.kind === "human" }, t("lobby.human")),
      h("option", { value: "bot", selected: old.kind === "bot" }, t("lobby.bot")));
    const level = h("select", { "data-test": `seat-bot-${i}`, "aria-label": t("lobby.seat_bot_label", { n: i + 1 }) },
      options.bots.map((b) => h("option", { value: b, selected: old.bot === b, title: levelText(options, b) }, b)));
    const about = h("small", { class: "bot-about", "data-test": `seat-bot-about-${i}` });
    const name = h("input", { type: "text", maxlength: 40, placeholder: i === 0 ? t("lobby.your_name") : t("lobby.name_optional"), value: old.name, "data-test": `seat-name-${i}` });
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
      chainMark(i, null, "swatch big"),
      h("span", { class: "seat-no" }, t("lobby.seat", { n: i + 1 })), kind, level, name, about);
  }
  function renderSeats() {
    clear(seatRows);
    for (let i = 0; i < Number(count.value); i++) seatRows.append(seatRow(i));
  }
  count.addEventListener("change", () => { renderSeats(); checkModules(); });

  function renderOptions() {
    clear(optionBox);
    for (const [key, value] of Object.entries(options.options)) {
      // a module's options come with their labels from the server (fcm/texts.py)
      const [label, help] = optionText(options, key);
      if (key === "round_limit") {
        optionBox.append(h("label", { class: "num", title: help }, label, " ",
          h("input", { type: "number", name: key, value: value ?? "", min: 1, placeholder: t("lobby.none"), "data-option": key, "data-nullable": "1" }),
          help ? h("small", {}, ` — ${help}`) : null));
      } else if (value === null) {
        // a switch whose default depends on others (milestones: off in the introductory game)
        optionBox.append(h("label", { class: "check", title: help }, label, " ",
          h("select", { name: key, "data-option": key, "data-tristate": "1" },
            h("option", { value: "" }, t("lobby.default")), h("option", { value: "true" }, t("lobby.on")), h("option", { value: "false" }, t("lobby.off"))),
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
    moduleBox.append(h("h3", {}, t("lobby.modules")));
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
    const n = Number(count.value);
    const base = options.players || [2, 3, 4, 5];
    const adders = (options.modules || []).filter((m) => (m.players || []).includes(n));
    countNote.textContent = !base.includes(n) && !adders.some((m) => on.has(m.id))
      ? t("lobby.module_needs", { modules: adders.map((m) => m.name).join(", ") }) : "";
    for (const m of options.modules || []) {
      const input = moduleBox.querySelector(`input[data-module="${m.id}"]`);
      const note = moduleBox.querySelector(`[data-conflict="${m.id}"]`);
      const against = m.conflicts.filter((c) => on.has(c));
      const missing = m.requires.filter((r) => !on.has(r));
      input.disabled = !input.checked && against.length > 0;
      const named = (ids) => ids.map((id) => ((options.modules || []).find((x) => x.id === id) || { name: id }).name).join(", ");
      note.textContent = against.length ? t("lobby.module_excludes", { modules: named(against) })
        : missing.length ? t("lobby.module_needs", { modules: named(missing) }) : "";
    }
  }

  const form = h("form", { class: "create", onsubmit: (e) => { e.preventDefault(); create(); } },
    h("h2", {}, t("lobby.new_game")),
    h("div", { class: "row" }, count, countNote),
    seatRows,
    h("div", { class: "row" }, h("label", { class: "check", title: t("lobby.open.title") }, openLobby,
      " ", t("lobby.open"), h("small", {}, " — ", t("lobby.open.help")))),
    h("h3", {}, t("lobby.turn_timer")),
    clock.el,
    h("h3", {}, t("lobby.table")),
    table.el,
    h("label", { class: "check" }, rated, " ", t("lobby.rated"), ratedNote),
    h("h3", {}, t("lobby.rules")),
    put(rulesSet, optionBox, moduleBox),
    h("details", { class: "advanced" }, h("summary", {}, t("lobby.advanced")),
      h("label", {}, t("lobby.seed"), " ", seed),
      h("label", { class: "block" }, t("lobby.scenario"), scenario)),
    error,
    h("button", { type: "submit", class: "primary", "data-test": "create" }, t("lobby.create")));
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
    /** @type {Record<string, any>} */
    const body = { seats, options: opts, table: table.value() };
    if (rated.checked) {
      if (!account.loggedIn) {
        error.textContent = t("lobby.rated.log_in");
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
        error.textContent = t("lobby.scenario_not_json", { error: err.message });
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
      error.textContent = errorText(err);
      error.classList.remove("hidden");
    }
  }

  async function createOpen(body) {
    const fail = (text) => { error.textContent = text; error.classList.remove("hidden"); };
    if (!account.loggedIn) return fail(t("lobby.open.log_in"));
    if (body.seed !== undefined || body.scenario !== undefined) return fail(t("lobby.open.no_seed"));
    try {
      const entry = await accountCall("POST", "/api/lobby", openBody(body));
      rooms.follow(entry);
      clear(resultBox);
      resultBox.classList.remove("hidden");
      put(resultBox, h("h2", {}, t("lobby.open.created")),
        h("p", { "data-test": "open-created", "data-open": entry.id }, entry.status === "started"
          ? t("lobby.open.started")
          : t("lobby.open.waits", { count: entry.free })));
    } catch (err) { fail(errorText(err)); }
  }

  function showCreated(made, seatsInfo) {
    clear(resultBox);
    resultBox.classList.remove("hidden");
    const humans = made.seats.filter((x) => x.token);
    put(resultBox,
      h("h2", {}, t("lobby.created", { game: made.game })),
      h("p", {}, t("lobby.created.links")),
      humans.map((x) => linkRow(`${seatLabel(seatsInfo, x.seat)}`, inviteUrl(made.game, x.token), `invite-${x.seat}`)),
      linkRow(t("lobby.spectators"), inviteUrl(made.game, made.spectator.token), "invite-spectator"),
      h("div", { class: "buttons" },
        humans.length > 1
          ? h("a", { class: "button primary", href: `#/game/${made.game}`, "data-test": "play-hotseat" },
            t("lobby.hotseat", { count: humans.length }))
          : null,
        humans.map((x) => h("a", { class: "button" + (humans.length === 1 ? " primary" : ""), href: `#/game/${made.game}/${x.seat}`, "data-test": `play-seat-${x.seat}` },
          t("lobby.play_as", { seat: seatLabel(seatsInfo, x.seat) }))),
        h("a", { class: "button", href: `#/game/${made.game}/spectator` }, t("lobby.watch"))));
  }

  // -- my games ------------------------------------------------------------------------------
  const list = h("div", { class: "games", "data-test": "my-games" });
  gamesBox.append(h("h2", {}, t("lobby.my_games")), list);

  async function refreshGames() {
    const tokens = store.tokens();
    if (!tokens.length) {
      clear(list).append(h("p", { class: "muted" }, t("lobby.no_games")));
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
      list.append(h("p", { class: "muted" }, t("lobby.no_games")));
      return;
    }
    const games = [...byGame.values()].sort((a, b) => b.created_at - a.created_at);
    const table = h("table", { class: "games-table" },
      h("thead", {}, h("tr", {}, [t("lobby.col.game"), t("lobby.col.players"), t("lobby.col.round"), t("lobby.col.whose_turn"), ""].map((x) => h("th", {}, x)))));
    const body = h("tbody");
    for (const g of games) {
      const mineTurn = g.actors.filter((a) => g.mine.includes(a));
      const whose = g.status === "over" ? t("lobby.game_over")
        : g.actors.map((a) => g.mine.includes(a) ? t("lobby.you", { seat: seatLabel(g.seats, a) }) : seatLabel(g.seats, a)).join(t("fmt.list_separator")) || "—";
      body.append(h("tr", { class: mineTurn.length ? "your-turn" : "", "data-game": g.game },
        h("td", {}, h("code", {}, g.game)),
        h("td", {}, g.seats.map((x) => h("span", { class: "mini-seat", style: { borderColor: chain(x.seat).colour } },
          seatLabel(g.seats, x.seat), g.mine.includes(x.seat) ? " ★" : ""))),
        h("td", {}, `${g.round} · ${t(`phase.${g.phase}`)}`),
        h("td", { "data-test": "whose-turn" }, mineTurn.length ? h("strong", {}, t("lobby.your_turn"), " ") : null, whose),
        h("td", {}, h("a", { class: "button small", href: `#/game/${g.game}` }, t("lobby.open_game")), " ",
          h("button", { class: "small ghost", type: "button", title: t("lobby.forget.title"),
            onclick: () => { store.remove(g.game); refreshGames(); } }, t("lobby.forget")))));
    }
    table.append(body);
    list.append(table);
  }

  api.options = api.options || (() => fetch("/api/web/options", { credentials: "same-origin" }).then((r) => r.json()));
  api.options().then((o) => { options = o; renderCounts(); renderOptions(); renderModules(); renderSeats(); }).catch(() => { renderOptions(); renderSeats(); });
  renderOptions();
  renderSeats();
  refreshGames();
  const rooms = renderRooms(roomsBox, () => accountCard.refresh());
  const accountCard = renderAccount(accountBox, () => { refreshGames(); rooms.refresh(); });
  timer = setInterval(refreshGames, 10000);
  return { destroy() { clearInterval(timer); rooms.destroy(); } };
}
