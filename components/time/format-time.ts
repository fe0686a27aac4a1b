/**
 * How the dashboard writes an instant: in the viewer's time zone, with UTC alongside for hover and records.
 * Pure (the zone is a parameter), so the same text comes out on any machine for the same zone.
 */

export interface TimeParts {
  /** "2026-11-22" */
  date: string;
  /** "04:40:12" */
  time: string;
  /** "GMT-3", "UTC", "CET": the zone's short name as the runtime's ICU spells it in English. */
  zone: string;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
      timeZoneName: "short",
    });
    formats.set(timeZone, f);
  }
  return f;
}

/** The instant's calendar date, clock time and zone name in `timeZone` (an IANA name, e.g. "UTC"). */
export function timeParts(instant: Date, timeZone: string): TimeParts {
  const parts = Object.fromEntries(
    formatIn(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
    zone: parts.timeZoneName ?? timeZone,
  };
}

/** "2026-11-22 07:40:12 UTC": the hover text and the server's first render. */
export function utcText(instant: Date): string {
  const p = timeParts(instant, "UTC");
  return `${p.date} ${p.time} UTC`;
}

/** "2026-11-22 04:40:12 GMT-3" */
export function zonedText(instant: Date, timeZone: string): string {
  const p = timeParts(instant, timeZone);
  return `${p.date} ${p.time} ${p.zone}`;
}

/** A Date from a Date or an ISO string; null when missing or not a time. */
export function toInstant(value: Date | string | null | undefined): Date | null {
  if (!value) return null;
  const d = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? null : d;
}
