import type { AuditActivityRow } from "@/lib/db/queries/audit";
import { describeActivity } from "./activity-text";
import styles from "./users.module.css";

const timeFormat = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "medium",
  timeZone: "UTC",
});

/** The latest audit-log entries: who did what, when (UTC). */
export function RecentActivity({ entries }: { entries: AuditActivityRow[] }) {
  return (
    <section className="card" aria-labelledby="activity-heading">
      <h2 id="activity-heading">Recent activity</h2>
      {entries.length === 0 ? (
        <p className="muted">Nothing yet.</p>
      ) : (
        <ol className={styles.activity}>
          {entries.map((e) => (
            <li key={e.id} data-action={e.action}>
              <time dateTime={e.at.toISOString()} className={styles.activityTime}>
                {timeFormat.format(e.at)} UTC
              </time>
              <span className={styles.activityActor}>
                {e.actorEmail ?? (e.action.startsWith("auth.") ? "Unknown visitor" : "System")}
              </span>
              <span>{describeActivity(e)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
