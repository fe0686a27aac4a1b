import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes, RECOVERY_CODE_COUNT } from "./recovery";
import { KEY_FILE_NAME, loadSecondFactorKey } from "./key";
import { relyingPartyFor } from "./relying-party";
import { parseKey, seal, unseal } from "./seal";
import { acceptedTotpStep, newTotpSecret, totpCode, totpUri } from "./totp";

// RFC 6238 appendix B: the SHA-1 seed "12345678901234567890", 8-digit codes; we use 6 digits, the last six.
const RFC_SEED_BASE32 = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

describe("TOTP (RFC 6238)", () => {
  it.each([
    [59, "287082"],
    [1111111109, "081804"],
    [1111111111, "050471"],
    [1234567890, "005924"],
    [2000000000, "279037"],
  ])("the code at %i s is %s (the RFC's vectors, six digits)", (seconds, code) => {
    expect(totpCode(RFC_SEED_BASE32, new Date(seconds * 1000))).toBe(code);
  });

  it("accepts the step before, the current one and the one after; not two away", () => {
    const now = new Date(1111111111 * 1000);
    const step = Math.floor(1111111111 / 30);
    for (const d of [-1, 0, 1]) {
      const code = totpCode(RFC_SEED_BASE32, new Date(now.getTime() + d * 30_000));
      expect(acceptedTotpStep(RFC_SEED_BASE32, code, now, null)).toBe(step + d);
    }
    const far = totpCode(RFC_SEED_BASE32, new Date(now.getTime() + 90_000));
    expect(acceptedTotpStep(RFC_SEED_BASE32, far, now, null)).toBeNull();
  });

  it("never accepts a step twice, nor an earlier one (a replayed code)", () => {
    const now = new Date(1234567890 * 1000);
    const code = totpCode(RFC_SEED_BASE32, now);
    const step = acceptedTotpStep(RFC_SEED_BASE32, code, now, null);
    expect(step).not.toBeNull();
    expect(acceptedTotpStep(RFC_SEED_BASE32, code, now, step)).toBeNull();
    expect(acceptedTotpStep(RFC_SEED_BASE32, code, now, (step ?? 0) - 1)).toBe(step);
  });

  it.each(["", "12345", "1234567", "abcdef", "12 34 5x"])("refuses %j", (typed) => {
    expect(acceptedTotpStep(RFC_SEED_BASE32, typed, new Date(), null)).toBeNull();
  });

  it("takes a code typed with a space or dash", () => {
    const now = new Date(59_000);
    expect(acceptedTotpStep(RFC_SEED_BASE32, "287 082", now, null)).not.toBeNull();
    expect(acceptedTotpStep(RFC_SEED_BASE32, "287-082", now, null)).not.toBeNull();
  });

  it("makes 160-bit base32 seeds and an otpauth:// URI naming the account", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(totpUri(secret, "ann@example.com"));
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("secret")).toBe(secret);
    expect(uri.searchParams.get("issuer")).toBe("Payments dashboard");
    expect(decodeURIComponent(uri.pathname)).toContain("ann@example.com");
  });
});

describe("sealing seeds (AES-256-GCM)", () => {
  const key = randomBytes(32);

  it("opens what it sealed, for the same owner only", () => {
    const sealed = seal(key, "SEED", "user-1");
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain("SEED");
    expect(unseal(key, sealed, "user-1")).toBe("SEED");
    expect(unseal(key, sealed, "user-2")).toBeNull();
    expect(unseal(randomBytes(32), sealed, "user-1")).toBeNull();
  });

  it("refuses an altered value, and never seals the same way twice", () => {
    const sealed = seal(key, "SEED", "u");
    const raw = Buffer.from(sealed.slice(3), "base64url");
    raw[14] = (raw[14] ?? 0) ^ 1;
    expect(unseal(key, `v1.${raw.toString("base64url")}`, "u")).toBeNull();
    expect(unseal(key, "v2.abc", "u")).toBeNull();
    expect(seal(key, "SEED", "u")).not.toBe(sealed);
  });

  it.each([
    ["a".repeat(64), true],
    [randomBytes(32).toString("base64"), true],
    [randomBytes(32).toString("base64url"), true],
    ["a".repeat(63), false],
    [randomBytes(16).toString("base64"), false],
    ["not a key", false],
  ])("parses key %j: %s", (text, ok) => {
    expect(parseKey(text)?.length === 32).toBe(ok);
  });
});

describe("recovery codes", () => {
  it("makes ten different codes of two groups of five", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const c of codes) {
      expect(c).toMatch(/^[2-9a-hj-km-np-z]{5}-[2-9a-hj-km-np-z]{5}$/);
      expect(looksLikeRecoveryCode(c)).toBe(true);
    }
  });

  it("hashes regardless of case, spaces and the dash; a six-digit code is not one", () => {
    expect(hashRecoveryCode("abcde-fghjk")).toBe(hashRecoveryCode(" ABCDE FGHJK "));
    expect(hashRecoveryCode("abcde-fghjk")).not.toBe(hashRecoveryCode("abcde-fghjm"));
    expect(hashRecoveryCode("abcde-fghjk")).toMatch(/^[0-9a-f]{64}$/);
    expect(looksLikeRecoveryCode("123456")).toBe(false);
  });
});

describe("WebAuthn relying party", () => {
  it.each([
    ["https://pay.example.com", "pay.example.com", ["https://pay.example.com"]],
    ["https://pay.example.com:8443/x", "pay.example.com", ["https://pay.example.com:8443"]],
    ["http://localhost:3000", "localhost", ["http://localhost:3000"]],
    ["http://127.0.0.1:3332", "localhost", ["http://localhost:3332", "http://127.0.0.1:3332"]],
  ])("%s → RP ID %s", (url, id, origins) => {
    expect(relyingPartyFor(url)).toMatchObject({ id, origins });
  });
});

describe("the second-factor key", () => {
  it("takes SECOND_FACTOR_KEY; unset, generates one into the data folder once (owner-only) and reuses it", async () => {
    const configured = "ab".repeat(32);
    expect((await loadSecondFactorKey(configured, "/nonexistent")).toString("hex")).toBe(configured);
    await expect(loadSecondFactorKey("short", "/nonexistent")).rejects.toThrow("SECOND_FACTOR_KEY");

    const dir = mkdtempSync(path.join(tmpdir(), "sf-key-"));
    try {
      const logs: string[] = [];
      const first = await loadSecondFactorKey(undefined, path.join(dir, "data"), (m) => logs.push(m));
      expect(first).toHaveLength(32);
      expect(logs).toHaveLength(1);
      expect(statSync(path.join(dir, "data", KEY_FILE_NAME)).mode & 0o777).toBe(0o600);
      const again = await loadSecondFactorKey(undefined, path.join(dir, "data"), (m) => logs.push(m));
      expect(again.equals(first)).toBe(true);
      expect(logs).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
