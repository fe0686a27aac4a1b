import "server-only";
import type { Sql } from "@/lib/database";
import {
  decrementRateLimit,
  deleteRateLimit,
  getRateLimit,
  incrementRateLimit,
} from "@/lib/database/dashboard/queries/rate-limits";
import { normalizeEmail } from "@/lib/database/dashboard/queries/users";

/**
 * Fixed-window rate limits kept in the database (table rate_limits), so every instance sees the same
 * counts. A window opens at the first counted hit and lasts `windowMs`; within it at most `limit` hits.
 */
export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;
/** Failed sign-ins per account (email) — stops guessing one account's password. */
export const SIGN_IN_ACCOUNT_RULE: RateLimitRule = { limit: 5, windowMs: FIFTEEN_MINUTES };
/** Failed sign-ins per client IP — stops spraying many accounts from one place. */
export const SIGN_IN_IP_RULE: RateLimitRule = { limit: 20, windowMs: FIFTEEN_MINUTES };
/** Failed sign-ins from one browser holding a device token for the account (lib/auth/device.ts). */
export const SIGN_IN_DEVICE_RULE: RateLimitRule = { limit: 5, windowMs: FIFTEEN_MINUTES };

export interface WindowState {
  windowStart: Date;
  count: number;
}

export interface RateLimitStatus {
  blocked: boolean;
  /** Hits still allowed in the current window. */
  remaining: number;
  /** Until the current window ends (0 when no window is open). */
  retryAfterMs: number;
}

/** Pure window math: the status of a key given its stored window (or none) at `now`. */
export function windowStatus(state: WindowState | null, rule: RateLimitRule, now: Date): RateLimitStatus {
  if (!state) return { blocked: false, remaining: rule.limit, retryAfterMs: 0 };
  const elapsed = now.getTime() - state.windowStart.getTime();
  if (elapsed >= rule.windowMs || elapsed < 0)
    return { blocked: false, remaining: rule.limit, retryAfterMs: 0 };
  return {
    blocked: state.count >= rule.limit,
    remaining: Math.max(0, rule.limit - state.count),
    retryAfterMs: rule.windowMs - elapsed,
  };
}

/** A window that started at or before this instant is over (the same boundary as `windowStatus`). */
export function windowStaleBefore(rule: RateLimitRule, now: Date): Date {
  return new Date(now.getTime() - rule.windowMs);
}

/** Whole minutes to tell a person to wait, never "0 minutes". */
export function minutesToWait(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 60_000));
}

export function signInAccountKey(email: string): string {
  return `sign-in:account:${normalizeEmail(email)}`;
}

export function signInIpKey(ip: string): string {
  return `sign-in:ip:${ip}`;
}

export function signInDeviceKey(deviceId: string): string {
  return `sign-in:device:${deviceId}`;
}

export interface AttemptStatus {
  /** This attempt is within the limit and may proceed. */
  allowed: boolean;
  /** The allowance is used up: a failure now means "try again later". */
  exhausted: boolean;
  /** This attempt is the one that used the allowance up (exactly one per window). */
  lastAllowed: boolean;
  retryAfterMs: number;
}

/** Pure: the verdict on an attempt from the window as it stands after counting that attempt. */
export function attemptStatus(after: WindowState, rule: RateLimitRule, now: Date): AttemptStatus {
  const retryAfterMs = Math.max(0, after.windowStart.getTime() + rule.windowMs - now.getTime());
  return {
    allowed: after.count <= rule.limit,
    exhausted: after.count >= rule.limit,
    lastAllowed: after.count === rule.limit,
    retryAfterMs,
  };
}

/**
 * Counts an attempt BEFORE doing the work (one atomic upsert), so a burst of parallel attempts cannot all
 * pass a check made before any of them was counted. Give it back with releaseAttempt when it succeeded.
 */
export async function reserveAttempt(
  sql: Sql,
  key: string,
  rule: RateLimitRule,
  now: Date,
): Promise<AttemptStatus> {
  const row = await incrementRateLimit(sql, key, now, windowStaleBefore(rule, now));
  return attemptStatus(row, rule, now);
}

export async function releaseAttempt(sql: Sql, key: string): Promise<void> {
  await decrementRateLimit(sql, key);
}

export async function resetRateLimit(sql: Sql, key: string): Promise<void> {
  await deleteRateLimit(sql, key);
}

export type CountedAttempt =
  | { outcome: "succeeded" }
  | { outcome: "failed"; exhausted: boolean; retryAfterMs: number }
  /** The failures had used the allowance up: the work was not done. */
  | { outcome: "limited"; retryAfterMs: number }
  /** Others' checks kept the allowance in use past the wait: the work was not done. */
  | { outcome: "busy" };

/** How long an attempt waits for the checks in flight to free the allowance. */
export const IN_FLIGHT_WAIT_MS = 10_000;
/** A check in flight that was never given back (a crash) stops holding the allowance after this. */
const IN_FLIGHT_WINDOW_MS = 60_000;

/**
 * Does `work` (a password check) under a limit that counts only its failures, yet never lets more checks run
 * at once than failures are left: each check in flight holds one (`<key>:in-flight`), a failure is counted
 * before its hold is given back, and a check that finds the allowance held waits for it. So a burst of right
 * passwords all pass, one after another, and a burst of guesses still gets no more than the limit checked.
 */
export async function attemptCountingFailures(
  sql: Sql,
  key: string,
  rule: RateLimitRule,
  now: Date,
  work: () => Promise<boolean>,
): Promise<CountedAttempt> {
  const inFlightKey = `${key}:in-flight`;
  const waitUntil = Date.now() + IN_FLIGHT_WAIT_MS;
  for (;;) {
    const held = await incrementRateLimit(
      sql,
      inFlightKey,
      now,
      new Date(now.getTime() - IN_FLIGHT_WINDOW_MS),
    );
    const window = await getRateLimit(sql, key);
    // A window a check that began after this one opened is this one's too (not one of the future).
    const failures = windowStatus(
      window,
      rule,
      window && window.windowStart > now ? window.windowStart : now,
    );
    if (failures.blocked) {
      await decrementRateLimit(sql, inFlightKey);
      return { outcome: "limited", retryAfterMs: failures.retryAfterMs };
    }
    if (held.count <= failures.remaining) {
      try {
        if (await work()) return { outcome: "succeeded" };
        const after = await incrementRateLimit(sql, key, now, windowStaleBefore(rule, now));
        const status = attemptStatus(after, rule, now);
        return { outcome: "failed", exhausted: status.exhausted, retryAfterMs: status.retryAfterMs };
      } finally {
        await decrementRateLimit(sql, inFlightKey);
      }
    }
    await decrementRateLimit(sql, inFlightKey);
    if (Date.now() >= waitUntil) return { outcome: "busy" };
    await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 60));
  }
}
