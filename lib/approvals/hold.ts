/**
 * Holding a new pay-out for approval (docs/guide.md, Pay-out approvals): lib/orders/submit.ts asks
 * `approvalRuleForPayout` before inserting; when a rule applies, `insertHeldPayout` writes the order and
 * moves it to "Awaiting approval" in one transaction, so no instance ever sees it "Submitting" and nothing
 * is sent to the payment service.
 */
import "server-only";
import type { Sql } from "@/lib/database";
import { writeAudit } from "@/lib/database/dashboard/queries/audit";
import { insertOrder, type OrderRow, type OrderInput } from "@/lib/database/dashboard/queries/orders";
import { getApprovalSettings, holdForApproval } from "@/lib/database/dashboard/queries/payout-approvals";
import { orderAuditDetails } from "@/lib/orders/audit-details";
import { approvalRuleFor } from "./rules";

/** Why this pay-out must wait, in words, or null when it is sent at once. */
export async function approvalRuleForPayout(
  sql: Sql,
  order: { amount: string; currency: string | null },
): Promise<string | null> {
  return approvalRuleFor(await getApprovalSettings(sql), order);
}

/** insertOrder's result; a double submit finds the existing order (whatever its status) and writes nothing. */
export async function insertHeldPayout(
  sql: Sql,
  input: OrderInput,
  rule: string,
): Promise<{ order: OrderRow; created: boolean }> {
  return sql.transaction(async (tx) => {
    const inserted = await insertOrder(tx, input);
    if (!inserted.created) return inserted;
    const order = await holdForApproval(tx, {
      orderId: inserted.order.id,
      requestedBy: input.createdBy,
      rule,
    });
    await writeAudit(tx, {
      userId: input.createdBy,
      action: "order.approval-requested",
      target: order.id,
      details: { ...orderAuditDetails(order), currency: order.currency, rule },
    });
    return { order, created: true };
  });
}
