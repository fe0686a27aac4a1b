"use client";

import { useSyncExternalStore } from "react";
import { type TimeParts, timeParts, toInstant, utcText } from "./format-time";

const noSubscription = () => () => {};
const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
// The server knows no viewer's zone: it (and hydration) render UTC, then the browser switches to its own.
const serverZone = () => "UTC";

export type LocalTimeFormat = "datetime" | "date" | "stacked";

/**
 * An instant in the viewer's local time, with UTC on hover (title); every time the dashboard shows goes
 * through here. The server's HTML says UTC and the first client render matches it (no hydration
 * mismatch); right after hydration the text becomes local. Records (CSV) stay UTC ISO.
 *
 * - "datetime": "2026-11-22 04:40:12 GMT-3"
 * - "date": "2026-11-22" (the viewer's calendar day)
 * - "stacked": the same in spans (data-part date, time, zone) that a narrow cell can lay out or hide
 */
export function LocalTime({
  value,
  format = "datetime",
  className,
}: {
  value: Date | string | null | undefined;
  format?: LocalTimeFormat;
  className?: string;
}) {
  const zone = useSyncExternalStore(noSubscription, viewerZone, serverZone);
  const instant = toInstant(value);
  if (!instant) return <span className={className}>{value ? String(value) : "—"}</span>;
  const p: TimeParts = timeParts(instant, zone);
  return (
    <time dateTime={instant.toISOString()} title={utcText(instant)} className={className} data-zone={zone}>
      {format === "date" ? (
        p.date
      ) : format === "stacked" ? (
        <>
          <span data-part="date">{p.date}</span>{" "}
          <span data-part="time">
            {p.time} <span data-part="zone">{p.zone}</span>
          </span>
        </>
      ) : (
        `${p.date} ${p.time} ${p.zone}`
      )}
    </time>
  );
}
