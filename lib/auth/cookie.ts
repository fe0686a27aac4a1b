import "server-only";
import { getEnv } from "@/lib/runtime";

/**
 * Secure only in production AND when the public URL is https: `npm start` serves http://localhost, where a
 * browser would silently drop a Secure cookie and nobody could sign in. Behind TLS (PUBLIC_BASE_URL https)
 * the cookie is Secure and carries the `__Host-` prefix (host-only, path=/, never sent over http).
 */
export function sessionCookieIsSecure(e: { NODE_ENV: string; PUBLIC_BASE_URL: string } = getEnv()): boolean {
  return e.NODE_ENV === "production" && e.PUBLIC_BASE_URL.startsWith("https://");
}

export function sessionCookieName(secure: boolean = sessionCookieIsSecure()): string {
  return secure ? "__Host-dashboard_session" : "dashboard_session";
}

export interface SessionCookieOptions {
  httpOnly: true;
  sameSite: "lax";
  secure: boolean;
  path: "/";
  expires: Date;
}

/** The cookie lives as long as the session's absolute expiry; idle expiry is enforced on the server. */
export function sessionCookieOptions(expiresAt: Date): SessionCookieOptions {
  return { httpOnly: true, sameSite: "lax", secure: sessionCookieIsSecure(), path: "/", expires: expiresAt };
}

/** The device cookie (lib/auth/device.ts): same naming rule as the session cookie. */
export function deviceCookieName(secure: boolean = sessionCookieIsSecure()): string {
  return secure ? "__Host-dashboard_device" : "dashboard_device";
}

export interface DeviceCookieOptions {
  httpOnly: true;
  sameSite: "strict";
  secure: boolean;
  path: "/";
  expires: Date;
}

/** Only ever read by the sign-in action, a same-site post: Strict costs nothing. */
export function deviceCookieOptions(expiresAt: Date): DeviceCookieOptions {
  return {
    httpOnly: true,
    sameSite: "strict",
    secure: sessionCookieIsSecure(),
    path: "/",
    expires: expiresAt,
  };
}

/** The half-signed-in state between the password and the second factor (lib/auth/sign-in.ts): not a session. */
export function pendingSignInCookieName(secure: boolean = sessionCookieIsSecure()): string {
  return secure ? "__Host-dashboard_pending" : "dashboard_pending";
}

export function pendingSignInCookieOptions(expiresAt: Date): SessionCookieOptions {
  return sessionCookieOptions(expiresAt);
}
