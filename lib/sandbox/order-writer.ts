/**
 * Creates are durable writes: the order is in the database before the merchant hears of it. Creates that
 * arrive together are written by one statement (group commit, lib/database/group-commit.ts): one round
 * trip, one transaction, one flush for all of them, each answered only once it is committed. The
 * idempotency rule is the unique key's, as for a single insert: of two creates with one paymentId, one
 * inserts and the other finds it.
 */
import type { Sql } from "@/lib/database";
import { GroupCommit, lanesFor } from "@/lib/database/group-commit";
import { insertOrderIfNew, insertOrdersIfNew } from "@/lib/database/sandbox/orders";
import type { NewSandboxOrderRow } from "@/lib/database/sandbox/schema";

/** Orders per statement, at most. */
const MAX_GROUP = 64;

/**
 * Order statements in flight on PGlite (lanesFor): a create does no other database work, so the next group can
 * wait in the worker's queue rather than the worker idle until the busy main thread sends it (creates +3 % to +21 % on
 * 2 cores against one in flight, five runs of alternating rounds, 2026-11-28).
 */
const PGLITE_LANES = 3;

/** The unique key's order: groups in flight together check their keys in one order (no deadlock). */
const key = (o: NewSandboxOrderRow) => `${o.clientId}\n${o.direction}\n${o.paymentId}`;

export function orderWriter(db: Sql): (order: NewSandboxOrderRow) => Promise<boolean> {
  const group = new GroupCommit<NewSandboxOrderRow, boolean>({
    async many(orders) {
      const created = await insertOrdersIfNew(db, orders);
      return orders.map((o) => created.has(o.id));
    },
    one: (order) => insertOrderIfNew(db, order),
    order: (a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0),
    max: MAX_GROUP,
    lanes: lanesFor(db, PGLITE_LANES),
  });
  return (order) => group.submit(order);
}
