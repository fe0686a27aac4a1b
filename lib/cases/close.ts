/**
 * Staff close an "I have paid" case (docs/guide.md, Payment cases): found (the payment arrived, a late
 * callback, say) or not found, with an optional note, audited as "case.close". The customer's page shows
 * the outcome (its event stream is told by the table's trigger, migration 0021).
 */
import "server-only";
import type { ActionResult } from "@/lib/actions/action-result";
import type { CurrentUser } from "@/lib/auth/types";
import type { Sql } from "@/lib/database";
import { writeAudit } from "@/lib/database/dashboard/queries/audit";
import { getOrderById } from "@/lib/database/dashboard/queries/orders";
import { closeOpenCase } from "@/lib/database/dashboard/queries/payment-cases";
import type { z } from "zod";
import type { closeCaseInputSchema } from "./close-schema";

export const CASE_NOT_OPEN_MESSAGE = "This case is closed already: refresh the page to see how.";

export async function closePaymentCase(
  sql: Sql,
  user: Pick<CurrentUser, "id">,
  input: z.output<typeof closeCaseInputSchema>,
): Promise<ActionResult> {
  const note = input.note ? input.note : null;
  return sql.transaction(async (tx) => {
    const closed = await closeOpenCase(tx, {
      id: input.caseId,
      state: input.outcome,
      closedBy: user.id,
      staffNote: note,
    });
    if (!closed) return { ok: false, message: CASE_NOT_OPEN_MESSAGE };
    const order = await getOrderById(tx, closed.orderId);
    await writeAudit(tx, {
      userId: user.id,
      action: "case.close",
      target: closed.orderId,
      details: {
        caseId: closed.id,
        state: closed.state,
        paymentId: order?.paymentId,
        direction: order?.direction,
        ...(note ? { note } : {}),
      },
    });
    return {
      ok: true,
      message: closed.state === "found" ? "Closed as found." : "Closed as not found.",
    };
  });
}
