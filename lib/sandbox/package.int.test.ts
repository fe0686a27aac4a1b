/**
 * The outsider test (issue 19 §1, §5): the sandbox and its QA kit as an outside QA team gets them. The two
 * packages of `npm run pack` are built, installed from their tarballs into a scratch project under
 * os.tmpdir() (offline, from the npm cache; no path or link back into this repository), and there the
 * installed `payorders-sandbox` is started on a PGlite folder, and once more by URL on PostgreSQL; its
 * command line driven, the project type-checked against the kit's declarations, and the example suite
 * (examples/qa-suite: the first test of docs/qa.md, runs, chaos, the clock, a system under test started
 * with a run's credentials and kept alive) run by the project's own Playwright. Last, the installed sandbox
 * on new PGlite folders: created from the template the package ships (initialised and migrated at pack
 * time), and the normal path — PGlite's own initdb, then the migrations — when the template does not fit
 * (another PGlite version) or is corrupt. One file, so the packages are built and installed once.
 *
 * Run once, in the PGlite run only (vitest.config.ts leaves it out when TEST_DB=postgres): TEST_DB picks the
 * dashboard's database, which nothing here uses, and both backends of the installed sandbox are started
 * here whatever TEST_DB says (the sandbox's own code is tested on each backend by the other files).
 */
import { spawn, spawnSync } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BuiltPackages,
  buildPackagesInTemp,
  type InstalledSandbox,
  installScratchProject,
  pathsBackIntoRepository,
  type ScratchProject,
  startInstalledSandbox,
} from "@/lib/testing/installed-packages";
import { openDatabase } from "@/lib/database";
import { templateTagPath } from "@/lib/database/pglite-template";
import { sandboxMigrations } from "@/lib/database/sandbox/migrations";
import { createPostgresScratchDatabase } from "@/lib/testing/database";
import { lowestOf, nodeSatisfies } from "@/lib/testing/node-engines";
import { PGLITE_SAFE_FLAG } from "./pglite-safe-rerun";
import { PGLITE_TEMPLATE_FILE } from "./pglite-template-file";

const root = path.resolve(import.meta.dirname, "..", "..");

let built: BuiltPackages;
let project: ScratchProject;
let sandbox: InstalledSandbox;
let dataDir: string;
/** New PGlite folders of the template tests, and the template the installed package ships. */
let templateScratch: string;
let template: string;

