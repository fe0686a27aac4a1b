/**
 * A Playwright fixture for QA suites: `sandbox`, the QA kit (./index.ts) signed in as one merchant account
 * of a running sandbox. Configure it with the options below in playwright.config.ts (`use: { sandboxUrl }`),
 * or with SANDBOX_URL, SANDBOX_CLIENT_ID and SANDBOX_CLIENT_SECRET; extend it with your own fixtures:
 *
 *   import { samplePayinRequest } from "payorders-sandbox-kit";
 *   import { test, expect } from "payorders-sandbox-kit/playwright";
 *   test("a paid order", async ({ sandboxRun }) => {
 *     const order = await sandboxRun.createPayin(samplePayinRequest("SBP"));
 *     expect((await sandboxRun.markPaid(order.id)).status).toBe("Success");
 *   });
 *
 * `sandboxRun` is a QA run of the test's own (POST /sandbox/runs): an account no other test sees, ended
 * after the test.
 *
 * A system under test reads its payment service credentials once, at its start, so it cannot follow a run
 * per test: `systemUnderTest` starts it (option `systemUnderTestConfig`, ./system-under-test.ts) once per
 * worker with the credentials of the worker's run, `sandboxWorkerRun`, which is kept alive (a signed touch
 * every few minutes) while the worker lives, so a system sitting unused longer than the run's idle time
 * still finds it; both end with the worker.
 */
import { test as base, expect } from "@playwright/test";
import { type SandboxKit, type SandboxRunKit, sandboxKit } from "./index";
import {
  type RunningSystemUnderTest,
  startSystemUnderTest,
  type SystemUnderTestConfig,
} from "./system-under-test";

export { expect };
export type {
  RunningSystemUnderTest,
  SystemUnderTestConfig,
  SystemUnderTestContext,
} from "./system-under-test";

export interface SandboxKitFixtureOptions {
  sandboxUrl: string;
  sandboxClientId: string;
  sandboxSecret: string;
  /** How to start the system under test with a run's credentials (the `systemUnderTest` fixture). */
  systemUnderTestConfig: SystemUnderTestConfig | null;
}

export interface SystemUnderTest extends RunningSystemUnderTest {
  /** The QA kit signed as the run whose credentials the system holds: its orders, clock, chaos, log. */
  run: SandboxRunKit;
}

export const test = base.extend<
  { sandboxRun: SandboxRunKit },
  SandboxKitFixtureOptions & {
    sandbox: SandboxKit;
    sandboxWorkerRun: SandboxRunKit;
    systemUnderTest: SystemUnderTest;
  }
>({
  sandboxUrl: [process.env.SANDBOX_URL ?? "http://127.0.0.1:4010", { scope: "worker", option: true }],
  sandboxClientId: [process.env.SANDBOX_CLIENT_ID ?? "sandbox-merchant", { scope: "worker", option: true }],
  sandboxSecret: [process.env.SANDBOX_CLIENT_SECRET ?? "sandbox-secret", { scope: "worker", option: true }],
  systemUnderTestConfig: [null, { scope: "worker", option: true }],
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
  sandboxWorkerRun: [
    async ({ sandbox }, use, workerInfo) => {
      const run = await sandbox.startRun({
        label: `${workerInfo.project.name || "tests"} worker ${workerInfo.workerIndex}`.slice(0, 100),
      });
      const alive = run.keepAlive();
      try {
        await use(run);
      } finally {
        alive.stop();
        await run.end();
      }
    },
    { scope: "worker" },
  ],
  systemUnderTest: [
    async ({ systemUnderTestConfig, sandboxUrl, sandboxWorkerRun }, use) => {
      if (!systemUnderTestConfig) {
        throw new Error(
          "the systemUnderTest fixture needs the option systemUnderTestConfig (test.use or playwright.config.ts: { command, env })",
        );
      }
      const running = await startSystemUnderTest(systemUnderTestConfig, {
        sandboxUrl,
        run: sandboxWorkerRun.run,
      });
      try {
        await use({ ...running, run: sandboxWorkerRun });
      } finally {
        await running.stop();
      }
    },
    // Starting a server takes a while: not counted in a test's own timeout.
    { scope: "worker", timeout: 180_000 },
  ],
});
