/**
 * "Copy as cURL" for the request log: a shell command that makes a logged call again, exactly. The
 * signature is computed in the shell from $SECRET (lib/signing's scheme: HMAC-SHA256, lowercase hex, over
 * the raw body of a POST or the path and query of a GET), so the secret is never part of the command, and
 * the body travels quoted byte for byte. Pure: no secret, no I/O.
 */
import type { PaymentApiCallRow } from "@/lib/database/dashboard/schema";

/**
 * Characters that would make the command on screen differ from what it runs: C0 and C1 controls (a terminal
 * escape, a carriage return), bidirectional overrides and isolates, invisible joiners and marks, and the
 * Unicode line and paragraph separators.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what must not reach the screen raw
const DECEPTIVE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/u;

/**
 * `text` as one shell word: single-quoted ('it'\''s) when every character shows as itself; otherwise
 * ANSI-C quoted ($'…'), with each deceptive character written as the \xHH escapes of its UTF-8 bytes so
 * what the reader sees is what bash runs, in any locale.
 */
export function shellQuote(text: string): string {
  if (!DECEPTIVE.test(text)) return `'${text.replaceAll("'", `'\\''`)}'`;
  let quoted = "";
  for (const char of text) {
    if (char === "\\" || char === "'") quoted += `\\${char}`;
    else if (DECEPTIVE.test(char)) {
      for (const byte of new TextEncoder().encode(char)) quoted += `\\x${byte.toString(16).padStart(2, "0")}`;
    } else quoted += char;
  }
  return `$'${quoted}'`;
}

export interface CurlInput {
  method: PaymentApiCallRow["method"];
  url: string;
  clientId: string;
  /** The body exactly as sent (POST). */
  body: string | null;
}

/** The command, in lines joined by newlines; run it with SECRET set in the environment. */
export function curlCommand(input: CurlInput): string {
  const url = new URL(input.url);
  const hmac = `openssl dgst -sha256 -hmac "$SECRET" | sed 's/^.*= //'`;
  const lines =
    input.method === "POST"
      ? [
          `BODY=${shellQuote(input.body ?? "")}`,
          `SIG=$(printf '%s' "$BODY" | ${hmac})`,
          `curl -sS -X POST ${shellQuote(url.href)} \\`,
          `  -H 'Content-Type: application/json' \\`,
          `  -H ${shellQuote(`X-Client-Id: ${input.clientId}`)} \\`,
          `  -H "X-Signature: $SIG" \\`,
          `  --data-raw "$BODY"`,
        ]
      : [
          `SIG=$(printf '%s' ${shellQuote(url.pathname + url.search)} | ${hmac})`,
          `curl -sS ${shellQuote(url.href)} \\`,
          `  -H 'Content-Type: application/json' \\`,
          `  -H ${shellQuote(`X-Client-Id: ${input.clientId}`)} \\`,
          `  -H "X-Signature: $SIG"`,
        ];
  return [`: "\${SECRET:?set SECRET to the merchant secret first}"`, ...lines].join("\n");
}
