/**
 * Delivers queued callbacks (docs/architecture.md, Callbacks): signed in both header styles, any 2xx is success, otherwise retried
 * after the configured schedule with ±RETRY_JITTER (20%) jitter until the attempts run out. Every attempt is recorded.
 * The queue lives in the database, so a restarted sandbox resumes whatever was pending. With tracing on, each
 * POST is a client span in the trace its order was created in (order-traces.ts), whose `traceparent` it sends:
 * the dashboard's receiver continues that trace.
 */
import { randomUUID } from "node:crypto";
import type { Database } from "@/lib/database";
import { callbackAuthHeaders } from "./callback-signing";
import type { ResolvedOptions } from "./options";
import {
  claimDueCallbacks,
  enqueueStaleCallback,
  recordAttempt,
  settleCallback,
} from "@/lib/database/sandbox/callbacks";
import type {
  CallbackChaos,
  SandboxCallbackAttemptRow,
  SandboxCallbackRow,
} from "@/lib/database/sandbox/schema";
import type { AccountDirectory } from "./accounts";
import { chaosDraw, has, spoilerOf, staleChaos } from "./chaos";
import type { Merchant } from "./context";
import { log } from "@/lib/observability/logger";
import { isForeignKeyViolation } from "@/lib/database/conflicts";
import {
  contextFromTraceparent,
  SpanKind,
  spanError,
  startSpan,
  traceHeaders,
} from "@/lib/observability/tracing";
import { orderTrace } from "./order-traces";

/** Deliveries in flight at once; each one runs on its own, so a receiver that hangs holds only its slot. */
const MAX_IN_FLIGHT = 16;
/** A retry comes this fraction of its delay earlier or later at random, so failed receivers are not stampeded. */
export const RETRY_JITTER = 0.2;

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
    private readonly accounts: AccountDirectory,
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
        if (!this.stopped) log().error({ err: error }, "sandbox: callback dispatcher failed");
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

  private startDelivery(cb: SandboxCallbackRow): void {
    const delivery: Promise<void> = this.deliver(cb)
      .catch((error) => {
        if (this.stopped) return;
        // Its callback (or order) went while it was sent: its QA run was reset or removed (runs.ts).
        if (isForeignKeyViolation(error))
          log().info({ callbackId: cb.id }, "sandbox: callback removed with its run during delivery");
        // Otherwise the lease runs out and the callback is due again.
        else log().error({ err: error, callbackId: cb.id }, "sandbox: callback delivery failed");
      })
      .finally(() => {
        this.deliveries.delete(delivery);
        this.kick();
      });
    this.deliveries.add(delivery);
  }

  private async deliver(cb: SandboxCallbackRow): Promise<void> {
    const attempt = cb.attempts + 1;
    const chaos = cb.chaos;
    const spoiler = spoilerOf(chaos, attempt);
    const startedAt = this.opts.now();
    const started = performance.now();
    const account = await this.accounts.find(cb.clientId);
    let headers: Record<string, string> | undefined;
    let sent: Sent;
    if (account === undefined) {
      sent = { statusCode: null, error: `merchant account ${cb.clientId} is no longer configured` };
    } else {
      headers = this.headersFor(cb, account, startedAt, spoiler === "bad-signature");
      sent =
        spoiler === "drop"
          ? { statusCode: null, error: "not sent: dropped on purpose (callback chaos)" }
          : await this.send(cb, headers, attempt);
    }
    const durationMs = Math.round(performance.now() - started);
    const answered2xx = is2xx(sent);
    // A spoiled attempt is retried whatever the receiver answered: the chaos promises a good one after it.
    const delivered = answered2xx && !spoiler;
    const attempts: SandboxCallbackAttemptRow[] = [
      {
        id: randomUUID(),
        callbackId: cb.id,
        attempt,
        startedAt,
        durationMs,
        statusCode: sent.statusCode,
        error: errorOf(sent),
        chaos: attemptChaosNote(chaos, attempt, spoiler),
      },
    ];
    if (delivered && headers && has(chaos, "duplicate")) {
      // The same message again, byte for byte (webhook-id, timestamp and signatures included).
      const again = this.opts.now();
      const t = performance.now();
      const dup = await this.send(cb, headers, attempt + 1);
      attempts.push({
        id: randomUUID(),
        callbackId: cb.id,
        attempt: attempt + 1,
        startedAt: again,
        durationMs: Math.round(performance.now() - t),
        statusCode: dup.statusCode,
        error: errorOf(dup),
        chaos: "duplicate",
      });
    }
    const finishedAt = this.opts.now();
    const outcome = delivered
      ? ({ state: "delivered", at: finishedAt } as const)
      : account === undefined || attempt >= this.opts.maxAttempts
        ? ({ state: "failed", at: finishedAt } as const)
        : ({
            state: "pending",
            nextAttemptAt: new Date(finishedAt.getTime() + this.backoff(attempt, cb)),
          } as const);
    let staleQueued = false;
    await this.db.transaction(async (tx) => {
      for (const a of attempts) await recordAttempt(tx, a);
      await settleCallback(tx, cb.id, attempts.at(-1)?.attempt ?? attempt, outcome);
      if (delivered && chaos && has(chaos, "out-of-order")) {
        staleQueued = await enqueueStaleCallback(tx, cb, staleChaos(chaos), finishedAt);
      }
    });
    if (staleQueued) this.kick();
  }

  /** Both signature styles (or the one the chaos leaves), made with the account's secret(s). */
  private headersFor(
    cb: SandboxCallbackRow,
    { secret, nextSecret: next }: Merchant,
    at: Date,
    badSignature: boolean,
  ): Record<string, string> {
    // A wrong key, so every signature fails to verify while the headers look as usual.
    const key = (s: string) => (badSignature ? `${s}:not-the-secret` : s);
    const timestamp = Math.floor(at.getTime() / 1000);
    const headers: Record<string, string> = {
      "content-type": "application/json",
      "user-agent": "payorders-sandbox/1",
      ...callbackAuthHeaders(cb.body, {
        contract: has(cb.chaos, "webhook-signature-only")
          ? undefined
          : { clientId: cb.clientId, key: key(secret) },
        standard: has(cb.chaos, "x-signature-only")
          ? undefined
          : {
              webhookId: cb.id,
              timestamp,
              keys: next === undefined ? [key(secret)] : [key(secret), key(next)],
            },
      }),
    };
    return headers;
  }

  /** One POST of the callback; a network error or time-out is an error, not a throw. */
  private async send(
    cb: SandboxCallbackRow,
    headers: Record<string, string>,
    attempt: number,
  ): Promise<Sent> {
    const span = startSpan("callback send", {
      kind: SpanKind.CLIENT,
      parent: contextFromTraceparent(orderTrace(cb.orderId)),
      attributes: {
        "http.request.method": "POST",
        "url.full": cb.url,
        "payorders.callback.id": cb.id,
        "payorders.callback.attempt": attempt,
        "payorders.callback.status": cb.status,
        "payorders.sandbox_order.id": cb.orderId,
      },
    });
    if (!span) return this.post(cb, headers);
    const sent = await this.post(cb, traceHeaders(headers, span));
    if (sent.statusCode !== null) span.setAttribute("http.response.status_code", sent.statusCode);
    if (!is2xx(sent))
      spanError(
        span,
        sent.statusCode === null ? "network" : String(sent.statusCode),
        sent.error ?? undefined,
      );
    span.end();
    return sent;
  }

  private async post(cb: SandboxCallbackRow, headers: Record<string, string>): Promise<Sent> {
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
      const response = await fetch(cb.url, {
        method: "POST",
        body: cb.body,
        redirect: "manual",
        signal: attemptAbort.signal,
        headers,
      });
      await drainAtMost(response, MAX_ANSWER_READ_BYTES);
      return { statusCode: response.status, error: null };
    } catch (e) {
      return {
        statusCode: null,
        error: this.inFlight.signal.aborted ? "aborted: the sandbox shut down" : describeError(e),
      };
    } finally {
      clearTimeout(timeout);
      this.inFlight.signal.removeEventListener("abort", onStop);
    }
  }

  /**
   * Delay before the retry that follows failed attempt number `attempt`. Under chaos the jitter is drawn
   * from the seed, so a replayed run retries at the same moments.
   */
  private backoff(attempt: number, cb: SandboxCallbackRow): number {
    const schedule = this.opts.retrySchedule;
    const base = schedule[Math.min(attempt - 1, schedule.length - 1)] ?? 1_000;
    const draw = cb.chaos
      ? chaosDraw(cb.chaos.seed, paymentIdOf(cb.body), `retry ${attempt}`)
      : Math.random();
    return Math.round(base * (1 - RETRY_JITTER + draw * 2 * RETRY_JITTER));
  }
}

