import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit, listRecentActivity } from "@/lib/database/dashboard/queries/audit";
import {
  countUsers,
  getUserByEmailWithPassword,
  getUserById,
  listUsers,
} from "@/lib/database/dashboard/queries/users";
import { authorizeToken } from "./authorize";
import { DEFAULT_ADMIN_EMAIL, ensureFirstAdmin, existingUsersMessage } from "./bootstrap";
import { verifyPassword } from "./password";
import { ORDER_WRITE_ROLES, USER_ADMIN_ROLES } from "./roles";
import { createSession, validateSession } from "./session";
import { signIn } from "./sign-in";
import { addTestUser, openTestDb, type TestDb } from "@/lib/testing/auth-database";
import type { CurrentUser } from "./types";
import { createUser, updateUser } from "./user-admin";
import { createUserSchema } from "./user-schemas";

let t: TestDb;

beforeAll(async () => {
  t = await openTestDb("auth_users");
});
afterAll(async () => {
  await t?.close();
});

describe("first-admin bootstrap", () => {
  it("creates admin@localhost with a printed generated password once, and never again", async () => {
    expect(await countUsers(t.db)).toBe(0);
    const logs: string[] = [];
    const first = await ensureFirstAdmin(t.db, {}, (m) => logs.push(m));
    expect(first).toMatchObject({ created: true, email: DEFAULT_ADMIN_EMAIL });
    if (!first.created || !first.generatedPassword) throw new Error("expected a generated password");
    expect(first.generatedPassword.length).toBeGreaterThanOrEqual(20);
    expect(logs.join("\n")).toContain(first.generatedPassword);
    expect(logs.join("\n")).toContain(DEFAULT_ADMIN_EMAIL);

    const stored = await getUserByEmailWithPassword(t.db, DEFAULT_ADMIN_EMAIL);
    expect(stored?.role).toBe("admin");
    expect(stored?.passwordHash.startsWith("scrypt$")).toBe(true);
    expect(await verifyPassword(first.generatedPassword, stored?.passwordHash ?? "")).toBe(true);
    expect(await listAudit(t.db, { action: "user.bootstrap" })).toHaveLength(1);

    const again = await ensureFirstAdmin(
      t.db,
      { email: "other@example.com", password: "another-password" },
      (m) => logs.push(m),
    );
    expect(again).toEqual({ created: false });
    // A later start says what is true: nothing is printed, and the configured admin is not used.
    expect(logs.slice(1)).toEqual([existingUsersMessage({ email: "other@example.com", password: "x" })]);
    expect(logs[1]).toContain("ADMIN_EMAIL / ADMIN_PASSWORD are used only at the first start");
    await ensureFirstAdmin(t.db, {}, (m) => logs.push(m));
    expect(logs[2]).toBe(
      "Users exist already: sign in with an existing account (the first admin's password was printed once, at the first start).",
    );
    expect(await countUsers(t.db)).toBe(1);

    // The printed password signs in.
    expect(
      (
        await signIn(t.db, {
          email: DEFAULT_ADMIN_EMAIL,
          password: first.generatedPassword,
          ip: null,
          userAgent: null,
        })
      ).ok,
    ).toBe(true);
  });

  it("uses ADMIN_EMAIL / ADMIN_PASSWORD, and several instances starting at once create exactly one admin", async () => {
    const other = await openTestDb("auth_boot");
    try {
      const logs: string[] = [];
      const results = await Promise.all(
        Array.from({ length: 4 }, () =>
          ensureFirstAdmin(other.db, { email: "Boss@Example.com", password: "configured-password-1" }, (m) =>
            logs.push(m),
          ),
        ),
      );
      expect(results.filter((r) => r.created)).toHaveLength(1);
      const created = logs.filter((m) => m.startsWith("First start"));
      expect(created).toEqual([
        "First start: created the admin account boss@example.com (password from ADMIN_PASSWORD).",
      ]);
      expect(logs.join("\n")).not.toContain("configured-password-1");
      const users = await listUsers(other.db);
      expect(users.map((u) => [u.email, u.role])).toEqual([["boss@example.com", "admin"]]);
      const ok = await signIn(other.db, {
        email: "boss@example.com",
        password: "configured-password-1",
        ip: null,
        userAgent: null,
      });
      expect(ok.ok).toBe(true);
    } finally {
      await other.close();
    }
  });
});

