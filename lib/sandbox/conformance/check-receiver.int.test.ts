/**
 * The conformance suite both ways, over real HTTP: the dashboard's own receiver (handlePostback, what
 * app/api/postback/route.ts serves) passes every case; a naive receiver that answers 200 to anything fails
 * exactly the cases where a receiver must refuse. The CLI writes JUnit XML and HTML, read back here.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database";
import { createUnverifiedPurge } from "@/lib/postback/purge";
import { type PostbackServer, startPostbackServer } from "@/lib/testing/postback-server";
import { insertTestOrder, openTestDashboardDb, type TestOrder } from "@/lib/testing/test-orders";
import { run } from "../cli/run";
import { escapeHtml } from "./report";
import { checkReceiver, type ConformanceReport } from "./suite";

const ACCOUNT = { clientId: "conformance-merchant", secret: "conformance-secret-new" };
const PREVIOUS_SECRET = "conformance-secret-old";
/** What the naive receiver answers: markup, so the HTML report has to escape it. */
const NAIVE_BODY = `<script>alert("x")</script> & ok`;
const ALL_CASES = [
  "valid",
  "duplicate",
  "out-of-order",
  "late",
  "bad-signature",
  "no-signature",
  "wrong-client-id",
  "stale-timestamp",
  "future-timestamp",
  "rotation",
  "oversized",
  "slow-sender",
  "concurrent-duplicates",
];
const REFUSAL_CASES = [
  "bad-signature",
  "no-signature",
  "wrong-client-id",
  "stale-timestamp",
  "future-timestamp",
  "oversized",
];

let db: Database;
let dispose: () => Promise<void> = async () => {};
let ours: PostbackServer | undefined;
let naive: Server | undefined;
let naiveUrl: string;
let dir: string;

beforeAll(async () => {
  ({ db, dispose } = await openTestDashboardDb());
  ours = await startPostbackServer(db, () => ({
    ...ACCOUNT,
    previousSecret: PREVIOUS_SECRET,
    purge: createUnverifiedPurge(72),
  }));
  naive = createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(200, { "content-type": "text/html" }).end(NAIVE_BODY));
  });
  await new Promise<void>((resolve) => naive?.listen(0, "127.0.0.1", resolve));
  naiveUrl = `http://127.0.0.1:${(naive.address() as AddressInfo).port}/hooks?x=1`;
  dir = await mkdtemp(path.join(tmpdir(), "check-receiver-"));
});

afterAll(async () => {
  await ours?.close();
  naive?.closeAllConnections();
  await new Promise<void>((resolve) => (naive ? naive.close(() => resolve()) : resolve()));
  await dispose();
  await rm(dir, { recursive: true, force: true });
});

const ids = (report: ConformanceReport, status: "passed" | "failed" | "skipped") =>
  report.cases.filter((c) => c.status === status).map((c) => c.id);

async function orderStatus(id: string): Promise<string> {
  const rows = await db.query<{ status: string }>("SELECT status FROM orders WHERE id = $1", [id]);
  return rows[0]?.status ?? "(missing)";
}

describe("check-receiver against the dashboard's own receiver", () => {
  let order: TestOrder;
  beforeAll(async () => {
    order = await insertTestOrder(db);
  });

  it("passes every case, rotation included, and the order ends Success (the older status did not regress it)", async () => {
    const report = await checkReceiver({
      url: ours?.url ?? "",
      ...ACCOUNT,
      secret2: PREVIOUS_SECRET,
      orderId: order.providerOrderId ?? "",
      paymentId: order.paymentId,
      type: order.direction,
      paymentMethod: order.paymentMethod,
      country: order.country,
      slowMs: 1_000,
    });
    expect(report.cases.map((c) => c.id)).toEqual(ALL_CASES);
    expect(report.cases.filter((c) => c.status !== "passed")).toEqual([]);
    const oversized = report.cases.find((c) => c.id === "oversized");
    expect(oversized?.attempts[0]?.status).toBe(413);
    for (const id of [
      "bad-signature",
      "no-signature",
      "wrong-client-id",
      "stale-timestamp",
      "future-timestamp",
    ]) {
      expect(report.cases.find((c) => c.id === id)?.attempts[0]?.status).toBe(401);
    }
    expect(await orderStatus(order.id)).toBe("Success");
  });

  it("passes with the seeded order the receiver does not know (it answers 200 to unknown orders) and skips rotation without --secret2", async () => {
    const report = await checkReceiver({ url: ours?.url ?? "", ...ACCOUNT, seed: 7, slowMs: 500 });
    expect(ids(report, "failed")).toEqual([]);
    expect(ids(report, "skipped")).toEqual(["rotation"]);
    expect(report.cases.find((c) => c.id === "rotation")?.detail).toMatch(/--secret2/);
  });

  it("draws the same ids from the same seed", async () => {
    const a = await checkReceiver({ url: ours?.url ?? "", ...ACCOUNT, seed: 11, slowMs: 200 });
    const b = await checkReceiver({ url: ours?.url ?? "", ...ACCOUNT, seed: 11, slowMs: 200 });
    expect(b.orderId).toBe(a.orderId);
    expect(b.cases.map((c) => c.attempts.map((x) => x.webhookId))).toEqual(
      a.cases.map((c) => c.attempts.map((x) => x.webhookId)),
    );
  });
});

