"use server";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import {
  deviceCookieName,
  deviceCookieOptions,
  sessionCookieName,
  sessionCookieOptions,
} from "@/lib/auth/cookie";
import { sanitizeNextPath } from "@/lib/auth/next-path";
import { minutesToWait } from "@/lib/auth/rate-limit";
import { clientIpFrom } from "@/lib/auth/request-meta";
import { INVALID_CREDENTIALS_MESSAGE, signIn } from "@/lib/auth/sign-in";
import { endSession } from "@/lib/auth/session";
import { signInSchema } from "@/lib/auth/user-schemas";
import { getDb } from "@/lib/db/client";

export interface SignInActionResult {
  ok: boolean;
  fieldErrors?: Partial<Record<"email" | "password", string>>;
  message?: string;
  /** Echoed back so the form keeps what was typed (never the password). */
  email?: string;
}

/**
 * The sign-in form's action (works without JavaScript). No session is needed to call it, so there is no
 * role check; the sign-in rate limits guard it instead (lib/auth/sign-in.ts).
 */
export async function signInAction(
  _previous: SignInActionResult | null,
  formData: FormData,
): Promise<SignInActionResult> {
  const email = String(formData.get("email") ?? "");
  const parsed = signInSchema.safeParse({ email, password: formData.get("password") ?? "" });
  if (!parsed.success) {
    const fieldErrors: SignInActionResult["fieldErrors"] = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if ((key === "email" || key === "password") && !fieldErrors[key]) fieldErrors[key] = issue.message;
    }
    return { ok: false, fieldErrors, email };
  }

  const requestHeaders = await headers();
  const jar = await cookies();
  const result = await signIn(await getDb(), {
    email: parsed.data.email,
    password: parsed.data.password,
    ip: clientIpFrom(requestHeaders),
    userAgent: requestHeaders.get("user-agent"),
    deviceToken: jar.get(deviceCookieName())?.value ?? null,
  });

  if (!result.ok) {
    if (result.reason === "rate-limited") {
      const minutes = minutesToWait(result.retryAfterMs);
      return {
        ok: false,
        email,
        message: `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      };
    }
    if (result.reason === "disabled")
      return { ok: false, email, message: "This account is disabled. Ask an admin to enable it." };
    return { ok: false, email, message: INVALID_CREDENTIALS_MESSAGE };
  }

  // A session this browser had before is ended, not left behind next to the new one.
  const previous = jar.get(sessionCookieName())?.value;
  if (previous) await endSession(await getDb(), previous);
  jar.set(sessionCookieName(), result.token, sessionCookieOptions(result.expiresAt));
  jar.set(deviceCookieName(), result.device.token, deviceCookieOptions(result.device.expiresAt));
  redirect(sanitizeNextPath(formData.get("next")));
}
