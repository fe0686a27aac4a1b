/**
 * Countdown math. The deadline and "now" both come from the server; the device clock is only used to
 * measure time passing, so a device clock that is hours off changes nothing.
 *
 * The offset (how far the server's clock is ahead of this device's) is estimated from the side that never
 * shows the customer more time than is left: a server clock reading taken while a request was in flight is
 * compared with the device's time when that request was *sent*. That overstates the offset by at most the
 * request's round trip, never understates it. The page's own request gives the first reading (sent when
 * the navigation started, long before the page hydrates); each status poll gives another, and the
 * tightest recent one wins. (Taking the device's time at hydration instead, as the page once did, counted
 * the whole load — 2–3 s on a phone — as time not yet passed.)
 */

/** An upper bound of the offset, from a server clock reading made during a request sent at `clientSentMs`. */
export function offsetBound(serverNowMs: number, clientSentMs: number): number {
  return serverNowMs - clientSentMs;
}

/** How many recent readings count: old ones age out, so a device clock set back heals within a minute. */
export const OFFSET_READINGS_KEPT = 8;

/** The readings with `bound` added, the oldest dropped beyond OFFSET_READINGS_KEPT. */
export function addReading(readings: readonly number[], bound: number): number[] {
  return [...readings, bound].slice(-OFFSET_READINGS_KEPT);
}

/** The closest estimate: every reading is ≥ the true offset, so the smallest is the tightest. */
export function tightestOffset(readings: readonly number[]): number | undefined {
  return readings.length === 0 ? undefined : Math.min(...readings);
}

/**
 * When the page's own request was sent, on the device's clock: the navigation's start plus the request's
 * start within it (Navigation Timing), both read against the same clock as Date.now().
 */
export function navigationSentAt(clientNowMs: number, performanceNowMs: number, requestStartMs = 0): number {
  return clientNowMs - performanceNowMs + Math.max(0, requestStartMs);
}

/** The server's "now" as this device estimates it. */
export function serverNow(clientNowMs: number, offsetMs: number): number {
  return clientNowMs + offsetMs;
}

/** Milliseconds left before the deadline (never negative). */
export function remainingMs(expiresAtMs: number, clientNowMs: number, offsetMs: number): number {
  return Math.max(0, expiresAtMs - serverNow(clientNowMs, offsetMs));
}

/**
 * Milliseconds until the shown figure next changes: whole seconds are rounded up, so "0:05" turns "0:04"
 * exactly when 4 000 ms are left. A fixed one-second interval would change it up to a second late.
 */
export function msUntilNextSecond(remaining: number): number {
  if (remaining <= 0) return 1000;
  return remaining - (Math.ceil(remaining / 1000) - 1) * 1000;
}

/** 899_500 → "15:00", 59_001 → "1:00", 3_723_000 → "1:02:03": whole seconds, rounded up so 0 means over. */
export function formatRemaining(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}
