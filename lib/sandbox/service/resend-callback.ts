/** "Send this callback again": a past callback of an order, delivered once more on demand. */
import { isUuid } from "@/lib/contract/uuid";
import {
  latestCallbackOf,
  listCallbacksOfOrder,
  makeCallbackDueAgain,
} from "@/lib/database/sandbox/callbacks";
import type { SandboxContext } from "../context";

export type ResendOutcome = "resent" | "no-such-callback" | "in-flight";

/**
 * Makes the callback `callbackId` of the order (its webhook-id; "latest" for the most recent one) due now:
 * the dispatcher sends the same message again, signed afresh, as the real service's retry would, and its
 * attempt is recorded with the others. A callback whose attempt is in flight is left alone ("in-flight").
 */
export async function resendCallback(
  ctx: SandboxContext,
  orderId: string,
  callbackId: string | "latest",
): Promise<ResendOutcome> {
  const id = callbackId === "latest" ? (await latestCallbackOf(ctx.db, orderId))?.id : callbackId;
  if (!id || !isUuid(id)) return "no-such-callback";
  const due = await makeCallbackDueAgain(ctx.db, orderId, id, ctx.opts.now());
  if (due) {
    ctx.kick();
    return "resent";
  }
  const known = (await listCallbacksOfOrder(ctx.db, orderId)).some((cb) => cb.id === id);
  return known ? "in-flight" : "no-such-callback";
}
