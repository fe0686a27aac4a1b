/**
 * Changing one's own password and an admin's reset, through the server actions as Next calls them: real
 * dashboard database (TEST_DB backend); only the request's cookie jar (next/headers) and the page cache
 * (next/cache) are stood in for, since there is no HTTP request.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { changePasswordAction } from "@/lib/actions/change-password-action";
import { resetUserPasswordAction } from "@/lib/actions/reset-user-password-action";
import { startTestRuntime, type TestRuntime } from "@/lib/testing/dashboard-runtime";
import * as support from "@/lib/testing/auth-database";
import * as authorize from "./authorize";
import { sessionCookieName } from "./cookie";
import * as session from "./session";
import * as signIn from "./sign-in";
import type { ActionResult } from "@/lib/actions/action-result";
import type { ResetUserPasswordResult } from "@/lib/actions/reset-user-password-action";
import type { Database } from "@/lib/database";
import type { Role } from "./roles";
import { formData } from "@/lib/testing/action-session";
import { testRequest } from "@/lib/testing/next-headers";

vi.mock("next/headers", () => import("@/lib/testing/next-headers"));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

type FormAction<R> = (previous: R | null, form: FormData) => Promise<R>;

let rt: TestRuntime | undefined;
let db: Database;
const changePassword: FormAction<ActionResult> = changePasswordAction;
const resetPassword: FormAction<ResetUserPasswordResult> = resetUserPasswordAction;
const auth = { ...session, ...authorize, ...signIn };
let cookieName: string;

beforeAll(async () => {
  rt = await startTestRuntime("password_actions");
  db = rt.db;
  cookieName = sessionCookieName();
});

afterAll(async () => {
  await rt?.close();
});

const OLD = "old-password-123";
const NEW = "brand-new-password-456";

/** A user with a known password and `sessions` open sessions; the first one's cookie is in the jar. */
async function userWithSessions(role: Role, sessions: number) {
  const email = `${role}-${crypto.randomUUID()}@example.com`;
  const user = await support.addTestUser(db, { email, password: OLD, role });
  const tokens: string[] = [];
  for (let i = 0; i < sessions; i++)
    tokens.push((await auth.createSession(db, user.id, { ip: null, userAgent: null })).token);
  testRequest.cookies.clear();
  if (tokens[0]) testRequest.cookies.set(cookieName, tokens[0]);
  return { ...user, tokens };
}

const live = async (token: string) => (await auth.validateSession(db, token)).ok;
const signInWith = (email: string, password: string) =>
  auth.signIn(db, { email, password, ip: "203.0.113.9", userAgent: "vitest" });
const auditOf = (action: string, target: string) =>
  db.query<{ userId: string | null; details: Record<string, unknown> }>(
    `SELECT user_id AS "userId", details FROM audit_log WHERE action = $1 AND target = $2`,
    [action, target],
  );
const changeForm = (current: string, next: string, confirm = next) =>
  formData({ currentPassword: current, newPassword: next, confirmPassword: confirm });

describe("changing your own password", () => {
  it("needs the current password, keeps this session, signs the others out, and is audited", async () => {
    const me = await userWithSessions("viewer", 3);
    const [mine, other1, other2] = me.tokens as [string, string, string];

    expect(await changePassword(null, changeForm("not-my-password", NEW))).toMatchObject({
      ok: false,
      fieldErrors: { currentPassword: "The current password is not right" },
    });
    expect(await Promise.all(me.tokens.map(live))).toEqual([true, true, true]);
    expect((await signInWith(me.email, OLD)).ok).toBe(true);

    expect(await changePassword(null, changeForm(OLD, NEW))).toEqual({
      ok: true,
      message: "Password changed. Your other sessions are signed out.",
    });
    expect(await live(mine)).toBe(true);
    expect(await live(other1)).toBe(false);
    expect(await live(other2)).toBe(false);
    expect(await signInWith(me.email, OLD)).toEqual({ ok: false, reason: "invalid" });
    expect((await signInWith(me.email, NEW)).ok).toBe(true);
    expect(await auditOf("user.password-change", me.id)).toEqual([
      { userId: me.id, details: { email: me.email, afterReset: false } },
    ]);
  });

  it.each([
    ["short", "newPassword", /at least 12 characters/],
    [OLD, "newPassword", /must differ from the current one/],
  ])(
    "a new password %j is refused at %s by the user-creation rules; nothing changes",
    async (next, field, message) => {
      const me = await userWithSessions("operator", 2);
      const result = await changePassword(null, changeForm(OLD, next));
      expect(result).toMatchObject({ ok: false, fieldErrors: { [field]: expect.stringMatching(message) } });
      expect(await Promise.all(me.tokens.map(live))).toEqual([true, true]);
      expect((await signInWith(me.email, OLD)).ok).toBe(true);
      expect(await auditOf("user.password-change", me.id)).toEqual([]);
    },
  );

  it("a repeat that does not match is refused at confirmPassword", async () => {
    const me = await userWithSessions("operator", 1);
    expect(await changePassword(null, changeForm(OLD, NEW, `${NEW}x`))).toMatchObject({
      ok: false,
      fieldErrors: { confirmPassword: "The two new passwords don't match" },
    });
    expect((await signInWith(me.email, OLD)).ok).toBe(true);
  });

  it("signed out: refused, nothing written", async () => {
    testRequest.cookies.clear();
    expect(await changePassword(null, changeForm(OLD, NEW))).toEqual({
      ok: false,
      message: expect.stringMatching(/signed out/),
    });
  });

  it("five wrong current passwords block even the right one for a while", async () => {
    const me = await userWithSessions("viewer", 1);
    for (let i = 0; i < 5; i++)
      expect(await changePassword(null, changeForm(`wrong-guess-${i}`, NEW))).toMatchObject({ ok: false });
    expect(await changePassword(null, changeForm(OLD, NEW))).toEqual({
      ok: false,
      message: expect.stringMatching(/^Too many wrong current passwords\. Try again in \d+ minutes?\.$/),
    });
    expect((await signInWith(me.email, OLD)).ok).toBe(true);
  });
});

