import { describe, expect, it } from "vitest";
import { timeParts, toInstant, utcText, zonedText } from "./format-time";

const instant = new Date("2026-11-22T07:40:12.345Z");

describe("time formats", () => {
  it("writes UTC to the second", () => {
    expect(utcText(instant)).toBe("2026-11-22 07:40:12 UTC");
  });

  it.each([
    ["America/Sao_Paulo", "2026-11-22 04:40:12 GMT-3"],
    ["Asia/Tokyo", "2026-11-22 16:40:12 GMT+9"],
    ["UTC", "2026-11-22 07:40:12 UTC"],
  ])("writes the local time of %s with the zone's name", (zone, text) => {
    expect(zonedText(instant, zone)).toBe(text);
  });

  it("moves the date with the zone, and midnight is 00, not 24", () => {
    const late = new Date("2026-11-22T01:00:00Z");
    expect(timeParts(late, "America/Sao_Paulo")).toMatchObject({ date: "2026-11-21", time: "22:00:00" });
    expect(timeParts(new Date("2026-11-22T03:00:00Z"), "America/Sao_Paulo").time).toBe("00:00:00");
  });

  it("reads Dates and ISO strings, and refuses what is not a time", () => {
    expect(toInstant("2026-11-22T07:40:12Z")?.getTime()).toBe(Date.parse("2026-11-22T07:40:12Z"));
    expect(toInstant(instant)).toBe(instant);
    expect(toInstant("soon")).toBeNull();
    expect(toInstant(null)).toBeNull();
  });
});
