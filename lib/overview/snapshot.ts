/**
 * What the overview shows live (the page's first render and the /api/overview poll): orders per status and
 * the latest callback deliveries. Plain JSON, so the same shape crosses from server to browser.
 * Pure module: safe in client components.
 */
import { ORDER_STATUSES } from "@/lib/contract/status";
import { LOCAL_STATUSES } from "@/lib/database/dashboard/local-status";

export interface StatusCount {
  status: string;
  count: number;
}

export interface OverviewCallback {
  id: string;
  /** ISO time. */
  receivedAt: string;
  status: string | null;
  verified: boolean;
  outcome: string;
  orderId: string | null;
}

export interface OverviewSnapshot {
  counts: StatusCount[];
  callbacks: OverviewCallback[];
}

export interface StatusGroups {
  /** Orders the payment service accepted: every order with one of its statuses. */
  accepted: number;
  /** The service's statuses (known ones always, in lifecycle order; any other it sent after them). */
  service: StatusCount[];
  /** The dashboard's own states of orders the service has not accepted (always all of them). */
  local: StatusCount[];
}

const LOCAL: readonly string[] = LOCAL_STATUSES;

/** Splits counts into the service's statuses and the dashboard's own states (issue 11). */
export function groupStatusCounts(counts: readonly StatusCount[]): StatusGroups {
  const byStatus = new Map(counts.map((c) => [c.status, c.count]));
  const known = new Set<string>([...ORDER_STATUSES, ...LOCAL]);
  const others = counts
    .filter((c) => !known.has(c.status))
    .sort((a, b) => b.count - a.count || a.status.localeCompare(b.status));
  const service = [
    ...ORDER_STATUSES.map((status) => ({ status, count: byStatus.get(status) ?? 0 })),
    ...others,
  ];
  return {
    accepted: service.reduce((n, c) => n + c.count, 0),
    service,
    local: LOCAL.map((status) => ({ status, count: byStatus.get(status) ?? 0 })),
  };
}
