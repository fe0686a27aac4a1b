import { describe, expect, it } from "vitest";
import { uuidPrefixRange } from "./uuid-prefix";

describe("uuidPrefixRange", () => {
  it.each([
    ["7651", "76510000-0000-0000-0000-000000000000", "7651ffff-ffff-ffff-ffff-ffffffffffff"],
    ["7651AB12", "7651ab12-0000-0000-0000-000000000000", "7651ab12-ffff-ffff-ffff-ffffffffffff"],
    ["7651ab12-3f", "7651ab12-3f00-0000-0000-000000000000", "7651ab12-3fff-ffff-ffff-ffffffffffff"],
    ["7651ab123f", "7651ab12-3f00-0000-0000-000000000000", "7651ab12-3fff-ffff-ffff-ffffffffffff"],
    ["7651ab12-", "7651ab12-0000-0000-0000-000000000000", "7651ab12-ffff-ffff-ffff-ffffffffffff"],
    [
      "0b7c5bde-3f4e-4c41-9d2a-7a1e2f3b4c5d",
      "0b7c5bde-3f4e-4c41-9d2a-7a1e2f3b4c5d",
      "0b7c5bde-3f4e-4c41-9d2a-7a1e2f3b4c5d",
    ],
    [
      " 0b7c5bde3f4e4c419d2a7a1e2f3b4c5d ",
      "0b7c5bde-3f4e-4c41-9d2a-7a1e2f3b4c5d",
      "0b7c5bde-3f4e-4c41-9d2a-7a1e2f3b4c5d",
    ],
  ])("%j → [%s, %s]", (text, low, high) => {
    expect(uuidPrefixRange(text)).toEqual({ low, high });
  });

  it.each([
    ["too short", "765"],
    ["too short with a hyphen", "765-"],
    ["not hex", "7651xyz"],
    ["an email part", "ivan.petrov"],
    ["a hyphen out of place", "7651-ab12"],
    ["two hyphens", "7651ab12--3f"],
    ["a leading hyphen", "-7651ab12"],
    ["longer than a UUID", "0b7c5bde3f4e4c419d2a7a1e2f3b4c5d0"],
    ["empty", ""],
  ])("refuses %s (%j)", (_name, text) => {
    expect(uuidPrefixRange(text)).toBeNull();
  });
});
