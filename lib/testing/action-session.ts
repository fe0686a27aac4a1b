/**
 * For integration tests that call server actions as Next does (with next/headers mocked to
 * lib/testing/next-headers): a new user of a role, signed in, their session cookie in the test request.
 */
import { randomUUID } from "node:crypto";
import { sessionCookieName } from "@/lib/auth/cookie";
import type { Role } from "@/lib/auth/roles";
import { createSession } from "@/lib/auth/session";
import type { Database } from "@/lib/database";
import type { User } from "@/lib/database/dashboard/queries/users";
import { addTestUser } from "./auth-database";
import { testRequest } from "./next-headers";

export async function signedInAs(db: Database, role: Role): Promise<User> {
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

/** Posts a form to a form action (sign-in's): its answer, or the redirect's target (every success is one). */
export async function postForm(
  action: (previous: unknown, form: FormData) => Promise<unknown>,
  fields: Record<string, string>,
): Promise<{ answer: unknown } | { redirect: string | undefined }> {
  try {
    return { answer: await action(null, formData(fields)) };
  } catch (error) {
    const digest = (error as { digest?: string }).digest ?? "";
    if (!digest.startsWith("NEXT_REDIRECT")) throw error;
    return { redirect: digest.split(";")[2] };
  }
}
