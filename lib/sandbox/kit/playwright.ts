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
 */
import { test as base, expect } from "@playwright/test";
import { type SandboxKit, sandboxKit } from "./index";

export { expect };

export interface SandboxKitFixtureOptions {
  sandboxUrl: string;
  sandboxClientId: string;
  sandboxSecret: string;
}

export const test = base.extend<object, SandboxKitFixtureOptions & { sandbox: SandboxKit }>({
  sandboxUrl: [process.env.SANDBOX_URL ?? "http://127.0.0.1:4010", { scope: "worker", option: true }],
  sandboxClientId: [process.env.SANDBOX_CLIENT_ID ?? "sandbox-merchant", { scope: "worker", option: true }],
  sandboxSecret: [process.env.SANDBOX_CLIENT_SECRET ?? "sandbox-secret", { scope: "worker", option: true }],
  sandbox: [
    async ({ sandboxUrl, sandboxClientId, sandboxSecret }, use) => {
      await use(sandboxKit({ baseUrl: sandboxUrl, clientId: sandboxClientId, secret: sandboxSecret }));
    },
    { scope: "worker" },
  ],
});
