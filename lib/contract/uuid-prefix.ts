/**
 * A search for the start of an id: the list shows a paymentId's first 8 characters, so that is what people
 * copy and type. Pure module (used by the list query, safe in client code).
 */

/** Fewer hex digits would match too many orders to be worth an index range (4 → 1 in 65 536). */
export const ID_PREFIX_MIN_HEX = 4;

const HEX_32 = 32;
/** Hyphen positions of the canonical 8-4-4-4-12 form, as counts of hex digits before each. */
const HYPHENS_AFTER = [8, 12, 16, 20];

function canonical(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The UUID range [low, high] holding every id that starts with `text`, or null when `text` is not such a
 * start: at least ID_PREFIX_MIN_HEX hex digits, any case, hyphens only where the canonical form has them
 * (so "7651ab12-3f" and "7651ab123f" both work). UUIDs compare byte by byte, i.e. in hex-text order, so the
 * range is served by the btree on the uuid column as it stands (no index on a text form needed).
 */
export function uuidPrefixRange(text: string): { low: string; high: string } | null {
  const lower = text.trim().toLowerCase();
  if (!/^[0-9a-f-]+$/.test(lower) || lower.startsWith("-")) return null;
  const hex = lower.replace(/-/g, "");
  if (hex.length < ID_PREFIX_MIN_HEX || hex.length > HEX_32) return null;
  // Every hyphen typed must sit where the canonical form has one.
  let digits = 0;
  for (let i = 0; i < lower.length; i++) {
    if (lower[i] === "-") {
      if (!HYPHENS_AFTER.includes(digits) || lower[i - 1] === "-") return null;
    } else digits++;
  }
  return { low: canonical(hex.padEnd(HEX_32, "0")), high: canonical(hex.padEnd(HEX_32, "f")) };
}
