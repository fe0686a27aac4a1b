/**
 * Failed sign-ins throttled (issue 19 §4), on the TEST_DB backend: wrong signatures and wrong operator-page
 * passwords are counted per (client id, address) and per address; past the limit every attempt under that
 * key is a 429 with Retry-After and a problem body, until its window ends, while the same client id from
 * another address and other client ids from that address go on. Two instances on one database share it.
 * Requests leave from chosen loopback addresses (127.0.0.x) so each case has an address of its own.
 */
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { problemSchema } from "@/lib/contract";
import { signRequest } from "@/lib/signing";
import { type ScratchSandbox, startScratchSandbox } from "@/lib/testing/sandbox-fixture";
import { TEST_ACCOUNT } from "@/lib/testing/sandbox-http";
import { type RunningSandbox, startSandbox } from "./server";

const OTHER = { clientId: "throttle-other", secret: "throttle-other-secret" } as const;
const PER_CLIENT = 3;
const PER_ADDRESS = 6;
const WINDOW_MS = 60_000;

let scratch: ScratchSandbox;
let second: RunningSandbox;
/** Moves the sandboxes' real clock (for the end of a window). */
let shiftMs = 0;
const now = () => new Date(Date.now() + shiftMs);

beforeAll(async () => {
  // Windows are fixed (aligned to multiples of their length): start the test just past a window's start.
  shiftMs = Math.ceil(Date.now() / WINDOW_MS) * WINDOW_MS + 1_000 - Date.now();
  const options = {
    accounts: [TEST_ACCOUNT, OTHER],
    rateLimit: 0,
    authFailureLimit: PER_CLIENT,
    authFailureAddressLimit: PER_ADDRESS,
    authFailureWindowMs: WINDOW_MS,
    now,
  };
  scratch = await startScratchSandbox("sandbox_throttle", options);
  second = await startSandbox({ port: 0, database: scratch.db, ...options });
});

