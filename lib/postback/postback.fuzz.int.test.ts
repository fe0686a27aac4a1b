/**
 * Property-based fuzzing of POST /api/postback (issue 8): at least 2,000 generated requests per run over
 * real HTTP, mixing broken JSON, wrong types, huge and deep bodies, forged or missing signatures and wrong
 * content types, among correctly signed callbacks. For every request: no 5xx, an answer (no hang), and a
 * refused request changes nothing (orders and verified deliveries as before).
 *
 * A failure prints fast-check's seed and path; replay with FUZZ_SEED=<seed>.
 *
 * Bad text is in the mix (lib/contract/text.ts): NUL and lone surrogates raw or JSON-escaped, in a value or
 * a key, and bytes that are not UTF-8 at all; a signed body carrying one must not change anything either.
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAcceptedText } from "@/lib/contract";
import type { Database } from "@/lib/database";
import { sign } from "@/lib/signing";
import { nastyString, fuzzRuns } from "@/lib/testing/fuzz";
import type { PostbackSettings } from "./handle";
import { createUnverifiedPurge } from "./purge";
import { MAX_CALLBACK_BYTES } from "./receive";
import { type PostbackServer, startPostbackServer } from "@/lib/testing/postback-server";
import { callbackFor, signedHeadersFor } from "@/lib/testing/signed-callbacks";
import { insertTestOrder, openTestDashboardDb, type TestOrder } from "@/lib/testing/test-orders";

const ACCOUNT = { clientId: "fuzz-merchant", secret: "fuzz-secret" };
const SETTINGS: PostbackSettings = { ...ACCOUNT, purge: createUnverifiedPurge(72), unverifiedLimit: 1_000 };
const RUNS = fuzzRuns(1_000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);

let db: Database;
let dispose: () => Promise<void> = async () => {};
let server: PostbackServer;
let orders: TestOrder[] = [];

beforeAll(async () => {
  ({ db, dispose } = await openTestDashboardDb());
  server = await startPostbackServer(db, () => SETTINGS);
  orders = [];
  for (let i = 0; i < 6; i++) {
    orders.push(
      await insertTestOrder(db, { direction: i % 2 === 0 ? "payin" : "payout", status: "In progress" }),
    );
  }
});
afterAll(async () => {
  await server?.close();
  await dispose();
});

interface Generated {
  /** Bytes for bodies that are not UTF-8. */
  body: string | Uint8Array<ArrayBuffer>;
  headers: Record<string, string>;
  /** Correctly signed over a valid callback body: may change an order. */
  mayApply: boolean;
}

const STATUSES = ["In progress", "Pending review", "Success", "Failed", "Expired", "On hold"];
const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "",
];

const anyOrder = () => fc.integer({ min: 0, max: 5 }).map((i) => orders[i] as TestOrder);

const validPayload = fc
  .record({
    order: anyOrder(),
    status: fc.constantFrom(...STATUSES),
    ageMs: fc.integer({ min: -60_000, max: 3_600_000 }),
    useOurId: fc.boolean(),
  })
  .map(({ order, status, ageMs, useOurId }) =>
    callbackFor(order, {
      status,
      updatedAt: new Date(Date.now() - ageMs).toISOString(),
      ...(useOurId ? {} : { id: randomUUID() }),
    }),
  );

/** A callback with one field replaced by a value of the wrong kind, or missing. */
const wrongTypes = fc
  .record({
    payload: validPayload,
    field: fc.constantFrom(
      "id",
      "paymentId",
      "type",
      "status",
      "amount",
      "paymentMethod",
      "country",
      "updatedAt",
    ),
    value: fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      fc.integer(),
      fc.double({ noNaN: false }),
      fc.boolean(),
      fc.string({ maxLength: 40 }),
      fc.array(fc.integer(), { maxLength: 5 }),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
    ),
  })
  .map(({ payload, field, value }) => JSON.stringify({ ...payload, [field]: value }));

