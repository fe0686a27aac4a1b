import type { Metadata } from "next";
import Link from "next/link";
import { formatDateTime } from "@/components/orders/format";
import { LiveStatuses } from "@/components/orders/live-statuses";
import styles from "@/components/orders/orders.module.css";
import { OrdersTable } from "@/components/orders/orders-table";
import { StatusBadge } from "@/components/orders/status-badge";
import { ORDER_WRITE_ROLES, requirePageUser } from "@/lib/auth";
import { getDb } from "@/lib/db/client";
import { listRecentCallbackDeliveries } from "@/lib/db/queries/callback-deliveries";
import { countOrdersByStatus, listOrders } from "@/lib/db/queries/order-list";

export const metadata: Metadata = { title: "Overview" };

/** / — orders by status, the latest orders and callbacks, and the way to the common tasks. */
export default async function OverviewPage() {
  const user = await requirePageUser();
  const db = await getDb();
  const [counts, recent, deliveries] = await Promise.all([
    countOrdersByStatus(db),
    listOrders(db, {}, { limit: 10 }),
    listRecentCallbackDeliveries(db, 5),
  ]);
  const total = counts.reduce((n, c) => n + c.count, 0);
  const canWrite = ORDER_WRITE_ROLES.includes(user.role);

  return (
    <div className="page stack">
      <header className="page-header">
        <div>
          <h1>Overview</h1>
          <p>Welcome{user.name ? `, ${user.name}` : ""}. Orders at a glance.</p>
        </div>
        <nav className="row" aria-label="Quick links">
          {canWrite && (
            <>
              <Link href="/payins/new" className="button button-primary">
                New pay-in
              </Link>
              <Link href="/payouts/new" className="button button-primary">
                New pay-out
              </Link>
            </>
          )}
          <Link href="/orders" className="button">
            All orders
          </Link>
          <Link href="/banks" className="button">
            Banks
          </Link>
        </nav>
      </header>

      <section aria-labelledby="counts-title" className="stack" style={{ gap: "0.6rem" }}>
        <h2 id="counts-title">Orders by status</h2>
        <ul className={styles.counts}>
          <li>
            <Link href="/orders" className={styles.countCard}>
              <span className="muted">All orders</span>
              <span className={styles.countValue}>{total}</span>
            </Link>
          </li>
          {counts.map((c) => (
            <li key={c.status}>
              <Link href={`/orders?status=${encodeURIComponent(c.status)}`} className={styles.countCard}>
                <StatusBadge status={c.status} />
                <span className={styles.countValue}>{c.count}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="recent-title" className="stack" style={{ gap: "0.6rem" }}>
        <div className="page-header" style={{ marginBottom: 0 }}>
          <h2 id="recent-title" style={{ margin: 0 }}>
            Recent orders
          </h2>
          <Link href="/orders">See all →</Link>
        </div>
        {recent.rows.length === 0 ? (
          <div className="card">
            <p style={{ margin: 0 }}>
              No orders yet.
              {canWrite && (
                <>
                  {" "}
                  <Link href="/payins/new">Create a pay-in</Link> or{" "}
                  <Link href="/payouts/new">a pay-out</Link> to start.
                </>
              )}
            </p>
          </div>
        ) : (
          <LiveStatuses
            initial={Object.fromEntries(
              recent.rows.map((r) => [r.id, { status: r.status, updatedAt: r.updatedAt.toISOString() }]),
            )}
          >
            <OrdersTable rows={recent.rows} caption="The ten most recent orders" />
          </LiveStatuses>
        )}
      </section>

      <section aria-labelledby="callbacks-title" className="card stack">
        <h2 id="callbacks-title">Latest callbacks</h2>
        {deliveries.length === 0 ? (
          <p className="muted" style={{ margin: 0 }}>
            No callbacks received yet.
          </p>
        ) : (
          <div className="table-wrap">
            <table>
              <caption className="visually-hidden">The five most recent callback deliveries</caption>
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
                {deliveries.map((d) => (
                  <tr key={d.id}>
                    <td className={styles.nowrap}>{formatDateTime(d.receivedAt)}</td>
                    <td>{d.status ? <StatusBadge status={d.status} /> : "—"}</td>
                    <td>{d.verified ? "Verified" : "Refused"}</td>
                    <td>{d.outcome}</td>
                    <td>{d.orderId ? <Link href={`/orders/${d.orderId}`}>Open</Link> : "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
