"use server";

import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { cookies } from "next/headers";
import { pendingSignInCookieName } from "@/lib/auth/cookie";
import { PENDING_EXPIRED_MESSAGE, passkeySignInOptions } from "@/lib/auth/second-factor/sign-in-step";
import { runtime } from "@/lib/runtime";
import type { ActionResult } from "./action-result";
import { defineAction } from "./define-action";

/** Sign-in's second step with a passkey, part one: the challenge for navigator.credentials.get(). */
export const passkeySignInOptionsAction = defineAction({
  access: "public",
  args: [],
  handler: async (): Promise<ActionResult<{ options: PublicKeyCredentialRequestOptionsJSON }>> => {
    const token = (await cookies()).get(pendingSignInCookieName())?.value;
    const options = await passkeySignInOptions(await runtime().secondFactorDeps(), token);
    return options ? { ok: true, options } : { ok: false, message: PENDING_EXPIRED_MESSAGE };
  },
});
