import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pgliteSafeNodeFlags } from "../scripts/node-runtime.mjs";
import { E2E } from "./config";
import { createPayinThroughForm, expect, test } from "./fixtures";
import { signIn } from "./staff";

/**
 * The dashboard itself tested against a QA run (issue 19 §5), as docs/qa.md's recipe has a QA team do it:
 * the kit's `systemUnderTest` fixture starts a dashboard of its own (the production build) with the
 * credentials of the worker's run at the e2e sandbox, kept alive while the worker lives. What it creates is
 * the run's alone, and the run's controls move it on the dashboard.
 */

const root = path.resolve(import.meta.dirname, "..");
const ADMIN = { email: "qa-run-admin@example.com", password: "qa-run-admin-password-1" };
/** A dashboard's data folder, removed when the worker exits (after its worker fixtures stopped the dashboard). */
const newDataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "qa-run-dashboard-"));
  process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

test.use({
  systemUnderTestConfig: {
    command: [process.execPath, ...pgliteSafeNodeFlags(), "scripts/next-server.mjs"],
    cwd: root,
    env: ({ port, sandboxUrl, clientId, secret }) => ({
      NODE_ENV: "production",
      NEXT_DIST_DIR: E2E.distDir,
      PORT: String(port),
      // A database of its own (PGlite in a new folder), whatever the harness's is.
      DATA_DIR: newDataDir(),
      DATABASE_URL: "",
      PAYMENT_API_BASE_URL: sandboxUrl,
      PAYMENT_API_CLIENT_ID: clientId,
      PAYMENT_API_SECRET: secret,
      PAYMENT_API_IS_SANDBOX: "true",
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: "warn",
    }),
    readyPath: "/login",
  },
});

test("a dashboard started with a QA run's credentials makes the run's orders, and the run's controls move them", async ({
  browser,
  systemUnderTest,
  sandbox,
}) => {
  const context = await browser.newContext({
    baseURL: systemUnderTest.url,
    storageState: { cookies: [], origins: [] },
  });
  try {
    const page = await context.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).not.toHaveURL(/\/login/);
    const order = await createPayinThroughForm(page, { method: "Card" });

    // The run's, not the shared account's.
    const inRun = await systemUnderTest.run.order(order.serviceId);
    expect(inRun.paymentId).toBe(order.paymentId);
    const shared = await sandbox.order(order.serviceId).catch((error: unknown) => error);
    expect((shared as { status?: number }).status).toBe(404);
    expect((await systemUnderTest.run.requests({ orderId: order.serviceId })).length).toBeGreaterThan(0);

    // Paid through the run: its callback reaches this dashboard, which shows it.
    await systemUnderTest.run.markPaid(order.serviceId);
    await expect(page.getByTestId(`status-${order.id}`).first()).toHaveText("Success", { timeout: 20_000 });
  } finally {
    await context.close();
  }
});
