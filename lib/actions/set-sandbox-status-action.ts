"use server";

import { z } from "zod";
import { anyUuid } from "@/lib/contract/uuid";
import { ORDER_WRITE_ROLES } from "@/lib/auth/roles";
import { canMoveTo, FINAL_STATUSES, IN_PROGRESS } from "@/lib/contract";
import { getDb, getEnv, getPaymentApi } from "@/lib/runtime";
import { writeAudit } from "@/lib/database/dashboard/queries/audit";
import { getOrderById } from "@/lib/database/dashboard/queries/orders";
import { isPaymentApiError } from "@/lib/payment-api";
import type { ActionResult } from "./action-result";
import { defineFormAction } from "./define-action";
import { log } from "@/lib/observability/logger";

const inputSchema = z.object({
  orderId: anyUuid({ error: "orderId: must be an order id (a UUID)" }),
  status: z.enum(FINAL_STATUSES, { error: `status: must be one of ${FINAL_STATUSES.join(", ")}` }),
});

const VERB = { Success: "paid", Failed: "failed", Expired: "expired" } as const;

/**
 * Sandbox test control from the order page (mark paid / fail / expire). It only asks the sandbox to move
 * the order; the status itself arrives here the real way, by the sandbox's signed callback to
 * /api/postback — this action never writes a status.
 */
export const setSandboxStatusAction = defineFormAction({
  access: ORDER_WRITE_ROLES,
  span: "setSandboxStatus",
  schema: inputSchema,
  fromForm: (form) => ({ orderId: form.get("orderId"), status: form.get("status") }),
  // The messages name their field already; the controls show this line only.
  invalidMessage: (fieldErrors) => Object.values(fieldErrors).join("; "),
  handler: async ({ user }, { orderId, status }): Promise<ActionResult> => {
    if (!getEnv().usesSandbox)
      return { ok: false, message: "Sandbox controls are off: the dashboard is on a real payment service." };
    const db = await getDb();
    const order = await getOrderById(db, orderId);
    if (!order) return { ok: false, message: "orderId: no such order." };
    if (order.status !== IN_PROGRESS || !order.providerOrderId) {
      return {
        ok: false,
        message: `Only an order "In progress" at the service can be moved; this one is "${order.status}".`,
      };
    }
    if (!canMoveTo(order.direction, status)) {
      return { ok: false, message: "status: only pay-ins can expire." };
    }

    try {
      await getPaymentApi().setSandboxOrderStatus(order.providerOrderId, status);
    } catch (error) {
      if (!isPaymentApiError(error)) throw error;
      log().error({ error: error.toJSON() }, "sandbox status control failed");
      return { ok: false, message: `The sandbox refused: ${error.message}` };
    }
    await writeAudit(db, {
      userId: user.id,
      action: "order.sandbox-status",
      target: order.id,
      details: { status },
    });
    return {
      ok: true,
      message: `The sandbox marked the order ${VERB[status]}. The status changes here when its callback arrives.`,
    };
  },
});
