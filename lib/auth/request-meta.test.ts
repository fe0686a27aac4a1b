import { describe, expect, it } from "vitest";
import { clientIpFrom } from "./request-meta";

describe("clientIpFrom", () => {
  it.each([
    [{ "x-forwarded-for": "203.0.113.9" }, "203.0.113.9"],
    [{ "x-forwarded-for": "198.51.100.1, 10.0.0.2" }, "10.0.0.2"],
    [{ "x-forwarded-for": " ::1 " }, "::1"],
    [{ "x-real-ip": "192.0.2.4" }, "192.0.2.4"],
    [{}, null],
  ])("%j -> %s", (headers, ip) => {
    expect(clientIpFrom(new Headers(headers))).toBe(ip);
  });
});
