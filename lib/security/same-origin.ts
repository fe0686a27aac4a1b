/**
 * Cross-site request refusal for pages (server actions, the sign-in form). Next.js aborts a server action
 * whose Origin does not match the host with an exception, i.e. a 500; proxy.ts answers 403 first with the
 * same rule: the Origin's host must equal X-Forwarded-Host (first entry) or else Host. A request without an
 * Origin is left to Next (browsers always send one on cross-site posts). Plain module: proxy.ts imports it.
 */
import { NextResponse } from "next/server";
import { routeProblem } from "@/lib/http/route-problem";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const CROSS_ORIGIN_MESSAGE =
  "Cross-origin form posts and server-action calls are refused (the Origin header names another site).";

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
  // The proxy must answer with a NextResponse: the same problem, re-wrapped.
  const problem = routeProblem(403, "Forbidden", CROSS_ORIGIN_MESSAGE);
  return new NextResponse(problem.body, { status: problem.status, headers: problem.headers });
}
