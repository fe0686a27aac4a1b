import { describe, expect, it } from "vitest";
import { IDLE_SIGN_OUT, loginPathFor, sanitizeNextPath } from "./next-path";

describe("sanitizeNextPath", () => {
  it.each([
    ["/", "/"],
    ["/orders", "/orders"],
    ["/orders?status=Failed&page=2", "/orders?status=Failed&page=2"],
    ["/orders/1b0c#timeline", "/orders/1b0c#timeline"],
    ["/payins/new", "/payins/new"],
  ])("keeps the same-origin path %s", (input, expected) => {
    expect(sanitizeNextPath(input)).toBe(expected);
  });

  it.each([
    ["absolute URL", "https://evil.example/"],
    ["protocol-relative", "//evil.example/path"],
    ["backslash trick", "/\\evil.example"],
    ["backslash trick 2", "\\\\evil.example"],
    ["javascript URL", "javascript:alert(1)"],
    ["relative without slash", "orders"],
    ["tab inside", "/\t/evil.example"],
    ["newline inside", "/orders\n"],
    ["the login page itself", "/login"],
    ["the login page with a next", "/login?next=/orders"],
    ["empty", ""],
    ["not a string", 42],
    ["undefined", undefined],
    ["very long", `/${"a".repeat(3000)}`],
  ])("replaces %s with /", (_label, input) => {
    expect(sanitizeNextPath(input)).toBe("/");
  });

  it("normalises dot segments without leaving the origin", () => {
    expect(sanitizeNextPath("/orders/../users")).toBe("/users");
    expect(sanitizeNextPath("/..//evil.example")).toBe("/");
    expect(sanitizeNextPath("/a/../..//evil.example/x")).toBe("/");
  });
});

describe("loginPathFor", () => {
  it("adds ?next= for a real page and nothing for the overview", () => {
    expect(loginPathFor("/orders?x=1")).toBe("/login?next=%2Forders%3Fx%3D1");
    expect(loginPathFor("/")).toBe("/login");
    expect(loginPathFor(null)).toBe("/login");
    expect(loginPathFor("//evil.example")).toBe("/login");
  });

  it("says why when the session ended for inactivity", () => {
    expect(loginPathFor("/orders?x=1", IDLE_SIGN_OUT)).toBe("/login?next=%2Forders%3Fx%3D1&reason=idle");
    expect(loginPathFor("/", IDLE_SIGN_OUT)).toBe("/login?reason=idle");
  });
});
