// At the table: small readings of the engine's events for the player (notices), kept apart
// from the screens that show them. No rules are decided here.

/** Order of Business: the engine places the last chooser at the only position left; its
 * choice then follows another seat's in the same change. A notice for that seat, or null. */
export function autoPlacedNotice(events, seat) {
  if (seat === null || seat === undefined) return null;
  for (let i = 1; i < events.length; i++) {
    const e = events[i];
    if (e.kind === "turn_order_chosen" && e.seat === seat && events[i - 1].kind === "turn_order_chosen") {
      return `Order of Business: you were placed at position ${e.position} in the turn order, the only one left.`;
    }
  }
  return null;
}
