/**
 * Your account → Second factor: set up an authenticator app (a seed sealed at rest, confirmed with a code
 * from it) or a passkey, name and remove them, and the ten recovery codes (shown once, with the first
 * factor or on request; stored hashed). Every change is audited, and every change but a rename needs the
 * step-up first (./change-step-up.ts). Removing the last factor removes the recovery codes with it.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import {
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { writeAudit } from "@/lib/database/dashboard/queries/audit";
import {
  clearMustEnrol,
  confirmTotp,
  countUnusedRecoveryCodes,
  deleteRecoveryCodes,
  deleteSecondFactor,
  insertPasskey,
  listSecondFactors,
  putChallenge,
  putPendingTotp,
  renameSecondFactor,
  replaceRecoveryCodes,
  takeChallenge,
} from "@/lib/database/dashboard/queries/second-factors";
import type { Sql } from "@/lib/database";
import { refusedStepUp, type StepUpProof } from "./change-step-up";
import type { SecondFactorDeps } from "./deps";
import { hashRecoveryCode, newRecoveryCodes } from "./recovery";
import { TOTP_STEP_UP_PASSKEY_FIELD } from "./schemas";
import { seal, unseal } from "./seal";
import { acceptedTotpStep, newTotpSecret, totpUri } from "./totp";
import type { AccountFactors, TotpSetup } from "./types";
import { CHALLENGE_VALID_MS } from "./verify";

export type { AccountFactors, FactorView, TotpSetup } from "./types";

export { FACTOR_NAME_MAX } from "./schemas";

export const AUTHENTICATOR_APP_NAME = "Authenticator app";
/** EdDSA, ES256, RS256 (COSE ids): what authenticators make; not the library's experimental ML-DSA. */
const PASSKEY_ALGORITHMS = [-8, -7, -257];

export async function accountFactors(sql: Sql, userId: string): Promise<AccountFactors> {
  const rows = await listSecondFactors(sql, userId);
  return {
    factors: rows.map((f) => ({
      id: f.id,
      kind: f.kind,
      name: f.name,
      createdAt: f.createdAt.toISOString(),
      lastUsedAt: f.lastUsedAt?.toISOString() ?? null,
    })),
    unusedRecoveryCodes: await countUnusedRecoveryCodes(sql, userId),
  };
}

type Refusal = { ok: false; fieldErrors?: Record<string, string>; message: string };
/** `recoveryCodes`: new ones, shown once (the first factor set up brings them). */
export type Enrolled = { ok: true; message: string; recoveryCodes?: string[] };

interface Owner {
  id: string;
  email: string;
}

/** A new seed for the user's authenticator app, kept unconfirmed until a code from it comes back. */
export async function startTotpEnrolment(
  deps: SecondFactorDeps,
  user: Owner,
): Promise<{ ok: true; setup: TotpSetup } | Refusal> {
  const secret = newTotpSecret();
  const id = randomUUID();
  const stored = await putPendingTotp(deps.sql, {
    id,
    userId: user.id,
    name: AUTHENTICATOR_APP_NAME,
    secret: seal(deps.key, secret, user.id),
  });
  if (!stored) {
    return {
      ok: false,
      message: "You have an authenticator app already. Remove it first to set up another.",
    };
  }
  return { ok: true, setup: { secret, uri: totpUri(secret, user.email) } };
}

/**
 * `proof`'s code is not asked for: an account adding its (one) authenticator app has none to give one, so
 * the step-up is its password, or a passkey or sign-in check fresh on this session.
 */
export async function confirmTotpEnrolment(
  deps: SecondFactorDeps,
  user: Owner,
  code: string,
  now: Date,
  proof: Omit<StepUpProof, "code">,
): Promise<Enrolled | Refusal> {
  const pending = (await listSecondFactors(deps.sql, user.id, true)).find(
    (f) => f.kind === "totp" && f.confirmedAt === null,
  );
  const secret = pending?.secret ? unseal(deps.key, pending.secret, user.id) : null;
  if (!pending || !secret) {
    return { ok: false, message: "Start again: choose Set up authenticator app." };
  }
  const refused = await refusedStepUp(
    deps,
    user.id,
    { password: proof.password, sessionId: proof.sessionId },
    now,
    "enrol-factor",
  );
  if (refused) {
    const { code: passkeyFirst, ...fieldErrors } = refused.fieldErrors;
    return passkeyFirst
      ? { ...refused, fieldErrors: { ...fieldErrors, [TOTP_STEP_UP_PASSKEY_FIELD]: passkeyFirst } }
      : refused;
  }
  const step = acceptedTotpStep(secret, code, now, null);
  if (step === null || !(await confirmTotp(deps.sql, user.id, step, now))) {
    const message = "That code is not right. Enter the 6 digits your app shows now.";
    return { ok: false, fieldErrors: { code: message }, message };
  }
  return enrolled(deps.sql, user.id, "totp", AUTHENTICATOR_APP_NAME, "Authenticator app set up.");
}

