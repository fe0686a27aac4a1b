import { defineConfig, devices } from "@playwright/test";
import type { SandboxKitFixtureOptions } from "./lib/sandbox/kit/playwright";
import { E2E } from "./e2e/config";
import { flowsBrowserPath } from "./scripts/ensure-setup.mjs";

/**
 * End-to-end flows against the production build: the harness (scripts/e2e-server.mjs) starts the embedded
 * sandbox and the dashboard on a fresh data folder. Browser: Debian's chromium-headless-shell, or its full
 * chromium when the shell is missing or CHROMIUM_PATH names another (Playwright cannot download its own here).
 */
/**
 * Specs that turn a dashboard-wide setting on (the pay-out approvals threshold, the required second factor
 * for admins and approvers): a flow running beside them would be held or sent to enrol. And one that reads a
 * dashboard-wide count exactly (the bank-app funnel): a phone's pay page opened beside it would move it. They
 * run one at a time on a second instance of the product of their own (E2E.wide), while the other flows run on
 * the first: beside them, not after them.
 */
const DASHBOARD_WIDE_SPECS = /(payout-approvals|second-factor|bulk-payouts|insights-funnel)\.spec\.ts$/;

/** The harness starting one instance: the embedded sandbox and the dashboard on a fresh data folder. */
function productServer(instance: { port: number; sandboxPort: number; baseUrl: string; dataDir: string }) {
  return {
    command: "node scripts/e2e-server.mjs",
    url: `${instance.baseUrl}/login`,
    timeout: 420_000,
    reuseExistingServer: !process.env.CI && process.env.E2E_REUSE_SERVER === "1",
    stdout: "pipe" as const,
    stderr: "pipe" as const,
    env: {
      PORT: String(instance.port),
      SANDBOX_PORT: String(instance.sandboxPort),
      DATA_DIR: instance.dataDir,
      PUBLIC_BASE_URL: instance.baseUrl,
      ADMIN_EMAIL: E2E.admin.email,
      ADMIN_PASSWORD: E2E.admin.password,
      SANDBOX_CALLBACK_RETRY_SCHEDULE: "200,500,1000,2000",
      // One secret for both sides of the embedded pair, distinctive so e2e/no-secrets.spec.ts can look for it.
      SANDBOX_CLIENT_SECRET: E2E.sandboxAccount.secret,
      PAYMENT_API_SECRET: E2E.sandboxAccount.secret,
      // /metrics of both servers (e2e/metrics.spec.ts).
      METRICS_TOKEN: E2E.metricsToken,
      // Whom the customer pays, as the pay page names it (e2e/pay-page.spec.ts).
      MERCHANT_DISPLAY_NAME: E2E.merchantName,
      // Alert rules evaluated every second, so a raised alert shows quickly (e2e/alerts.spec.ts).
      ALERT_EVALUATION_INTERVAL_MS: "1000",
      // One JSON line per request would bury the flows' own output; warnings and errors still show.
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    },
  };
}

export default defineConfig<Partial<SandboxKitFixtureOptions>>({
  testDir: "./e2e",
  outputDir: E2E.outputDir,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: E2E.baseUrl,
    // The QA kit's options (the `sandbox` fixture): the instance's sandbox and its merchant account.
    sandboxUrl: E2E.sandboxUrl,
    sandboxClientId: E2E.sandboxAccount.clientId,
    sandboxSecret: E2E.sandboxAccount.secret,
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    // No flow checks an animation, and the pay page's pulsing status dot alone kept 11–14 % of a core busy in
    // the browser (software compositing, no GPU) for as long as a pay page was open; reduced, 3 %. The CSS that
    // honours the preference is what the flows see.
    reducedMotion: "reduce",
    launchOptions: {
      executablePath: flowsBrowserPath(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
      ],
    },
  },
  projects: [
    // First in the list, so that their files are handed out first: the dashboard-wide specs, one at a time on the
    // second instance, take one worker from the start while the other flows share the rest.
    {
      name: "setup-wide",
      testMatch: /.*\.setup\.ts/,
      use: { baseURL: E2E.wide.baseUrl, sandboxUrl: E2E.wide.sandboxUrl },
    },
    {
      name: "dashboard-wide",
      testMatch: DASHBOARD_WIDE_SPECS,
      workers: 1,
      use: {
        ...devices["Desktop Chrome"],
        baseURL: E2E.wide.baseUrl,
        sandboxUrl: E2E.wide.sandboxUrl,
        storageState: E2E.wide.adminStorageState,
      },
      dependencies: ["setup-wide"],
    },
    { name: "setup", testMatch: /.*\.setup\.ts/ },
    {
      name: "chromium",
      testIgnore: DASHBOARD_WIDE_SPECS,
      use: { ...devices["Desktop Chrome"], storageState: E2E.adminStorageState },
      dependencies: ["setup"],
    },
  ],
  // Started one after the other (the first builds the dashboard, the second finds the build done).
  webServer: [productServer(E2E), productServer(E2E.wide)],
});
