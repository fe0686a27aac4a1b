"use client";

import Link from "next/link";
import { StatusBadge } from "@/components/orders/status-badge";
import { useOverviewSnapshot } from "./live-overview";
import { LocalTime } from "@/components/time/local-time";
import styles from "./overview.module.css";

/** The newest callback deliveries, live: the receiver's health at a glance. */
export function LatestCallbacks() {
  const { callbacks } = useOverviewSnapshot();
  return (
    <section aria-labelledby="callbacks-title" className="card stack">
      <h2 id="callbacks-title">Latest callbacks</h2>
      {callbacks.length === 0 ? (
        <p className={`muted ${styles.flat}`}>No callbacks received yet.</p>
      ) : (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">
              The {callbacks.length} most recent callback deliveries
            </caption>
            <thead>
              <tr>
                <th scope="col">Received</th>
                <th scope="col">Status</th>
                <th scope="col">Signature</th>
                <th scope="col">Outcome</th>
                <th scope="col">Order</th>
              </tr>
            </thead>
            <tbody>
              {callbacks.map((d) => (
                <tr key={d.id}>
                  <td className={styles.nowrap}>
                    <LocalTime value={d.receivedAt} />
                  </td>
                  <td>{d.status ? <StatusBadge status={d.status} /> : "—"}</td>
                  <td>{d.verified ? "Verified" : "Refused"}</td>
                  <td>{d.outcome}</td>
                  <td>
                    {d.orderId ? (
                      <Link href={`/orders/${d.orderId}`} className={styles.openLink}>
                        Open<span className="visually-hidden"> order {d.orderId}</span>
                      </Link>
                    ) : (
                      "—"
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
