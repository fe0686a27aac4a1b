/**
 * The second step of signing in, after the password (lib/auth/sign-in.ts left a pending sign-in: a cookie
 * token worth nothing but this step, five minutes, used once). A TOTP code, a recovery code or a passkey
 * opens the session. The app or a passkey is recorded as a fresh second factor, so a step-up within five
 * minutes asks nothing more; a recovery code only lets the session enrol a new factor in that time.
 * Wrong codes count per user (verify.ts); once they are used up, the pending sign-in ends too and the
 * password is asked again after the wait.
 */
import "server-only";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { writeAudit } from "@/lib/database/dashboard/queries/audit";
import {
  getPendingSignIn,
  listSecondFactors,
  type PendingSignInRow,
  takePendingSignIn,
} from "@/lib/database/dashboard/queries/second-factors";
import { getUserById } from "@/lib/database/dashboard/queries/users";
import { sessionIdFromToken } from "../session";
import { openSignedInSession, type SignedIn } from "../sign-in";
import type { SecondFactorDeps } from "./deps";
import {
  checkPasskeyAssertion,
  checkSecondFactorCode,
  type FactorCheck,
  passkeyAssertionOptions,
} from "./verify";

export const PENDING_EXPIRED_MESSAGE = "Your sign-in expired. Enter your email and password again.";

export type SignInStepResult =
  | SignedIn
  | { ok: false; reason: "expired"; message: string }
  | { ok: false; reason: "refused"; message: string; exhausted: boolean };

/** The live pending sign-in of this cookie token, or null. */
export async function livePendingSignIn(
  deps: Pick<SecondFactorDeps, "sql">,
  token: string | undefined,
  now: Date,
): Promise<PendingSignInRow | null> {
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const pending = await getPendingSignIn(deps.sql, sessionIdFromToken(token));
  return pending && pending.expiresAt.getTime() > now.getTime() ? pending : null;
}

/** What the second step offers this pending sign-in: a code field always, a passkey button when it has one. */
export async function pendingSignInOffers(
  deps: Pick<SecondFactorDeps, "sql">,
  pending: PendingSignInRow,
): Promise<{ email: string; passkey: boolean; totp: boolean }> {
  const [user, factors] = await Promise.all([
    getUserById(deps.sql, pending.userId),
    listSecondFactors(deps.sql, pending.userId),
  ]);
  return {
    email: user?.email ?? "",
    passkey: factors.some((f) => f.kind === "passkey"),
    totp: factors.some((f) => f.kind === "totp"),
  };
}

export async function signInWithCode(
  deps: SecondFactorDeps,
  token: string | undefined,
  code: string,
  now: Date = new Date(),
): Promise<SignInStepResult> {
  const pending = await livePendingSignIn(deps, token, now);
  if (!pending) return { ok: false, reason: "expired", message: PENDING_EXPIRED_MESSAGE };
  return finish(deps, pending, await checkSecondFactorCode(deps, pending.userId, code, now), now);
}

export async function passkeySignInOptions(
  deps: SecondFactorDeps,
  token: string | undefined,
  now: Date = new Date(),
): Promise<PublicKeyCredentialRequestOptionsJSON | null> {
  const pending = await livePendingSignIn(deps, token, now);
  return pending ? passkeyAssertionOptions(deps, pending.userId, "sign-in", now) : null;
}

export async function signInWithPasskey(
  deps: SecondFactorDeps,
  token: string | undefined,
  response: AuthenticationResponseJSON,
  now: Date = new Date(),
): Promise<SignInStepResult> {
  const pending = await livePendingSignIn(deps, token, now);
  if (!pending) return { ok: false, reason: "expired", message: PENDING_EXPIRED_MESSAGE };
  return finish(
    deps,
    pending,
    await checkPasskeyAssertion(deps, pending.userId, "sign-in", response, now),
    now,
  );
}

async function finish(
  deps: SecondFactorDeps,
  pending: PendingSignInRow,
  check: FactorCheck,
  now: Date,
): Promise<SignInStepResult> {
  const { sql } = deps;
  const audited = { ip: pending.ip ?? "unknown" };
  if (!check.ok) {
    await writeAudit(sql, {
      userId: pending.userId,
      action: "auth.second-factor-failed",
      target: pending.userId,
      details: { ...audited, exhausted: check.exhausted },
    });
    if (check.exhausted) await takePendingSignIn(sql, pending.id);
    return { ok: false, reason: "refused", message: check.message, exhausted: check.exhausted };
  }
  // Single use: of two requests racing with one token, only the one that takes it signs in.
  const taken = await takePendingSignIn(sql, pending.id);
  const user = taken ? await getUserById(sql, taken.userId) : null;
  if (!taken || !user || user.disabledAt) {
    return { ok: false, reason: "expired", message: PENDING_EXPIRED_MESSAGE };
  }
  return openSignedInSession(
    sql,
    user,
    { ip: taken.ip, userAgent: taken.userAgent, deviceId: taken.deviceId },
    { audited: { ...audited, secondFactor: check.method }, secondFactor: check.method },
    now,
  );
}
