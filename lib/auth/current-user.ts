import "server-only";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { getDb } from "@/lib/runtime";
import { isAccountPath, ACCOUNT_PATH } from "./account-path";
import { authorizeUser, SIGNED_OUT_MESSAGE } from "./authorize";
import { sessionCookieName } from "./cookie";
import { IDLE_SIGN_OUT, loginPathFor } from "./next-path";
import { REQUEST_PATH_HEADER } from "./request-path";
import type { Role } from "./roles";
import { type SessionCheck, validateSession } from "./session";
import type { AuthorizeResult, CurrentUser } from "./types";

export async function readSessionToken(): Promise<string | undefined> {
  return (await cookies()).get(sessionCookieName())?.value;
}

/** This request's session check (null: no cookie). Memoised per request (one database read per render). */
const checkSession = cache(async (): Promise<SessionCheck | null> => {
  const token = await readSessionToken();
  return token ? validateSession(await getDb(), token) : null;
});

/** The signed-in user of this request, or null. */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  const check = await checkSession();
  return check?.ok ? check.user : null;
}

/** The signed-in user of this request and the id of their session (the sessions list marks it), or null. */
export async function getCurrentSession(): Promise<{ user: CurrentUser; sessionId: string } | null> {
  const check = await checkSession();
  return check?.ok ? { user: check.user, sessionId: check.sessionId } : null;
}

/**
 * authorizeRequest, with the session's id on success: for what must follow the session after the
 * request's check (an event stream closes when its session ends).
 */
export async function authorizeSession(
  roles: Role[],
): Promise<Extract<AuthorizeResult, { ok: false }> | { ok: true; user: CurrentUser; sessionId: string }> {
  const session = await getCurrentSession();
  if (!session) return { ok: false, status: 401, message: SIGNED_OUT_MESSAGE };
  const auth = authorizeUser(session.user, roles);
  return auth.ok ? { ...auth, sessionId: session.sessionId } : auth;
}

/** The page being rendered, when proxy.ts passes it on (server components can't see their URL otherwise). */
async function currentPath(): Promise<string | null> {
  return (await headers()).get(REQUEST_PATH_HEADER);
}

/**
 * For pages and layouts: the signed-in user, or a redirect to /login?next=<this page> when signed out
 * (with reason=idle when the session just ended for inactivity), or to /forbidden when the role is not among `roles`.
 */
export async function requirePageUser(roles?: Role[]): Promise<CurrentUser> {
  const check = await checkSession();
  const user = check?.ok ? check.user : null;
  // Signed out for inactivity: the sign-in page says so (the session row is gone after this request).
  if (!user)
    redirect(
      loginPathFor(
        await currentPath(),
        check?.ok === false && check.reason === "idle" ? IDLE_SIGN_OUT : undefined,
      ),
    );
  // After an admin's reset the one-time password only opens the page that replaces it.
  // So does a session whose role requires a second factor it has not set up yet.
  if ((user.mustChangePassword || user.mustEnrolSecondFactor) && !isAccountPath(await currentPath()))
    redirect(ACCOUNT_PATH);
  if (roles && !roles.includes(user.role)) {
    const from = await currentPath();
    redirect(from ? `/forbidden?from=${encodeURIComponent(from)}` : "/forbidden");
  }
  return user;
}

/**
 * For server actions and route handlers, called first thing: 401 when signed out, 403 when the role is not
 * among `roles`. Never rely on proxy/middleware alone.
 */
export async function authorizeRequest(roles: Role[]): Promise<AuthorizeResult> {
  return authorizeUser(await getCurrentUser(), roles);
}
