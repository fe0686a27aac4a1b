import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";
import { SlowFilesFirst } from "./lib/testing/slow-files-first";
import { shortLivedNodeFlags } from "./scripts/node-runtime.mjs";

// Test files create and free PGlite's WebAssembly in worker threads, briefly: see scripts/node-runtime.mjs.
const execArgv = shortLivedNodeFlags();

const alias = {
  "@": fileURLToPath(new URL(".", import.meta.url)),
  "server-only": fileURLToPath(new URL("./lib/testing/server-only-stub.ts", import.meta.url)),
};

export default defineConfig({
  test: {
    // The longest integration files first, also on a clean clone (lib/testing/slow-files-first.ts).
    sequence: { sequencer: SlowFilesFirst },
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["{lib,components,app}/**/*.test.{ts,tsx}"],
          exclude: ["**/*.int.test.ts"],
          environment: "node",
          execArgv,
          // At least two files at a time, where vitest's default is one fewer than the cores: on a 2-core machine
          // one left the cores 60 % busy and took 70 s; two, 95 % and 36–47 s (2026-11-27, slow cores); three, 49 s.
          maxWorkers: Math.max(2, availableParallelism() - 1),
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["{lib,app}/**/*.int.test.ts"],
          // Files that never ask for TEST_DB's backend: the installed-packages test starts the packaged sandbox on
          // both backends itself, and two test PGlite itself. The PGlite run runs them; the PostgreSQL run would
          // only repeat them (40 s, 12 s and 25 s there).
          exclude:
            process.env.TEST_DB === "postgres"
              ? [
                  ...configDefaults.exclude,
                  "lib/sandbox/package.int.test.ts",
                  "lib/database/pglite-maintenance.int.test.ts",
                  "lib/database/pglite-thread.int.test.ts",
                ]
              : configDefaults.exclude,
          environment: "node",
          execArgv,
          // Scratch databases start from templates made once for the run: on PGlite instead of their own initdb,
          // and on both backends with a system's migrations already applied when the test asks for its schema.
          globalSetup:
            process.env.TEST_DB === "postgres"
              ? ["lib/testing/postgres-template-setup.ts"]
              : ["lib/testing/pglite-template-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Three files at a time: most of an integration file's time is spent waiting (HTTP, timers, the
          // database, child processes) or starting (its own process, imports, a database), so three keep 2 cores
          // busy where two left a fifth of them idle (PGlite step 340 s → 305 s, PostgreSQL 170 s → 161 s). Each
          // file is safe beside any other: servers on port 0, scratch databases and folders of unique names, and
          // (isolate, the default) a process of its own, so the process.env it sets ends with it. Not more:
          // every file opens pools of up to 10 PostgreSQL connections (multi-instance.int.test.ts four of them)
          // on a server shared with others.
          maxWorkers: 3,
          // A worker count of its own needs a group of its own (vitest refuses two in one): a bare `vitest run`
          // runs the unit files first, then these.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
