/**
 * Writes the packaged sandbox's PGlite template into a folder (`tsx lib/sandbox/pglite-template-build.ts
 * <dir>`, run by scripts/pack.mjs): a database initialised and migrated with every sandbox migration,
 * compacted (lib/database/pglite-template-compact.ts) and dumped by PGlite (`dumpDataDir("gzip")`), and its tag
 * (the PGlite version, the last migration). A new folder the installed sandbox starts on is unpacked from it
 * (lib/database/pglite-template.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { migrate, openDatabase } from "@/lib/database";
import { type PgliteTemplateTag, pgliteVersionAt, templateTagPath } from "@/lib/database/pglite-template";
import { compactForTemplate } from "@/lib/database/pglite-template-compact";
import { pgliteModulePath } from "@/lib/database/pglite-thread";
import { SANDBOX_MIGRATION_LOCK_KEY, sandboxMigrations } from "@/lib/database/sandbox/migrations";
import { PGLITE_TEMPLATE_FILE } from "./pglite-template-file";

/** Writes the template and its tag into `outDir`; returns the tarball's path and the tag. */
export async function writeSandboxPgliteTemplate(
  outDir: string,
): Promise<{ tarball: string; tag: PgliteTemplateTag }> {
  const pglite = pgliteVersionAt(pgliteModulePath());
  if (!pglite) throw new Error("the installed @electric-sql/pglite has no readable version");
  const scratch = mkdtempSync(path.join(os.tmpdir(), "sandbox-pglite-template-"));
  try {
    // Migrated the way the sandbox migrates (same worker, same migrator), then closed: a clean shutdown.
    const db = await openDatabase({ dataDir: scratch });
    const applied = await migrate(db, sandboxMigrations, SANDBOX_MIGRATION_LOCK_KEY).finally(() =>
      db.close(),
    );
    const lastMigration = applied.at(-1);
    if (!lastMigration) throw new Error("no sandbox migration was applied to the template");
    const reopened = await PGlite.create(scratch);
    await compactForTemplate(reopened);
    const dump = await reopened.dumpDataDir("gzip");
    await reopened.close();
    const tarball = path.join(outDir, PGLITE_TEMPLATE_FILE);
    writeFileSync(tarball, new Uint8Array(await dump.arrayBuffer()));
    const tag: PgliteTemplateTag = { pglite, lastMigration };
    writeFileSync(templateTagPath(tarball), `${JSON.stringify(tag, null, 2)}\n`);
    return { tarball, tag };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2];
  if (!outDir) throw new Error("usage: tsx lib/sandbox/pglite-template-build.ts <dir>");
  const { tarball, tag } = await writeSandboxPgliteTemplate(path.resolve(outDir));
  console.log(`${tarball} (PGlite ${tag.pglite}, ${tag.lastMigration})`);
}
