// @ts-check
// The tutorial's coach (issue 13): a panel that says what to do next and why, points at the
// control to use, and moves on only when the engine's events say it happened. The script is
// the server's (fcm.tutorial: text, a CSS selector, the events each step waits for); nothing
// here knows a rule. Progress is read from the game's own events (an undo takes it back);
// only the player's "Continue" presses are kept in this browser.

import { api, store } from "./api.js";
import { t } from "./i18n.js";
import { clear, h, put } from "./util.js";

const KEY = "fcm.tutorial.v1";
const DONE = "fcm.lessons.done.v1"; // the lessons (and the tutorial) finished in this browser

/** The ids of the lessons finished in this browser ("tutorial": the tutorial). */
export function lessonsDone() {
  try { return JSON.parse(localStorage.getItem(DONE) || "[]"); } catch { return []; }
}

function markDone(id) {
  try {
    const done = lessonsDone();
    if (!done.includes(id)) localStorage.setItem(DONE, JSON.stringify([...done, id]));
  } catch { /* private mode: not remembered */ }
  keepProgress(id, null);
}

const GOING = "fcm.lessons.going.v1"; // the lessons begun here: their game and step

/**
 * The lessons (and the tutorial) begun in this browser and not finished: the game to go back
 * to and the step reached.
 * @returns {Record<string, { game: string, seat: number, step: number, of: number }>}
 */
export function lessonsGoing() {
  try { return JSON.parse(localStorage.getItem(GOING) || "{}") || {}; } catch { return {}; }
}

/** @param {string} id @param {{ game: string, seat: number, step: number, of: number } | null} at */
function keepProgress(id, at) {
  try {
    const going = lessonsGoing();
    if (at) going[id] = at;
    else delete going[id];
    localStorage.setItem(GOING, JSON.stringify(going));
  } catch { /* private mode: not remembered */ }
}

/** Start a new game at a lesson's position and open it (the Lessons page). */
export async function startLesson(id) {
  const made = await api.startLesson(id);
  store.addToken(made.game, made.seat, made.token, { seats: made.seats, lesson: id });
  location.replace(`#/game/${made.game}/${made.seat}`);
}

/** Start a new tutorial game and open it (the lobby's "Learn to play"). */
export async function startTutorial() {
  const made = await api.startTutorial();
  store.addToken(made.game, made.seat, made.token, { seats: made.seats, tutorial: true });
  location.replace(`#/game/${made.game}/${made.seat}`);
}

function loadAcks(game) {
  try { return JSON.parse(localStorage.getItem(KEY) || "{}")[game] || { acked: [], closed: false }; } catch { return { acked: [], closed: false }; }
}

function saveAcks(game, data) {
  try {
    const all = JSON.parse(localStorage.getItem(KEY) || "{}");
    all[game] = data;
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch { /* private mode: progress lives in the page only */ }
}

function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }

/** Whether an engine event fits a step's pattern ("me": the player's seat; {"has": x}: a list
 * holding x): fcm.tutorial.matches, the same reading. */
export function matches(pattern, event, seat) {
  for (const [key, raw] of Object.entries(pattern)) {
    const want = raw === "me" ? seat : raw;
    const have = event[key];
    if (want && typeof want === "object" && !Array.isArray(want) && "has" in want) {
      if (!Array.isArray(have) || !have.some((x) => same(x, want.has))) return false;
    } else if (!same(have, want)) return false;
  }
  return true;
}

/** How far the script has got: the current step's index (steps.length: all done) and, for it,
 * which expected events have happened. */
export function progress(steps, events, seat, acked) {
  let at = 0;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    let last = at;
    const met = (step.expect || []).map((p) => {
      let hit = -1;
      for (let j = at; j < events.length; j++) if (matches(p, events[j], seat)) { hit = j; break; }
      if (hit >= 0) last = Math.max(last, hit + 1);
      return hit >= 0;
    });
    if (met.some((x) => !x) || (step.ack && !acked.includes(step.id))) return { index: i, met };
    at = last;
  }
  return { index: steps.length, met: [] };
}

