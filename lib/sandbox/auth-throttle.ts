/**
 * Failed sign-ins throttled (issue 19 §4): wrong signatures on the API and the test controls, and wrong
 * passwords on the operator page, counted per (client id, address) and per address in fixed windows. Once a
 * key used up its failures, every attempt under it is refused with 429 and Retry-After until its window
 * ends — a correct one too, or a guess that hits would still be told apart from the misses. A correct caller
 * is never counted, so it is slowed only where it shares the blocked client id and address (or the address,
 * after failures across client ids) with the guesser; the same client id from elsewhere goes on.
 *
 * The counts are in the database (sandbox_rate_limits, beside the request counters, under keys no header can
 * spell), so sandbox instances sharing a PostgreSQL share them: a key blocked through one instance is seen by
 * the others within REFRESH_MS. Each instance also counts in memory before it answers a failure, so a burst
 * of parallel guesses at one instance gets no more than the limit through.
 */
import type { HttpBindings } from "@hono/node-server";
import type { Context } from "hono";
import type { Sql } from "@/lib/database";
import { countRequest, keysCountedAtLeast } from "@/lib/database/sandbox/limits";
import { problem, problemResponse } from "./problems";

/** A newline cannot be part of a header, so these keys never meet a client id's request counter. */
const PREFIX = "auth-failure\n";
const REFRESH_MS = 1_000;

export interface AuthThrottleRule {
  /** Failures per window for one client id from one address; 0 turns the throttle off. */
  perClient: number;
  /** Failures per window from one address, whatever the client id (unknown ones included). */
  perAddress: number;
  windowMs: number;
}

const pairKey = (clientId: string, address: string) => `${PREFIX}client\n${clientId}\n${address}`;
const addressKey = (address: string) => `${PREFIX}address\n${address}`;

/** Where a request came from: the socket's peer (the sandbox is meant for local use; no proxy headers). */
export function clientAddress(c: Context): string {
  return (c.env as Partial<HttpBindings> | undefined)?.incoming?.socket?.remoteAddress ?? "unknown";
}

/** The fixed window (aligned to multiples of its length) that holds `now`, and the whole seconds left in it. */
export function fixedWindow(now: number, windowMs: number): { start: number; retryAfterSeconds: number } {
  const start = Math.floor(now / windowMs) * windowMs;
  return { start, retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - now) / 1000)) };
}

export class AuthThrottle {
  /** Failures per key in the current window, as far as this instance knows. */
  private readonly counts = new Map<string, { windowStart: number; count: number }>();
  private refreshedAt = Number.NEGATIVE_INFINITY;
  private refreshing: Promise<void> | undefined;

  constructor(
    private readonly db: Sql,
    private readonly rule: AuthThrottleRule,
    private readonly realNow: () => Date,
  ) {}

  private get off(): boolean {
    return this.rule.perClient <= 0;
  }

  private windowStart(now: number): number {
    return fixedWindow(now, this.rule.windowMs).start;
  }

  private keys(clientId: string | undefined, address: string): [string, number][] {
    const keys: [string, number][] = [[addressKey(address), this.rule.perAddress]];
    if (clientId !== undefined) keys.push([pairKey(clientId, address), this.rule.perClient]);
    return keys;
  }

  private countOf(key: string, windowStart: number): number {
    const entry = this.counts.get(key);
    return entry?.windowStart === windowStart ? entry.count : 0;
  }

  private note(key: string, windowStart: number, count: number): void {
    if (count > this.countOf(key, windowStart)) this.counts.set(key, { windowStart, count });
  }

  /** Learns the keys other instances blocked, at most once per REFRESH_MS; call before blockedFor. */
  async refresh(): Promise<void> {
    if (this.off) return;
    const now = this.realNow().getTime();
    if (now - this.refreshedAt < REFRESH_MS) return;
    this.refreshing ??= (async () => {
      const windowStart = this.windowStart(now);
      const min = Math.min(this.rule.perClient, this.rule.perAddress);
      for (const { key, count } of await keysCountedAtLeast(this.db, PREFIX, new Date(windowStart), min))
        this.note(key, windowStart, count);
      for (const [key, entry] of this.counts) if (entry.windowStart < windowStart) this.counts.delete(key);
      this.refreshedAt = now;
    })().finally(() => {
      this.refreshing = undefined;
    });
    await this.refreshing;
  }

  /**
   * The 429 to answer when the client id (if known) from this address, or the address, has used up its
   * failures; else undefined. Synchronous: call it right before checking the credentials, with no await
   * between, so parallel attempts see each other's failures.
   */
  refusal(clientId: string | undefined, address: string): Response | undefined {
    if (this.off) return undefined;
    const window = fixedWindow(this.realNow().getTime(), this.rule.windowMs);
    const blocked = this.keys(clientId, address).some(
      ([key, limit]) => this.countOf(key, window.start) >= limit,
    );
    if (!blocked) return undefined;
    const retryAfter = window.retryAfterSeconds;
    return problemResponse(
      problem(
        429,
        "too-many-failures",
        `Too many failed sign-ins (wrong signatures or secrets) for this client id from this address, or from this address: at most ${this.rule.perClient} per client id and ${this.rule.perAddress} per address in ${this.rule.windowMs / 1000} s`,
      ),
      { "retry-after": String(retryAfter) },
    );
  }

  /**
   * Counts a failed attempt: at once in memory (before the caller answers), then in the database for the
   * other instances. `clientId` undefined: an unknown client id, counted against the address only.
   */
  async failed(clientId: string | undefined, address: string): Promise<void> {
    if (this.off) return;
    const windowStart = this.windowStart(this.realNow().getTime());
    const keys = this.keys(clientId, address);
    for (const [key] of keys) this.note(key, windowStart, this.countOf(key, windowStart) + 1);
    for (const [key] of keys) {
      const count = await countRequest(this.db, key, new Date(windowStart));
      this.note(key, windowStart, count);
    }
  }
}
