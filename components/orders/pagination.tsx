import Link from "next/link";
import styles from "./orders.module.css";

/** Newer / older links of a keyset page of a list; `href` keeps the list's filters in the URL. */
export function Pagination({
  href,
  prevCursor,
  nextCursor,
  summary,
}: {
  href: (page: { after?: string; before?: string }) => string;
  prevCursor: string | null;
  nextCursor: string | null;
  summary: string;
}) {
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
