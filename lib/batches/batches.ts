/**
 * Bulk pay-out batches (docs/guide.md, Bulk pay-outs from a file): a checked file becomes a batch (its rows
 * stored with it, one transaction), held for approval as one when the approval setting says so, then sent
 * in the background by ./sender.ts. Approve (step-up, not its creator), reject (a reason, final) and cancel
 * (its creator or an admin: the whole batch while it waits, the rows not yet sent while it is sending),
 * each in the activity log. The server actions call these after the role check; tests call them directly.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import type { ActionResult } from "@/lib/actions/action-result";
import { approverHoldRefusal } from "@/lib/approvals/approver-hold";
import type { Actor } from "@/lib/approvals/decide";
import { approvalRuleFor } from "@/lib/approvals/rules";
import { APPROVE_ROLES, ORDER_WRITE_ROLES, ROLE_LABELS } from "@/lib/auth/roles";
import { verifyStepUp } from "@/lib/auth/step-up";
import { formatMinorUnits } from "@/lib/contract";
import type { Sql } from "@/lib/database";
import { writeAudit } from "@/lib/database/dashboard/queries/audit";
import { getApprovalSettings } from "@/lib/database/dashboard/queries/payout-approvals";
import {
  cancelPendingRows,
  decideBatch,
  findLiveBatchByHash,
  finishBatches,
  getBatch,
  insertBatch,
  type PayoutBatchRow,
} from "@/lib/database/dashboard/queries/payout-batches";
import { type BatchPreview, isSubmittable, type ParsedBatch } from "./file";
import { withUsedPaymentIdsRefused } from "./used-payment-ids";

export type BatchResult = ActionResult<{ batchId: string }, { batchId: string }>;

export const OWN_BATCH_MESSAGE =
  "You uploaded this file, so someone else must approve or reject it. You may cancel it instead.";

/**
 * Why the batch must wait, in words, or null when it is sent at once. The batch is one decision: it waits
 * when the setting holds every pay-out, or when its total in a currency reaches that currency's threshold
 * (which any single row at or above the threshold does too), so splitting a sum into small rows does not
 * slip past the rule.
 */
export function batchApprovalRule(
  settings: Parameters<typeof approvalRuleFor>[0],
  totals: BatchPreview["totals"],
): string | null {
  for (const t of totals) {
    const rule = approvalRuleFor(settings, { amount: t.amount, currency: t.currency || null });
    if (rule) return rule === "every pay-out" ? rule : `${rule}, the file's total`;
  }
  return null;
}

/** Makes the batch of a checked file; submitting the same file again finds its batch instead. */
export async function createBatch(sql: Sql, actor: Actor, parsed: ParsedBatch): Promise<BatchResult> {
  if (!ORDER_WRITE_ROLES.includes(actor.role)) return refusedRole(actor);
  if (!isSubmittable(parsed)) {
    return { ok: false, message: "The file has errors: fix them and upload it again." };
  }
  const existing = await findLiveBatchByHash(sql, parsed.sha256);
  if (existing) {
    return { ok: true, batchId: existing.id, message: "This file was already submitted: here is its batch." };
  }
  const checked = await withUsedPaymentIdsRefused(sql, parsed);
  const used = checked.errors.length - parsed.errors.length;
  if (used > 0) {
    const first = checked.errors.find((e) => e.field === "paymentId");
    return {
      ok: false,
      message: `${used} row${used === 1 ? "" : "s"} use a paymentId already used (row ${first?.row}: ${first?.message}). Check the file again.`,
    };
  }
  const totals = Object.fromEntries(parsed.totals.map((t) => [t.currency, t.amount]));
  const rule = batchApprovalRule(await getApprovalSettings(sql), parsed.totals);
  const id = randomUUID();
  await sql.transaction(async (tx) => {
    await insertBatch(
      tx,
      {
        id,
        fileName: parsed.fileName,
        fileSha256: parsed.sha256,
        status: rule ? "awaiting_approval" : "sending",
        totals,
        rule,
        createdBy: actor.id,
      },
      parsed.requests.map((r) => ({
        rowNumber: r.row,
        paymentId: r.paymentId,
        paymentMethod: r.paymentMethod,
        amount: formatMinorUnits(r.amountMinor),
        currency: r.currency,
        request: r.requestJson,
      })),
    );
    await writeAudit(tx, {
      userId: actor.id,
      action: "batch.upload",
      target: id,
      details: {
        fileName: parsed.fileName,
        sha256: parsed.sha256,
        rows: parsed.validRows,
        totals,
        ...(rule ? { rule } : {}),
      },
    });
  });
  return {
    ok: true,
    batchId: id,
    message: rule
      ? `${parsed.validRows} pay-outs await approval (${rule}).`
      : `${parsed.validRows} pay-outs are being sent.`,
  };
}

function refusedRole(actor: Actor): { ok: false; message: string } {
  return { ok: false, message: `Your role (${ROLE_LABELS[actor.role]}) doesn't allow this.` };
}

