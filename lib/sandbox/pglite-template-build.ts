/**
 * Writes the packaged sandbox's PGlite template into a folder (`tsx lib/sandbox/pglite-template-build.ts
 * <dir>`, run by scripts/pack.mjs): a database initialised and migrated with every sandbox migration
 * (lib/database/pglite-template-write.ts). A new folder the installed sandbox starts on is unpacked from it
 * (lib/database/pglite-template.ts).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PgliteTemplateTag } from "@/lib/database/pglite-template";
import { writePgliteTemplate } from "@/lib/database/pglite-template-write";
import { SANDBOX_MIGRATION_LOCK_KEY, sandboxMigrations } from "@/lib/database/sandbox/migrations";
import { PGLITE_TEMPLATE_FILE } from "./pglite-template-file";

/** Writes the template and its tag into `outDir`; returns the tarball's path and the tag. */
export async function writeSandboxPgliteTemplate(
  outDir: string,
): Promise<{ tarball: string; tag: PgliteTemplateTag }> {
  const tarball = path.join(outDir, PGLITE_TEMPLATE_FILE);
  const tag = await writePgliteTemplate(tarball, {
    migrations: { list: sandboxMigrations, lockKey: SANDBOX_MIGRATION_LOCK_KEY },
  });
  if (!tag.lastMigration) throw new Error("no sandbox migration was applied to the template");
  return { tarball, tag };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2];
  if (!outDir) throw new Error("usage: tsx lib/sandbox/pglite-template-build.ts <dir>");
  const { tarball, tag } = await writeSandboxPgliteTemplate(path.resolve(outDir));
  // Read by scripts/pack.mjs: the package pins PGlite to tag.pglite.
  console.log(JSON.stringify({ tarball, tag }));
}
