/**
 * The account clocks' cache (lib/sandbox/clocks.ts) on the TEST_DB backend: creates that find it stale
 * together share one read of the offset, and a move made while a read is in flight is not overwritten by it.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database, Sql } from "@/lib/database";
import { migrate } from "@/lib/database/migrate";
import { SANDBOX_MIGRATION_LOCK_KEY, sandboxMigrations } from "@/lib/database/sandbox/migrations";
import { createScratchDatabase, type ScratchDatabase } from "@/lib/testing/database";
import { AccountClocks } from "./clocks";

const MINUTE = 60_000;

let scratch: ScratchDatabase;
let db: Database;

beforeAll(async () => {
  scratch = await createScratchDatabase("sandbox_clocks_cache", "sandbox");
  db = await scratch.open();
  await migrate(db, sandboxMigrations, SANDBOX_MIGRATION_LOCK_KEY);
});
afterAll(async () => {
  await db?.close();
  await scratch?.drop();
});

/** `db`, counting the reads of a clock's offset; each read's answer waits for `gate` when one is set. */
function countingReads(): { sql: Sql; reads: () => number; hold(): () => void } {
  let reads = 0;
  let gate: Promise<void> | undefined;
  const sql: Sql = {
    ...db,
    async query<T>(text: string, params?: readonly unknown[]): Promise<T[]> {
      const rows = await db.query<T>(text, params);
      if (/from "sandbox_clocks"/.test(text) && /^select/i.test(text.trim())) {
        reads++;
        await gate;
      }
      return rows;
    },
  };
  return {
    sql,
    reads: () => reads,
    hold() {
      let open = () => {};
      gate = new Promise((resolve) => {
        open = resolve;
      });
      return () => {
        gate = undefined;
        open();
      };
    },
  };
}

it("creates that find the cache stale together share one read of the offset", async () => {
  const counted = countingReads();
  let now = Date.parse("2026-11-27T12:00:00Z");
  const clocks = new AccountClocks(counted.sql, () => new Date(now));
  await clocks.advance("clocks-shared", 5 * MINUTE);
  now += 2_000; // past the cache's second: the offset is read again
  const release = counted.hold();
  const together = Array.from({ length: 20 }, () => clocks.offsetMs("clocks-shared"));
  release();
  expect(await Promise.all(together)).toEqual(Array(20).fill(5 * MINUTE));
  expect(counted.reads()).toBe(1);
  // Cached again: the next one reads nothing.
  expect(await clocks.offsetMs("clocks-shared")).toBe(5 * MINUTE);
  expect(counted.reads()).toBe(1);
});

it("a move made while a read is in flight is what the next create sees, not that read", async () => {
  const counted = countingReads();
  const now = Date.parse("2026-11-27T12:00:00Z");
  const clocks = new AccountClocks(counted.sql, () => new Date(now));
  const release = counted.hold();
  const before = clocks.offsetMs("clocks-moved"); // reads 0; its answer is held
  // The move's own statements are not reads of the offset: not held.
  await clocks.advance("clocks-moved", 15 * MINUTE);
  release();
  expect(await before).toBe(0); // it began before the move
  expect(await clocks.offsetMs("clocks-moved")).toBe(15 * MINUTE);
  expect(counted.reads()).toBe(1);
});
