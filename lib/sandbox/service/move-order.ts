/** Status changes: In progress → a final status, once, with a callback event queued in the same transaction. */
import { randomUUID } from "node:crypto";
import type { CallbackPayload, FinalStatus } from "@/lib/contract";
import { fromMinorUnits } from "@/lib/contract";
import { minorFromDecimal } from "../canonical";
import { chaosForCallback, has } from "../chaos";
import type { SandboxContext } from "../context";
import { enqueueCallback } from "@/lib/database/sandbox/callbacks";
import type { SandboxOrderRow } from "@/lib/database/sandbox/schema";
import { finishOrder } from "@/lib/database/sandbox/orders";

/** Returns the updated order, or undefined when it was final already (final statuses never change). */
export async function moveOrder(
  ctx: SandboxContext,
  orderId: string,
  status: FinalStatus,
): Promise<SandboxOrderRow | undefined> {
  const at = ctx.opts.now();
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await finishOrder(tx, orderId, status, at);
    if (updated?.postbackUrl) {
      const chaos = chaosForCallback(updated.chaos, updated.paymentId);
      await enqueueCallback(tx, {
        id: randomUUID(),
        orderId: updated.id,
        clientId: updated.clientId,
        url: updated.postbackUrl,
        status,
        body: JSON.stringify(callbackPayload(updated)),
        at,
        dueAt: has(chaos, "late") && chaos ? new Date(at.getTime() + chaos.delayMs) : undefined,
        chaos,
      });
    }
    return updated;
  });
  if (row?.postbackUrl) ctx.kick();
  return row;
}

export function callbackPayload(row: SandboxOrderRow): CallbackPayload {
  return {
    id: row.id,
    paymentId: row.paymentId,
    type: row.direction,
    status: row.status,
    amount: fromMinorUnits(minorFromDecimal(row.finalAmount)),
    paymentMethod: row.paymentMethod,
    country: row.country,
    updatedAt: row.updatedAt.toISOString(),
  };
}
