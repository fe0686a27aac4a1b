/**
 * Saved views: a user's orders-list filters under a name. A view is stored as the filters' canonical query
 * string, so it is also a plain /orders URL anyone signed in can open, and its CSV export is the list's
 * export of that URL. Plain module: the save form and the server action share these rules.
 */
import { z } from "zod";
import { anyUuid } from "@/lib/contract/uuid";
import { acceptedText } from "@/lib/contract/text";
import { hasFilters, orderListQuery, parseOrderListParams } from "./list-filters";
import type { SavedViewRow } from "@/lib/database/dashboard/schema";

export const VIEW_NAME_MAX = 60;
/** Views one user may keep: the sidebar lists them all. */
export const VIEWS_PER_USER = 30;

/** A saved view: its `query` is the canonical filter query string, without "?". */
export type SavedView = SavedViewRow;

/** The canonical form of a list URL's filters (page position dropped), or why it cannot be a view. */
export function viewQueryOf(search: string): { ok: true; query: string } | { ok: false; message: string } {
  const { filters, errors } = parseOrderListParams(new URLSearchParams(search));
  const filterError = errors.find((e) => e.field !== "after" && e.field !== "before");
  if (filterError) return { ok: false, message: `Fix the filters first: ${filterError.message}` };
  if (!hasFilters(filters)) return { ok: false, message: "Set at least one filter to save as a view" };
  return { ok: true, query: orderListQuery(filters) };
}

export const saveViewSchema = z.object({
  name: z
    .string()
    .check(acceptedText())
    .trim()
    .min(1, "Give the view a name")
    .max(VIEW_NAME_MAX, `The name must be at most ${VIEW_NAME_MAX} characters`),
  query: z
    .string()
    .max(2_000, "These filters are too long to save")
    .transform((search, ctx) => {
      const view = viewQueryOf(search);
      if (view.ok) return view.query;
      ctx.addIssue({ code: "custom", message: view.message });
      return z.NEVER;
    }),
});
export type SaveViewInput = z.output<typeof saveViewSchema>;

export const deleteViewSchema = z.object({ viewId: anyUuid("Unknown view") });

/** The view whose filters are exactly these, if the user has one. */
export function viewMatching(views: readonly SavedView[], search: string): SavedView | undefined {
  const view = viewQueryOf(search);
  return view.ok ? views.find((v) => v.query === view.query) : undefined;
}
