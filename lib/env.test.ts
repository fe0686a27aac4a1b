import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";

describe("the dashboard's environment", () => {
  it("with nothing set: the embedded sandbox, its default account, PGlite in .data", () => {
    const e = parseEnv({});
    expect(e).toMatchObject({
      PORT: 3000,
      PUBLIC_BASE_URL: "http://localhost:3000",
      PAYMENT_API_BASE_URL: "http://127.0.0.1:4010",
      PAYMENT_API_CLIENT_ID: "sandbox-merchant",
      PAYMENT_API_SECRET: "sandbox-secret",
      PAYMENT_API_TIMEOUT_MS: 10_000,
      DATA_DIR: ".data",
      usesSandbox: true,
    });
    expect(e.DATABASE_URL).toBeUndefined();
  });

  it("a real service: its URL, id and secret; no sandbox banner or controls", () => {
    const e = parseEnv({
      PAYMENT_API_BASE_URL: "https://api.provider.example",
      PAYMENT_API_CLIENT_ID: " merchant-7 ",
      PAYMENT_API_SECRET: "s3cret",
      PORT: "8080",
    });
    expect(e).toMatchObject({
      PAYMENT_API_BASE_URL: "https://api.provider.example",
      PAYMENT_API_CLIENT_ID: "merchant-7",
      PAYMENT_API_SECRET: "s3cret",
      PUBLIC_BASE_URL: "http://localhost:8080",
      usesSandbox: false,
    });
  });

  it("a previous secret (rotation) is optional and must differ from the current one", () => {
    const base = { PAYMENT_API_BASE_URL: "https://api.provider.example", PAYMENT_API_CLIENT_ID: "m1" };
    expect(
      parseEnv({ ...base, PAYMENT_API_SECRET: "new-secret", PAYMENT_API_PREVIOUS_SECRET: "old-secret" }),
    ).toMatchObject({ PAYMENT_API_SECRET: "new-secret", PAYMENT_API_PREVIOUS_SECRET: "old-secret" });
    expect(
      parseEnv({ ...base, PAYMENT_API_SECRET: "new-secret" }).PAYMENT_API_PREVIOUS_SECRET,
    ).toBeUndefined();
    expect(() =>
      parseEnv({ ...base, PAYMENT_API_SECRET: "same-secret", PAYMENT_API_PREVIOUS_SECRET: "same-secret" }),
    ).toThrow(/PAYMENT_API_PREVIOUS_SECRET: Must differ from PAYMENT_API_SECRET/);
  });

  it("a real service without its id and secret is refused, naming both", () => {
    expect(() => parseEnv({ PAYMENT_API_BASE_URL: "https://api.provider.example" })).toThrow(
      /PAYMENT_API_CLIENT_ID: Required when PAYMENT_API_BASE_URL is set[\s\S]*PAYMENT_API_SECRET: Required/,
    );
    // A sandbox elsewhere (PAYMENT_API_IS_SANDBOX=true) may use the sandbox's default account.
    expect(
      parseEnv({ PAYMENT_API_BASE_URL: "http://qa-sandbox:4010", PAYMENT_API_IS_SANDBOX: "true" }),
    ).toMatchObject({ PAYMENT_API_CLIENT_ID: "sandbox-merchant", usesSandbox: true });
  });

  it.each([
    [{ ADMIN_PASSWORD: "short-pass" }, "ADMIN_PASSWORD: Must be at least 12 characters"],
    [{ ADMIN_EMAIL: "not-an-email" }, "ADMIN_EMAIL:"],
    [{ PUBLIC_BASE_URL: "payments.example" }, "PUBLIC_BASE_URL:"],
    [{ PAYMENT_API_TIMEOUT_MS: "50" }, "PAYMENT_API_TIMEOUT_MS:"],
    [{ PORT: "70000" }, "PORT:"],
    [{ PAYMENT_API_IS_SANDBOX: "yes" }, "PAYMENT_API_IS_SANDBOX:"],
    [{ MERCHANT_DISPLAY_NAME: "x".repeat(61) }, "MERCHANT_DISPLAY_NAME: At most 60 characters"],
    [{ MERCHANT_LOGO_URL: "http://shop.example/logo.png" }, "MERCHANT_LOGO_URL: Must be an https:// URL"],
    [{ MERCHANT_LOGO_URL: "logo.png" }, "MERCHANT_LOGO_URL: Must be an https:// URL"],
    [{ MERCHANT_LOGO_URL: "//cdn.example/logo.png" }, "MERCHANT_LOGO_URL: Must be an https:// URL"],
    [{ MERCHANT_LOGO_URL: "https://cdn.example/a logo.png" }, "MERCHANT_LOGO_URL: Must not contain spaces"],
  ])("%j is refused naming the variable", (source, message) => {
    expect(() => parseEnv(source)).toThrow(message);
  });

  it("the merchant's name and logo for the pay page: optional, trimmed, https or a local path", () => {
    const none = parseEnv({ MERCHANT_DISPLAY_NAME: " ", MERCHANT_LOGO_URL: "" });
    expect(none.MERCHANT_DISPLAY_NAME).toBeUndefined();
    expect(none.MERCHANT_LOGO_URL).toBeUndefined();
    expect(
      parseEnv({ MERCHANT_DISPLAY_NAME: "  Acme Store ", MERCHANT_LOGO_URL: "https://cdn.example/acme.svg" }),
    ).toMatchObject({
      MERCHANT_DISPLAY_NAME: "Acme Store",
      MERCHANT_LOGO_URL: "https://cdn.example/acme.svg",
    });
    expect(parseEnv({ MERCHANT_LOGO_URL: "/brand/logo.png" }).MERCHANT_LOGO_URL).toBe("/brand/logo.png");
  });

  it("lists every bad variable at once", () => {
    expect(() => parseEnv({ PORT: "x", ADMIN_PASSWORD: "short" })).toThrow(/PORT:[\s\S]*ADMIN_PASSWORD:/);
  });
});

describe("trusted reverse proxies", () => {
  it("trusts none by default", () => {
    const e = parseEnv({});
    expect(e.TRUSTED_PROXY_HOPS).toBe(0);
    expect(e.TRUSTED_PROXIES).toEqual([]);
  });

  it("reads a hop count or a list, refuses bad values and both at once", () => {
    expect(parseEnv({ TRUSTED_PROXY_HOPS: "1" }).TRUSTED_PROXY_HOPS).toBe(1);
    expect(parseEnv({ TRUSTED_PROXIES: "10.0.0.0/8" }).TRUSTED_PROXIES).toEqual([
      { address: "10.0.0.0", prefix: 8, family: "ipv4" },
    ]);
    expect(() => parseEnv({ TRUSTED_PROXY_HOPS: "-1" })).toThrow(/TRUSTED_PROXY_HOPS/);
    expect(() => parseEnv({ TRUSTED_PROXY_HOPS: "two" })).toThrow(/TRUSTED_PROXY_HOPS/);
    expect(() => parseEnv({ TRUSTED_PROXIES: "10.0.0.1, proxy.local" })).toThrow(
      /TRUSTED_PROXIES: "proxy.local" is not an IP address/,
    );
    expect(() => parseEnv({ TRUSTED_PROXIES: "10.0.0.1", TRUSTED_PROXY_HOPS: "1" })).toThrow(
      /TRUSTED_PROXIES: Set either TRUSTED_PROXIES or TRUSTED_PROXY_HOPS, not both/,
    );
  });
});
