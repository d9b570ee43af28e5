// The lobby's bot levels (each with its one-line description) and the table options of a new
// game: the bot pause and whether hints are allowed while the game is live.

import { h } from "./util.js";

export const BOT_PAUSES = [[0, "none"], [500, "short (0.5 s)"], [1000, "1 s"], [2000, "2 s"]];

/** The description of a bot level, from the server's list (GET /api/web/options). */
export function levelText(options, level) {
  return (options.bot_levels || {})[level] || "";
}

/** The table options' controls; value() is the create request's "table". */
export function tableControls(defaults) {
  const d = defaults || {};
  const pause = h("select", { name: "bot_pause_ms", "data-test": "bot-pause" },
    BOT_PAUSES.map(([ms, label]) => h("option", { value: ms, selected: ms === (d.bot_pause_ms ?? 1000) }, label)));
  const hints = h("input", { type: "checkbox", name: "hints", "data-test": "hints", checked: !!d.hints });
  const el = h("div", { class: "table-options" },
    h("label", { class: "num" }, "Bot pause ", pause,
      h("small", {}, " — bots act after this pause, so you can follow each move")),
    h("label", { class: "check" }, hints, " Allow hints",
      h("small", {}, " — any player may ask for the hard bot's reading of their decision (finished games always allow hints)")));
  return { el, value: () => ({ bot_pause_ms: Number(pause.value), hints: hints.checked }) };
}
