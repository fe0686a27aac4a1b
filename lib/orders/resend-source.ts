/**
 * "Fix and resend" on the server: the refused order a create form starts from, read by its id (so the
 * browser never carries order details in a URL) and turned into the form's values without a card number.
 */
import "server-only";
import type { Direction } from "@/lib/contract";
import type { Sql } from "@/lib/database";
import { getOrderById, type OrderRow } from "@/lib/database/dashboard/queries/orders";
import { fieldLabel } from "./field-labels";
import { REFUSED } from "@/lib/database/dashboard/local-status";
import { type RefusalReasons, refusalReasons } from "./refusal";
import { payinValuesFromRequest, payoutValuesFromRequest, storedCardMask } from "./resend-prefill";

/** The form values of each direction. */
interface ValuesOf {
  payin: ReturnType<typeof payinValuesFromRequest>;
  payout: ReturnType<typeof payoutValuesFromRequest>;
}

/** The form values a refused order of this direction gives its create form. */
export type ResendValues<D extends Direction> = ValuesOf[D];

export type ResendSource<V = unknown> =
  | {
      ok: true;
      order: Pick<OrderRow, "id" | "paymentId">;
      reasons: RefusalReasons;
      /** Card pay-outs: the stored mask; the number must be typed again. */
      cardMask: string | null;
      values: V;
    }
  | { ok: false; message: string };

export async function loadResendSource<D extends Direction>(
  sql: Sql,
  id: string,
  direction: D,
): Promise<ResendSource<ValuesOf[D]>> {
  const order = await getOrderById(sql, id.trim().toLowerCase());
  const kind = direction === "payin" ? "pay-in" : "pay-out";
  if (!order || order.direction !== direction) {
    return { ok: false, message: `There is no ${kind} with the id “${id}” to fix and resend.` };
  }
  if (order.status !== REFUSED) {
    return {
      ok: false,
      message: `Only a refused order can be fixed and resent; ${order.paymentId.slice(0, 8)} is “${order.status}”.`,
    };
  }
  const values = (
    direction === "payin"
      ? payinValuesFromRequest(order.request, order.amount)
      : payoutValuesFromRequest(order.request, order.amount)
  ) as ValuesOf[D];
  return {
    ok: true,
    order: { id: order.id, paymentId: order.paymentId },
    reasons: refusalReasons(order.lastError, fieldLabel),
    cardMask: direction === "payout" ? storedCardMask(order.request) : null,
    values,
  };
}
