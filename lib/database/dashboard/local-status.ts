/**
 * Statuses an order has locally before the payment service has answered (docs/architecture.md, Security and reliability: the order is written
 * before the call). After that the order carries the service's own statuses (lib/contract/status.ts).
 * Pure module: safe in client components.
 */
export const SUBMITTING = "Submitting";
export const SUBMIT_FAILED = "Submit failed";
export const REFUSED = "Refused";
export const LOCAL_STATUSES = [SUBMITTING, SUBMIT_FAILED, REFUSED] as const;
export type LocalStatus = (typeof LOCAL_STATUSES)[number];
