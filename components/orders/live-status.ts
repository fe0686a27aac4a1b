import { isFinalStatus } from "@/lib/contract";
import { CANCELLED, REJECTED, SUBMIT_FAILED } from "@/lib/database/dashboard/local-status";

/** How often the browser asks for statuses while any shown order can still change. */
export const LIVE_STATUS_INTERVAL_MS = 3_000;

/**
 * Whether a status may still change: not final (the service's, or a rejected or cancelled pay-out), and
 * not a failed submit. "Awaiting approval" is live: another person's approval moves it on.
 */
export function isLiveStatus(status: string): boolean {
  return !isFinalStatus(status) && status !== SUBMIT_FAILED && status !== REJECTED && status !== CANCELLED;
}

export interface LiveStatus {
  status: string;
  /** ISO time of the order's last change, to tell which of two readings is newer. */
  updatedAt: string;
}

export type LiveStatusMap = Record<string, LiveStatus>;

/** The newer reading per order, by updatedAt (a server re-render may be newer than the last poll). */
export function mergeStatuses(
  base: LiveStatusMap,
  polled: readonly ({ id: string } & LiveStatus)[] | undefined,
): LiveStatusMap {
  const out: LiveStatusMap = { ...base };
  for (const p of polled ?? []) {
    const current = out[p.id];
    if (!current || Date.parse(p.updatedAt) >= Date.parse(current.updatedAt)) {
      out[p.id] = { status: p.status, updatedAt: p.updatedAt };
    }
  }
  return out;
}
