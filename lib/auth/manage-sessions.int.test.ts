/**
 * The sessions lists (issue 17 §4) through their server actions as Next calls them: your own sessions
 * (browser in words, address, this one marked), signing out one other or all others; admins listing
 * everyone's and ending one or all of a user's; who may do what; each end in the activity log. Real
 * dashboard database (TEST_DB backend); the cookie jar (next/headers) and page cache are stood in for.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ActionResult } from "@/lib/actions/action-result";
import { endOwnSessionsAction } from "@/lib/actions/end-own-sessions-action";
import { endUserSessionsAction } from "@/lib/actions/end-user-sessions-action";
import type { Database } from "@/lib/database";
import { addTestUser } from "@/lib/testing/auth-database";
import { startTestRuntime, type TestRuntime } from "@/lib/testing/dashboard-runtime";
import { formData } from "@/lib/testing/action-session";
import { testRequest } from "@/lib/testing/next-headers";
import { sessionCookieName } from "./cookie";
import { sessionViews, THIS_SESSION_MESSAGE } from "./manage-sessions";
import type { Role } from "./roles";
import { createSession, SESSION_IDLE_TIMEOUT_MS, sessionIdFromToken, validateSession } from "./session";

vi.mock("next/headers", () => import("@/lib/testing/next-headers"));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

type FormAction = (previous: ActionResult | null, form: FormData) => Promise<ActionResult>;
const endOwn: FormAction = endOwnSessionsAction;
const endUsers: FormAction = endUserSessionsAction;

let rt: TestRuntime | undefined;
let db: Database;
beforeAll(async () => {
  rt = await startTestRuntime("manage_sessions");
  db = rt.db;
});
afterAll(async () => {
  await rt?.close();
});

const UA = {
  chrome:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1",
  firefox: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
};

/** A user with one session per user agent; the first one's cookie is in the jar. */
async function userWith(role: Role, agents: string[]) {
  const user = await addTestUser(db, {
    email: `${role}-${crypto.randomUUID()}@example.com`,
    password: "a-password-1234",
    role,
  });
  const tokens: string[] = [];
  for (const [i, userAgent] of agents.entries())
    tokens.push((await createSession(db, user.id, { ip: `203.0.113.${i + 1}`, userAgent })).token);
  return { ...user, tokens, ids: tokens.map(sessionIdFromToken) };
}
const useCookie = (token: string) => {
  testRequest.cookies.clear();
  testRequest.cookies.set(sessionCookieName(), token);
};
const live = async (token: string) => (await validateSession(db, token)).ok;
const audit = (action: string, target: string) =>
  db.query<{ userId: string; details: Record<string, unknown> }>(
    `SELECT user_id AS "userId", details FROM audit_log WHERE action = $1 AND target = $2`,
    [action, target],
  );

