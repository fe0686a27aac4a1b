/**
 * The installed `payorders-sandbox` on a new PGlite folder (lib/database/pglite-template.ts): created from
 * the template the package ships (initialised and migrated at pack time), and the normal path — PGlite's own
 * initdb, then the migrations — when the template does not fit (another PGlite version) or is corrupt.
 * PGlite only: with a database URL there is no folder.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/database";
import { templateTagPath } from "@/lib/database/pglite-template";
import { sandboxMigrations } from "@/lib/database/sandbox/migrations";
import { testBackend } from "@/lib/testing/database";
import {
  type BuiltPackages,
  buildPackagesInTemp,
  installScratchProject,
  type ScratchProject,
  startInstalledSandbox,
} from "@/lib/testing/installed-packages";
import { PGLITE_TEMPLATE_FILE } from "./pglite-template-file";

const ACCOUNT = { clientId: "template-merchant", secret: "template-secret" };

let built: BuiltPackages;
let project: ScratchProject;
let scratch: string;
let template: string;

/** Starts the installed sandbox on a folder that does not exist yet, creates a pay-in, stops; its log. */
async function startNewFolderAndOrder(name: string) {
  const dataDir = path.join(scratch, name);
  const startedAt = new Date();
  const sandbox = await startInstalledSandbox(
    project,
    ["--port", "0", "--log-level", "info", "--data-dir", dataDir],
    { env: { SANDBOX_CLIENT_ID: ACCOUNT.clientId, SANDBOX_CLIENT_SECRET: ACCOUNT.secret } },
  );
  try {
    expect(await (await fetch(`${sandbox.url}/healthz`)).json()).toEqual({ ok: true });
    const env: Record<string, string | undefined> = {
      ...project.env,
      SANDBOX_URL: sandbox.url,
      PAYMENT_API_CLIENT_ID: ACCOUNT.clientId,
      PAYMENT_API_SECRET: ACCOUNT.secret,
    };
    const created = spawnSync(
      project.bin("payorders-sandbox"),
      ["create", "payin", "--method", "SBP", "--amount", "1500", "--json"],
      { env: env as NodeJS.ProcessEnv, encoding: "utf8" },
    );
    expect(created.status, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout).response.status).toBe("In progress");
  } finally {
    await sandbox.stop();
  }
  return { dataDir, startedAt, output: sandbox.output() };
}

/** The folder's applied migrations (id, when) and its orders, read after the sandbox stopped. */
async function lookInside(dataDir: string) {
  const db = await openDatabase({ dataDir });
  try {
    const migrations = await db.query<{ id: string; applied_at: Date }>(
      "SELECT id, applied_at FROM schema_migrations ORDER BY id",
    );
    const [{ orders }] = (await db.query<{ orders: number }>(
      "SELECT count(*)::int AS orders FROM sandbox_orders",
    )) as [{ orders: number }];
    return { migrations, orders };
  } finally {
    await db.close();
  }
}

const allMigrationIds = sandboxMigrations.map((m) => m.id).sort();

describe.runIf(testBackend() === "pglite")("the installed sandbox on a new PGlite folder", () => {
  beforeAll(async () => {
    built = await buildPackagesInTemp();
    project = installScratchProject({ name: "sandbox-template", tarballs: [built.sandbox] });
    scratch = mkdtempSync(path.join(os.tmpdir(), "sandbox-template-data-"));
    template = path.join(project.dir, "node_modules", "payorders-sandbox", "dist", PGLITE_TEMPLATE_FILE);
  }, 300_000);

  afterAll(() => {
    project?.remove();
    built?.remove();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it("ships a template tagged with the installed PGlite and the last migration", () => {
    const tag = JSON.parse(readFileSync(templateTagPath(template), "utf8"));
    const pglite = JSON.parse(
      readFileSync(path.join(project.dir, "node_modules", "@electric-sql", "pglite", "package.json"), "utf8"),
    );
    expect(tag).toEqual({ pglite: pglite.version, lastMigration: allMigrationIds.at(-1) });
  });

  it("creates it from the template: healthy, every migration already applied, orders work", {
    timeout: 120_000,
  }, async () => {
    const { dataDir, startedAt, output } = await startNewFolderAndOrder("from-template");
    expect(output).toContain("new PGlite folder from the template");
    const inside = await lookInside(dataDir);
    expect(inside.migrations.map((m) => m.id)).toEqual(allMigrationIds);
    // Applied at pack time, in the template: the start found nothing to do.
    for (const m of inside.migrations) expect(m.applied_at.getTime()).toBeLessThan(startedAt.getTime());
    expect(inside.orders).toBe(1);
  });

  it("falls back to PGlite's initdb when the template was made by another PGlite version", {
    timeout: 120_000,
  }, async () => {
    const tagFile = templateTagPath(template);
    const tag = readFileSync(tagFile, "utf8");
    writeFileSync(tagFile, JSON.stringify({ ...JSON.parse(tag), pglite: "0.0.1" }));
    try {
      const { dataDir, startedAt, output } = await startNewFolderAndOrder("other-version");
      expect(output).toContain("PGlite template not used");
      expect(output).toContain("made by PGlite 0.0.1");
      expect(output).not.toContain("new PGlite folder from the template");
      const inside = await lookInside(dataDir);
      expect(inside.migrations.map((m) => m.id)).toEqual(allMigrationIds);
      // Applied by this start.
      for (const m of inside.migrations)
        expect(m.applied_at.getTime()).toBeGreaterThanOrEqual(startedAt.getTime() - 1_000);
      expect(inside.orders).toBe(1);
    } finally {
      writeFileSync(tagFile, tag);
    }
  });

  it("falls back to PGlite's initdb when the template is corrupt", { timeout: 120_000 }, async () => {
    const tarball = readFileSync(template);
    writeFileSync(template, tarball.subarray(0, tarball.length / 3));
    try {
      const { dataDir, output } = await startNewFolderAndOrder("corrupt");
      expect(output).toContain("PGlite template failed");
      const inside = await lookInside(dataDir);
      expect(inside.migrations.map((m) => m.id)).toEqual(allMigrationIds);
      expect(inside.orders).toBe(1);
    } finally {
      writeFileSync(template, tarball);
    }
  });
});
