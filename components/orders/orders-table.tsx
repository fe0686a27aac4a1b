import Link from "next/link";
import type { OrderListRow } from "@/lib/db/queries/order-list";
import { directionLabel, formatAmount, formatDateTime } from "./format";
import { LiveStatusBadge } from "./live-statuses";
import styles from "./orders.module.css";

/** The orders table; statuses update live when wrapped in <LiveStatuses>. */
export function OrdersTable({ rows, caption }: { rows: OrderListRow[]; caption: string }) {
  return (
    <div className="table-wrap">
      <table className={styles.ordersTable}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Created</th>
            <th scope="col">Direction</th>
            <th scope="col">Method</th>
            <th scope="col" className="num">
              Amount
            </th>
            <th scope="col">Country</th>
            <th scope="col">Status</th>
            <th scope="col">Client email</th>
            <th scope="col">paymentId</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-order-id={row.id}>
              <td className={styles.nowrap} data-label="Created">
                <Link
                  href={`/orders/${row.id}`}
                  aria-label={`Order ${row.paymentId}, created ${formatDateTime(row.createdAt)}`}
                  className={styles.created}
                >
                  <span>{formatDateTime(row.createdAt).slice(0, 10)}</span>{" "}
                  <span className={styles.time}>{formatDateTime(row.createdAt).slice(11, 19)}</span>
                </Link>
              </td>
              <td data-label="Direction">{directionLabel(row.direction)}</td>
              <td data-label="Method">{row.paymentMethod}</td>
              <td className={`num ${styles.nowrap}`} data-label="Amount">
                {formatAmount(row.finalAmount ?? row.amount)} {row.currency ?? ""}
              </td>
              <td data-label="Country">{row.country}</td>
              <td data-label="Status">
                <LiveStatusBadge id={row.id} status={row.status} />
              </td>
              <td className={styles.wide} data-label="Client email">
                <span className={styles.email} title={row.clientEmail}>
                  {row.clientEmail}
                </span>
              </td>
              <td className={`${styles.paymentId} ${styles.wide}`} data-label="paymentId">
                <Link href={`/orders/${row.id}`} className="mono" title={row.paymentId}>
                  {row.paymentId}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
