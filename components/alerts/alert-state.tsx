import type { AlertState } from "@/lib/database/dashboard/schema";

export const ALERT_STATE_TEXT: Record<AlertState, string> = {
  open: "Open",
  acknowledged: "Acknowledged",
  resolved: "Resolved",
};

// The badge colours of the order statuses that read the same (app/globals.css keys them by data-status).
const TONE: Record<AlertState, string> = {
  open: "Failed",
  acknowledged: "Awaiting approval",
  resolved: "Success",
};

export function AlertStateBadge({ state }: { state: AlertState }) {
  return (
    <span className="badge" data-status={TONE[state]}>
      {ALERT_STATE_TEXT[state]}
    </span>
  );
}
