import { CALLBACK_HEADERS } from "@/lib/contract";
import { verify, verifyStandardWebhook } from "@/lib/signing";

/** A `webhook-timestamp` further than this from our clock is refused (docs/architecture.md, Callbacks: replay protection). */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

export type VerificationResult = { ok: true; webhookId: string | null } | { ok: false; error: string };

export interface VerifyInput {
  secret: string;
  /** The secret before a rotation: a signature made with it verifies too. */
  previousSecret?: string | undefined;
  /** Our merchant account; a delivery naming another X-Client-Id is refused. */
  clientId: string;
  /** Lower-cased header names (see pickCallbackHeaders). */
  headers: Record<string, string>;
  rawBody: string;
  now: Date;
}

/**
 * Checks a delivery's signatures over its raw body. Both styles are accepted (the contract's X-Signature
 * and Standard Webhooks); at least one must be present and every one present must verify.
 */
export function verifyCallbackSignature(input: VerifyInput): VerificationResult {
  const h = input.headers;
  const xSignature = h[CALLBACK_HEADERS.signature];
  const whSignature = h[CALLBACK_HEADERS.webhookSignature];
  const whId = h[CALLBACK_HEADERS.webhookId];
  const whTimestamp = h[CALLBACK_HEADERS.webhookTimestamp];
  const clientId = h[CALLBACK_HEADERS.clientId];

  if (!xSignature && !whSignature) return { ok: false, error: "No X-Signature or webhook-signature header" };
  if (clientId !== undefined && clientId !== input.clientId)
    return { ok: false, error: "Unknown X-Client-Id" };

  let timestamp: number | undefined;
  if (whTimestamp !== undefined) {
    if (!/^\d{1,12}$/.test(whTimestamp))
      return { ok: false, error: "webhook-timestamp is not a Unix time in seconds" };
    timestamp = Number(whTimestamp);
    const skew = Math.abs(input.now.getTime() / 1000 - timestamp);
    if (skew > WEBHOOK_TOLERANCE_SECONDS)
      return { ok: false, error: "webhook-timestamp is more than 5 minutes off" };
  }

  // The current secret first: the previous one is tried only for a signature it does not verify.
  const secrets = input.previousSecret ? [input.secret, input.previousSecret] : [input.secret];
  if (xSignature !== undefined && !secrets.some((s) => verify(s, input.rawBody, xSignature))) {
    return { ok: false, error: "X-Signature does not match the body" };
  }
  if (whSignature !== undefined) {
    if (!whId || timestamp === undefined) {
      return { ok: false, error: "webhook-signature needs webhook-id and webhook-timestamp" };
    }
    if (!secrets.some((s) => verifyStandardWebhook(s, whId, timestamp, input.rawBody, whSignature))) {
      return { ok: false, error: "webhook-signature does not match" };
    }
  }
  return { ok: true, webhookId: whId || null };
}
