/**
 * What of a pay-out request may be stored or logged: the card number only as first six + last four
 * (docs/architecture.md, Security and reliability). Pure; used by the dashboard before anything is written and by the sandbox alike.
 */
import { isRecord } from "./is-record";

/**
 * "4111111111111111" → "411111******1111". A number of 10 digits or fewer is masked whole: first six and
 * last four of it would be all of it, and docs/architecture.md says a PAN is never kept in full.
 */
export function maskCardNumber(pan: string): string {
  if (pan.length <= 10) return "*".repeat(pan.length);
  return `${pan.slice(0, 6)}${"*".repeat(pan.length - 10)}${pan.slice(-4)}`;
}

/** True when `pan` is the card that `masked` was made from (same length, first six and last four). */
export function matchesMaskedCard(pan: string, masked: string): boolean {
  return pan.length === masked.length && maskCardNumber(pan) === masked;
}

/** A copy of an order request with payoutDetails.ccNo masked; every other field as it was. */
export function maskOrderRequest<T extends object>(request: T): T {
  const details = (request as Record<string, unknown>).payoutDetails;
  if (!isRecord(details) || typeof details.ccNo !== "string") return { ...request };
  return { ...request, payoutDetails: { ...details, ccNo: maskCardNumber(details.ccNo) } };
}
