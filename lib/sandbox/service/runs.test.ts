import { describe, expect, it } from "vitest";
import { newRunSecret } from "./runs";

describe("newRunSecret", () => {
  it("is 32 base64url characters and never starts with a dash (one draw in 64 would, unmapped)", () => {
    const secrets = Array.from({ length: 20_000 }, newRunSecret);
    for (const secret of secrets) expect(secret).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_-]{31}$/);
    expect(new Set(secrets).size).toBe(secrets.length);
  });
});
