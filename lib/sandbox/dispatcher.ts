/**
 * Delivers queued callbacks (DESIGN §4): signed in both header styles, any 2xx is success, otherwise retried
 * after the configured schedule with ±20% jitter until the attempts run out. Every attempt is recorded.
 * The queue lives in the database, so a restarted sandbox resumes whatever was pending.
 */
import { randomUUID } from "node:crypto";
import type { Database } from "@/lib/database";
import { sign, signStandardWebhook } from "@/lib/signing";
import type { ResolvedOptions } from "./options";
import { type CallbackRow, claimDueCallbacks, recordAttempt, settleCallback } from "./store/callbacks";

const BATCH = 16;

export class CallbackDispatcher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private readonly inFlight = new AbortController();

  constructor(
    private readonly db: Database,
    private readonly opts: ResolvedOptions,
  ) {}

  start(): void {
    this.stopped = false;
    this.kick();
  }

  /** Looks for due callbacks now (called when an event is queued). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.drain()
      .catch((error) => {
        if (!this.stopped) console.error("sandbox: callback dispatcher:", error);
      })
      .finally(() => {
        this.running = undefined;
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
    await this.running;
  }

  private async drain(): Promise<void> {
    for (;;) {
      const now = this.opts.now();
      const lease = new Date(now.getTime() + this.opts.callbackTimeoutMs + 5_000);
      const due = await claimDueCallbacks(this.db, now, lease, BATCH);
      await Promise.all(due.map((cb) => this.deliver(cb)));
      if (due.length < BATCH || this.stopped) return;
    }
  }

  private async deliver(cb: CallbackRow): Promise<void> {
    const attempt = cb.attempts + 1;
    const startedAt = this.opts.now();
    const started = performance.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    const secret = this.opts.accounts.get(cb.client_id);
    if (secret === undefined) {
      error = `merchant account ${cb.client_id} is no longer configured`;
    } else {
      try {
        const timestamp = Math.floor(startedAt.getTime() / 1000);
        const response = await fetch(cb.url, {
          method: "POST",
          body: cb.body,
          redirect: "manual",
          signal: AbortSignal.any([this.inFlight.signal, AbortSignal.timeout(this.opts.callbackTimeoutMs)]),
          headers: {
            "content-type": "application/json",
            "user-agent": "payorders-sandbox/1",
            "x-client-id": cb.client_id,
            "x-signature": sign(secret, cb.body),
            "webhook-id": cb.id,
            "webhook-timestamp": String(timestamp),
            "webhook-signature": signStandardWebhook(secret, cb.id, timestamp, cb.body),
          },
        });
        statusCode = response.status;
        await response.body?.cancel().catch(() => {});
      } catch (e) {
        error = this.inFlight.signal.aborted ? "aborted: the sandbox shut down" : describeError(e);
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
