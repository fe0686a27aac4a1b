/**
 * Runs before every page (not API routes or static files). Nothing here is an access check: every page
 * and handler checks the session itself. Its jobs:
 * - refuse cross-origin posts to pages (server actions, the sign-in form) with a 403 (lib/security/same-origin);
 * - a fresh Content-Security-Policy nonce per response (lib/security/content-security-policy): passed to
 *   Next on the request's CSP header, which Next reads to put the nonce on its scripts;
 * - staff pages: pass the requested path on to the page (REQUEST_PATH_HEADER), so that a signed-out visitor
 *   is sent to /login?next=<that path> and comes back to it after signing in;
 * - the public pay page (/pay/...): picks the customer's language — ?lang=, then the `lang`
 * cookie, then Accept-Language among ru, pt-BR, en — and hands it to the root layout through a request
 * header so `<html lang>` is right. A ?lang= choice (the switcher's links) is remembered in the cookie,
 * which works without JavaScript.
 */
import { type NextRequest, NextResponse } from "next/server";
import { REQUEST_PATH_HEADER } from "@/lib/auth/request-path";
import { isDecodablePath } from "@/lib/decodable-path";
import { DOCUMENT_LANG_HEADER } from "@/lib/document-lang";
import { LANG_COOKIE, LANG_QUERY_PARAM, negotiateLocale, toLocale } from "@/lib/i18n/locales";
import { contentSecurityPolicy, newNonce } from "@/lib/security/content-security-policy";
import { crossOriginRefusal, isCrossOriginWrite } from "@/lib/security/same-origin";

const ONE_YEAR_S = 365 * 24 * 3600;

export function proxy(request: NextRequest): NextResponse {
  if (!isDecodablePath(request.nextUrl.pathname)) return undecodablePath(request);
  if (isCrossOriginWrite(request.method, request.headers)) return crossOriginRefusal();

  const csp = contentSecurityPolicy({
    nonce: newNonce(),
    dev: process.env.NODE_ENV === "development",
    https: process.env.PUBLIC_BASE_URL?.startsWith("https://") ?? false,
  });
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", csp);
  const isPayPage = request.nextUrl.pathname.startsWith("/pay/");
  if (isPayPage) headers.set(DOCUMENT_LANG_HEADER, payPageLocale(request));
  else headers.set(REQUEST_PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);

  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", csp);
  if (isPayPage) decoratePayPageResponse(request, response);
  return response;
}

function payPageLocale(request: NextRequest): string {
  return negotiateLocale({
    query: request.nextUrl.searchParams.get(LANG_QUERY_PARAM),
    cookie: request.cookies.get(LANG_COOKIE)?.value,
    acceptLanguage: request.headers.get("accept-language"),
  });
}

function decoratePayPageResponse(request: NextRequest, response: NextResponse): void {
  const chosen = toLocale(request.nextUrl.searchParams.get(LANG_QUERY_PARAM));
  if (chosen && chosen !== request.cookies.get(LANG_COOKIE)?.value) {
    response.cookies.set(LANG_COOKIE, chosen, {
      path: "/pay",
      maxAge: ONE_YEAR_S,
      sameSite: "lax",
      httpOnly: true,
      secure: request.nextUrl.protocol === "https:",
    });
  }
  // The token is in the URL: keep it out of Referer headers and search engines, and out of shared caches.
  response.headers.set("Referrer-Policy", "no-referrer");
  response.headers.set("X-Robots-Tag", "noindex, nofollow");
  response.headers.set("Cache-Control", "private, no-store");
  response.headers.set("Vary", "Cookie, Accept-Language");
}

/** Invalid UTF-8 in the path (issue 8): a 404, JSON for the API and the not-found page for pages. */
function undecodablePath(request: NextRequest): NextResponse {
  if (request.nextUrl.pathname.startsWith("/api/"))
    return NextResponse.json(
      { error: "Not found" },
      { status: 404, headers: { "Cache-Control": "no-store" } },
    );
  return NextResponse.rewrite(new URL("/_undecodable-path", request.url));
}

export const config = {
  // Every page, /login included, and API paths under /api/pay only when percent-escaped (a path that may
  // not decode, see undecodablePath); other API routes answer JSON and check signatures or sessions themselves.
  matcher: ["/api/pay/:path(.*%.*)", "/((?!_next/|api/|favicon.ico).*)"],
};
