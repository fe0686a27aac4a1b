/**
 * Checking a second factor (sign-in and step-up): a code — the authenticator app's six digits, or a
 * recovery code (each works once) — or a passkey's assertion against the challenge this server issued.
 * Wrong codes count per user (five per 15 minutes, lib/auth/rate-limit.ts) whichever door they came
 * through, and change nothing else.
 */
import "server-only";
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  type PublicKeyCredentialRequestOptionsJSON,
  verifyAuthenticationResponse,
} from "@simplewebauthn/server";
import {
  getPasskeyByCredential,
  listSecondFactors,
  putChallenge,
  spendRecoveryCode,
  spendTotpStep,
  takeChallenge,
  updatePasskeyCounter,
} from "@/lib/database/dashboard/queries/second-factors";
import { minutesToWait, type RateLimitRule, releaseAttempt, reserveAttempt } from "../rate-limit";
import type { SecondFactorDeps } from "./deps";
import { hashRecoveryCode, looksLikeRecoveryCode } from "./recovery";
import { unseal } from "./seal";
import { acceptedTotpStep } from "./totp";

/** Wrong second-factor codes (and failed passkeys) per user. */
export const SECOND_FACTOR_RULE: RateLimitRule = { limit: 5, windowMs: 15 * 60_000 };
/** How long a WebAuthn challenge may be answered. */
export const CHALLENGE_VALID_MS = 5 * 60_000;

export const WRONG_CODE_MESSAGE =
  "That code is not right (or was used already). Check your app and try again.";

export type FactorMethod = "totp" | "recovery-code" | "passkey";
export type FactorCheck =
  | { ok: true; method: FactorMethod }
  | { ok: false; message: string; exhausted: boolean };

const attemptsKey = (userId: string) => `second-factor:${userId}`;

function tooMany(retryAfterMs: number): FactorCheck {
  return {
    ok: false,
    exhausted: true,
    message: `Too many wrong codes. Try again in ${minutesToWait(retryAfterMs)} min.`,
  };
}

/** A TOTP code or a recovery code of `userId`'s, spent if right. */
export async function checkSecondFactorCode(
  deps: SecondFactorDeps,
  userId: string,
  typed: string,
  now: Date,
): Promise<FactorCheck> {
  const { sql } = deps;
  const attempt = await reserveAttempt(sql, attemptsKey(userId), SECOND_FACTOR_RULE, now);
  if (!attempt.allowed) return tooMany(attempt.retryAfterMs);
  const method = await spendCode(deps, userId, typed, now);
  if (method) {
    await releaseAttempt(sql, attemptsKey(userId));
    return { ok: true, method };
  }
  if (attempt.exhausted) return tooMany(attempt.retryAfterMs);
  return { ok: false, exhausted: false, message: WRONG_CODE_MESSAGE };
}

async function spendCode(
  deps: SecondFactorDeps,
  userId: string,
  typed: string,
  now: Date,
): Promise<FactorMethod | null> {
  if (looksLikeRecoveryCode(typed)) {
    return (await spendRecoveryCode(deps.sql, userId, hashRecoveryCode(typed), now)) ? "recovery-code" : null;
  }
  const totp = (await listSecondFactors(deps.sql, userId)).find((f) => f.kind === "totp");
  if (!totp?.secret) return null;
  const secret = unseal(deps.key, totp.secret, userId);
  if (!secret) return null;
  const step = acceptedTotpStep(secret, typed, now, totp.lastStep === null ? null : Number(totp.lastStep));
  if (step === null) return null;
  return (await spendTotpStep(deps.sql, totp.id, step, now)) ? "totp" : null;
}

/** Options for navigator.credentials.get() over the user's passkeys; the challenge is kept for `purpose`. */
export async function passkeyAssertionOptions(
  deps: SecondFactorDeps,
  userId: string,
  purpose: "sign-in" | "step-up",
  now: Date,
): Promise<PublicKeyCredentialRequestOptionsJSON | null> {
  const passkeys = (await listSecondFactors(deps.sql, userId)).filter((f) => f.kind === "passkey");
  if (passkeys.length === 0) return null;
  const options = await generateAuthenticationOptions({
    rpID: deps.relyingParty.id,
    userVerification: "preferred",
    allowCredentials: passkeys.map((p) => ({
      id: p.credentialId ?? "",
      transports: p.transports ?? undefined,
    })),
  });
  await putChallenge(deps.sql, {
    userId,
    purpose,
    challenge: options.challenge,
    expiresAt: new Date(now.getTime() + CHALLENGE_VALID_MS),
  });
  return options;
}

export const PASSKEY_FAILED_MESSAGE = "The passkey was not accepted. Try again, or use a code.";

/** Verifies an assertion against the challenge issued for `purpose` (used once, whatever the outcome). */
export async function checkPasskeyAssertion(
  deps: SecondFactorDeps,
  userId: string,
  purpose: "sign-in" | "step-up",
  response: AuthenticationResponseJSON,
  now: Date,
): Promise<FactorCheck> {
  const { sql } = deps;
  const attempt = await reserveAttempt(sql, attemptsKey(userId), SECOND_FACTOR_RULE, now);
  if (!attempt.allowed) return tooMany(attempt.retryAfterMs);
  const challenge = await takeChallenge(sql, userId, purpose, now);
  const passkey = challenge ? await getPasskeyByCredential(sql, userId, response.id) : null;
  if (challenge && passkey?.publicKey && passkey.credentialId) {
    try {
      const verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: deps.relyingParty.origins,
        expectedRPID: deps.relyingParty.id,
        requireUserVerification: false,
        credential: {
          id: passkey.credentialId,
          publicKey: Buffer.from(passkey.publicKey, "base64url"),
          counter: Number(passkey.counter ?? 0),
          transports: passkey.transports ?? undefined,
        },
      });
      if (verified.verified) {
        await updatePasskeyCounter(sql, passkey.id, verified.authenticationInfo.newCounter, now);
        await releaseAttempt(sql, attemptsKey(userId));
        return { ok: true, method: "passkey" };
      }
    } catch {
      // A malformed or replayed answer: refused like a wrong one.
    }
  }
  if (attempt.exhausted) return tooMany(attempt.retryAfterMs);
  return {
    ok: false,
    exhausted: false,
    message: challenge ? PASSKEY_FAILED_MESSAGE : "The passkey request expired. Try again.",
  };
}
