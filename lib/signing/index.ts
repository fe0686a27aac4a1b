/**
 * The request signature scheme (docs/architecture.md, Signature), in one place so that a deployment can swap it for the real
 * provider's scheme by editing this module alone.
 *
 * Scheme "hmac-sha256-hex": X-Signature = lowercase hex HMAC-SHA256(secret, message), where message is
 * - for POST: the exact raw request body bytes;
 * - for GET: the request path with its query string as sent (e.g. "/api/v1/bank/available?country=RU");
 *   likewise for the sandbox's DELETE (it has no body).
 * Callbacks are signed the same way over their raw body.
 *
 * Uses node:crypto; only server code and the sandbox import it.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_SCHEME = "hmac-sha256-hex";

export type SignableRequest =
  | { method: "POST"; body: string | Uint8Array }
  | { method: "GET" | "DELETE"; pathWithQuery: string };

/** The bytes a request's signature covers. */
export function signedMessage(req: SignableRequest): string | Uint8Array {
  return req.method === "POST" ? req.body : req.pathWithQuery;
}

export function sign(secret: string, message: string | Uint8Array): string {
  return createHmac("sha256", secret).update(message).digest("hex");
}

export function signRequest(secret: string, req: SignableRequest): string {
  return sign(secret, signedMessage(req));
}

/** Constant-time comparison; false for anything that is not a well-formed signature. */
export function verify(
  secret: string,
  message: string | Uint8Array,
  signature: string | null | undefined,
): boolean {
  if (!signature || !/^[0-9a-f]{64}$/.test(signature)) return false;
  const expected = Buffer.from(sign(secret, message), "hex");
  return timingSafeEqual(expected, Buffer.from(signature, "hex"));
}

/**
 * Standard Webhooks signature (https://www.standardwebhooks.com): "v1," + base64 HMAC-SHA256 over
 * "<webhook-id>.<webhook-timestamp>.<body>". The key is our merchant secret's UTF-8 bytes.
 */
export function signStandardWebhook(
  secret: string,
  webhookId: string,
  timestamp: number,
  body: string,
): string {
  const mac = createHmac("sha256", secret).update(`${webhookId}.${timestamp}.${body}`).digest("base64");
  return `v1,${mac}`;
}

/** Verifies a `webhook-signature` header, which may carry several space-separated signatures. */
export function verifyStandardWebhook(
  secret: string,
  webhookId: string,
  timestamp: number,
  body: string,
  header: string | null | undefined,
): boolean {
  if (!header) return false;
  const expected = Buffer.from(signStandardWebhook(secret, webhookId, timestamp, body));
  return header.split(" ").some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