export class Coach {
  /** ctl: {game, seat(), events() (the engine events seen, in order), root, lesson (a lesson's
   * id; absent: the tutorial)} */
  constructor(box, ctl) {
    this.box = box;
    this.ctl = ctl;
    this.steps = null;
    this.state = loadAcks(ctl.game);
    this.hidden = false;
    this.shown = null;
    this.observer = new MutationObserver(() => this.schedule());
    this.observer.observe(ctl.root, { childList: true, subtree: true });
    this.name = ctl.lesson ? t("coach.lesson") : t("coach.tutorial");
    this.id = ctl.lesson || "tutorial";
    (ctl.lesson ? api.lessonScript(ctl.lesson) : api.tutorialScript())
      .then((s) => { this.steps = s.steps; this.title = s.title || null; this.render(); })
      .catch(() => { /* no coach */ });
  }

  destroy() {
    this.observer.disconnect();
    this.mark(null);
  }

  schedule() {
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame(() => { this.pending = false; this.mark(this.target); });
  }

  /** Point at the step's control: a class on every element its selector finds (re-applied
   * whenever the page redraws). */
  mark(selector) {
    for (const el of this.ctl.root.querySelectorAll(".coach-target")) {
      if (!selector || !el.matches(selector)) el.classList.remove("coach-target");
    }
    if (!selector) return;
    try {
      for (const el of this.ctl.root.querySelectorAll(selector)) el.classList.add("coach-target");
    } catch { /* a bad selector points at nothing */ }
  }

  render() {
    if (!this.steps) return;
    const events = this.ctl.events();
    const { index, met } = progress(this.steps, events, this.ctl.seat(), this.state.acked);
    const box = clear(this.box);
    if (index >= this.steps.length) markDone(this.id);
    else if (!this.state.closed) keepProgress(this.id, { game: this.ctl.game, seat: this.ctl.seat(), step: index, of: this.steps.length });
    if (this.state.closed || index >= this.steps.length) {
      box.classList.add("hidden");
      this.target = null;
      this.mark(null);
      return;
    }
    box.classList.remove("hidden");
    const step = this.steps[index];
    const ready = met.every((x) => x);
    box.dataset.step = step.id;
    box.dataset.index = index;
    box.dataset.state = ready ? "ready" : "waiting";
    const n = (step.expect || []).length;
    put(box,
      h("header", {},
        h("strong", { "data-test": "coach-name" }, this.title || this.name), h("span", { class: "muted", "data-test": "coach-count" }, t("dinner.step_of", { n: index + 1, of: this.steps.length })),
        h("button", { type: "button", class: "ghost small", "data-test": "coach-hide", onclick: () => { this.hidden = !this.hidden; this.render(); } },
          this.hidden ? t("coach.show") : t("coach.hide"))),
      this.hidden ? null : [
        h("h3", { "data-test": "coach-title" }, step.title),
        h("p", { "data-test": "coach-text" }, step.text),
        n > 1 ? h("p", { class: "muted", "data-test": "coach-checks" }, t("coach.checks", { done: met.filter((x) => x).length, n })) : null,
        step.ack && ready ? h("button", { type: "button", class: "primary", "data-test": "coach-next", onclick: () => this.ack(step.id) }, step.ack) : null,
        n ? h("p", { class: "muted small" }, t("coach.mistake", { undo: t("dec.undo") })) : null,
        h("p", {}, h("button", { type: "button", class: "ghost small", "data-test": "coach-close", onclick: () => this.close() }, this.ctl.lesson ? t("coach.leave_lesson") : t("coach.leave_tutorial")),
          this.ctl.lesson ? h("a", { href: "#/lessons", class: "small", "data-test": "coach-lessons" }, t("coach.all_lessons")) : null),
      ]);
    this.target = ready ? (step.ack ? "[data-test=coach-next]" : null) : step.highlight || null;
    if (ready && step.ack && step.highlight) this.target = `${step.highlight}, [data-test=coach-next]`;
    if (this.hidden) this.target = null; // a hidden coach points at nothing either
    this.mark(this.target);
    if (this.shown !== step.id) {
      this.shown = step.id;
      box.scrollIntoView({ block: "nearest" });
    }
  }

  ack(id) {
    if (!this.state.acked.includes(id)) this.state.acked.push(id);
    if (id === this.steps[this.steps.length - 1].id) this.state.closed = true;
    saveAcks(this.ctl.game, this.state);
    this.render();
  }

  close() {
    this.state.closed = true;
    saveAcks(this.ctl.game, this.state);
    keepProgress(this.id, null); // left: the list offers it afresh
    this.render();
  }
}
