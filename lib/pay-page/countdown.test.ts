import { describe, expect, test } from "vitest";
import { clockOffset, formatRemaining, remainingMs } from "./countdown";

describe("countdown with a skewed device clock", () => {
  const serverNow = Date.parse("2026-11-22T10:00:00Z");
  const expiresAt = Date.parse("2026-11-22T10:15:00Z");

  test.each([
    ["on time", 0],
    ["3 hours behind", -3 * 3600_000],
    ["a day ahead", 24 * 3600_000],
    ["37 s ahead", 37_000],
  ])("device clock %s: 15:00 at load, 10:00 after five minutes, 0 at the deadline", (_name, skew) => {
    const clientAtLoad = serverNow + skew;
    const offset = clockOffset(serverNow, clientAtLoad);
    expect(remainingMs(expiresAt, clientAtLoad, offset)).toBe(15 * 60_000);
    expect(formatRemaining(remainingMs(expiresAt, clientAtLoad, offset))).toBe("15:00");
    expect(formatRemaining(remainingMs(expiresAt, clientAtLoad + 5 * 60_000, offset))).toBe("10:00");
    expect(remainingMs(expiresAt, clientAtLoad + 15 * 60_000, offset)).toBe(0);
    expect(remainingMs(expiresAt, clientAtLoad + 20 * 60_000, offset)).toBe(0);
  });

  test("without the offset a skewed clock would be wrong (the offset matters)", () => {
    const clientAtLoad = serverNow - 3600_000;
    expect(remainingMs(expiresAt, clientAtLoad, 0)).toBe(75 * 60_000);
    expect(remainingMs(expiresAt, clientAtLoad, clockOffset(serverNow, clientAtLoad))).toBe(15 * 60_000);
  });
});

describe("formatRemaining", () => {
  test.each([
    [900_000, "15:00"],
    [899_001, "15:00"],
    [899_000, "14:59"],
    [59_001, "1:00"],
    [9_000, "0:09"],
    [1, "0:01"],
    [0, "0:00"],
    [-5, "0:00"],
    [3_723_000, "1:02:03"],
  ])("%d ms → %s", (ms, text) => expect(formatRemaining(ms)).toBe(text));
});
