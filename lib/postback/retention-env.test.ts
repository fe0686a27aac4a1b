import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";

describe("POSTBACK_UNVERIFIED_RETENTION_HOURS", () => {
  it("defaults to 72 hours, unset or empty", () => {
    expect(parseEnv({}).POSTBACK_UNVERIFIED_RETENTION_HOURS).toBe(72);
    expect(parseEnv({ POSTBACK_UNVERIFIED_RETENTION_HOURS: " " }).POSTBACK_UNVERIFIED_RETENTION_HOURS).toBe(
      72,
    );
  });

  it("takes whole hours from 1 to 8760", () => {
    expect(parseEnv({ POSTBACK_UNVERIFIED_RETENTION_HOURS: "1" }).POSTBACK_UNVERIFIED_RETENTION_HOURS).toBe(
      1,
    );
    expect(
      parseEnv({ POSTBACK_UNVERIFIED_RETENTION_HOURS: "8760" }).POSTBACK_UNVERIFIED_RETENTION_HOURS,
    ).toBe(8760);
  });

  it.each(["0", "8761", "1.5", "two days", "-3"])("refuses %j, naming the variable", (value) => {
    expect(() => parseEnv({ POSTBACK_UNVERIFIED_RETENTION_HOURS: value })).toThrow(
      /POSTBACK_UNVERIFIED_RETENTION_HOURS: /,
    );
  });
});
