/**
 * GET /api/orders/events closes the moment its session ends (issue 17 §4), whatever ends it: sign-out, the
 * user or an admin ending it, disabling, a password reset or change, a factor reset, a role change (which
 * closes the stream but keeps the session), the idle timeout; and, on PostgreSQL, a session ended through
 * another instance's connection. Streams are opened through the route handler as Next calls it, on the
 * dashboard runtime (TEST_DB backend); only the cookie jar (next/headers) is stood in for.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { endUserSessions } from "@/lib/auth/end-sessions";
import { endOwnSessions, endSessionsOfUser } from "@/lib/auth/manage-sessions";
import { changeOwnPassword, resetUserPassword } from "@/lib/auth/password-change";
import { createSession, endSession, SESSION_IDLE_TIMEOUT_MS, sessionIdFromToken } from "@/lib/auth/session";
import type { CurrentUser } from "@/lib/auth/types";
import { updateUser } from "@/lib/auth/user-admin";
import { type Database, openDatabase } from "@/lib/database";
import { addTestUser } from "@/lib/testing/auth-database";
import { startTestRuntime, type TestRuntime } from "@/lib/testing/dashboard-runtime";
import { testBackend } from "@/lib/testing/database";
import { testRequest } from "@/lib/testing/next-headers";
import { sessionCookieName } from "@/lib/auth/cookie";
import { GET } from "./route";

vi.mock("next/headers", () => import("@/lib/testing/next-headers"));

let rt: TestRuntime | undefined;
let db: Database;
const PASSWORD = "first-password-123";
const CHROME_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

beforeAll(async () => {
  rt = await startTestRuntime("session_streams");
  db = rt.db;
});
afterAll(async () => {
  await rt?.close();
});

interface OpenStream {
  /** Resolves with everything the stream sent once it ends; rejects if it is still open after 5 s. */
  ended(): Promise<string>;
  cancel(): Promise<void>;
}

