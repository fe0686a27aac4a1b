import { describe, expect, it } from "vitest";
import { generatePassword, hashPassword, parsePasswordHash, verifyPassword } from "./password";

const FAST = { N: 1024, r: 8, p: 1 };

describe("password hashing", () => {
  it("writes the self-describing scrypt format with the default cost", async () => {
    const hash = await hashPassword("correct horse battery");
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
  });

  it("verifies the right password and rejects others", async () => {
    const hash = await hashPassword("correct horse battery", FAST);
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse batterY", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("salts: the same password hashes differently each time", async () => {
    const [a, b] = await Promise.all([
      hashPassword("same password!", FAST),
      hashPassword("same password!", FAST),
    ]);
    expect(a).not.toBe(b);
    expect(await verifyPassword("same password!", a)).toBe(true);
    expect(await verifyPassword("same password!", b)).toBe(true);
  });

  it("reads the cost from the stored hash, so older or stronger hashes keep working", async () => {
    const hash = await hashPassword("cost is stored", { N: 2048, r: 4, p: 2 });
    expect(hash.startsWith("scrypt$2048$4$2$")).toBe(true);
    expect(await verifyPassword("cost is stored", hash)).toBe(true);
  });

  it("normalises Unicode, so the same visible password matches", async () => {
    const hash = await hashPassword("caf\u00e9-password", FAST);
    expect(await verifyPassword("cafe\u0301-password", hash)).toBe(true);
  });

  it.each([
    ["empty", ""],
    ["other scheme", "bcrypt$10$abc"],
    [
      "N not a power of two",
      "scrypt$1000$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    ],
    ["N too large", "scrypt$4194304$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"],
    ["r out of range", "scrypt$1024$99$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"],
    ["short salt", "scrypt$1024$8$1$AAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"],
    ["missing part", "scrypt$1024$8$1$AAAAAAAAAAAAAAAAAAAAAA"],
  ])("treats a malformed stored hash (%s) as a mismatch", async (_label, stored) => {
    expect(parsePasswordHash(stored)).toBeNull();
    expect(await verifyPassword("anything at all", stored)).toBe(false);
  });

  it("generates strong random passwords", () => {
    const a = generatePassword();
    expect(a).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(generatePassword()).not.toBe(a);
  });
});
