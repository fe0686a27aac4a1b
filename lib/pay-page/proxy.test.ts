import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { NextRequest } from "next/server";
import { describe, expect, test } from "vitest";
import { REQUEST_PATH_HEADER } from "@/lib/auth/request-path";
import { DOCUMENT_LANG_HEADER } from "@/lib/document-lang";
import { config, proxy } from "@/proxy";

/** A request header proxy.ts hands on to the page (NextResponse.next's request-header override). */
const passedOn = (res: Response, header: string) => res.headers.get(`x-middleware-request-${header}`);
const docLang = (res: Response) => passedOn(res, DOCUMENT_LANG_HEADER);

describe("proxy.ts", () => {
  test.each([
    ["/pay/abc", {}, "en"],
    ["/pay/abc", { "accept-language": "ru-RU,ru;q=0.9" }, "ru"],
    ["/pay/abc", { "accept-language": "pt-BR,pt;q=0.9" }, "pt-BR"],
    ["/pay/abc", { "accept-language": "ru", cookie: "lang=pt-BR" }, "pt-BR"],
    ["/pay/abc?lang=en", { "accept-language": "ru", cookie: "lang=pt-BR" }, "en"],
  ])("%s %j → %s", (path, headers, lang) => {
    const res = proxy(new NextRequest(`http://localhost${path}`, { headers }));
    expect(docLang(res)).toBe(lang);
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
  });

  test("a ?lang= choice is remembered in the lang cookie (path /pay), an invalid one is ignored", () => {
    const chosen = proxy(new NextRequest("http://localhost/pay/abc?lang=pt-BR"));
    expect(chosen.cookies.get("lang")).toMatchObject({ value: "pt-BR", path: "/pay", httpOnly: true });
    const invalid = proxy(new NextRequest("http://localhost/pay/abc?lang=xx"));
    expect(invalid.cookies.get("lang")).toBeUndefined();
    expect(docLang(invalid)).toBe("en");
  });

  test("staff pages get the requested path (for /login?next=) and no language or pay-page headers", () => {
    const res = proxy(new NextRequest("http://localhost/orders?status=Failed&cursor=abc"));
    expect(passedOn(res, REQUEST_PATH_HEADER)).toBe("/orders?status=Failed&cursor=abc");
    expect(docLang(res)).toBeNull();
    expect(res.headers.get("referrer-policy")).toBeNull();
  });

  // Every page (the Content-Security-Policy and the cross-origin check), /login included; never API
  // routes or assets.
  test.each([
    ["/pay/abc", true],
    ["/pay", true],
    ["/orders", true],
    ["/payins/new", true],
    ["/", true],
    ["/api/pay/abc", false],
    ["/api/postback", false],
    ["/_next/static/chunks/app.js", false],
    ["/login", true],
  ])("runs on %s: %s", (url, runs) => {
    expect(unstable_doesMiddlewareMatch({ config, url })).toBe(runs);
  });
});
