import { getCurrentSession } from "@/lib/auth/current-user";
import { sessionViews } from "@/lib/auth/manage-sessions";
import { getDb } from "@/lib/runtime";
import { OwnSessionList } from "./session-list";

/**
 * Your account → Signed-in sessions: where you are signed in (browser, address, signed in, last seen),
 * this one marked. Not shown while an admin's one-time password must be replaced.
 */
export async function SessionsSection() {
  const session = await getCurrentSession();
  if (!session || session.user.mustChangePassword) return null;
  const sessions = await sessionViews(await getDb(), session.user.id, session.sessionId);
  return (
    <section className="card" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">Signed-in sessions</h2>
      <p className="muted">
        Browsers and devices signed in to your account. Signing one out ends it at once, open pages included.
      </p>
      <OwnSessionList sessions={sessions} />
    </section>
  );
}
