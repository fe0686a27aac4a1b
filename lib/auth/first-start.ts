import "server-only";
import type { Database } from "@/lib/database";
import type { Env } from "@/lib/env";
import { ensureFirstAdmin } from "./bootstrap";
import { purgeEndedAuthState } from "./session";
import { log } from "@/lib/observability/logger";

/** Called from instrumentation.ts at server start: opens (and migrates) the database, then bootstraps. */
export async function bootstrapFirstAdmin(
  db: () => Promise<Database>,
  admin: Pick<Env, "ADMIN_EMAIL" | "ADMIN_PASSWORD">,
): Promise<void> {
  try {
    const opened = await db();
    await ensureFirstAdmin(opened, { email: admin.ADMIN_EMAIL, password: admin.ADMIN_PASSWORD });
    await purgeEndedAuthState(opened);
  } catch (error) {
    // Don't take the whole server down: pages will show the database problem, and the log says why.
    log().error({ err: error }, "first-admin bootstrap failed");
  }
}
