"use server";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { ACCOUNT_PATH } from "@/lib/auth/account-path";
import {
  deviceCookieName,
  deviceCookieOptions,
  sessionCookieName,
  sessionCookieOptions,
} from "@/lib/auth/cookie";
import { sanitizeNextPath } from "@/lib/auth/next-path";
import { minutesToWait } from "@/lib/auth/rate-limit";
import { clientIpFrom } from "@/lib/auth/request-meta";
import { endSession } from "@/lib/auth/session";
import {
  INVALID_CREDENTIALS_MESSAGE,
  ONE_TIME_PASSWORD_EXPIRED_MESSAGE,
  ONE_TIME_PASSWORD_USED_MESSAGE,
  signIn,
} from "@/lib/auth/sign-in";
import { signInSchema } from "@/lib/auth/user-schemas";
import { getDb, runtime } from "@/lib/runtime";
import type { ActionFailure } from "./action-result";
import { defineFormAction } from "./define-action";

/**
 * The sign-in form's action (works without JavaScript). "public": no session is needed to call it, so
 * there is no role check; the sign-in rate limits guard it instead (lib/auth/sign-in.ts). Success is a
 * redirect; every refusal echoes the email (never the password).
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
      if (result.reason === "one-time-used") return { ok: false, message: ONE_TIME_PASSWORD_USED_MESSAGE };
      return { ok: false, message: INVALID_CREDENTIALS_MESSAGE };
    }

    // A session this browser had before is ended, not left behind next to the new one.
    const previous = jar.get(sessionCookieName())?.value;
    if (previous) await endSession(await getDb(), previous);
    jar.set(sessionCookieName(), result.token, sessionCookieOptions(result.expiresAt));
    jar.set(deviceCookieName(), result.device.token, deviceCookieOptions(result.device.expiresAt));
    redirect(result.user.mustChangePassword ? ACCOUNT_PATH : sanitizeNextPath(form.get("next")));
  },
});
