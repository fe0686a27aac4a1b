import { describe, expect, it } from "vitest";
import { lowestOf, nodeSatisfies } from "./node-engines";

describe("nodeSatisfies", () => {
  it.each([
    ["22.15.0", ">=22.15.0", true],
    ["22.12.0", ">=22.15.0", false],
    ["22.15.0", "^20.19.0 || >=22.12.0", true],
    ["22.12.0", "^22.13||^24||>=26", false],
    ["22.13.0", "^22.13||^24||>=26", true],
    ["23.1.0", "^22||^24||>=26", false],
    ["22.15.0", ">= 18", true],
    ["22.15.0", "22.x", true],
    ["22.15.0", "20.x", false],
    ["22.15.0", "*", true],
    ["22.15.0", ">=14 <22", false],
    ["22.15.0", "~22.14.0", false],
  ])("%s in %s: %s", (version, range, expected) => {
    expect(nodeSatisfies(version, range)).toBe(expected);
  });

  it("throws on a form it cannot read", () => {
    expect(() => nodeSatisfies("22.15.0", ">=22.15.0-rc.1")).toThrow(/cannot read/);
  });
});

describe("lowestOf", () => {
  it("reads >=X.Y.Z and refuses anything else", () => {
    expect(lowestOf(">=22.15.0")).toBe("22.15.0");
    expect(() => lowestOf("^22.15.0")).toThrow(/not of the form/);
  });
});
