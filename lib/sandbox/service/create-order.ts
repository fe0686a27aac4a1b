/** Creating pay-in and pay-out orders: validation, idempotency, payment details, triggers. */
import { createHmac, randomInt, randomUUID } from "node:crypto";
import {
  amountLiteralError,
  type BankDetails,
  type Direction,
  fieldErrorsFromZod,
  isTimeInRange,
  formatMinorUnits,
  fromMinorUnits,
  IN_PROGRESS,
  orderCurrency,
  type PayinRequest,
  type PayoutRequest,
  type Problem,
  payinRequestSchema,
  payoutRequestSchema,
  toMinorUnits,
} from "@/lib/contract";
import { canonicalJson } from "@/lib/contract/canonical-json";
import { maskOrderRequest } from "@/lib/contract/card-mask";
import { minorFromDecimal } from "../canonical";
import type { Merchant, SandboxContext } from "../context";
import { makeBankDetails } from "../details";
import { problem, validationProblem } from "../problems";
import { checkRules } from "../rules";
import { findOrderByPaymentId } from "@/lib/database/sandbox/orders";
import type { NewSandboxOrderRow, SandboxOrderRow } from "@/lib/database/sandbox/schema";
import { markFaultFired } from "@/lib/database/sandbox/limits";
import { chaosForNewOrder } from "../chaos";
import { triggerFor } from "../triggers";
import { moveOrder } from "./move-order";
import { rememberOrderTrace } from "../order-traces";

export type CreateResult =
  | { ok: true; body: Record<string, unknown>; created: boolean; delayMs: number }
  | { ok: false; problem: Problem };

export async function createOrder(
  ctx: SandboxContext,
  merchant: Merchant,
  direction: Direction,
  json: unknown,
  /** The body as sent: the amount's exactness is judged on its literal (amountLiteralError). */
  jsonText: string,
  /** The X-Sandbox-Chaos header, if sent. */
  chaosHeader?: string,
): Promise<CreateResult> {
  const parsed =
    direction === "payin" ? payinRequestSchema.safeParse(json) : payoutRequestSchema.safeParse(json);
  const errors = parsed.success ? [] : fieldErrorsFromZod(parsed.error);
  const inexact = amountLiteralError(jsonText, json);
  if (inexact && !errors.some((e) => e.path === inexact.path)) errors.push(inexact);
  const chaos = chaosForNewOrder(chaosHeader, merchant.chaos);
  if (!chaos.ok) errors.push(...chaos.errors);
  if (!parsed.success || !chaos.ok || errors.length > 0)
    return { ok: false, problem: validationProblem(errors) };
  const req: PayinRequest | PayoutRequest = parsed.data;
  const payout = direction === "payout" ? (req as PayoutRequest) : undefined;
  const payin = direction === "payin" ? (req as PayinRequest) : undefined;

  const amountMinor = toMinorUnits(req.amount);
  const limits = ctx.opts.amountLimits;
  const rules = checkRules({
    direction,
    method: req.paymentMethod,
    country: req.country,
    bankId: req.bankId,
    amountMinor,
    limit: payin ? limits.payin[payin.paymentMethod] : limits.payout[payout!.paymentMethod],
  });
  if (rules.errors.length > 0) return { ok: false, problem: validationProblem(rules.errors) };

  // Keyed with the merchant's secret: the hash covers a card number, which must not be recoverable from it.
  const requestHash = createHmac("sha256", merchant.secret).update(canonicalJson(req)).digest("hex");
  const trigger = triggerFor(direction, amountMinor, payout);
  const { db, opts } = ctx;

  if (trigger.fault === "error-once") {
    const existing = await findOrderByPaymentId(db, merchant.clientId, direction, req.paymentId);
    if (!existing && (await markFaultFired(db, merchant.clientId, direction, req.paymentId, "error-once"))) {
      return {
        ok: false,
        problem: problem(500, "fault", "Simulated fault (amount ending .55): retry with the same paymentId"),
      };
    }
  }

  const id = randomUUID();
  const now = await ctx.clocks.now(merchant.clientId);
  // Only a clock stored before moves were bounded gets here (routes/clock.ts): say how to recover, not 500.
  if (!isTimeInRange(now.getTime() + opts.expiryMs)) {
    return {
      ok: false,
      problem: problem(
        409,
        "clock-out-of-range",
        `This account's clock (${now.toISOString()}) is past the times orders can be given: reset it with DELETE /sandbox/clock`,
      ),
    };
  }
  const finalMinor = amountMinor + (payin?.addRandomCents ? randomInt(1, 100) : 0);
  const bankDetails = payin
    ? makeBankDetails({
        orderId: id,
        method: payin.paymentMethod,
        bank: rules.bank,
        requestedBankId: payin.bankId,
        amountMinor: finalMinor,
        pool: opts.detailsPool,
      })
    : undefined;

  const order: NewSandboxOrderRow = {
    id,
    clientId: merchant.clientId,
    direction,
    paymentId: req.paymentId,
    requestHash,
    paymentMethod: req.paymentMethod,
    country: req.country,
    currency:
      orderCurrency({ direction, paymentMethod: req.paymentMethod, country: req.country }).currency ?? null,
    amount: formatMinorUnits(amountMinor),
    finalAmount: formatMinorUnits(finalMinor),
    status: IN_PROGRESS,
    request: maskOrderRequest(req),
    bankDetails: bankDetails ?? null,
    postbackUrl: req.postbackUrl ?? null,
    expiresAt: payin ? new Date(now.getTime() + opts.expiryMs) : null,
    createdAt: now,
    chaos: chaos.chaos,
  };

  if (!(await ctx.insertOrder(order))) {
    const existing = await findOrderByPaymentId(db, merchant.clientId, direction, req.paymentId);
    if (!existing) throw new Error("order vanished between insert and select");
    if (existing.requestHash !== requestHash) {
      return {
        ok: false,
        problem: problem(
          409,
          "payment-id-conflict",
          `paymentId ${req.paymentId} was already used for a different ${direction} request`,
          [{ path: "paymentId", message: "Already used with a different request body" }],
        ),
      };
    }
    return { ok: true, body: responseBody(existing), created: false, delayMs: 0 };
  }

  // Before a trigger's status change queues the first callback: every callback of the order continues it.
  rememberOrderTrace(id);
  const body = orderResponse(
    direction,
    id,
    IN_PROGRESS,
    order.expiresAt ?? undefined,
    bankDetails,
    finalMinor,
  );
  if (trigger.status) await moveOrder(ctx, id, trigger.status);
  let delayMs = 0;
  if (
    trigger.fault === "slow-once" &&
    (await markFaultFired(db, merchant.clientId, direction, req.paymentId, "slow-once"))
  ) {
    delayMs = opts.slowTriggerMs;
  }
  return { ok: true, body, created: true, delayMs };
}

/** The create response of an order as it is now (a replay shows its current status). */
export function responseBody(row: SandboxOrderRow): Record<string, unknown> {
  return orderResponse(
    row.direction,
    row.id,
    row.status,
    row.expiresAt ?? undefined,
    row.bankDetails ?? undefined,
    minorFromDecimal(row.finalAmount),
  );
}

function orderResponse(
  direction: Direction,
  id: string,
  status: string,
  expiresAt: Date | undefined,
  bankDetails: BankDetails | undefined,
  finalMinor: number,
): Record<string, unknown> {
  if (direction === "payout") return { id, status };
  return { id, status, expiresAt: expiresAt?.toISOString(), bankDetails, amount: fromMinorUnits(finalMinor) };
}
