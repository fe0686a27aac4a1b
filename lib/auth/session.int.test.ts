import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUserDisabled } from "@/lib/database/dashboard/queries/users";
import { authorizeToken } from "./authorize";
import {
  createSession,
  endSession,
  SESSION_ABSOLUTE_TIMEOUT_MS,
  SESSION_IDLE_TIMEOUT_MS,
  SESSION_TOUCH_INTERVAL_MS,
  purgeEndedAuthState,
  sessionIdFromToken,
  validateSession,
} from "./session";
import { addTestUser, openTestDb, type TestDb } from "@/lib/testing/auth-database";

const MIN = 60_000;
let t: TestDb;

beforeAll(async () => {
  t = await openTestDb("auth_sessions");
});
afterAll(async () => {
  await t?.close();
});

async function lastSeen(id: string): Promise<Date> {
  const rows = await t.db.query<{ lastSeenAt: Date }>(
    `SELECT last_seen_at AS "lastSeenAt" FROM sessions WHERE id = $1`,
    [id],
  );
  if (!rows[0]) throw new Error("session row missing");
  return rows[0].lastSeenAt;
}

async function sessionExists(token: string): Promise<boolean> {
  const rows = await t.db.query("SELECT 1 FROM sessions WHERE id = $1", [sessionIdFromToken(token)]);
  return rows.length === 1;
}

