/**
 * Deciding on a pay-out that awaits approval (docs/guide.md, Pay-out approvals): approve (step-up, then
 * sent with its own paymentId through the ordinary send), reject (with a reason; final), or cancel (its
 * creator; final). Each is refused, changing nothing, when the pay-out no longer waits; approve and reject
 * when the person deciding created it. The server actions call these after the role check; tests call them
 * directly with a real database and a real sandbox.
 */
import "server-only";
import { APPROVE_ROLES, CANCEL_OWN_ROLES, ROLE_LABELS, type Role } from "@/lib/auth/roles";
import { verifyStepUp } from "@/lib/auth/step-up";
import { AWAITING_APPROVAL, CANCELLED, REJECTED } from "@/lib/database/dashboard/local-status";
import { writeAudit } from "@/lib/database/dashboard/queries/audit";
import { getOrderById, type OrderRow } from "@/lib/database/dashboard/queries/orders";
import { claimForApproval, closeAwaiting } from "@/lib/database/dashboard/queries/payout-approvals";
import type { OrderActionResult } from "@/lib/orders/field-errors";
import { rebuildRequest } from "@/lib/orders/retry";
import { type OrderSubmitDeps, send, submitLeaseMs } from "@/lib/orders/send";
import { approverHoldRefusal } from "./approver-hold";
import type { ApprovePayoutInput, CancelPayoutInput, RejectPayoutInput } from "./decision-schemas";

/** Who decides: the signed-in staff member. */
export interface Actor {
  id: string;
  role: Role;
  /** Their session: where a second factor's step-up freshness is read and recorded. */
  sessionId?: string;
}

export const OWN_PAYOUT_MESSAGE =
  "You created this pay-out, so someone else must approve or reject it. You may cancel it instead.";
export const NOT_CREATOR_MESSAGE = "Only the person who created this pay-out may cancel it.";

type Refusal = Extract<OrderActionResult, { ok: false }>;

/** The order, or why no decision can be taken on it by `actor` (the checks every decision shares). */
async function awaitingOrder(
  deps: OrderSubmitDeps,
  orderId: string,
  actor: Actor,
  allowed: readonly Role[],
): Promise<{ ok: true; order: OrderRow } | Refusal> {
  if (!allowed.includes(actor.role)) {
    return { ok: false, message: `Your role (${ROLE_LABELS[actor.role]}) doesn't allow this.` };
  }
  const order = await getOrderById(deps.sql, orderId);
  if (order?.direction !== "payout") return { ok: false, message: "No such pay-out." };
  if (order.status !== AWAITING_APPROVAL) return noLongerWaiting(order);
  return { ok: true, order };
}

function noLongerWaiting(order: Pick<OrderRow, "id" | "status">): Refusal {
  return {
    ok: false,
    orderId: order.id,
    message: `This pay-out no longer awaits approval: it is “${order.status}”. Refresh the page.`,
  };
}

/** What every decision's audit line names about the order. */
function orderDetails(order: OrderRow) {
  return {
    direction: order.direction,
    paymentMethod: order.paymentMethod,
    paymentId: order.paymentId,
    amount: order.amount,
    currency: order.currency,
  };
}

/**
 * Approves and sends. Exactly once, even when two approvers press together on two instances: the claim
 * (claimForApproval) is one conditional UPDATE, and only its winner sends; the loser is told it was decided.
 */
export async function approvePayout(
  deps: OrderSubmitDeps,
  actor: Actor,
  input: ApprovePayoutInput,
): Promise<OrderActionResult> {
  const found = await awaitingOrder(deps, input.orderId, actor, APPROVE_ROLES);
  if (!found.ok) return found;
  const { order } = found;
  if (order.createdBy === actor.id) return { ok: false, orderId: order.id, message: OWN_PAYOUT_MESSAGE };
  const held = await approverHoldRefusal(deps.sql, actor);
  if (held) return { ok: false, orderId: order.id, message: held };
  const stepUp = await verifyStepUp(deps.sql, actor.id, {
    password: input.password,
    code: input.code,
    sessionId: actor.sessionId,
  });
  if (!stepUp.ok)
    return { ok: false, orderId: order.id, fieldErrors: stepUp.fieldErrors, message: stepUp.message };
  // A card pay-out's full number was never stored: the approver types it again (checked against the mask).
  const rebuilt = rebuildRequest(order, input.cardNumber);
  if (!rebuilt.ok) return { ok: false, orderId: order.id, ...rebuilt.error };
  const claimed = await claimForApproval(deps.sql, {
    orderId: order.id,
    decidedBy: actor.id,
    leaseMs: submitLeaseMs(deps),
  });
  if (!claimed) {
    const now = await getOrderById(deps.sql, order.id);
    return noLongerWaiting(now ?? order);
  }
  await writeAudit(deps.sql, {
    userId: actor.id,
    action: "order.approve",
    target: order.id,
    details: { ...orderDetails(order), stepUp: stepUp.method },
  });
  return send({ ...deps, userId: actor.id }, claimed, rebuilt.request, { action: "order.approved-send" });
}

export async function rejectPayout(
  deps: OrderSubmitDeps,
  actor: Actor,
  input: RejectPayoutInput,
): Promise<OrderActionResult> {
  const found = await awaitingOrder(deps, input.orderId, actor, APPROVE_ROLES);
  if (!found.ok) return found;
  const { order } = found;
  if (order.createdBy === actor.id) return { ok: false, orderId: order.id, message: OWN_PAYOUT_MESSAGE };
  const reason = input.reason.trim();
  const closed = await closeAwaiting(deps.sql, {
    orderId: order.id,
    status: REJECTED,
    decision: "rejected",
    decidedBy: actor.id,
    reason,
  });
  if (!closed) return noLongerWaiting((await getOrderById(deps.sql, order.id)) ?? order);
  await writeAudit(deps.sql, {
    userId: actor.id,
    action: "order.reject",
    target: order.id,
    details: { ...orderDetails(order), reason },
  });
  return { ok: true, orderId: order.id };
}

export async function cancelPayout(
  deps: OrderSubmitDeps,
  actor: Actor,
  input: CancelPayoutInput,
): Promise<OrderActionResult> {
  const found = await awaitingOrder(deps, input.orderId, actor, CANCEL_OWN_ROLES);
  if (!found.ok) return found;
  const { order } = found;
  if (order.createdBy !== actor.id) return { ok: false, orderId: order.id, message: NOT_CREATOR_MESSAGE };
  const reason = input.reason?.trim() || null;
  const closed = await closeAwaiting(deps.sql, {
    orderId: order.id,
    status: CANCELLED,
    decision: "cancelled",
    decidedBy: actor.id,
    reason,
  });
  if (!closed) return noLongerWaiting((await getOrderById(deps.sql, order.id)) ?? order);
  await writeAudit(deps.sql, {
    userId: actor.id,
    action: "order.cancel",
    target: order.id,
    details: { ...orderDetails(order), ...(reason ? { reason } : {}) },
  });
  return { ok: true, orderId: order.id };
}
