/** The sandbox's own helpers: decimal strings from numeric columns, constant-time secret comparison. */
import { createHash, timingSafeEqual } from "node:crypto";

/** "1500.50" (a numeric column) → 150050, without going through a binary float. */
export function minorFromDecimal(text: string): number {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) throw new RangeError(`not a non-negative two-decimal amount: ${text}`);
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

/** Compares two secrets without leaking where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const x = createHash("sha256").update(a).digest();
  const y = createHash("sha256").update(b).digest();
  return timingSafeEqual(x, y);
}
