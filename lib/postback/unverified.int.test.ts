/**
 * Issue 8, junk cannot fill the disk: a post failing verification is kept bounded (a capped prefix, its
 * size and hash), limited per source, purged after the retention period; signed deliveries are still
 * stored whole and applied, even during a flood of junk.
 */
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database";
import { getCallbackDelivery } from "@/lib/database/dashboard/queries/callback-deliveries";
import { UNVERIFIED_PREFIX_BYTES } from "./body-summary";
import type { PostbackSettings } from "./handle";
import { receiveCallback } from "./receive";
import { createUnverifiedPurge, purgeExpiredUnverified } from "./purge";
import { type PostbackServer, startPostbackServer } from "@/lib/testing/postback-server";
import { callbackFor, signedHeadersFor } from "@/lib/testing/signed-callbacks";
import { insertTestOrder, openTestDashboardDb } from "@/lib/testing/test-orders";

const ACCOUNT = { clientId: "junk-merchant", secret: "junk-secret" };

let db: Database;
let dispose: () => Promise<void> = async () => {};

beforeAll(async () => {
  ({ db, dispose } = await openTestDashboardDb());
});
afterAll(() => dispose());

/** What the receiver's rows take on disk: the deliveries table with its TOAST and indexes, and the limits. */
async function receiverBytes(): Promise<number> {
  const rows = await db.query<{ n: string }>(
    "SELECT (pg_total_relation_size('callback_deliveries') + pg_total_relation_size('rate_limits'))::text AS n",
  );
  return Number(rows[0]?.n ?? 0);
}

/** 60 KB that do not compress, posted as if it were a callback with a made-up signature. */
function junkBody(): string {
  return JSON.stringify({
    id: crypto.randomUUID(),
    status: "Success",
    junk: randomBytes(44_000).toString("base64"),
  });
}

const junkHeaders = { "content-type": "application/json", "x-signature": "0".repeat(64) };

