import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/database";
import { pgliteTemplateVar, seedPgliteFolder, testBackend } from "@/lib/testing/database";
import { holdsDatabase, pgliteVersionAt, templateTagPath } from "./pglite-template";
import { pgliteModulePath } from "./pglite-thread";

// PGlite only: a PostgreSQL run of the integration files has no template and opens no PGlite.
// Several PGlite databases per test (one by initdb): minutes on a loaded 2-core machine.
describe.runIf(testBackend() === "pglite")(
  "a PGlite database in memory from a template",
  { timeout: 180_000 },
  () => {
    let dir: string;
    let tarball: string;
    beforeAll(async () => {
      dir = mkdtempSync(path.join(os.tmpdir(), "memory-template-"));
      tarball = path.join(dir, "marked.tar.gz");
      // Made from the run's template, not by an initdb of its own.
      const base = gunzipSync(readFileSync(process.env[pgliteTemplateVar()] as string));
      const db = await PGlite.create({ loadDataDir: new File([base], "base.tar") });
      await db.exec(
        "CREATE TABLE template_marker (made_at text); INSERT INTO template_marker VALUES ('template')",
      );
      writeFileSync(tarball, new Uint8Array(await (await db.dumpDataDir("gzip")).arrayBuffer()));
      await db.close();
      const tag = { pglite: pgliteVersionAt(pgliteModulePath()), lastMigration: "" };
      writeFileSync(templateTagPath(tarball), JSON.stringify(tag));
    }, 180_000);
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    const markers = async (template?: string) => {
      const db = await openDatabase({ memory: true, template });
      try {
        return await db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'template_marker'",
        );
      } finally {
        await db.close();
      }
    };

    it("starts from the template's contents, each database its own copy", async () => {
      expect(await markers(tarball)).toEqual([{ n: 1 }]);
      const a = await openDatabase({ memory: true, template: tarball });
      const b = await openDatabase({ memory: true, template: tarball });
      await a.exec("INSERT INTO template_marker VALUES ('a')");
      expect(await b.query("SELECT made_at FROM template_marker")).toEqual([{ made_at: "template" }]);
      await Promise.all([a.close(), b.close()]);
    });

    it("with a damaged template, is a fresh database", async () => {
      const damaged = path.join(dir, "damaged.tar.gz");
      writeFileSync(damaged, "not a gzip file");
      writeFileSync(
        templateTagPath(damaged),
        JSON.stringify({ pglite: pgliteVersionAt(pgliteModulePath()), lastMigration: "" }),
      );
      expect(await markers(damaged)).toEqual([{ n: 0 }]);
    });

    it("this run's scratch databases start from the run's template (the global setup made it)", () => {
      const template = process.env[pgliteTemplateVar()];
      expect(template).toBeDefined();
      expect(existsSync(template as string)).toBe(true);
    });

    it("a test's PGlite folder seeded from the run's template opens as an existing database", async () => {
      const target = path.join(dir, "seeded");
      expect(holdsDatabase(target)).toBe(false);
      seedPgliteFolder(target);
      expect(holdsDatabase(target)).toBe(true);
      const db = await openDatabase({ dataDir: target });
      await db.exec("CREATE TABLE seeded (n int); INSERT INTO seeded VALUES (1)");
      expect(await db.query("SELECT n FROM seeded")).toEqual([{ n: 1 }]);
      await db.close();
    });
  },
);
