// @ts-check
// The lesson library (issue 26 item 10): every lesson the server has (fcm.lessons: one per
// phase or rule, a guided first game, one per expansion module), each with whether this
// browser has finished it. A lesson opens as a game with its coach (tutorial.js).

import { api } from "./api.js";
import { lessonsDone } from "./tutorial.js";
import { clear, h } from "./util.js";

const GROUPS = [
  ["concept", "Phases and rules"],
  ["game", "A whole game"],
  ["module", "Expansion modules"],
];

function item(id, href, title, summary, done, steps) {
  return h("li", { class: "lesson", "data-lesson": id, "data-done": done ? "yes" : "no" },
    h("a", { href, class: "lesson-link", "data-test": `lesson-${id}` },
      h("span", { class: "lesson-title" }, title),
      h("span", { class: "lesson-summary muted" }, summary),
      h("span", { class: `lesson-state${done ? " done" : ""}`, "data-test": "lesson-state" },
        done ? "✓ Done" : steps ? `Not done · ${steps} steps` : "Not done")));
}

export function renderLessons(root) {
  const box = h("section", { class: "card", "data-test": "lessons" }, h("p", { class: "loading" }, "Loading the lessons…"));
  root.append(h("div", { class: "page lessons-page" },
    h("header", { class: "lobby-head" }, h("h1", {}, "Lessons"),
      h("a", { class: "button", href: "#/", "data-test": "back-to-lobby" }, "Back to the lobby")),
    h("p", { class: "muted" }, "Short positions from real games, each with a coach that moves on when you have done what it asks. Your progress is kept in this browser."),
    box));
  api.lessons().then(({ lessons }) => {
    const done = lessonsDone();
    const out = clear(box);
    out.append(h("h2", {}, "First steps"), h("ul", { class: "lesson-list" },
      item("tutorial", "#/tutorial", "Learn to play", "One whole round, phase by phase, against a bot.", done.includes("tutorial"), 0)));
    for (const [kind, heading] of GROUPS) {
      const some = lessons.filter((x) => x.kind === kind);
      if (!some.length) continue;
      out.append(h("h2", {}, heading), h("ul", { class: "lesson-list", "data-test": `lessons-${kind}` },
        some.map((x) => item(x.id, `#/lesson/${encodeURIComponent(x.id)}`, x.title, x.summary, done.includes(x.id), x.steps))));
    }
  }).catch((err) => {
    clear(box).append(h("p", { class: "error", "data-test": "error" }, err.message));
  });
  return null;
}
