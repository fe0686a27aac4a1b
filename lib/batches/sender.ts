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
 * its lease has run out, here or by the resume loop (lib/orders/resume.ts), and the service de-duplicates
 * the paymentId if the first send had landed.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import type { PayoutRequest } from "@/lib/contract";
import { canonicalise } from "@/lib/contract/canonical-json";
import { SUBMITTING } from "@/lib/database/dashboard/local-status";
import { claimOrderForResubmit, insertOrder, type OrderRow } from "@/lib/database/dashboard/queries/orders";
import {
  claimBatchRows,
  finishBatches,
  getBatch,
  markRowSent,
  type PayoutBatchLineRow,
} from "@/lib/database/dashboard/queries/payout-batches";
import { resumeOrder } from "@/lib/orders/retry";
import { type OrderSubmitDeps, send, submitLeaseMs } from "@/lib/orders/send";
import { postbackUrlFor, requestFields } from "@/lib/orders/submit";

/** Rows sent at the same time by one process. */
export const BATCH_CONCURRENCY = 8;
/** Rows one worker claims at a time (one claim per this many sends). */
const CLAIM = 4;

export interface SenderSummary {
  /** Rows settled (their order exists). */
  sent: number;
  /** Of those, how many found their order already made (a row claimed again after a crash). */
  found: number;
  /** The batches this pass finished (no row left to send). */
  finished: string[];
}

/** The creator of each batch, read once per pass: the orders of a batch are theirs. */
type Creators = Map<string, Promise<string | null>>;

/** One pass: `concurrency` workers claim and send rows until none is left to claim. */
export async function sendBatchRows(
  deps: OrderSubmitDeps,
  opts: { concurrency?: number } = {},
): Promise<SenderSummary> {
  const summary: SenderSummary = { sent: 0, found: 0, finished: [] };
  const creators: Creators = new Map();
  const touched = new Set<string>();
  // Several sends' worth: a worker sends its claim one row after another.
  const leaseMs = submitLeaseMs(deps) * CLAIM;
  const worker = async () => {
    for (;;) {
      const rows = await claimBatchRows(deps.sql, { leaseMs, limit: CLAIM });
      if (rows.length === 0) return;
      for (const row of rows) {
        touched.add(row.batchId);
        const found = await sendRow(deps, row, creators);
        summary.sent++;
        if (found) summary.found++;
      }
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? BATCH_CONCURRENCY }, worker));
  summary.finished = await finishBatches(deps.sql, [...touched]);
  return summary;
}

function creatorOf(deps: OrderSubmitDeps, creators: Creators, batchId: string): Promise<string | null> {
  let c = creators.get(batchId);
  if (!c) {
    c = getBatch(deps.sql, batchId).then((b) => b?.createdBy ?? null);
    creators.set(batchId, c);
  }
  return c;
}

/** Makes (or finds) the row's order and sends it; true when the order already existed. */
async function sendRow(deps: OrderSubmitDeps, row: PayoutBatchLineRow, creators: Creators): Promise<boolean> {
  const userId = await creatorOf(deps, creators, row.batchId);
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
  const asCreator = { ...deps, userId };
  if (created) {
    await send(asCreator, order, request, { action: "order.create" });
  } else if (order.status === SUBMITTING) {
    // Orphaned mid-send by a crash: resent with its own paymentId once its lease has run out (else its
    // sender is still at it, or the resume loop will be).
    const claimed = await claimOrderForResubmit(deps.sql, order.id, { leaseMs: submitLeaseMs(deps) });
    if (claimed) await resumeOrder({ ...deps, userId: null }, claimed);
  }
  await markRowSent(deps.sql, {
    batchId: row.batchId,
    rowNumber: row.rowNumber,
    orderId: order.id,
    note: created || sameRequest(order, fields.request) ? null : "paymentId already used by another order",
  });
  return !created;
}

function sameRequest(order: OrderRow, request: Record<string, unknown>): boolean {
  return JSON.stringify(canonicalise(order.request)) === JSON.stringify(canonicalise(request));
}

export interface BatchSenderLoop {
  /** Runs a pass soon (a batch was just submitted or approved) rather than at the next interval. */
  kick(): void;
  /** Resolves when the pass under way (if any) has finished; no pass starts after it. */
  stop(): Promise<void>;
}

/** Runs a pass now and every `intervalMs` (sooner when kicked). Errors of a pass are reported; it goes on. */
export function startBatchSender(opts: {
  deps: () => Promise<OrderSubmitDeps>;
  intervalMs: number;
  concurrency?: number;
  onPass?: (summary: SenderSummary) => void;
  onError?: (error: unknown) => void;
}): BatchSenderLoop {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;

  const schedule = (ms: number) => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(run, ms);
    timer.unref();
  };
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        const summary = await sendBatchRows(await opts.deps(), { concurrency: opts.concurrency });
        if (summary.sent > 0) opts.onPass?.(summary);
      } catch (error) {
        opts.onError?.(error);
      }
    })().finally(() => {
      running = null;
      schedule(again ? 0 : opts.intervalMs);
      again = false;
    });
  };
  run();
  return {
    kick: () => {
      if (!stopped) run();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
