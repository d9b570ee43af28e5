// @ts-check
// "Your turn", noticed from another tab: a short sound and a browser notification (the
// Notifications API), both by the player's choice (off until turned on; the choice is kept in
// this browser). Only when it *becomes* the player's decision while the page is hidden.

import { t } from "./i18n.js";
import { h, icon } from "./util.js";

const KEY = "fcm.turnAlerts.v1";

export function alertsWanted() {
  try { return localStorage.getItem(KEY) === "1"; } catch { return false; }
}

function setWanted(on) {
  try { localStorage.setItem(KEY, on ? "1" : "0"); } catch { /* private mode: this page only */ }
}

let audio = null; // made on the player's click (browsers allow sound only after a gesture)

function beep() {
  try {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    audio = audio || new Ctx();
    if (audio.state === "suspended") audio.resume();
    const t = audio.currentTime;
    for (const [i, freq] of [[0, 660], [1, 880]]) { // two short rising notes
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t + i * 0.18);
      gain.gain.exponentialRampToValueAtTime(0.2, t + i * 0.18 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + i * 0.18 + 0.16);
      osc.connect(gain).connect(audio.destination);
      osc.start(t + i * 0.18);
      osc.stop(t + i * 0.18 + 0.17);
    }
  } catch { /* no sound: the notification and the title still tell */ }
}

/** The toggle for the game's header: turns the alerts on (asking the browser's permission
 * for notifications) or off. */
export function alertToggle() {
  const btn = h("button", { type: "button", class: "ghost small turn-alerts", "data-test": "turn-alerts" });
  const draw = () => {
    const on = alertsWanted();
    btn.replaceChildren(icon("bell", on ? t("alert.on_label") : t("alert.off_label")), h("span", { class: "label" }, on ? t("alert.on") : t("alert.off")));
    btn.title = on ? t("alert.on_help")
      : t("alert.off_help");
    btn.setAttribute("aria-pressed", on ? "true" : "false");
    btn.dataset.on = on ? "1" : "0";
  };
  btn.addEventListener("click", async () => {
    if (alertsWanted()) { setWanted(false); draw(); return; }
    setWanted(true);
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (Ctx && !audio) { try { audio = new Ctx(); } catch { /* no sound */ } }
    if ("Notification" in window && Notification.permission === "default") {
      try { await Notification.requestPermission(); } catch { /* refused: the sound remains */ }
    }
    draw();
  });
  draw();
  return btn;
}

/** Called with each state: alerts when the seat's decision begins while the tab is hidden. */
export function turnAlert(wasYourTurn, msg, text) {
  if (!msg.your_turn || wasYourTurn || !alertsWanted() || !document.hidden) return false;
  beep();
  if ("Notification" in window && Notification.permission === "granted") {
    try {
      const n = new Notification(t("alert.title"), { body: text, tag: `fcm-turn-${msg.game}` });
      n.onclick = () => { window.focus(); n.close(); };
    } catch { /* some browsers allow notifications only from a service worker */ }
  }
  return true;
}
