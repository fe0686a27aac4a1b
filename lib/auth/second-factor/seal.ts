/**
 * Secrets at rest (TOTP seeds): AES-256-GCM with the second-factor key (SECOND_FACTOR_KEY, lib/auth/
 * second-factor/key.ts). A sealed value is "v1.<base64url(iv ‖ ciphertext ‖ tag)>"; the additional data
 * binds it to its owner, so a seed copied onto another user's row does not open.
 */
import "server-only";
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_BYTES = 32;

/** A key as SECOND_FACTOR_KEY gives it: 64 hex digits or 32 bytes in base64 / base64url; null if neither. */
export function parseKey(text: string): Buffer | null {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, "hex");
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(t)) {
    const key = Buffer.from(t, "base64url");
    return key.length === KEY_BYTES ? key : null;
  }
  return null;
}

export function seal(key: Buffer, plaintext: string, boundTo: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(boundTo));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url")}`;
}

/** The plaintext, or null when the value was not sealed with this key for `boundTo` (or was altered). */
export function unseal(key: Buffer, sealed: string, boundTo: string): string | null {
  const [version, data] = sealed.split(".", 2);
  if (version !== VERSION || !data) return null;
  const raw = Buffer.from(data, "base64url");
  if (raw.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(boundTo));
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    return null;
  }
}
