/**
 * The user-admin and sign-out server actions as Next calls them: each checks the session and the role
 * itself, before anything is validated or written. Real dashboard database (TEST_DB backend); only the
 * request's cookie jar (next/headers) and the page cache (next/cache) are stood in for, since there is no
 * HTTP request.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createUserAction } from "@/lib/actions/create-user-action";
import { signOutAction } from "@/lib/actions/sign-out-action";
import { sessionIdFromToken } from "@/lib/auth/session";
import { updateUserAction } from "@/lib/actions/update-user-action";
import { startTestRuntime, type TestRuntime } from "@/lib/testing/dashboard-runtime";
import { signInTestRole } from "@/lib/testing/sign-in";
import type { ActionResult } from "@/lib/actions/action-result";
import type { Database } from "@/lib/database";
import { formData } from "@/lib/testing/action-session";
import { testRequest } from "@/lib/testing/next-headers";

vi.mock("next/headers", () => import("@/lib/testing/next-headers"));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

type FormAction<R> = (previous: R | null, form: FormData) => Promise<R>;

let rt: TestRuntime | undefined;
let db: Database;
const createUser: FormAction<ActionResult> = createUserAction;
const updateUser: FormAction<ActionResult> = updateUserAction;
const signOut: () => Promise<void> = signOutAction;
const signInAs = (role: "admin" | "operator" | "viewer" | null) =>
  signInTestRole(db, testRequest.cookies, role);

beforeAll(async () => {
  rt = await startTestRuntime("user_actions");
  db = rt.db;
});

afterAll(async () => {
  await rt?.close();
});

const newUserForm = (email: string) =>
  formData({ email, name: "New operator", role: "operator", password: "a-long-enough-password" });

async function userRow(where: { email?: string; id?: string }) {
  const [row] = await db.query<{ id: string; role: string; disabled_at: Date | null }>(
    "SELECT id, role, disabled_at FROM users WHERE email = $1 OR id::text = $2",
    [where.email ?? "", where.id ?? ""],
  );
  return row;
}

describe("who may manage users", () => {
  it.each([
    [null, /signed out/],
    ["viewer", /doesn't allow/],
    ["operator", /doesn't allow/],
  ] as const)(
    "%s: adding, re-roling and disabling users are refused and change nothing",
    async (role, message) => {
      const target = await signInAs("viewer");
      await signInAs(role);
      const email = `refused-${crypto.randomUUID()}@example.com`;

      expect(await createUser(null, newUserForm(email))).toEqual({
        ok: false,
        message: expect.stringMatching(message),
      });
      expect(await userRow({ email })).toBeUndefined();

      const setRole = formData({ intent: "set-role", userId: target!.id, role: "admin" });
      expect(await updateUser(null, setRole)).toEqual({ ok: false, message: expect.stringMatching(message) });
      const disable = formData({ intent: "disable", userId: target!.id });
      expect(await updateUser(null, disable)).toEqual({ ok: false, message: expect.stringMatching(message) });
      // Refused before validation: even a malformed form gets the same answer.
      expect(await updateUser(null, formData({ intent: "nonsense" }))).toEqual({
        ok: false,
        message: expect.stringMatching(message),
      });
      expect(await userRow({ id: target!.id })).toMatchObject({ role: "viewer", disabled_at: null });
    },
  );

  it("an admin adds a user, changes a role and disables a user through the actions", async () => {
    const target = await signInAs("viewer");
    await signInAs("admin");
    const email = `added-${crypto.randomUUID()}@example.com`;
    expect(await createUser(null, newUserForm(email))).toMatchObject({ ok: true });
    expect(await userRow({ email })).toMatchObject({ role: "operator", disabled_at: null });

    expect(
      await updateUser(null, formData({ intent: "set-role", userId: target!.id, role: "operator" })),
    ).toMatchObject({
      ok: true,
    });
    expect(await updateUser(null, formData({ intent: "disable", userId: target!.id }))).toMatchObject({
      ok: true,
    });
    const row = await userRow({ id: target!.id });
    expect(row?.role).toBe("operator");
    expect(row?.disabled_at).toBeInstanceOf(Date);
  });

  it("an admin's malformed form is refused naming the field, and keeps what was typed", async () => {
    await signInAs("admin");
    const result = await createUser(
      null,
      formData({ email: "not-an-email", name: "X", role: "root", password: "short" }),
    );
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: { email: expect.any(String), role: expect.any(String), password: expect.any(String) },
      values: { email: "not-an-email", name: "X", role: "root" },
    });
    expect(await userRow({ email: "not-an-email" })).toBeUndefined();
  });
});

describe("sign-out", () => {
  it("deletes the session row, clears the cookie, records it and goes to /login", async () => {
    const user = await signInAs("viewer");
    const sessionId = sessionIdFromToken(user!.token);
    await expect(signOut()).rejects.toMatchObject({
      digest: expect.stringMatching(/^NEXT_REDIRECT;.*;\/login;/),
    });
    expect(await db.query("SELECT 1 FROM sessions WHERE id = $1", [sessionId])).toEqual([]);
    expect(testRequest.cookies.size).toBe(0);
    const audit = await db.query<{ action: string }>("SELECT action FROM audit_log WHERE user_id = $1", [
      user!.id,
    ]);
    expect(audit.map((a) => a.action)).toContain("auth.sign-out");
  });

  it("signed out already: still goes to /login and writes nothing", async () => {
    await signInAs(null);
    const before = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log");
    await expect(signOut()).rejects.toMatchObject({
      digest: expect.stringMatching(/^NEXT_REDIRECT;.*;\/login;/),
    });
    expect(await db.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log")).toEqual(before);
  });
});
