import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { pgliteSafeNodeFlags } from "./scripts/node-runtime.mjs";

// Test files create and free PGlite's WebAssembly in worker threads: see scripts/node-runtime.mjs.
const execArgv = pgliteSafeNodeFlags();

const alias = {
  "@": fileURLToPath(new URL(".", import.meta.url)),
  "server-only": fileURLToPath(new URL("./lib/testing/server-only-stub.ts", import.meta.url)),
};

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["{lib,components,app}/**/*.test.{ts,tsx}"],
          exclude: ["**/*.int.test.ts"],
          environment: "node",
          execArgv,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["{lib,app}/**/*.int.test.ts"],
          environment: "node",
          execArgv,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Integration files start servers on their own ports; run files one after another on 2 cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
