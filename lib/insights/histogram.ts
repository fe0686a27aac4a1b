/**
 * Time to pay (created → Success) as a fixed-bucket histogram: migration 0022 sorts each paid order into
 * one of these buckets per hour, so a median or p90 over any range is read from summed bucket counts.
 * Edges in seconds; the same array is in order_pay_bucket() (0022). Bucket i is [EDGES[i], EDGES[i+1]),
 * the last one open.
 */
export const PAY_BUCKET_EDGES = [
  0, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14400, 43200, 86400,
] as const;

export interface Percentile {
  /** Seconds, interpolated linearly inside the bucket. */
  seconds: number;
  /** True when it fell in the last, open bucket: the figure is a lower bound ("over 24 h"). */
  atLeast: boolean;
}

/** The p-quantile (0 < p ≤ 1) of a histogram given as counts per bucket index; null when it is empty. */
export function percentileFromHistogram(counts: ReadonlyMap<number, number>, p: number): Percentile | null {
  let total = 0;
  for (const [bucket, n] of counts) if (bucket >= 0 && n > 0) total += n;
  if (total === 0) return null;
  const target = p * total;
  let before = 0;
  for (let i = 0; i < PAY_BUCKET_EDGES.length; i++) {
    const n = Math.max(0, counts.get(i) ?? 0);
    if (n === 0) continue;
    const lo = PAY_BUCKET_EDGES[i] ?? 0;
    const hi = PAY_BUCKET_EDGES[i + 1];
    if (before + n >= target) {
      if (hi === undefined) return { seconds: lo, atLeast: true };
      return { seconds: lo + ((target - before) / n) * (hi - lo), atLeast: false };
    }
    before += n;
  }
  return { seconds: PAY_BUCKET_EDGES[PAY_BUCKET_EDGES.length - 1] ?? 0, atLeast: true };
}

/** "42 s", "3 min 20 s", "1 h 05 min", "over 24 h". */
export function formatDuration(p: Percentile | null): string {
  if (!p) return "—";
  const s = Math.round(p.seconds);
  const text =
    s < 60
      ? `${s} s`
      : s < 3600
        ? `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`
        : `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")} min`;
  return p.atLeast ? `over ${text}` : text;
}
