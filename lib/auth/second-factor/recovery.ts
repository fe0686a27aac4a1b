/**
 * Recovery codes: ten per user, shown once, stored as SHA-256 (each carries 50 random bits, so a plain hash
 * is enough: nobody can try 2^50 candidates against a stolen table). Each signs in once.
 */
import { createHash, randomInt } from "node:crypto";

export const RECOVERY_CODE_COUNT = 10;
// Crockford-like: no 0/o, 1/l/i, so a code read from paper is typed right.
const ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
const GROUP = 5;

/** "abcde-fghjk": two groups of five. */
export function newRecoveryCode(): string {
  const pick = () => Array.from({ length: GROUP }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return `${pick()}-${pick()}`;
}

export function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  return [...codes];
}

/** Whether what was typed looks like a recovery code (rather than an authenticator app's six digits). */
export function looksLikeRecoveryCode(typed: string): boolean {
  return /^[a-z0-9]{10}$/.test(typed.trim().toLowerCase().replace(/[\s-]/g, ""));
}

/** What is stored: case, spaces and the dash don't matter. */
export function hashRecoveryCode(typed: string): string {
  const normalised = typed.trim().toLowerCase().replace(/[\s-]/g, "");
  return createHash("sha256").update(`recovery:${normalised}`).digest("hex");
}