/** Opens the route's stream with `token` as the cookie; resolves once the "ready" event arrived. */
async function openStream(token: string): Promise<OpenStream> {
  testRequest.cookies.clear();
  testRequest.cookies.set(sessionCookieName(), token);
  const res = await GET(new Request(`http://dashboard.test/api/orders/events?ids=${randomUUID()}`));
  expect(res.status).toBe(200);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = "";
  let done = false;
  const finished = (async () => {
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += decoder.decode(chunk.value, { stream: true });
    }
    done = true;
    return text;
  })();
  for (let i = 0; i < 100 && !text.includes("event: ready") && !done; i++) await sleep(20);
  expect(text).toContain("event: ready");
  return {
    ended: () =>
      Promise.race([
        finished,
        sleep(5_000).then(() => {
          throw new Error(`the stream is still open after 5 s: ${JSON.stringify(text)}`);
        }),
      ]),
    cancel: () => reader.cancel(),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function person(role: "admin" | "operator" = "operator") {
  const user = await addTestUser(db, {
    email: `${role}-${randomUUID()}@example.com`,
    password: PASSWORD,
    role,
  });
  const me: CurrentUser = { id: user.id, email: user.email, name: "", role: user.role };
  const session = async (userAgent = CHROME_LINUX) =>
    (await createSession(db, user.id, { ip: "203.0.113.7", userAgent })).token;
  return { ...me, me, session };
}

const endedWith = (reason: string) => expect.stringContaining(`event: ended\ndata: {"reason":"${reason}"}`);

describe("an open event stream closes when its session ends", () => {
  it("signing out ends this session's stream, and leaves the user's other sessions' streams open", async () => {
    const u = await person();
    const [a, b] = [await u.session(), await u.session()];
    const streamA = await openStream(a);
    const streamB = await openStream(b);
    await endSession(db, a);
    expect(await streamA.ended()).toEqual(endedWith("signed-out"));
    await sleep(200);
    expect(rt?.runtime.sessionEnds.watching()).toBeGreaterThanOrEqual(1);
    await endSession(db, b);
    expect(await streamB.ended()).toEqual(endedWith("signed-out"));
  });

  it("the user signing out another of their sessions, then all others: those streams end, this one stays", async () => {
    const u = await person();
    const [mine, other1, other2] = [await u.session(), await u.session(), await u.session()];
    const [sMine, s1, s2] = [await openStream(mine), await openStream(other1), await openStream(other2)];
    const current = sessionIdFromToken(mine);
    expect(
      await endOwnSessions(db, u.me, current, { intent: "one", sessionId: sessionIdFromToken(other1) }),
    ).toEqual({ ok: true, message: "Signed out Chrome on Linux (203.0.113.7)." });
    expect(await s1.ended()).toEqual(endedWith("ended-by-user"));
    expect(await endOwnSessions(db, u.me, current, { intent: "others" })).toEqual({
      ok: true,
      message: "Signed out 1 other session.",
    });
    expect(await s2.ended()).toEqual(endedWith("ended-by-user"));
    await sleep(100);
    await sMine.cancel();
  });

  it("an admin ending one session, then all of a user's", async () => {
    const admin = await person("admin");
    const adminSession = sessionIdFromToken(await admin.session());
    const u = await person();
    const [t1, t2] = [await u.session(), await u.session()];
    const [s1, s2] = [await openStream(t1), await openStream(t2)];
    const one = await endSessionsOfUser(db, admin.me, adminSession, {
      intent: "one",
      userId: u.id,
      sessionId: sessionIdFromToken(t1),
    });
    expect(one).toEqual({ ok: true, message: `Ended ${u.email}'s session on Chrome on Linux.` });
    expect(await s1.ended()).toEqual(endedWith("ended-by-admin"));
    expect(await endSessionsOfUser(db, admin.me, adminSession, { intent: "all", userId: u.id })).toEqual({
      ok: true,
      message: `Ended 1 session of ${u.email}.`,
    });
    expect(await s2.ended()).toEqual(endedWith("ended-by-admin"));
  });

  it.each([
    ["disabling the user", "disabled"],
    ["an admin's password reset", "password-reset"],
    ["a factor reset (endUserSessions)", "factor-reset"],
  ] as const)("%s", async (_what, reason) => {
    const admin = await person("admin");
    const u = await person();
    const stream = await openStream(await u.session());
    if (reason === "disabled")
      expect((await updateUser(db, admin.me, { intent: "disable", userId: u.id })).ok).toBe(true);
    else if (reason === "password-reset") expect((await resetUserPassword(db, admin.me, u.id)).ok).toBe(true);
    else expect(await endUserSessions(db, u.id, "factor-reset")).toBe(1);
    expect(await stream.ended()).toEqual(endedWith(reason));
  });

  it("changing one's password ends the other sessions' streams, not this one's", async () => {
    const u = await person();
    const [mine, other] = [await u.session(), await u.session()];
    const [sMine, sOther] = [await openStream(mine), await openStream(other)];
    const changed = await changeOwnPassword(db, u.me, sessionIdFromToken(mine), {
      currentPassword: PASSWORD,
      newPassword: "second-password-456",
      confirmPassword: "second-password-456",
    });
    expect(changed.ok).toBe(true);
    expect(await sOther.ended()).toEqual(endedWith("password-changed"));
    await sMine.cancel();
  });

  it("a role change closes the user's streams but keeps the session (the page opens its stream again)", async () => {
    const admin = await person("admin");
    const u = await person();
    const token = await u.session();
    const stream = await openStream(token);
    expect((await updateUser(db, admin.me, { intent: "set-role", userId: u.id, role: "viewer" })).ok).toBe(
      true,
    );
    expect(await stream.ended()).toEqual(endedWith("role-changed"));
    const again = await openStream(token);
    await again.cancel();
  });

  it("the idle timeout: the re-check deletes the idle session, which closes its stream", async () => {
    const u = await person();
    const stream = await openStream(await u.session());
    await rt?.runtime.sessionEnds.recheck(new Date(Date.now() + SESSION_IDLE_TIMEOUT_MS + 60_000));
    expect(await stream.ended()).toEqual(endedWith("timed-out"));
  });

  it("the idle timeout with its notification late: the re-check that deleted the session says it timed out", async () => {
    // On PostgreSQL the notification comes on another connection, and could come after the re-check's own look
    // at which sessions are gone: held back here altogether.
    const u = await person();
    const stream = await openStream(await u.session());
    await db.exec("ALTER TABLE sessions DISABLE TRIGGER sessions_ended_notify");
    try {
      await rt?.runtime.sessionEnds.recheck(new Date(Date.now() + SESSION_IDLE_TIMEOUT_MS + 60_000));
    } finally {
      await db.exec("ALTER TABLE sessions ENABLE TRIGGER sessions_ended_notify");
    }
    expect(await stream.ended()).toEqual(endedWith("timed-out"));
  });

  it("a missed notification: the re-check finds the session gone and closes the stream", async () => {
    const u = await person();
    const token = await u.session();
    const stream = await openStream(token);
    await db.exec("ALTER TABLE sessions DISABLE TRIGGER sessions_ended_notify");
    try {
      await db.query("DELETE FROM sessions WHERE id = $1", [sessionIdFromToken(token)]);
      await sleep(200);
      await rt?.runtime.sessionEnds.recheck();
    } finally {
      await db.exec("ALTER TABLE sessions ENABLE TRIGGER sessions_ended_notify");
    }
    expect(await stream.ended()).toEqual(endedWith("ended"));
  });

  it("a stream opened with an ended session is refused (401)", async () => {
    const u = await person();
    const token = await u.session();
    await endSession(db, token);
    testRequest.cookies.set(sessionCookieName(), token);
    const res = await GET(new Request(`http://dashboard.test/api/orders/events?ids=${randomUUID()}`));
    expect(res.status).toBe(401);
  });

  it.runIf(testBackend() === "postgres")(
    "PostgreSQL: a session ended through another instance's connection closes the stream here",
    async () => {
      const url = rt?.runtime.env.DATABASE_URL;
      if (!url) throw new Error("no DATABASE_URL");
      const other = await openDatabase({ url, poolMax: 1 });
      try {
        const u = await person();
        const stream = await openStream(await u.session());
        // The status feed and the session ends listen on one connection of this instance, not two.
        const listening = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND query LIKE 'LISTEN %'`,
        );
        expect(listening).toEqual([{ n: 1 }]);
        expect(await endUserSessions(other, u.id, "ended-by-admin")).toBe(1);
        expect(await stream.ended()).toEqual(endedWith("ended-by-admin"));

        // The listening connection is cut (a server restart): it comes back listening on every channel.
        const v = await person();
        const later = await openStream(await v.session());
        const listenerPid = async () =>
          (
            await other.query<{ pid: number }>(
              `SELECT pid FROM pg_stat_activity
                WHERE datname = current_database() AND query = 'LISTEN "session_ended"'`,
            )
          )[0]?.pid;
        const before = await listenerPid();
        await other.query("SELECT pg_terminate_backend($1)", [before]);
        await expect
          .poll(
            async () => {
              const now = await listenerPid();
              return now !== undefined && now !== before;
            },
            { timeout: 10_000, interval: 200 },
          )
          .toBe(true);
        expect(await endUserSessions(other, v.id, "ended-by-admin")).toBe(1);
        expect(await later.ended()).toEqual(endedWith("ended-by-admin"));
      } finally {
        await other.close();
      }
    },
  );
});
