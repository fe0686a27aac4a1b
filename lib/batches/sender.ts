/**
 * The batch sender (docs/architecture.md, Batch sender): sends the rows of "sending" batches in the
 * background, `concurrency` at a time, each row exactly once, across crashes, restarts and instances.
 *
 * The row-claim pattern the single-order resume already trusts, not a job queue: a worker claims a few rows
 * (claimBatchRows: FOR UPDATE SKIP LOCKED, a lease), and each row becomes an ordinary order through the
 * ordinary path: insertOrder with the row's paymentId ("Submitting", with the order's own send lease), then
 * send(). Exactly once comes from the paymentId, not from the claim: orders are unique by direction and
 * paymentId, so a row claimed twice (its first sender died, or its lease ran out mid-call) finds its order
 * instead of making another; an order left "Submitting" by a crash is resent with its own paymentId once
 * its lease has run out, here or by the resume loop (lib/orders/resume.ts), and the service answers a
 * repeated paymentId with the order it already made.
 *
 * Every call goes through the sender's pacer and retry policy (./pacing.ts): a 429 holds back every worker
 * for its Retry-After, a timeout, network error or 5xx is tried again after a back-off, and only a definite
 * answer (the order made, or refused) or spent retries settle a row. While a worker waits, a heartbeat
 * renews the leases of its rows and of the order it is sending, so nobody takes them for orphaned.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import type { PayoutRequest } from "@/lib/contract";
import { canonicalise } from "@/lib/contract/canonical-json";
import { REFUSED, SUBMIT_FAILED, SUBMITTING } from "@/lib/database/dashboard/local-status";
import {
  claimOrderForResubmit,
  getOrderById,
  insertOrder,
  type OrderRow,
  renewSubmitLease,
} from "@/lib/database/dashboard/queries/orders";
import {
  claimBatchRows,
  finishBatches,
  getBatch,
  markRowsSent,
  type PayoutBatchLineRow,
  renewRowLeases,
  type SettledRow,
} from "@/lib/database/dashboard/queries/payout-batches";
import { failureInWords } from "@/lib/orders/refusal";
import { resumeOrder } from "@/lib/orders/retry";
import { type OrderSubmitDeps, SendAbandoned, send, submitLeaseMs } from "@/lib/orders/send";
import { postbackUrlFor, requestFields } from "@/lib/orders/submit";
import { type PeriodicLoop, startPeriodicLoop } from "@/lib/periodic-loop";
import {
  DEFAULT_RETRY_POLICY,
  type PacedOutcome,
  pacedCreatePayout,
  type RetryPolicy,
  SendPacer,
  storedFailureIsTransient,
} from "./pacing";

/** Rows sent at the same time by one process. */
export const BATCH_CONCURRENCY = 8;
/** Rows one worker claims at a time (one claim per this many sends). */
const CLAIM = 4;

export interface SenderSummary {
  /** Rows settled (their order exists). */
  sent: number;
  /** Of those, how many found their order already made (a row claimed again after a crash). */
  found: number;
  /** Of those, how many settled on an order that failed (refused, or not sent once its retries were spent). */
  failed: number;
  /** Rows left for later: their order is being sent by someone else (the resume loop, another instance). */
  deferred: number;
  /** The batches this pass finished (no row left to send). */
  finished: string[];
}

export interface SenderOptions {
  /** Workers of this pass (rows in flight at most). Default BATCH_CONCURRENCY. */
  concurrency?: number;
  /** Shared by the passes of one loop, so a 429's pause outlives the pass that met it. */
  pacer?: SendPacer;
  policy?: RetryPolicy;
}

/** The creator of each batch, read once per pass: the orders of a batch are theirs. */
type Creators = Map<string, Promise<string | null>>;

interface Pass {
  deps: OrderSubmitDeps;
  pacer: SendPacer;
  policy: RetryPolicy;
  creators: Creators;
}

/** What a worker holds: the rows it claimed and has not settled, and the order it is sending, each with
 * when its lease was last taken or renewed. */
interface Held {
  rows: Map<string, { row: PayoutBatchLineRow; since: number }>;
  order: { id: string; since: number } | null;
}

const rowKey = (r: Pick<PayoutBatchLineRow, "batchId" | "rowNumber">) => `${r.batchId}:${r.rowNumber}`;

