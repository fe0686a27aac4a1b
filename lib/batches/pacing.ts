/**
 * How the batch sender paces itself and retries (docs/architecture.md, Batch sender): a pacer shared by
 * every worker of a sender (the whole batch backs off, not only the row that met the limit), and the
 * row's retry policy, which resends the same request (same paymentId) until an answer settles it.
 *
 * - 429: every worker waits for the service's Retry-After (else a back-off) before its next call, and the
 *   sender's concurrency is halved, then grows back by one per round of successes (AIMD).
 * - Timeouts, network errors, 5xx (and 408, 425): the row is sent again after a capped exponential back-off
 *   with jitter, up to `maxTries` calls. A repeated paymentId with the same body answers the order the
 *   first call made (the contract's idempotency), so a retry after a call that did land makes nothing new.
 * - Anything else (a 4xx refusing the order, 401/403/404 about the dashboard's own setup, a body breaking
 *   the contract) settles the row at once.
 */
import "server-only";
import type { PayoutRequest } from "@/lib/contract";
import { PaymentApiError, PaymentApiProblemError, type PaymentApi } from "@/lib/payment-api";
import { SendAbandoned } from "@/lib/orders/send";

export interface RetryPolicy {
  /** Calls of one row in all for timeouts, network errors and 5xx, the first included. */
  maxTries: number;
  /** 429 answers one row takes before it settles as failed (each honours Retry-After). */
  maxRateLimited: number;
  /** The first back-off; each next one doubles, up to `capMs`. */
  baseMs: number;
  capMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxTries: 6,
  maxRateLimited: 30,
  baseMs: 1_000,
  capMs: 30_000,
};

/** Statuses that say "not now" rather than "not this order". */
const TRANSIENT_STATUSES = new Set([408, 425]);

export type FailureClass = "rate-limited" | "transient" | "final";

export function classifyFailure(error: unknown): FailureClass {
  if (error instanceof PaymentApiProblemError) {
    if (error.status === 429) return "rate-limited";
    if (error.status >= 500 || TRANSIENT_STATUSES.has(error.status)) return "transient";
    return "final";
  }
  if (error instanceof PaymentApiError)
    return error.kind === "timeout" || error.kind === "network" ? "transient" : "final";
  return "final";
}

/** Whether a failure stored on an order (orders.last_error, PaymentApiErrorJson) was a passing one. */
export function storedFailureIsTransient(lastError: Record<string, unknown> | null): boolean {
  const kind = lastError?.kind;
  if (kind === "timeout" || kind === "network") return true;
  const status = lastError?.status;
  return (
    kind === "problem" &&
    typeof status === "number" &&
    (status === 429 || status >= 500 || TRANSIENT_STATUSES.has(status))
  );
}

/** Wait before try `nextTry` (2, 3, …): base × 2^(n−2), capped, "equal jitter" (half fixed, half random). */
export function retryDelay(nextTry: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const exp = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, nextTry - 2));
  return Math.round(exp / 2 + random() * (exp / 2));
}

export interface PacerOptions {
  /** The most calls in flight at once (the sender's workers). */
  maxConcurrency: number;
  now?: () => number;
  random?: () => number;
}

/** A permit to make one call; given back with its outcome. */
export interface Ticket {
  /** The pacer's epoch when the call was let through: a 429 of an older call does not halve again. */
  readonly epoch: number;
}

/**
 * The shared gate every call of a sender passes: at most `limit` calls in flight (first come, first
 * served), none while a 429's Retry-After runs.
 */
export class SendPacer {
  readonly maxConcurrency: number;
  private limitNow: number;
  private inFlight = 0;
  private successes = 0;
  private epoch = 0;
  private pausedUntil = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly waiting: { resolve: (t: Ticket) => void; reject: (e: Error) => void }[] = [];
  private readonly sleepers = new Set<() => void>();
  private closedNow = false;
  private readonly now: () => number;
  private readonly random: () => number;

  constructor(opts: PacerOptions) {
    this.maxConcurrency = Math.max(1, opts.maxConcurrency);
    this.limitNow = this.maxConcurrency;
    this.now = opts.now ?? Date.now;
    this.random = opts.random ?? Math.random;
  }

  /** Calls let through at once now (halved by a 429, grown back by successes). */
  get limit(): number {
    return this.limitNow;
  }

  /** Milliseconds until calls may go again (0 when they may now). */
  get pausedForMs(): number {
    return Math.max(0, this.pausedUntil - this.now());
  }

  get closed(): boolean {
    return this.closedNow;
  }

