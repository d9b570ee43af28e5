// @ts-check
// The lobby's bot levels (each with its one-line description) and the table options of a new
// game: the bot pause and whether hints are allowed while the game is live.

import { t } from "./i18n.js";
import { h } from "./util.js";

export const BOT_PAUSES = [[0, "table.pause.none"], [500, "table.pause.short"], [1000, "table.pause.1s"], [2000, "table.pause.2s"]];

/** The description of a bot level, from the server's list (GET /api/web/options). */
export function levelText(options, level) {
  return (options.bot_levels || {})[level] || "";
}

/** The table options' controls; value() is the create request's "table". */
export function tableControls(defaults) {
  const d = defaults || {};
  const pause = h("select", { name: "bot_pause_ms", "data-test": "bot-pause" },
    BOT_PAUSES.map(([ms, label]) => h("option", { value: ms, selected: ms === (d.bot_pause_ms ?? 1000) }, t(label))));
  const hints = h("input", { type: "checkbox", name: "hints", "data-test": "hints", checked: !!d.hints });
  const el = h("div", { class: "table-options" },
    h("label", { class: "num" }, t("table.bot_pause"), " ", pause,
      h("small", {}, " — ", t("table.bot_pause.help"))),
    h("label", { class: "check" }, hints, " ", t("table.hints"),
      h("small", {}, " — ", t("table.hints.help"))));
  return { el, value: () => ({ bot_pause_ms: Number(pause.value), hints: hints.checked }) };
}
