"use server";

import { revalidatePath } from "next/cache";
import { ANY_ROLE } from "@/lib/auth/roles";
import { getDb } from "@/lib/runtime";
import {
  deleteSavedView,
  type InsertViewResult,
  insertSavedView,
} from "@/lib/database/dashboard/queries/saved-views";
import { deleteViewSchema, type SavedView, saveViewSchema, VIEWS_PER_USER } from "@/lib/orders/saved-views";
import type { ActionResult } from "./action-result";
import { defineFormAction } from "./define-action";

export type SaveViewResult = ActionResult<{ view: SavedView }>;

/** Orders list → "Save view": the current filters under a name, for the signed-in user only. */
export const saveViewAction = defineFormAction({
  access: ANY_ROLE,
  schema: saveViewSchema,
  fromForm: (form) => ({ name: form.get("name") ?? "", query: form.get("query") ?? "" }),
  echo: (form) => ({ name: String(form.get("name") ?? "") }),
  invalidMessage: "Not saved: check the highlighted fields.",
  handler: async ({ user }, input): Promise<SaveViewResult> => {
    const saved = await insertSavedView(await getDb(), user.id, input, VIEWS_PER_USER);
    if (!saved.ok) return { ok: false, fieldErrors: refusal(saved), message: "Not saved." };
    // The sidebar (in the layout) lists the views: re-render it too.
    revalidatePath("/", "layout");
    return { ok: true, message: `Saved as “${saved.view.name}”.`, view: saved.view };
  },
});

/** The field a refused save is about, and why. */
function refusal(saved: Extract<InsertViewResult, { ok: false }>): Record<string, string> {
  const existing = saved.existing?.name ?? "";
  switch (saved.reason) {
    case "name-taken":
      return { name: `You already have a view named “${existing}”: choose another name` };
    case "same-filters":
      return { query: `These filters are already saved as “${existing}”` };
    case "too-many":
      return { name: `You have ${VIEWS_PER_USER} views, the most one person can keep: delete one first` };
  }
}

/** Deletes one of the user's own views (another user's id is "not found", never theirs deleted). */
export const deleteViewAction = defineFormAction({
  access: ANY_ROLE,
  schema: deleteViewSchema,
  fromForm: (form) => ({ viewId: form.get("viewId") ?? "" }),
  invalidMessage: null,
  handler: async ({ user }, input): Promise<ActionResult> => {
    const deleted = await deleteSavedView(await getDb(), user.id, input.viewId);
    if (!deleted) return { ok: false, message: "That view is not yours or was already deleted." };
    revalidatePath("/", "layout");
    return { ok: true, message: `Deleted the view “${deleted.name}”.` };
  },
});
