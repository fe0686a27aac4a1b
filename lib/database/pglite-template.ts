/**
 * A PGlite template: a database already initialised (and migrated), dumped by PGlite's `dumpDataDir("gzip")`
 * into `<name>.tar.gz`, with `<name>.json` beside it saying which PGlite made it and its last migration. A new
 * data folder is unpacked from it (pglite-template-extract.ts; a database in memory loads it through PGlite's
 * `loadDataDir`) instead of created by initdb, which is most of a first start (initdb ≈2.7 s against ≈0.35 s
 * unpacking on a 2-core machine). The packaged sandbox ships one (scripts/pack.mjs); anything
 * unexpected — the folder already holds a database, another PGlite version (its files are that version's), a
 * missing or unreadable template — means the normal path, never a failure.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

export interface PgliteTemplateTag {
  /** `@electric-sql/pglite`'s exact version that made the dump. */
  pglite: string;
  /** The last migration applied in it (later ones, if any, are applied at start as usual). */
  lastMigration: string;
}

export interface PgliteTemplate extends PgliteTemplateTag {
  /** The gzip-compressed tar of the data folder. */
  tarball: string;
}

/** `x/name.tar.gz` → `x/name.json`. */
export const templateTagPath = (tarball: string) => tarball.replace(/\.tar\.gz$/, ".json");

/** The template at `tarball` with its tag, or why there is none usable. */
export function readPgliteTemplate(tarball: string): PgliteTemplate | { unusable: string } {
  if (!existsSync(tarball)) return { unusable: `no template at ${tarball}` };
  try {
    const tag = JSON.parse(readFileSync(templateTagPath(tarball), "utf8")) as Partial<PgliteTemplateTag>;
    if (typeof tag.pglite !== "string" || typeof tag.lastMigration !== "string")
      return { unusable: "its tag lacks pglite or lastMigration" };
    return { tarball, pglite: tag.pglite, lastMigration: tag.lastMigration };
  } catch (error) {
    return { unusable: `its tag is unreadable: ${(error as Error).message}` };
  }
}

/** PGlite's own test for a database in a folder (it runs initdb when PG_VERSION is missing). */
export const holdsDatabase = (dataDir: string) => existsSync(path.join(dataDir, "PG_VERSION"));

/**
 * Whether a folder (memory when undefined: a new database each time) is to be created from `template`: only
 * when it holds no database yet and the template was made by exactly the installed PGlite.
 */
export function templateDecision(
  dataDir: string | undefined,
  template: PgliteTemplate | { unusable: string },
  installedPglite: string | undefined,
): { use: PgliteTemplate } | { skip: string } {
  if ("unusable" in template) return { skip: template.unusable };
  if (dataDir && holdsDatabase(dataDir)) return { skip: "the folder already holds a database" };
  if (template.pglite !== installedPglite)
    return {
      skip: `made by PGlite ${template.pglite}, ${installedPglite ?? "an unknown version"} is installed`,
    };
  return { use: template };
}

/** The version of the `@electric-sql/pglite` whose entry is `modulePath` (its package.json, found upwards). */
export function pgliteVersionAt(modulePath: string): string | undefined {
  for (let dir = path.dirname(modulePath); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, "package.json");
    if (!existsSync(manifest)) continue;
    try {
      const pkg = JSON.parse(readFileSync(manifest, "utf8")) as { name?: string; version?: string };
      if (pkg.name === "@electric-sql/pglite") return pkg.version;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
