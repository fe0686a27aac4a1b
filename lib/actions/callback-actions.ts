"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { anyUuid } from "@/lib/contract/uuid";
import { BULK_REAPPLY_LIMIT, parseCallbackListParams } from "@/lib/callbacks/list-filters";
import { ORDER_WRITE_ROLES } from "@/lib/auth/roles";
import { getDb, getEnv, getPaymentApi } from "@/lib/runtime";
import { writeAudit } from "@/lib/database/dashboard/queries/audit";
import { getCallbackDelivery } from "@/lib/database/dashboard/queries/callback-deliveries";
import { reapplicableIds } from "@/lib/database/dashboard/queries/callback-list";
import { isPaymentApiError } from "@/lib/payment-api";
import { claimedProviderId } from "@/lib/postback/receive";
import { reapplyDelivery } from "@/lib/postback/reapply";
import type { ActionResult } from "./action-result";
import { defineFormAction } from "./define-action";

const deliverySchema = z.object({
  deliveryId: anyUuid({ error: "deliveryId: must be a callback delivery's id" }),
});

const receiverSecrets = () => {
  const env = getEnv();
  return {
    secret: env.PAYMENT_API_SECRET,
    previousSecret: env.PAYMENT_API_PREVIOUS_SECRET,
    clientId: env.PAYMENT_API_CLIENT_ID,
  };
};

export type ReapplyActionResult = ActionResult<{ deliveryId: string }>;

/** Callbacks → a delivery → "Re-apply": the receiver's logic again on its stored signed bytes. */
export const reapplyCallbackAction = defineFormAction({
  access: ORDER_WRITE_ROLES,
  schema: deliverySchema,
  fromForm: (form) => ({ deliveryId: form.get("deliveryId") }),
  invalidMessage: (fieldErrors) => Object.values(fieldErrors).join("; "),
  handler: async ({ user }, { deliveryId }): Promise<ReapplyActionResult> => {
    const result = await reapplyDelivery(await getDb(), deliveryId, receiverSecrets(), user.id);
    if (!result.ok) return { ok: false, message: result.message };
    revalidatePath("/callbacks", "layout");
    return {
      ok: true,
      message: REAPPLIED[result.outcome],
      deliveryId: result.deliveryId,
    };
  },
});

const REAPPLIED: Record<string, string> = {
  applied: "Re-applied: the order's status changed.",
  duplicate: "Re-applied: nothing to change, the order already had this status.",
  stale: "Re-applied: not applied, the order has moved on since.",
  "unknown-order": "Re-applied: still no order of ours matches it.",
};

/**
 * Callbacks → "Re-apply all" (after the page's confirmation): every signed delivery of the filter (the page's
 * own URL filters), oldest first, with one activity-log entry for the whole batch.
 */
export const reapplyFilterAction = defineFormAction({
  access: ORDER_WRITE_ROLES,
  schema: z.object({ query: z.string().max(2_000, "query: too long") }),
  fromForm: (form) => ({ query: form.get("query") ?? "" }),
  invalidMessage: (fieldErrors) => Object.values(fieldErrors).join("; "),
  handler: async ({ user }, { query }): Promise<ActionResult> => {
    const { filters, errors } = parseCallbackListParams(new URLSearchParams(query));
    const refused = errors.find((e) => e.field !== "after" && e.field !== "before");
    if (refused) return { ok: false, message: `Fix the filters first: ${refused.message}` };
    const db = await getDb();
    const ids = await reapplicableIds(db, filters, BULK_REAPPLY_LIMIT + 1);
    const outcomes: Record<string, number> = {};
    for (const id of ids.slice(0, BULK_REAPPLY_LIMIT)) {
      const result = await reapplyDelivery(db, id, receiverSecrets(), user.id, { audit: false });
      const key = result.ok ? result.outcome : "refused";
      outcomes[key] = (outcomes[key] ?? 0) + 1;
    }
    const count = Math.min(ids.length, BULK_REAPPLY_LIMIT);
    await writeAudit(db, {
      userId: user.id,
      action: "callbacks.reapply-filter",
      details: { filters, count, outcomes },
    });
    revalidatePath("/callbacks", "layout");
    const summary = Object.entries(outcomes)
      .map(([k, n]) => `${n} ${k === "refused" ? "not re-appliable" : k}`)
      .join(", ");
    const more = ids.length > BULK_REAPPLY_LIMIT ? ` Only the first ${BULK_REAPPLY_LIMIT} were taken.` : "";
    return {
      ok: true,
      message:
        count === 0 ? "No signed delivery matches these filters." : `Re-applied ${count}: ${summary}.${more}`,
    };
  },
});

/** Callbacks → a delivery → "Ask the sandbox to send it again" (sandbox only): the service's own resend. */
export const resendCallbackAction = defineFormAction({
  access: ORDER_WRITE_ROLES,
  span: "resendCallback",
  schema: deliverySchema,
  fromForm: (form) => ({ deliveryId: form.get("deliveryId") }),
  invalidMessage: (fieldErrors) => Object.values(fieldErrors).join("; "),
  handler: async ({ user }, { deliveryId }): Promise<ActionResult> => {
    if (!getEnv().usesSandbox)
      return {
        ok: false,
        message: "Only a sandbox sends callbacks again on request; this is a real payment service.",
      };
    const db = await getDb();
    const delivery = await getCallbackDelivery(db, deliveryId);
    if (!delivery) return { ok: false, message: "No such callback delivery." };
    const serviceOrderId = claimedProviderId(delivery.rawBody);
    if (!delivery.webhookId || !serviceOrderId)
      return {
        ok: false,
        message: "It names no event id or service order, so the sandbox cannot tell which callback to send.",
      };
    try {
      await getPaymentApi().resendSandboxCallback(serviceOrderId, delivery.webhookId);
    } catch (error) {
      if (!isPaymentApiError(error)) throw error;
      return { ok: false, message: `The sandbox refused: ${error.message}` };
    }
    await writeAudit(db, {
      userId: user.id,
      action: "callback.resend",
      target: delivery.id,
      details: { orderId: delivery.orderId, webhookId: delivery.webhookId },
    });
    return {
      ok: true,
      message: "Asked the sandbox: the callback is on its way again and will be listed here when it comes.",
    };
  },
});
