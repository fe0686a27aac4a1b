import Link from "next/link";
import { LocalTime } from "@/components/time/local-time";
import type { OrderListRow } from "@/lib/database/dashboard/queries/order-list";
import { directionLabel, formatAmount } from "./format";
import { LiveStatusBadge } from "./live-statuses";
import styles from "./orders.module.css";

/**
 * The orders table; statuses update live when wrapped in <LiveStatuses>. The whole row opens the order: its
 * one link (the paymentId) stretches over the row, so click, Enter and "open in new tab" all work. On
 * phones the rows become a two-line list.
 */
export function OrdersTable({ rows, caption }: { rows: OrderListRow[]; caption: string }) {
  return (
    <div className="table-wrap">
      <table className={styles.ordersTable}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Created</th>
            <th scope="col">paymentId</th>
            <th scope="col">Method</th>
            <th scope="col" className="num">
              Amount
            </th>
            <th scope="col">Status</th>
            <th scope="col">Client email</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-order-id={row.id} className={styles.orderRow}>
              <td className={styles.created}>
                <LocalTime value={row.createdAt} format="stacked" />
              </td>
              <td className={styles.paymentId}>
                <Link href={`/orders/${row.id}`} className={`mono ${styles.rowLink}`} title={row.paymentId}>
                  {row.paymentId}
                </Link>
              </td>
              <td className={styles.method}>
                <span>{row.paymentMethod}</span>{" "}
                <span className={styles.secondary}>
                  {directionLabel(row.direction)} · {row.country}
                </span>
              </td>
              <td className={`num ${styles.amount}`}>
                {formatAmount(row.finalAmount ?? row.amount)} {row.currency ?? ""}
              </td>
              <td className={styles.status}>
                <LiveStatusBadge id={row.id} status={row.status} />
              </td>
              <td className={styles.email}>
                <span>{row.clientEmail}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
