/**
 * For tests: a fresh database on the backend chosen by TEST_DB ("pglite", the default, or "postgres").
 * On PostgreSQL it creates a scratch database on TEST_POSTGRES_URL (default: the local server) and drops it
 * on close, so no run depends on what an earlier one left.
 *
 * A scratch database is empty unless a schema is asked for: then it starts with that system's migrations
 * already applied, copied from the run's template of it (pglite-template-setup.ts, postgres-template-setup.ts)
 * instead of migrated anew — most of a scratch database's cost. Code under test still runs its migrator,
 * which finds them applied (and applies any the template lacks).
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { type Database, openDatabase } from "@/lib/database";
import { extractPgliteTemplate } from "@/lib/database/pglite-template-extract";

export const TEST_POSTGRES_URL =
  process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** Which system's migrations a scratch database starts with. */
export type ScratchSchema = "dashboard" | "sandbox";

/** The variable naming the run's PGlite template (just initialised, or with a schema's migrations applied), set
 * by the integration files' global setup (pglite-template-setup.ts) and inherited by their workers. */
export const pgliteTemplateVar = (schema?: ScratchSchema) =>
  schema ? `TEST_PGLITE_TEMPLATE_${schema.toUpperCase()}` : "TEST_PGLITE_TEMPLATE";
/** The variable naming the run's PostgreSQL template database of a schema (postgres-template-setup.ts). */
export const postgresTemplateVar = (schema: ScratchSchema) =>
  `TEST_POSTGRES_TEMPLATE_${schema.toUpperCase()}`;

/** Unpacks the run's PGlite template (when the global setup made one) into `target`, so PGlite opens it as an
 * existing database rather than running initdb there. */
export function seedPgliteFolder(target: string, schema?: ScratchSchema): void {
  const template = process.env[pgliteTemplateVar(schema)];
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

export async function createScratchDatabase(
  prefix = "test",
  schema?: ScratchSchema,
): Promise<ScratchDatabase> {
  if (testBackend() === "pglite") {
    // From the run's template when the global setup made one (pglite-template-setup.ts).
    const template = process.env[pgliteTemplateVar(schema)];
    return { url: undefined, open: () => openDatabase({ memory: true, template }), drop: async () => {} };
  }
  return createPostgresScratchDatabase(prefix, schema);
}

/** A scratch database on the PostgreSQL server (TEST_POSTGRES_URL) whatever TEST_DB says. */
export async function createPostgresScratchDatabase(
  prefix: string,
  schema?: ScratchSchema,
): Promise<ScratchDatabase & { url: string }> {
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const template = schema && process.env[postgresTemplateVar(schema)];
  const admin = await openDatabase({ url: TEST_POSTGRES_URL });
  await admin.exec(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  await admin.close();
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    open: () => openDatabase({ url: url.toString() }),
    drop: async () => {
      // A closed pool's sockets may still be ending; FORCE-terminating them then raises errors in the test
      // process. Give them a moment to go, and only then force the rest.
      await waitForDisconnect(name);
      const a = await openDatabase({ url: TEST_POSTGRES_URL });
      await a.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.close();
    },
  };
}

/** Waits (up to 5 s) until no session is connected to the PostgreSQL database `name`: a closed pool's
 * sessions end a moment after it says it closed. */
export async function waitForDisconnect(name: string): Promise<void> {
  const admin = await openDatabase({ url: TEST_POSTGRES_URL });
  try {
    for (let i = 0; i < 100; i++) {
      const [row] = await admin.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1",
        [name],
      );
      if (!row || row.n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await admin.close();
  }
}