const brokenJson = fc.oneof(
  fc.string({ maxLength: 200 }),
  validPayload.chain((p) => {
    const text = JSON.stringify(p);
    return fc.integer({ min: 0, max: text.length - 1 }).map((n) => text.slice(0, n));
  }),
  fc.constantFrom("", "null", "[]", "true", "1e309", '{"id":', "{,}", "{'id':'x'}", "\ufeff{}"),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
);

const hugeBody = fc
  .record({
    size: fc.integer({ min: MAX_CALLBACK_BYTES - 64, max: 4 * MAX_CALLBACK_BYTES }),
    payload: validPayload,
  })
  .map(({ size, payload }) => {
    const head = JSON.stringify({ ...payload, pad: "" });
    return head.replace('"pad":""', `"pad":"${"p".repeat(Math.max(0, size - head.length))}"`);
  });

const deepBody = fc
  .record({
    depth: fc.integer({ min: 100, max: 12_000 }),
    payload: validPayload,
    kind: fc.constantFrom("[", "{"),
  })
  .map(({ depth, payload, kind }) => {
    const nested =
      kind === "["
        ? `${"[".repeat(depth)}${"]".repeat(depth)}`
        : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
    return JSON.stringify({ ...payload, status: "__deep__" }).replace('"__deep__"', nested);
  });

const PLACEHOLDER = "__bad_text__";
const BAD_TEXT_FIELDS = ["id", "paymentId", "status", "paymentMethod", "country", "updatedAt", "note"];

/** Bytes no UTF-8 decoder accepts: a stray byte, an overlong NUL, a CESU-8 lone surrogate, a cut sequence. */
const INVALID_UTF8 = [
  [0xff],
  [0x80],
  [0xc0, 0x80],
  [0xed, 0xa0, 0x80],
  [0xe2, 0x82],
  [0xf4, 0x90, 0x80, 0x80],
];

/**
 * A callback with bad text (or its accepted neighbours) in one field's value or as a key: JSON-escaped,
 * raw, or as bytes that are not UTF-8. `signedText` is what a signature covers (the bytes decoded as the
 * receiver decodes them); `accepted` says whether the text rule lets it through.
 */
const badText = fc
  .record({
    payload: validPayload,
    field: fc.constantFrom(...BAD_TEXT_FIELDS),
    asKey: fc.boolean(),
    text: nastyString,
    encoding: fc.constantFrom("escaped", "escaped", "raw", "invalid-utf8"),
    bytes: fc.constantFrom(...INVALID_UTF8),
  })
  .map(({ payload, field, asKey, text, encoding, bytes }) => {
    const json = JSON.stringify(
      asKey ? { ...payload, [PLACEHOLDER]: 1 } : { ...payload, [field]: PLACEHOLDER },
    );
    const [head = "", tail = ""] = json.split(PLACEHOLDER);
    if (encoding === "invalid-utf8") {
      const body = Buffer.concat([Buffer.from(head), Buffer.from(bytes), Buffer.from(tail)]);
      return { body: new Uint8Array(body), signedText: new TextDecoder().decode(body), accepted: true };
    }
    const inserted = encoding === "escaped" ? JSON.stringify(text).slice(1, -1) : text;
    // A raw lone surrogate cannot travel: fetch encodes it as U+FFFD, which is accepted text.
    const accepted = isAcceptedText(encoding === "raw" ? text.replaceAll(/[\ud800-\udfff]/g, "") : text);
    const body = `${head}${inserted}${tail}`;
    return { body, signedText: body, accepted };
  });

type SignatureStyle = "valid" | "none" | "forged" | "other-secret" | "other-body" | "other-client" | "stale";
const signatureStyle = fc.constantFrom<SignatureStyle>(
  "valid",
  "none",
  "forged",
  "other-secret",
  "other-body",
  "other-client",
  "stale",
);