interface Sent {
  statusCode: number | null;
  error: string | null;
}

/** How much of a receiver's answer is read before the rest is dropped. */
const MAX_ANSWER_READ_BYTES = 64 * 1024;

/**
 * Reads a receiver's answer to its end when it is small (a receiver's usual answer), so the receiver sees its
 * response delivered rather than cut off — a server that ends its request's work, log or trace span on the
 * response's end would otherwise lose it — and stops reading past `limit` bytes (an answer is never kept).
 * Errors while reading change nothing: the status is what counts.
 */
async function drainAtMost(response: Response, limit: number): Promise<void> {
  const reader = response.body?.getReader();
  if (!reader) return;
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
      if (read > limit) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // A receiver that resets the connection after its status line: the status already counts.
  }
}

const is2xx = (sent: Sent) => sent.statusCode !== null && sent.statusCode >= 200 && sent.statusCode < 300;

/** What went wrong with an attempt, as its record says it: the error, or the non-2xx status. */
const errorOf = (sent: Sent) => sent.error ?? (is2xx(sent) ? null : `HTTP ${sent.statusCode}`);

/** What was done to an attempt on purpose, for the order's record; null when nothing was. */
function attemptChaosNote(
  chaos: CallbackChaos | null,
  attempt: number,
  spoiler: string | undefined,
): string | null {
  if (!chaos) return null;
  const notes: string[] = [];
  if (spoiler) notes.push(spoiler);
  if (attempt === 1 && has(chaos, "late")) notes.push(`late (held ${chaos.delayMs} ms)`);
  if (has(chaos, "stale")) notes.push("out-of-order (an older status after the newer one)");
  for (const style of ["x-signature-only", "webhook-signature-only"] as const)
    if (has(chaos, style)) notes.push(style);
  return notes.length > 0 ? notes.join(", ") : null;
}

function paymentIdOf(body: string): string {
  try {
    return String((JSON.parse(body) as { paymentId?: unknown }).paymentId ?? "");
  } catch {
    return "";
  }
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
    return `${error.name}: ${error.message}${cause}`.slice(0, 500);
  }
  return String(error).slice(0, 500);
}
