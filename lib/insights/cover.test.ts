import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cover, HOUR_MS, type Piece } from "./cover";

const LENGTH = { hour: 1, "6h": 6, day: 24, week: 168 } as const;

/** Each hour's net weight over the pieces: exactly 1 inside the range, 0 outside. */
function weights(pieces: Piece[]): Map<number, number> {
  const w = new Map<number, number>();
  for (const p of pieces)
    for (let i = 0; i < LENGTH[p.span]; i++) {
      const h = p.start + i * HOUR_MS;
      w.set(h, (w.get(h) ?? 0) + p.sign);
    }
  for (const [h, n] of w) if (n === 0) w.delete(h);
  return w;
}

describe("cover", () => {
  it("gives pieces whose signed sum is exactly the range's hours", { timeout: 60_000 }, () => {
    const base = Date.UTC(2026, 0, 1) / HOUR_MS;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 24 * 400 }),
        fc.integer({ min: 0, max: 24 * 100 }),
        fc.integer({ min: -24 * 50, max: 24 * 150 }),
        (start, length, nowAt) => {
          const from = (base + start) * HOUR_MS;
          const to = from + length * HOUR_MS;
          const pieces = cover(from, to, from + nowAt * HOUR_MS);
          const w = weights(pieces);
          expect(w.size).toBe(length);
          for (const [h, n] of w) {
            expect(n).toBe(1);
            expect(h >= from && h < to).toBe(true);
          }
          for (const p of pieces)
            expect((p.start - Date.UTC(1970, 0, 5)) % (LENGTH[p.span] * HOUR_MS)).toBe(0);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("reads a 30-day range as a few pieces, not 720 hours", () => {
    const to = Date.UTC(2026, 10, 26, 9);
    const pieces = cover(to - 30 * 24 * HOUR_MS, to, to - 1);
    expect(pieces.length).toBeLessThan(30);
    const past = pieces.filter((p) => p.start < to);
    expect(past.length).toBeLessThanOrEqual(12);
  });

  it("refuses bounds that are not whole hours", () => {
    expect(() => cover(1, HOUR_MS)).toThrow(/whole UTC hours/);
  });
});
