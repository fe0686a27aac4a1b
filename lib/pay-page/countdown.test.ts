import { describe, expect, test } from "vitest";
import { clockOffset, formatRemaining, remainingMs, tightenOffset } from "./countdown";

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

describe("the offset errs on the safe side and tightens", () => {
  const skew = -3 * 3600_000; // the device is three hours behind
  const expiresAt = Date.parse("2026-11-22T10:15:00Z");
  const serverAt = (deviceMs: number) => deviceMs - skew;

  test("a slow page load shows less time left, never more", () => {
    const navigationStart = Date.parse("2026-11-22T10:00:00Z") + skew;
    // The server read its clock 4 s into the load (a slow network); the page hydrated 6 s later still.
    const offset = clockOffset(serverAt(navigationStart + 4_000), navigationStart);
    const hydratedAt = navigationStart + 10_000;
    const truth = expiresAt - serverAt(hydratedAt);
    const shown = remainingMs(expiresAt, hydratedAt, offset);
    expect(shown).toBeLessThanOrEqual(truth);
    expect(truth - shown).toBe(4_000); // off by the request's time at most
  });

  test("a quick poll tightens the bound; a slow one cannot loosen it", () => {
    const sent = Date.parse("2026-11-22T10:05:00Z") + skew;
    const slow = clockOffset(serverAt(sent + 4_000), sent);
    const quick = clockOffset(serverAt(sent + 60_000 + 150), sent + 60_000);
    const slower = clockOffset(serverAt(sent + 120_000 + 9_000), sent + 120_000);
    let offset = tightenOffset(undefined, slow);
    offset = tightenOffset(offset, quick);
    expect(offset).toBe(-skew + 150);
    expect(tightenOffset(offset, slower)).toBe(-skew + 150);
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
