import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "@/proxy";

const cspOf = (res: Response) => res.headers.get("content-security-policy") ?? "";
const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];

describe("proxy.ts: Content-Security-Policy and cross-origin posts", () => {
  it.each(["/", "/login", "/orders", "/pay/abc"])(
    "%s gets a CSP with a fresh nonce, handed to Next too",
    (path) => {
      const first = proxy(new NextRequest(`http://localhost${path}`));
      const second = proxy(new NextRequest(`http://localhost${path}`));
      const csp = cspOf(first);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(nonceOf(csp)).toBeTruthy();
      expect(nonceOf(cspOf(second))).not.toBe(nonceOf(csp));
      // Next reads the nonce from the request's CSP header (the request-header override).
      expect(first.headers.get("x-middleware-request-content-security-policy")).toBe(csp);
    },
  );

  it("answers a cross-origin sign-in post or server-action call with 403, before Next sees it", async () => {
    const posts: Record<string, string>[] = [
      {
        host: "localhost",
        origin: "https://evil.example",
        "content-type": "multipart/form-data; boundary=x",
      },
      {
        host: "localhost",
        origin: "https://evil.example",
        "next-action": "7f00",
        "content-type": "text/plain",
      },
    ];
    for (const headers of posts) {
      const res = proxy(new NextRequest("http://localhost/login", { method: "POST", headers, body: "x" }));
      expect(res.status).toBe(403);
      expect(res.headers.get("x-middleware-next")).toBeNull();
      expect(await res.json()).toMatchObject({ status: 403 });
    }
  });

  it("lets a same-origin post through to Next", () => {
    const res = proxy(
      new NextRequest("http://localhost/login", {
        method: "POST",
        headers: { host: "localhost", origin: "http://localhost", "next-action": "7f00" },
        body: "x",
      }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("x-middleware-next")).toBe("1");
  });
});