describe("check-receiver against a receiver on the Standard Webhooks library", () => {
  it("its webhook-signature verifies with the key docs/qa.md gives: whsec_ and the base64 of the secret's UTF-8 bytes", async () => {
    const key = `whsec_${Buffer.from(ACCOUNT.secret, "utf8").toString("base64")}`;
    const library = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        try {
          new Webhook(key).verify(
            Buffer.concat(chunks).toString("utf8"),
            req.headers as Record<string, string>,
          );
          res.writeHead(204).end();
        } catch {
          res.writeHead(401).end();
        }
      });
    });
    await new Promise<void>((resolve) => library.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(library.address() as AddressInfo).port}/hooks`;
      const report = await checkReceiver({ url, ...ACCOUNT, slowMs: 200 });
      const passed = ids(report, "passed");
      // The library checks the signature and the timestamp (not X-Client-Id, not the body's size).
      for (const id of ["valid", "duplicate", "late", "bad-signature", "stale-timestamp", "future-timestamp"])
        expect(passed, id).toContain(id);
    } finally {
      library.closeAllConnections();
      await new Promise<void>((resolve) => library.close(() => resolve()));
    }
  });
});

describe("check-receiver against a naive receiver that accepts everything", () => {
  it("fails exactly the refusal cases, exits 1, and writes JUnit XML and a self-contained, escaped HTML report", async () => {
    const junit = path.join(dir, "junit.xml");
    const html = path.join(dir, "report.html");
    const stdout: string[] = [];
    const stderr: string[] = [];
    const code = await run(
      [
        "check-receiver",
        "--url",
        naiveUrl,
        "--client-id",
        ACCOUNT.clientId,
        "--secret",
        ACCOUNT.secret,
        "--secret2",
        PREVIOUS_SECRET,
        "--slow",
        "500ms",
        "--junit",
        junit,
        "--html",
        html,
        "--json",
      ],
      { stdout: (t) => stdout.push(t), stderr: (t) => stderr.push(t), env: {} },
    );
    expect(stderr.join("")).toBe("");
    expect(code).toBe(1);
    const report = JSON.parse(stdout.join("")) as ConformanceReport;
    expect(ids(report, "failed")).toEqual(REFUSAL_CASES);
    expect(ids(report, "passed")).toEqual(ALL_CASES.filter((c) => !REFUSAL_CASES.includes(c)));
    expect(report.cases.find((c) => c.id === "bad-signature")?.detail).toBe(
      "expected a 4xx refusal, got HTTP 200",
    );

    // JUnit: testsuites > testsuite > testcase, a <failure> in exactly the failed cases.
    const xml = await readFile(junit, "utf8");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const suites = [...xml.matchAll(/<testsuite\s([^>]*)>([\s\S]*?)<\/testsuite>/g)];
    expect(suites).toHaveLength(1);
    const [, suiteAttrs = "", suiteBody = ""] = suites[0] ?? [];
    expect(suiteAttrs).toMatch(/tests="13"/);
    expect(suiteAttrs).toMatch(/failures="6"/);
    expect(suiteAttrs).toMatch(/skipped="0"/);
    expect(xml).toMatch(/^<testsuites [^>]*>[\s\S]*<\/testsuites>\s*$/m);
    const testcases = [
      ...suiteBody.matchAll(
        /<testcase name="([^"]*)" classname="check-receiver\.([^"]*)"[^>]*>([\s\S]*?)<\/testcase>/g,
      ),
    ];
    expect(testcases.map((t) => t[2])).toEqual(ALL_CASES);
    const failed = testcases.filter((t) => /<failure message="[^"]+" type="conformance">/.test(t[3] ?? ""));
    expect(failed.map((t) => t[2])).toEqual(REFUSAL_CASES);
    expect(testcases.map((t) => t[1])).toEqual(report.cases.map((c) => c.name));
    // The receiver's markup reached the report escaped.
    expect(xml).not.toContain("<script>");
    expect(xml).toContain("&lt;script&gt;");

    const page = await readFile(html, "utf8");
    for (const c of report.cases) expect(page).toContain(escapeHtml(c.name));
    expect(page).not.toContain("<script");
    expect(page).toContain(escapeHtml(NAIVE_BODY));
    expect(page).not.toMatch(/<[^>]*\b(src|href)=|@import|url\(/);
    expect(page).toContain("7 passed, 6 failed, 0 skipped");
  });
});

describe("check-receiver against a receiver that never answers", () => {
  it("gives up on every case after the timeout rather than hanging, and fails every case (rotation is skipped)", async () => {
    const sockets = new Set<import("node:net").Socket>();
    const hung = createServer(() => {});
    hung.on("connection", (s) => sockets.add(s));
    await new Promise<void>((resolve) => hung.listen(0, "127.0.0.1", resolve));
    try {
      const started = Date.now();
      const report = await checkReceiver({
        url: `http://127.0.0.1:${(hung.address() as AddressInfo).port}/`,
        ...ACCOUNT,
        timeoutMs: 300,
        slowMs: 200,
        concurrency: 3,
      });
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(ids(report, "failed")).toEqual(ALL_CASES.filter((c) => c !== "rotation"));
      expect(report.cases.find((c) => c.id === "valid")?.detail).toBe(
        "expected 2xx, got no answer within 300 ms",
      );
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => hung.close(() => resolve()));
    }
  });
});
