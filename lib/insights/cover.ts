/**
 * A range of whole UTC hours as signed rollup pieces (migration 0025 keeps orders per UTC hour, 6 hours, day
 * and week): whole coarse pieces inside it and, at each edge, either the finer pieces themselves or the
 * enclosing coarse piece minus the finer ones outside the range (18 hours are read as 1 day − 6 hours).
 * Sums over the pieces are exact because a coarse piece's rollup row is the sum of its finer pieces' rows,
 * key by key. The decomposition read is the cheapest by rows: a piece that starts after `now` holds no
 * orders yet, so "this week minus the days still to come" costs one row per key, as do the coarse pieces.
 * So a 30-day range reads about a dozen pieces instead of 720 hours, in any zone. Pure.
 */

import type { RollupPiece } from "@/lib/database/dashboard/insights-rows";

export type Piece = RollupPiece;
export type Span = Piece["span"];

export const HOUR_MS = 3_600_000;
/** Coarse to fine; each span's pieces tile the one above. Weeks start on Monday: 1970-01-05 was one. */
const LEVELS: readonly { span: Span; ms: number }[] = [
  { span: "week", ms: 168 * HOUR_MS },
  { span: "day", ms: 24 * HOUR_MS },
  { span: "6h", ms: 6 * HOUR_MS },
  { span: "hour", ms: HOUR_MS },
];
const ORIGIN = 4 * 24 * HOUR_MS;

const floorTo = (t: number, ms: number) => ORIGIN + Math.floor((t - ORIGIN) / ms) * ms;

/** The first whole UTC hour at or after `t`. */
export const ceilHour = (t: number) => Math.ceil(t / HOUR_MS) * HOUR_MS;

interface Choice {
  pieces: Piece[];
  /** About the rows it reads: 1 per piece that may hold orders, a trifle for one that starts after now. */
  cost: number;
}

const EMPTY: Choice = { pieces: [], cost: 0 };
const join = (...cs: Choice[]): Choice => ({
  pieces: cs.flatMap((c) => c.pieces),
  cost: cs.reduce((s, c) => s + c.cost, 0),
});
const negate = (c: Choice): Choice => ({
  pieces: c.pieces.map((p) => ({ ...p, sign: p.sign === 1 ? -1 : 1 })),
  cost: c.cost,
});
const cheaper = (a: Choice, b: Choice) => (b.cost < a.cost ? b : a);

function coverer(now: number) {
  const piece = (l: number, start: number): Choice => ({
    pieces: [{ span: LEVELS[l]!.span, start, sign: 1 }],
    cost: start >= now ? 0.01 : 1,
  });

  function at(a: number, b: number, l: number): Choice {
    if (a >= b) return EMPTY;
    const { ms } = LEVELS[l]!;
    if (l === LEVELS.length - 1) {
      const parts: Choice[] = [];
      for (let t = a; t < b; t += ms) parts.push(piece(l, t));
      return join(...parts);
    }
    const first = floorTo(a, ms) === a ? a : floorTo(a, ms) + ms;
    const last = floorTo(b, ms);
    if (first > last) return inBlock(a, b, l);
    const whole: Choice[] = [];
    for (let t = first; t < last; t += ms) whole.push(piece(l, t));
    const split = join(inBlock(a, first, l), ...whole, inBlock(last, b, l));
    // Finer pieces only when the range is short (else they are never the cheaper).
    return last - first <= ms ? cheaper(at(a, b, l + 1), split) : split;
  }

  /** [x, y) inside one piece of level l: its finer pieces, or that piece minus the finer ones outside. */
  function inBlock(x: number, y: number, l: number): Choice {
    if (x >= y) return EMPTY;
    const { ms } = LEVELS[l]!;
    const s = floorTo(x, ms);
    if (x === s && y === s + ms) return piece(l, s);
    const direct = at(x, y, l + 1);
    // The complement costs at least its block's row: never cheaper than a direct read of one row or less.
    if (direct.cost <= 1 && s < now) return direct;
    return cheaper(direct, join(piece(l, s), negate(at(s, x, l + 1)), negate(at(y, s + ms, l + 1))));
  }

  return at;
}

/** The pieces whose signed sum is [from, to), both whole UTC hours (ms); `now` prices future pieces. */
export function cover(from: number, to: number, now: number = Date.now()): Piece[] {
  if (from % HOUR_MS !== 0 || to % HOUR_MS !== 0) throw new Error("cover: bounds must be whole UTC hours");
  if (to - from === HOUR_MS) return [{ span: "hour", start: from, sign: 1 }]; // an hourly point: itself
  return coverer(now)(from, to, 0).pieces;
}
