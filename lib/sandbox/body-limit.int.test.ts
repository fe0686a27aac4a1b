/**
 * Issue 8, bounded reads in the sandbox: every endpoint that takes a body (the API, the test controls, the
 * operator form) stops at the body limit counted on the bytes received, answers 413 problem details and
 * changes nothing, whether the body is chunked or its Content-Length lies.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { problemSchema } from "@/lib/contract";
import { samplePayinRequest } from "@/lib/contract/samples";
import type { Database } from "@/lib/database";
import { createScratchDatabase, type ScratchDatabase } from "@/lib/testing/database";
import { signRequest } from "@/lib/signing";
import { openSandbox, type RunningSandbox, startSandbox } from "./server";
import { chunkedStream, TEST_ACCOUNT } from "@/lib/testing/sandbox-http";

const LIMIT = 8 * 1024;

let scratch: ScratchDatabase;
let db: Database;
let sandbox: RunningSandbox;

beforeAll(async () => {
  scratch = await createScratchDatabase("sandbox_body_limit", "sandbox");
  db = await scratch.open();
  sandbox = await startSandbox({
    database: db,
    accounts: [TEST_ACCOUNT],
    rateLimit: 0,
    bodyLimitBytes: LIMIT,
  });
});
afterAll(async () => {
  await sandbox?.close();
  await db?.close();
  await scratch?.drop();
});

const streamOf = (text: string) => chunkedStream(text, 1024);

/** A correctly signed pay-in create, padded past the limit. */
function oversizedCreate(): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({ ...samplePayinRequest("Card"), padding: "x".repeat(4 * LIMIT) });
  return {
    body,
    headers: {
      "content-type": "application/json",
      "x-client-id": TEST_ACCOUNT.clientId,
      "x-signature": signRequest(TEST_ACCOUNT.secret, { method: "POST", body }),
    },
  };
}

async function orderCount(): Promise<number> {
  const rows = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM sandbox_orders");
  return rows[0]?.n ?? 0;
}

async function expect413(response: Response): Promise<void> {
  expect(response.status).toBe(413);
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  const problem = problemSchema.parse(await response.json());
  expect(problem).toMatchObject({ status: 413, detail: `The request body must be at most ${LIMIT} bytes` });
}

describe("sandbox body limit", () => {
  it("refuses a chunked create over the limit with 413 and creates nothing", async () => {
    const before = await orderCount();
    const { body, headers } = oversizedCreate();
    const response = await fetch(`${sandbox.url}/api/v1/payin/create`, {
      method: "POST",
      headers,
      body: streamOf(body),
      duplex: "half",
    } as RequestInit);
    await expect413(response);
    expect(await orderCount()).toBe(before);
  });

  it("refuses a create longer than its (lying) Content-Length with 413 and creates nothing", async () => {
    const other = await openSandbox({
      database: db,
      accounts: [TEST_ACCOUNT],
      rateLimit: 0,
      bodyLimitBytes: LIMIT,
    });
    const before = await orderCount();
    const { body, headers } = oversizedCreate();
    const request = new Request("http://sandbox.test/api/v1/payin/create", {
      method: "POST",
      headers: { ...headers, "content-length": "100" },
      body: streamOf(body),
      duplex: "half",
    } as RequestInit);
    expect(request.headers.get("content-length")).toBe("100");
    await expect413(await other.app.fetch(request));
    expect(await orderCount()).toBe(before);
  });

  it("refuses a chunked operator form post over the limit with 413", async () => {
    const response = await fetch(
      `${sandbox.url}/sandbox/ui/orders/00000000-0000-4000-8000-000000000000/status`,
      {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          authorization: `Basic ${Buffer.from(`${TEST_ACCOUNT.clientId}:${TEST_ACCOUNT.secret}`).toString("base64")}`,
        },
        body: streamOf(`status=Success&padding=${"x".repeat(4 * LIMIT)}`),
        duplex: "half",
      } as RequestInit,
    );
    await expect413(response);
  });
});
