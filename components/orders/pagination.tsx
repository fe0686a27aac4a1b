import Link from "next/link";
import { type OrderListFilters, orderListQuery } from "@/lib/orders/list-filters";
import styles from "./orders.module.css";

/** Newer / older links of a keyset page; the filters ride along in the URL. */
export function Pagination({
  filters,
  prevCursor,
  nextCursor,
  summary,
}: {
  filters: OrderListFilters;
  prevCursor: string | null;
  nextCursor: string | null;
  summary: string;
}) {
  const href = (page: { after?: string; before?: string }) => {
    const q = orderListQuery(filters, page);
    return q ? `/orders?${q}` : "/orders";
  };
  return (
    <nav className={styles.pager} aria-label="Pages">
      <span className="muted">{summary}</span>
      <span className={styles.pagerLinks}>
        {prevCursor ? (
          <Link className="button button-small" href={href({ before: prevCursor })} rel="prev">
            ← Newer
          </Link>
        ) : (
          <span className={`button button-small ${styles.disabledLink}`} aria-disabled="true">
            ← Newer
          </span>
        )}
        {nextCursor ? (
          <Link className="button button-small" href={href({ after: nextCursor })} rel="next">
            Older →
          </Link>
        ) : (
          <span className={`button button-small ${styles.disabledLink}`} aria-disabled="true">
            Older →
          </span>
        )}
      </span>
    </nav>
  );
}
