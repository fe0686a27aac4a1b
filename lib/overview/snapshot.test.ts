import { describe, expect, it } from "vitest";
import { groupStatusCounts } from "./snapshot";

describe("groupStatusCounts", () => {
  it("keeps the dashboard's own states apart and out of the accepted total", () => {
    const groups = groupStatusCounts([
      { status: "Success", count: 7 },
      { status: "Submit failed", count: 3 },
      { status: "Refused", count: 2 },
      { status: "In progress", count: 4 },
      { status: "Submitting", count: 1 },
      { status: "Awaiting approval", count: 5 },
      { status: "Rejected", count: 1 },
    ]);
    expect(groups.accepted).toBe(11);
    expect(groups.service).toEqual([
      { status: "In progress", count: 4 },
      { status: "Success", count: 7 },
      { status: "Failed", count: 0 },
      { status: "Expired", count: 0 },
    ]);
    expect(groups.local).toEqual([
      { status: "Awaiting approval", count: 5 },
      { status: "Submitting", count: 1 },
      { status: "Submit failed", count: 3 },
      { status: "Refused", count: 2 },
      { status: "Rejected", count: 1 },
      { status: "Cancelled", count: 0 },
    ]);
  });

  it("counts a status the service sent that the contract does not name as the service's, after the known ones", () => {
    const groups = groupStatusCounts([
      { status: "On hold", count: 1 },
      { status: "Chargeback", count: 5 },
      { status: "Failed", count: 2 },
    ]);
    expect(groups.accepted).toBe(8);
    expect(groups.service.map((c) => c.status)).toEqual([
      "In progress",
      "Success",
      "Failed",
      "Expired",
      "Chargeback",
      "On hold",
    ]);
    expect(groups.local.every((c) => c.count === 0)).toBe(true);
  });
});
