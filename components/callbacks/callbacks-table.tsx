import Link from "next/link";
import { StatusBadge } from "@/components/orders/status-badge";
import { LocalTime } from "@/components/time/local-time";
import { OUTCOME_FILTER_TEXT } from "@/lib/callbacks/outcomes";
import type { CallbackListRow } from "@/lib/database/dashboard/queries/callback-list";
import styles from "@/components/orders/orders.module.css";

const DIRECTION = { payin: "Pay-in", payout: "Pay-out" } as const;

/** One row per delivery: when, what became of it, the status it carried, the order it touched. */
export function CallbacksTable({ rows }: { rows: CallbackListRow[] }) {
  return (
    <div className="table-wrap">
      <table className={styles.ordersTable}>
        <caption className="visually-hidden">Callback deliveries</caption>
        <thead>
          <tr>
            <th scope="col">Received</th>
            <th scope="col">Outcome</th>
            <th scope="col">Status</th>
            <th scope="col">Order</th>
            <th scope="col">Event</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-delivery-id={row.id} data-outcome={row.outcome} className={styles.orderRow}>
              <td className={styles.created}>
                <Link
                  href={`/callbacks/${row.id}`}
                  className={styles.rowLink}
                  aria-label={`Delivery ${row.id}`}
                >
                  <LocalTime value={row.receivedAt} format="stacked" />
                </Link>
              </td>
              <td>
                {OUTCOME_FILTER_TEXT[row.outcome]}
                {row.reapplyOf ? (
                  <span className={`${styles.secondary} ${styles.method}`}> re-application</span>
                ) : null}
                {!row.verified && row.verificationError ? (
                  <span className={`${styles.secondary} ${styles.method}`}>{row.verificationError}</span>
                ) : null}
              </td>
              <td className={styles.status}>{row.status ? <StatusBadge status={row.status} /> : "—"}</td>
              <td className={styles.method}>
                {row.orderId && row.paymentId ? (
                  <>
                    <span className="mono">{row.paymentId.slice(0, 8)}</span>{" "}
                    <span className={styles.secondary}>
                      {row.direction ? DIRECTION[row.direction] : ""} · {row.paymentMethod}
                    </span>
                  </>
                ) : (
                  <span className="muted">none</span>
                )}
              </td>
              <td className="mono">{row.webhookId ? row.webhookId.slice(0, 16) : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
