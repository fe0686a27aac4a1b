import { createHash } from "node:crypto";

/** What is kept of a body that failed verification: enough for the order's timeline and an operator. */
export const UNVERIFIED_PREFIX_BYTES = 1024;

export interface BodySummary {
  /** Size of the body as received, in bytes. */
  bytes: number;
  /** Lowercase hex SHA-256 of the body as received. */
  sha256: string;
}

export function summarizeBody(bytes: Uint8Array): BodySummary {
  return { bytes: bytes.byteLength, sha256: createHash("sha256").update(bytes).digest("hex") };
}

/** The first `maxBytes` bytes of `text` as UTF-8, cut back to a whole character. */
export function utf8Prefix(text: string, maxBytes: number): string {
  const encoded = Buffer.from(text, "utf8");
  if (encoded.byteLength <= maxBytes) return text;
  let end = maxBytes;
  // Back off continuation bytes (10xxxxxx) so no character is split.
  while (end > 0 && ((encoded[end] ?? 0) & 0xc0) === 0x80) end--;
  return encoded.subarray(0, end).toString("utf8");
}
