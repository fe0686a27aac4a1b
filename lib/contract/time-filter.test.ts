import { describe, expect, test } from "vitest";
import { isDayInRange, isoTime, isTimeInRange } from "./time-filter";

describe("the time rule", () => {
  const time = isoTime("2026-11-24T10:00:00Z");

  test.each([
    ["1970-01-01T00:00:00Z", true],
    ["2026-11-24T10:00:00.123456+03:00", true],
    ["9999-12-31T23:59:59Z", true],
    ["1969-12-31T23:59:59.999Z", false],
    ["0000-01-01T00:00:00Z", false],
    ["9999-12-31T23:59:59-23:59", false],
    ["2026-02-30T00:00:00Z", false],
    ["2026-11-24", false],
    ["", false],
  ])("%s: %s", (value, ok) => {
    const parsed = time.safeParse(value);
    expect(parsed.success).toBe(ok);
    // One message per refused value, naming the range.
    if (!parsed.success)
      expect(parsed.error.issues.map((i) => i.message)).toEqual([
        expect.stringMatching(/from 1970.* to 9999/),
      ]);
  });

  test.each([
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
    [-1, false],
    [0, true],
    [Date.parse("9999-12-31T23:59:59Z"), true],
    [Date.parse("9999-12-31T23:59:59Z") + 1, false],
  ])("instant %s in range: %s", (ms, ok) => expect(isTimeInRange(ms)).toBe(ok));

  test.each([
    ["1969-12-31", false],
    ["1970-01-01", true],
    ["9999-12-30", true],
    ["9999-12-31", false],
  ])("day %s in range: %s", (day, ok) => expect(isDayInRange(day)).toBe(ok));
});
