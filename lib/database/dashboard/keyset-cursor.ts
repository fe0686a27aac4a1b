/**
 * The orders list's keyset position, "<created_at in microseconds>_<id>", as the list query writes it
 * (queries/order-list.ts). Pure: the URL parser checks cursors with it too.
 */
import { UUID_PATTERN } from "@/lib/contract/uuid";

const CURSOR = new RegExp(`^(\\d{1,17})_(${UUID_PATTERN.source.slice(1, -1)})$`, "i");

export function parseCursor(cursor: string): { micros: string; id: string } | null {
  const m = CURSOR.exec(cursor);
  return m?.[1] && m[2] ? { micros: m[1], id: m[2].toLowerCase() } : null;
}