/** One pass: `concurrency` workers claim and send rows until none is left to claim. */
export async function sendBatchRows(deps: OrderSubmitDeps, opts: SenderOptions = {}): Promise<SenderSummary> {
  const concurrency = opts.concurrency ?? BATCH_CONCURRENCY;
  const pass: Pass = {
    deps,
    pacer: opts.pacer ?? new SendPacer({ maxConcurrency: concurrency }),
    policy: opts.policy ?? DEFAULT_RETRY_POLICY,
    creators: new Map(),
  };
  const summary: SenderSummary = { sent: 0, found: 0, failed: 0, deferred: 0, finished: [] };
  const touched = new Set<string>();
  const orderLeaseMs = submitLeaseMs(deps);
  // Several sends' worth: a worker sends its claim one row after another.
  const rowLeaseMs = orderLeaseMs * CLAIM;
  const worker = async () => {
    const held: Held = { rows: new Map(), order: null };
    const heartbeat = startHeartbeat(deps, held, { rowLeaseMs, orderLeaseMs });
    try {
      // A closed pacer (the sender stopping) claims nothing more; the rows held are left to their leases.
      while (!pass.pacer.closed) {
        const rows = await claimBatchRows(deps.sql, { leaseMs: rowLeaseMs, limit: CLAIM });
        if (rows.length === 0) return;
        const claimedAt = Date.now();
        for (const row of rows) held.rows.set(rowKey(row), { row, since: claimedAt });
        // Settled together once the claim is sent (one write, not one a row); a crash before it leaves
        // them to be claimed again, and they find their orders.
        const settled: SettledRow[] = [];
        for (const row of rows) {
          touched.add(row.batchId);
          const result = await sendRow(pass, row, held);
          held.order = null;
          if (result === "deferred") {
            held.rows.delete(rowKey(row));
            summary.deferred++;
            continue;
          }
          settled.push(result.row);
          summary.sent++;
          if (result.found) summary.found++;
          if (result.failed) summary.failed++;
        }
        await markRowsSent(deps.sql, settled);
        for (const row of rows) held.rows.delete(rowKey(row));
      }
    } finally {
      await heartbeat.stop();
    }
  };
  const ends = await Promise.allSettled(Array.from({ length: concurrency }, worker));
  const failure = ends.find((e) => e.status === "rejected" && !(e.reason instanceof SendAbandoned));
  if (failure) throw (failure as PromiseRejectedResult).reason;
  summary.finished = await finishBatches(deps.sql, [...touched]);
  return summary;
}

/**
 * Renews the leases of what a worker has held for a third of a lease, before they could run out: a quick
 * send never meets it (nothing is written), a worker waiting out a rate limit or a back-off keeps its rows
 * and its order.
 */
function startHeartbeat(
  deps: OrderSubmitDeps,
  held: Held,
  leases: { rowLeaseMs: number; orderLeaseMs: number },
): { stop(): Promise<void> } {
  let beating: Promise<void> | null = null;
  const everyMs = Math.max(250, Math.floor(Math.min(leases.rowLeaseMs, leases.orderLeaseMs) / 3));
  const beat = async () => {
    const now = Date.now();
    const rows = [...held.rows.values()].filter((h) => now - h.since >= everyMs);
    const order = held.order && now - held.order.since >= everyMs ? held.order : null;
    try {
      if (rows.length > 0) {
        await renewRowLeases(
          deps.sql,
          rows.map((h) => h.row),
          { leaseMs: leases.rowLeaseMs },
        );
        for (const h of rows) h.since = now;
      }
      if (order) {
        await renewSubmitLease(deps.sql, order.id, { leaseMs: leases.orderLeaseMs });
        order.since = now;
      }
    } catch {
      // The next beat tries again; a lease that does run out only lets another sender find the order.
    }
  };
  // Checked three times a period, so nothing waits much past its third before it is renewed.
  const timer = setInterval(
    () => {
      beating ??= beat().finally(() => {
        beating = null;
      });
    },
    Math.max(100, Math.floor(everyMs / 3)),
  );
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await beating;
    },
  };
}

function creatorOf(deps: OrderSubmitDeps, creators: Creators, batchId: string): Promise<string | null> {
  let c = creators.get(batchId);
  if (!c) {
    c = getBatch(deps.sql, batchId).then((b) => b?.createdBy ?? null);
    creators.set(batchId, c);
  }
  return c;
}

type RowResult = "deferred" | { found: boolean; failed: boolean; row: SettledRow };

/**
 * Makes (or finds) the row's order and sends it until an answer settles it; the row as it is to be settled.
 * "deferred": its order is being sent by someone else; the row is claimed again when its lease runs out.
 */
