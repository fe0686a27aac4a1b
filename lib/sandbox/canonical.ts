/** Canonical JSON (keys sorted at every level) and decimal-string helpers. */
import { createHash, timingSafeEqual } from "node:crypto";

export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** "1500.50" (a numeric column) → 150050, without going through a binary float. */
export function minorFromDecimal(text: string): number {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) throw new RangeError(`not a non-negative two-decimal amount: ${text}`);
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

/** First six and last four digits; the middle masked (DESIGN §5). */
export function maskCardNumber(pan: string): string {
  return `${pan.slice(0, 6)}${"*".repeat(Math.max(0, pan.length - 10))}${pan.slice(-4)}`;
}

/** Compares two secrets without leaking where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const x = createHash("sha256").update(a).digest();
  const y = createHash("sha256").update(b).digest();
  return timingSafeEqual(x, y);
}

/** Any UUID, before it reaches a uuid column (a malformed one would be a database error, not a 404). */
export function isUuid(text: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);
}
