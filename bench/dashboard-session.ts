/** A signed-in operator for the dashboard benchmarks, written directly (no server-only imports). */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { sql as raw } from "kysely";
import type { Sql } from "@/lib/database";
import { typed } from "@/lib/database/kysely";
import type { DashboardDatabase } from "@/lib/database/dashboard/schema";

/** An operator with a live session, as the sign-in would leave them; returns the cookie token. */
export async function seedOperatorSession(sql: Sql): Promise<{ userId: string; token: string }> {
  const userId = randomUUID();
  // The cookie value; the sessions table keeps only its SHA-256 (lib/auth/session.ts).
  const token = randomBytes(32).toString("base64url");
  const db = typed<DashboardDatabase>(sql);
  await db
    .insertInto("users")
    .values({
      id: userId,
      email: `bench-${userId}@example.com`,
      name: "Bench operator",
      passwordHash: "x",
      role: "operator",
    })
    .execute();
  await db
    .insertInto("sessions")
    .values({
      id: createHash("sha256").update(token).digest("hex"),
      userId,
      expiresAt: raw<Date>`now() + interval '12 hours'`,
    })
    .execute();
  return { userId, token };
}
