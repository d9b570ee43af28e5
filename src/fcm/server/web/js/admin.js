// @ts-check
// The administrators' page (#/admin; docs/server.md, Moderation): the players' reports, with
// hiding the message, suspending the account and marking the report done; accounts by name;
// abandoned games to close. Plain buttons and forms in one column: usable from the keyboard
// and on a phone. The server decides who is an administrator (403 auth/not_admin).

import { account, accountCall } from "./account.js";
import { lang, t } from "./i18n.js";
import { clear, h } from "./util.js";

const when = (at) => (at ? new Date(at * 1000).toLocaleString(lang()) : "");

export async function renderAdmin(root) {
  const page = h("div", { class: "page admin", "data-test": "admin" }, h("h1", {}, t("admin.title")));
  clear(root).append(page);
  const status = h("p", { class: "muted", role: "status", "aria-live": "polite", "data-test": "admin-status" });
  const error = h("p", { class: "error hidden", role: "alert", "data-test": "admin-error" });
  const fail = (err) => { error.textContent = err.message; error.classList.remove("hidden"); };
  const done = (text) => { error.classList.add("hidden"); status.textContent = text; };
  await account.refresh();
  if (!account.admin) {
    page.append(h("p", { class: "error", "data-test": "admin-refused" },
      t("admin.refused")),
    h("p", {}, h("a", { href: "#/" }, t("ui.back_to_lobby"))));
    return;
  }
  const act = async (method, path, body, text) => {
    try { await accountCall(method, path, body); done(text); return true; } catch (err) { fail(err); return false; }
  };

  // -- reports ------------------------------------------------------------------------------
  const which = h("select", { "aria-label": t("admin.which_reports"), "data-test": "report-filter" },
    h("option", { value: "open" }, t("admin.open_reports")), h("option", { value: "done" }, t("admin.done_reports")));
  const reports = h("ul", { class: "admin-list", "data-test": "reports" });
  async function loadReports() {
    clear(reports);
    let data;
    try { data = await accountCall("GET", `/api/admin/reports?status=${which.value}`); } catch (err) { fail(err); return; }
    if (!data.reports.length) reports.append(h("li", { class: "muted" }, t("admin.no_reports")));
    for (const r of data.reports) {
      const buttons = [];
      if (r.kind === "message") {
        buttons.push(h("button", { type: "button", class: "small", "data-test": "report-hide",
          onclick: async () => { if (await act("POST", `/api/admin/games/${r.game_id}/chat/${r.seq}`, { hidden: !r.hidden }, r.hidden ? t("admin.message_shown") : t("admin.message_hidden"))) loadReports(); } },
        r.hidden ? t("admin.show_message") : t("admin.hide_message")));
      }
      if (r.account_id) {
        buttons.push(h("button", { type: "button", class: "small", "data-test": "report-suspend",
          onclick: async () => { if (await act("POST", `/api/admin/accounts/${encodeURIComponent(r.name)}`, { suspended: !r.suspended, reason: r.reason }, r.suspended ? t("admin.lifted", { name: r.name }) : t("admin.suspended", { name: r.name }))) loadReports(); } },
        r.suspended ? t("admin.lift_name", { name: r.name }) : t("admin.suspend_name", { name: r.name })));
      }
      const next = r.status === "open" ? "done" : "open";
      buttons.push(h("button", { type: "button", class: "small ghost", "data-test": "report-resolve",
        onclick: async () => { if (await act("POST", `/api/admin/reports/${r.id}`, { status: next }, next === "done" ? t("admin.report_done") : t("admin.report_reopened"))) loadReports(); } },
      next === "done" ? t("admin.mark_done") : t("admin.open_again")));
      reports.append(h("li", { class: "card admin-report", "data-test": "report", "data-report": r.id },
        h("p", {}, h("strong", {}, r.kind === "message" ? t("admin.message_by", { name: r.name }) : t("admin.player", { name: r.name })),
          r.game_id ? [t("admin.in_game"), h("code", {}, r.game_id)] : "",
          h("span", { class: "muted" }, t("admin.reported_by", { name: r.reporter, when: when(r.created_at) }))),
        r.text !== null ? h("blockquote", { "data-test": "report-text" }, r.text) : "",
        h("p", {}, t("admin.reason"), h("span", { "data-test": "report-reason" }, r.reason)),
        r.hidden ? h("p", { class: "muted" }, t("admin.is_hidden")) : "",
        r.suspended ? h("p", { class: "muted" }, t("admin.is_suspended")) : "",
        h("div", { class: "buttons" }, buttons)));
    }
  }
  which.addEventListener("change", loadReports);

  // -- accounts -----------------------------------------------------------------------------
  const name = h("input", { type: "search", placeholder: t("admin.name_starts"), "aria-label": t("admin.account_name"), "data-test": "account-search", maxlength: 32 });
  const accounts = h("ul", { class: "admin-list", "data-test": "accounts" });
  async function loadAccounts() {
    clear(accounts);
    let data;
    try { data = await accountCall("GET", `/api/admin/accounts?name=${encodeURIComponent(name.value.trim())}`); } catch (err) { fail(err); return; }
    if (!data.accounts.length) accounts.append(h("li", { class: "muted" }, t("admin.no_account")));
    for (const a of data.accounts) {
      accounts.append(h("li", { "data-account": a.name },
        h("strong", {}, a.name), a.admin ? t("admin.administrator") : "",
        a.suspended ? h("span", { class: "muted" }, a.reason ? t("admin.suspended_at_why", { when: when(a.suspended_at), reason: a.reason }) : t("admin.suspended_at", { when: when(a.suspended_at) })) : "", " ",
        h("button", { type: "button", class: "small", "data-test": "account-suspend",
          onclick: async () => { if (await act("POST", `/api/admin/accounts/${encodeURIComponent(a.name)}`, { suspended: !a.suspended }, a.suspended ? t("admin.lifted", { name: a.name }) : t("admin.suspended", { name: a.name }))) loadAccounts(); } },
        a.suspended ? t("admin.lift") : t("admin.suspend"))));
    }
  }

  // -- abandoned games ----------------------------------------------------------------------
  const days = h("input", { type: "number", min: 0, max: 3650, step: 1, value: 7, "aria-label": t("admin.idle_days"), "data-test": "idle-days", style: { width: "5rem" } });
  const games = h("ul", { class: "admin-list", "data-test": "idle-games" });
  async function loadGames() {
    clear(games);
    let data;
    try { data = await accountCall("GET", `/api/admin/games?idle_days=${Number(days.value) || 0}`); } catch (err) { fail(err); return; }
    if (!data.games.length) games.append(h("li", { class: "muted" }, t("admin.no_idle")));
    for (const g of data.games) {
      games.append(h("li", { "data-game": g.game },
        h("code", {}, g.game), t("admin.game_line", { players: g.players, actions: g.actions, when: when(g.updated_at) }),
        h("button", { type: "button", class: "small", "data-test": "close-game",
          onclick: async () => { if (await act("POST", `/api/admin/games/${g.game}/close`, undefined, t("admin.closed", { game: g.game }))) loadGames(); } },
        t("admin.close_game"))));
    }
  }

  page.append(status, error,
    h("section", { "aria-labelledby": "admin-reports" }, h("h2", { id: "admin-reports" }, t("admin.reports")), h("p", {}, which), reports),
    h("section", { "aria-labelledby": "admin-accounts" }, h("h2", { id: "admin-accounts" }, t("admin.accounts")),
      h("form", { class: "admin-form", onsubmit: (e) => { e.preventDefault(); loadAccounts(); } },
        name, h("button", { type: "submit", class: "small", "data-test": "account-find" }, t("admin.find"))), accounts),
    h("section", { "aria-labelledby": "admin-games" }, h("h2", { id: "admin-games" }, t("admin.abandoned")),
      h("form", { class: "admin-form", onsubmit: (e) => { e.preventDefault(); loadGames(); } },
        h("label", {}, t("admin.idle_for"), days, t("admin.days")), h("button", { type: "submit", class: "small", "data-test": "games-find" }, t("admin.list"))), games),
    h("p", {}, h("a", { href: "#/" }, t("ui.back_to_lobby"))));
  await Promise.all([loadReports(), loadGames()]);
}
