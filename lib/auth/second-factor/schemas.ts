/** Inputs of the second-factor actions (plain module: the forms and the "use server" files import it). */
import { z } from "zod";
import { anyUuid } from "@/lib/contract/uuid";
import { PASSWORD_MAX } from "@/lib/auth/user-schemas";

export const FACTOR_NAME_MAX = 60;
const CODE_MAX = 32;

/** The approve dialog's code: optional there (a fresh step-up needs none); the server says what is missing. */
export const stepUpCodeSchema = z.string().max(CODE_MAX, `Must be at most ${CODE_MAX} characters`);

/**
 * The step-up a factor change carries (lib/auth/step-up.ts): the password (no factor yet) or a code from the
 * authenticator app; both optional, as a fresh factor check needs neither, and the server says what is missing.
 */
const stepUpPassword = z.string().max(PASSWORD_MAX, `Must be at most ${PASSWORD_MAX} characters`).optional();
const stepUp = { password: stepUpPassword, code: stepUpCodeSchema.optional() };

const code = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(CODE_MAX, `Must be at most ${CODE_MAX} characters`);

/** Sign-in's second step: a code from the app or a recovery code. */
export const signInCodeSchema = z.object({
  code: code("Required: the 6-digit code from your authenticator app, or a recovery code"),
});

/** Where the authenticator-app setup names "use your passkey first": its `code` field is the new app's code. */
export const TOTP_STEP_UP_PASSKEY_FIELD = "passkey";

/** Setting up an authenticator app: the code it shows, proving it holds the seed. */
export const confirmTotpSchema = z.object({
  code: code("Required: the 6-digit code your authenticator app shows"),
  /** The step-up: only a password, as an account adding its authenticator app has none to give a code. */
  password: stepUpPassword,
});

const factorName = z
  .string({ error: "Required: a name to tell it apart" })
  .trim()
  .min(1, "Required: a name to tell it apart")
  .max(FACTOR_NAME_MAX, `Must be at most ${FACTOR_NAME_MAX} characters`);

/** A browser's WebAuthn answer, checked in depth by @simplewebauthn/server; here only its outline. */
const webAuthnResponse = z
  .object({
    id: z.string().min(1).max(1024),
    rawId: z.string().min(1).max(1024),
    type: z.literal("public-key"),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  })
  .loose();

export const registerPasskeySchema = z.object({ name: factorName, response: webAuthnResponse });
export const passkeyAssertionSchema = z.object({ response: webAuthnResponse });
export const renameFactorSchema = z.object({ factorId: anyUuid("Unknown factor"), name: factorName });
export const removeFactorSchema = z.object({ factorId: anyUuid("Unknown factor"), ...stepUp });
/** New recovery codes, or a passkey's registration options (the step-up guards adding one). */
export const stepUpOnlySchema = z.object(stepUp);
export const resetFactorsSchema = z.object({ userId: anyUuid("Unknown user") });
export const secondFactorSettingSchema = z.object({ required: z.boolean() });
