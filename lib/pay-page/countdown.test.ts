import { describe, expect, test } from "vitest";
import {
  addReading,
  formatRemaining,
  msUntilNextSecond,
  navigationSentAt,
  OFFSET_READINGS_KEPT,
  offsetBound,
  remainingMs,
  tightestOffset,
} from "./countdown";

const SERVER_RENDER = Date.parse("2026-11-22T10:00:00Z");
const EXPIRES_AT = Date.parse("2026-11-22T10:15:00Z");

describe("countdown with a skewed device clock", () => {
  test.each([
    ["on time", 0],
    ["3 hours behind", -3 * 3600_000],
    ["a day ahead", 24 * 3600_000],
    ["37 s ahead", 37_000],
  ])("device clock %s: 15:00 at load, 10:00 after five minutes, 0 at the deadline", (_name, skew) => {
    // A request answered instantly: the server read its clock the moment the device sent it.
    const clientAtLoad = SERVER_RENDER + skew;
    const offset = offsetBound(SERVER_RENDER, clientAtLoad);
    expect(remainingMs(EXPIRES_AT, clientAtLoad, offset)).toBe(15 * 60_000);
    expect(formatRemaining(remainingMs(EXPIRES_AT, clientAtLoad, offset))).toBe("15:00");
    expect(formatRemaining(remainingMs(EXPIRES_AT, clientAtLoad + 5 * 60_000, offset))).toBe("10:00");
    expect(remainingMs(EXPIRES_AT, clientAtLoad + 15 * 60_000, offset)).toBe(0);
    expect(remainingMs(EXPIRES_AT, clientAtLoad + 20 * 60_000, offset)).toBe(0);
  });

  test("without the offset a skewed clock would be wrong (the offset matters)", () => {
    const clientAtLoad = SERVER_RENDER - 3600_000;
    expect(remainingMs(EXPIRES_AT, clientAtLoad, 0)).toBe(75 * 60_000);
    expect(remainingMs(EXPIRES_AT, clientAtLoad, offsetBound(SERVER_RENDER, clientAtLoad))).toBe(15 * 60_000);
  });
});

/**
 * A phone: the device clock is 3 h behind; the page's request is sent at `sent`, the server renders 300 ms
 * later, the HTML and scripts take until `hydrated` (2.7 s after the send) to arrive and run.
 */
describe("a slow page load on a phone", () => {
  const skew = -3 * 3600_000;
  const device = (serverMs: number) => serverMs + skew;
  const sent = device(SERVER_RENDER - 300);
  const hydrated = device(SERVER_RENDER + 2_400);
  const truthAt = (deviceMs: number) => EXPIRES_AT - (deviceMs - skew);

  test("the navigation's start gives a bound that never shows more time than is left", () => {
    // At hydration: Date.now() is `hydrated`, performance.now() counts from the navigation's start.
    const performanceNow = 2_750;
    const navStart = hydrated - performanceNow;
    const requestStart = 50;
    expect(navigationSentAt(hydrated, performanceNow, requestStart)).toBe(navStart + 50);
    const offset = offsetBound(SERVER_RENDER, navigationSentAt(hydrated, performanceNow, requestStart));
    const shown = remainingMs(EXPIRES_AT, hydrated, offset);
    expect(shown).toBeLessThanOrEqual(truthAt(hydrated));
    expect(truthAt(hydrated) - shown).toBeLessThan(1_000);
    expect(formatRemaining(shown)).toBe(formatRemaining(truthAt(hydrated)));
  });

  test("the device's time at hydration (the old estimate) counts the 2.4 s since the render as time left", () => {
    const atHydration = offsetBound(SERVER_RENDER, hydrated);
    expect(remainingMs(EXPIRES_AT, hydrated, atHydration) - truthAt(hydrated)).toBe(2_400);
  });

  test("the page turns expired at the deadline, not the load's time after it", () => {
    const offset = offsetBound(SERVER_RENDER, sent);
    const deadlineOnDevice = device(EXPIRES_AT);
    expect(remainingMs(EXPIRES_AT, deadlineOnDevice, offset)).toBe(0);
    // The old estimate still had 2.4 s left at the deadline.
    expect(remainingMs(EXPIRES_AT, deadlineOnDevice, offsetBound(SERVER_RENDER, hydrated))).toBe(2_400);
  });
});

describe("status polls tighten the offset", () => {
  const trueOffset = 3 * 3600_000;
  /** A poll sent at device time `sent`, answered by a server that read its clock `serverAfter` ms later. */
  const reading = (sent: number, serverAfter: number) => offsetBound(sent + trueOffset + serverAfter, sent);

  test("a quick poll tightens a slow load's bound; a slow poll cannot loosen it", () => {
    let readings = addReading([], reading(0, 2_000));
    expect(tightestOffset(readings)).toBe(trueOffset + 2_000);
    readings = addReading(readings, reading(3_000, 80));
    expect(tightestOffset(readings)).toBe(trueOffset + 80);
    readings = addReading(readings, reading(6_000, 9_000));
    expect(tightestOffset(readings)).toBe(trueOffset + 80);
  });

  test("every bound is at least the true offset, so the countdown never shows more than is left", () => {
    let readings: number[] = [];
    for (const [sent, lag] of [
      [0, 1_200],
      [3_000, 40],
      [6_000, 700],
    ] as const)
      readings = addReading(readings, reading(sent, lag));
    const offset = tightestOffset(readings)!;
    expect(offset).toBeGreaterThanOrEqual(trueOffset);
    const clientNow = 10_000;
    expect(remainingMs(EXPIRES_AT, clientNow, offset)).toBeLessThanOrEqual(
      EXPIRES_AT - (clientNow + trueOffset),
    );
  });

  test("old readings age out, so a device clock set back (bounds now too small) heals", () => {
    let readings = addReading([], trueOffset - 60_000); // taken before the device clock moved a minute
    expect(tightestOffset(readings)).toBe(trueOffset - 60_000);
    for (let i = 0; i < OFFSET_READINGS_KEPT; i++) readings = addReading(readings, reading(i * 3000, 100));
    expect(readings).toHaveLength(OFFSET_READINGS_KEPT);
    expect(tightestOffset(readings)).toBe(trueOffset + 100);
  });

  test("no readings, no estimate", () => {
    expect(tightestOffset([])).toBeUndefined();
  });
});

describe("the figure changes on the second, not up to a second late", () => {
  test.each([
    [5_000, 1_000],
    [4_999, 999],
    [4_001, 1],
    [4_000, 1_000],
    [1, 1],
    [0, 1_000],
  ])("%d ms left → next change in %d ms", (left, wait) => {
    expect(msUntilNextSecond(left)).toBe(wait);
    if (left > 0) {
      expect(formatRemaining(left - wait)).not.toBe(formatRemaining(left));
      expect(formatRemaining(left - wait + 1)).toBe(formatRemaining(left));
    }
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
