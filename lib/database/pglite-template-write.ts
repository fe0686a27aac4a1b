/**
 * Writes a PGlite template (pglite-template.ts): a database initialised — or unpacked from an earlier template —
 * then migrated with the given migrations the way a system migrates its own (same worker, same migrator),
 * closed cleanly, compacted (pglite-template-compact.ts) and dumped by PGlite (`dumpDataDir("gzip")`), with its
 * tag (the PGlite version, the last migration) beside it. Used for the packaged sandbox's template
 * (lib/sandbox/pglite-template-build.ts) and the integration tests' templates (lib/testing/pglite-template-setup.ts).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { openDatabase } from "./index";
import { type MigrationSet, migrate } from "./migrate";
import {
  type PgliteTemplateTag,
  pgliteVersionAt,
  readPgliteTemplate,
  templateTagPath,
} from "./pglite-template";
import { compactForTemplate } from "./pglite-template-compact";
import { extractPgliteTemplate } from "./pglite-template-extract";
import { pgliteModulePath } from "./pglite-thread";

export interface TemplateContents {
  /** An earlier template to start from instead of initdb (its migrations are kept). */
  from?: string;
  /** Migrations to apply, under their system's advisory lock. */
  migrations?: MigrationSet;
}

/** Writes the template to `tarball` (`….tar.gz`) and its tag beside it; returns the tag. */
export async function writePgliteTemplate(
  tarball: string,
  contents: TemplateContents = {},
): Promise<PgliteTemplateTag> {
  const pglite = pgliteVersionAt(pgliteModulePath());
  if (!pglite) throw new Error("the installed @electric-sql/pglite has no readable version");
  const scratch = mkdtempSync(path.join(os.tmpdir(), "pglite-template-"));
  try {
    let lastMigration = "";
    if (contents.from) {
      const from = readPgliteTemplate(contents.from);
      if ("unusable" in from) throw new Error(`the template to start from is unusable: ${from.unusable}`);
      extractPgliteTemplate(readFileSync(contents.from), scratch);
      lastMigration = from.lastMigration;
    }
    if (contents.migrations) {
      const { list, lockKey } = contents.migrations;
      const db = await openDatabase({ dataDir: scratch });
      const applied = await migrate(db, list, lockKey).finally(() => db.close());
      lastMigration = applied.at(-1) ?? lastMigration;
    }
    const reopened = await PGlite.create(scratch);
    await compactForTemplate(reopened);
    const dump = await reopened.dumpDataDir("gzip");
    await reopened.close();
    writeFileSync(tarball, new Uint8Array(await dump.arrayBuffer()));
    const tag: PgliteTemplateTag = { pglite, lastMigration };
    writeFileSync(templateTagPath(tarball), `${JSON.stringify(tag, null, 2)}\n`);
    return tag;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