  /** Waits for a permit: no pause running and fewer than `limit` calls in flight. SendAbandoned once closed. */
  acquire(): Promise<Ticket> {
    if (this.closedNow) return Promise.reject(new SendAbandoned());
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.pump();
    });
  }

  /** Waits `ms` (a row's back-off); SendAbandoned when the pacer is closed meanwhile. */
  sleep(ms: number): Promise<void> {
    if (this.closedNow) return Promise.reject(new SendAbandoned());
    return new Promise((resolve, reject) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        if (this.closedNow) reject(new SendAbandoned());
        else resolve();
      };
      const timer = setTimeout(wake, ms);
      this.sleepers.add(wake);
    });
  }

  /** The sender stops: every wait ends with SendAbandoned (its order stays "Submitting", under its lease). */
  close(): void {
    this.closedNow = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const w of this.waiting.splice(0)) w.reject(new SendAbandoned());
    for (const wake of [...this.sleepers]) wake();
  }

  /** The call went through (any answer but a 429). */
  succeeded(_ticket: Ticket): void {
    this.inFlight--;
    if (++this.successes >= this.limitNow) {
      this.successes = 0;
      this.limitNow = Math.min(this.maxConcurrency, this.limitNow + 1);
    }
    this.pump();
  }

  /** The call failed for a reason of its own (a timeout, a 5xx): its row backs off, the others go on. */
  failed(_ticket: Ticket): void {
    this.inFlight--;
    this.pump();
  }

  /**
   * The service answered 429: nobody calls for `retryAfterMs` (plus up to a tenth more, so instances do
   * not all come back in the same millisecond), and the limit halves once per pause however many calls
   * in flight meet it.
   */
  rateLimited(ticket: Ticket, retryAfterMs: number): void {
    this.inFlight--;
    const until = this.now() + retryAfterMs + Math.round(this.random() * retryAfterMs * 0.1);
    this.pausedUntil = Math.max(this.pausedUntil, until);
    if (ticket.epoch === this.epoch) {
      this.epoch++;
      this.limitNow = Math.max(1, Math.floor(this.limitNow / 2));
      this.successes = 0;
    }
    this.pump();
  }

  private pump(): void {
    if (this.closedNow) return;
    const wait = this.pausedForMs;
    if (wait > 0) {
      if (this.waiting.length > 0 && this.timer === undefined) {
        this.timer = setTimeout(() => {
          this.timer = undefined;
          this.pump();
        }, wait);
        this.timer.unref();
      }
      return;
    }
    while (this.waiting.length > 0 && this.inFlight < this.limitNow) {
      this.inFlight++;
      this.waiting.shift()?.resolve({ epoch: this.epoch });
    }
  }
}

export interface PacedSendOptions {
  pacer: SendPacer;
  policy: RetryPolicy;
  /** Injected by unit tests to skip real waiting. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Told of every try that will be followed by another (for the row's lease and the log). */
  onRetry?: (info: { tries: number; rateLimited: number; waitMs: number; error: PaymentApiError }) => void;
}

/** What a paced create reports besides the order: how many calls it took. */
export interface PacedOutcome {
  tries: number;
  rateLimited: number;
}

/**
 * `createPayout` through the pacer, retried by the policy: resolves with the service's order, or throws
 * the last error once the row is settled as failed (its `attempts` counting every HTTP attempt made).
 * `outcome` is filled in as it goes.
 */
export function pacedCreatePayout(
  api: Pick<PaymentApi, "createPayout">,
  opts: PacedSendOptions,
  outcome: PacedOutcome = { tries: 0, rateLimited: 0 },
): PaymentApi["createPayout"] {
  const sleep = opts.sleep ?? ((ms: number) => opts.pacer.sleep(ms));
  return async (request: PayoutRequest) => {
    let earlierAttempts = 0;
    let transientTries = 0;
    for (;;) {
      const ticket = await opts.pacer.acquire();
      outcome.tries++;
      try {
        const order = await api.createPayout(request);
        opts.pacer.succeeded(ticket);
        return { ...order, attempts: order.attempts + earlierAttempts };
      } catch (error) {
        const kind = classifyFailure(error);
        if (kind === "rate-limited") {
          const retryAfterMs =
            (error as PaymentApiProblemError).retryAfterMs ??
            retryDelay(outcome.rateLimited + 2, opts.policy, opts.random);
          opts.pacer.rateLimited(ticket, retryAfterMs);
        } else if (kind === "transient") opts.pacer.failed(ticket);
        else opts.pacer.succeeded(ticket);
        if (!(error instanceof PaymentApiError) || kind === "final") throw error;
        error.addEarlierAttempts(earlierAttempts);
        earlierAttempts = error.attempts;
        let waitMs = 0;
        if (kind === "rate-limited") {
          if (++outcome.rateLimited >= opts.policy.maxRateLimited) throw error;
          waitMs = opts.pacer.pausedForMs;
        } else {
          if (++transientTries >= opts.policy.maxTries) throw error;
          waitMs = retryDelay(transientTries + 1, opts.policy, opts.random);
        }
        opts.onRetry?.({ tries: outcome.tries, rateLimited: outcome.rateLimited, waitMs, error });
        // A rate-limited call waits in acquire(), with every other worker, for the pause to end.
        if (kind === "transient") await sleep(waitMs);
      }
    }
  };
}
