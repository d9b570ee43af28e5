// @ts-check
// Rewind by consent: ask every human seat to go back to the start of a round or a turn; each
// accepts or declines (GET/POST /api/games/{id}/rewind, POST .../rewind/vote). The server keeps
// the points and the vote; the page only shows them, asks again every few seconds and after
// every update. In hot-seat every seat of this device answers with its own button.

import { ApiError, session } from "./api.js";
import { list, t } from "./i18n.js";
import { clear, h, possessive, put } from "./util.js";

// token "": the account's seat, played by the session cookie (the CSRF token for a change)
async function call(method, path, token, body) {
  const headers = { accept: "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  else if (session.csrf && method !== "GET") headers["x-csrf-token"] = session.csrf;
  if (body !== undefined) headers["content-type"] = "application/json";
  const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await r.json().catch(() => ({}));
  if (!r.ok) {
    const e = data.error || {};
    throw new ApiError(r.status, e.code || `http/${r.status}`, e.message || r.statusText, e);
  }
  return data;
}

/** "the start of round 3", "the start of Alice's turn (round 2)", "the start of the game". */
export function pointName(p, name) {
  if (p.kind === "round") return t("rewind.point.round", { round: p.round });
  if (p.kind === "turn") return t("rewind.point.turn", { whose: possessive(name(p.seat)), round: p.round });
  return t("rewind.point.game");
}

export class RewindPanel {
  // ctl: {game, token(), seat(), localSeats(), tokenOf(seat), name(seat), msg(), notice(text)}
  constructor(box, ctl) {
    this.box = box;
    this.ctl = ctl;
    this.data = null;
    this.error = null;
    this.open = false;
    this.told = new Set(); // votes whose end was already announced
    this.version = null;
    this.poll = setInterval(() => this.read(), 4000);
  }

  destroy() { clearInterval(this.poll); }

  async read() {
    const token = this.ctl.token();
    if (token === null || token === undefined || this.ctl.seat() === null) return;
    let data;
    try {
      data = await call("GET", `/api/games/${this.ctl.game}/rewind`, token);
    } catch { return; }
    if (JSON.stringify(data) === JSON.stringify(this.data)) return; // keep an open choice as it is
    this.data = data;
    this.draw();
  }

  render(msg) {
    if (msg.version !== this.version) { this.version = msg.version; this.read(); }
    this.draw();
  }

  async propose(to) {
    const msg = this.ctl.msg();
    this.error = null;
    try {
      this.data = await call("POST", `/api/games/${this.ctl.game}/rewind`, this.ctl.token(), { version: msg.version, to });
      this.open = false;
    } catch (err) { this.error = err.message; }
    this.draw();
  }

  async vote(seat, accept) {
    this.error = null;
    try {
      this.data = await call("POST", `/api/games/${this.ctl.game}/rewind/vote`, this.ctl.tokenOf(seat), { vote: this.data.vote.id, accept });
    } catch (err) { this.error = err.message; }
    this.draw();
  }

  draw() {
    const d = this.data;
    const msg = this.ctl.msg();
    if (!d || !msg || this.ctl.seat() === null || !d.humans.includes(this.ctl.seat())) {
      this.box.classList.add("hidden");
      return;
    }
    const name = (s) => this.ctl.name(s);
    const v = d.vote;
    if (v && v.status !== "open" && !this.told.has(v.id)) {
      this.told.add(v.id);
      if (this.seenOpen === v.id) {
        const what = pointName(v, name);
        this.ctl.notice(v.status === "done" ? t("rewind.done", { what })
          : v.status === "declined" ? t("rewind.declined", { seat: name(v.declined_by), what })
            : t("rewind.lapsed", { what }));
      }
    }
    const parts = [];
    if (v && v.status === "open") {
      this.seenOpen = v.id;
      const mine = this.ctl.localSeats().filter((s) => v.waiting_for.includes(s));
      parts.push(h("div", { class: "rewind-vote", "data-test": "rewind-vote", "data-vote": v.id },
        h("strong", {}, t("rewind.asks", { seat: name(v.proposer), what: pointName(v, name) })),
        h("div", { class: "muted" }, t("rewind.status", { agreed: list(v.accepted.map(name)), waiting: list(v.waiting_for.map(name)) })),
        mine.map((s) => h("div", { class: "rewind-answer", "data-seat": s },
          h("button", { type: "button", class: "primary small", "data-test": "rewind-accept", onclick: () => this.vote(s, true) },
            mine.length > 1 || this.ctl.localSeats().length > 1 ? t("rewind.agree_as", { seat: name(s) }) : t("rewind.agree")), " ",
          h("button", { type: "button", class: "small", "data-test": "rewind-decline", onclick: () => this.vote(s, false) },
            mine.length > 1 || this.ctl.localSeats().length > 1 ? t("rewind.decline_as", { seat: name(s) }) : t("rewind.decline"))))));
    } else if (d.can_rewind && d.points.length) {
      if (!this.open) {
        parts.push(h("button", { type: "button", class: "ghost small", "data-test": "rewind-open", onclick: () => { this.open = true; this.draw(); } },
          d.humans.length > 1 ? t("rewind.open_all") : t("rewind.open")));
      } else {
        const latest = d.points.slice(-12).reverse();
        const pick = h("select", { "data-test": "rewind-point" },
          latest.map((p) => h("option", { value: p.to }, pointName(p, name))));
        parts.push(h("div", { class: "rewind-ask" },
          h("label", {}, t("rewind.go_back_to"), pick), " ",
          h("button", { type: "button", class: "primary small", "data-test": "rewind-ask", onclick: () => this.propose(Number(pick.value)) },
            d.humans.length > 1 ? t("rewind.ask") : t("rewind.rewind")), " ",
          h("button", { type: "button", class: "ghost small", onclick: () => { this.open = false; this.draw(); } }, t("dec.cancel")),
          h("div", { class: "muted" }, d.humans.length > 1
            ? t("rewind.everyone_agrees")
            : t("rewind.taken_back"))));
      }
    }
    if (this.error) parts.push(h("div", { class: "error", "data-test": "rewind-error" }, this.error));
    put(clear(this.box), ...parts);
    this.box.classList.toggle("hidden", !parts.length);
  }
}
