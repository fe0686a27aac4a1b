import { describe, expect, it } from "vitest";
import { canMoveTo, finalStatusesFor } from "./sandbox-controls";

describe("QA status controls", () => {
  it("Expired is for pay-ins only", () => {
    expect(finalStatusesFor("payin")).toEqual(["Success", "Failed", "Expired"]);
    expect(finalStatusesFor("payout")).toEqual(["Success", "Failed"]);
    expect(canMoveTo("payin", "Expired")).toBe(true);
    expect(canMoveTo("payout", "Expired")).toBe(false);
  });
  it("refuses anything that is not a final status", () => {
    expect(canMoveTo("payin", "In progress")).toBe(false);
    expect(canMoveTo("payout", "Success")).toBe(true);
  });
});
