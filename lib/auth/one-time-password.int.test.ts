/**
 * An admin's one-time password (issue 17 §4, issue 43 §4): it works within 24 hours of the reset until its
 * user chooses their own; a sign-in cut off before that (the tab closed, the second factor abandoned) does
 * not spend it, and the newest sign-in with it ends the sessions an earlier one opened. Past 24 hours sign-in
 * says why it is refused (to someone who knows it), audits the refusal, and opens no session. Real database
 * (TEST_DB backend), clock injected.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addTestUser, openTestDb, type TestDb } from "@/lib/testing/auth-database";
import { changeOwnPassword, ONE_TIME_PASSWORD_LIFETIME_MS, resetUserPassword } from "./password-change";
import { sessionIdFromToken, validateSession } from "./session";
import { signIn } from "./sign-in";
import type { CurrentUser } from "./types";

let t: TestDb;
const HOUR = 60 * 60 * 1000;
const T0 = new Date("2026-11-20T08:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

beforeAll(async () => {
  t = await openTestDb("one_time_password");
});
afterAll(async () => {
  await t?.close();
});

let admin: CurrentUser;
async function resetUser() {
  admin ??= {
    ...(await addTestUser(t.db, {
      email: `admin-${crypto.randomUUID()}@example.com`,
      password: "x".repeat(12),
      role: "admin",
    })),
    name: "",
  };
  const user = await addTestUser(t.db, {
    email: `otp-${crypto.randomUUID()}@example.com`,
    password: "old-password-123",
  });
  const reset = await resetUserPassword(t.db, admin, user.id, T0);
  if (!reset.ok) throw new Error(reset.message);
  // A fresh address for each sign-in: the per-address limit is not what these tests are about.
  const signInAt = (now: Date, password = reset.oneTimePassword) =>
    signIn(
      t.db,
      {
        email: user.email,
        password,
        ip: `198.51.100.${Math.floor(Math.random() * 250)}`,
        userAgent: "vitest",
      },
      now,
    );
  return { user, otp: reset.oneTimePassword, signInAt };
}

const failures = (email: string) =>
  t.db.query<{ reason: string }>(
    `SELECT details->>'reason' AS reason FROM audit_log WHERE action = 'auth.sign-in-failed' AND target = $1 ORDER BY at`,
    [email],
  );

describe("an admin's one-time password", () => {
  it("a sign-in cut off before the new password is chosen does not spend it; the newest sign-in holds the only session", async () => {
    const { user, signInAt } = await resetUser();
    const first = await signInAt(at(HOUR));
    expect(first).toMatchObject({ ok: true, user: { mustChangePassword: true } });
    // The tab closed on Your account: the same password signs in again, and the abandoned session ends.
    const again = await signInAt(at(HOUR + 60_000));
    expect(again).toMatchObject({ ok: true, user: { mustChangePassword: true } });
    if (!first.ok || !again.ok) throw new Error("unreachable");
    expect(await validateSession(t.db, first.token, at(HOUR + 61_000))).toEqual({
      ok: false,
      reason: "unknown",
    });
    expect(await validateSession(t.db, again.token, at(HOUR + 61_000))).toMatchObject({ ok: true });
    expect(await failures(user.email)).toEqual([]);
  });

  it("works until 24 hours after the reset, and is refused as expired from then on", async () => {
    const late = await resetUser();
    expect(await late.signInAt(at(ONE_TIME_PASSWORD_LIFETIME_MS))).toEqual({
      ok: false,
      reason: "one-time-expired",
    });
    expect(await failures(late.user.email)).toEqual([{ reason: "one-time-expired" }]);
    const inTime = await resetUser();
    expect((await inTime.signInAt(at(ONE_TIME_PASSWORD_LIFETIME_MS - 1000))).ok).toBe(true);
  });

  it("a wrong password is still just wrong (nothing told about the one-time password)", async () => {
    const { signInAt } = await resetUser();
    expect(await signInAt(at(HOUR), "not-the-password")).toEqual({ ok: false, reason: "invalid" });
    expect((await signInAt(at(HOUR))).ok).toBe(true);
  });

  it("replaced by the user's own password, which has no expiry and works again and again", async () => {
    const { user, otp, signInAt } = await resetUser();
    const first = await signInAt(at(HOUR));
    if (!first.ok) throw new Error("sign-in with the one-time password failed");
    const me: CurrentUser = { ...first.user };
    const own = "my-own-password-456";
    const changed = await changeOwnPassword(
      t.db,
      me,
      sessionIdFromToken(first.token),
      { currentPassword: otp, newPassword: own, confirmPassword: own },
      at(2 * HOUR),
    );
    expect(changed.ok).toBe(true);
    for (const later of [3 * HOUR, 48 * HOUR, 72 * HOUR])
      expect(await signInAt(at(later), own)).toMatchObject({ ok: true, user: { mustChangePassword: false } });
    const [row] = await t.db.query<{ e: Date | null; u: Date | null }>(
      `SELECT one_time_password_expires_at AS e, one_time_password_used_at AS u FROM users WHERE id = $1`,
      [user.id],
    );
    expect(row).toEqual({ e: null, u: null });
  });

  it("a new reset gives a new one-time password with a fresh 24 hours; the old one no longer signs in", async () => {
    const { user, signInAt } = await resetUser();
    expect((await signInAt(at(HOUR))).ok).toBe(true);
    const again = await resetUserPassword(t.db, admin, user.id, at(30 * HOUR));
    if (!again.ok) throw new Error(again.message);
    expect(await signInAt(at(31 * HOUR))).toEqual({ ok: false, reason: "invalid" });
    expect((await signInAt(at(31 * HOUR), again.oneTimePassword)).ok).toBe(true);
    expect(await signInAt(at(30 * HOUR + ONE_TIME_PASSWORD_LIFETIME_MS), again.oneTimePassword)).toEqual({
      ok: false,
      reason: "one-time-expired",
    });
  });
});
