import type { AuditRow } from "@/lib/db/queries/audit";
import { formatDateTime } from "./format";
import styles from "./orders.module.css";

const ACTION_TEXT: Record<string, string> = {
  "order.create": "Created and sent",
  "order.retry": "Retried by hand",
  "order.resume": "Resumed automatically after an interrupted submission",
};

/** The order's submissions (its audit entries), oldest first: created, retried, resumed after a crash. */
export function SubmissionHistory({ entries }: { entries: AuditRow[] }) {
  if (entries.length === 0) {
    return (
      <p className="muted" style={{ margin: 0 }}>
        Not sent yet.
      </p>
    );
  }
  const oldestFirst = [...entries].sort((a, b) => a.at.getTime() - b.at.getTime());
  return (
    <ol className={styles.timeline}>
      {oldestFirst.map((e) => (
        <li key={e.id} className={styles.timelineItem} data-testid="submission-entry" data-action={e.action}>
          <div className={styles.timelineHead}>
            <time dateTime={e.at.toISOString()}>{formatDateTime(e.at)}</time>
            <span>{ACTION_TEXT[e.action] ?? e.action}</span>
            {typeof e.details.outcome === "string" && <span>→ {e.details.outcome}</span>}
          </div>
        </li>
      ))}
    </ol>
  );
}
