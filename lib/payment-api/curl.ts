/**
 * "Copy as cURL" for the request log: a shell command that makes a logged call again, exactly. The
 * signature is computed in the shell from $SECRET (lib/signing's scheme: HMAC-SHA256, lowercase hex, over
 * the raw body of a POST or the path and query of a GET), so the secret is never part of the command, and
 * the body travels in single quotes, byte for byte. Pure: no secret, no I/O.
 */

/** `text` as one single-quoted shell word ('it'\''s'). */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

export interface CurlInput {
  method: "GET" | "POST";
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