describe("user administration", () => {
  let admin: CurrentUser;

  beforeAll(async () => {
    const row = await addTestUser(t.db, {
      email: "chief@example.com",
      password: "chief-password-1",
      role: "admin",
    });
    admin = { id: row.id, email: row.email, name: row.name, role: "admin" };
  });

  it("adds a user whose initial password signs in only to be replaced, within 24 hours; audited", async () => {
    const input = createUserSchema.parse({
      email: " New.Person@Example.com ",
      name: "New Person",
      role: "viewer",
      password: "initial-password-1",
    });
    const added = new Date("2026-11-20T08:00:00Z");
    const later = (ms: number) => new Date(added.getTime() + ms);
    const result = await createUser(t.db, admin, input, added);
    expect(result).toMatchObject({ ok: true, user: { email: "new.person@example.com", role: "viewer" } });
    if (!result.ok) throw new Error("unreachable");
    expect(result.message).toContain("works for 24 hours, until they sign in with it and choose their own");
    const audit = await listAudit(t.db, { action: "user.create", target: result.user.id });
    expect(audit[0]).toMatchObject({
      userId: admin.id,
      details: { email: "new.person@example.com", role: "viewer" },
    });
    const signInAt = (now: Date) =>
      signIn(
        t.db,
        { email: "new.person@example.com", password: "initial-password-1", ip: null, userAgent: null },
        now,
      );
    // The admin chose it: it opens a session whose one use is to choose their own.
    expect(await signInAt(later(60_000))).toMatchObject({
      ok: true,
      user: { role: "viewer", mustChangePassword: true },
    });

    const unused = await createUser(
      t.db,
      admin,
      createUserSchema.parse({
        email: "late@example.com",
        name: "",
        role: "operator",
        password: "initial-password-2",
      }),
      added,
    );
    if (!unused.ok) throw new Error(unused.message);
    expect(
      await signIn(
        t.db,
        { email: "late@example.com", password: "initial-password-2", ip: null, userAgent: null },
        later(24 * 60 * 60 * 1000),
      ),
    ).toEqual({ ok: false, reason: "one-time-expired" });
  });

  it("refuses a duplicate email with a field error and changes nothing", async () => {
    const before = await countUsers(t.db);
    const result = await createUser(
      t.db,
      admin,
      createUserSchema.parse({
        email: "NEW.PERSON@example.com",
        name: "",
        role: "admin",
        password: "another-password",
      }),
    );
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: { email: "A user with this email already exists" },
    });
    expect(await countUsers(t.db)).toBe(before);
  });

  it.each([
    [{ email: "not-an-email", name: "", role: "viewer", password: "long-enough-pass" }, "email"],
    [{ email: "a@example.com", name: "", role: "boss", password: "long-enough-pass" }, "role"],
    [{ email: "a@example.com", name: "", role: "viewer", password: "short" }, "password"],
    [{ email: "a@example.com", name: "x".repeat(101), role: "viewer", password: "long-enough-pass" }, "name"],
  ])("the shared schema names the failing field (%j -> %s)", (input, field) => {
    const parsed = createUserSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path[0])).toEqual([field]);
  });

  it("changes a role; the open session gets the new rights at once", async () => {
    const row = await addTestUser(t.db, {
      email: "op@example.com",
      password: "op-password-123",
      role: "operator",
    });
    const { token } = await createSession(t.db, row.id, { ip: null, userAgent: null });
    expect((await authorizeToken(t.db, token, ORDER_WRITE_ROLES)).ok).toBe(true);
    expect(await authorizeToken(t.db, token, USER_ADMIN_ROLES)).toMatchObject({ ok: false, status: 403 });

    const result = await updateUser(t.db, admin, { intent: "set-role", userId: row.id, role: "viewer" });
    expect(result).toMatchObject({ ok: true, user: { role: "viewer" } });
    expect(await authorizeToken(t.db, token, ORDER_WRITE_ROLES)).toMatchObject({ ok: false, status: 403 });
    expect((await authorizeToken(t.db, token, ["admin", "operator", "viewer"])).ok).toBe(true);
    const audit = await listAudit(t.db, { action: "user.role", target: row.id });
    expect(audit[0]?.details).toMatchObject({ from: "operator", to: "viewer" });
  });

  it("disabling signs the user out everywhere; enabling lets them sign in again", async () => {
    const row = await addTestUser(t.db, {
      email: "temp@example.com",
      password: "temp-password-1",
      role: "operator",
    });
    const { token } = await createSession(t.db, row.id, { ip: null, userAgent: null });
    const disabled = await updateUser(t.db, admin, { intent: "disable", userId: row.id });
    expect(disabled.ok).toBe(true);
    expect((await getUserById(t.db, row.id))?.disabledAt).toBeInstanceOf(Date);
    expect(await validateSession(t.db, token)).toEqual({ ok: false, reason: "unknown" });
    expect(await authorizeToken(t.db, token, ["viewer", "operator", "admin"])).toMatchObject({
      ok: false,
      status: 401,
    });
    const refused = await signIn(t.db, {
      email: "temp@example.com",
      password: "temp-password-1",
      ip: "192.0.2.99",
      userAgent: null,
    });
    expect(refused).toEqual({ ok: false, reason: "disabled" });

    expect((await updateUser(t.db, admin, { intent: "enable", userId: row.id })).ok).toBe(true);
    expect((await getUserById(t.db, row.id))?.disabledAt).toBeNull();
    const back = await signIn(t.db, {
      email: "temp@example.com",
      password: "temp-password-1",
      ip: "192.0.2.99",
      userAgent: null,
    });
    expect(back.ok).toBe(true);
    const actions = (await listAudit(t.db, { target: row.id })).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["user.disable", "user.enable"]));
  });

  it("an admin cannot disable or demote themselves", async () => {
    expect(await updateUser(t.db, admin, { intent: "disable", userId: admin.id })).toEqual({
      ok: false,
      message: "You can't disable your own account. Ask another admin to do it.",
    });
    expect(
      await updateUser(t.db, admin, { intent: "set-role", userId: admin.id, role: "operator" }),
    ).toMatchObject({
      ok: false,
      message: expect.stringContaining("own admin role"),
    });
    const me = await getUserById(t.db, admin.id);
    expect(me).toMatchObject({ role: "admin", disabledAt: null });
  });

  it("reports a user that does not exist", async () => {
    expect(
      await updateUser(t.db, admin, { intent: "disable", userId: "00000000-0000-4000-8000-000000000000" }),
    ).toEqual({ ok: false, message: "That user no longer exists." });
  });

  it("authorizeToken: no cookie or a bogus one is 401; a known session with the wrong role is 403", async () => {
    expect(await authorizeToken(t.db, undefined, USER_ADMIN_ROLES)).toMatchObject({ ok: false, status: 401 });
    expect(await authorizeToken(t.db, "z".repeat(43), USER_ADMIN_ROLES)).toMatchObject({
      ok: false,
      status: 401,
    });
    const viewer = await addTestUser(t.db, {
      email: "v@example.com",
      password: "viewer-password",
      role: "viewer",
    });
    const { token } = await createSession(t.db, viewer.id, { ip: null, userAgent: null });
    const denied = await authorizeToken(t.db, token, ORDER_WRITE_ROLES);
    expect(denied).toEqual({
      ok: false,
      status: 403,
      message: "Your role (Viewer) doesn't allow this. Ask an admin if you need access.",
    });
    const { token: adminToken } = await createSession(t.db, admin.id, { ip: null, userAgent: null });
    expect(await authorizeToken(t.db, adminToken, USER_ADMIN_ROLES)).toMatchObject({
      ok: true,
      user: { id: admin.id },
    });
  });

  it("recent activity names the actor and the target user", async () => {
    const row = await addTestUser(t.db, {
      email: "audited@example.com",
      password: "audited-password",
      role: "operator",
    });
    await updateUser(t.db, admin, { intent: "set-role", userId: row.id, role: "viewer" });
    const [latest] = await listRecentActivity(t.db, 5);
    expect(latest).toMatchObject({
      action: "user.role",
      actorEmail: "chief@example.com",
      targetEmail: "audited@example.com",
      details: { from: "operator", to: "viewer" },
    });
  });
});