describe("server-side sessions", () => {
  it("stores only the SHA-256 of the token and validates the cookie token", async () => {
    const user = await addTestUser(t.db, {
      email: "s1@example.com",
      password: "pw-123456789012",
      role: "viewer",
    });
    const t0 = new Date("2026-03-01T09:00:00Z");
    const { token, expiresAt } = await createSession(
      t.db,
      user.id,
      { ip: "10.0.0.1", userAgent: "test" },
      t0,
    );
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expiresAt.getTime()).toBe(t0.getTime() + SESSION_ABSOLUTE_TIMEOUT_MS);
    const stored = await t.db.query<{ id: string }>("SELECT id FROM sessions WHERE user_id = $1", [user.id]);
    expect(stored.map((r) => r.id)).toEqual([sessionIdFromToken(token)]);
    expect(stored[0]?.id).not.toContain(token);

    const check = await validateSession(t.db, token, new Date(t0.getTime() + MIN));
    expect(check).toMatchObject({ ok: true, user: { id: user.id, email: "s1@example.com", role: "viewer" } });
  });

  it("rejects unknown and malformed tokens", async () => {
    expect(await validateSession(t.db, "x".repeat(43))).toEqual({ ok: false, reason: "unknown" });
    expect(await validateSession(t.db, "short")).toEqual({ ok: false, reason: "malformed" });
    expect(await validateSession(t.db, `${"a".repeat(43)}'--`)).toEqual({ ok: false, reason: "malformed" });
  });

  it("ends after the idle timeout; activity (refreshed at most once a minute) keeps it alive", async () => {
    const user = await addTestUser(t.db, { email: "s2@example.com", password: "pw-123456789012" });
    const t0 = new Date("2026-03-01T09:00:00Z");
    const at = (ms: number) => new Date(t0.getTime() + ms);
    const { token } = await createSession(t.db, user.id, { ip: null, userAgent: null }, t0);
    const id = sessionIdFromToken(token);

    // Within the touch interval: valid, no write.
    expect((await validateSession(t.db, token, at(SESSION_TOUCH_INTERVAL_MS - 1000))).ok).toBe(true);
    expect((await lastSeen(id)).getTime()).toBe(t0.getTime());
    // After it: last_seen_at moves.
    expect((await validateSession(t.db, token, at(20 * MIN))).ok).toBe(true);
    expect((await lastSeen(id)).getTime()).toBe(at(20 * MIN).getTime());
    // 45 minutes after sign-in but only 25 idle: still valid.
    expect((await validateSession(t.db, token, at(45 * MIN))).ok).toBe(true);
    // Idle for the full timeout: ended, and the row is gone.
    const idleEnd = at(45 * MIN + SESSION_IDLE_TIMEOUT_MS);
    expect(await validateSession(t.db, token, idleEnd)).toEqual({ ok: false, reason: "idle" });
    expect(await sessionExists(token)).toBe(false);
  });

  it("ends at the absolute expiry however active it is", async () => {
    const user = await addTestUser(t.db, { email: "s3@example.com", password: "pw-123456789012" });
    const t0 = new Date("2026-03-01T09:00:00Z");
    const { token } = await createSession(t.db, user.id, { ip: null, userAgent: null }, t0);
    let now = t0.getTime();
    while (now + 20 * MIN < t0.getTime() + SESSION_ABSOLUTE_TIMEOUT_MS) {
      now += 20 * MIN;
      expect((await validateSession(t.db, token, new Date(now))).ok).toBe(true);
    }
    const end = new Date(t0.getTime() + SESSION_ABSOLUTE_TIMEOUT_MS);
    expect(await validateSession(t.db, token, end)).toEqual({ ok: false, reason: "expired" });
    expect(await sessionExists(token)).toBe(false);
  });

  it("sign-out ends it on the server: the same token no longer works", async () => {
    const user = await addTestUser(t.db, { email: "s4@example.com", password: "pw-123456789012" });
    const { token } = await createSession(t.db, user.id, { ip: null, userAgent: null });
    expect((await validateSession(t.db, token)).ok).toBe(true);
    await endSession(t.db, token);
    expect(await sessionExists(token)).toBe(false);
    expect(await validateSession(t.db, token)).toEqual({ ok: false, reason: "unknown" });
  });

  it("a disabled user's session stops working", async () => {
    const user = await addTestUser(t.db, { email: "s5@example.com", password: "pw-123456789012" });
    const { token } = await createSession(t.db, user.id, { ip: null, userAgent: null });
    expect((await validateSession(t.db, token)).ok).toBe(true);
    await setUserDisabled(t.db, user.id, true, new Date());
    expect(await validateSession(t.db, token)).toEqual({ ok: false, reason: "disabled" });
  });

  it("a role change applies to the open session at once", async () => {
    const user = await addTestUser(t.db, {
      email: "s6@example.com",
      password: "pw-123456789012",
      role: "operator",
    });
    const { token } = await createSession(t.db, user.id, { ip: null, userAgent: null });
    expect((await authorizeToken(t.db, token, ["admin", "operator"])).ok).toBe(true);
    await t.db.query("UPDATE users SET role = 'viewer' WHERE id = $1", [user.id]);
    expect(await authorizeToken(t.db, token, ["admin", "operator"])).toMatchObject({
      ok: false,
      status: 403,
    });
  });

  it("housekeeping removes ended sessions and old rate-limit windows, and keeps live ones", async () => {
    const user = await addTestUser(t.db, { email: "s7@example.com", password: "pw-123456789012" });
    const t0 = new Date("2026-04-01T09:00:00Z");
    const old = await createSession(t.db, user.id, { ip: null, userAgent: null }, t0);
    const now = new Date(t0.getTime() + SESSION_IDLE_TIMEOUT_MS + MIN);
    const live = await createSession(
      t.db,
      user.id,
      { ip: null, userAgent: null },
      new Date(now.getTime() - MIN),
    );
    await t.db.query(
      "INSERT INTO rate_limits (key, window_start, count) VALUES ('old', $1, 3), ('new', $2, 1)",
      [new Date(now.getTime() - 25 * 60 * MIN), now],
    );
    await purgeEndedAuthState(t.db, now);
    expect(await sessionExists(old.token)).toBe(false);
    expect(await sessionExists(live.token)).toBe(true);
    const keys = await t.db.query<{ key: string }>("SELECT key FROM rate_limits WHERE key IN ('old', 'new')");
    expect(keys.map((k) => k.key)).toEqual(["new"]);
  });
});
