// @ts-check
// The server's HTTP API (docs/server.md) and the browser's own store of seat tokens.

import { t } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, code, message, extra) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = extra || {};
  }
}

// The logged-in session's CSRF token (account.js sets it): a request without a seat token is
// authenticated by the session cookie (the account's claimed seat), and a change needs it.
export const session = { csrf: null };

/**
 * @param {string} method
 * @param {string} path
 * @param {{ token?: string | null, body?: any }} [options]
 */
async function request(method, path, { token, body } = {}) {
  const headers = { accept: "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  else if (session.csrf && method !== "GET") headers["x-csrf-token"] = session.csrf;
  if (body !== undefined) headers["content-type"] = "application/json";
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    throw new ApiError(0, "network/unreachable", t("api.unreachable", { error: err.message }));
  }
  let data = null;
  const text = await response.text();
  if (text) {
    try { data = JSON.parse(text); } catch { data = { raw: text }; }
  }
  if (!response.ok) {
    const e = (data && data.error) || {};
    const { code, message, ...extra } = e;
    throw new ApiError(response.status, code || `http/${response.status}`,
      message || `${response.status} ${response.statusText}`, extra);
  }
  return data;
}

export const api = {
  /** @type {(body: import("./types").CreateGameIn) => Promise<import("./types").CreateGameOut>} */
  createGame: (body) => request("POST", "/api/games", { body }),
  /** @param {string[]} tokens @returns {Promise<import("./types").GameListOut>} */
  listGames(tokens) {
    const q = tokens.map((t) => `token=${encodeURIComponent(t)}`).join("&");
    return request("GET", `/api/games?${q}`);
  },
  /** @type {(game: string, token: string | null) => Promise<import("./types").StateOut>} */
  state: (game, token) => request("GET", `/api/games/${game}`, { token }),
  act: (game, token, version, action) =>
    request("POST", `/api/games/${game}/actions`, { token, body: { version, action } }),
  why: (game, token, action) => request("POST", `/api/games/${game}/why`, { token, body: { action } }),
  startTutorial: () => request("POST", "/api/tutorial", {}),
  tutorialScript: () => request("GET", "/api/tutorial", {}),
  lessons: () => request("GET", "/api/lessons", {}),
  lessonScript: (id) => request("GET", `/api/lessons/${encodeURIComponent(id)}`, {}),
  startLesson: (id) => request("POST", `/api/lessons/${encodeURIComponent(id)}`, {}),
  whyCard: (game, token, card) => request("GET", `/api/games/${game}/why/card/${encodeURIComponent(card)}`, { token }),
  reclaim: (game, token) => request("POST", `/api/games/${game}/reclaim`, { token }),
  undo: (game, token, version) => request("POST", `/api/games/${game}/undo`, { token, body: { version } }),
  /** @type {(game: string, token: string | null) => Promise<import("./types").LogOut>} */
  log: (game, token) => request("GET", `/api/games/${game}/log?limit=5000`, { token }),
  /** @type {(game: string, token: string | null, round: number) => Promise<import("./types").DinnertimeOut>} */
  dinnertime: (game, token, round) => request("GET", `/api/games/${game}/dinnertime/${round}`, { token }),
  /** @type {(game: string, token: string | null, withStatic?: boolean) => Promise<import("./types").PresentationAnswer>} */
  presentation: (game, token, withStatic) =>
    request("GET", `/api/games/${game}/presentation${withStatic ? "?static=true" : ""}`, { token }),
  replayIndex: (game, token) => request("GET", `/api/games/${game}/replay`, { token }),
  replayStep: (game, token, step) => request("GET", `/api/games/${game}/replay/${step}`, { token }),
  branch: (game, token, step) => request("POST", `/api/games/${game}/branch`, { token, body: { step } }),
  /** since: the version the page has; the first push then brings the events it missed. */
  wsUrl(game, token, since) {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const q = new URLSearchParams();
    if (token) q.set("token", token); // none: the session cookie
    if (since !== undefined && since !== null) q.set("since", String(since));
    const s = q.toString();
    return `${proto}://${location.host}/api/games/${game}/ws${s ? `?${s}` : ""}`;
  },
  recordUrl: (game, token) => `/api/games/${game}/record?token=${encodeURIComponent(token)}`,
};

// -- the token store: which seats of which games this browser may play -----------------------

const KEY = "fcm.games.v1";

function load() {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) || "{}");
    return raw && typeof raw === "object" ? raw : {};
  } catch {
    return {};
  }
}

function save(all) {
  localStorage.setItem(KEY, JSON.stringify(all));
}

export const store = {
  all: load,
  get(game) {
    return load()[game] || null;
  },
  /** Remember a seat token (seat null: the spectator token). */
  addToken(game, seat, token, extra) {
    const all = load();
    const g = all[game] || { game, tokens: {}, spectator: null, created: Date.now() };
    if (seat === null || seat === undefined) g.spectator = token;
    else g.tokens[String(seat)] = token;
    Object.assign(g, extra || {});
    all[game] = g;
    save(all);
    return g;
  },
  remember(game, data) {
    const all = load();
    all[game] = { ...(all[game] || { game, tokens: {}, spectator: null, created: Date.now() }), ...data };
    save(all);
  },
  remove(game) {
    const all = load();
    delete all[game];
    save(all);
  },
  /** Every token of every game (for the game list). */
  tokens() {
    const out = [];
    for (const g of Object.values(load())) {
      for (const [seat, token] of Object.entries(g.tokens || {})) out.push({ game: g.game, seat: Number(seat), token });
      if (g.spectator && !Object.keys(g.tokens || {}).length) out.push({ game: g.game, seat: null, token: g.spectator });
    }
    return out;
  },
};
