"use server";

import { z } from "zod";
import { acknowledgeAlertAs, resolveAlertAs } from "@/lib/alerts/manage";
import { ORDER_WRITE_ROLES } from "@/lib/auth/roles";
import { getDb } from "@/lib/runtime";
import { defineAction } from "./define-action";

const alertSchema = z.object({ alertId: z.uuid("Not an alert id") });

/** The Alerts page: "someone is on it" (operators and admins). */
export const acknowledgeAlertAction = defineAction({
  access: ORDER_WRITE_ROLES,
  args: [alertSchema],
  handler: async ({ user }, { alertId }) => acknowledgeAlertAs(await getDb(), user, alertId),
});

/** The Alerts page: "fixed"; raised again at the next evaluation if its condition still holds. */
export const resolveAlertAction = defineAction({
  access: ORDER_WRITE_ROLES,
  args: [alertSchema],
  handler: async ({ user }, { alertId }) => resolveAlertAs(await getDb(), user, alertId),
});
