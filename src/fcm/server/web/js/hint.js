// @ts-check
// The Hint button: the hard bot's reading of a decision (GET /api/games/{id}/hint), computed on
// the server from your seat's view only. Live games: your current decision, when the game was
// created with hints. Finished games: any position (after N actions; by default your last
// decision).

import { ApiError } from "./api.js";
import { t } from "./i18n.js";
import { clear, h, money } from "./util.js";

/** @returns {Promise<import("./types").HintAnswer>} */
async function fetchHint(game, token, at) {
  const q = at === null || at === undefined ? "" : `?at=${at}`;
  const response = await fetch(`/api/games/${game}/hint${q}`, {
    headers: { accept: "application/json", authorization: `Bearer ${token}` },
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const e = data.error || {};
    throw new ApiError(response.status, e.code || `http/${response.status}`, e.message || response.statusText, e);
  }
  return data;
}

function signed(v) {
  return `${v >= 0 ? "+" : "−"}${money(Math.abs(Math.round(v)))}`;
}

export class HintPanel {
  constructor(box, ctl) {
    this.box = box; // ctl: {game, token(), name(seat)}
    this.ctl = ctl;
    this.result = null;
    this.error = null;
    this.busy = false;
    this.version = null;
  }

  /** The state's status, version and table (a replay's step: over, no table options).
   * @param {Pick<import("./types").StateOut, "status" | "version"> & Partial<Pick<import("./types").StateOut, "your_turn">>
   *   & { table: Partial<import("./types").TablePublic> }} msg
   */
  render(msg) {
    const over = msg.status === "over";
    const live = !over && msg.table && msg.table.hints && msg.your_turn;
    if (this.version !== msg.version && !over) { this.result = null; this.error = null; }
    this.version = msg.version;
    clear(this.box);
    this.box.classList.toggle("hidden", !(over || live));
    if (!(over || live)) return;
    const at = over ? h("input", { type: "number", min: 0, placeholder: t("hint.at_placeholder"), "data-test": "hint-at", class: "hint-at",
      value: this.at ?? "" }) : null;
    const ask = h("button", { type: "button", class: "small", "data-test": "hint", disabled: this.busy,
      onclick: () => this.ask(at && at.value !== "" ? Number(at.value) : null) }, this.busy ? t("hint.thinking") : t("hint.hint"));
    this.box.append(h("div", { class: "hint-row" }, ask,
      over ? h("label", {}, t("hint.at_after"), at, t("hint.actions")) : h("small", { class: "muted" }, t("hint.reading"))));
    if (this.error) this.box.append(h("p", { class: "error", "data-test": "hint-error" }, this.error));
    if (this.result) this.box.append(this.resultView(this.result));
  }

  async ask(at) {
    this.at = at;
    this.busy = true;
    this.error = null;
    this.rerender();
    try {
      this.result = await fetchHint(this.ctl.game, this.ctl.token(), at);
    } catch (err) {
      this.error = err.message;
      this.result = null;
    }
    this.busy = false;
    this.rerender();
  }

  rerender() {
    if (this.ctl.msg()) this.render(this.ctl.msg());
  }

  /** The plan behind the best move, in the page's language (the server says it), and what it
   * was compared with.
   * @param {import("./types").HintPlan} plan
   */
  planView(plan) {
    const compared = plan.against_label && plan.edge !== null
      ? h("p", { class: "muted small", "data-test": "hint-compared" },
        t(plan.against_medium ? "hint.against_medium" : "hint.against_next", { label: plan.against_label, edge: signed(plan.edge) }))
      : null;
    return h("div", { class: "hint-plan", "data-test": "hint-plan" },
      h("p", {}, t("hint.plan", { plan: plan.text })), compared);
  }

  /** @param {import("./types").HintAnswer} r */
  resultView(r) {
    const best = r.candidates[0];
    // every move reads the same (round 1: no cash lead a few rounds on tells them apart):
    // say so once, with medium's choice; the list folded away rather than "+$0" five times
    const even = r.candidates.length > 1 && r.candidates.every((c) => c.value === best.value);
    const medium = r.candidates.find((c) => c.medium);
    const list = h("ol", { class: "hint-list" }, r.candidates.map((c) => h("li", { class: c === best && !even ? "best" : "", "data-test": "hint-candidate" },
      h("strong", {}, c.label), t("hint.lead", { value: signed(c.value) }),
      h("small", { class: "muted" }, t(c.medium ? "hint.samples_medium" : "hint.samples", { count: c.samples })))));
    return h("div", { class: "hint-result", "data-test": "hint-result", "data-even": even ? "1" : null },
      h("p", {}, r.over ? t("hint.after", { at: r.at, total: r.total, round: r.round, seat: this.ctl.name(r.seat) }) : even ? "" : t("hint.best")),
      even ? [h("p", { "data-test": "hint-even" }, t("hint.even", { count: r.candidates.length, value: signed(best.value) }),
        medium ? [t("hint.medium_would"), h("strong", {}, medium.label), t("hint.end")] : ""),
      h("details", {}, h("summary", {}, t("hint.the_moves", { count: r.candidates.length })), list)] : list,
      r.plan ? this.planView(r.plan) : null,
      r.played_label ? h("p", { "data-test": "hint-played" }, t("hint.played", { label: r.played_label })) : null,
      h("p", { class: "muted small" }, t("hint.value")));
  }
}
