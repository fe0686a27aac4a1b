"use server";

import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { authorizeRequest, readSessionToken } from "@/lib/auth/current-user";
import { sessionCookieName } from "@/lib/auth/cookie";
import { ANY_ROLE } from "@/lib/auth/roles";
import { endSession } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { writeAudit } from "@/lib/db/queries/audit";

/** Ends the session on the server (the row is deleted), clears the cookie, and goes to /login. */
export async function signOutAction(): Promise<void> {
  const auth = await authorizeRequest(ANY_ROLE);
  const token = await readSessionToken();
  const db = await getDb();
  if (token) await endSession(db, token);
  if (auth.ok) await writeAudit(db, { userId: auth.user.id, action: "auth.sign-out", target: auth.user.id });
  (await cookies()).delete(sessionCookieName());
  redirect("/login");
}
