/**
 * Vitest global setup of the integration files on PGlite: one PGlite template for the whole run — a database
 * just initialised, no migration — dumped once. Every scratch PGlite database starts from it
 * (lib/testing/database.ts) and every PGlite folder a test's dashboard runtime opens is unpacked from it
 * (seedPgliteFolder), instead of each running initdb, most of a new PGlite's cost: the integration files open a
 * few hundred. What the tests see is the database a fresh `new PGlite()` makes (compacted:
 * pglite-template-compact.ts). Workers inherit TEST_PGLITE_TEMPLATE from this process's environment.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { type PgliteTemplateTag, pgliteVersionAt, templateTagPath } from "@/lib/database/pglite-template";
import { compactForTemplate } from "@/lib/database/pglite-template-compact";
import { pgliteModulePath } from "@/lib/database/pglite-thread";
import { TEST_PGLITE_TEMPLATE } from "./database";

export default async function setup(): Promise<() => void> {
  const pglite = pgliteVersionAt(pgliteModulePath());
  if (!pglite) throw new Error("the installed @electric-sql/pglite has no readable version");
  const dir = mkdtempSync(path.join(os.tmpdir(), "test-pglite-template-"));
  const db = await PGlite.create();
  await compactForTemplate(db);
  const dump = await db.dumpDataDir("gzip");
  await db.close();
  const tarball = path.join(dir, "initialised.tar.gz");
  writeFileSync(tarball, new Uint8Array(await dump.arrayBuffer()));
  const tag: PgliteTemplateTag = { pglite, lastMigration: "" };
  writeFileSync(templateTagPath(tarball), `${JSON.stringify(tag)}\n`);
  process.env[TEST_PGLITE_TEMPLATE] = tarball;
  return () => rmSync(dir, { recursive: true, force: true });
}
