/**
 * Two small jobs, neither of them an access check (every page and handler checks the session itself):
 * - staff pages: pass the requested path on to the page (REQUEST_PATH_HEADER), so that a signed-out visitor
 *   is sent to /login?next=<that path> and comes back to it after signing in;
 * - the public pay page (/pay/...): picks the customer's language — ?lang=, then the `lang`
 * cookie, then Accept-Language among ru, pt-BR, en — and hands it to the root layout through a request
 * header so `<html lang>` is right. A ?lang= choice (the switcher's links) is remembered in the cookie,
 * which works without JavaScript. Nothing here is an access check: the page itself decides what to show.
 */
import { type NextRequest, NextResponse } from "next/server";
import { REQUEST_PATH_HEADER } from "@/lib/auth/request-path";
import { isDecodablePath } from "@/lib/decodable-path";
import { DOCUMENT_LANG_HEADER } from "@/lib/document-lang";
import { LANG_COOKIE, LANG_QUERY_PARAM, negotiateLocale, toLocale } from "@/lib/i18n/locales";

const ONE_YEAR_S = 365 * 24 * 3600;

export function proxy(request: NextRequest): NextResponse {
  if (!isDecodablePath(request.nextUrl.pathname)) return undecodablePath(request);
  if (!request.nextUrl.pathname.startsWith("/pay/")) {
    const headers = new Headers(request.headers);
    headers.set(REQUEST_PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
    return NextResponse.next({ request: { headers } });
  }
  const query = request.nextUrl.searchParams.get(LANG_QUERY_PARAM);
  const cookie = request.cookies.get(LANG_COOKIE)?.value;
  const locale = negotiateLocale({ query, cookie, acceptLanguage: request.headers.get("accept-language") });

  const headers = new Headers(request.headers);
  headers.set(DOCUMENT_LANG_HEADER, locale);
  const response = NextResponse.next({ request: { headers } });

  const chosen = toLocale(query);
  if (chosen && chosen !== cookie) {
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
  return response;
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
  // API routes only when percent-escaped, where a path may not decode (undecodablePath).
  matcher: ["/pay/:path*", "/api/pay/:path(.*%.*)", "/((?!_next/|api/|pay/|favicon.ico|login).*)"],
};
