/**
 * The second factor through the server actions as Next calls them (real database, TEST_DB backend; only the
 * request's cookie jar and the page cache stood in for): the password leaves only a pending-sign-in cookie,
 * the code action turns it into a session; the required switch holds a new approver's actions until they
 * enrol; an admin's reset through the Users action.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { confirmTotpAction } from "@/lib/actions/confirm-totp-action";
import { resetUserFactorsAction } from "@/lib/actions/reset-user-factors-action";
import { saveSecondFactorSettingAction } from "@/lib/actions/save-second-factor-setting-action";
import { signInAction } from "@/lib/actions/sign-in-action";
import { signInCodeAction } from "@/lib/actions/sign-in-code-action";
import { startTotpEnrolmentAction } from "@/lib/actions/start-totp-enrolment-action";
import type { Database } from "@/lib/database";
import { postForm } from "@/lib/testing/action-session";
import { addTestUser } from "@/lib/testing/auth-database";
import { startTestRuntime, type TestRuntime } from "@/lib/testing/dashboard-runtime";
import { testRequest } from "@/lib/testing/next-headers";
import { MUST_ENROL_MESSAGE } from "../authorize";
import { pendingSignInCookieName, sessionCookieName } from "../cookie";
import type { Role } from "../roles";
import { validateSession } from "../session";
import { totpCode } from "./totp";

vi.mock("next/headers", () => import("@/lib/testing/next-headers"));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

let rt: TestRuntime | undefined;
let db: Database;
const PASSWORD = "right-password-1";

beforeAll(async () => {
  rt = await startTestRuntime("second_factor_actions", { SECOND_FACTOR_KEY: "cd".repeat(32) });
  db = rt.db;
});
afterAll(async () => {
  await rt?.close();
});

const post = postForm;

async function newUser(role: Role) {
  testRequest.cookies.clear();
  return addTestUser(db, { email: `${role}-${crypto.randomUUID()}@example.com`, password: PASSWORD, role });
}

/** Signs `user` in with the password alone (no factor yet) and sets up an authenticator app; its seed. */
async function enrolled(role: Role): Promise<{ email: string; id: string; secret: string }> {
  const user = await newUser(role);
  expect(await post(signInAction, { email: user.email, password: PASSWORD, next: "/" })).toEqual({
    redirect: "/",
  });
  const started = await startTotpEnrolmentAction();
  if (!started.ok) throw new Error(started.message);
  const code = totpCode(started.setup.secret, new Date());
  const confirmed = await confirmTotpAction({ code, password: PASSWORD });
  expect(confirmed).toMatchObject({ ok: true, recoveryCodes: expect.any(Array) });
  testRequest.cookies.clear();
  return { email: user.email, id: user.id, secret: started.setup.secret };
}

describe("signing in through the actions", () => {
  it("sets only the pending cookie after the password; the code sets the session and goes to next", async () => {
    const me = await enrolled("operator");
    expect(await post(signInAction, { email: me.email, password: PASSWORD, next: "/orders" })).toEqual({
      redirect: "/login/second-factor?next=%2Forders",
    });
    expect(testRequest.cookies.has(sessionCookieName())).toBe(false);
    expect(testRequest.cookies.get(pendingSignInCookieName())).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect(await post(signInCodeAction, { code: "", next: "/orders" })).toEqual({
      answer: { ok: false, fieldErrors: { code: expect.stringContaining("Required") } },
    });
    expect(await post(signInCodeAction, { code: "000000", next: "/orders" })).toEqual({
      answer: { ok: false, fieldErrors: { code: expect.stringContaining("not right") } },
    });
    const code = totpCode(me.secret, new Date(Date.now() + 30_000));
    expect(await post(signInCodeAction, { code, next: "/orders" })).toEqual({ redirect: "/orders" });
    expect(testRequest.cookies.has(pendingSignInCookieName())).toBe(false);
    const session = await validateSession(db, testRequest.cookies.get(sessionCookieName()) ?? "");
    expect(session).toMatchObject({ ok: true, user: { id: me.id } });
  });

  it("refuses the code step without a pending sign-in", async () => {
    testRequest.cookies.clear();
    expect(await post(signInCodeAction, { code: "123456", next: "/" })).toEqual({
      answer: { ok: false, message: expect.stringContaining("expired"), values: undefined },
    });
  });
});

describe("the switch and the reset through the actions", () => {
  it("holds a new approver at Your account until they enrol; an admin's reset removes it again", async () => {
    const admin = await newUser("admin");
    expect(await post(signInAction, { email: admin.email, password: PASSWORD, next: "/" })).toEqual({
      redirect: "/",
    });
    expect(await saveSecondFactorSettingAction({ required: true })).toMatchObject({ ok: true });
    const adminCookie = testRequest.cookies.get(sessionCookieName()) ?? "";
    try {
      const approver = await newUser("approver");
      expect(
        await post(signInAction, { email: approver.email, password: PASSWORD, next: "/orders" }),
      ).toEqual({
        redirect: "/account",
      });
      // Held: a role-checked action refuses; enrolling (a "signed-in" action) is allowed.
      expect(await saveSecondFactorSettingAction({ required: false })).toEqual({
        ok: false,
        message: MUST_ENROL_MESSAGE,
      });
      const started = await startTotpEnrolmentAction();
      if (!started.ok) throw new Error(started.message);
      const code = totpCode(started.setup.secret, new Date());
      expect(await confirmTotpAction({ code, password: PASSWORD })).toMatchObject({ ok: true });
      const lifted = await validateSession(db, testRequest.cookies.get(sessionCookieName()) ?? "");
      expect(lifted.ok && lifted.user.mustEnrolSecondFactor).toBe(false);

      testRequest.cookies.clear();
      testRequest.cookies.set(sessionCookieName(), adminCookie);
      expect(await post(resetUserFactorsAction, { userId: approver.id })).toEqual({
        answer: {
          ok: true,
          message: expect.stringContaining("second factors and recovery codes are removed"),
        },
      });
      expect(await post(resetUserFactorsAction, { userId: "nope" })).toEqual({
        answer: { ok: false, fieldErrors: { userId: "Unknown user" }, message: "Unknown user" },
      });
    } finally {
      testRequest.cookies.set(sessionCookieName(), adminCookie);
      await saveSecondFactorSettingAction({ required: false });
    }
  });
});
