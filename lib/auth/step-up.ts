/**
 * Step-up: proof, at the moment of a sensitive act (approving a pay-out, a bulk file), that the signed-in
 * person is the account's owner (docs/security.md, Step-up). The order of checks is the rule:
 * 1. an account with a second factor needs a fresh one: a TOTP or passkey check on this session within
 *    STEP_UP_VALID_MS (`freshSecondFactor`), else a code from the authenticator app now (the passkey is
 *    checked before, by stepUpWithPasskey, which records the freshness on the session). A password is then
 *    not enough, and recovery codes are for signing in only;
 * 2. an account with no second factor confirms with its password instead.
 * Wrong passwords count against a per-account window (the sign-in's limits), wrong codes against the
 * second factor's, so a stolen session cannot guess either through this door. Only wrong passwords count:
 * right ones sent at once pass one after another (attemptCountingFailures).
 * A session opened with a recovery code is fresh for one purpose only, enrolling a new factor
 * (`StepUpPurpose`): it never approves money nor makes new recovery codes.
 */
import "server-only";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import type { Sql } from "@/lib/database";
import {
  getSessionSecondFactorAt,
  listSecondFactors,
  markSessionSecondFactor,
} from "@/lib/database/dashboard/queries/second-factors";
import { getUserByIdWithPassword } from "@/lib/database/dashboard/queries/users";
import { runtime } from "@/lib/runtime";
import { verifyPassword } from "./password";
import { attemptCountingFailures, minutesToWait, type RateLimitRule } from "./rate-limit";
import type { SecondFactorDeps } from "./second-factor/deps";
import type { StepUpPrompt } from "./second-factor/types";

export type { StepUpPrompt } from "./second-factor/types";
import { looksLikeRecoveryCode } from "./second-factor/recovery";
import {
  checkPasskeyAssertion,
  checkSecondFactorCode,
  passkeyAssertionOptions,
} from "./second-factor/verify";

/** How long a second-factor step-up stays valid. */
export const STEP_UP_VALID_MS = 5 * 60_000;
/** Wrong step-up passwords per account. */
export const STEP_UP_PASSWORD_RULE: RateLimitRule = { limit: 5, windowMs: 15 * 60_000 };
/** The field a password refusal names (the approve dialog's password input). */
export const STEP_UP_FIELD = "password";
/** The field a second-factor refusal names (the approve dialog's code input). */
export const STEP_UP_CODE_FIELD = "code";

export interface StepUpProof {
  password?: string;
  /** Six digits from the authenticator app. */
  code?: string;
  /** The caller's session (CurrentUser.sessionId): where a second factor's freshness is read and recorded. */
  sessionId?: string;
}

/** What the step-up is for: "enrol-factor" (adding an app or a passkey) also takes a recent recovery sign-in. */
export type StepUpPurpose = "act" | "enrol-factor";

export type StepUpResult =
  | { ok: true; method: "password" | "second-factor" }
  | { ok: false; fieldErrors: Record<string, string>; message: string };

/** What the step-up asks of `userId`; with `sessionId`, whether that session's check is still fresh. */
export async function stepUpPrompt(
  sql: Sql,
  userId: string,
  sessionId?: string,
  now: Date = new Date(),
  /** What the form does: after a recovery-code sign-in, enrolling a factor needs no code for a while. */
  purpose: StepUpPurpose = "act",
): Promise<StepUpPrompt> {
  const factors = await listSecondFactors(sql, userId);
  if (factors.length === 0) return { kind: "password" };
  const prompt = {
    kind: "second-factor" as const,
    totp: factors.some((f) => f.kind === "totp"),
    passkey: factors.some((f) => f.kind === "passkey"),
  };
  if (!sessionId) return prompt;
  return { ...prompt, fresh: (await freshSecondFactor(sql, userId, now, sessionId, purpose)) === "fresh" };
}

/**
 * "fresh" when this session passed a TOTP or passkey check within STEP_UP_VALID_MS (or, to enrol a factor,
 * was opened with a recovery code within it), "required" when the user has a factor but no fresh check (a
 * password is then not enough), "none" when they have no factor.
 */
