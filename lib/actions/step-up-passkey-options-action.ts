"use server";

import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { ANY_ROLE } from "@/lib/auth/roles";
import { stepUpPasskeyOptions } from "@/lib/auth/step-up";
import { runtime } from "@/lib/runtime";
import type { ActionResult } from "./action-result";
import { defineAction } from "./define-action";

/** Step-up with a passkey, part one (the approve dialog, a batch's approval): the challenge. */
export const stepUpPasskeyOptionsAction = defineAction({
  access: ANY_ROLE,
  args: [],
  handler: async ({ user }): Promise<ActionResult<{ options: PublicKeyCredentialRequestOptionsJSON }>> => {
    const options = await stepUpPasskeyOptions(await runtime().secondFactorDeps(), user.id);
    return options ? { ok: true, options } : { ok: false, message: "You have no passkey on your account." };
  },
});