describe("your sessions", () => {
  it("lists them with the browser in words, address and times, this one marked", async () => {
    const me = await userWith("viewer", [UA.chrome, UA.iphone, "curl/8.5.0"]);
    const views = await sessionViews(db, me.id, me.ids[0] as string);
    expect(views.map((v) => [v.browser, v.ip, v.current])).toEqual(
      expect.arrayContaining([
        ["Chrome on Linux", "203.0.113.1", true],
        ["Safari on iPhone", "203.0.113.2", false],
        ["curl", "203.0.113.3", false],
      ]),
    );
    expect(views).toHaveLength(3);
    expect(views.every((v) => v.email === me.email && !Number.isNaN(Date.parse(v.lastSeenAt)))).toBe(true);
    // Past the idle timeout a session is no longer listed.
    const later = new Date(Date.now() + SESSION_IDLE_TIMEOUT_MS + 1000);
    expect(await sessionViews(db, me.id, me.ids[0] as string, later)).toEqual([]);
  });

  it("signs out one other session, then all others; this one stays; both audited", async () => {
    const me = await userWith("operator", [UA.chrome, UA.iphone, UA.firefox]);
    const [mine, phone, firefox] = me.tokens as [string, string, string];
    useCookie(mine);
    expect(await endOwn(null, formData({ intent: "one", sessionId: me.ids[1] as string }))).toEqual({
      ok: true,
      message: "Signed out Safari on iPhone (203.0.113.2).",
    });
    expect([await live(mine), await live(phone), await live(firefox)]).toEqual([true, false, true]);
    expect(await endOwn(null, formData({ intent: "one", sessionId: me.ids[1] as string }))).toEqual({
      ok: false,
      message: "That session has already ended.",
    });
    expect(await endOwn(null, formData({ intent: "one", sessionId: me.ids[0] as string }))).toEqual({
      ok: false,
      message: THIS_SESSION_MESSAGE,
    });
    expect(await endOwn(null, formData({ intent: "others" }))).toEqual({
      ok: true,
      message: "Signed out 1 other session.",
    });
    expect([await live(mine), await live(firefox)]).toEqual([true, false]);
    expect(await audit("auth.session-end", me.id)).toEqual([
      { userId: me.id, details: { browser: "Safari on iPhone", ip: "203.0.113.2" } },
    ]);
    expect(await audit("auth.sessions-end-others", me.id)).toEqual([
      { userId: me.id, details: { count: 1 } },
    ]);
  });

  it("cannot end someone else's session by its id", async () => {
    const other = await userWith("viewer", [UA.chrome]);
    const me = await userWith("viewer", [UA.chrome]);
    useCookie(me.tokens[0] as string);
    expect(await endOwn(null, formData({ intent: "one", sessionId: other.ids[0] as string }))).toEqual({
      ok: false,
      message: "That session has already ended.",
    });
    expect(await live(other.tokens[0] as string)).toBe(true);
    expect(await endOwn(null, formData({ intent: "one", sessionId: "not-a-session" }))).toMatchObject({
      ok: false,
      fieldErrors: { sessionId: "Unknown session" },
    });
  });
});

describe("an admin and everyone's sessions", () => {
  it("lists every user's sessions and ends one, then all of a user's; audited with who and where", async () => {
    const admin = await userWith("admin", [UA.firefox]);
    const user = await userWith("operator", [UA.chrome, UA.iphone]);
    const all = await sessionViews(db, null, admin.ids[0] as string);
    expect(all.filter((v) => v.userId === user.id).map((v) => v.browser)).toEqual(
      expect.arrayContaining(["Chrome on Linux", "Safari on iPhone"]),
    );
    expect(all.find((v) => v.userId === admin.id)?.current).toBe(true);

    useCookie(admin.tokens[0] as string);
    expect(
      await endUsers(null, formData({ intent: "one", userId: user.id, sessionId: user.ids[0] as string })),
    ).toEqual({ ok: true, message: `Ended ${user.email}'s session on Chrome on Linux.` });
    expect(await Promise.all(user.tokens.map(live))).toEqual([false, true]);
    expect(await endUsers(null, formData({ intent: "all", userId: user.id }))).toEqual({
      ok: true,
      message: `Ended 1 session of ${user.email}.`,
    });
    expect(await live(user.tokens[1] as string)).toBe(false);
    expect(await endUsers(null, formData({ intent: "all", userId: user.id }))).toEqual({
      ok: true,
      message: `${user.email} has no sessions to end.`,
    });
    expect(await audit("user.session-end", user.id)).toEqual([
      {
        userId: admin.id,
        details: { email: user.email, browser: "Chrome on Linux", ip: "203.0.113.1" },
      },
    ]);
    expect(await audit("user.sessions-end", user.id)).toEqual([
      { userId: admin.id, details: { email: user.email, count: 1 } },
    ]);
  });

  it("ending all of their own sessions keeps the one they are using", async () => {
    const admin = await userWith("admin", [UA.firefox, UA.chrome]);
    useCookie(admin.tokens[0] as string);
    expect(await endUsers(null, formData({ intent: "all", userId: admin.id }))).toEqual({
      ok: true,
      message: `Ended 1 session of ${admin.email}.`,
    });
    expect(await Promise.all(admin.tokens.map(live))).toEqual([true, false]);
  });

  it.each(["operator", "approver", "viewer"] as const)("%s may not end others' sessions", async (role) => {
    const user = await userWith("viewer", [UA.chrome]);
    const actor = await userWith(role, [UA.chrome]);
    useCookie(actor.tokens[0] as string);
    expect(await endUsers(null, formData({ intent: "all", userId: user.id }))).toEqual({
      ok: false,
      message: expect.stringMatching(/doesn't allow/),
    });
    expect(await live(user.tokens[0] as string)).toBe(true);
  });
});
