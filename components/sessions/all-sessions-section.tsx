import { getCurrentSession } from "@/lib/auth/current-user";
import { sessionViews } from "@/lib/auth/manage-sessions";
import type { SessionView } from "@/lib/auth/session-schemas";
import { hasRole, USER_ADMIN_ROLES } from "@/lib/auth/roles";
import { getDb } from "@/lib/runtime";
import { UserSessionList } from "./session-list";

/** Users (admins) → Signed-in sessions: everyone's, by user, each to end alone or all at once. */
export async function AllSessionsSection() {
  const session = await getCurrentSession();
  if (!session || !hasRole(session.user.role, USER_ADMIN_ROLES)) return null;
  const sessions = await sessionViews(await getDb(), null, session.sessionId);
  const byUser = new Map<string, SessionView[]>();
  for (const s of sessions) byUser.set(s.userId, [...(byUser.get(s.userId) ?? []), s]);
  return (
    <section className="card" aria-labelledby="all-sessions-heading">
      <h2 id="all-sessions-heading">Signed-in sessions</h2>
      <p className="muted">
        Who is signed in where. Ending a session signs that browser out at once and closes its live updates.
      </p>
      {[...byUser.values()].map((list) => {
        const first = list[0] as SessionView;
        return (
          <UserSessionList key={first.userId} email={first.email} userId={first.userId} sessions={list} />
        );
      })}
    </section>
  );
}
