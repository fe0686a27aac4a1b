/**
 * The retry policy, as pure functions: which outcomes are worth another attempt, and how long to wait.
 * Retries always resend the same bytes (same paymentId), which the service de-duplicates, so a retry after
 * a request that did land creates nothing new.
 */
import "server-only";

export const DEFAULT_MAX_ATTEMPTS = 3;
export const DEFAULT_BACKOFF_MS = 200;
/** No single wait grows beyond this, however many attempts are configured. */
export const MAX_BACKOFF_MS = 5_000;

/** Network errors, timeouts and 5xx may be transient; a 4xx will fail the same way every time. */
export function isRetryableStatus(status: number): boolean {
  return status >= 500;
}

/**
 * Wait before attempt `nextAttempt` (2, 3, ...): exponential, `backoffMs * 2^(nextAttempt-2)`, capped,
 * with "equal jitter" — half fixed, half random — so that many clients failing together spread out
 * without any of them retrying immediately.
 */
export function backoffDelay(
  nextAttempt: number,
  backoffMs: number,
  random: () => number = Math.random,
): number {
  if (nextAttempt < 2 || backoffMs <= 0) return 0;
  const exp = Math.min(MAX_BACKOFF_MS, backoffMs * 2 ** (nextAttempt - 2));
  return Math.round(exp / 2 + random() * (exp / 2));
}

/** The longest Retry-After honoured: a larger (or absurd) value is read as this. */
export const MAX_RETRY_AFTER_MS = 5 * 60_000;

/**
 * A Retry-After header (RFC 9110 §10.2.3) in milliseconds from `now`: delay-seconds or an HTTP-date,
 * clamped to [0, MAX_RETRY_AFTER_MS]; undefined when absent or unreadable.
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now: number = Date.now(),
): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  let ms: number;
  if (/^\d+$/.test(text)) ms = Number(text) * 1000;
  else {
    // An HTTP-date ("Thu, 26 Nov 2026 08:00:05 GMT") names its day; Date.parse would read "-1" as a year.
    const at = /^[A-Za-z]{3}, /.test(text) ? Date.parse(text) : Number.NaN;
    if (Number.isNaN(at)) return undefined;
    ms = at - now;
  }
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms));
}

/**
 * The longest one call can stay in flight: every attempt timing out, plus the longest backoff before each
 * retry. A caller that has not answered by then has died; its request may be resent (same paymentId).
 */
export function worstCaseCallMs(cfg: { timeoutMs: number; maxAttempts: number; backoffMs: number }): number {
  let total = cfg.timeoutMs * cfg.maxAttempts;
  for (let attempt = 2; attempt <= cfg.maxAttempts; attempt++) {
    total += cfg.backoffMs <= 0 ? 0 : Math.min(MAX_BACKOFF_MS, cfg.backoffMs * 2 ** (attempt - 2));
  }
  return total;
}
