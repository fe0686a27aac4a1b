import { describe, expect, it } from "vitest";
import { CONFLICT_RETRIES, isDeadlock, isForeignKeyViolation, retriedWhile } from "./conflicts";

const withCode = (code: string, message = "refused") => Object.assign(new Error(message), { code });

describe("conflicts between statements", () => {
  it("knows each refusal by its SQLSTATE only", () => {
    expect(isDeadlock(withCode("40P01"))).toBe(true);
    expect(isDeadlock(withCode("40001"))).toBe(false);
    expect(isDeadlock(new Error("deadlock detected"))).toBe(false);
    expect(isDeadlock(undefined)).toBe(false);
    expect(isForeignKeyViolation(withCode("23503"))).toBe(true);
    expect(isForeignKeyViolation(withCode("23505"))).toBe(false);
    expect(isForeignKeyViolation(new Error("violates foreign key constraint"))).toBe(false);
    expect(isForeignKeyViolation(null)).toBe(false);
  });

  it("sends a refused statement again until it succeeds, and returns what it returned", async () => {
    let tries = 0;
    const result = await retriedWhile(isForeignKeyViolation, async () => {
      tries++;
      if (tries < 3) throw withCode("23503");
      return "deleted";
    });
    expect(result).toBe("deleted");
    expect(tries).toBe(3);
  });

  it("gives up after CONFLICT_RETRIES more tries, and never retries another error", async () => {
    let tries = 0;
    const always = retriedWhile(isDeadlock, async () => {
      tries++;
      throw withCode("40P01", "deadlock detected");
    });
    await expect(always).rejects.toThrow("deadlock detected");
    expect(tries).toBe(1 + CONFLICT_RETRIES);
    tries = 0;
    const other = retriedWhile(isDeadlock, async () => {
      tries++;
      throw withCode("23503", "violates foreign key constraint");
    });
    await expect(other).rejects.toThrow("violates foreign key constraint");
    expect(tries).toBe(1);
  });
});
