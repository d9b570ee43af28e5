// @ts-check
// The lesson library (issue 26 item 10): every lesson the server has (fcm.lessons: one per
// phase or rule, a guided first game, one per expansion module), each with whether this
// browser has finished it. A lesson opens as a game with its coach (tutorial.js).

import { api } from "./api.js";
import { t } from "./i18n.js";
import { lessonsDone, lessonsGoing } from "./tutorial.js";
import { clear, h } from "./util.js";

const GROUPS = ["concept", "game", "module"].map((kind) => [kind, `lessons.group.${kind}`]);  // heading: a message id

/** A lesson begun and not finished opens its game again at the step reached ("Start again":
 * a new game). */
function item(id, href, title, summary, done, steps) {
  const going = done ? null : lessonsGoing()[id] || null;
  const state = done ? t("lessons.done")
    : going ? t("lessons.in_progress", { n: going.step + 1, of: going.of })
      : steps ? t("lessons.not_done_steps", { count: steps }) : t("lessons.not_done");
  return h("li", { class: "lesson", "data-lesson": id, "data-done": done ? "yes" : going ? "going" : "no" },
    h("a", { href: going ? `#/game/${encodeURIComponent(going.game)}/${going.seat}` : href, class: "lesson-link", "data-test": `lesson-${id}` },
      h("span", { class: "lesson-title" }, title),
      h("span", { class: "lesson-summary muted" }, summary),
      h("span", { class: `lesson-state${done ? " done" : ""}`, "data-test": "lesson-state" }, state)),
    going ? h("a", { href, class: "lesson-again small", "data-test": `lesson-again-${id}` }, t("lessons.start_again")) : null);
}

export function renderLessons(root) {
  const box = h("section", { class: "card", "data-test": "lessons" }, h("p", { class: "loading" }, t("lessons.loading")));
  root.append(h("div", { class: "page lessons-page" },
    h("header", { class: "lobby-head" }, h("h1", {}, t("lobby.lessons")),
      h("a", { class: "button", href: "#/", "data-test": "back-to-lobby" }, t("ui.back_to_lobby"))),
    h("p", { class: "muted" }, t("lessons.intro")),
    box));
  api.lessons().then(({ lessons }) => {
    const done = lessonsDone();
    const out = clear(box);
    out.append(h("h2", {}, t("lessons.first_steps")), h("ul", { class: "lesson-list" },
      item("tutorial", "#/tutorial", t("lobby.learn"), t("lessons.tutorial_summary"), done.includes("tutorial"), 0)));
    for (const [kind, heading] of GROUPS) {
      const some = lessons.filter((x) => x.kind === kind);
      if (!some.length) continue;
      out.append(h("h2", {}, t(heading)), h("ul", { class: "lesson-list", "data-test": `lessons-${kind}` },
        some.map((x) => item(x.id, `#/lesson/${encodeURIComponent(x.id)}`, x.title, x.summary, done.includes(x.id), x.steps))));
    }
  }).catch((err) => {
    clear(box).append(h("p", { class: "error", "data-test": "error" }, err.message));
  });
  return null;
}
