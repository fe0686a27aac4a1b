import { describe, expect, test } from "vitest";
import { parseInsightsRange, startOfLocalDay, zoneOffset } from "./range";

const now = new Date("2026-11-26T05:20:00Z");

describe("parseInsightsRange", () => {
  test.each([
    ["24h", "2026-11-25T06:00:00.000Z", "2026-11-26T06:00:00.000Z", "hour"],
    ["7d", "2026-11-19T06:00:00.000Z", "2026-11-26T06:00:00.000Z", "day"],
    ["30d", "2026-10-27T06:00:00.000Z", "2026-11-26T06:00:00.000Z", "day"],
  ])("preset %s: whole hours ending after now, default grouping", (range, from, to, by) => {
    const r = parseInsightsRange({ range }, now);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect([r.range.from.toISOString(), r.range.to.toISOString(), r.range.by]).toEqual([from, to, by]);
    expect(r.range.to.getTime() - r.range.from.getTime()).toBe(
      r.range.from.getTime() - r.range.previousFrom.getTime(),
    );
  });

  test("an empty Group by (the form's Automatic) is the default", () => {
    const r = parseInsightsRange({ range: "7d", by: "" }, now);
    expect(r.ok && r.range.by).toBe("day");
  });

  test("the default is the last 24 h in UTC", () => {
    const r = parseInsightsRange({}, now);
    expect(r.ok && [r.range.preset, r.range.tz]).toEqual(["24h", "UTC"]);
  });

  test("custom: the viewer's calendar days, both included, in a fractional-hour zone", () => {
    const r = parseInsightsRange(
      new URLSearchParams({ range: "custom", from: "2026-11-01", to: "2026-11-02", tz: "Asia/Kolkata" }),
      now,
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.range.from.toISOString()).toBe("2026-10-31T18:30:00.000Z");
    expect(r.range.to.toISOString()).toBe("2026-11-02T18:30:00.000Z");
    expect(r.range.previousFrom.toISOString()).toBe("2026-10-29T18:30:00.000Z");
  });

  test.each([
    [{ range: "year" }, "range"],
    [{ range: "custom" }, "from"],
    [{ range: "custom", from: "2026-11-01" }, "to"],
    [{ range: "custom", from: "2026-02-30", to: "2026-03-01" }, "from"],
    [{ range: "custom", from: "2026-11-02", to: "2026-11-01" }, "to"],
    [{ range: "custom", from: "2024-01-01", to: "2026-01-01" }, "to"],
    [{ range: "custom", from: "9999-12-01", to: "9999-12-31" }, "to"],
    [{ range: "custom", from: "1999-12-01", to: "1999-12-31" }, "from"],
    [{ range: "30d", by: "minute" }, "by"],
    [{ range: "custom", from: "2026-01-01", to: "2026-03-01", by: "hour" }, "by"],
    [{ range: "24h", tz: "Mars/Olympus" }, "tz"],
  ])("%j: an error naming %s", (params, field) => {
    const r = parseInsightsRange(params, now);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.field)).toContain(field);
  });
});

test.each([
  ["UTC", "2026-06-01", "2026-06-01T00:00:00.000Z"],
  ["Europe/Moscow", "2026-06-01", "2026-05-31T21:00:00.000Z"],
  ["America/Sao_Paulo", "2026-06-01", "2026-06-01T03:00:00.000Z"],
  ["Asia/Kathmandu", "2026-06-01", "2026-05-31T18:15:00.000Z"],
  ["America/New_York", "2026-03-08", "2026-03-08T05:00:00.000Z"],
  ["America/New_York", "2026-03-09", "2026-03-09T04:00:00.000Z"],
])("startOfLocalDay(%s, %s)", (tz, day, iso) => {
  expect(startOfLocalDay(day, tz).toISOString()).toBe(iso);
});

test("zoneOffset: +5:30 in Kolkata", () => {
  expect(zoneOffset("Asia/Kolkata", now)).toBe(5.5 * 3_600_000);
});
