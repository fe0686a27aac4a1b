"use server";

import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/server";
import { passkeyRegistrationOptions } from "@/lib/auth/second-factor/factors";
import { runtime } from "@/lib/runtime";
import type { ActionResult } from "./action-result";
import { defineAction } from "./define-action";

/** Your account → Add passkey, part one: the options for navigator.credentials.create(). */
export const passkeyRegistrationOptionsAction = defineAction({
  access: "signed-in",
  args: [],
  handler: async ({ user }): Promise<ActionResult<{ options: PublicKeyCredentialCreationOptionsJSON }>> => ({
    ok: true,
    options: await passkeyRegistrationOptions(await runtime().secondFactorDeps(), user, new Date()),
  }),
});
