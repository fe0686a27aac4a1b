import { describeActivity } from "@/components/users/activity-text";
import { type AuditAction, isAuditAction } from "@/lib/database/dashboard/audit-actions";
import type { AuditRow } from "@/lib/database/dashboard/queries/audit";
import { LocalTime } from "@/components/time/local-time";
import styles from "./orders.module.css";

const ACTION_TEXT: Partial<Record<AuditAction, string>> = {
  "order.create": "Created and sent",
  "order.retry": "Retried by hand",
  "order.resume": "Resumed automatically after an interrupted submission",
  "order.sandbox-status": "Sandbox control: asked the sandbox to change the status",
  "order.approved-send": "Sent after approval",
};

/** The short form for this timeline; any other code gets the activity log's sentence, never the code. */
function entryText(e: AuditRow): string {
  return (
    (isAuditAction(e.action) ? ACTION_TEXT[e.action] : undefined) ??
    describeActivity({ ...e, targetEmail: null })
  );
}

/** The order's submissions (its audit entries), oldest first: created, retried, resumed after a crash. */
export function SubmissionHistory({ entries }: { entries: AuditRow[] }) {
  if (entries.length === 0) {
    return <p className={`muted ${styles.flush}`}>Not sent yet.</p>;
  }
  const oldestFirst = [...entries].sort((a, b) => a.at.getTime() - b.at.getTime());
  return (
    <ol className={styles.timeline}>
      {oldestFirst.map((e) => (
        <li key={e.id} className={styles.timelineItem} data-testid="submission-entry" data-action={e.action}>
          <div className={styles.timelineHead}>
            <LocalTime value={e.at} />
            <span>{entryText(e)}</span>
            {typeof e.details.outcome === "string" && <span>→ {e.details.outcome}</span>}
            {e.action === "order.sandbox-status" && typeof e.details.status === "string" && (
              <span>→ {e.details.status}</span>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
