/**
 * For integration tests that call server actions and route handlers directly: a user of a role with a
 * live session, its cookie put in the test's stand-in for the request's cookie jar (next/headers). The
 * cookie's name follows the installed runtime's settings (lib/testing/dashboard-runtime.ts).
 */
import type { Database } from "@/lib/database";
import { typed } from "@/lib/database/kysely";
import type { DashboardDatabase } from "@/lib/database/dashboard/schema";
import { sessionCookieName } from "@/lib/auth/cookie";
import type { Role } from "@/lib/auth/roles";
import { createSession } from "@/lib/auth/session";

/** Clears the jar; for a role, adds a user with a session and puts its cookie in. null = signed out. */
export async function signInTestRole(
  db: Database,
  jar: Map<string, string>,
  role: Role | null,
): Promise<{ id: string; token: string } | null> {
  jar.clear();
  if (role === null) return null;
  const id = crypto.randomUUID();
  await typed<DashboardDatabase>(db)
    .insertInto("users")
    .values({ id, email: `${role}-${id}@example.com`, name: role, passwordHash: "x", role })
    .execute();
  const { token } = await createSession(db, id, { ip: null, userAgent: null });
  jar.set(sessionCookieName(), token);
  return { id, token };
}
