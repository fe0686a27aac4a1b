import { describe, expect, it } from "vitest";
import { anyUuid, isUuid, UUID_GROUP } from "./uuid";

describe("the one UUID rule", () => {
  it.each([
    ["3f2c8e1a-6d0b-4c1e-9a2f-7b5d4c3e2a10", true], // v4
    ["c232ab00-9414-11ec-b3c8-9f6bdeced846", true], // v1
    ["3f2c8e1a-6d0b-4c1e-7a2f-7b5d4c3e2a10", true], // any variant
    ["3F2C8E1A-6D0B-4C1E-9A2F-7B5D4C3E2A10", true], // either case
    ["3f2c8e1a6d0b4c1e9a2f7b5d4c3e2a10", false], // no hyphens
    ["3f2c8e1a-6d0b-4c1e-9a2f-7b5d4c3e2a1", false], // a digit short
    ["3f2c8e1a-6d0b-4c1e-9a2f-7b5d4c3e2a1g", false], // not hex
    [" 3f2c8e1a-6d0b-4c1e-9a2f-7b5d4c3e2a10", false],
  ])("%s: %s, the same in plain code, in a schema and inside a larger pattern", (text, ok) => {
    expect(isUuid(text)).toBe(ok);
    expect(anyUuid().safeParse(text).success).toBe(ok);
    expect(new RegExp(`^/orders/${UUID_GROUP}$`).test(`/orders/${text}`)).toBe(ok);
  });

  it("names the field's own message when refused", () => {
    expect(anyUuid("Must be an order id (a UUID)").safeParse("x").error?.issues[0]?.message).toBe(
      "Must be an order id (a UUID)",
    );
  });
});
