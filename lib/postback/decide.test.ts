import { describe, expect, it } from "vitest";
import { decideStatusChange } from "./decide";

const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));

describe("decideStatusChange", () => {
  it.each([
    ["In progress", null, "Success", t(5), "applied"],
    ["In progress", t(9), "Failed", t(1), "applied"], // final beats non-final whatever the times
    ["In progress", null, "In progress", t(5), "duplicate"],
    ["Success", t(5), "Success", t(6), "duplicate"],
    ["Success", t(5), "In progress", t(1), "stale"],
    ["Success", t(5), "Failed", t(9), "stale"], // final is final
    ["Expired", null, "Success", t(9), "stale"],
    ["In progress", t(5), "On hold", t(4), "stale"],
    ["In progress", t(5), "On hold", t(5), "stale"],
    ["In progress", t(5), "On hold", t(6), "applied"],
    ["Submitting", null, "In progress", t(1), "applied"],
  ] as const)("%s (at %s) + %s (at %s) → %s", (current, currentAt, delivered, deliveredAt, expected) => {
    expect(
      decideStatusChange(
        { status: current, statusUpdatedAt: currentAt },
        { status: delivered, updatedAt: deliveredAt },
      ),
    ).toBe(expected);
  });
});
