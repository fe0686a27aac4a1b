import { defineConfig } from "@playwright/test";
import type { SandboxKitFixtureOptions } from "payorders-sandbox-kit/playwright";

// With SANDBOX_URL set, the suite tests that sandbox; otherwise Playwright starts one and stops it afterwards.
const sandboxUrl = process.env.SANDBOX_URL ?? "http://127.0.0.1:4010";

export default defineConfig<SandboxKitFixtureOptions>({
  testDir: "./tests",
  workers: 2,
  timeout: 30_000,
  // In CI (CI set), a JUnit report as well: results.xml.
  reporter: process.env.CI ? [["list"], ["junit", { outputFile: "results.xml" }]] : [["list"]],
  use: {
    sandboxUrl,
    // The account that starts runs; each test then works in a run of its own (the `sandboxRun` fixture).
    sandboxClientId: process.env.SANDBOX_CLIENT_ID ?? "sandbox-merchant",
    sandboxSecret: process.env.SANDBOX_CLIENT_SECRET ?? "sandbox-secret",
  },
  webServer: process.env.SANDBOX_URL
    ? undefined
    : {
        command: "npx payorders-sandbox --port 4010 --data-dir .sandbox-data",
        url: `${sandboxUrl}/healthz`,
        reuseExistingServer: !process.env.CI,
        timeout: 60_000,
      },
});
