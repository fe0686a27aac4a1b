/**
 * Fixed vectors for the signature scheme. Every expected value was computed outside this code, with
 * OpenSSL, e.g.:
 *   printf '%s' '<body>' | openssl dgst -sha256 -hmac 'sandbox-secret'
 *   printf '%s' '<id>.<ts>.<body>' | openssl dgst -sha256 -hmac 'sandbox-secret' -binary | base64
 */
import { describe, expect, test } from "vitest";
import {
  SIGNATURE_SCHEME,
  sign,
  signedMessage,
  signRequest,
  signStandardWebhook,
  verify,
  verifyStandardWebhook,
} from "./index";

const SECRET = "sandbox-secret";
const BODY = '{"paymentId":"3f2c8e1a-6d0b-4c1e-9a2f-7b5d4c3e2a10","amount":1500,"country":"RU"}';
const UTF8_BODY = '{"bankName":"Сбербанк","payeeName":"Иван И."}';
const BANKS_PATH = "/api/v1/bank/available?country=RU";

const VECTORS = [
  {
    name: "POST body",
    message: BODY,
    signature: "93cd2bcd8fc867cf6cb29558486ec979a678bd24bff9bd9f82d0e4d47ee2276d",
  },
  {
    name: "GET path with query",
    message: BANKS_PATH,
    signature: "dbe30964c03e31f09c1d3023e7b72c5d968f7779ece720f8bc22f6d90beb4eab",
  },
  {
    name: "UTF-8 body (signed as its bytes)",
    message: UTF8_BODY,
    signature: "e5d954d63c7b68eec57c0202dbed4d32364961196e555d22d57c77ff02468b91",
  },
  {
    name: "empty body",
    message: "",
    signature: "f23d5df600ef3b9f0940a886c6076d6e316695c49833a631142f3a25f2b78148",
  },
] as const;

describe("hmac-sha256-hex", () => {
  test("names its scheme", () => {
    expect(SIGNATURE_SCHEME).toBe("hmac-sha256-hex");
  });

  test.each(VECTORS)("sign: $name", ({ message, signature }) => {
    expect(sign(SECRET, message)).toBe(signature);
  });

  test.each(VECTORS)("sign over bytes equals sign over the string: $name", ({ message, signature }) => {
    expect(sign(SECRET, new TextEncoder().encode(message))).toBe(signature);
  });

  test.each(VECTORS)("verify accepts the vector: $name", ({ message, signature }) => {
    expect(verify(SECRET, message, signature)).toBe(true);
  });

  test("a different secret gives the OpenSSL value for that secret", () => {
    expect(sign("other-secret", BODY)).toBe(
      "106c6a40eeb3f56162ed81ea0c8a2c283e234c9c10995dc4b82715240749fc88",
    );
  });

  test("signRequest signs the raw body of a POST and the path with query of a GET", () => {
    expect(signRequest(SECRET, { method: "POST", body: BODY })).toBe(VECTORS[0].signature);
    expect(signRequest(SECRET, { method: "GET", pathWithQuery: BANKS_PATH })).toBe(VECTORS[1].signature);
    expect(signedMessage({ method: "GET", pathWithQuery: BANKS_PATH })).toBe(BANKS_PATH);
    expect(signedMessage({ method: "POST", body: BODY })).toBe(BODY);
  });

  const good = VECTORS[0].signature;
  test.each([
    { case: "tampered body", secret: SECRET, message: BODY.replace("1500", "1501"), signature: good },
    { case: "body with added whitespace", secret: SECRET, message: `${BODY} `, signature: good },
    { case: "wrong secret", secret: "other-secret", message: BODY, signature: good },
    { case: "signature of another message", secret: SECRET, message: BODY, signature: VECTORS[1].signature },
    { case: "upper-case hex", secret: SECRET, message: BODY, signature: good.toUpperCase() },
    { case: "truncated", secret: SECRET, message: BODY, signature: good.slice(0, 63) },
    { case: "too long", secret: SECRET, message: BODY, signature: `${good}0` },
    { case: "not hex", secret: SECRET, message: BODY, signature: `${good.slice(0, 63)}z` },
    {
      case: "base64 instead of hex",
      secret: SECRET,
      message: BODY,
      signature: "k80rzY/IZ89sspVYSG7JeaZ4vSS/+b2fgtDk1H7iJ20=",
    },
    { case: "with a prefix", secret: SECRET, message: BODY, signature: `sha256=${good}` },
    { case: "empty", secret: SECRET, message: BODY, signature: "" },
    { case: "null", secret: SECRET, message: BODY, signature: null },
    { case: "undefined", secret: SECRET, message: BODY, signature: undefined },
  ])("verify rejects: $case", ({ secret, message, signature }) => {
    expect(verify(secret, message, signature)).toBe(false);
  });
});

describe("Standard Webhooks", () => {
  const id = "msg_2KWPBgLlAfxdpx2AI54pPJ85f4W";
  const timestamp = 1674087231;
  const expected = "v1,CM83E3w9si00T76AO7piwgPJJJgmrOVWxqc0pLHsP/c=";

  test("signs id.timestamp.body as v1,<base64 HMAC-SHA256>", () => {
    expect(signStandardWebhook(SECRET, id, timestamp, BODY)).toBe(expected);
  });

  test.each([
    { case: "the signature alone", header: expected },
    {
      case: "among several (key rotation)",
      header: `v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA= ${expected}`,
    },
  ])("verify accepts $case", ({ header }) => {
    expect(verifyStandardWebhook(SECRET, id, timestamp, BODY, header)).toBe(true);
  });

  test.each([
    { case: "tampered body", body: `${BODY} `, ts: timestamp, msgId: id, secret: SECRET, header: expected },
    { case: "other timestamp", body: BODY, ts: timestamp + 1, msgId: id, secret: SECRET, header: expected },
    { case: "other id", body: BODY, ts: timestamp, msgId: `${id}x`, secret: SECRET, header: expected },
    { case: "wrong secret", body: BODY, ts: timestamp, msgId: id, secret: "other", header: expected },
    {
      case: "other version",
      body: BODY,
      ts: timestamp,
      msgId: id,
      secret: SECRET,
      header: expected.replace("v1,", "v2,"),
    },
    { case: "no version", body: BODY, ts: timestamp, msgId: id, secret: SECRET, header: expected.slice(3) },
    { case: "empty", body: BODY, ts: timestamp, msgId: id, secret: SECRET, header: "" },
    { case: "null", body: BODY, ts: timestamp, msgId: id, secret: SECRET, header: null },
  ])("verify rejects: $case", ({ body, ts, msgId, secret, header }) => {
    expect(verifyStandardWebhook(secret, msgId, ts, body, header)).toBe(false);
  });
});