describe("an admin resets another user's password", () => {
  it("gives a one-time password once, signs the user out, and forces a new password at the next sign-in", async () => {
    const user = await userWithSessions("operator", 2);
    const admin = await userWithSessions("admin", 1);

    const reset = await resetPassword(null, formData({ userId: user.id }));
    expect(reset).toMatchObject({ ok: true, email: user.email, oneTimePassword: expect.any(String) });
    const otp = reset.ok ? reset.oneTimePassword : "";
    expect(otp.length).toBeGreaterThanOrEqual(20);
    expect(await Promise.all(user.tokens.map(live))).toEqual([false, false]);
    expect(await auditOf("user.password-reset", user.id)).toEqual([
      { userId: admin.id, details: { email: user.email } },
    ]);
    // Only its hash is stored.
    const [stored] = await db.query<{ h: string }>("SELECT password_hash AS h FROM users WHERE id = $1", [
      user.id,
    ]);
    expect(stored?.h).not.toContain(otp);

    expect(await signInWith(user.email, OLD)).toEqual({ ok: false, reason: "invalid" });
    const signedIn = await signInWith(user.email, otp);
    if (!signedIn.ok) throw new Error("sign-in with the one-time password failed");
    expect(signedIn.user.mustChangePassword).toBe(true);
    // Signed in, but nothing else is allowed until the password is changed.
    expect(await auth.authorizeToken(db, signedIn.token, ["admin", "operator", "viewer"])).toEqual({
      ok: false,
      status: 403,
      message: auth.MUST_CHANGE_PASSWORD_MESSAGE,
    });

    testRequest.cookies.set(cookieName, signedIn.token);
    await expect(changePassword(null, changeForm(otp, NEW))).rejects.toMatchObject({
      digest: expect.stringMatching(/^NEXT_REDIRECT;.*;\/;/),
    });
    expect(await auth.authorizeToken(db, signedIn.token, ["operator"])).toMatchObject({ ok: true });
    expect(await signInWith(user.email, otp)).toEqual({ ok: false, reason: "invalid" });
    expect(await auditOf("user.password-change", user.id)).toEqual([
      { userId: user.id, details: { email: user.email, afterReset: true } },
    ]);
  });

  it.each(["operator", "viewer"] as const)("%s may not reset passwords; nothing changes", async (role) => {
    const user = await userWithSessions("viewer", 1);
    await userWithSessions(role, 1);
    expect(await resetPassword(null, formData({ userId: user.id }))).toEqual({
      ok: false,
      message: expect.stringMatching(/doesn't allow/),
    });
    expect(await live(user.tokens[0] as string)).toBe(true);
    expect((await signInWith(user.email, OLD)).ok).toBe(true);
    expect(await auditOf("user.password-reset", user.id)).toEqual([]);
  });

  it("an admin's own password and a malformed id are refused, naming why", async () => {
    const admin = await userWithSessions("admin", 1);
    expect(await resetPassword(null, formData({ userId: admin.id }))).toEqual({
      ok: false,
      message: expect.stringMatching(/use Your account/),
    });
    expect(await resetPassword(null, formData({ userId: "42" }))).toEqual({
      ok: false,
      fieldErrors: { userId: "Unknown user" },
      message: "userId: Unknown user",
    });
    expect(await live(admin.tokens[0] as string)).toBe(true);
    expect(await auditOf("user.password-reset", admin.id)).toEqual([]);
  });
});
