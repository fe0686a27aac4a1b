/**
 * The PGlite driver runs PGlite in a worker thread (pglite-thread.ts): the same results, errors and
 * transactions as in-process, and the main thread free while a statement runs.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase, PGLITE_SHARED_BUFFERS } from "./index";
import { discardPrewarmedPgliteThread, prewarmPgliteThread } from "./pglite-thread";
import { pgliteTemplateVar } from "@/lib/testing/database";

/** The run's PGlite template (the PGlite step's global setup makes it; this file runs on that step only). */
const template = () => process.env[pgliteTemplateVar()];

let db: Database;
beforeAll(async () => {
  db = await openDatabase({ memory: true });
  await db.exec(
    "CREATE TABLE t (id int PRIMARY KEY, at timestamptz, doc jsonb, amount numeric(12,2), tags text[])",
  );
});
afterAll(() => db.close());

describe("PGlite in a worker thread", () => {
  it("round-trips values as the drivers' conventions say", async () => {
    const at = new Date("2026-01-02T03:04:05.678Z");
    await db.query("INSERT INTO t VALUES ($1, $2, $3::jsonb, $4, $5)", [
      1,
      at,
      JSON.stringify({ a: [1, "x"] }),
      "12.50",
      ["p", null],
    ]);
    const rows = await db.query<{ id: number; at: Date; doc: unknown; amount: string; tags: unknown }>(
      "SELECT * FROM t WHERE id = 1",
    );
    expect(rows).toEqual([{ id: 1, at, doc: { a: [1, "x"] }, amount: "12.50", tags: ["p", null] }]);
    expect(rows[0]?.at).toBeInstanceOf(Date);
  });

  it("answers a failed statement with PostgreSQL's error (message and code)", async () => {
    await db.query("INSERT INTO t (id) VALUES (2)");
    const error = await db.query("INSERT INTO t (id) VALUES (2)").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/duplicate key/);
    expect((error as { code?: string }).code).toBe("23505");
  });

  it("commits a transaction that resolves and rolls back one that throws", async () => {
    const n = await db.transaction(async (tx) => {
      await tx.query("INSERT INTO t (id) VALUES (3)");
      await tx.transaction((inner) => inner.query("INSERT INTO t (id) VALUES (4)"));
      return (await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM t WHERE id IN (3, 4)"))[0]?.n;
    });
    expect(n).toBe(2);
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO t (id) VALUES (5)");
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    const ids = await db.query<{ id: number }>("SELECT id FROM t WHERE id IN (3, 4, 5) ORDER BY id");
    expect(ids.map((r) => r.id)).toEqual([3, 4]);
  });

  it("a statement from outside waits for an open transaction, as on one connection", async () => {
    const order: string[] = [];
    let outside: Promise<unknown> = Promise.resolve();
    await db.transaction(async (tx) => {
      await tx.query("INSERT INTO t (id) VALUES (6)");
      outside = db.query("SELECT count(*) FROM t WHERE id = 6").then(() => order.push("outside"));
      await new Promise((r) => setTimeout(r, 50));
      order.push("transaction");
    });
    await outside;
    expect(order).toEqual(["transaction", "outside"]);
  });

  it("leaves the main thread free while a statement runs", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    try {
      const started = Date.now();
      await db.query("SELECT count(*) FROM generate_series(1, 3000000) g WHERE g % 7 = 0");
      const took = Date.now() - started;
      // A statement run on this thread would block it: no timer could fire until it finished.
      expect(took).toBeGreaterThan(50);
      expect(ticks).toBeGreaterThan(2);
    } finally {
      clearInterval(timer);
    }
  });

  it("starts PostgreSQL with our shared_buffers, in memory and in a folder", {
    timeout: 60_000,
  }, async () => {
    const sharedBuffers = async (other: Database) =>
      (await other.query<{ shared_buffers: string }>("SHOW shared_buffers"))[0]?.shared_buffers;
    expect(await sharedBuffers(db)).toBe(PGLITE_SHARED_BUFFERS.memory);
    const dir = mkdtempSync(path.join(tmpdir(), "pglite-buffers-"));
    try {
      const inFolder = await openDatabase({ dataDir: dir, template: template() });
      try {
        expect(await sharedBuffers(inFolder)).toBe(PGLITE_SHARED_BUFFERS.folder);
      } finally {
        await inFolder.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // Three databases: an initdb each where the run has no PGlite template.
  it("a prewarmed worker opens the next database only; one discarded opens none", {
    timeout: 120_000,
  }, async () => {
    prewarmPgliteThread();
    const [first, second] = [
      await openDatabase({ memory: true, template: template() }),
      await openDatabase({ memory: true, template: template() }),
    ];
    try {
      await first.exec("CREATE TABLE only_here (x int)");
      expect(await second.query("SELECT to_regclass('only_here') AS t")).toEqual([{ t: null }]);
      expect(await first.query("SELECT count(*)::int AS n FROM only_here")).toEqual([{ n: 0 }]);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
    prewarmPgliteThread();
    discardPrewarmedPgliteThread();
    const third = await openDatabase({ memory: true, template: template() });
    await expect(third.query("SELECT 1 AS one")).resolves.toEqual([{ one: 1 }]);
    await third.close();
  });
});
