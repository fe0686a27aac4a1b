/**
 * Cross-site request refusal for pages (server actions, the sign-in form). Next.js aborts a server action
 * whose Origin does not match the host with an exception, i.e. a 500; proxy.ts answers 403 first with the
 * same rule: the Origin's host must equal X-Forwarded-Host (first entry) or else Host. A request without an
 * Origin is left to Next (browsers always send one on cross-site posts). Plain module: proxy.ts imports it.
 */
import { NextResponse } from "next/server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isCrossOriginWrite(method: string, headers: Headers): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const origin = headers.get("origin");
  if (origin === null) return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true; // "null" (sandboxed frames, privacy redirects) and junk cannot prove where they come from
  }
  if (!originHost) return true;
  const forwardedHost = headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  const host = forwardedHost || headers.get("host");
  return !host || originHost !== host;
}

/** The 403 answer, as problem details like the rest of the product's errors. */
export function crossOriginRefusal(): NextResponse {
  return new NextResponse(
    JSON.stringify({
      type: "about:blank",
      title: "Forbidden",
      status: 403,
      detail:
        "Cross-origin form posts and server-action calls are refused (the Origin header names another site).",
    }),
    { status: 403, headers: { "content-type": "application/problem+json", "cache-control": "no-store" } },
  );
}
