"use server";

import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/server";
import { passkeyRegistrationOptions } from "@/lib/auth/second-factor/factors";
import { stepUpOnlySchema } from "@/lib/auth/second-factor/schemas";
import { runtime } from "@/lib/runtime";
import type { ActionResult } from "./action-result";
import { defineAction } from "./define-action";

/** Your account → Add passkey, part one: the step-up, then the options for navigator.credentials.create(). */
export const passkeyRegistrationOptionsAction = defineAction({
  access: "signed-in",
  args: [stepUpOnlySchema],
  handler: async (
    { user },
    { password, code },
  ): Promise<ActionResult<{ options: PublicKeyCredentialCreationOptionsJSON }>> =>
    passkeyRegistrationOptions(await runtime().secondFactorDeps(), user, new Date(), {
      password,
      code,
      sessionId: user.sessionId,
    }),
});
