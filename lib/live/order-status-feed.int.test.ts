/**
 * Pushed status (issue 10 §4) on the real database (TEST_DB backend): a callback applied by the receiver
 * reaches the instance's feed through the database's own notification, and an event stream passes on only
 * what its reader may see; on PostgreSQL, a change made through another instance's connection arrives too.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "@/lib/database";
import { receiveCallback } from "@/lib/postback/receive";
import { callbackFor, signedHeadersFor } from "@/lib/testing/signed-callbacks";
import { insertTestOrder, openTestDashboardDb } from "@/lib/testing/test-orders";
import { type ScratchDatabase, testBackend } from "@/lib/testing/database";
import { statusEventStream } from "./event-stream";
import { createOrderStatusFeed, type OrderStatusEvent } from "./order-status-feed";

const account = { clientId: "merchant-live", secret: "live-secret" };

let db: Database;
let scratch: ScratchDatabase;
let dispose: () => Promise<void> = async () => {};

const feed = createOrderStatusFeed(async () => db);

beforeAll(async () => {
  ({ db, scratch, dispose } = await openTestDashboardDb());
});
afterAll(async () => {
  await feed.stop();
  await dispose();
});

async function pay(orderId: string, order: Parameters<typeof callbackFor>[0], status = "Success") {
  const body = JSON.stringify(callbackFor(order, { status }));
  const result = await receiveCallback(db, {
    headers: signedHeadersFor(body, account),
    rawBody: body,
    ...account,
  });
  expect(result).toMatchObject({ outcome: "applied", orderId });
}

/** Resolves with the first event `matching`, or fails after 5 s. */
function nextEvent(match: (e: OrderStatusEvent) => boolean): Promise<OrderStatusEvent> {
  return new Promise((resolve, reject) => {
    let stop = () => {};
    const timer = setTimeout(() => {
      stop();
      reject(new Error("no status event within 5 s"));
    }, 5_000);
    void feed
      .subscribe((e) => {
        if (!match(e)) return;
        clearTimeout(timer);
        stop();
        resolve(e);
      })
      .then((unsubscribe) => {
        stop = unsubscribe;
      });
  });
}

describe("the live status feed", () => {
  it("a callback applied by the receiver is announced with the order's new status", async () => {
    const order = await insertTestOrder(db);
    const event = nextEvent((e) => e.id === order.id);
    await new Promise((r) => setTimeout(r, 100));
    await pay(order.id, order);
    expect(await event).toMatchObject({ id: order.id, status: "Success", updatedAt: expect.any(String) });
  });

  it("an event stream passes on its own orders' changes only, and ends with its reader", async () => {
    const mine = await insertTestOrder(db);
    const other = await insertTestOrder(db);
    const reader = new AbortController();
    const before = feed.openStreams();
    const response = await statusEventStream(
      feed,
      new Request("http://x/events", { signal: reader.signal }),
      (e) => (e.id === mine.id ? { status: e.status } : null),
    );
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const stream = response.body?.getReader();
    if (!stream) throw new Error("no body");
    const decoder = new TextDecoder();
    let text = "";
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await stream.read();
        if (done) throw new Error(`stream ended before ${needle}`);
        text += decoder.decode(value);
      }
    };
    await readUntil("event: ready");
    expect(feed.openStreams()).toBe(before + 1);
    await pay(other.id, other, "Failed");
    await pay(mine.id, mine, "Success");
    await readUntil('"Success"');
    expect(text).toContain('event: status\ndata: {"status":"Success"}\n\n');
    expect(text).not.toContain("Failed");
    reader.abort();
    await expect.poll(() => feed.openStreams()).toBe(before);
  });

  // Embedded PGlite is one instance: the case does not arise there.
  it.runIf(testBackend() === "postgres")(
    "on PostgreSQL, a change made through another instance's connection reaches this one",
    async () => {
      const url = scratch.url;
      if (!url) throw new Error("needs a PostgreSQL scratch database");
      const other = await openDatabase({ url });
      const received = new Set<string>();
      const stopListening = await feed.subscribe((e) => received.add(e.id));
      try {
        const order = await insertTestOrder(other);
        const event = nextEvent((e) => e.id === order.id);
        await new Promise((r) => setTimeout(r, 100));
        await other.query("UPDATE orders SET status = 'Failed' WHERE id = $1", [order.id]);
        expect(await event).toMatchObject({ id: order.id, status: "Failed" });

        // The listening connection is cut (a server restart, an idle-session kill): it listens again.
        const cut = await other.query<{ n: number }>(
          `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND query LIKE 'LISTEN %'`,
        );
        expect(cut[0]?.n).toBe(1);
        const again = await insertTestOrder(other);
        await expect
          .poll(
            async () => {
              await other.query("UPDATE orders SET status = $2 WHERE id = $1", [
                again.id,
                randomUUID().slice(0, 8),
              ]);
              return received.has(again.id);
            },
            { timeout: 10_000, interval: 500 },
          )
          .toBe(true);
      } finally {
        stopListening();
        await other.close();
      }
    },
  );
});
