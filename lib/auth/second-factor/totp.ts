/**
 * Authenticator apps: TOTP (RFC 6238: HMAC-SHA1, 6 digits, 30-second steps) through `otpauth`. A code is
 * accepted for the step before, the current one and the one after (clocks drift), and only for a step later
 * than the last one accepted, so an overheard code cannot be replayed.
 */
import { Secret, TOTP } from "otpauth";

export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
/** The issuer an authenticator app shows beside the account. */
export const TOTP_ISSUER = "Payments dashboard";

/** A new random seed (160 bits, RFC 4226's recommendation), base32 as apps take it typed in. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(secretBase32: string, label = "") {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    secret: Secret.fromBase32(secretBase32),
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
  });
}

/** The otpauth:// URI the QR code carries. */
export function totpUri(secretBase32: string, accountEmail: string): string {
  return totpFor(secretBase32, accountEmail).toString();
}

/** The code for `now` (tests, and nothing else: the server never shows one). */
export function totpCode(secretBase32: string, now: Date): string {
  return totpFor(secretBase32).generate({ timestamp: now.getTime() });
}

/** "123 456", " 123456 " → "123456"; anything else stays as typed (and fails). */
export function normaliseCode(code: string): string {
  return code.replace(/[\s-]/g, "");
}

/**
 * The step `code` belongs to (within one step of `now`), or null when it is no code of this seed then, or
 * of a step not later than `lastStep`.
 */
export function acceptedTotpStep(
  secretBase32: string,
  code: string,
  now: Date,
  lastStep: number | null,
): number | null {
  const token = normaliseCode(code);
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(token)) return null;
  const delta = totpFor(secretBase32).validate({ token, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now.getTime() / 1000 / TOTP_PERIOD_S) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}
