import { CALLBACK_HEADERS } from "@/lib/contract";

/** Headers worth keeping with a delivery; cookies, auth and proxy headers are never stored. */
const KEPT = [...Object.values(CALLBACK_HEADERS), "content-type", "content-length", "user-agent"] as const;

const MAX_HEADER_LENGTH = 1_000;

export type HeaderSource = Headers | Record<string, string | string[] | undefined>;

/** The kept headers, lower-cased names, each value cut to a sane length. */
export function pickCallbackHeaders(source: HeaderSource): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of KEPT) {
    const value = readHeader(source, name);
    if (value !== undefined) out[name] = value.slice(0, MAX_HEADER_LENGTH);
  }
  return out;
}

function readHeader(source: HeaderSource, name: string): string | undefined {
  if (source instanceof Headers) return source.get(name) ?? undefined;
  for (const [key, value] of Object.entries(source)) {
    if (key.toLowerCase() !== name || value === undefined) continue;
    return Array.isArray(value) ? value.join(", ") : value;
  }
  return undefined;
}
