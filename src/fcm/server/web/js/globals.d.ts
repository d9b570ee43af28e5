// What the page adds to the browser's globals (checked with the ES modules by tsc in `make lint`).

interface Window {
  /** The screen on show (a GameScreen or ReplayScreen): for the console and the browser tests. */
  fcmScreen: any;
  /** Safari's older name of AudioContext. */
  webkitAudioContext: typeof AudioContext;
}
