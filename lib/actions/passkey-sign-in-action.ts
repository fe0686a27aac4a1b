"use server";

import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { pendingSignInCookieName } from "@/lib/auth/cookie";
import { passkeyAssertionSchema } from "@/lib/auth/second-factor/schemas";
import { signInWithPasskey } from "@/lib/auth/second-factor/sign-in-step";
import { startSignedInBrowser } from "@/lib/auth/signed-in-browser";
import { runtime } from "@/lib/runtime";
import { z } from "zod";
import type { ActionFailure } from "./action-result";
import { defineAction } from "./define-action";

/** Sign-in's second step with a passkey, part two: the browser's answer; success is a redirect. */
export const passkeySignInAction = defineAction({
  access: "public",
  args: [passkeyAssertionSchema, z.unknown()],
  handler: async (_context, { response }, next): Promise<ActionFailure> => {
    const deps = await runtime().secondFactorDeps();
    const jar = await cookies();
    const token = jar.get(pendingSignInCookieName())?.value;
    // Validated in outline by the schema, in depth by @simplewebauthn/server.
    const result = await signInWithPasskey(deps, token, response as unknown as AuthenticationResponseJSON);
    if (!result.ok) {
      if (result.reason === "expired" || result.exhausted) jar.delete(pendingSignInCookieName());
      return { ok: false, message: result.message };
    }
    redirect(await startSignedInBrowser(deps.sql, result, next));
  },
});
