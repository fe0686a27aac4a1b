import Link from "next/link";
import { JsonBlock } from "@/components/orders/json-block";
import { StatusBadge } from "@/components/orders/status-badge";
import { LocalTime } from "@/components/time/local-time";
import { OUTCOME_TEXT } from "@/lib/callbacks/outcomes";
import type { CallbackDelivery } from "@/lib/database/dashboard/queries/callback-deliveries";
import orderStyles from "@/components/orders/orders.module.css";
import { ReapplyButton, ResendButton } from "./callback-buttons";
import styles from "./callbacks.module.css";

export interface CallbackDetailProps {
  delivery: CallbackDelivery;
  order: { id: string; paymentId: string; paymentMethod: string } | null;
  reapplications: CallbackDelivery[];
  canWrite: boolean;
  usesSandbox: boolean;
}

/** One delivery as it came: what it said, whether it verified, what it did, and what can be done again. */
export function CallbackDetail({
  delivery: d,
  order,
  reapplications,
  canWrite,
  usesSandbox,
}: CallbackDetailProps) {
  const reappliable = d.outcome !== "rejected";
  return (
    <div className="page stack">
      <header className="page-header">
        <div>
          <p className="muted">
            <Link href="/callbacks">Callbacks</Link> ›
          </p>
          <h1>Callback delivery</h1>
          <p className="mono">{d.id}</p>
        </div>
      </header>

      <section className="card" aria-labelledby="what-heading">
        <h2 id="what-heading">What came and what it did</h2>
        <dl className={styles.facts}>
          <dt>Received</dt>
          <dd>
            <LocalTime value={d.receivedAt} />
          </dd>
          <dt>Outcome</dt>
          <dd data-testid="delivery-outcome">{OUTCOME_TEXT[d.outcome]}</dd>
          <dt>Signature</dt>
          <dd className={d.verified ? orderStyles.verified : orderStyles.unverified}>
            {d.verified
              ? "Verified"
              : d.outcome === "received"
                ? "Verified, not yet applied"
                : `Refused${d.verificationError ? `: ${d.verificationError}` : ""}`}
          </dd>
          <dt>Status it carried</dt>
          <dd>{d.status ? <StatusBadge status={d.status} /> : "—"}</dd>
          <dt>Order</dt>
          <dd>
            {order ? (
              <Link href={`/orders/${order.id}`}>
                <span className="mono">{order.paymentId}</span> ({order.paymentMethod})
              </Link>
            ) : (
              "None of ours"
            )}
          </dd>
          <dt>Event id</dt>
          <dd className="mono">{d.webhookId ?? (d.reapplyOf ? "the original's (below)" : "—")}</dd>
          {d.reapplyOf ? (
            <>
              <dt>Re-application of</dt>
              <dd>
                <Link href={`/callbacks/${d.reapplyOf}`} className="mono">
                  {d.reapplyOf}
                </Link>
              </dd>
            </>
          ) : null}
        </dl>
      </section>

      {canWrite && !d.reapplyOf ? (
        <section className="card" aria-labelledby="again-heading">
          <h2 id="again-heading">Again</h2>
          <div className={styles.actions}>
            {reappliable ? (
              <ReapplyButton deliveryId={d.id} />
            ) : (
              <p className="muted">
                Its signature was refused, so it was never applied and cannot be re-applied.
              </p>
            )}
            {usesSandbox && d.webhookId ? <ResendButton deliveryId={d.id} /> : null}
            <p className="muted">
              Re-apply runs the receiver again on the stored, signed bytes: a status already applied changes
              nothing, one the order has moved past is not applied. It is recorded below and in the activity
              log.
            </p>
          </div>
        </section>
      ) : null}

      {reapplications.length > 0 ? (
        <section className="card" aria-labelledby="reapplied-heading">
          <h2 id="reapplied-heading">Re-applications</h2>
          <ul>
            {reapplications.map((r) => (
              <li key={r.id} data-testid="reapplication">
                <LocalTime value={r.receivedAt} />:{" "}
                <Link href={`/callbacks/${r.id}`}>{OUTCOME_TEXT[r.outcome]}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="card stack" aria-labelledby="raw-heading">
        <h2 id="raw-heading">As it came</h2>
        <JsonBlock value={d.headers} label="Headers" />
        <pre className={orderStyles.pre} data-label="Raw body">
          {d.rawBody}
        </pre>
      </section>
    </div>
  );
}
