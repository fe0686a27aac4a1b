/** Where the e2e harness runs things; ports are overridable so several runs can share a machine. */
const port = Number(process.env.E2E_PORT ?? 3210);
const sandboxPort = Number(process.env.E2E_SANDBOX_PORT ?? 4210);

/** One product instance under test (the embedded sandbox and the dashboard on a data folder of its own). */
function instance(port: number, sandboxPort: number) {
  return {
    port,
    sandboxPort,
    baseUrl: `http://127.0.0.1:${port}`,
    sandboxUrl: `http://127.0.0.1:${sandboxPort}`,
    dataDir: `.data-e2e-${port}`,
    /** Per port, so that runs sharing a machine don't overwrite each other's saved sign-in. */
    adminStorageState: `test-results/e2e-${port}/.auth/admin.json`,
  };
}

/** The ports of a second run sharing the machine must differ by 2 or more: each run uses a port and the next. */
export const E2E = {
  ...instance(port, sandboxPort),
  /** The instance the dashboard-wide specs run on, beside the other flows (playwright.config.ts): its own
   * dashboard-wide settings, pay-outs and counts, so no other flow meets its switches. */
  wide: instance(port + 1, sandboxPort + 1),
  admin: { email: "admin@example.com", password: "e2e-admin-password-123" },
  /** Per port, so that runs sharing a machine don't wipe each other's results. */
  outputDir: `test-results/e2e-${port}`,
  /** The merchant account of the embedded sandbox; a distinctive secret so a leak test can look for it. */
  sandboxAccount: { clientId: "sandbox-merchant", secret: "e2e-merchant-secret-4Tq9Zr7w" },
  /** METRICS_TOKEN of both servers under test (e2e/metrics.spec.ts). */
  metricsToken: "e2e-metrics-token-9fK2mQ7xL4",
  /** MERCHANT_DISPLAY_NAME of the server under test: the pay page names it. */
  merchantName: "Acme Test Store",
  /** Where the production build is (the harness builds into NEXT_DIST_DIR). */
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
} as const;
