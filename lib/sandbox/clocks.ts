/**
 * Account clocks (POST /sandbox/clock, issue 9 §2): each account's time is the real time plus how far QA
 * moved its clock (lib/database/sandbox/clocks.ts). Creates read the offset on every order; it is cached
 * for CACHE_MS, so a move made through another sandbox instance sharing the database reaches this one's new
 * orders within that time (this instance's own moves, at once). Expiry and status changes read the clock in
 * SQL, always exact. Creates that find the cache stale together share one read (under load, every create
 * of the moment read it: a fifth of the statements the database ran).
 */
import type { Sql } from "@/lib/database";
import { SANDBOX_CLOCK_MAX_ADVANCE_SECONDS } from "@/lib/contract";
import { advanceClock, clockOffsetMs, resetClock } from "@/lib/database/sandbox/clocks";

const CACHE_MS = 1_000;
/** The furthest an account's clock may run ahead of the real one, all moves together. */
export const MAX_CLOCK_OFFSET_MS = SANDBOX_CLOCK_MAX_ADVANCE_SECONDS * 1000;

export class AccountClocks {
  private readonly offsets = new Map<string, { offsetMs: number; readAt: number }>();
  /**
   * The read in flight per account, shared by the creates that wait for it. A move, reset or forget removes it
   * (settle), so a read begun before one of them is not cached over it.
   */
  private readonly reading = new Map<string, Promise<number>>();

  constructor(
    private readonly db: Sql,
    private readonly realNow: () => Date,
  ) {}

  /** How far the account's clock runs ahead of the real one, in ms. */
  async offsetMs(clientId: string): Promise<number> {
    const real = this.realNow().getTime();
    const cached = this.offsets.get(clientId);
    if (cached && real - cached.readAt < CACHE_MS) return cached.offsetMs;
    const inFlight = this.reading.get(clientId);
    if (inFlight) return inFlight;
    const read = clockOffsetMs(this.db, clientId);
    this.reading.set(clientId, read);
    try {
      const offsetMs = await read;
      // Cached only when the clock did not change while it was read (a change removes the read: settle).
      if (this.reading.get(clientId) === read) this.offsets.set(clientId, { offsetMs, readAt: real });
      return offsetMs;
    } finally {
      if (this.reading.get(clientId) === read) this.reading.delete(clientId);
    }
  }

  /** The account's clock is now `offsetMs` (undefined: unknown, read it afresh); a read in flight no longer counts. */
  private settle(clientId: string, offsetMs: number | undefined): void {
    this.reading.delete(clientId);
    if (offsetMs === undefined) this.offsets.delete(clientId);
    else this.offsets.set(clientId, { offsetMs, readAt: this.realNow().getTime() });
  }

  /** The account's time now. */
  async now(clientId: string): Promise<Date> {
    const offset = await this.offsetMs(clientId);
    return new Date(this.realNow().getTime() + offset);
  }

  /** The account's clock was deleted (a run reset or removed): read it afresh. */
  forget(clientId: string): void {
    this.settle(clientId, undefined);
  }

  /**
   * Moves the account's clock `byMs` (> 0) forwards; returns the new offset, or undefined when that would
   * take it more than MAX_CLOCK_OFFSET_MS ahead of the real time (not moved).
   */
  async advance(clientId: string, byMs: number): Promise<number | undefined> {
    const offsetMs = await advanceClock(this.db, clientId, byMs, MAX_CLOCK_OFFSET_MS);
    this.settle(clientId, offsetMs);
    return offsetMs;
  }

  /** Puts the account's clock back on the real time. */
  async reset(clientId: string): Promise<void> {
    await resetClock(this.db, clientId);
    this.settle(clientId, 0);
  }
}
