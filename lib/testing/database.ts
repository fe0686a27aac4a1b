/**
 * For tests: a fresh database on the backend chosen by TEST_DB ("pglite", the default, or "postgres").
 * On PostgreSQL it creates a scratch database on TEST_POSTGRES_URL (default: the local server) and drops it
 * on close, so no run depends on what an earlier one left.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { type Database, openDatabase } from "@/lib/database";
import { extractPgliteTemplate } from "@/lib/database/pglite-template-extract";

export const TEST_POSTGRES_URL =
  process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** The variable naming the run's PGlite template, set by the integration files' global setup
 * (pglite-template-setup.ts) and inherited by their workers. */
export const TEST_PGLITE_TEMPLATE = "TEST_PGLITE_TEMPLATE";
/** Unpacks the run's PGlite template (when the global setup made one) into `target`, so PGlite opens it as an
 * existing database rather than running initdb there. */
export function seedPgliteFolder(target: string): void {
  const template = process.env[TEST_PGLITE_TEMPLATE];
  if (template) extractPgliteTemplate(readFileSync(template), target);
}

export function testBackend(): "pglite" | "postgres" {
  return process.env.TEST_DB === "postgres" ? "postgres" : "pglite";
}

export interface ScratchDatabase {
  /** Connection config to hand to code under test (a URL on PostgreSQL, or memory on PGlite). */
  url: string | undefined;
  open(): Promise<Database>;
  drop(): Promise<void>;
}

export async function createScratchDatabase(prefix = "test"): Promise<ScratchDatabase> {
  if (testBackend() === "pglite") {
    // From the run's template when the global setup made one (pglite-template-setup.ts).
    const template = process.env[TEST_PGLITE_TEMPLATE];
    return { url: undefined, open: () => openDatabase({ memory: true, template }), drop: async () => {} };
  }
  return createPostgresScratchDatabase(prefix);
}

/** A scratch database on the PostgreSQL server (TEST_POSTGRES_URL) whatever TEST_DB says. */
export async function createPostgresScratchDatabase(
  prefix: string,
): Promise<ScratchDatabase & { url: string }> {
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = await openDatabase({ url: TEST_POSTGRES_URL });
  await admin.exec(`CREATE DATABASE ${name}`);
  await admin.close();
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    open: () => openDatabase({ url: url.toString() }),
    drop: async () => {
      const a = await openDatabase({ url: TEST_POSTGRES_URL });
      // A closed pool's sockets may still be ending; FORCE-terminating them then raises errors in the test
      // process. Give them a moment to go, and only then force the rest.
      for (let i = 0; i < 50; i++) {
        const [row] = await a.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1",
          [name],
        );
        if (!row || row.n === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await a.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.close();
    },
  };
}
