/**
 * The time series' buckets for a range in the viewer's zone: each a label ("YYYY-MM-DDTHH:MI", its
 * wall-clock start) and the whole UTC hours it holds. A bucket holds the UTC hours that start in it, so in a
 * zone with a fractional offset (+5:30) an hourly point starts at :30 and a day's edges are off by that
 * fraction (docs/architecture.md, Insights rollups). Pure.
 */
import { timeParts } from "@/components/time/format-time";
import { ceilHour, HOUR_MS } from "./cover";
import { startOfLocalDay, zoneOffset } from "./range";

export interface Bucket {
  label: string;
  /** Whole UTC hours, ms: [from, to). */
  from: number;
  to: number;
}

const DAY_MS = 24 * HOUR_MS;
const nextDay = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/**
 * The zone's offset at each whole hour of [a, b), found with a few lookups instead of one per hour (each is
 * an Intl call): an hourly range spans at most 31 days, which holds at most one change of offset, so the
 * offset is the start's until the hour its end's begins, found by bisection.
 */
function offsetsByHour(a: number, b: number, tz: string): (t: number) => number {
  const first = zoneOffset(tz, new Date(a));
  const last = zoneOffset(tz, new Date(Math.max(a, b - HOUR_MS)));
  if (first === last) return () => first;
  let lo = a; // offset `first`
  let hi = b - HOUR_MS; // offset `last`
  while (hi - lo > HOUR_MS) {
    const mid = lo + Math.floor((hi - lo) / HOUR_MS / 2) * HOUR_MS;
    if (zoneOffset(tz, new Date(mid)) === first) lo = mid;
    else hi = mid;
  }
  return (t) => (t < hi ? first : last);
}

export function seriesBuckets(q: {
  from: Date;
  to: Date;
  by: "hour" | "day" | "week";
  tz: string;
}): Bucket[] {
  const a = ceilHour(q.from.getTime());
  const b = ceilHour(q.to.getTime());
  const out: Bucket[] = [];
  if (q.by === "hour") {
    const offset = offsetsByHour(a, b, q.tz);
    for (let t = a; t < b; t += HOUR_MS)
      out.push({ label: new Date(t + offset(t)).toISOString().slice(0, 16), from: t, to: t + HOUR_MS });
    return out;
  }
  let day = timeParts(new Date(a), q.tz).date;
  if (q.by === "week") {
    const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
    day = nextDay(day, -weekday);
  }
  const step = q.by === "day" ? 1 : 7;
  // Each boundary is computed once (a zone lookup is the costly part), the next bucket's start reused.
  let from = Math.max(a, ceilHour(startOfLocalDay(day, q.tz).getTime()));
  while (from < b) {
    const next = nextDay(day, step);
    const end = ceilHour(startOfLocalDay(next, q.tz).getTime());
    const to = Math.min(b, end);
    if (from < to) out.push({ label: `${day}T00:00`, from, to });
    day = next;
    from = Math.max(a, end);
  }
  return out;
}
