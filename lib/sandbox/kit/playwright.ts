/**
 * A Playwright fixture for QA suites: `sandbox`, the QA kit (./index.ts) signed in as one merchant account
 * of a running sandbox. Configure it with the options below in playwright.config.ts (`use: { sandboxUrl }`),
 * or with SANDBOX_URL, SANDBOX_CLIENT_ID and SANDBOX_CLIENT_SECRET; extend it with your own fixtures:
 *
 *   import { test, expect } from "./lib/sandbox/kit/playwright";
 *   test("a paid order", async ({ sandbox }) => {
 *     const order = await sandbox.createPayin(request);
 *     expect((await sandbox.markPaid(order.id)).status).toBe("Success");
 *   });
 *
 * `sandboxRun` is a QA run of the test's own (POST /sandbox/runs): an account no other test sees, ended
 * after the test. Give `sandboxRun.run.clientId` and `.secret` to the system under test.
 */
import { test as base, expect } from "@playwright/test";
import { type SandboxKit, type SandboxRunKit, sandboxKit } from "./index";

export { expect };

export interface SandboxKitFixtureOptions {
  sandboxUrl: string;
  sandboxClientId: string;
  sandboxSecret: string;
}

export const test = base.extend<
  { sandboxRun: SandboxRunKit },
  SandboxKitFixtureOptions & { sandbox: SandboxKit }
>({
  sandboxUrl: [process.env.SANDBOX_URL ?? "http://127.0.0.1:4010", { scope: "worker", option: true }],
  sandboxClientId: [process.env.SANDBOX_CLIENT_ID ?? "sandbox-merchant", { scope: "worker", option: true }],
  sandboxSecret: [process.env.SANDBOX_CLIENT_SECRET ?? "sandbox-secret", { scope: "worker", option: true }],
  sandbox: [
    async ({ sandboxUrl, sandboxClientId, sandboxSecret }, use) => {
      await use(sandboxKit({ baseUrl: sandboxUrl, clientId: sandboxClientId, secret: sandboxSecret }));
    },
    { scope: "worker" },
  ],
  sandboxRun: async ({ sandbox }, use, testInfo) => {
    const run = await sandbox.startRun({ label: testInfo.titlePath.join(" › ").slice(0, 100) });
    await use(run);
    await run.end();
  },
});
