import { describe, expect, it } from "vitest";
import { sessionCookieIsSecure, sessionCookieName, sessionCookieOptions } from "./cookie";

describe("session cookie", () => {
  it.each([
    ["production", "https://pay.example.com", true],
    ["production", "http://localhost:3000", false],
    ["development", "https://pay.example.com", false],
    ["test", "http://localhost:3000", false],
  ])("NODE_ENV=%s, PUBLIC_BASE_URL=%s -> Secure %s", (NODE_ENV, PUBLIC_BASE_URL, secure) => {
    expect(sessionCookieIsSecure({ NODE_ENV, PUBLIC_BASE_URL })).toBe(secure);
  });

  it("uses the __Host- prefix only when Secure (browsers reject it otherwise)", () => {
    expect(sessionCookieName(true)).toBe("__Host-dashboard_session");
    expect(sessionCookieName(false)).toBe("dashboard_session");
  });

  it("is httpOnly, SameSite=Lax, path=/ and expires with the session", () => {
    const expires = new Date("2026-05-01T12:00:00Z");
    expect(sessionCookieOptions(expires)).toMatchObject({
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      expires,
    });
  });
});
