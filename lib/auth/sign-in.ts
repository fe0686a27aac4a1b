import "server-only";
import type { Sql } from "@/lib/database";
import { writeAudit } from "@/lib/database/dashboard/queries/audit";
import {
  getUserByEmailWithPassword,
  normalizeEmail,
  type UserWithPassword,
} from "@/lib/database/dashboard/queries/users";
import { issueDeviceToken, trustedDeviceFor } from "./device";
import { endUserSessions } from "./end-sessions";
import { verifyAgainstDummy, verifyPassword } from "./password";
import {
  type AttemptStatus,
  type RateLimitRule,
  releaseAttempt,
  reserveAttempt,
  resetRateLimit,
  SIGN_IN_ACCOUNT_RULE,
  SIGN_IN_DEVICE_RULE,
  SIGN_IN_IP_RULE,
  signInAccountKey,
  signInDeviceKey,
  signInIpKey,
} from "./rate-limit";
import { secondFactorRequiredFor } from "./second-factor/admin";
import { createSession, purgeEndedAuthState, sessionIdFromToken } from "./session";
import type { CurrentUser } from "./types";
import { randomBytes } from "node:crypto";
import {
  deleteExpiredPendingSignIns,
  insertPendingSignIn,
  listSecondFactors,
} from "@/lib/database/dashboard/queries/second-factors";
import type { UserRow } from "@/lib/database/dashboard/schema";

/** The one answer for an unknown email and a wrong password alike. */
export const INVALID_CREDENTIALS_MESSAGE = "Email or password is incorrect.";
export const ONE_TIME_PASSWORD_EXPIRED_MESSAGE =
  "This one-time password has expired; ask an admin for a new one.";

/**
 * Why a right password is still refused: the account is disabled, or it is an admin's one-time password
 * past its 24 hours. Told only to someone who knows the password.
 */
function refusal(user: UserWithPassword, now: Date): "disabled" | "one-time-expired" | null {
  if (user.disabledAt) return "disabled";
  if (!user.mustChangePassword) return null;
  if (user.oneTimePasswordExpiresAt && user.oneTimePasswordExpiresAt.getTime() <= now.getTime())
    return "one-time-expired";
  return null;
}

export interface SignInInput {
  email: string;
  password: string;
  ip: string | null;
  userAgent: string | null;
  /** The browser's device cookie (lib/auth/device.ts), if it has one. */
  deviceToken?: string | null;
}

/** How long the half-signed-in state between the password and the second factor lasts. */
export const PENDING_SIGN_IN_MS = 5 * 60_000;

export interface SignedIn {
  ok: true;
  user: CurrentUser;
  token: string;
  expiresAt: Date;
  /** A new device cookie for this browser. */
  device: { token: string; expiresAt: Date };
}

export type SignInResult =
  | SignedIn
  /** The password was right and the account has a second factor: no session yet, only `pending`. */
  | { ok: false; reason: "second-factor"; pending: { token: string; expiresAt: Date } }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "disabled" | "one-time-expired" }
  | { ok: false; reason: "rate-limited"; retryAfterMs: number };

interface Counted {
  key: string;
  rule: RateLimitRule;
  status: AttemptStatus;
}

/**
 * Checks the credentials under rate limits, opens a session on success, and writes the audit log either
 * way. A stranger's attempts count per account and per IP: five failures lock the account for strangers
 * for 15 minutes (audited as auth.account-locked). A browser presenting a device token of this very account
 * counts per device only, so those failures can never lock its owner out. Unknown email and wrong password
 * look the same to the caller (and take the same time); "disabled" and a spent or expired one-time
 * password are only told to someone who knows the password.
 */