export async function freshSecondFactor(
  sql: Sql,
  userId: string,
  now: Date,
  sessionId?: string,
  purpose: StepUpPurpose = "act",
): Promise<"fresh" | "required" | "none"> {
  if ((await listSecondFactors(sql, userId)).length === 0) return "none";
  if (!sessionId) return "required";
  const checked = await getSessionSecondFactorAt(sql, sessionId, userId);
  const within = (at: Date | null) => {
    const age = at ? now.getTime() - at.getTime() : Number.POSITIVE_INFINITY;
    return age >= 0 && age < STEP_UP_VALID_MS;
  };
  if (within(checked.secondFactorAt)) return "fresh";
  return purpose === "enrol-factor" && within(checked.recoverySignInAt) ? "fresh" : "required";
}

const defaultFactorDeps = () => runtime().secondFactorDeps();

export async function verifyStepUp(
  sql: Sql,
  userId: string,
  proof: StepUpProof,
  now: Date = new Date(),
  factorDeps: () => Promise<SecondFactorDeps> = defaultFactorDeps,
  purpose: StepUpPurpose = "act",
): Promise<StepUpResult> {
  const factor = await freshSecondFactor(sql, userId, now, proof.sessionId, purpose);
  if (factor === "fresh") return { ok: true, method: "second-factor" };
  if (factor === "required") return stepUpWithCode(sql, userId, proof, now, factorDeps);
  const refuse = (message: string): StepUpResult => ({
    ok: false,
    fieldErrors: { [STEP_UP_FIELD]: message },
    message,
  });
  const password = proof.password;
  if (!password) return refuse("Enter your password to confirm.");
  const attempt = await attemptCountingFailures(
    sql,
    `step-up:${userId}`,
    STEP_UP_PASSWORD_RULE,
    now,
    async () => {
      const user = await getUserByIdWithPassword(sql, userId);
      return Boolean(user && !user.disabledAt && (await verifyPassword(password, user.passwordHash)));
    },
  );
  if (attempt.outcome === "succeeded") return { ok: true, method: "password" };
  if (attempt.outcome === "limited") {
    return refuse(`Too many wrong passwords. Try again in ${minutesToWait(attempt.retryAfterMs)} min.`);
  }
  if (attempt.outcome === "busy") return refuse("Too many confirmations at once. Try again in a moment.");
  return refuse("Wrong password.");
}

async function stepUpWithCode(
  sql: Sql,
  userId: string,
  proof: StepUpProof,
  now: Date,
  factorDeps: () => Promise<SecondFactorDeps>,
): Promise<StepUpResult> {
  const refuse = (message: string): StepUpResult => ({
    ok: false,
    fieldErrors: { [STEP_UP_CODE_FIELD]: message },
    message,
  });
  const prompt = await stepUpPrompt(sql, userId);
  const code = proof.code?.trim() ?? "";
  if (!code) {
    const passkeyOnly = prompt.kind === "second-factor" && !prompt.totp;
    return refuse(
      passkeyOnly
        ? "Confirm it is you with your passkey first (Confirm with a passkey)."
        : "Enter the 6-digit code from your authenticator app, or confirm with a passkey.",
    );
  }
  if (looksLikeRecoveryCode(code)) {
    return refuse("Recovery codes are for signing in. Enter the 6-digit code from your authenticator app.");
  }
  const check = await checkSecondFactorCode({ ...(await factorDeps()), sql }, userId, code, now);
  if (!check.ok) return refuse(check.message);
  if (proof.sessionId) await markSessionSecondFactor(sql, proof.sessionId, now);
  return { ok: true, method: "second-factor" };
}

/** Options for a step-up passkey check (the browser's navigator.credentials.get()). */
export async function stepUpPasskeyOptions(
  deps: SecondFactorDeps,
  userId: string,
  now: Date = new Date(),
): Promise<PublicKeyCredentialRequestOptionsJSON | null> {
  return passkeyAssertionOptions(deps, userId, "step-up", now);
}

/** A passkey check for step-up: on success this session is fresh for STEP_UP_VALID_MS. */
export async function stepUpWithPasskey(
  deps: SecondFactorDeps,
  user: { id: string; sessionId?: string },
  response: AuthenticationResponseJSON,
  now: Date = new Date(),
): Promise<{ ok: true; message: string } | { ok: false; message: string }> {
  if (!user.sessionId) return { ok: false, message: "You are signed out. Sign in again to continue." };
  const check = await checkPasskeyAssertion(deps, user.id, "step-up", response, now);
  if (!check.ok) return { ok: false, message: check.message };
  await markSessionSecondFactor(deps.sql, user.sessionId, now);
  return { ok: true, message: "Passkey confirmed." };
}
