/** A signed-in operator for the dashboard benchmarks, written with plain SQL (no server-only imports). */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Sql } from "@/lib/database";

/** An operator with a live session, as the sign-in would leave them; returns the cookie token. */
export async function seedOperatorSession(sql: Sql): Promise<{ userId: string; token: string }> {
  const userId = randomUUID();
  // The cookie value; the sessions table keeps only its SHA-256 (lib/auth/session.ts).
  const token = randomBytes(32).toString("base64url");
  await sql.query(
    "INSERT INTO users (id, email, name, password_hash, role) VALUES ($1, $2, 'Bench operator', 'x', 'operator')",
    [userId, `bench-${userId}@example.com`],
  );
  await sql.query(
    "INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + interval '12 hours')",
    [createHash("sha256").update(token).digest("hex"), userId],
  );
  return { userId, token };
}
