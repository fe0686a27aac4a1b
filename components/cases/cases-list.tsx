import Link from "next/link";
import { formatAmount } from "@/components/orders/format";
import { StatusBadge } from "@/components/orders/status-badge";
import { LocalTime } from "@/components/time/local-time";
import type { CaseListRow } from "@/lib/database/dashboard/queries/payment-cases";
import { CaseStateBadge, closedByText } from "./case-state";
import styles from "./cases.module.css";

export type CaseFilter = "open" | "closed" | "all";

const FILTERS: { value: CaseFilter; label: string }[] = [
  { value: "open", label: "Open" },
  { value: "closed", label: "Closed" },
  { value: "all", label: "All" },
];

/** /cases: the customers' "I have paid" reports, newest first, each linked to its order. */
export function CasesList({ cases, filter }: { cases: CaseListRow[]; filter: CaseFilter }) {
  return (
    <div className="page stack">
      <header className="page-header">
        <div>
          <h1>Cases</h1>
          <p>
            Customers who say they paid, from the pay page's “I have paid”. Close each on its order's page.
          </p>
        </div>
      </header>
      <nav aria-label="Filter cases" className={styles.filters}>
        {FILTERS.map((f) => (
          <Link
            key={f.value}
            className="button button-small"
            href={f.value === "open" ? "/cases" : `/cases?state=${f.value}`}
            aria-current={f.value === filter ? "page" : undefined}
          >
            {f.label}
          </Link>
        ))}
      </nav>
      {cases.length === 0 ? (
        <p className="card">{filter === "open" ? "No open cases." : "No cases."}</p>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Reference</th>
                <th scope="col">Submitted</th>
                <th scope="col">Case</th>
                <th scope="col">Order status</th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col">Closed by</th>
              </tr>
            </thead>
            <tbody>
              {cases.map((c) => (
                <tr key={c.id}>
                  <td>
                    <Link href={`/orders/${c.orderId}`} title={c.paymentId}>
                      {c.paymentId.slice(0, 8)}
                    </Link>
                  </td>
                  <td className={styles.reference}>{c.reference}</td>
                  <td>
                    <LocalTime value={c.submittedAt} format="stacked" />
                  </td>
                  <td>
                    <CaseStateBadge state={c.state} />
                  </td>
                  <td>
                    <StatusBadge status={c.orderStatus} />
                  </td>
                  <td className="num">
                    {formatAmount(c.amount)} {c.currency ?? ""}
                  </td>
                  <td>{closedByText(c)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
