"use server";

import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { pendingSignInCookieName } from "@/lib/auth/cookie";
import { signInCodeSchema } from "@/lib/auth/second-factor/schemas";
import { signInWithCode } from "@/lib/auth/second-factor/sign-in-step";
import { startSignedInBrowser } from "@/lib/auth/signed-in-browser";
import { runtime } from "@/lib/runtime";
import type { ActionFailure } from "./action-result";
import { defineFormAction } from "./define-action";

/**
 * Sign-in's second step with a code (the authenticator app's, or a recovery code). "public": the pending
 * sign-in cookie is the credential, and the second factor's limits guard it (lib/auth/second-factor).
 */
export const signInCodeAction = defineFormAction({
  access: "public",
  schema: signInCodeSchema,
  fromForm: (form) => ({ code: form.get("code") ?? "" }),
  invalidMessage: null,
  handler: async (_context, { code }, form): Promise<ActionFailure> => {
    const deps = await runtime().secondFactorDeps();
    const jar = await cookies();
    const result = await signInWithCode(deps, jar.get(pendingSignInCookieName())?.value, code);
    if (!result.ok) {
      if (result.reason === "expired" || result.exhausted) jar.delete(pendingSignInCookieName());
      return result.reason === "expired"
        ? { ok: false, message: result.message }
        : { ok: false, fieldErrors: { code: result.message } };
    }
    redirect(await startSignedInBrowser(deps.sql, result, form.get("next")));
  },
});
