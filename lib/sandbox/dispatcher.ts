/**
 * Delivers queued callbacks (DESIGN §4): signed in both header styles, any 2xx is success, otherwise retried
 * after the configured schedule with ±20% jitter until the attempts run out. Every attempt is recorded.
 * The queue lives in the database, so a restarted sandbox resumes whatever was pending.
 */
import { randomUUID } from "node:crypto";
import type { Database } from "@/lib/database";
import { sign, signStandardWebhook } from "@/lib/signing";
import type { ResolvedOptions } from "./options";
import {
  type CallbackRow,
  claimDueCallbacks,
  recordAttempt,
  settleCallback,
} from "@/lib/database/sandbox/callbacks";

/** Deliveries in flight at once; each one runs on its own, so a receiver that hangs holds only its slot. */
const MAX_IN_FLIGHT = 16;

export class CallbackDispatcher {
  private timer: NodeJS.Timeout | undefined;
  private claiming: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private readonly inFlight = new AbortController();
  private readonly deliveries = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly opts: ResolvedOptions,
  ) {}

  start(): void {
    this.stopped = false;
    this.kick();
  }

  /** Looks for due callbacks now (called when an event is queued and when a delivery frees its slot). */
  kick(): void {
    if (this.stopped) return;
    if (this.claiming) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.claiming = this.claim()
      .catch((error) => {
        if (!this.stopped) console.error("sandbox: callback dispatcher:", error);
      })
      .finally(() => {
        this.claiming = undefined;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.kick();
        } else {
          this.timer = setTimeout(() => this.kick(), this.opts.dispatcherPollMs);
        }
      });
  }

  /** Stops polling, aborts deliveries in flight (they are recorded and stay pending) and waits for them. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.inFlight.abort();
    await this.claiming;
    await Promise.all(this.deliveries);
  }

  /** Leases due callbacks for the free slots and starts their deliveries without waiting for them. */
  private async claim(): Promise<void> {
    for (;;) {
      const free = MAX_IN_FLIGHT - this.deliveries.size;
      if (free <= 0 || this.stopped) return;
      const now = this.opts.now();
      const lease = new Date(now.getTime() + this.opts.callbackTimeoutMs + 5_000);
      const due = await claimDueCallbacks(this.db, now, lease, free);
      for (const cb of due) this.startDelivery(cb);
      if (due.length < free) return;
    }
  }

  private startDelivery(cb: CallbackRow): void {
    const delivery: Promise<void> = this.deliver(cb)
      .catch((error) => {
        // The lease runs out and the callback is due again.
        if (!this.stopped) console.error(`sandbox: callback ${cb.id}:`, error);
      })
      .finally(() => {
        this.deliveries.delete(delivery);
        this.kick();
      });
    this.deliveries.add(delivery);
  }

  private async deliver(cb: CallbackRow): Promise<void> {
    const attempt = cb.attempts + 1;
    const startedAt = this.opts.now();
    const started = performance.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    const secret = this.opts.accounts.get(cb.clientId);
    if (secret === undefined) {
      error = `merchant account ${cb.clientId} is no longer configured`;
    } else {
      // Our own timer, not AbortSignal.any([…, AbortSignal.timeout()]): on Node 20 the garbage collector can
      // reclaim a timeout signal held only by a composite one, and then a hung receiver is never given up on.
      const attemptAbort = new AbortController();
      const timeout = setTimeout(
        () => attemptAbort.abort(new DOMException("the receiver did not answer in time", "TimeoutError")),
        this.opts.callbackTimeoutMs,
      );
      const onStop = () => attemptAbort.abort(this.inFlight.signal.reason);
      if (this.inFlight.signal.aborted) onStop();
      else this.inFlight.signal.addEventListener("abort", onStop, { once: true });
      try {
        const timestamp = Math.floor(startedAt.getTime() / 1000);
        const response = await fetch(cb.url, {
          method: "POST",
          body: cb.body,
          redirect: "manual",
          signal: attemptAbort.signal,
          headers: {
            "content-type": "application/json",
            "user-agent": "payorders-sandbox/1",
            "x-client-id": cb.clientId,
            "x-signature": sign(secret, cb.body),
            "webhook-id": cb.id,
            "webhook-timestamp": String(timestamp),
            "webhook-signature": webhookSignatures(
              [secret, this.opts.nextSecrets.get(cb.clientId)],
              cb.id,
              timestamp,
              cb.body,
            ),
          },
        });
        statusCode = response.status;
        await response.body?.cancel().catch(() => {});
      } catch (e) {
        error = this.inFlight.signal.aborted ? "aborted: the sandbox shut down" : describeError(e);
      } finally {
        clearTimeout(timeout);
        this.inFlight.signal.removeEventListener("abort", onStop);
      }
    }
    const durationMs = Math.round(performance.now() - started);
    const delivered = statusCode !== null && statusCode >= 200 && statusCode < 300;
    const finishedAt = this.opts.now();
    const outcome = delivered
      ? ({ state: "delivered", at: finishedAt } as const)
      : secret === undefined || attempt >= this.opts.maxAttempts
        ? ({ state: "failed", at: finishedAt } as const)
        : ({
            state: "pending",
            nextAttemptAt: new Date(finishedAt.getTime() + this.backoff(attempt)),
          } as const);
    await this.db.transaction(async (tx) => {
      await recordAttempt(tx, {
        id: randomUUID(),
        callbackId: cb.id,
        attempt,
        startedAt,
        durationMs,
        statusCode,
        error: error ?? (delivered ? null : `HTTP ${statusCode}`),
      });
      await settleCallback(tx, cb.id, attempt, outcome);
    });
  }

  /** Delay before the retry that follows failed attempt number `attempt`. */
  private backoff(attempt: number): number {
    const schedule = this.opts.retrySchedule;
    const base = schedule[Math.min(attempt - 1, schedule.length - 1)] ?? 1_000;
    return Math.round(base * (0.8 + Math.random() * 0.4));
  }
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
    return `${error.name}: ${error.message}${cause}`.slice(0, 500);
  }
  return String(error).slice(0, 500);
}

/** Standard Webhooks' header with one `v1,` signature per secret (two while the account is rotated). */
function webhookSignatures(
  secrets: (string | undefined)[],
  id: string,
  timestamp: number,
  body: string,
): string {
  return secrets
    .filter((s): s is string => s !== undefined)
    .map((s) => signStandardWebhook(s, id, timestamp, body))
    .join(" ");
}