describe("unverified posts", () => {
  it("2,000 unsigned 60 KB posts grow the database by at most 10 MB, each kept as prefix, size and hash", async () => {
    const before = await receiverBytes();
    let last = { id: "", body: "" };
    // Ten at a time, as a flood would come.
    for (let batch = 0; batch < 200; batch++) {
      const posts = Array.from({ length: 10 }, (_, j) => {
        const i = batch * 10 + j;
        const body = junkBody();
        return receiveCallback(db, {
          headers: junkHeaders,
          rawBody: body,
          ...ACCOUNT,
          source: `10.0.${i % 250}.${i % 7}`,
          // High enough to store every one: the bound under test is the stored form, not the rate limit.
          unverifiedLimit: 10_000,
        }).then((result) => ({ result, body }));
      });
      for (const { result, body } of await Promise.all(posts)) {
        expect(Buffer.byteLength(body)).toBeGreaterThan(58_000);
        expect(result).toMatchObject({ httpStatus: 401, outcome: "rejected" });
        last = { id: result.deliveryId ?? "", body };
      }
    }
    const grown = (await receiverBytes()) - before;
    console.log(`2,000 unsigned 60 KB posts grew the receiver's tables by ${(grown / 1e6).toFixed(2)} MB`);
    expect(grown).toBeLessThanOrEqual(10 * 1024 * 1024);

    const rows = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM callback_deliveries WHERE NOT verified AND outcome = 'rejected'",
    );
    expect(rows[0]?.n).toBeGreaterThanOrEqual(2_000);
    const row = await getCallbackDelivery(db, last.id);
    expect(row?.rawBody).toBe(last.body.slice(0, UNVERIFIED_PREFIX_BYTES));
    const stored = await db.query<{ bytes: number; sha: string }>(
      "SELECT body_bytes AS bytes, body_sha256 AS sha FROM callback_deliveries WHERE id = $1",
      [last.id],
    );
    expect(stored[0]).toEqual({
      bytes: Buffer.byteLength(last.body),
      sha: createHash("sha256").update(last.body).digest("hex"),
    });
  }, 300_000);

  it("limits unverified posts per source: past the limit 429 with Retry-After, nothing stored; others unaffected", async () => {
    const count = async () =>
      (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM callback_deliveries"))[0]?.n ?? 0;
    const post = (source: string) =>
      receiveCallback(db, { headers: junkHeaders, rawBody: "{}", ...ACCOUNT, source, unverifiedLimit: 3 });
    for (let i = 0; i < 3; i++) expect((await post("203.0.113.7")).httpStatus).toBe(401);
    const before = await count();
    const limited = await post("203.0.113.7");
    expect(limited).toMatchObject({ httpStatus: 429, outcome: "rate-limited", deliveryId: null });
    expect(limited.retryAfterSeconds).toBeGreaterThan(0);
    expect(await count()).toBe(before);
    expect((await post("203.0.113.8")).httpStatus).toBe(401);
    expect(await count()).toBe(before + 1);

    // A signed delivery from the limited source is never limited.
    const order = await insertTestOrder(db);
    const body = JSON.stringify(callbackFor(order));
    const signed = await receiveCallback(db, {
      headers: signedHeadersFor(body, ACCOUNT),
      rawBody: body,
      ...ACCOUNT,
      source: "203.0.113.7",
      unverifiedLimit: 3,
    });
    expect(signed).toMatchObject({ httpStatus: 200, outcome: "applied" });
    expect((await getCallbackDelivery(db, signed.deliveryId ?? ""))?.rawBody).toBe(body);
  });

  it("purges unverified deliveries past the retention period, never verified ones", async () => {
    const order = await insertTestOrder(db);
    const body = JSON.stringify(callbackFor(order));
    const junk = await receiveCallback(db, {
      headers: junkHeaders,
      rawBody: body,
      ...ACCOUNT,
      source: "198.51.100.1",
    });
    const signed = await receiveCallback(db, {
      headers: signedHeadersFor(body, ACCOUNT),
      rawBody: body,
      ...ACCOUNT,
    });
    expect(junk.httpStatus).toBe(401);
    expect(signed.httpStatus).toBe(200);
    // Both 49 hours old.
    await db.query(
      "UPDATE callback_deliveries SET received_at = now() - interval '49 hours' WHERE id = ANY($1::uuid[])",
      [[junk.deliveryId, signed.deliveryId]],
    );
    await purgeExpiredUnverified(db, 72);
    expect(await getCallbackDelivery(db, junk.deliveryId ?? "")).toBeDefined();
    await purgeExpiredUnverified(db, 48);
    expect(await getCallbackDelivery(db, junk.deliveryId ?? "")).toBeUndefined();
    expect(await getCallbackDelivery(db, signed.deliveryId ?? "")).toMatchObject({
      rawBody: body,
      verified: true,
    });
  });
});

describe("a flood of unsigned junk", () => {
  let server: PostbackServer;
  const settings: PostbackSettings = { ...ACCOUNT, purge: createUnverifiedPurge(72) };
  beforeAll(async () => {
    server = await startPostbackServer(db, () => settings);
  });
  afterAll(() => server?.close());

  it("does not keep signed callbacks from being applied", async () => {
    const orders = await Promise.all(Array.from({ length: 20 }, () => insertTestOrder(db)));
    let flooding = true;
    const junkStatuses = new Map<number, number>();
    const flooder = async () => {
      while (flooding) {
        const res = await fetch(server.url, { method: "POST", headers: junkHeaders, body: junkBody() });
        junkStatuses.set(res.status, (junkStatuses.get(res.status) ?? 0) + 1);
        await res.arrayBuffer();
      }
    };
    const flood = Promise.all(Array.from({ length: 8 }, flooder));
    try {
      // Let the flood get going (past this source's limit) before the real callbacks come in.
      while ((junkStatuses.get(429) ?? 0) < 20) await new Promise((r) => setTimeout(r, 10));
      const answers = await Promise.all(
        orders.map(async (order) => {
          const body = JSON.stringify(callbackFor(order, { status: "Failed" }));
          const res = await fetch(server.url, {
            method: "POST",
            headers: signedHeadersFor(body, ACCOUNT),
            body,
          });
          return res.status;
        }),
      );
      expect(answers).toEqual(orders.map(() => 200));
    } finally {
      flooding = false;
      await flood;
    }
    const statuses = await db.query<{ status: string }>(
      "SELECT status FROM orders WHERE id = ANY($1::uuid[])",
      [orders.map((o) => o.id)],
    );
    expect(statuses.map((s) => s.status)).toEqual(orders.map(() => "Failed"));
    expect([...junkStatuses.keys()].sort()).toEqual([401, 429]);
  });
});
