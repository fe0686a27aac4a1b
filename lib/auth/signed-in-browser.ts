import "server-only";
import { cookies } from "next/headers";
import { ACCOUNT_PATH } from "./account-path";
import {
  deviceCookieName,
  deviceCookieOptions,
  pendingSignInCookieName,
  sessionCookieName,
  sessionCookieOptions,
} from "./cookie";
import { sanitizeNextPath } from "./next-path";
import { endSession } from "./session";
import type { SignedIn } from "./sign-in";
import type { Sql } from "@/lib/database";

/**
 * The browser's side of a finished sign-in (after the password, or after the second factor): a session
 * this browser had before is ended rather than left beside the new one, the session and device cookies are
 * set, a pending sign-in cookie goes. Answers where to go: Your account when the password must be changed
 * or a second factor set up, else `next`.
 */
export async function startSignedInBrowser(sql: Sql, result: SignedIn, next: unknown): Promise<string> {
  const jar = await cookies();
  const previous = jar.get(sessionCookieName())?.value;
  if (previous) await endSession(sql, previous);
  jar.set(sessionCookieName(), result.token, sessionCookieOptions(result.expiresAt));
  jar.set(deviceCookieName(), result.device.token, deviceCookieOptions(result.device.expiresAt));
  jar.delete(pendingSignInCookieName());
  return result.user.mustChangePassword || result.user.mustEnrolSecondFactor
    ? ACCOUNT_PATH
    : sanitizeNextPath(next);
}