/** Runs a command of the project to its end: exit code and output. */
function runIn(command: string, args: string[], env: Record<string, string | undefined> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: project.dir,
      env: { ...project.env, ...env } as NodeJS.ProcessEnv,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => {
      stdout += c.toString("utf8");
    });
    child.stderr.on("data", (c: Buffer) => {
      stderr += c.toString("utf8");
    });
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** A callback receiver that answers 200 to everything and counts what came. */
async function startReceiver(): Promise<{ url: string; server: Server; count(): number }> {
  let count = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      count++;
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/postback`, server, count: () => count };
}

/** The installed command line, at the file's sandbox unless `env` names another SANDBOX_URL. */
const cli = (args: string[], env: Record<string, string | undefined> = {}) =>
  runIn(project.bin("payorders-sandbox"), args, { SANDBOX_URL: sandbox.url, ...env });

const SANDBOX_FLAGS = [
  "--port",
  "0",
  "--log-level",
  "warn",
  "--callback-retry-schedule",
  "200,500",
  "--run-idle-minutes",
  "0.2",
];

beforeAll(async () => {
  built = await buildPackagesInTemp();
  project = installScratchProject({
    name: "qa-outsider",
    tarballs: [built.sandbox, built.kit],
    registryDependencies: ["@playwright/test", "typescript", "@types/node"],
    // As `npm install` outside gets it: the newest PGlite the package's range allows, not our lock's.
    newest: ["@electric-sql/pglite"],
  });
  // The example suite as the kit ships it (docs/qa.md: copy it into your project).
  cpSync(
    path.join(project.dir, "node_modules", "payorders-sandbox-kit", "examples", "qa-suite"),
    project.dir,
    {
      recursive: true,
    },
  );
  dataDir = mkdtempSync(path.join(os.tmpdir(), "outsider-sandbox-data-"));
  sandbox = await startInstalledSandbox(project, [...SANDBOX_FLAGS, "--data-dir", dataDir]);
}, 300_000);

afterAll(async () => {
  await sandbox?.stop();
  project?.remove();
  built?.remove();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe("the packages, installed outside the repository", () => {
  it("are installed from their tarballs alone: nothing leads back into the repository", () => {
    expect(project.dir.startsWith(os.tmpdir())).toBe(true);
    expect(pathsBackIntoRepository(project.dir)).toEqual([]);
    const installed = (name: string) =>
      JSON.parse(readFileSync(path.join(project.dir, "node_modules", name, "package.json"), "utf8"));
    const ours = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
    const sandboxPackage = installed("payorders-sandbox");
    expect(sandboxPackage.bin).toEqual({ "payorders-sandbox": "bin/payorders-sandbox.mjs" });
    expect(sandboxPackage.engines).toEqual(ours.engines);
    // Compiled JavaScript: no tsx, no TypeScript at run time.
    expect(Object.keys(sandboxPackage.dependencies)).not.toContain("tsx");
    const { "@electric-sql/pglite": pglite, ...others } = sandboxPackage.dependencies as Record<
      string,
      string
    >;
    for (const [name, version] of Object.entries(others)) expect(version, name).toBe(ours.dependencies[name]);
    // Pinned to the version that made the shipped template (the template tests below), whatever ours allows.
    expect(pglite).toMatch(/^\d+\.\d+\.\d+$/);
    expect(existsSync(path.join(project.dir, "node_modules", "tsx"))).toBe(false);
    const kit = installed("payorders-sandbox-kit");
    expect(kit.dependencies).toEqual({ zod: ours.dependencies.zod });
    expect(Object.keys(kit.peerDependencies)).toEqual(["@playwright/test"]);
    expect(kit.engines).toEqual(ours.engines);
    // Playwright once: the project's (the kit brings none of its own).
    expect(existsSync(path.join(project.dir, "node_modules", "payorders-sandbox-kit", "node_modules"))).toBe(
      false,
    );
  });

  it("admit no Node.js older than every installed package needs (their engines: docs/qa.md's Node.js version)", () => {
    const ours = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
    const lowest = lowestOf(ours.engines.node);
    expect(readFileSync(path.join(root, "docs", "qa.md"), "utf8")).toContain(
      `Node.js ${lowest.replace(/\.0$/, "")} or newer`,
    );
    const tooOld: string[] = [];
    const visit = (modules: string) => {
      for (const entry of readdirSync(modules, { withFileTypes: true })) {
        if (!entry.isDirectory() || entry.name.startsWith(".")) continue;
        const dir = path.join(modules, entry.name);
        if (entry.name.startsWith("@")) {
          visit(dir);
          continue;
        }
        const manifest = path.join(dir, "package.json");
        if (existsSync(manifest)) {
          const { name, version, engines } = JSON.parse(readFileSync(manifest, "utf8"));
          if (typeof engines?.node === "string" && !nodeSatisfies(lowest, engines.node))
            tooOld.push(`${name}@${version} needs ${engines.node}`);
        }
        if (existsSync(path.join(dir, "node_modules"))) visit(path.join(dir, "node_modules"));
      }
    };
    visit(path.join(project.dir, "node_modules"));
    expect(tooOld, `our engines admit Node.js ${lowest}`).toEqual([]);
  });

  it("ship the example suite whose config and first test docs/qa.md shows", () => {
    const docs = readFileSync(path.join(root, "docs", "qa.md"), "utf8");
    const shown = (file: string) => {
      const start = docs.indexOf(`\`\`\`ts\n// ${file}\n`);
      expect(start, `docs/qa.md shows ${file}`).toBeGreaterThanOrEqual(0);
      const body = docs.slice(start + `\`\`\`ts\n// ${file}\n`.length);
      return body.slice(0, body.indexOf("```\n"));
    };
    const shipped = (file: string) =>
      readFileSync(
        path.join(project.dir, "node_modules", "payorders-sandbox-kit", "examples", "qa-suite", file),
        "utf8",
      );
    expect(shown("playwright.config.ts")).toBe(shipped("playwright.config.ts"));
    expect(shown("tests/first.spec.ts")).toBe(shipped("tests/first.spec.ts"));
  });

  it("starts with `npx payorders-sandbox`, PGlite in a folder and PostgreSQL by URL", {
    timeout: 60_000,
  }, async () => {
    expect(sandbox.output()).toContain(`PGlite in ${dataDir}`);
    expect(await (await fetch(`${sandbox.url}/healthz`)).json()).toEqual({ ok: true });
    const help = await cli(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/--run-idle-minutes <value>.*\[SANDBOX_RUN_IDLE_MINUTES\]/);
    expect(help.stdout).toMatch(/usage: payorders-sandbox <verb>/);
    const bad = await cli(["--no-such-flag"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("unknown flag --no-such-flag");

    // And by URL on PostgreSQL: started, healthy, and a run written to and ended in its database.
    const database = await createPostgresScratchDatabase("outsider_sandbox");
    const onPostgres = await startInstalledSandbox(project, [
      ...SANDBOX_FLAGS,
      "--database-url",
      database.url,
    ]);
    try {
      expect(onPostgres.output()).toContain("PostgreSQL");
      expect(await (await fetch(`${onPostgres.url}/healthz`)).json()).toEqual({ ok: true });
      const there = { SANDBOX_URL: onPostgres.url };
      const started = await cli(["runs", "start", "--label", "outsider on PostgreSQL", "--json"], there);
      expect(started.code, started.stderr).toBe(0);
      const { clientId } = JSON.parse(started.stdout) as { clientId: string };
      const ended = await cli(["runs", "end", clientId, "--json"], there);
      expect(ended.code, ended.stderr).toBe(0);
      expect(JSON.parse(ended.stdout)).toMatchObject({ clientId, removedOrders: 0 });
    } finally {
      await onPostgres.stop();
      await database.drop();
    }
  });

  it("runs its server (PGlite's process) with --no-memory-protection-keys where V8 would use protection keys", () => {
    const pid = sandbox.process.pid ?? 0;
    const node = realpathSync(`/proc/${pid}/exe`);
    // Found here independently of the bin's own rule (pglite-safe-rerun.ts): the Node.js started with the flag,
    // and the CPU's flags.
    const knowsFlag = spawnSync(node, [PGLITE_SAFE_FLAG, "-e", ""], { stdio: "ignore" }).status === 0;
    const cpuHasPku = /^flags\s*:.*\bpku\b/m.test(readFileSync("/proc/cpuinfo", "utf8"));
    const children = spawnSync("ps", ["-o", "args=", "--ppid", String(pid)], { encoding: "utf8" })
      .stdout.split("\n")
      .filter((line) => line.trim() !== "");
    if (knowsFlag && cpuHasPku) {
      // The bin ran itself again with the flag: one child, the server.
      expect(children).toHaveLength(1);
      expect(children[0]?.split(" ")).toContain(PGLITE_SAFE_FLAG);
    } else {
      expect(children).toEqual([]);
    }
  });

  it("its command line drives a run: runs start, create, trigger, clock, requests, callbacks, runs end", {
    timeout: 90_000,
  }, async () => {
    const started = await cli(["runs", "start", "--label", "outsider cli", "--json"]);
    expect(started.code, started.stderr).toBe(0);
    const run = JSON.parse(started.stdout) as { clientId: string; secret: string };
    const asRun = { PAYMENT_API_CLIENT_ID: run.clientId, PAYMENT_API_SECRET: run.secret };

    const receiver = await startReceiver();
    const postback = `--set=postbackUrl=${receiver.url}`;
    const created = await cli(
      ["create", "payin", "--method", "SBP", "--amount", "1500", postback, "--json"],
      asRun,
    );
    expect(created.code, created.stderr).toBe(0);
    const order = (JSON.parse(created.stdout) as { response: { id: string; status: string } }).response;
    expect(order.status).toBe("In progress");

    // A text field of digits stays text (read as JSON it was a number the sandbox refused).
    const payout = await cli(
      [
        "create",
        "payout",
        "--method",
        "Card",
        "--amount",
        "700",
        "--set",
        "payoutDetails.ccNo=4000000000000002",
      ],
      asRun,
    );
    expect(payout.code, payout.stderr).toBe(0);
    expect((await cli(["--help"])).stdout).toContain("card number, phone, id — takes the value as text");

    const paid = await cli(["trigger", "paid", order.id, "--json"], asRun);
    expect(paid.code, paid.stderr).toBe(0);
    expect(JSON.parse(paid.stdout).status).toBe("Success");

    const again = await cli(["trigger", "failed", order.id], asRun);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("status: 409");

    const moved = await cli(["clock", "advance", "15m", "--json"], asRun);
    expect(moved.code, moved.stderr).toBe(0);
    expect(JSON.parse(moved.stdout).offsetMs).toBeGreaterThanOrEqual(15 * 60_000);
    expect((await cli(["clock", "reset"], asRun)).code).toBe(0);

    const log = await cli(["requests", "--order", order.id, "--json"], asRun);
    expect(log.code, log.stderr).toBe(0);

    await expect.poll(() => receiver.count(), { timeout: 10_000 }).toBe(1);
    const resend = await cli(["callbacks", "resend", order.id], asRun);
    expect(resend.code, resend.stderr).toBe(0);
    await expect.poll(() => receiver.count(), { timeout: 10_000 }).toBe(2);
    receiver.server.close();

    const ended = await cli(["runs", "end", run.clientId, "--json"]);
    expect(ended.code, ended.stderr).toBe(0);
    expect(JSON.parse(ended.stdout)).toMatchObject({ clientId: run.clientId, removedOrders: 2 });
  });

  it("its check-receiver grades a receiver (one that accepts everything fails)", {
    timeout: 60_000,
  }, async () => {
    const naive = await startReceiver();
    try {
      const junit = path.join(project.dir, "check-receiver.xml");
      const checked = await cli([
        "check-receiver",
        "--url",
        naive.url,
        "--client-id",
        "merchant-1",
        "--secret",
        "merchant-secret-1",
        "--slow",
        "300ms",
        "--junit",
        junit,
      ]);
      expect(checked.code).toBe(1);
      expect(readFileSync(junit, "utf8")).toContain("<testsuite");

      // docs/qa.md's CI step, run as it stands in the project's shell.
      const docs = readFileSync(path.join(root, "docs", "qa.md"), "utf8");
      const step = /^- run: (.*check-receiver.*)$/m.exec(docs)?.[1] ?? "";
      expect(step).toMatch(/^npx payorders-sandbox check-receiver /);
      const documented = await runIn("sh", ["-c", step], {
        RECEIVER_URL: naive.url,
        CLIENT_ID: "merchant-1",
        SECRET: "merchant-secret-1",
      });
      expect(documented.code, documented.stderr).toBe(1);
      expect(readFileSync(path.join(project.dir, "check-receiver.html"), "utf8")).toContain("<html");
    } finally {
      naive.server.close();
    }
  });

  // These two at once: each mostly waits on its own process.
  it.concurrent("the project type-checks against the kit's declarations (NodeNext resolution)", async () => {
    const tsc = await runIn(process.execPath, [
      path.join(project.dir, "node_modules", "typescript", "bin", "tsc"),
      "-p",
      ".",
    ]);
    expect(tsc.code, `${tsc.stdout}${tsc.stderr}`).toBe(0);
  }, 180_000);

  it.concurrent("the example suite passes with the project's own Playwright and the kit's fixture", async () => {
    // Its own config's reporters, as docs/qa.md's CI section runs it: CI set, SANDBOX_URL set.
    const suite = await runIn(
      process.execPath,
      [path.join(project.dir, "node_modules", "@playwright", "test", "cli.js"), "test"],
      { SANDBOX_URL: sandbox.url, CI: "1" },
    );
    expect(suite.code, `${suite.stdout}${suite.stderr}`).toBe(0);
    expect(suite.stdout).not.toContain("Requiring @playwright/test second time");
    // CI set: the JUnit report (results.xml) the docs promise. Every test ran, none skipped: the keep-alive one
    // needs the short idle time given above.
    const junit = readFileSync(path.join(project.dir, "results.xml"), "utf8");
    const totals = /<testsuites\b[^>]*>/.exec(junit)?.[0] ?? "";
    expect(totals).toMatch(/\btests="7"/);
    expect(totals).toMatch(/\bfailures="0"/);
    expect(totals).toMatch(/\bskipped="0"/);
    expect(totals).toMatch(/\berrors="0"/);
    // SANDBOX_URL set: the config started no sandbox of its own (its webServer's data folder is not there).
    expect(existsSync(path.join(project.dir, ".sandbox-data"))).toBe(false);
  }, 180_000);
});

