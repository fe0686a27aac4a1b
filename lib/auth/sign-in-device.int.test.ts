import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "@/lib/database/dashboard/queries/audit";
import { listAccountLocks } from "./account-locks";
import { SIGN_IN_ACCOUNT_RULE, SIGN_IN_DEVICE_RULE, SIGN_IN_IP_RULE } from "./rate-limit";
import { validateSession } from "./session";
import { signIn } from "./sign-in";
import { addTestUser, openTestDb, type TestDb } from "@/lib/testing/auth-database";
import type { CurrentUser } from "./types";
import { updateUser } from "./user-admin";

const MIN = 60_000;
let t: TestDb;

beforeAll(async () => {
  t = await openTestDb("auth_device");
});
afterAll(async () => {
  await t?.close();
});

const attempt = (email: string, password: string, ip: string, now: Date, deviceToken: string | null = null) =>
  signIn(t.db, { email, password, ip, userAgent: "vitest", deviceToken }, now);

/** Signs in successfully and returns the device token the browser would keep. */
async function deviceOf(email: string, password: string, now: Date): Promise<string> {
  const result = await attempt(email, password, "192.0.2.200", now);
  if (!result.ok) throw new Error(`sign-in as ${email} failed: ${result.reason}`);
  return result.device.token;
}

async function lockOut(email: string, now: Date): Promise<void> {
  for (let i = 1; i <= SIGN_IN_ACCOUNT_RULE.limit; i++)
    await attempt(email, `guess-${i}`, `198.51.100.${i}`, now);
}

describe("sign-in from a known browser (device cookie)", () => {
  it("a locked-out account still lets its owner in from a browser they signed in on before", async () => {
    await addTestUser(t.db, { email: "owner@example.com", password: "right-password-1", role: "admin" });
    const t0 = new Date("2026-04-01T10:00:00Z");
    const device = await deviceOf("owner@example.com", "right-password-1", t0);

    const t1 = new Date(t0.getTime() + MIN);
    await lockOut("owner@example.com", t1);
    // A stranger (no device cookie) is refused even with the right password…
    expect(await attempt("owner@example.com", "right-password-1", "203.0.113.1", t1)).toMatchObject({
      ok: false,
      reason: "rate-limited",
    });
    // …the owner's browser gets in, and is handed a fresh device token (the old one is retired).
    const owner = await attempt("owner@example.com", "right-password-1", "203.0.113.1", t1, device);
    expect(owner.ok).toBe(true);
    if (!owner.ok) throw new Error("unreachable");
    expect((await validateSession(t.db, owner.token, t1)).ok).toBe(true);
    expect(owner.device.token).not.toBe(device);
    expect(await attempt("owner@example.com", "right-password-1", "203.0.113.1", t1, device)).toMatchObject({
      ok: false,
      reason: "rate-limited",
    });
    // The owner signing in does not lift the lock for strangers.
    expect((await listAccountLocks(t.db, t1)).has("owner@example.com")).toBe(true);
  });

  it("counts failures per device: a stolen device cookie gets five guesses, and never locks the account", async () => {
    await addTestUser(t.db, { email: "dev@example.com", password: "right-password-1" });
    const t0 = new Date("2026-04-01T11:00:00Z");
    const device = await deviceOf("dev@example.com", "right-password-1", t0);
    for (let i = 1; i < SIGN_IN_DEVICE_RULE.limit; i++)
      expect(await attempt("dev@example.com", `guess-${i}`, "203.0.113.2", t0, device)).toEqual({
        ok: false,
        reason: "invalid",
      });
    expect(await attempt("dev@example.com", "guess-5", "203.0.113.2", t0, device)).toMatchObject({
      ok: false,
      reason: "rate-limited",
    });
    expect(await attempt("dev@example.com", "right-password-1", "203.0.113.2", t0, device)).toMatchObject({
      ok: false,
      reason: "rate-limited",
    });
    // The account itself is not locked: a stranger's browser may still try.
    expect((await listAccountLocks(t.db, t0)).has("dev@example.com")).toBe(false);
    expect((await attempt("dev@example.com", "right-password-1", "203.0.113.3", t0)).ok).toBe(true);
  });

  it("a device cookie of another user, a made-up one or an expired one is not trusted", async () => {
    await addTestUser(t.db, { email: "victim@example.com", password: "right-password-1" });
    await addTestUser(t.db, { email: "mallory@example.com", password: "right-password-1" });
    const t0 = new Date("2026-04-01T12:00:00Z");
    const mallorys = await deviceOf("mallory@example.com", "right-password-1", t0);
    await lockOut("victim@example.com", t0);
    for (const token of [mallorys, "A".repeat(43), "not a token", ""]) {
      expect(await attempt("victim@example.com", "right-password-1", "203.0.113.4", t0, token)).toMatchObject(
        {
          ok: false,
          reason: "rate-limited",
        },
      );
    }
    await addTestUser(t.db, { email: "old@example.com", password: "right-password-1" });
    const old = await deviceOf("old@example.com", "right-password-1", t0);
    const muchLater = new Date(t0.getTime() + 181 * 24 * 60 * MIN);
    await lockOut("old@example.com", muchLater);
    expect(await attempt("old@example.com", "right-password-1", "203.0.113.5", muchLater, old)).toMatchObject(
      {
        ok: false,
        reason: "rate-limited",
      },
    );
  });

  it("a known browser is not held back by the per-IP limit others used up", async () => {
    await addTestUser(t.db, { email: "office@example.com", password: "right-password-1" });
    const t0 = new Date("2026-04-01T13:00:00Z");
    const device = await deviceOf("office@example.com", "right-password-1", t0);
    const ip = "203.0.113.77";
    for (let i = 1; i <= SIGN_IN_IP_RULE.limit; i++)
      await attempt(`spray-${i}@example.com`, "nope-nope", ip, t0);
    expect(await attempt("office@example.com", "right-password-1", ip, t0)).toMatchObject({
      reason: "rate-limited",
    });
    expect((await attempt("office@example.com", "right-password-1", ip, t0, device)).ok).toBe(true);
  });
});

