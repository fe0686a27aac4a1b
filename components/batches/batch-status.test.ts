import { describe, expect, it } from "vitest";
import { batchIsLive, batchStatusText, percentOf } from "./batch-status";

const allSentNoneFinal = { rowCount: 300, sent: 300, cancelled: 0, settled: 0 };

describe("a batch's status in words", () => {
  it("a file whose rows are all handed over but whose orders are In progress is Sent, not done", () => {
    expect(batchStatusText("done", allSentNoneFinal)).toBe("Sent");
    expect(batchIsLive("done", allSentNoneFinal)).toBe(true);
  });

  it("is Settled once every sent order is final, cancelled rows aside", () => {
    const p = { rowCount: 300, sent: 290, cancelled: 10, settled: 290 };
    expect(batchStatusText("done", p)).toBe("Settled");
    expect(batchIsLive("done", p)).toBe(false);
  });

  it("says nothing was sent when every row was cancelled", () => {
    expect(batchStatusText("done", { rowCount: 3, sent: 0, cancelled: 3, settled: 0 })).toBe("Nothing sent");
  });

  it("never says 100 % before the last one", () => {
    expect(percentOf(999, 1000)).toBe(99);
    expect(percentOf(1000, 1000)).toBe(100);
    expect(percentOf(0, 0)).toBe(100);
  });
});
