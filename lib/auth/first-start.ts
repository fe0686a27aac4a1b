import "server-only";
import { getDb } from "@/lib/runtime";
import { env } from "@/lib/env";
import { ensureFirstAdmin } from "./bootstrap";
import { purgeEndedAuthState } from "./session";

/** Called from instrumentation.ts at server start: opens (and migrates) the database, then bootstraps. */
export async function bootstrapFirstAdmin(): Promise<void> {
  try {
    const db = await getDb();
    await ensureFirstAdmin(db, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });
    await purgeEndedAuthState(db);
  } catch (error) {
    // Don't take the whole server down: pages will show the database problem, and the log says why.
    console.error("First-admin bootstrap failed:", error);
  }
}