describe("account locks: audited, listed, and lifted by an admin", () => {
  it("audits the lock once, lists it with its end, and an admin's unlock is audited and lets the owner in", async () => {
    const admin = await addTestUser(t.db, {
      email: "boss@example.com",
      password: "right-password-1",
      role: "admin",
    });
    const user = await addTestUser(t.db, { email: "locked@example.com", password: "right-password-1" });
    const t0 = new Date();
    await lockOut("locked@example.com", t0);
    // More failures after the lock do not write more lock entries.
    await attempt("locked@example.com", "guess-again", "198.51.100.50", t0);

    const locks = await listAudit(t.db, { action: "auth.account-locked", target: user.id });
    expect(locks).toHaveLength(1);
    const until = new Date(t0.getTime() + SIGN_IN_ACCOUNT_RULE.windowMs);
    expect(locks[0]?.details).toMatchObject({ email: "locked@example.com", until: until.toISOString() });
    expect((await listAccountLocks(t.db, t0)).get("locked@example.com")?.toISOString()).toBe(
      until.toISOString(),
    );

    const actor: CurrentUser = { id: admin.id, email: admin.email, name: "", role: "admin" };
    const result = await updateUser(t.db, actor, { intent: "unlock", userId: user.id }, t0);
    expect(result).toMatchObject({ ok: true, message: "locked@example.com is unlocked." });
    expect(await listAudit(t.db, { action: "user.unlock", target: user.id })).toEqual([
      expect.objectContaining({ userId: admin.id, details: { email: "locked@example.com" } }),
    ]);
    expect((await listAccountLocks(t.db, t0)).has("locked@example.com")).toBe(false);
    expect((await attempt("locked@example.com", "right-password-1", "198.51.100.60", t0)).ok).toBe(true);

    // Unlocking an account that is not locked changes nothing and audits nothing.
    expect(await updateUser(t.db, actor, { intent: "unlock", userId: user.id }, t0)).toMatchObject({
      ok: true,
      message: "locked@example.com is not locked.",
    });
    expect(await listAudit(t.db, { action: "user.unlock", target: user.id })).toHaveLength(1);
  });
});