function noLongerWaiting(batch: PayoutBatchRow): { ok: false; batchId: string; message: string } {
  return {
    ok: false,
    batchId: batch.id,
    message: `This batch no longer awaits approval: it is ${batch.status.replace("_", " ")}. Refresh the page.`,
  };
}

/** The batch an approver may decide on now, or why not (the checks approve and reject share). */
async function batchToDecide(
  sql: Sql,
  actor: Actor,
  batchId: string,
): Promise<{ ok: true; batch: PayoutBatchRow } | Extract<BatchResult, { ok: false }>> {
  if (!APPROVE_ROLES.includes(actor.role)) return refusedRole(actor);
  const batch = await getBatch(sql, batchId);
  if (!batch) return { ok: false, message: "No such batch." };
  if (batch.status !== "awaiting_approval") return noLongerWaiting(batch);
  if (batch.createdBy === actor.id) return { ok: false, batchId: batch.id, message: OWN_BATCH_MESSAGE };
  return { ok: true, batch };
}

/** What every decision's audit line says about the batch. */
const batchDetails = (b: PayoutBatchRow) => ({ fileName: b.fileName, rows: b.rowCount, totals: b.totals });

export async function approveBatch(
  sql: Sql,
  actor: Actor,
  input: { batchId: string; password?: string | undefined; code?: string | undefined },
): Promise<BatchResult> {
  const found = await batchToDecide(sql, actor, input.batchId);
  if (!found.ok) return found;
  const { batch } = found;
  const held = await approverHoldRefusal(sql, actor);
  if (held) return { ok: false, batchId: batch.id, message: held };
  const stepUp = await verifyStepUp(sql, actor.id, {
    password: input.password,
    code: input.code,
    sessionId: actor.sessionId,
  });
  if (!stepUp.ok)
    return { ok: false, batchId: batch.id, fieldErrors: stepUp.fieldErrors, message: stepUp.message };
  const decided = await decideBatch(sql, {
    batchId: batch.id,
    decision: "approved",
    decidedBy: actor.id,
    reason: null,
  });
  if (!decided) return noLongerWaiting((await getBatch(sql, batch.id)) ?? batch);
  await writeAudit(sql, {
    userId: actor.id,
    action: "batch.approve",
    target: batch.id,
    details: { ...batchDetails(batch), stepUp: stepUp.method },
  });
  return { ok: true, batchId: batch.id, message: `Approved: ${batch.rowCount} pay-outs are being sent.` };
}

export async function rejectBatch(
  sql: Sql,
  actor: Actor,
  input: { batchId: string; reason: string },
): Promise<BatchResult> {
  const found = await batchToDecide(sql, actor, input.batchId);
  if (!found.ok) return found;
  const { batch } = found;
  const reason = input.reason.trim();
  const decided = await decideBatch(sql, {
    batchId: batch.id,
    decision: "rejected",
    decidedBy: actor.id,
    reason,
  });
  if (!decided) return noLongerWaiting((await getBatch(sql, batch.id)) ?? batch);
  await writeAudit(sql, {
    userId: actor.id,
    action: "batch.reject",
    target: batch.id,
    details: { ...batchDetails(batch), reason },
  });
  return { ok: true, batchId: batch.id, message: "Rejected: nothing of it will be sent." };
}

/**
 * Its creator (or an admin) cancels: a batch awaiting approval as a whole (final); a sending batch's rows
 * that no sender has taken yet (the rows already handed to their orders stay sent).
 */
export async function cancelBatch(
  sql: Sql,
  actor: Actor,
  input: { batchId: string; reason?: string | undefined },
): Promise<BatchResult> {
  const batch = await getBatch(sql, input.batchId);
  if (!batch) return { ok: false, message: "No such batch." };
  if (batch.createdBy !== actor.id && actor.role !== "admin") {
    return {
      ok: false,
      batchId: batch.id,
      message: "Only the person who uploaded this file, or an admin, may cancel it.",
    };
  }
  const reason = input.reason?.trim() || null;
  let cancelledRows: number;
  if (batch.status === "awaiting_approval") {
    const decided = await decideBatch(sql, {
      batchId: batch.id,
      decision: "cancelled",
      decidedBy: actor.id,
      reason,
    });
    if (!decided) return noLongerWaiting((await getBatch(sql, batch.id)) ?? batch);
    cancelledRows = batch.rowCount;
  } else if (batch.status === "sending") {
    cancelledRows = await cancelPendingRows(sql, batch.id);
    await finishBatches(sql, [batch.id]);
    if (cancelledRows === 0) {
      return {
        ok: false,
        batchId: batch.id,
        message: "Every row has already been sent: nothing left to cancel.",
      };
    }
  } else {
    return {
      ok: false,
      batchId: batch.id,
      message: `This batch is ${batch.status}: nothing left to cancel.`,
    };
  }
  await writeAudit(sql, {
    userId: actor.id,
    action: "batch.cancel",
    target: batch.id,
    details: { ...batchDetails(batch), cancelledRows, ...(reason ? { reason } : {}) },
  });
  return { ok: true, batchId: batch.id, message: `Cancelled ${cancelledRows} pay-outs not yet sent.` };
}
