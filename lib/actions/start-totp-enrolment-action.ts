"use server";

import { startTotpEnrolment } from "@/lib/auth/second-factor/factors";
import type { TotpSetup } from "@/lib/auth/second-factor/types";
import { runtime } from "@/lib/runtime";
import type { ActionResult } from "./action-result";
import { defineAction } from "./define-action";

/** Your account → Set up authenticator app: a new seed to scan (kept unconfirmed until a code comes back). */
export const startTotpEnrolmentAction = defineAction({
  access: "signed-in",
  args: [],
  handler: async ({ user }): Promise<ActionResult<{ setup: TotpSetup }>> =>
    startTotpEnrolment(await runtime().secondFactorDeps(), user),
});
