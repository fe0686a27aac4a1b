/**
 * Statuses an order has locally before the payment service has answered (docs/architecture.md, Security and reliability: the order is written
 * before the call). After that the order carries the service's own statuses (lib/contract/status.ts).
 * Pure module: safe in client components.
 */
import { FINAL_STATUSES } from "@/lib/contract/status";

export const SUBMITTING = "Submitting";
export const SUBMIT_FAILED = "Submit failed";
export const REFUSED = "Refused";
/** A pay-out held until an approver approves it (docs/guide.md, Pay-out approvals): nothing sent yet. */
export const AWAITING_APPROVAL = "Awaiting approval";
/** Final: an approver rejected it, with a reason; never sent. */
export const REJECTED = "Rejected";
/** Final: its creator cancelled it while it waited; never sent. */
export const CANCELLED = "Cancelled";
export const LOCAL_STATUSES = [
  AWAITING_APPROVAL,
  SUBMITTING,
  SUBMIT_FAILED,
  REFUSED,
  REJECTED,
  CANCELLED,
] as const;
export type LocalStatus = (typeof LOCAL_STATUSES)[number];

/**
 * A sent order nothing more will happen to: a final status of the service, or refused by it. A pay-out
 * file is settled when every order it sent is one of these (docs/guide.md, Bulk pay-outs from a file).
 */
export const SETTLED_STATUSES: readonly string[] = [...FINAL_STATUSES, REFUSED];
