"use server";

import { z } from "zod";
import { alertChannelInputSchema } from "@/lib/alerts/channel-schema";
import {
  addAlertChannelAs,
  removeAlertChannelAs,
  saveAlertSettingsAs,
  testAlertChannelAs,
} from "@/lib/alerts/manage";
import { alertRuleSettingsSchema } from "@/lib/alerts/rules";
import { USER_ADMIN_ROLES } from "@/lib/auth/roles";
import { getDb, getEnv, runtime } from "@/lib/runtime";
import { defineAction } from "./define-action";

const channelIdSchema = z.object({ channelId: z.uuid("Not a channel id") });

/** Settings → Alerts (admins): every rule on or off, and its threshold. */
export const saveAlertSettingsAction = defineAction({
  access: USER_ADMIN_ROLES,
  args: [alertRuleSettingsSchema],
  handler: async ({ user }, settings) => {
    const result = await saveAlertSettingsAs(await getDb(), user, settings);
    // Evaluated at once: a rule turned off resolves its alerts now, not at the next interval.
    if (result.ok) runtime().startAlerts().kick();
    return result;
  },
});

/** Settings → Alert channels (admins): a webhook or e-mail recipients. */
export const addAlertChannelAction = defineAction({
  access: USER_ADMIN_ROLES,
  args: [alertChannelInputSchema],
  handler: async ({ user }, input) => addAlertChannelAs(await getDb(), user, input),
});

export const removeAlertChannelAction = defineAction({
  access: USER_ADMIN_ROLES,
  args: [channelIdSchema],
  handler: async ({ user }, { channelId }) => removeAlertChannelAs(await getDb(), user, channelId),
});

/** "Send test": a sample message to one channel now; the answer says whether it was accepted. */
export const testAlertChannelAction = defineAction({
  access: USER_ADMIN_ROLES,
  args: [channelIdSchema],
  handler: async ({ user }, { channelId }) => {
    const env = getEnv();
    return testAlertChannelAs(
      await getDb(),
      user,
      { publicBaseUrl: env.PUBLIC_BASE_URL, smtpUrl: env.SMTP_URL, emailFrom: env.ALERT_EMAIL_FROM },
      channelId,
    );
  },
});
