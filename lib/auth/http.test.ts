import { describe, expect, it } from "vitest";
import { authProblemResponse } from "./http";

describe("authProblemResponse", () => {
  it.each([401, 403] as const)("answers %i as problem details", async (status) => {
    const res = authProblemResponse({ ok: false, status, message: "nope" });
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(await res.json()).toMatchObject({ status, detail: "nope" });
  });
});
