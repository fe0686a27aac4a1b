import "server-only";
import type { Sql } from "@/lib/database";
import {
  type SignedDelivery,
  type SignedOutcome,
  storeAndApplySignedCallback,
  storeAndApplySignedCallbacks,
} from "@/lib/database/dashboard/queries/callback-receiver";

type Applied = { outcome: SignedOutcome; orderId: string | null };

interface Waiting {
  delivery: SignedDelivery;
  resolve: (result: Applied) => void;
  reject: (error: unknown) => void;
}

/** Deliveries per statement, at most: bounds the statement's size and a batch's wait. */
export const MAX_GROUP = 64;
/**
 * Groups in flight at once. PGlite has one connection: one, so the others gather behind it. PostgreSQL
 * serves several connections in parallel (and hides a slow commit behind the others): a few.
 */
const LANES = { pglite: 1, postgres: 4 } as const;

/**
 * Group commit for signed deliveries (issue 8 item 9). While the statements in flight (LANES) run, the
 * deliveries that arrive wait and then go together in the next one (receive_signed_callbacks: one round
 * trip, one commit); an idle receiver sends at once, so nothing waits on a timer. Each caller is answered
 * only after the statement holding its delivery committed. If a group's statement fails, nothing of it
 * was stored (one transaction), and each of its deliveries is retried alone, so one bad delivery fails
 * only itself. A group is sent sorted by the service's order id (stable: one order's deliveries keep their
 * order), so groups in flight together take their row locks in the same order and cannot deadlock.
 */
class CallbackGroup {
  private queue: Waiting[] = [];
  private running = 0;
  private readonly lanes: number;

  constructor(private readonly db: Sql) {
    this.lanes = "kind" in db && db.kind === "postgres" ? LANES.postgres : LANES.pglite;
  }

  submit(delivery: SignedDelivery): Promise<Applied> {
    return new Promise((resolve, reject) => {
      this.queue.push({ delivery, resolve, reject });
      if (this.running < this.lanes) {
        this.running++;
        // The deliveries that arrive in the same turn of the event loop go in the same group.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const group = this.queue.splice(0, MAX_GROUP);
      await this.send(group.sort(byOrder));
    }
    this.running--;
  }

  private async send(group: Waiting[]): Promise<void> {
    const first = group[0];
    if (!first) return;
    const same = group.every((w) => w.delivery.finalStatuses === first.delivery.finalStatuses);
    if (group.length === 1 || !same) {
      for (const waiting of group) await settle(waiting, this.db);
      return;
    }
    let results: Applied[];
    try {
      results = await storeAndApplySignedCallbacks(
        this.db,
        group.map((w) => w.delivery),
        first.delivery.finalStatuses,
      );
    } catch {
      for (const waiting of group) await settle(waiting, this.db);
      return;
    }
    for (const [i, waiting] of group.entries()) {
      const result = results[i];
      if (result) waiting.resolve(result);
      else waiting.reject(new Error("no result for a grouped delivery"));
    }
  }
}

const byOrder = (a: Waiting, b: Waiting) =>
  a.delivery.providerOrderId < b.delivery.providerOrderId
    ? -1
    : a.delivery.providerOrderId > b.delivery.providerOrderId
      ? 1
      : 0;

async function settle(waiting: Waiting, db: Sql): Promise<void> {
  try {
    waiting.resolve(await storeAndApplySignedCallback(db, waiting.delivery));
  } catch (error) {
    waiting.reject(error);
  }
}

const groups = new WeakMap<Sql, CallbackGroup>();

/**
 * Stores and applies a verified delivery (as storeAndApplySignedCallback), grouped with the deliveries
 * arriving at the same time on the same database handle.
 */
export function storeAndApplyGrouped(db: Sql, delivery: SignedDelivery): Promise<Applied> {
  let group = groups.get(db);
  if (!group) {
    group = new CallbackGroup(db);
    groups.set(db, group);
  }
  return group.submit(delivery);
}
