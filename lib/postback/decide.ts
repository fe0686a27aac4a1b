import { isFinalStatus } from "@/lib/contract";

export type StatusDecision = "applied" | "duplicate" | "stale";

/**
 * Whether a delivered status applies to an order (docs/architecture.md, Callbacks: monotonic). A final status never changes; a
 * final status beats any non-final one whatever their times; between non-final statuses the service's
 * newer `updatedAt` wins. Re-delivering the current status changes nothing.
 */
export function decideStatusChange(
  current: { status: string; statusUpdatedAt: Date | null },
  delivered: { status: string; updatedAt: Date },
): StatusDecision {
  if (current.status === delivered.status) return "duplicate";
  if (isFinalStatus(current.status)) return "stale";
  if (isFinalStatus(delivered.status)) return "applied";
  if (current.statusUpdatedAt && delivered.updatedAt.getTime() <= current.statusUpdatedAt.getTime())
    return "stale";
  return "applied";
}
