/**
 * The lists' keyset position (orders by created_at, callbacks by received_at), "<created_at in microseconds>_<id>", as the list query writes it
 * (queries/order-list.ts). Pure: the URL parser checks cursors with it too.
 */
import { UUID_GROUP } from "@/lib/contract/uuid";

const CURSOR = new RegExp(`^(\\d{1,17})_${UUID_GROUP}$`);

export function parseCursor(cursor: string): { micros: string; id: string } | null {
  const m = CURSOR.exec(cursor);
  return m?.[1] && m[2] ? { micros: m[1], id: m[2].toLowerCase() } : null;
}

/**
 * Which way a page goes and from where: back from `before` (when there is no `after`), else on from `after`;
 * no usable cursor is the first page.
 */
export function pageStart(page: { after?: string; before?: string }): {
  backwards: boolean;
  cursor: { micros: string; id: string } | null;
} {
  const backwards = Boolean(page.before) && !page.after;
  return { backwards, cursor: parseCursor((backwards ? page.before : page.after) ?? "") };
}

/**
 * One page from rows read one past `limit` in the page's direction (newest first, or oldest first when
 * going back): the rows newest first, and the positions of the next and previous pages (null at an end).
 */
export function keysetPage<R extends { cursor: string }>(
  rows: R[],
  limit: number,
  going: { backwards: boolean; fromCursor: boolean },
): { rows: R[]; nextCursor: string | null; prevCursor: string | null } {
  const more = rows.length > limit;
  const pageRows = rows.slice(0, limit);
  if (going.backwards) pageRows.reverse();
  const first = pageRows[0]?.cursor ?? null;
  const last = pageRows[pageRows.length - 1]?.cursor ?? null;
  return {
    rows: pageRows,
    nextCursor: going.backwards ? (pageRows.length > 0 ? last : null) : more ? last : null,
    prevCursor: going.backwards ? (more ? first : null) : going.fromCursor ? first : null,
  };
}

/** The start of the UTC day after `day` (YYYY-MM-DD): a "To" filter includes the whole day. */
export function dayAfter(day: string): Date {
  const end = new Date(`${day}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return end;
}
