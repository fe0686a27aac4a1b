/**
 * One send of a stored "Submitting" order to the payment service, and its outcome stored: the service's
 * answer (recordSubmitSuccess) or the error ("Refused" or "Submit failed", ./submit-errors.ts), then the
 * audit line. Every send holds a lease on its order for as long as the call can take (submitLeaseMs); an
 * order still "Submitting" past its lease was orphaned by a crash and is resent by lib/orders/resume.ts.
 */
import "server-only";
import type { Direction, PayinRequest, PayoutRequest } from "@/lib/contract";
import type { Sql } from "@/lib/database";
import { writeAudit } from "@/lib/database/dashboard/queries/audit";
import {
  type OrderRow,
  recordSubmitFailure,
  recordSubmitSuccess,
  type SubmitSuccess,
} from "@/lib/database/dashboard/queries/orders";
import { type PaymentApi, PaymentApiError } from "@/lib/payment-api";
import { orderAuditDetails } from "./audit-details";
import type { OrderActionResult } from "./field-errors";
import { failureInWords } from "./refusal";
import { failureResult, storedFailure } from "./submit-errors";
import { log } from "@/lib/observability/logger";

export interface OrderSubmitDeps {
  sql: Sql;
  api: Pick<PaymentApi, "createPayin" | "createPayout">;
  /** Where the payment service reaches this dashboard (env.PUBLIC_BASE_URL). */
  publicBaseUrl: string;
  /** The signed-in staff member acting (created_by, audit log); null for the automatic resume. */
  userId: string | null;
  /** How long a call of `api` can stay in flight (timeout × attempts + backoffs; paymentApiInFlightMs). */
  inFlightMs: number;
}

/** Headroom past the client's own window for the database writes around the call. */
export const SUBMIT_LEASE_MARGIN_MS = 2_000;

/** The lease a send holds on its "Submitting" order: after it, the order counts as orphaned. */
export function submitLeaseMs(deps: Pick<OrderSubmitDeps, "inFlightMs">): number {
  return deps.inFlightMs + SUBMIT_LEASE_MARGIN_MS;
}

export type AnyRequest = PayinRequest | PayoutRequest;

/** Creates the order at the service; its answer as the order stores it (only a pay-in has payment details). */
async function createAtService(
  api: OrderSubmitDeps["api"],
  direction: Direction,
  request: AnyRequest,
): Promise<SubmitSuccess> {
  if (direction === "payin") {
    const res = await api.createPayin(request as PayinRequest);
    const { bankDetails, amount: finalAmount } = res;
    return { ...answerOf(res), bankDetails, expiresAt: new Date(res.expiresAt), finalAmount };
  }
  const res = await api.createPayout(request as PayoutRequest);
  return { ...answerOf(res), bankDetails: null, expiresAt: null, finalAmount: null };
}

/** What both directions' answers store alike. */
function answerOf(res: Awaited<ReturnType<OrderSubmitDeps["api"]["createPayin" | "createPayout"]>>) {
  return { providerOrderId: res.id, status: res.status, response: res.raw, attempts: res.attempts };
}

export interface SendContext {
  action: "order.create" | "order.retry" | "order.resume" | "order.approved-send";
  /** The fields of the order form that sent it; undefined when sent from the order's page (retry, resume). */
  formFields?: readonly string[];
}

/**
 * Thrown by an `api` whose caller gave up before the call was made (the batch sender stopping while it
 * waited out a rate limit or a back-off): send() stores nothing, so the order stays "Submitting" and its
 * lease hands it to the resume loop or the next sender, like a crash would.
 */
export class SendAbandoned extends Error {
  constructor() {
    super("The send was abandoned before its call was made");
    this.name = "SendAbandoned";
  }
}

export async function send(
  deps: OrderSubmitDeps,
  order: OrderRow,
  request: AnyRequest,
  ctx: SendContext,
): Promise<OrderActionResult> {
  let result: OrderActionResult;
  let outcome: string;
  try {
    const success = await createAtService(deps.api, order.direction, request);
    await recordSubmitSuccess(deps.sql, order.id, success);
    outcome = success.status;
    result = { ok: true, orderId: order.id };
  } catch (error) {
    if (error instanceof SendAbandoned) throw error;
    if (!(error instanceof PaymentApiError)) {
      // Only the message: the error could quote its input, and the input may hold a card number.
      log().error(
        { orderId: order.id, error: String((error as Error)?.message) },
        "order submit failed unexpectedly",
      );
    }
    const failure = storedFailure(error);
    await recordSubmitFailure(deps.sql, order.id, failure);
    outcome = `${failure.status}: ${failureInWords(failure.lastError)}`;
    result = failureResult(error, order.id, ctx.formFields);
  }
  await writeAudit(deps.sql, {
    userId: deps.userId,
    action: ctx.action,
    target: order.id,
    details: { ...orderAuditDetails(order), outcome },
  });
  return result;
}
