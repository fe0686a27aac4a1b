/**
 * Interop with the Standard Webhooks reference library (npm `standardwebhooks`): what our signer writes,
 * the library accepts, and what the library signs, our verifiers accept — lib/signing's own and the
 * callback receiver's (lib/postback/verify.ts). Our key is the secret's UTF-8 bytes, which the library
 * takes as "whsec_" + base64 of those bytes (or, for an ASCII secret, as `{ format: "raw" }`).
 */
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { describe, expect, test } from "vitest";
import { CALLBACK_HEADERS } from "@/lib/contract";
import { verifyCallbackSignature } from "@/lib/postback/verify";
import { sign, signStandardWebhook, verifyStandardWebhook } from "./index";

const whsec = (secret: string) => `whsec_${Buffer.from(secret, "utf8").toString("base64")}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

const CASES = [
  {
    name: "a callback body, uuid id (as the sandbox sends)",
    secret: "sandbox-secret",
    id: "0b7f3a52-9c1d-4e8b-a6f2-3d5e7c9a1b40",
    body: '{"id":"5d0c","paymentId":"3f2c8e1a-6d0b-4c1e-9a2f-7b5d4c3e2a10","type":"payin","status":"Success","amount":1500}',
  },
  {
    name: "UTF-8 body, msg_ id",
    secret: "test-secret-0123456789",
    id: "msg_2KWPBgLlAfxdpx2AI54pPJ85f4W",
    body: '{"bankName":"Сбербанк","payeeName":"Иван И.","note":"pagamento não concluído ✓"}',
  },
  {
    name: "a non-ASCII secret, pretty-printed body",
    secret: "секрет-мерчанта-🔑",
    id: "msg_p5jXN8AQM9LWM0D4loKWxJek",
    body: '{\n  "status": "Failed",\n  "amount": 0.13\n}',
  },
] as const;

const ASCII_CASES = CASES.filter((c) => /^[\x20-\x7e]+$/.test(c.secret));

const headersOf = (id: string, timestamp: number, signature: string) => ({
  [CALLBACK_HEADERS.webhookId]: id,
  [CALLBACK_HEADERS.webhookTimestamp]: String(timestamp),
  [CALLBACK_HEADERS.webhookSignature]: signature,
});

describe("our signature → standardwebhooks", () => {
  test("the library reproduces the fixed vector of index.test.ts", () => {
    const body = '{"paymentId":"3f2c8e1a-6d0b-4c1e-9a2f-7b5d4c3e2a10","amount":1500,"country":"RU"}';
    expect(
      new Webhook(whsec("sandbox-secret")).sign(
        "msg_2KWPBgLlAfxdpx2AI54pPJ85f4W",
        new Date(1674087231_000),
        body,
      ),
    ).toBe("v1,CM83E3w9si00T76AO7piwgPJJJgmrOVWxqc0pLHsP/c=");
  });

  test.each(CASES)("verifies: $name", ({ secret, id, body }) => {
    const timestamp = nowSeconds();
    const headers = headersOf(id, timestamp, signStandardWebhook(secret, id, timestamp, body));
    expect(new Webhook(whsec(secret)).verify(body, headers)).toEqual(JSON.parse(body));
  });

  test.each(ASCII_CASES)("verifies with the secret given raw: $name", ({ secret, id, body }) => {
    const timestamp = nowSeconds();
    const headers = headersOf(id, timestamp, signStandardWebhook(secret, id, timestamp, body));
    expect(new Webhook(secret, { format: "raw" }).verify(body, headers)).toEqual(JSON.parse(body));
  });

  test.each(CASES)(
    "is the library's own signature, character for character: $name",
    ({ secret, id, body }) => {
      const timestamp = 1674087231;
      expect(signStandardWebhook(secret, id, timestamp, body)).toBe(
        new Webhook(whsec(secret)).sign(id, new Date(timestamp * 1000), body),
      );
    },
  );

  test.each(CASES)("is refused for a changed body, id or secret: $name", ({ secret, id, body }) => {
    const timestamp = nowSeconds();
    const signature = signStandardWebhook(secret, id, timestamp, body);
    const library = new Webhook(whsec(secret));
    expect(() => library.verify(`${body} `, headersOf(id, timestamp, signature))).toThrow(
      WebhookVerificationError,
    );
    expect(() => library.verify(body, headersOf(`${id}x`, timestamp, signature))).toThrow(
      WebhookVerificationError,
    );
    expect(() => new Webhook(whsec(`${secret}!`)).verify(body, headersOf(id, timestamp, signature))).toThrow(
      WebhookVerificationError,
    );
  });
});

describe("standardwebhooks' signature → our verifiers", () => {
  test.each(CASES)("lib/signing accepts it: $name", ({ secret, id, body }) => {
    const timestamp = nowSeconds();
    const header = new Webhook(whsec(secret)).sign(id, new Date(timestamp * 1000), body);
    expect(verifyStandardWebhook(secret, id, timestamp, body, header)).toBe(true);
    expect(verifyStandardWebhook(`${secret}!`, id, timestamp, body, header)).toBe(false);
  });

  test.each(CASES)(
    "the callback receiver accepts it, alone and beside X-Signature: $name",
    ({ secret, id, body }) => {
      const now = new Date();
      const timestamp = Math.floor(now.getTime() / 1000);
      const headers = headersOf(id, timestamp, new Webhook(whsec(secret)).sign(id, now, body));
      const input = { secret, clientId: "sandbox-merchant", rawBody: body, now };
      expect(verifyCallbackSignature({ ...input, headers })).toEqual({ ok: true, webhookId: id });
      expect(
        verifyCallbackSignature({
          ...input,
          headers: {
            ...headers,
            [CALLBACK_HEADERS.clientId]: "sandbox-merchant",
            [CALLBACK_HEADERS.signature]: sign(secret, body),
          },
        }),
      ).toEqual({ ok: true, webhookId: id });
    },
  );

  test.each(CASES)(
    "the callback receiver refuses it under another secret or body: $name",
    ({ secret, id, body }) => {
      const now = new Date();
      const timestamp = Math.floor(now.getTime() / 1000);
      const headers = headersOf(id, timestamp, new Webhook(whsec(`${secret}!`)).sign(id, now, body));
      expect(
        verifyCallbackSignature({ secret, clientId: "sandbox-merchant", headers, rawBody: body, now }),
      ).toEqual({ ok: false, error: "webhook-signature does not match" });
      const own = headersOf(id, timestamp, new Webhook(whsec(secret)).sign(id, now, body));
      expect(
        verifyCallbackSignature({
          secret,
          clientId: "sandbox-merchant",
          headers: own,
          rawBody: `${body} `,
          now,
        }),
      ).toEqual({ ok: false, error: "webhook-signature does not match" });
    },
  );
});
