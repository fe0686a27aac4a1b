/**
 * A page opened after the session's idle timeout sends the visitor to sign in, saying that this is why
 * (reason=idle) and where to come back to; any other signed-out visit does not claim it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "@/lib/database";
import { signedInAs } from "@/lib/testing/action-session";
import { scratchDashboardEnv } from "@/lib/testing/database";
import { testRequest } from "@/lib/testing/next-headers";

vi.mock("next/headers", () => import("@/lib/testing/next-headers"));

let scratch: { drop(): Promise<void> } | undefined;
let db: Database;
let requirePageUser: typeof import("@/lib/auth/current-user").requirePageUser;
let idleMs: number;

beforeAll(async () => {
  scratch = await scratchDashboardEnv("idle_sign_out");
  db = await (await import("@/lib/runtime")).getDb();
  requirePageUser = (await import("@/lib/auth/current-user")).requirePageUser;
  idleMs = (await import("@/lib/auth/session")).SESSION_IDLE_TIMEOUT_MS;
  const { REQUEST_PATH_HEADER } = await import("@/lib/auth/request-path");
  testRequest.headers.set(REQUEST_PATH_HEADER, "/orders?status=Failed");
});

afterAll(async () => {
  await db?.close();
  await scratch?.drop();
});

const redirectTo = (path: string) => ({ digest: expect.stringContaining(`;${path};`) });

describe("signed out after being idle", () => {
  it("goes to sign-in with reason=idle and the page to return to", async () => {
    const user = await signedInAs(db, "operator");
    await expect(requirePageUser()).resolves.toMatchObject({ id: user.id });
    await db.query("UPDATE sessions SET last_seen_at = last_seen_at - $1 * interval '1 millisecond'", [
      idleMs,
    ]);
    await expect(requirePageUser()).rejects.toMatchObject(
      redirectTo("/login?next=%2Forders%3Fstatus%3DFailed&reason=idle"),
    );
  });

  it("no session, or an unknown one: sign-in without a reason", async () => {
    testRequest.cookies.clear();
    await expect(requirePageUser()).rejects.toMatchObject(
      redirectTo("/login?next=%2Forders%3Fstatus%3DFailed"),
    );
    await signedInAs(db, "viewer");
    await db.query("DELETE FROM sessions");
    await expect(requirePageUser()).rejects.toMatchObject(
      redirectTo("/login?next=%2Forders%3Fstatus%3DFailed"),
    );
  });
});
