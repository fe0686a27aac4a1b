import Link from "next/link";
import { OUTCOME_TEXT } from "@/lib/callbacks/outcomes";
import type { CallbackDelivery } from "@/lib/database/dashboard/queries/callback-deliveries";
import { LocalTime } from "@/components/time/local-time";
import { JsonBlock } from "./json-block";
import styles from "./orders.module.css";
import { StatusBadge } from "./status-badge";

/** Every callback delivery matched to the order, oldest first, with how it was verified and handled. */
export function CallbackTimeline({ deliveries }: { deliveries: CallbackDelivery[] }) {
  if (deliveries.length === 0) {
    return (
      <p className={`muted ${styles.flush}`}>
        No callbacks yet. The service sends one on every status change.
      </p>
    );
  }
  return (
    <ol className={styles.timeline}>
      {deliveries.map((d) => (
        <li
          key={d.id}
          className={styles.timelineItem}
          data-outcome={d.outcome}
          data-testid="callback-delivery"
        >
          <div className={styles.timelineHead}>
            <LocalTime value={d.receivedAt} />
            {d.status && <StatusBadge status={d.status} />}
            <span className={d.verified ? styles.verified : styles.unverified}>
              {d.verified
                ? "Signature verified"
                : `Signature refused${d.verificationError ? `: ${d.verificationError}` : ""}`}
            </span>
            <span>· {OUTCOME_TEXT[d.outcome] ?? d.outcome}</span>
            {d.reapplyOf ? <span className="muted">· re-applied by staff</span> : null}
            <Link href={`/callbacks/${d.id}`} className="muted">
              Details
            </Link>
          </div>
          {d.webhookId && (
            <div className="muted">
              Event <code>{d.webhookId}</code>
            </div>
          )}
          <details>
            <summary>Raw delivery</summary>
            <div className={`stack ${styles.rawDelivery}`}>
              <JsonBlock value={d.headers} label="Headers" />
              <pre className={styles.pre} data-label="Raw body">
                {d.rawBody}
              </pre>
            </div>
          </details>
        </li>
      ))}
    </ol>
  );
}
