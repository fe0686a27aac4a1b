import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { signRequest } from "@/lib/signing";

// A bare local HTTP endpoint: this checks only that getPaymentApi() takes its settings from the environment.
const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
const server = createServer((req, res) => {
  seen.push({ url: req.url ?? "", headers: req.headers });
  res.writeHead(200, { "content-type": "application/json" });
  res.end("[]");
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  vi.stubEnv("PAYMENT_API_BASE_URL", `http://127.0.0.1:${port}/prefix`);
  vi.stubEnv("PAYMENT_API_CLIENT_ID", "env-client");
  vi.stubEnv("PAYMENT_API_SECRET", "env-secret");
  vi.stubEnv("PAYMENT_API_IS_SANDBOX", "");
  vi.resetModules();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("getPaymentApi", () => {
  it("is configured from PAYMENT_API_* and created once", async () => {
    const { getPaymentApi } = await import("./index");
    expect(getPaymentApi()).toBe(getPaymentApi());
    expect(await getPaymentApi().listBanks("KZ")).toEqual([]);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe("/prefix/api/v1/bank/available?country=KZ");
    expect(seen[0]?.headers["x-client-id"]).toBe("env-client");
    expect(seen[0]?.headers["x-signature"]).toBe(
      signRequest("env-secret", { method: "GET", pathWithQuery: "/prefix/api/v1/bank/available?country=KZ" }),
    );
  });
});
