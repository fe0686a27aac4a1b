import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SandboxKitError, samplePayinRequest, samplePayoutRequest, verify } from "payorders-sandbox-kit";
import { expect, test } from "payorders-sandbox-kit/playwright";

/** The callbacks a local receiver got: what a merchant's postback endpoint sees. */
interface Delivery {
  webhookId: string;
  signatureValid: boolean;
  body: { id: string; status: string };
}

async function startReceiver(
  secret: () => string,
): Promise<{ url: string; deliveries: Delivery[]; server: Server }> {
  const deliveries: Delivery[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      deliveries.push({
        webhookId: String(req.headers["webhook-id"]),
        signatureValid: verify(secret(), raw, String(req.headers["x-signature"])),
        body: JSON.parse(raw),
      });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/postback`, deliveries, server };
}

test("a signed callback reaches the merchant when the order is paid", async ({ sandboxRun }) => {
  const receiver = await startReceiver(() => sandboxRun.run.secret);
  try {
    const order = await sandboxRun.createPayin(samplePayinRequest("Card", { postbackUrl: receiver.url }));
    await sandboxRun.markPaid(order.id);
    await expect.poll(() => receiver.deliveries.length).toBeGreaterThan(0);
    expect(receiver.deliveries[0]).toMatchObject({
      signatureValid: true,
      body: { id: order.id, status: "Success" },
    });
    const { callbacks } = await sandboxRun.order(order.id);
    expect(callbacks[0]?.state).toBe("delivered");
  } finally {
    receiver.server.close();
  }
});

test("chaos: the same callback twice, replayable by its seed", async ({ sandboxRun }) => {
  const receiver = await startReceiver(() => sandboxRun.run.secret);
  try {
    const order = await sandboxRun.createPayin(samplePayinRequest("SBP", { postbackUrl: receiver.url }), {
      chaos: { modes: ["duplicate"], seed: 7 },
    });
    await sandboxRun.markPaid(order.id);
    await expect.poll(() => receiver.deliveries.length).toBeGreaterThanOrEqual(2);
    const [first, second] = receiver.deliveries;
    expect(second?.webhookId).toBe(first?.webhookId);
    expect((await sandboxRun.order(order.id)).chaos?.modes).toEqual(["duplicate"]);
  } finally {
    receiver.server.close();
  }
});

test("the clock: a run's unpaid pay-in expires when its clock passes expiresAt", async ({
  sandboxRun,
  sandbox,
}) => {
  const order = await sandboxRun.createPayin(samplePayinRequest("SBP"));
  await sandboxRun.advanceClock({ seconds: 16 * 60 });
  expect((await sandboxRun.order(order.id)).status).toBe("Expired");
  await sandboxRun.resetClock();
  expect((await sandboxRun.clock()).offsetMs).toBe(0);
  // Only the run's clock moved: the shared account's is on the real time.
  expect((await sandbox.clock()).offsetMs).toBe(0);
});

test("a refusal names the field, and the request log says why", async ({ sandboxRun }) => {
  const refused = await sandboxRun
    .createPayout(samplePayoutRequest("Card", { amount: 10.001 }))
    .catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(SandboxKitError);
  expect((refused as SandboxKitError).status).toBe(400);
  expect((refused as SandboxKitError).problem?.errors?.map((e) => e.path)).toContain("amount");
  await expect.poll(async () => (await sandboxRun.requests()).map((r) => r.verdict)).toContain("validation");
});
