import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "@/lib/database/dashboard/queries/audit";
import { setUserDisabled } from "@/lib/database/dashboard/queries/users";
import { SIGN_IN_ACCOUNT_RULE, SIGN_IN_IP_RULE } from "./rate-limit";
import { validateSession } from "./session";
import { signIn } from "./sign-in";
import { addTestUser, openTestDb, type TestDb } from "@/lib/testing/auth-database";

const MIN = 60_000;
let t: TestDb;

beforeAll(async () => {
  t = await openTestDb("auth_signin");
});
afterAll(async () => {
  await t?.close();
});

const attempt = (email: string, password: string, ip: string, now: Date) =>
  signIn(t.db, { email, password, ip, userAgent: "vitest" }, now);

describe("sign-in", () => {
  it("opens a working session for the right password (email case and spaces ignored) and audits it", async () => {
    const user = await addTestUser(t.db, {
      email: "ok@example.com",
      password: "right-password-1",
      role: "admin",
    });
    const result = await attempt("  OK@Example.com ", "right-password-1", "192.0.2.1", new Date());
    expect(result).toMatchObject({ ok: true, user: { id: user.id, role: "admin" } });
    if (!result.ok) throw new Error("unreachable");
    expect((await validateSession(t.db, result.token)).ok).toBe(true);
    const audit = await listAudit(t.db, { action: "auth.sign-in", target: user.id });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: user.id, details: { ip: "192.0.2.1" } });
  });

  it("gives the same answer for an unknown email and a wrong password, and audits both", async () => {
    await addTestUser(t.db, { email: "known@example.com", password: "right-password-1" });
    const now = new Date("2026-03-01T10:00:00Z");
    expect(await attempt("known@example.com", "wrong-password-1", "192.0.2.2", now)).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await attempt("nobody@example.com", "wrong-password-1", "192.0.2.2", now)).toEqual({
      ok: false,
      reason: "invalid",
    });
    const failures = await listAudit(t.db, { action: "auth.sign-in-failed" });
    const reasons = failures.filter((f) => f.details.ip === "192.0.2.2").map((f) => f.details.reason);
    expect(reasons.sort()).toEqual(["unknown-email", "wrong-password"]);
  });

  it("limits failures per account: the 5th failure locks the account for the window, even from other IPs", async () => {
    await addTestUser(t.db, { email: "target@example.com", password: "right-password-1" });
    const t0 = new Date("2026-03-01T11:00:00Z");
    for (let i = 1; i < SIGN_IN_ACCOUNT_RULE.limit; i++) {
      expect(await attempt("target@example.com", `guess-${i}`, `198.51.100.${i}`, t0)).toEqual({
        ok: false,
        reason: "invalid",
      });
    }
    const fifth = await attempt("target@example.com", "guess-5", "198.51.100.5", t0);
    expect(fifth).toEqual({ ok: false, reason: "rate-limited", retryAfterMs: SIGN_IN_ACCOUNT_RULE.windowMs });

    // Even the right password, from a fresh IP, is refused until the window ends.
    const later = new Date(t0.getTime() + 10 * MIN);
    expect(await attempt("target@example.com", "right-password-1", "198.51.100.99", later)).toEqual({
      ok: false,
      reason: "rate-limited",
      retryAfterMs: 5 * MIN,
    });
    // Another account is not affected.
    await addTestUser(t.db, { email: "bystander@example.com", password: "right-password-1" });
    expect((await attempt("bystander@example.com", "right-password-1", "198.51.100.99", later)).ok).toBe(
      true,
    );

    // After the window: the right password works, and resets the account's count.
    const after = new Date(t0.getTime() + SIGN_IN_ACCOUNT_RULE.windowMs);
    expect((await attempt("target@example.com", "right-password-1", "198.51.100.1", after)).ok).toBe(true);
    const rows = await t.db.query(
      "SELECT 1 FROM rate_limits WHERE key = 'sign-in:account:target@example.com'",
    );
    expect(rows).toHaveLength(0);
    expect(
      (await listAudit(t.db, { action: "auth.sign-in-blocked", target: "target@example.com" })).length,
    ).toBe(1);
  });

  it("limits failures per IP across many accounts", async () => {
    const t0 = new Date("2026-03-01T12:00:00Z");
    const ip = "203.0.113.7";
    for (let i = 1; i < SIGN_IN_IP_RULE.limit; i++) {
      expect(await attempt(`spray-${i}@example.com`, "password-guess", ip, t0)).toEqual({
        ok: false,
        reason: "invalid",
      });
    }
    expect(await attempt("spray-20@example.com", "password-guess", ip, t0)).toMatchObject({
      ok: false,
      reason: "rate-limited",
    });
    // A real user behind that IP must wait too; the same user from elsewhere gets in.
    await addTestUser(t.db, { email: "office@example.com", password: "right-password-1" });
    const soon = new Date(t0.getTime() + MIN);
    expect(await attempt("office@example.com", "right-password-1", ip, soon)).toMatchObject({
      ok: false,
      reason: "rate-limited",
      retryAfterMs: 14 * MIN,
    });
    expect((await attempt("office@example.com", "right-password-1", "203.0.113.8", soon)).ok).toBe(true);
  });

  it("counts concurrent failures exactly (one atomic upsert per hit)", async () => {
    const t0 = new Date("2026-03-01T13:00:00Z");
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        attempt(`race-${i}@example.com`, "nope-nope-nope", "203.0.113.50", t0),
      ),
    );
    const rows = await t.db.query<{ count: number }>("SELECT count FROM rate_limits WHERE key = $1", [
      "sign-in:ip:203.0.113.50",
    ]);
    expect(rows[0]?.count).toBe(8);
  });

  it("refuses a disabled user, telling only someone who knows the password", async () => {
    const user = await addTestUser(t.db, { email: "gone@example.com", password: "right-password-1" });
    await setUserDisabled(t.db, user.id, true, new Date());
    const now = new Date("2026-03-01T14:00:00Z");
    expect(await attempt("gone@example.com", "right-password-1", "192.0.2.30", now)).toEqual({
      ok: false,
      reason: "disabled",
    });
    expect(await attempt("gone@example.com", "wrong-password-1", "192.0.2.30", now)).toEqual({
      ok: false,
      reason: "invalid",
    });
    const sessions = await t.db.query("SELECT 1 FROM sessions WHERE user_id = $1", [user.id]);
    expect(sessions).toHaveLength(0);
  });

  it("a burst of parallel guesses gets no more password checks than the limit", async () => {
    await addTestUser(t.db, { email: "burst@example.com", password: "right-password-1" });
    const t0 = new Date("2026-03-01T15:00:00Z");
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => attempt("burst@example.com", `guess-${i}`, `198.18.0.${i}`, t0)),
    );
    const checked = await listAudit(t.db, { action: "auth.sign-in-failed", target: "burst@example.com" });
    expect(checked).toHaveLength(SIGN_IN_ACCOUNT_RULE.limit);
    expect(results.filter((r) => !r.ok && r.reason === "rate-limited").length).toBeGreaterThanOrEqual(
      12 - SIGN_IN_ACCOUNT_RULE.limit,
    );
    expect(results.some((r) => r.ok)).toBe(false);
  });
});