const TEMPLATE_ACCOUNT = { clientId: "template-merchant", secret: "template-secret" };

/** Starts the installed sandbox on a folder that does not exist yet, creates a pay-in, stops; its log. */
async function startNewFolderAndOrder(name: string) {
  const dataDir = path.join(templateScratch, name);
  const startedAt = new Date();
  const fresh = await startInstalledSandbox(
    project,
    ["--port", "0", "--log-level", "info", "--data-dir", dataDir],
    { env: { SANDBOX_CLIENT_ID: TEMPLATE_ACCOUNT.clientId, SANDBOX_CLIENT_SECRET: TEMPLATE_ACCOUNT.secret } },
  );
  try {
    expect(await (await fetch(`${fresh.url}/healthz`)).json()).toEqual({ ok: true });
    const created = await cli(["create", "payin", "--method", "SBP", "--amount", "1500", "--json"], {
      SANDBOX_URL: fresh.url,
      PAYMENT_API_CLIENT_ID: TEMPLATE_ACCOUNT.clientId,
      PAYMENT_API_SECRET: TEMPLATE_ACCOUNT.secret,
    });
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout).response.status).toBe("In progress");
  } finally {
    await fresh.stop();
  }
  return { dataDir, startedAt, output: fresh.output() };
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

// After the tests above (the template is altered and put back here; nothing above starts a new folder meanwhile).
describe("the installed sandbox on a new PGlite folder (lib/database/pglite-template.ts)", () => {
  beforeAll(() => {
    templateScratch = mkdtempSync(path.join(os.tmpdir(), "sandbox-template-data-"));
    template = path.join(project.dir, "node_modules", "payorders-sandbox", "dist", PGLITE_TEMPLATE_FILE);
  });

  afterAll(() => {
    if (templateScratch) rmSync(templateScratch, { recursive: true, force: true });
  });

  it("ships a template tagged with the installed PGlite (the newest its range allows) and the last migration", () => {
    const tag = JSON.parse(readFileSync(templateTagPath(template), "utf8"));
    const pglite = JSON.parse(
      readFileSync(path.join(project.dir, "node_modules", "@electric-sql", "pglite", "package.json"), "utf8"),
    );
    expect(pglite.version).toBe(project.newest["@electric-sql/pglite"]);
    expect(tag).toEqual({ pglite: pglite.version, lastMigration: allMigrationIds.at(-1) });
  });

  it("creates it from the template: healthy, every migration already applied, orders work", {
    timeout: 120_000,
  }, async () => {
    const { dataDir, startedAt, output } = await startNewFolderAndOrder("from-template");
    expect(output).not.toContain("PGlite template not used");
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
