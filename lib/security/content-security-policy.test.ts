import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, newNonce } from "./content-security-policy";

describe("contentSecurityPolicy", () => {
  it("allows scripts only by nonce, refuses framing, plugins and foreign form targets", () => {
    const csp = contentSecurityPolicy({ nonce: "abc123", dev: false, https: false });
    const directives = new Map(csp.split("; ").map((d) => [d.split(" ")[0], d]));
    expect(directives.get("script-src")).toBe("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(directives.get("frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(directives.get("object-src")).toBe("object-src 'none'");
    expect(directives.get("base-uri")).toBe("base-uri 'self'");
    expect(directives.get("form-action")).toBe("form-action 'self'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).not.toContain("upgrade-insecure-requests");
  });

  it("adds eval only in development and the https upgrade only behind TLS", () => {
    expect(contentSecurityPolicy({ nonce: "n", dev: true, https: false })).toContain("'unsafe-eval'");
    expect(contentSecurityPolicy({ nonce: "n", dev: false, https: true })).toContain(
      "upgrade-insecure-requests",
    );
  });
});

describe("newNonce", () => {
  it("is 128 random bits in base64, different every time", () => {
    const a = newNonce();
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(new Set(Array.from({ length: 50 }, newNonce)).size).toBe(50);
  });
});
