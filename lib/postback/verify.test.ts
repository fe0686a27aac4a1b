import { describe, expect, it } from "vitest";
import { sign, signStandardWebhook } from "@/lib/signing";
import { pickCallbackHeaders } from "./headers";
import { verifyCallbackSignature } from "./verify";

const secret = "s3cret-for-tests";
const body = '{"id":"x","status":"Success"}';
const now = new Date("2026-11-22T08:00:00Z");
const ts = Math.floor(now.getTime() / 1000);

function headers(extra: Record<string, string> = {}): Record<string, string> {
  return {
    "x-client-id": "m1",
    "x-signature": sign(secret, body),
    "webhook-id": "evt_1",
    "webhook-timestamp": String(ts),
    "webhook-signature": signStandardWebhook(secret, "evt_1", ts, body),
    ...extra,
  };
}

const check = (h: Record<string, string>, rawBody = body) =>
  verifyCallbackSignature({ secret, clientId: "m1", headers: h, rawBody, now });

describe("verifyCallbackSignature", () => {
  it("accepts a delivery signed both ways and returns its event id", () => {
    expect(check(headers())).toEqual({ ok: true, webhookId: "evt_1" });
  });

  it("accepts the previous secret during a rotation, in either style, and no third one", () => {
    const rotated = (h: Record<string, string>, previousSecret?: string) =>
      verifyCallbackSignature({
        secret: "the-new-secret",
        previousSecret,
        clientId: "m1",
        headers: h,
        rawBody: body,
        now,
      });
    // Signed with the old secret only (the service has not moved yet).
    expect(rotated(headers(), secret)).toEqual({ ok: true, webhookId: "evt_1" });
    expect(rotated(headers())).toEqual({ ok: false, error: "X-Signature does not match the body" });
    expect(rotated(headers(), "another-old-secret")).toMatchObject({ ok: false });
    // The service signs with both: the contract's header with the old one, Standard Webhooks with each.
    const both = headers({
      "webhook-signature": `${signStandardWebhook(secret, "evt_1", ts, body)} ${signStandardWebhook("the-new-secret", "evt_1", ts, body)}`,
    });
    expect(rotated(both, secret).ok).toBe(true);
    const { "x-signature": _old, ...webhookOnly } = both;
    expect(rotated(webhookOnly).ok).toBe(true);
  });

  it("accepts a webhook-signature header carrying several signatures", () => {
    const h = headers({
      "webhook-signature": `v1,bm90LWl0 ${signStandardWebhook(secret, "evt_1", ts, body)}`,
    });
    expect(check(h).ok).toBe(true);
  });

  it.each([
    [
      "uppercase hex X-Signature",
      { "x-signature": sign(secret, body).toUpperCase() },
      "X-Signature does not match the body",
    ],
    [
      "timestamp 301 s old",
      { "webhook-timestamp": String(ts - 301) },
      "webhook-timestamp is more than 5 minutes off",
    ],
    [
      "timestamp 301 s ahead",
      { "webhook-timestamp": String(ts + 301) },
      "webhook-timestamp is more than 5 minutes off",
    ],
    [
      "timestamp in ms",
      { "webhook-timestamp": String(ts * 1000) },
      "webhook-timestamp is not a Unix time in seconds",
    ],
    [
      "non-numeric timestamp",
      { "webhook-timestamp": "soon" },
      "webhook-timestamp is not a Unix time in seconds",
    ],
    ["other event id", { "webhook-id": "evt_2" }, "webhook-signature does not match"],
    ["wrong client", { "x-client-id": "m2" }, "Unknown X-Client-Id"],
  ])("refuses %s", (_name, extra, error) => {
    expect(check(headers(extra))).toEqual({ ok: false, error });
  });

  it("accepts a timestamp exactly 300 s off", () => {
    const h = headers({
      "webhook-timestamp": String(ts - 300),
      "webhook-signature": signStandardWebhook(secret, "evt_1", ts - 300, body),
    });
    expect(check(h).ok).toBe(true);
  });

  it("needs webhook-id and webhook-timestamp with a webhook-signature", () => {
    const { "webhook-id": _id, ...withoutId } = headers();
    expect(check(withoutId)).toEqual({
      ok: false,
      error: "webhook-signature needs webhook-id and webhook-timestamp",
    });
  });

  it("keeps only the callback headers, lower-cased", () => {
    const picked = pickCallbackHeaders(
      new Headers({ Cookie: "a=b", "X-Signature": "ab", Authorization: "x" }),
    );
    expect(picked).toEqual({ "x-signature": "ab" });
    expect(pickCallbackHeaders({ "Webhook-Id": ["a", "b"], host: "h" })).toEqual({ "webhook-id": "a, b" });
  });
});
