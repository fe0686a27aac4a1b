/** The sandbox's request middleware through `app.request` (no port): route labels, request ids. */
import { Hono } from "hono";
import { describe, expect, test } from "vitest";
import { metrics } from "@/lib/observability/metrics";
import { currentRequestId } from "@/lib/observability/request-id";
import { requestObservation } from "./observability";

const app = new Hono();
app.use("*", requestObservation());
app.use("/api/*", async (_c, next) => next());
app.get("/things/:id", (c) => c.json({ requestId: currentRequestId() }));
app.get("/healthz", (c) => c.text("ok"));

async function routeLabels(): Promise<Set<string>> {
  const { values } = await metrics().httpRequests.get();
  return new Set(values.filter((v) => v.labels.service === "sandbox").map((v) => String(v.labels.route)));
}

describe("the sandbox's request observation", () => {
  test("a thousand ids and junk paths give one label per route pattern, plus unmatched", async () => {
    for (let i = 0; i < 500; i++) {
      await app.request(`/things/${crypto.randomUUID()}`);
      await app.request(`/nothing/${i}`);
    }
    await app.request("/api/anything");
    expect([...(await routeLabels())].sort()).toEqual(["/things/:id", "unmatched"]);
  });

  test("the request id is current in the handler and echoed", async () => {
    const res = await app.request("/things/1", { headers: { "X-Request-Id": "client-id-0001" } });
    expect(res.headers.get("x-request-id")).toBe("client-id-0001");
    expect(await res.json()).toEqual({ requestId: "client-id-0001" });
  });

  test("a method outside the standard ones is labelled OTHER", async () => {
    await app.request("/healthz", { method: "PROPFIND" });
    const { values } = await metrics().httpRequests.get();
    expect(values.some((v) => v.labels.route === "unmatched" && v.labels.method === "OTHER")).toBe(true);
  });
});