export async function signIn(sql: Sql, input: SignInInput, now: Date = new Date()): Promise<SignInResult> {
  const email = normalizeEmail(input.email);
  const ip = input.ip ?? "unknown";
  const deviceId = await trustedDeviceFor(sql, input.deviceToken, email, now);

  // Every limit is counted first; see reserveAttempt.
  const limits: { key: string; rule: RateLimitRule }[] = deviceId
    ? [{ key: signInDeviceKey(deviceId), rule: SIGN_IN_DEVICE_RULE }]
    : [
        { key: signInAccountKey(email), rule: SIGN_IN_ACCOUNT_RULE },
        { key: signInIpKey(ip), rule: SIGN_IN_IP_RULE },
      ];
  const counted: Counted[] = [];
  for (const limit of limits)
    counted.push({ ...limit, status: await reserveAttempt(sql, limit.key, limit.rule, now) });
  const audited = { ip, ...(deviceId ? { trustedDevice: true } : {}) };

  const refused = counted.filter((c) => !c.status.allowed);
  if (refused.length > 0) {
    const retryAfterMs = Math.max(...refused.map((c) => c.status.retryAfterMs));
    await writeAudit(sql, {
      userId: null,
      action: "auth.sign-in-blocked",
      target: email,
      details: { ...audited, retryAfterMs },
    });
    return { ok: false, reason: "rate-limited", retryAfterMs };
  }

  const user = await getUserByEmailWithPassword(sql, email);
  const passwordOk = user
    ? await verifyPassword(input.password, user.passwordHash)
    : await verifyAgainstDummy(input.password);

  // An admin's one-time password is not spent here: a sign-in cut off before the new password is chosen
  // (the tab closed, the second factor abandoned) must not cost the user it. Choosing one's own replaces it.
  const turnedAway = user && passwordOk ? refusal(user, now) : null;

  if (!user || !passwordOk || turnedAway) {
    const reason = !user ? "unknown-email" : !passwordOk ? "wrong-password" : (turnedAway ?? "disabled");
    await writeAudit(sql, {
      userId: user?.id ?? null,
      action: "auth.sign-in-failed",
      target: email,
      details: { ...audited, reason },
    });
    const account = counted.find((c) => c.rule === SIGN_IN_ACCOUNT_RULE);
    if (account?.status.lastAllowed) {
      const until = new Date(now.getTime() + account.status.retryAfterMs);
      await writeAudit(sql, {
        userId: null,
        action: "auth.account-locked",
        target: user?.id ?? email,
        details: { email, ip, until: until.toISOString() },
      });
    }
    const exhausted = counted.filter((c) => c.status.exhausted);
    if (exhausted.length > 0)
      return {
        ok: false,
        reason: "rate-limited",
        retryAfterMs: Math.max(...exhausted.map((c) => c.status.retryAfterMs)),
      };
    return turnedAway ? { ok: false, reason: turnedAway } : { ok: false, reason: "invalid" };
  }

  // A successful sign-in clears the account's (or device's) failures and doesn't count against its network.
  for (const c of counted) {
    if (c.rule === SIGN_IN_IP_RULE) await releaseAttempt(sql, c.key);
    else await resetRateLimit(sql, c.key);
  }
  await purgeEndedAuthState(sql, now);
  await deleteExpiredPendingSignIns(sql, now);
  if ((await listSecondFactors(sql, user.id)).length > 0) {
    // Not a session: a short-lived, single-use token that only the second-factor step accepts.
    const token = randomBytes(32).toString("base64url");
    const expiresAt = new Date(now.getTime() + PENDING_SIGN_IN_MS);
    await insertPendingSignIn(sql, {
      id: sessionIdFromToken(token),
      userId: user.id,
      createdAt: now,
      expiresAt,
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 512) ?? null,
      deviceId,
    });
    return { ok: false, reason: "second-factor", pending: { token, expiresAt } };
  }
  const mustEnrol = await secondFactorRequiredFor(sql, user.role);
  return openSignedInSession(
    sql,
    user,
    { ip: input.ip, userAgent: input.userAgent, deviceId },
    { audited: mustEnrol ? { ...audited, mustEnrol } : audited, mustEnrol },
    now,
  );
}

/** The end of a sign-in: a session (and a new device cookie), audited as auth.sign-in. */
export async function openSignedInSession(
  sql: Sql,
  user: Pick<UserRow, "id" | "email" | "name" | "role" | "mustChangePassword">,
  from: { ip: string | null; userAgent: string | null; deviceId: string | null },
  how: {
    audited: Record<string, unknown>;
    secondFactor?: "totp" | "passkey" | "recovery-code";
    mustEnrol?: boolean;
  },
  now: Date,
): Promise<SignedIn> {
  // Whoever signs in with an admin's one-time password last holds the only session it opens.
  if (user.mustChangePassword) await endUserSessions(sql, user.id, "one-time-password-used-again");
  const session = await createSession(sql, user.id, from, now, {
    secondFactor: how.secondFactor,
    mustEnrol: how.mustEnrol,
  });
  const device = await issueDeviceToken(sql, user.id, from.deviceId, now);
  await writeAudit(sql, { userId: user.id, action: "auth.sign-in", target: user.id, details: how.audited });
  return {
    ok: true,
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      mustChangePassword: user.mustChangePassword,
      mustEnrolSecondFactor: how.mustEnrol ?? false,
    },
    token: session.token,
    expiresAt: session.expiresAt,
    device,
  };
}
