/** Display formats of the orders pages. Pure: safe on server and client (no locale or clock dependence). */

/** "1500.5" / "1500.50" → "1,500.50" without going through binary floating point. */
export function formatAmount(decimal: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!m) return decimal;
  const [, sign = "", int = "0", frac = ""] = m;
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}${grouped}.${frac.padEnd(2, "0").slice(0, Math.max(2, frac.length))}`;
}

export const DIRECTION_LABELS: Record<string, string> = { payin: "Pay-in", payout: "Pay-out" };

export function directionLabel(direction: string): string {
  return DIRECTION_LABELS[direction] ?? direction;
}
