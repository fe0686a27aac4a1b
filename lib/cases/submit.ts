/**
 * "I have paid" from the public pay page (issue 18 §3; docs/security.md, The pay page): the customer's
 * receipt reference opens a case on the order behind the token. Bounded like the page's other surfaces:
 * every attempt is counted first, per token and per client address (rate_limits, shared by instances);
 * one open case per order (a second submission while it is open changes nothing and says so); after
 * "not found" the customer may report again, up to MAX_CASES_PER_ORDER in all; after "found", or once
 * the order is paid or failed, not at all.
 */
import "server-only";
import { createHash } from "node:crypto";
import { type RateLimitRule, reserveAttempt } from "@/lib/auth/rate-limit";
import type { Sql } from "@/lib/database";
import { writeAudit } from "@/lib/database/dashboard/queries/audit";
import { getPayPageCaseOrder } from "@/lib/database/dashboard/queries/pay-page";
import {
  countCasesOfOrder,
  getLatestCaseOfOrder,
  insertOpenCase,
} from "@/lib/database/dashboard/queries/payment-cases";
import type { PaymentCaseRow } from "@/lib/database/dashboard/schema";
import { checkCaseInput } from "./reference";
import { referenceKind } from "./reference-kind";

const HOUR = 60 * 60 * 1000;
/** Attempts per pay page (token), valid or not: room for typos, not for guessing. */
export const CASE_TOKEN_RULE: RateLimitRule = { limit: 10, windowMs: HOUR };
/** Attempts per client address, across every pay page. */
export const CASE_ADDRESS_RULE: RateLimitRule = { limit: 30, windowMs: HOUR };
export const MAX_CASES_PER_ORDER = 5;

/** The order's status after which "I have paid" is no longer offered. */
const FINAL = new Set(["Success", "Failed"]);

export type SubmitCaseOutcome =
  | { kind: "notFound" }
  | { kind: "rateLimited"; retryAfterMs: number }
  | { kind: "invalid"; errors: { reference?: string; note?: string } }
  | { kind: "closed" }
  | { kind: "tooMany" }
  | { kind: "opened"; case: PaymentCaseRow }
  | { kind: "alreadyOpen"; case: PaymentCaseRow };

/** The rate-limit key of a token: its hash, so the table never holds a working pay-page link. */
export function caseTokenKey(token: string): string {
  return `pay-case:token:${createHash("sha256").update(token).digest("base64url").slice(0, 32)}`;
}

export function caseAddressKey(address: string): string {
  return `pay-case:ip:${address}`;
}

export async function submitPaymentCase(
  sql: Sql,
  input: { token: string; body: unknown; address: string | null; now?: Date },
): Promise<SubmitCaseOutcome> {
  const now = input.now ?? new Date();
  // Counted before the look-up, so guessing tokens is limited too (an unknown one counts per address).
  const byToken = await reserveAttempt(sql, caseTokenKey(input.token), CASE_TOKEN_RULE, now);
  const byAddress = input.address
    ? await reserveAttempt(sql, caseAddressKey(input.address), CASE_ADDRESS_RULE, now)
    : null;
  const refused = [byToken, byAddress].filter((s) => s && !s.allowed);
  if (refused.length > 0)
    return { kind: "rateLimited", retryAfterMs: Math.max(...refused.map((s) => s!.retryAfterMs)) };
  const order = await getPayPageCaseOrder(sql, input.token);
  if (!order) return { kind: "notFound" };

  const checked = checkCaseInput(referenceKind(order.paymentMethod), input.body);
  if (!checked.ok) return { kind: "invalid", errors: checked.errors };

  const latest = await getLatestCaseOfOrder(sql, order.id);
  if (latest?.state === "open") return { kind: "alreadyOpen", case: latest };
  if (FINAL.has(order.status) || latest?.state === "found") return { kind: "closed" };
  if ((await countCasesOfOrder(sql, order.id)) >= MAX_CASES_PER_ORDER) return { kind: "tooMany" };

  const opened = await insertOpenCase(sql, { orderId: order.id, ...checked.input });
  if (!opened) {
    // A parallel submission opened it first.
    const open = await getLatestCaseOfOrder(sql, order.id);
    return open ? { kind: "alreadyOpen", case: open } : { kind: "closed" };
  }
  await writeAudit(sql, {
    userId: null,
    action: "case.open",
    target: order.id,
    details: { paymentId: order.paymentId, caseId: opened.id, reference: opened.reference },
  });
  return { kind: "opened", case: opened };
}
