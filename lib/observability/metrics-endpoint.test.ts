import { describe, expect, test } from "vitest";
import { parseMetrics } from "@/lib/testing/prometheus";
import { metricsAccess, metricsResponse } from "./metrics-endpoint";

const TOKEN = "a-metrics-token-of-32-characters";

describe("the /metrics token", () => {
  test.each([
    ["no token configured", undefined, `Bearer ${TOKEN}`, "not-found"],
    ["an empty token configured", "", `Bearer ${TOKEN}`, "not-found"],
    ["no Authorization", TOKEN, undefined, "unauthorized"],
    ["an empty Authorization", TOKEN, "", "unauthorized"],
    ["a bare Bearer", TOKEN, "Bearer ", "unauthorized"],
    ["another token", TOKEN, "Bearer a-metrics-token-of-32-characterz", "unauthorized"],
    ["a prefix of the token", TOKEN, `Bearer ${TOKEN.slice(0, 10)}`, "unauthorized"],
    ["the token and more", TOKEN, `Bearer ${TOKEN}x`, "unauthorized"],
    ["the token by Basic", TOKEN, `Basic ${TOKEN}`, "unauthorized"],
    ["the token with a second word", TOKEN, `Bearer ${TOKEN} ${TOKEN}`, "unauthorized"],
    ["the token", TOKEN, `Bearer ${TOKEN}`, "allowed"],
    ["the token, scheme in lower case", TOKEN, `bearer ${TOKEN}`, "allowed"],
  ] as const)("%s: %s", (_, token, authorization, expected) => {
    expect(metricsAccess(token, authorization)).toBe(expected);
  });

  test("unset: 404; wrong: 401 with a Bearer challenge; right: the registry as Prometheus text", async () => {
    expect((await metricsResponse(undefined, `Bearer ${TOKEN}`)).status).toBe(404);
    const refused = await metricsResponse(TOKEN, "Bearer nope");
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer\b/);
    const ok = await metricsResponse(TOKEN, `Bearer ${TOKEN}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const families = parseMetrics(await ok.text());
    expect(families.get("process_cpu_user_seconds_total")?.type).toBe("COUNTER");
    expect(families.get("http_request_duration_seconds")?.type).toBe("HISTOGRAM");
  });
});
