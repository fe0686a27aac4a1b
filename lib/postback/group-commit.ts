import "server-only";
import type { Sql } from "@/lib/database";
import { GroupCommit, lanesFor } from "@/lib/database/group-commit";
import {
  type SignedDelivery,
  type SignedOutcome,
  storeAndApplySignedCallback,
  storeAndApplySignedCallbacks,
} from "@/lib/database/dashboard/queries/callback-receiver";

type Applied = { outcome: SignedOutcome; orderId: string | null };

/** Deliveries per statement, at most: bounds the statement's size and a batch's wait. */
export const MAX_GROUP = 64;

/**
 * Group commit for signed deliveries (issue 8 item 9, lib/database/group-commit.ts): deliveries that arrive
 * together are stored and applied by one receive_signed_callbacks statement (one round trip, one commit),
 * each answered once it committed. A group is sorted by the service's order id (stable: one order's
 * deliveries keep their order), so groups in flight together take their row locks in the same order.
 */
function callbackGroup(db: Sql): GroupCommit<SignedDelivery, Applied> {
  return new GroupCommit<SignedDelivery, Applied>({
    many: (deliveries) =>
      storeAndApplySignedCallbacks(db, deliveries, (deliveries[0] as SignedDelivery).finalStatuses),
    one: (delivery) => storeAndApplySignedCallback(db, delivery),
    // One statement applies one set of final statuses.
    compatible: (deliveries) => deliveries.every((d) => d.finalStatuses === deliveries[0]?.finalStatuses),
    order: (a, b) =>
      a.providerOrderId < b.providerOrderId ? -1 : a.providerOrderId > b.providerOrderId ? 1 : 0,
    max: MAX_GROUP,
    lanes: lanesFor(db),
  });
}

const groups = new WeakMap<Sql, GroupCommit<SignedDelivery, Applied>>();

/**
 * Stores and applies a verified delivery (as storeAndApplySignedCallback), grouped with the deliveries
 * arriving at the same time on the same database handle.
 */
export function storeAndApplyGrouped(db: Sql, delivery: SignedDelivery): Promise<Applied> {
  let group = groups.get(db);
  if (!group) {
    group = callbackGroup(db);
    groups.set(db, group);
  }
  return group.submit(delivery);
}
