/**
 * Canonical JSON: object keys sorted at every level, `undefined` members left out. The dashboard sends
 * requests in this form (so a retry rebuilt from jsonb, which does not keep key order, is byte-identical)
 * and the sandbox hashes it to recognise a replayed request.
 */
import { isRecord } from "./is-record";

/** The same JSON value with its object keys in sorted order (as JSON.stringify then writes them). */
export function canonicalise<T>(value: T): T {
  if (Array.isArray(value)) return value.map(canonicalise) as T;
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      if (value[key] !== undefined) out[key] = canonicalise(value[key]);
    }
    return out as T;
  }
  return value;
}

/** The canonical JSON text of a value. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(canonicalise(value));
}
