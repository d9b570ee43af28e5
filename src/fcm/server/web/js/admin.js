// @ts-check
// The administrators' page (#/admin; docs/server.md, Moderation): the players' reports, with
// hiding the message, suspending the account and marking the report done; accounts by name;
// abandoned games to close. Plain buttons and forms in one column: usable from the keyboard
// and on a phone. The server decides who is an administrator (403 auth/not_admin).

import { account, accountCall } from "./account.js";
import { clear, h } from "./util.js";

const when = (t) => (t ? new Date(t * 1000).toLocaleString() : "");

export async function renderAdmin(root) {
  const page = h("div", { class: "page admin", "data-test": "admin" }, h("h1", {}, "Moderation"));
  clear(root).append(page);
  const status = h("p", { class: "muted", role: "status", "aria-live": "polite", "data-test": "admin-status" });
  const error = h("p", { class: "error hidden", role: "alert", "data-test": "admin-error" });
  const fail = (err) => { error.textContent = err.message; error.classList.remove("hidden"); };
  const done = (text) => { error.classList.add("hidden"); status.textContent = text; };
  await account.refresh();
  if (!account.admin) {
    page.append(h("p", { class: "error", "data-test": "admin-refused" },
      "This page is for the site's administrators (an administrator's account, signed in)."),
    h("p", {}, h("a", { href: "#/" }, "Back to the lobby")));
    return;
  }
  const act = async (method, path, body, text) => {
    try { await accountCall(method, path, body); done(text); return true; } catch (err) { fail(err); return false; }
  };

  // -- reports ------------------------------------------------------------------------------
  const which = h("select", { "aria-label": "which reports", "data-test": "report-filter" },
    h("option", { value: "open" }, "Open reports"), h("option", { value: "done" }, "Done"));
  const reports = h("ul", { class: "admin-list", "data-test": "reports" });
  async function loadReports() {
    clear(reports);
    let data;
    try { data = await accountCall("GET", `/api/admin/reports?status=${which.value}`); } catch (err) { fail(err); return; }
    if (!data.reports.length) reports.append(h("li", { class: "muted" }, "No reports."));
    for (const r of data.reports) {
      const buttons = [];
      if (r.kind === "message") {
        buttons.push(h("button", { type: "button", class: "small", "data-test": "report-hide",
          onclick: async () => { if (await act("POST", `/api/admin/games/${r.game_id}/chat/${r.seq}`, { hidden: !r.hidden }, r.hidden ? "Message shown again." : "Message hidden.")) loadReports(); } },
        r.hidden ? "Show the message" : "Hide the message"));
      }
      if (r.account_id) {
        buttons.push(h("button", { type: "button", class: "small", "data-test": "report-suspend",
          onclick: async () => { if (await act("POST", `/api/admin/accounts/${encodeURIComponent(r.name)}`, { suspended: !r.suspended, reason: r.reason }, r.suspended ? `${r.name}'s suspension lifted.` : `${r.name} suspended.`)) loadReports(); } },
        r.suspended ? `Lift ${r.name}'s suspension` : `Suspend ${r.name}`));
      }
      const next = r.status === "open" ? "done" : "open";
      buttons.push(h("button", { type: "button", class: "small ghost", "data-test": "report-resolve",
        onclick: async () => { if (await act("POST", `/api/admin/reports/${r.id}`, { status: next }, next === "done" ? "Report done." : "Report open again.")) loadReports(); } },
      next === "done" ? "Mark done" : "Open again"));
      reports.append(h("li", { class: "card admin-report", "data-test": "report", "data-report": r.id },
        h("p", {}, h("strong", {}, r.kind === "message" ? `Message by ${r.name}` : `Player ${r.name}`),
          r.game_id ? [" in game ", h("code", {}, r.game_id)] : "",
          h("span", { class: "muted" }, ` · reported by ${r.reporter}, ${when(r.created_at)}`)),
        r.text !== null ? h("blockquote", { "data-test": "report-text" }, r.text) : "",
        h("p", {}, "Reason: ", h("span", { "data-test": "report-reason" }, r.reason)),
        r.hidden ? h("p", { class: "muted" }, "The message is hidden.") : "",
        r.suspended ? h("p", { class: "muted" }, "The account is suspended.") : "",
        h("div", { class: "buttons" }, buttons)));
    }
  }
  which.addEventListener("change", loadReports);

  // -- accounts -----------------------------------------------------------------------------
  const name = h("input", { type: "search", placeholder: "name starts with", "aria-label": "account name", "data-test": "account-search", maxlength: 32 });
  const accounts = h("ul", { class: "admin-list", "data-test": "accounts" });
  async function loadAccounts() {
    clear(accounts);
    let data;
    try { data = await accountCall("GET", `/api/admin/accounts?name=${encodeURIComponent(name.value.trim())}`); } catch (err) { fail(err); return; }
    if (!data.accounts.length) accounts.append(h("li", { class: "muted" }, "No account by that name."));
    for (const a of data.accounts) {
      accounts.append(h("li", { "data-account": a.name },
        h("strong", {}, a.name), a.admin ? " (administrator)" : "",
        a.suspended ? h("span", { class: "muted" }, ` · suspended ${when(a.suspended_at)}${a.reason ? `: ${a.reason}` : ""}`) : "", " ",
        h("button", { type: "button", class: "small", "data-test": "account-suspend",
          onclick: async () => { if (await act("POST", `/api/admin/accounts/${encodeURIComponent(a.name)}`, { suspended: !a.suspended }, a.suspended ? `${a.name}'s suspension lifted.` : `${a.name} suspended.`)) loadAccounts(); } },
        a.suspended ? "Lift the suspension" : "Suspend")));
    }
  }

  // -- abandoned games ----------------------------------------------------------------------
  const days = h("input", { type: "number", min: 0, max: 3650, step: 1, value: 7, "aria-label": "idle for at least this many days", "data-test": "idle-days", style: { width: "5rem" } });
  const games = h("ul", { class: "admin-list", "data-test": "idle-games" });
  async function loadGames() {
    clear(games);
    let data;
    try { data = await accountCall("GET", `/api/admin/games?idle_days=${Number(days.value) || 0}`); } catch (err) { fail(err); return; }
    if (!data.games.length) games.append(h("li", { class: "muted" }, "No game idle that long."));
    for (const g of data.games) {
      games.append(h("li", { "data-game": g.game },
        h("code", {}, g.game), ` · ${g.players} players · ${g.actions} actions · last change ${when(g.updated_at)} `,
        h("button", { type: "button", class: "small", "data-test": "close-game",
          onclick: async () => { if (await act("POST", `/api/admin/games/${g.game}/close`, undefined, `Game ${g.game} closed.`)) loadGames(); } },
        "Close this game")));
    }
  }

  page.append(status, error,
    h("section", { "aria-labelledby": "admin-reports" }, h("h2", { id: "admin-reports" }, "Reports"), h("p", {}, which), reports),
    h("section", { "aria-labelledby": "admin-accounts" }, h("h2", { id: "admin-accounts" }, "Accounts"),
      h("form", { class: "admin-form", onsubmit: (e) => { e.preventDefault(); loadAccounts(); } },
        name, h("button", { type: "submit", class: "small", "data-test": "account-find" }, "Find")), accounts),
    h("section", { "aria-labelledby": "admin-games" }, h("h2", { id: "admin-games" }, "Abandoned games"),
      h("form", { class: "admin-form", onsubmit: (e) => { e.preventDefault(); loadGames(); } },
        h("label", {}, "Idle for at least ", days, " days "), h("button", { type: "submit", class: "small", "data-test": "games-find" }, "List")), games),
    h("p", {}, h("a", { href: "#/" }, "Back to the lobby")));
  await Promise.all([loadReports(), loadGames()]);
}
