import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { summarizeBody, utf8Prefix } from "./body-summary";

describe("utf8Prefix", () => {
  it("keeps a short text whole and cuts a long one on a character boundary", () => {
    expect(utf8Prefix("abc", 10)).toBe("abc");
    expect(utf8Prefix("ab€d", 4)).toBe("ab"); // € is 3 bytes: not split
    expect(utf8Prefix("ab€d", 5)).toBe("ab€");
    expect(utf8Prefix("😀😀", 5)).toBe("😀");
  });
});

describe("summarizeBody", () => {
  it("gives the size in bytes and the SHA-256 of the bytes as received", () => {
    const bytes = new TextEncoder().encode("ab€");
    expect(summarizeBody(bytes)).toEqual({
      bytes: 5,
      sha256: createHash("sha256").update("ab€").digest("hex"),
    });
  });
});
