import "server-only";
import type { Sql } from "@/lib/database";
import { writeAudit } from "@/lib/db/queries/audit";
import { getUserByEmailWithPassword, normalizeEmail } from "@/lib/db/queries/users";
import { verifyAgainstDummy, verifyPassword } from "./password";
import {
  releaseAttempt,
  reserveAttempt,
  resetRateLimit,
  SIGN_IN_ACCOUNT_RULE,
  SIGN_IN_IP_RULE,
  signInAccountKey,
  signInIpKey,
} from "./rate-limit";
import { createSession, purgeEndedAuthState } from "./session";
import type { CurrentUser } from "./types";

/** The one answer for an unknown email and a wrong password alike. */
export const INVALID_CREDENTIALS_MESSAGE = "Email or password is incorrect.";

export interface SignInInput {
  email: string;
  password: string;
  ip: string | null;
  userAgent: string | null;
}

export type SignInResult =
  | { ok: true; user: CurrentUser; token: string; expiresAt: Date }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "disabled" }
  | { ok: false; reason: "rate-limited"; retryAfterMs: number };

/**
 * Checks the credentials under the per-account and per-IP limits, opens a session on success, and writes
 * the audit log either way. Unknown email and wrong password look the same to the caller (and take the
 * same time); the "disabled" answer is only given to someone who knows the password.
 */
export async function signIn(sql: Sql, input: SignInInput, now: Date = new Date()): Promise<SignInResult> {
  const email = normalizeEmail(input.email);
  const ip = input.ip ?? "unknown";
  const accountKey = signInAccountKey(email);
  const ipKey = signInIpKey(ip);

  // Both attempts are counted first; see reserveAttempt.
  const account = await reserveAttempt(sql, accountKey, SIGN_IN_ACCOUNT_RULE, now);
  const network = await reserveAttempt(sql, ipKey, SIGN_IN_IP_RULE, now);
  const refused = [account, network].filter((s) => !s.allowed);
  if (refused.length > 0) {
    const retryAfterMs = Math.max(...refused.map((s) => s.retryAfterMs));
    await writeAudit(sql, {
      userId: null,
      action: "auth.sign-in-blocked",
      target: email,
      details: { ip, retryAfterMs },
    });
    return { ok: false, reason: "rate-limited", retryAfterMs };
  }

  const user = await getUserByEmailWithPassword(sql, email);
  const passwordOk = user
    ? await verifyPassword(input.password, user.passwordHash)
    : await verifyAgainstDummy(input.password);

  if (!user || !passwordOk || user.disabledAt) {
    const reason = !user ? "unknown-email" : !passwordOk ? "wrong-password" : "disabled";
    await writeAudit(sql, {
      userId: user?.id ?? null,
      action: "auth.sign-in-failed",
      target: email,
      details: { ip, reason },
    });
    const exhausted = [account, network].filter((s) => s.exhausted);
    if (exhausted.length > 0)
      return {
        ok: false,
        reason: "rate-limited",
        retryAfterMs: Math.max(...exhausted.map((s) => s.retryAfterMs)),
      };
    return reason === "disabled" ? { ok: false, reason: "disabled" } : { ok: false, reason: "invalid" };
  }

  // A successful sign-in clears the account's failures and doesn't count against its network.
  await resetRateLimit(sql, accountKey);
  await releaseAttempt(sql, ipKey);
  await purgeEndedAuthState(sql, now);
  const session = await createSession(sql, user.id, { ip: input.ip, userAgent: input.userAgent }, now);
  await writeAudit(sql, { userId: user.id, action: "auth.sign-in", target: user.id, details: { ip } });
  return {
    ok: true,
    user: { id: user.id, email: user.email, name: user.name, role: user.role },
    token: session.token,
    expiresAt: session.expiresAt,
  };
}
