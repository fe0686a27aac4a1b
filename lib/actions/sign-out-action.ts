"use server";

import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { getCurrentUser, readSessionToken } from "@/lib/auth/current-user";
import { sessionCookieName } from "@/lib/auth/cookie";
import { endSession } from "@/lib/auth/session";
import { getDb } from "@/lib/runtime";
import { writeAudit } from "@/lib/database/dashboard/queries/audit";

/** Ends the session on the server (the row is deleted), clears the cookie, and goes to /login. */
export async function signOutAction(): Promise<void> {
  // Not authorizeRequest: someone who must change their password may still sign out.
  const user = await getCurrentUser();
  const token = await readSessionToken();
  const db = await getDb();
  if (token) await endSession(db, token);
  if (user) await writeAudit(db, { userId: user.id, action: "auth.sign-out", target: user.id });
  (await cookies()).delete(sessionCookieName());
  redirect("/login");
}
