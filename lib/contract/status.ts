/**
 * Order statuses. The spec shows only "In progress"; the final ones are our decision (docs/architecture.md, Statuses).
 * Anything else a service sends is shown as-is, never rejected.
 */
export const IN_PROGRESS = "In progress";
export const FINAL_STATUSES = ["Success", "Failed", "Expired"] as const;
export type FinalStatus = (typeof FINAL_STATUSES)[number];
export const ORDER_STATUSES = [IN_PROGRESS, ...FINAL_STATUSES] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export function isFinalStatus(status: string): status is FinalStatus {
  return (FINAL_STATUSES as readonly string[]).includes(status);
}
