/**
 * What of a request may be stored: the card number only as first six + last four (DESIGN §5).
 * Pure; used before anything is written or logged.
 */

/** "4111111111111111" → "411111******1111". */
export function maskCardNumber(pan: string): string {
  if (pan.length <= 10) return "*".repeat(pan.length);
  return `${pan.slice(0, 6)}${"*".repeat(pan.length - 10)}${pan.slice(-4)}`;
}

/** True when `pan` is the card that `masked` was made from (same length, first six and last four). */
export function matchesMaskedCard(pan: string, masked: string): boolean {
  return pan.length === masked.length && maskCardNumber(pan) === masked;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A copy of an order request with payoutDetails.ccNo masked; every other field as it was. */
export function maskOrderRequest(request: Record<string, unknown>): Record<string, unknown> {
  const details = request.payoutDetails;
  if (!isRecord(details) || typeof details.ccNo !== "string") return { ...request };
  return { ...request, payoutDetails: { ...details, ccNo: maskCardNumber(details.ccNo) } };
}

/**
 * The same JSON value with object keys sorted at every level. Requests are sent in this form, so a retry
 * rebuilt from the stored request (jsonb does not keep key order) is byte-identical to the first attempt.
 */
export function canonicalise<T>(value: T): T {
  if (Array.isArray(value)) return value.map(canonicalise) as T;
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      if (value[key] !== undefined) out[key] = canonicalise(value[key]);
    }
    return out as T;
  }
  return value;
}
