import Link from "next/link";
import { LiveStatuses } from "@/components/orders/live-statuses";
import { OrdersTable } from "@/components/orders/orders-table";
import type { OrderListRow } from "@/lib/database/dashboard/queries/order-list";
import styles from "./overview.module.css";

/** The ten newest orders with live statuses, or the way to create the first one. */
export function RecentOrders({ rows, canWrite }: { rows: OrderListRow[]; canWrite: boolean }) {
  return (
    <section aria-labelledby="recent-title" className={styles.section}>
      <div className={styles.sectionHeader}>
        <h2 id="recent-title">Recent orders</h2>
        <Link href="/orders">See all →</Link>
      </div>
      {rows.length === 0 ? (
        <div className="card">
          <p className={styles.flat}>
            No orders yet.
            {canWrite && (
              <>
                {" "}
                <Link href="/payins/new">Create a pay-in</Link> or <Link href="/payouts/new">a pay-out</Link>{" "}
                to start.
              </>
            )}
          </p>
        </div>
      ) : (
        <LiveStatuses
          initial={Object.fromEntries(
            rows.map((r) => [r.id, { status: r.status, updatedAt: r.updatedAt.toISOString() }]),
          )}
        >
          <OrdersTable rows={rows} caption="The ten most recent orders" />
        </LiveStatuses>
      )}
    </section>
  );
}
