/**
 * Step-up: proof, at the moment of a sensitive act (approving a pay-out), that the signed-in person is
 * the account's owner (docs/security.md, Roles). The order of checks is the rule:
 * 1. a fresh second factor (TOTP or passkey, verified within STEP_UP_VALID_MS) — the seam
 *    `freshSecondFactor` below; no factors exist yet, so it always answers "none";
 * 2. an account with no second factor confirms with its password instead.
 * Wrong passwords count against a per-account window (the sign-in's limits), so a stolen session cannot
 * guess the password through this door.
 */
import "server-only";
import type { Sql } from "@/lib/database";
import { getUserByIdWithPassword } from "@/lib/database/dashboard/queries/users";
import { verifyPassword } from "./password";
import { minutesToWait, type RateLimitRule, releaseAttempt, reserveAttempt } from "./rate-limit";

/** How long a second-factor step-up stays valid. */
export const STEP_UP_VALID_MS = 5 * 60_000;
/** Wrong step-up passwords per account. */
export const STEP_UP_PASSWORD_RULE: RateLimitRule = { limit: 5, windowMs: 15 * 60_000 };
/** The field a step-up refusal names (the approve dialog's password input). */
export const STEP_UP_FIELD = "password";

export interface StepUpProof {
  password?: string;
}

export type StepUpResult =
  | { ok: true; method: "password" | "second-factor" }
  | { ok: false; fieldErrors: Record<string, string>; message: string };

/**
 * The second-factor seam (issue 17 §2): "fresh" when the user passed a TOTP or passkey check within
 * STEP_UP_VALID_MS, "required" when they have a factor but no fresh check (the caller must ask for it;
 * a password is then not enough), "none" when they have no factor. Until factors exist: "none".
 */
export async function freshSecondFactor(
  _sql: Sql,
  _userId: string,
  _now: Date,
): Promise<"fresh" | "required" | "none"> {
  return "none";
}

export async function verifyStepUp(
  sql: Sql,
  userId: string,
  proof: StepUpProof,
  now: Date = new Date(),
): Promise<StepUpResult> {
  const factor = await freshSecondFactor(sql, userId, now);
  if (factor === "fresh") return { ok: true, method: "second-factor" };
  if (factor === "required") {
    return { ok: false, fieldErrors: {}, message: "Confirm with your second factor first." };
  }
  const refuse = (message: string): StepUpResult => ({
    ok: false,
    fieldErrors: { [STEP_UP_FIELD]: message },
    message,
  });
  if (!proof.password) return refuse("Enter your password to confirm.");
  const key = `step-up:${userId}`;
  const attempt = await reserveAttempt(sql, key, STEP_UP_PASSWORD_RULE, now);
  if (!attempt.allowed) {
    return refuse(`Too many wrong passwords. Try again in ${minutesToWait(attempt.retryAfterMs)} min.`);
  }
  const user = await getUserByIdWithPassword(sql, userId);
  if (user && !user.disabledAt && (await verifyPassword(proof.password, user.passwordHash))) {
    await releaseAttempt(sql, key);
    return { ok: true, method: "password" };
  }
  return refuse("Wrong password.");
}
