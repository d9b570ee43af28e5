// A player's profile (#/profile/NAME): rating (openskill's ordinal, mu - 3 sigma), rated games,
// wins, the rating after each rated game as a small SVG plot; for your own profile also the
// archive of your finished games, each with a link to its replay.

import { account, accountCall } from "./account.js";
import { clear, h, s } from "./util.js";

const W = 360, H = 120, PAD = 24;

/** The rating history as a polyline (x: rated games in order, y: ordinal). */
export function ratingPlot(history) {
  const svg = s("svg", { class: "rating-plot", viewBox: `0 0 ${W} ${H}`, width: W, height: H, "data-test": "rating-plot", role: "img", "aria-label": "rating after each rated game" });
  const ys = [0, ...history.map((p) => p.ordinal)];
  const lo = Math.min(...ys), hi = Math.max(...ys);
  const span = hi - lo || 1;
  const x = (i) => PAD + (i * (W - 2 * PAD)) / Math.max(1, ys.length - 1);
  const y = (v) => H - PAD - ((v - lo) * (H - 2 * PAD)) / span;
  svg.append(s("line", { x1: PAD, y1: H - PAD, x2: W - PAD, y2: H - PAD, class: "axis" }));
  svg.append(s("text", { x: 2, y: y(hi) + 4, class: "tick" }, hi.toFixed(1)));
  svg.append(s("text", { x: 2, y: y(lo) + 4, class: "tick" }, lo.toFixed(1)));
  const pts = ys.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  svg.append(s("polyline", { points: pts, fill: "none", stroke: "currentColor", "stroke-width": 2 }));
  ys.forEach((v, i) => svg.append(s("circle", { cx: x(i), cy: y(v), r: 3, "data-ordinal": v.toFixed(2) })));
  return svg;
}

/** "Report this player" (signed in): a reason, sent to the administrators. */
function reportPlayer(name) {
  const reason = h("input", { type: "text", maxlength: 500, placeholder: "why (for the administrators)", "aria-label": "reason for the report", "data-test": "player-report-reason" });
  const note = h("p", { class: "muted", role: "status", "data-test": "player-report-status" });
  const box = h("details", { class: "advanced", "data-test": "player-report" }, h("summary", {}, "Report this player"),
    h("form", { onsubmit: async (e) => {
      e.preventDefault();
      try {
        await accountCall("POST", `/api/players/${encodeURIComponent(name)}/report`, { reason: reason.value });
        note.textContent = "Reported: thank you.";
        reason.value = "";
      } catch (err) { note.textContent = err.message; }
    } }, reason, h("button", { type: "submit", class: "small", "data-test": "player-report-send" }, "Send")), note);
  return box;
}

export async function renderProfile(root, name) {
  const page = h("div", { class: "page profile", "data-test": "profile" }, h("p", { class: "muted" }, "Loading…"));
  clear(root).append(page);
  let p;
  try {
    const r = await fetch(`/api/players/${encodeURIComponent(name)}`, { headers: { accept: "application/json" } });
    p = await r.json();
    if (!r.ok) throw new Error((p.error && p.error.message) || r.statusText);
  } catch (err) {
    clear(page).append(h("h1", {}, "No such player"), h("p", { class: "error" }, err.message), h("p", {}, h("a", { href: "#/" }, "Back to the lobby")));
    return;
  }
  const r = p.rating;
  clear(page).append(
    h("h1", {}, p.name),
    h("p", {}, "Rating ", h("strong", { "data-test": "rating" }, r.ordinal.toFixed(1)),
      h("span", { class: "muted" }, ` (μ ${r.mu.toFixed(1)}, σ ${r.sigma.toFixed(1)})`),
      ` · ${p.rated_games} rated game${p.rated_games === 1 ? "" : "s"} · `,
      h("span", { "data-test": "wins" }, `${p.wins} win${p.wins === 1 ? "" : "s"}`),
      ` · ${p.finished_games} finished`),
    p.history.length ? ratingPlot(p.history) : h("p", { class: "muted" }, "No rated game yet."),
    h("p", {}, h("a", { href: "#/" }, "Back to the lobby")));
  await account.refresh();
  if (account.loggedIn && account.name !== p.name) page.append(reportPlayer(p.name));
  if (account.name !== p.name) return;
  const list = h("div", { class: "games", "data-test": "archive" });
  page.append(h("h2", {}, "Your finished games"), list);
  try {
    const a = await fetch("/api/account/archive", { headers: { accept: "application/json" } }).then((x) => x.json());
    if (!a.games.length) list.append(h("p", { class: "muted" }, "None yet."));
    for (const g of a.games) {
      list.append(h("div", { class: "account-game", "data-game": g.game },
        h("code", {}, g.game), ` · ${g.players} players · round ${g.rounds} · `,
        g.place ? `place ${g.place} of ${g.players}` : "", g.rated ? " · rated" : "", " ",
        h("a", { class: "button small", href: g.replay, "data-test": "replay-link" }, "Replay")));
    }
  } catch (err) { list.append(h("p", { class: "error" }, err.message)); }
}