afterAll(async () => {
  await second?.close();
  await scratch?.close();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request from `from` (a loopback address) to the sandbox at `base`. */
function send(
  from: string,
  path: string,
  headers: Record<string, string>,
  base = scratch.sandbox.url,
): Promise<Answer> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = request(url, { localAddress: from, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

const PATH = "/sandbox/clock";
const signed = (account: { clientId: string; secret: string }, secret = account.secret) => ({
  "x-client-id": account.clientId,
  "x-signature": signRequest(secret, { method: "GET", pathWithQuery: PATH }),
});
const api = (from: string, account: { clientId: string; secret: string }, secret?: string, base?: string) =>
  send(from, PATH, signed(account, secret), base);
const basic = (clientId: string, secret: string) => ({
  authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString("base64")}`,
});
const page = (from: string, clientId: string, secret: string) =>
  send(from, "/sandbox", basic(clientId, secret));

function expectThrottled(answer: Answer) {
  expect(answer.status).toBe(429);
  const retryAfter = Number(answer.headers["retry-after"]);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_MS / 1000);
  const body = problemSchema.parse(JSON.parse(answer.body));
  expect(body.type).toBe("urn:payorders:problem:too-many-failures");
  expect(body.status).toBe(429);
}

describe("wrong signatures", () => {
  it("after the limit: 429 for that client id from that address, correct or not; elsewhere it goes on", async () => {
    const from = "127.0.0.11";
    for (let i = 0; i < PER_CLIENT; i++)
      expect((await api(from, TEST_ACCOUNT, "wrong-secret")).status).toBe(401);
    expectThrottled(await api(from, TEST_ACCOUNT, "wrong-secret"));
    // Told apart from the misses, a hit would end the guessing: the right secret is refused too, for now.
    expectThrottled(await api(from, TEST_ACCOUNT));
    // The same client id from another address, and another client id from this one, are not slowed.
    expect((await api("127.0.0.12", TEST_ACCOUNT)).status).toBe(200);
    expect((await api(from, OTHER)).status).toBe(200);
    // The refusals are in the account's request log.
    await new Promise((r) => setTimeout(r, 300));
    const log = await send("127.0.0.12", "/sandbox/requests?limit=200", {
      "x-client-id": TEST_ACCOUNT.clientId,
      "x-signature": signRequest(TEST_ACCOUNT.secret, {
        method: "GET",
        pathWithQuery: "/sandbox/requests?limit=200",
      }),
    });
    const verdicts = (JSON.parse(log.body) as { requests: { verdict: string }[] }).requests.map(
      (r) => r.verdict,
    );
    expect(verdicts).toContain("too-many-failures");
  });

  it("a burst of parallel guesses gets no more than the limit checked", async () => {
    const from = "127.0.0.13";
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => api(from, TEST_ACCOUNT, `guess-${i}`)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(PER_CLIENT);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(40 - PER_CLIENT);
  });

  it("many client ids from one address (unknown ones too): the address is throttled", async () => {
    const from = "127.0.0.14";
    for (let i = 0; i < PER_ADDRESS; i++) {
      const who = i % 2 === 0 ? { clientId: `nobody-${i}`, secret: "x" } : i % 3 === 0 ? OTHER : TEST_ACCOUNT;
      expect((await api(from, who, `wrong-${i}`)).status).toBe(401);
    }
    expectThrottled(await api(from, OTHER));
    expectThrottled(await api(from, { clientId: "nobody-else", secret: "x" }));
    expect((await api("127.0.0.15", OTHER)).status).toBe(200);
  });

  it("a missing signature is not a guess and is not counted", async () => {
    const from = "127.0.0.16";
    for (let i = 0; i < 2 * PER_ADDRESS; i++)
      expect((await send(from, PATH, { "x-client-id": TEST_ACCOUNT.clientId })).status).toBe(401);
    expect((await api(from, TEST_ACCOUNT)).status).toBe(200);
  });

  it("another instance on the same database refuses the pair within a second", async () => {
    const from = "127.0.0.17";
    for (let i = 0; i < PER_CLIENT; i++) expect((await api(from, TEST_ACCOUNT, "wrong")).status).toBe(401);
    await new Promise((r) => setTimeout(r, 1_100));
    expectThrottled(await api(from, TEST_ACCOUNT, undefined, second.url));
  });
});

describe("operator-page passwords", () => {
  it("after the limit: 429 for that client id from that address, a correct password too; elsewhere 200", async () => {
    const from = "127.0.0.21";
    for (let i = 0; i < PER_CLIENT; i++)
      expect((await page(from, TEST_ACCOUNT.clientId, `wrong-${i}`)).status).toBe(401);
    expectThrottled(await page(from, TEST_ACCOUNT.clientId, "wrong"));
    expectThrottled(await page(from, TEST_ACCOUNT.clientId, TEST_ACCOUNT.secret));
    expect((await page("127.0.0.22", TEST_ACCOUNT.clientId, TEST_ACCOUNT.secret)).status).toBe(200);
    // One count for both doors: the API from that address with that client id is refused as well.
    expectThrottled(await api(from, TEST_ACCOUNT));
  });

  it("no credentials is a challenge, never counted", async () => {
    const from = "127.0.0.23";
    for (let i = 0; i < 2 * PER_ADDRESS; i++) expect((await send(from, "/sandbox", {})).status).toBe(401);
    expect((await page(from, TEST_ACCOUNT.clientId, TEST_ACCOUNT.secret)).status).toBe(200);
  });
});

describe("the window", () => {
  it("ends: the pair is let through again (Retry-After was the wait)", async () => {
    const from = "127.0.0.31";
    for (let i = 0; i < PER_CLIENT; i++) expect((await api(from, TEST_ACCOUNT, "wrong")).status).toBe(401);
    const refused = await api(from, TEST_ACCOUNT);
    expectThrottled(refused);
    shiftMs += Number(refused.headers["retry-after"]) * 1000;
    expect((await api(from, TEST_ACCOUNT)).status).toBe(200);
  });
});
