import { describe, expect, it } from "vitest";
import {
  backoffDelay,
  isRetryableStatus,
  MAX_BACKOFF_MS,
  MAX_RETRY_AFTER_MS,
  parseRetryAfter,
  worstCaseCallMs,
} from "./retry";

describe("isRetryableStatus", () => {
  it.each([
    [400, false],
    [401, false],
    [404, false],
    [409, false],
    [413, false],
    [429, false],
    [500, true],
    [502, true],
    [503, true],
    [504, true],
  ])("%i → %s", (status, expected) => {
    expect(isRetryableStatus(status)).toBe(expected);
  });
});

describe("backoffDelay", () => {
  it.each([
    // attempt, random, expected (backoff 200)
    [1, 0.5, 0],
    [2, 0, 100],
    [2, 1, 200],
    [3, 0, 200],
    [3, 1, 400],
    [4, 0.5, 600],
  ])("attempt %i with random %d waits %i ms", (attempt, random, expected) => {
    expect(backoffDelay(attempt, 200, () => random)).toBe(expected);
  });

  it("is capped, and jitter stays within [cap/2, cap]", () => {
    for (let i = 0; i < 50; i++) {
      const d = backoffDelay(30, 200);
      expect(d).toBeGreaterThanOrEqual(MAX_BACKOFF_MS / 2);
      expect(d).toBeLessThanOrEqual(MAX_BACKOFF_MS);
    }
  });

  it("no backoff configured → no wait", () => {
    expect(backoffDelay(3, 0)).toBe(0);
  });
});

describe("worstCaseCallMs", () => {
  it("is every attempt timing out plus the longest wait before each retry", () => {
    // 3 × 10 s, then at most 200 ms before attempt 2 and 400 ms before attempt 3.
    expect(worstCaseCallMs({ timeoutMs: 10_000, maxAttempts: 3, backoffMs: 200 })).toBe(30_600);
    expect(worstCaseCallMs({ timeoutMs: 500, maxAttempts: 1, backoffMs: 200 })).toBe(500);
    expect(worstCaseCallMs({ timeoutMs: 100, maxAttempts: 2, backoffMs: 0 })).toBe(200);
  });

  it("is never shorter than the longest jittered schedule", () => {
    for (let attempts = 1; attempts <= 10; attempts++) {
      let slowest = 1_000 * attempts;
      for (let n = 2; n <= attempts; n++) slowest += backoffDelay(n, 700, () => 1);
      expect(worstCaseCallMs({ timeoutMs: 1_000, maxAttempts: attempts, backoffMs: 700 })).toBe(slowest);
    }
  });
});

describe("parseRetryAfter", () => {
  const now = Date.parse("2026-11-26T08:00:00Z");
  it.each([
    ["3", 3_000],
    [" 0 ", 0],
    ["Thu, 26 Nov 2026 08:00:05 GMT", 5_000],
    ["Thu, 26 Nov 2026 07:59:00 GMT", 0],
    ["999999", MAX_RETRY_AFTER_MS],
    ["soon", undefined],
    ["-1", undefined],
    ["", undefined],
    [null, undefined],
  ])("%j → %s ms", (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });
});
