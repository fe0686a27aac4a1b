/**
 * The bank-app chooser's funnel events from the public pay page (issue 18 §1; docs/security.md, The pay
 * page): `{"step": "opened" | "chosen"}` for the order behind the token, nothing about the customer. Bounded
 * like the page's other public routes: counted per token and per client address before anything is read
 * (rate_limits, shared by instances); only orders whose page offers the chooser (NSPK QR pay-ins) count.
 * "Paid" is not an event: it is the order's own status (lib/database/dashboard/queries/pay-funnel.ts).
 */
import "server-only";
import { createHash } from "node:crypto";
import { type RateLimitRule, reserveAttempt } from "@/lib/auth/rate-limit";
import type { Sql } from "@/lib/database";
import { getPayPageCaseOrder } from "@/lib/database/dashboard/queries/pay-page";
import { type FunnelStep, recordFunnelStep } from "@/lib/database/dashboard/queries/pay-funnel";

export const FUNNEL_STEPS = ["opened", "chosen"] as const satisfies readonly FunnelStep[];
/** A body is `{"step":"chosen"}`: anything longer is not one. */
export const FUNNEL_BODY_MAX_BYTES = 256;
const HOUR = 60 * 60 * 1000;
/** Events per pay page: a page opened and reloaded a few times, an app or two chosen. */
export const FUNNEL_TOKEN_RULE: RateLimitRule = { limit: 20, windowMs: HOUR };
/** Events per client address, across pay pages (a shop's shared Wi-Fi, a mobile carrier's NAT). */
export const FUNNEL_ADDRESS_RULE: RateLimitRule = { limit: 300, windowMs: HOUR };
/** The methods whose pay page offers the bank-app chooser (an NSPK QR link). */
const CHOOSER_METHODS = new Set(["QRNSPK", "QRNSPKCrossBorder"]);

export type FunnelOutcome =
  | { kind: "recorded" }
  | { kind: "notFound" }
  | { kind: "rateLimited"; retryAfterMs: number }
  | { kind: "invalid"; field: "step"; message: string };

export function funnelTokenKey(token: string): string {
  return `pay-funnel:token:${createHash("sha256").update(token).digest("base64url").slice(0, 32)}`;
}

/** The step a body names, or the message saying what is wrong with its `step`. */
export function parseFunnelBody(
  body: unknown,
): { ok: true; step: FunnelStep } | { ok: false; message: string } {
  const step = body && typeof body === "object" ? (body as { step?: unknown }).step : undefined;
  if (typeof step === "string" && (FUNNEL_STEPS as readonly string[]).includes(step))
    return { ok: true, step: step as FunnelStep };
  return { ok: false, message: `step must be one of: ${FUNNEL_STEPS.join(", ")}.` };
}

export async function recordPayFunnel(
  sql: Sql,
  input: { token: string; body: unknown; address: string | null; now?: Date },
): Promise<FunnelOutcome> {
  const now = input.now ?? new Date();
  const byToken = await reserveAttempt(sql, funnelTokenKey(input.token), FUNNEL_TOKEN_RULE, now);
  const byAddress = input.address
    ? await reserveAttempt(sql, `pay-funnel:ip:${input.address}`, FUNNEL_ADDRESS_RULE, now)
    : null;
  const refused = [byToken, byAddress].filter((s) => s && !s.allowed);
  if (refused.length > 0)
    return { kind: "rateLimited", retryAfterMs: Math.max(...refused.map((s) => s!.retryAfterMs)) };
  const parsed = parseFunnelBody(input.body);
  if (!parsed.ok) return { kind: "invalid", field: "step", message: parsed.message };
  const order = await getPayPageCaseOrder(sql, input.token);
  if (!order || !CHOOSER_METHODS.has(order.paymentMethod)) return { kind: "notFound" };
  await recordFunnelStep(sql, order.id, parsed.step, now);
  return { kind: "recorded" };
}
