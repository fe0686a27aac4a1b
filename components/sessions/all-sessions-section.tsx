import { getCurrentSession } from "@/lib/auth/current-user";
import { sessionViews } from "@/lib/auth/manage-sessions";
import { hasRole, USER_ADMIN_ROLES } from "@/lib/auth/roles";
import { getDb } from "@/lib/runtime";
import { AllSessionList } from "./session-list";

/** Users (admins) → Signed-in sessions: everyone's, by user, each to end alone or all at once. */
export async function AllSessionsSection() {
  const session = await getCurrentSession();
  if (!session || !hasRole(session.user.role, USER_ADMIN_ROLES)) return null;
  const sessions = await sessionViews(await getDb(), null, session.sessionId);
  return (
    <section className="card" aria-labelledby="all-sessions-heading">
      <h2 id="all-sessions-heading">Signed-in sessions</h2>
      <p className="muted">
        Who is signed in where. Ending a session signs that browser out at once and closes its live updates.
      </p>
      <AllSessionList sessions={sessions} />
    </section>
  );
}