function headersFor(body: string, style: SignatureStyle, contentType: string): Record<string, string> {
  const signed = signedHeadersFor(body, ACCOUNT);
  const withType = (h: Record<string, string>) => {
    const { "content-type": _t, ...rest } = h;
    return contentType ? { ...rest, "content-type": contentType } : rest;
  };
  switch (style) {
    case "valid":
      return withType(signed);
    case "none":
      return withType({ "content-type": "application/json", "x-client-id": ACCOUNT.clientId });
    case "forged":
      return withType({ ...signed, "x-signature": "ab".repeat(32), "webhook-signature": "v1,Zm9yZ2Vk" });
    case "other-secret":
      return withType(signedHeadersFor(body, { ...ACCOUNT, secret: "not-the-secret" }));
    case "other-body":
      return withType({ ...signed, "x-signature": sign(ACCOUNT.secret, `${body} `) });
    case "other-client":
      return withType({ ...signed, "x-client-id": "someone-else" });
    case "stale":
      return withType({ ...signed, "webhook-timestamp": String(Math.floor(Date.now() / 1000) - 3600) });
  }
}

const request: fc.Arbitrary<Generated> = fc
  .record({
    kind: fc.constantFrom("valid", "valid", "wrong-types", "broken-json", "huge", "deep", "bad-text"),
    valid: validPayload.map((p) => JSON.stringify(p)),
    wrong: wrongTypes,
    broken: brokenJson,
    huge: hugeBody,
    deep: deepBody,
    bad: badText,
    style: signatureStyle,
    contentType: fc.constantFrom(...CONTENT_TYPES),
  })
  .map(({ kind, valid, wrong, broken, huge, deep, bad, style, contentType }) => {
    if (kind === "bad-text") {
      return {
        body: bad.body,
        headers: headersFor(bad.signedText, style, contentType),
        mayApply: style === "valid" && bad.accepted,
      };
    }
    const body = { valid, "wrong-types": wrong, "broken-json": broken, huge, deep }[kind] ?? valid;
    return {
      body,
      headers: headersFor(body, style, contentType),
      mayApply: style === "valid" && kind !== "broken-json",
    };
  });

/**
 * What a refused request must not change: the orders, and the deliveries that count as processed (a
 * refused post is itself recorded, bounded when unverified, whole when signed but invalid).
 */
async function snapshot(): Promise<string> {
  const rows = await db.query(
    `SELECT (SELECT json_agg(o ORDER BY o.id)::text FROM (
               SELECT id, status, status_updated_at, provider_order_id FROM orders) o) AS orders,
            (SELECT count(*) FROM callback_deliveries WHERE outcome IN ('applied', 'stale', 'unknown-order', 'duplicate'))::int AS processed`,
  );
  return JSON.stringify(rows[0]);
}

describe("POST /api/postback under generated requests", () => {
  it(`answers ${RUNS} generated requests without a 5xx or a hang; refused ones change nothing`, async () => {
    const statuses = new Map<number, number>();
    try {
      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          const before = await snapshot();
          const response = await fetch(server.url, {
            method: "POST",
            headers: r.headers,
            body: r.body,
            signal: AbortSignal.timeout(20_000),
          });
          const text = await response.text();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          expect(response.status, text).toBeLessThan(500);
          if (response.status >= 300 || !r.mayApply) {
            expect(await snapshot()).toBe(before);
          }
          if (response.status >= 400) {
            expect(response.headers.get("content-type")).toBe("application/problem+json");
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    } catch (error) {
      console.error(`postback fuzz failed with seed ${SEED} (replay: FUZZ_SEED=${SEED})`);
      throw error;
    }
    console.log(`postback fuzz, seed ${SEED}: ${JSON.stringify(Object.fromEntries(statuses))}`);
    // The generators reached every kind of answer.
    for (const status of [200, 400, 401, 413]) expect(statuses.get(status) ?? 0).toBeGreaterThan(0);
  }, 600_000);
});
