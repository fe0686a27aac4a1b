/**
 * The Insights range as URL search params: `range` (24h, 7d, 30d, custom), `from` and `to` (custom: the
 * viewer's calendar days, both included), `by` (hour, day, week) and `tz` (the viewer's IANA zone, which
 * the browser supplies). Parsed once here for the page, the data route and the CSV route.
 */
import { timeParts } from "@/components/time/format-time";

export const RANGE_PRESETS = ["24h", "7d", "30d", "custom"] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const GRANULARITIES = ["hour", "day", "week"] as const;
export type Granularity = (typeof GRANULARITIES)[number];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A custom range spans at most this many days; hourly points at most 31 days (744 points). */
export const MAX_RANGE_DAYS = 366;
export const MAX_HOURLY_DAYS = 31;

export interface InsightsRange {
  preset: RangePreset;
  /** Inclusive start, exclusive end (instants). */
  from: Date;
  to: Date;
  /** The period just before, of the same length, for "compared with the previous period". */
  previousFrom: Date;
  by: Granularity;
  tz: string;
  /** Custom only: the days as given (YYYY-MM-DD). */
  fromDay?: string;
  toDay?: string;
}

export interface RangeFieldError {
  field: "range" | "from" | "to" | "by" | "tz";
  message: string;
}

export type RangeResult = { ok: true; range: InsightsRange } | { ok: false; errors: RangeFieldError[] };

type Params = Record<string, string | string[] | undefined> | URLSearchParams;

function param(params: Params, name: string): string | undefined {
  if (params instanceof URLSearchParams) return params.get(name) ?? undefined;
  const v = params[name];
  return Array.isArray(v) ? v[0] : v;
}

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at `at`, in ms (east positive; +5:30 for Asia/Kolkata). */
export function zoneOffset(tz: string, at: Date): number {
  const p = timeParts(at, tz);
  return Date.parse(`${p.date}T${p.time}Z`) - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a local calendar day (YYYY-MM-DD) starts in `tz`. */
export function startOfLocalDay(day: string, tz: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  const wall = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1);
  let guess = wall - zoneOffset(tz, new Date(wall));
  guess = wall - zoneOffset(tz, new Date(guess));
  return new Date(guess);
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** The first day a custom range may start on. */
const EARLIEST_DAY = "2000-01-01";

function validDay(day: string): boolean {
  if (!DAY_PATTERN.test(day)) return false;
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
}

/** Parses the search params; `now` is the end of a preset range. Errors name the field they concern. */
export function parseInsightsRange(params: Params, now: Date = new Date()): RangeResult {
  const errors: RangeFieldError[] = [];
  const presetText = param(params, "range") ?? "24h";
  const preset = (RANGE_PRESETS as readonly string[]).includes(presetText)
    ? (presetText as RangePreset)
    : null;
  if (!preset)
    errors.push({ field: "range", message: "Range must be one of: last 24 h, 7 d, 30 d or custom." });
  const tz = param(params, "tz") || "UTC";
  if (!isTimeZone(tz)) errors.push({ field: "tz", message: `Time zone "${tz}" is not known.` });
  const byText = param(params, "by") || undefined;
  if (byText && !(GRANULARITIES as readonly string[]).includes(byText))
    errors.push({ field: "by", message: "Group by must be hour, day or week." });
  if (errors.length > 0 || !preset) return { ok: false, errors };

  let from: Date;
  let to: Date;
  let fromDay: string | undefined;
  let toDay: string | undefined;
  if (preset === "custom") {
    fromDay = param(params, "from") ?? "";
    toDay = param(params, "to") ?? "";
    if (!fromDay) errors.push({ field: "from", message: "From is required for a custom range." });
    else if (!validDay(fromDay)) errors.push({ field: "from", message: "From must be a date (YYYY-MM-DD)." });
    if (!toDay) errors.push({ field: "to", message: "To is required for a custom range." });
    else if (!validDay(toDay)) errors.push({ field: "to", message: "To must be a date (YYYY-MM-DD)." });
    if (errors.length > 0) return { ok: false, errors };
    if (toDay < fromDay)
      return { ok: false, errors: [{ field: "to", message: "To must not be before From." }] };
    // Days outside these bounds have no orders, and their instants do not all print as ISO 8601 (year 10000).
    if (fromDay < EARLIEST_DAY)
      return { ok: false, errors: [{ field: "from", message: `From must be ${EARLIEST_DAY} or later.` }] };
    const latest = new Date(now.getTime() + MAX_RANGE_DAYS * DAY).toISOString().slice(0, 10);
    if (toDay > latest)
      return { ok: false, errors: [{ field: "to", message: `To must be ${latest} or earlier.` }] };
    from = startOfLocalDay(fromDay, tz);
    const next = new Date(new Date(`${toDay}T00:00:00Z`).getTime() + DAY);
    to = startOfLocalDay(next.toISOString().slice(0, 10), tz);
    if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY + HOUR)
      return {
        ok: false,
        errors: [{ field: "to", message: `A range spans at most ${MAX_RANGE_DAYS} days.` }],
      };
  } else {
    to = new Date(Math.ceil(now.getTime() / HOUR) * HOUR);
    const days = preset === "24h" ? 1 : preset === "7d" ? 7 : 30;
    from = new Date(to.getTime() - days * DAY);
  }
  const span = to.getTime() - from.getTime();
  const by =
    (byText as Granularity | undefined) ?? (span <= 2 * DAY ? "hour" : span <= 92 * DAY ? "day" : "week");
  if (by === "hour" && span > MAX_HOURLY_DAYS * DAY + HOUR)
    return {
      ok: false,
      errors: [{ field: "by", message: `Hourly points cover at most ${MAX_HOURLY_DAYS} days.` }],
    };
  return {
    ok: true,
    range: { preset, from, to, previousFrom: new Date(from.getTime() - span), by, tz, fromDay, toDay },
  };
}

/** The search params of a range (what links and the CSV route carry). */
export function rangeSearchParams(range: Pick<InsightsRange, "preset" | "by" | "tz" | "fromDay" | "toDay">) {
  const p = new URLSearchParams({ range: range.preset, by: range.by, tz: range.tz });
  if (range.preset === "custom") {
    p.set("from", range.fromDay ?? "");
    p.set("to", range.toDay ?? "");
  }
  return p;
}
