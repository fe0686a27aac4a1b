/**
 * Issue 8, bounded reads: POST /api/postback stops reading at its limit counted on the bytes received,
 * answers 413 problem details, and stores nothing, whether the body is chunked or its Content-Length lies.
 */
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database";
import { handlePostback, type PostbackSettings } from "./handle";
import { createUnverifiedPurge } from "./purge";
import { MAX_CALLBACK_BYTES } from "./receive";
import { type PostbackServer, startPostbackServer } from "@/lib/testing/postback-server";
import { callbackFor, signedHeadersFor } from "@/lib/testing/signed-callbacks";
import { chunkedStream } from "@/lib/testing/sandbox-http";
import { insertTestOrder, openTestDashboardDb } from "@/lib/testing/test-orders";

const ACCOUNT = { clientId: "bounded-merchant", secret: "bounded-secret" };
const SETTINGS: PostbackSettings = { ...ACCOUNT, purge: createUnverifiedPurge(72) };

let db: Database;
let dispose: () => Promise<void> = async () => {};
let server: PostbackServer;

beforeAll(async () => {
  ({ db, dispose } = await openTestDashboardDb());
  server = await startPostbackServer(db, () => SETTINGS);
});
afterAll(async () => {
  await server?.close();
  await dispose();
});

async function storedDeliveries(): Promise<number> {
  const rows = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM callback_deliveries");
  return rows[0]?.n ?? 0;
}

async function expectProblem413(response: Response): Promise<void> {
  expect(response.status).toBe(413);
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  expect(await response.json()).toMatchObject({
    type: "about:blank",
    title: "Payload Too Large",
    status: 413,
    detail: expect.any(String),
  });
}

/** A signed callback padded past the limit: valid in every way but its size. */
async function oversizedSignedBody(): Promise<{ body: string; headers: Record<string, string> }> {
  const order = await insertTestOrder(db);
  const body = JSON.stringify({ ...callbackFor(order), padding: "x".repeat(MAX_CALLBACK_BYTES) });
  return { body, headers: signedHeadersFor(body, ACCOUNT) };
}

const streamOf = (text: string) => chunkedStream(text, 16 * 1024);

describe("POST /api/postback reads at most its limit", () => {
  it("refuses a chunked body over the limit with 413 problem details and stores nothing", async () => {
    const before = await storedDeliveries();
    const { body, headers } = await oversizedSignedBody();
    const response = await fetch(server.url, {
      method: "POST",
      headers,
      body: streamOf(body),
      duplex: "half",
    } as RequestInit);
    await expectProblem413(response);
    expect(await storedDeliveries()).toBe(before);
  });

  it("refuses a body longer than its (lying) Content-Length with 413, reading no further, storing nothing", async () => {
    const before = await storedDeliveries();
    const { body, headers } = await oversizedSignedBody();
    // The signed body, then bytes without end: a reader that does not stop at the limit never returns.
    const start = new TextEncoder().encode(body);
    const chunk = 16 * 1024;
    let pulledBytes = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next =
          pulledBytes < start.byteLength
            ? start.slice(pulledBytes, pulledBytes + chunk)
            : new Uint8Array(chunk);
        pulledBytes += next.byteLength;
        controller.enqueue(next);
      },
    });
    const request = new Request("http://dashboard.test/api/postback", {
      method: "POST",
      headers: { ...headers, "content-length": "100" },
      body: endless,
      duplex: "half",
    } as RequestInit);
    expect(request.headers.get("content-length")).toBe("100");
    await expectProblem413(await handlePostback(db, request, SETTINGS));
    // Read up to the limit and one chunk past it (plus the one a stream queues ahead), not more.
    expect(pulledBytes).toBeLessThanOrEqual(MAX_CALLBACK_BYTES + 2 * chunk);
    expect(await storedDeliveries()).toBe(before);
  });

  it("refuses a declared Content-Length over the limit without reading the body", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const request = new Request("http://dashboard.test/api/postback", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(MAX_CALLBACK_BYTES + 1) },
      body,
      duplex: "half",
    } as RequestInit);
    await expectProblem413(await handlePostback(db, request, SETTINGS));
    expect(pulled).toBeLessThanOrEqual(1); // a stream may pre-fill its queue once; nothing is read
  });

  it("answers 413 while the client is still sending, without waiting for the rest", async () => {
    const before = await storedDeliveries();
    const url = new URL(server.url);
    const { status, stillSending } = await new Promise<{ status: number; stillSending: boolean }>(
      (resolve, reject) => {
        const req = httpRequest(
          { host: url.hostname, port: url.port, path: url.pathname, method: "POST" },
          (res) => {
            // The request body was never ended: the server answered from the first bytes past the limit.
            resolve({ status: res.statusCode ?? 0, stillSending: !req.writableEnded });
            res.resume();
            req.destroy();
          },
        );
        req.setHeader("content-type", "application/json");
        req.setHeader("transfer-encoding", "chunked");
        req.on("error", (error: NodeJS.ErrnoException) => {
          // The server may close the connection while we write; only the answer matters.
          if (error.code !== "ECONNRESET" && error.code !== "EPIPE") reject(error);
        });
        const chunk = Buffer.alloc(16 * 1024, "a");
        let sent = 0;
        const pump = () => {
          // Keep sending well past the limit, never ending the body.
          while (sent < 4 * MAX_CALLBACK_BYTES && !req.destroyed) {
            sent += chunk.byteLength;
            if (!req.write(chunk)) return void req.once("drain", pump);
          }
        };
        pump();
      },
    );
    expect(status).toBe(413);
    expect(stillSending).toBe(true);
    expect(await storedDeliveries()).toBe(before);
  });

  it("still accepts a signed callback at exactly the limit", async () => {
    const order = await insertTestOrder(db);
    const base = JSON.stringify({ ...callbackFor(order), padding: "" });
    const body = base.replace('"padding":""', `"padding":"${"x".repeat(MAX_CALLBACK_BYTES - base.length)}"`);
    expect(Buffer.byteLength(body)).toBe(MAX_CALLBACK_BYTES);
    const response = await fetch(server.url, {
      method: "POST",
      headers: signedHeadersFor(body, ACCOUNT),
      body: streamOf(body),
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(200);
    const rows = await db.query<{ status: string }>("SELECT status FROM orders WHERE id = $1", [order.id]);
    expect(rows[0]?.status).toBe("Success");
  });
});
