/**
 * Countdown math. The deadline and "now" both come from the server; the device clock is only used to
 * measure time passing since the page loaded, so a device clock that is hours off changes nothing.
 */

/** How far the server's clock is ahead of this device's (ms); measured once, when the page loads. */
export function clockOffset(serverNowMs: number, clientNowAtLoadMs: number): number {
  return serverNowMs - clientNowAtLoadMs;
}

/** The server's "now" as this device estimates it. */
export function serverNow(clientNowMs: number, offsetMs: number): number {
  return clientNowMs + offsetMs;
}

/** Milliseconds left before the deadline (never negative). */
export function remainingMs(expiresAtMs: number, clientNowMs: number, offsetMs: number): number {
  return Math.max(0, expiresAtMs - serverNow(clientNowMs, offsetMs));
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
