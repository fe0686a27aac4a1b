import { describe, expect, test } from "vitest";
import { formatDuration, PAY_BUCKET_EDGES, percentileFromHistogram } from "./histogram";

describe("percentileFromHistogram", () => {
  test("empty: null", () => {
    expect(percentileFromHistogram(new Map(), 0.5)).toBeNull();
    expect(percentileFromHistogram(new Map([[-1, 5]]), 0.5)).toBeNull();
  });
  test.each([
    // one bucket [60, 120) of 10: the median halfway, p90 at nine tenths
    [[[2, 10]], 0.5, 90, false],
    [[[2, 10]], 0.9, 114, false],
    // 5 in [0, 30), 5 in [30, 60): the median is the top of the first bucket
    [
      [
        [0, 5],
        [1, 5],
      ],
      0.5,
      30,
      false,
    ],
    // 1 fast, 9 over a day: p90 falls in the open bucket, a lower bound
    [
      [
        [0, 1],
        [12, 9],
      ],
      0.9,
      86400,
      true,
    ],
  ] as const)("%j p%s → %s s", (pairs, p, seconds, atLeast) => {
    const result = percentileFromHistogram(new Map(pairs.map(([b, n]) => [b, n])), p);
    expect(result?.seconds).toBeCloseTo(seconds);
    expect(result?.atLeast).toBe(atLeast);
  });
  test("negative counts (a deleted order's bucket) never count", () => {
    expect(
      percentileFromHistogram(
        new Map([
          [3, -2],
          [4, 4],
        ]),
        0.5,
      )?.seconds,
    ).toBeCloseTo(450);
  });
  test("the edges rise", () => {
    expect([...PAY_BUCKET_EDGES].sort((a, b) => a - b)).toEqual([...PAY_BUCKET_EDGES]);
  });
});

test.each([
  [null, "—"],
  [{ seconds: 42, atLeast: false }, "42 s"],
  [{ seconds: 200, atLeast: false }, "3 min 20 s"],
  [{ seconds: 3900, atLeast: false }, "1 h 05 min"],
  [{ seconds: 86400, atLeast: true }, "over 24 h 00 min"],
])("formatDuration(%j) = %s", (p, text) => {
  expect(formatDuration(p)).toBe(text);
});
