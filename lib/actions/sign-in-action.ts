"use server";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { deviceCookieName, pendingSignInCookieName, pendingSignInCookieOptions } from "@/lib/auth/cookie";
import { sanitizeNextPath } from "@/lib/auth/next-path";
import { minutesToWait } from "@/lib/auth/rate-limit";
import { clientIpFrom } from "@/lib/auth/request-meta";
import { INVALID_CREDENTIALS_MESSAGE, ONE_TIME_PASSWORD_EXPIRED_MESSAGE, signIn } from "@/lib/auth/sign-in";
import { SECOND_FACTOR_PATH } from "@/lib/auth/second-factor/paths";
import { startSignedInBrowser } from "@/lib/auth/signed-in-browser";
import { signInSchema } from "@/lib/auth/user-schemas";
import { getDb, runtime } from "@/lib/runtime";
import type { ActionFailure } from "./action-result";
import { defineFormAction } from "./define-action";

/**
 * The sign-in form's action (works without JavaScript). "public": no session is needed to call it, so
 * there is no role check; the sign-in rate limits guard it instead (lib/auth/sign-in.ts). Success is a
 * redirect — to the second step when the account has a second factor; every refusal echoes the email
 * (never the password).
 */
export const signInAction = defineFormAction({
  access: "public",
  schema: signInSchema,
  fromForm: (form) => ({ email: String(form.get("email") ?? ""), password: form.get("password") ?? "" }),
  echo: (form) => ({ email: String(form.get("email") ?? "") }),
  // The fields say it; the status line stays for refusals of the credentials.
  invalidMessage: null,
  handler: async (_context, { email, password }, form): Promise<ActionFailure> => {
    const requestHeaders = await headers();
    const jar = await cookies();
    const result = await signIn(await getDb(), {
      email,
      password,
      ip: clientIpFrom(requestHeaders, runtime().proxyTrust),
      userAgent: requestHeaders.get("user-agent"),
      deviceToken: jar.get(deviceCookieName())?.value ?? null,
    });

    if (!result.ok) {
      if (result.reason === "second-factor") {
        const { token, expiresAt } = result.pending;
        jar.set(pendingSignInCookieName(), token, pendingSignInCookieOptions(expiresAt));
        const next = sanitizeNextPath(form.get("next"));
        redirect(`${SECOND_FACTOR_PATH}?next=${encodeURIComponent(next)}`);
      }
      if (result.reason === "rate-limited") {
        const minutes = minutesToWait(result.retryAfterMs);
        return {
          ok: false,
          message: `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
        };
      }
      if (result.reason === "disabled")
        return { ok: false, message: "This account is disabled. Ask an admin to enable it." };
      if (result.reason === "one-time-expired")
        return { ok: false, message: ONE_TIME_PASSWORD_EXPIRED_MESSAGE };
      return { ok: false, message: INVALID_CREDENTIALS_MESSAGE };
    }

    redirect(await startSignedInBrowser(await getDb(), result, form.get("next")));
  },
});
