import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { config, proxy } from "@/proxy";
import { isDecodablePath } from "./decodable-path";

describe("paths that are not percent-encoded UTF-8", () => {
  it.each(["/pay/%FF", "/orders/%C0%AF", "/api/pay/%ED%A0%80", "/orders/%"])(
    "%s is not decodable",
    (path) => {
      expect(isDecodablePath(path)).toBe(false);
    },
  );
  it.each(["/pay/abc", "/orders/%D0%B9", "/orders/%25FF", "/"])("%s is", (path) => {
    expect(isDecodablePath(path)).toBe(true);
  });

  it("the proxy runs on them under /api/pay (and still not on /api/pay/<token>)", () => {
    expect(unstable_doesMiddlewareMatch({ config, url: "/api/pay/%FF" })).toBe(true);
    expect(unstable_doesMiddlewareMatch({ config, url: "/api/pay/abc" })).toBe(false);
  });

  it("the proxy answers 404 for them: JSON under /api, the not-found page otherwise", async () => {
    const api = proxy(new NextRequest("http://dashboard.test/api/pay/%FF"));
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: "Not found" });
    for (const path of ["/pay/%FF", "/orders/%FF"]) {
      const page = proxy(new NextRequest(`http://dashboard.test${path}`));
      expect(page.headers.get("x-middleware-rewrite")).toBe("http://dashboard.test/_undecodable-path");
    }
    // A decodable path goes on as before.
    expect(
      proxy(new NextRequest("http://dashboard.test/orders/abc")).headers.get("x-middleware-rewrite"),
    ).toBeNull();
  });
});
