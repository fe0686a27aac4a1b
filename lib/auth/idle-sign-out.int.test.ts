/**
 * A page opened after the session's idle timeout sends the visitor to sign in, saying that this is why
 * (reason=idle) and where to come back to; any other signed-out visit does not claim it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { requirePageUser } from "@/lib/auth/current-user";
import { REQUEST_PATH_HEADER } from "@/lib/auth/request-path";
import { SESSION_IDLE_TIMEOUT_MS as idleMs } from "@/lib/auth/session";
import { startTestRuntime, type TestRuntime } from "@/lib/testing/dashboard-runtime";
import type { Database } from "@/lib/database";
import { signedInAs } from "@/lib/testing/action-session";
import { testRequest } from "@/lib/testing/next-headers";

vi.mock("next/headers", () => import("@/lib/testing/next-headers"));

let rt: TestRuntime | undefined;
let db: Database;

beforeAll(async () => {
  rt = await startTestRuntime("idle_sign_out");
  db = rt.db;
  testRequest.headers.set(REQUEST_PATH_HEADER, "/orders?status=Failed");
});

afterAll(async () => {
  await rt?.close();
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
