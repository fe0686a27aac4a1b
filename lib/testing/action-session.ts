/**
 * For integration tests that call server actions as Next does (with next/headers mocked to
 * lib/testing/next-headers): a new user of a role, signed in, their session cookie in the test request.
 * Nothing here imports lib/env when loaded (it reads the environment once, and a test sets its scratch
 * database first): the auth modules are loaded on the first sign-in.
 */
import { randomUUID } from "node:crypto";
import type { Role } from "@/lib/auth/roles";
import type { Database } from "@/lib/database";
import type { User } from "@/lib/database/dashboard/queries/users";
import { testRequest } from "./next-headers";

export async function signedInAs(db: Database, role: Role): Promise<User> {
  const { addTestUser } = await import("./auth-database");
  const { createSession } = await import("@/lib/auth/session");
  const { sessionCookieName } = await import("@/lib/auth/cookie");
  const user = await addTestUser(db, {
    email: `${role}-${randomUUID()}@example.com`,
    password: "a-password-of-enough-length",
    role,
  });
  const { token } = await createSession(db, user.id, { ip: null, userAgent: null });
  testRequest.cookies.clear();
  testRequest.cookies.set(sessionCookieName(), token);
  return user;
}

/** A form post's fields. */
export function formData(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}
