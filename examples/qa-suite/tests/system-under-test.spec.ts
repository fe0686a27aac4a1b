import { expect, test } from "payorders-sandbox-kit/playwright";

/**
 * Testing a system that holds payment service credentials (here merchant.mjs; the same for the payorders
 * dashboard or a merchant's own shop): the `systemUnderTest` fixture starts it once per worker with the
 * credentials of that worker's QA run, which it keeps alive while the worker lives.
 */
test.use({
  systemUnderTestConfig: {
    command: [process.execPath, "merchant.mjs"],
    env: ({ port, sandboxUrl, clientId, secret }) => ({
      PORT: String(port),
      PAYMENT_API_BASE_URL: sandboxUrl,
      PAYMENT_API_CLIENT_ID: clientId,
      PAYMENT_API_SECRET: secret,
    }),
    readyPath: "/healthz",
  },
});

test("the merchant learns from the signed callback that its customer paid", async ({
  systemUnderTest,
  request,
}) => {
  const checkout = await request.post(`${systemUnderTest.url}/checkout`, { data: { amount: 2500 } });
  expect(checkout.ok()).toBe(true);
  const { orderId } = await checkout.json();

  // The order is the run's: the kit signed as the run sees it and moves it.
  expect((await systemUnderTest.run.order(orderId)).status).toBe("In progress");
  await systemUnderTest.run.markPaid(orderId);

  await expect
    .poll(async () => (await (await request.get(`${systemUnderTest.url}/orders/${orderId}`)).json()).status)
    .toBe("Success");
});

test("the run outlives the idle time while the system under test holds it", async ({
  systemUnderTest,
  sandbox,
  request,
}) => {
  const idleMs = systemUnderTest.run.run.idleMinutes * 60_000;
  test.skip(idleMs > 30_000, "needs a sandbox started with a short idle time (--run-idle-minutes 0.2)");
  test.setTimeout(idleMs * 3 + 30_000);
  // A run nobody uses, beside the system's run that nobody uses either, except the fixture's keep-alive.
  const forgotten = await sandbox.startRun({ label: "forgotten" });
  await expect
    .poll(async () => (await sandbox.runs()).map((r) => r.clientId), {
      timeout: idleMs * 3,
      intervals: [1_000],
    })
    .not.toContain(forgotten.run.clientId);
  expect((await sandbox.runs()).map((r) => r.clientId)).toContain(systemUnderTest.run.run.clientId);
  const checkout = await request.post(`${systemUnderTest.url}/checkout`, { data: {} });
  expect(checkout.ok()).toBe(true);
});