async function sendRow(pass: Pass, row: PayoutBatchLineRow, held: Held): Promise<RowResult> {
  const { deps } = pass;
  const userId = await creatorOf(deps, pass.creators, row.batchId);
  const request = canonicalise({
    ...(row.request as unknown as PayoutRequest),
    postbackUrl: postbackUrlFor(deps.publicBaseUrl),
  });
  const fields = requestFields("payout", request);
  const { order, created } = await insertOrder(deps.sql, {
    ...fields,
    id: randomUUID(),
    direction: "payout",
    paymentId: row.paymentId,
    createdBy: userId,
    payToken: null,
    leaseMs: submitLeaseMs(deps),
  });
  held.order = { id: order.id, since: Date.now() };
  const outcome: PacedOutcome = { tries: 0, rateLimited: 0 };
  const paced: OrderSubmitDeps = {
    ...deps,
    userId,
    api: {
      ...deps.api,
      createPayout: pacedCreatePayout(deps.api, { pacer: pass.pacer, policy: pass.policy }, outcome),
    },
  };
  const another = !created && !sameRequest(order, fields.request);
  let sent: { ok: boolean } | null = null;
  if (created) {
    sent = await send(paced, order, request, { action: "order.create" });
  } else if (!another && (order.status === SUBMITTING || resendable(order))) {
    // Orphaned mid-send by a crash, or left "Submit failed" by a send that met a passing failure (the
    // resume loop's single try, or a sender that died before settling the row): sent again with its own
    // paymentId and stored request. A "Submitting" order whose lease still runs is someone else's.
    const claimed = await claimOrderForResubmit(deps.sql, order.id, { leaseMs: submitLeaseMs(deps) });
    if (!claimed) return "deferred";
    sent = await resumeOrder({ ...paced, userId: null }, claimed);
  }
  // Read again only when a send failed: the note says why (Refused or Submit failed, and the error).
  const settled = sent && !sent.ok ? ((await getOrderById(deps.sql, order.id)) ?? order) : order;
  if (another) {
    // Never linked to the other order: that one is not this row's pay-out (another file's, or the form's).
    const note = "Not sent: paymentId already used by another order";
    return {
      found: false,
      failed: true,
      row: { batchId: row.batchId, rowNumber: row.rowNumber, orderId: null, note },
    };
  }
  const failed = sent ? !sent.ok : settled.status === REFUSED || settled.status === SUBMIT_FAILED;
  const note = failed ? failureNote(settled, outcome) : null;
  return {
    found: !created,
    failed,
    row: { batchId: row.batchId, rowNumber: row.rowNumber, orderId: order.id, note },
  };
}

/** A "Submit failed" order whose last error was a passing one (a timeout, a 5xx, a 429). */
function resendable(order: OrderRow): boolean {
  return order.status === SUBMIT_FAILED && storedFailureIsTransient(order.lastError);
}

/** Why the row's order failed, on the batch page and in its results CSV. */
function failureNote(order: OrderRow, outcome: PacedOutcome): string {
  const why = failureInWords(order.lastError);
  if (order.status === REFUSED) return `Refused by the payment service: ${why}`;
  const tries = outcome.tries > 1 ? ` after ${outcome.tries} tries` : "";
  return `Not sent${tries}: ${why}`;
}

function sameRequest(order: OrderRow, request: Record<string, unknown>): boolean {
  return JSON.stringify(canonicalise(order.request)) === JSON.stringify(canonicalise(request));
}

export type BatchSenderLoop = PeriodicLoop;

/** Runs a pass now and every `intervalMs` (sooner when kicked: a batch was just submitted or approved).
 * Errors of a pass are reported; it goes on. */
export function startBatchSender(opts: {
  deps: () => Promise<OrderSubmitDeps>;
  intervalMs: number;
  concurrency?: number;
  policy?: RetryPolicy;
  onPass?: (summary: SenderSummary) => void;
  onError?: (error: unknown) => void;
}): BatchSenderLoop {
  const pacer = new SendPacer({ maxConcurrency: opts.concurrency ?? BATCH_CONCURRENCY });
  const loop = startPeriodicLoop({
    intervalMs: opts.intervalMs,
    onError: opts.onError,
    pass: async () => {
      const summary = await sendBatchRows(await opts.deps(), {
        concurrency: opts.concurrency,
        pacer,
        policy: opts.policy,
      });
      if (summary.sent > 0) opts.onPass?.(summary);
    },
  });
  return {
    kick: loop.kick,
    async stop() {
      // The loop is stopped first (no pass starts after this call), then the pass under way is ended sooner:
      // closing the pacer ends the waits of rows held back by a rate limit or a back-off, and their leases
      // hand them on.
      const stopped = loop.stop();
      pacer.close();
      await stopped;
    },
  };
}