/** After a factor is added: audited, the session let out of Your account, and the first factor's codes. */
async function enrolled(
  sql: Sql,
  userId: string,
  kind: "totp" | "passkey",
  name: string,
  message: string,
): Promise<Enrolled> {
  await writeAudit(sql, {
    userId,
    action: "user.second-factor-add",
    target: userId,
    details: { kind, name },
  });
  await clearMustEnrol(sql, userId);
  if ((await countUnusedRecoveryCodes(sql, userId)) > 0) return { ok: true, message };
  const recoveryCodes = await issueRecoveryCodes(sql, userId);
  return { ok: true, message, recoveryCodes };
}

async function issueRecoveryCodes(sql: Sql, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(sql, userId, codes.map(hashRecoveryCode));
  return codes;
}

/** Ten new recovery codes in place of the old ones (which stop working). Only with a factor. */
export async function regenerateRecoveryCodes(
  deps: SecondFactorDeps,
  userId: string,
  now: Date,
  proof: StepUpProof,
): Promise<Enrolled | Refusal> {
  const { sql } = deps;
  if ((await listSecondFactors(sql, userId)).length === 0) {
    return { ok: false, message: "Set up an authenticator app or a passkey first." };
  }
  const refused = await refusedStepUp(deps, userId, proof, now);
  if (refused) return refused;
  const recoveryCodes = await issueRecoveryCodes(sql, userId);
  await writeAudit(sql, { userId, action: "user.recovery-codes", target: userId, details: {} });
  return { ok: true, message: "New recovery codes made; the old ones no longer work.", recoveryCodes };
}

/**
 * The step-up is checked here, before the browser makes a credential (a refusal then leaves no passkey on
 * the person's device that the account does not know); the one-time challenge, issued only after it and
 * valid for CHALLENGE_VALID_MS, carries that proof to registerPasskey.
 */
export async function passkeyRegistrationOptions(
  deps: SecondFactorDeps,
  user: Owner & { name: string },
  now: Date,
  proof: StepUpProof,
): Promise<{ ok: true; options: PublicKeyCredentialCreationOptionsJSON } | Refusal> {
  const refused = await refusedStepUp(deps, user.id, proof, now, "enrol-factor");
  if (refused) return refused;
  const existing = (await listSecondFactors(deps.sql, user.id)).filter((f) => f.kind === "passkey");
  const options = await generateRegistrationOptions({
    rpName: deps.relyingParty.name,
    rpID: deps.relyingParty.id,
    userName: user.email,
    userDisplayName: user.name || user.email,
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({
      id: p.credentialId ?? "",
      transports: p.transports ?? undefined,
    })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
    supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
  });
  await putChallenge(deps.sql, {
    userId: user.id,
    purpose: "register",
    challenge: options.challenge,
    expiresAt: new Date(now.getTime() + CHALLENGE_VALID_MS),
  });
  return { ok: true, options };
}

export async function registerPasskey(
  deps: SecondFactorDeps,
  user: Owner,
  input: { name: string; response: RegistrationResponseJSON },
  now: Date,
): Promise<Enrolled | Refusal> {
  // Only passkeyRegistrationOptions, after the step-up, issues this challenge.
  const challenge = await takeChallenge(deps.sql, user.id, "register", now);
  const refused = "The passkey was not saved. Try again.";
  if (!challenge) return { ok: false, message: "The passkey request expired. Try again." };
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: deps.relyingParty.origins,
      expectedRPID: deps.relyingParty.id,
      requireUserVerification: false,
      supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
    });
  } catch {
    return { ok: false, message: refused };
  }
  if (!verified.verified) return { ok: false, message: refused };
  const { credential } = verified.registrationInfo;
  await insertPasskey(deps.sql, {
    id: randomUUID(),
    userId: user.id,
    name: input.name,
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString("base64url"),
    counter: credential.counter,
    transports: credential.transports ?? [],
    now,
  });
  return enrolled(deps.sql, user.id, "passkey", input.name, `Passkey “${input.name}” added.`);
}

export async function renameFactor(
  sql: Sql,
  userId: string,
  input: { factorId: string; name: string },
): Promise<{ ok: true; message: string } | Refusal> {
  if (!(await renameSecondFactor(sql, userId, input.factorId, input.name))) {
    return { ok: false, message: "No such factor on your account. Refresh the page." };
  }
  return { ok: true, message: `Renamed to “${input.name}”.` };
}

export async function removeFactor(
  deps: SecondFactorDeps,
  userId: string,
  factorId: string,
  now: Date,
  proof: StepUpProof,
): Promise<{ ok: true; message: string } | Refusal> {
  const { sql } = deps;
  const refused = await refusedStepUp(deps, userId, proof, now);
  if (refused) return refused;
  const gone = await deleteSecondFactor(sql, userId, factorId);
  if (!gone) return { ok: false, message: "No such factor on your account. Refresh the page." };
  const left = await listSecondFactors(sql, userId);
  if (left.length === 0) await deleteRecoveryCodes(sql, userId);
  await writeAudit(sql, {
    userId,
    action: "user.second-factor-remove",
    target: userId,
    details: { kind: gone.kind, name: gone.name },
  });
  return {
    ok: true,
    message:
      left.length === 0
        ? `Removed “${gone.name}”. You have no second factor now; your recovery codes went with it.`
        : `Removed “${gone.name}”.`,
  };
}
