"use server";

import { z } from "zod";
import { authorizeRequest, ORDER_WRITE_ROLES } from "@/lib/auth";
import { IN_PROGRESS } from "@/lib/contract";
import { getDb } from "@/lib/db/client";
import { writeAudit } from "@/lib/db/queries/audit";
import { getOrderById } from "@/lib/db/queries/orders";
import { env } from "@/lib/env";
import { getPaymentApi, isPaymentApiError } from "@/lib/payment-api";

export interface SandboxStatusState {
  ok: boolean;
  message: string;
}

const inputSchema = z.object({
  orderId: z.uuid({ error: "orderId: must be an order id (a UUID)" }),
  status: z.enum(["Success", "Failed", "Expired"], { error: "status: must be Success, Failed or Expired" }),
});

const VERB = { Success: "paid", Failed: "failed", Expired: "expired" } as const;

/**
 * Sandbox test control from the order page (mark paid / fail / expire). It only asks the sandbox to move
 * the order; the status itself arrives here the real way, by the sandbox's signed callback to
 * /api/postback — this action never writes a status.
 */
export async function setSandboxStatusAction(
  _previous: SandboxStatusState | null,
  formData: FormData,
): Promise<SandboxStatusState> {
  const auth = await authorizeRequest(ORDER_WRITE_ROLES);
  if (!auth.ok) return { ok: false, message: auth.message };
  if (!env.usesSandbox)
    return { ok: false, message: "Sandbox controls are off: the dashboard is on a real payment service." };

  const parsed = inputSchema.safeParse({ orderId: formData.get("orderId"), status: formData.get("status") });
  if (!parsed.success) return { ok: false, message: parsed.error.issues.map((i) => i.message).join("; ") };
  const { orderId, status } = parsed.data;

  const db = await getDb();
  const order = await getOrderById(db, orderId);
  if (!order) return { ok: false, message: "orderId: no such order." };
  if (order.status !== IN_PROGRESS || !order.providerOrderId) {
    return {
      ok: false,
      message: `Only an order "In progress" at the service can be moved; this one is "${order.status}".`,
    };
  }
  if (status === "Expired" && order.direction !== "payin") {
    return { ok: false, message: "status: only pay-ins can expire." };
  }

  try {
    await getPaymentApi().setSandboxOrderStatus(order.providerOrderId, status);
  } catch (error) {
    if (!isPaymentApiError(error)) throw error;
    console.error("sandbox status control failed", error.toJSON());
    return { ok: false, message: `The sandbox refused: ${error.message}` };
  }
  await writeAudit(db, {
    userId: auth.user.id,
    action: "order.sandbox-status",
    target: order.id,
    details: { status },
  });
  return {
    ok: true,
    message: `The sandbox marked the order ${VERB[status]}. The status changes here when its callback arrives.`,
  };
}
