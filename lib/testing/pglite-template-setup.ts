/**
 * Vitest global setup of the integration files on PGlite: the run's PGlite templates, made once — a database
 * just initialised (no migration), and one each with the dashboard's and the sandbox's migrations applied
 * (lib/database/pglite-template-write.ts). Every scratch PGlite database starts from one of them
 * (lib/testing/database.ts) and every PGlite folder a test's dashboard runtime opens is unpacked from one
 * (seedPgliteFolder), instead of each running initdb and the migrations, most of a new PGlite's cost: the
 * integration files open a few hundred. What the tests see is the database a fresh `new PGlite()` makes and
 * migrates (compacted: pglite-template-compact.ts). Workers inherit the templates' variables
 * (pgliteTemplateVar) from this process's environment.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { writePgliteTemplate } from "@/lib/database/pglite-template-write";
import { pgliteTemplateVar } from "./database";
import { SCRATCH_SCHEMAS, scratchSchemaNames } from "./scratch-schemas";

export default async function setup(): Promise<() => void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "test-pglite-template-"));
  const initialised = path.join(dir, "initialised.tar.gz");
  await writePgliteTemplate(initialised);
  process.env[pgliteTemplateVar()] = initialised;
  await Promise.all(
    scratchSchemaNames.map(async (schema) => {
      const tarball = path.join(dir, `${schema}.tar.gz`);
      await writePgliteTemplate(tarball, { from: initialised, migrations: SCRATCH_SCHEMAS[schema] });
      process.env[pgliteTemplateVar(schema)] = tarball;
    }),
  );
  return () => rmSync(dir, { recursive: true, force: true });
}
