import type { Metadata } from "next";
import Link from "next/link";
import { ReapplyAllForm } from "@/components/callbacks/callback-buttons";
import { CallbackFilters } from "@/components/callbacks/callback-filters";
import { CallbacksTable } from "@/components/callbacks/callbacks-table";
import { FilterErrors } from "@/components/forms/filter-errors";
import { ORDER_WRITE_ROLES, requirePageUser } from "@/lib/auth";
import {
  callbackListQuery,
  describeCallbackFilters,
  parseCallbackListParams,
} from "@/lib/callbacks/list-filters";
import { getDb } from "@/lib/runtime";
import { countReapplicable, listCallbacks } from "@/lib/database/dashboard/queries/callback-list";
import styles from "@/components/orders/orders.module.css";

export const metadata: Metadata = { title: "Callbacks" };

const PAGE_SIZE = 50;

/** /callbacks — every delivery the payment service sent, newest first, with what became of it. */
export default async function CallbacksPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePageUser();
  const { filters, page, errors } = parseCallbackListParams(await searchParams);
  const db = await getDb();
  const canReapply = ORDER_WRITE_ROLES.includes(user.role) && errors.length === 0;
  const [result, reapplicable] = await Promise.all([
    listCallbacks(db, filters, { ...page, limit: PAGE_SIZE }),
    canReapply ? countReapplicable(db, filters) : 0,
  ]);
  const query = callbackListQuery(filters);
  const filtered = query !== "";
  const pageHref = (p: { after?: string; before?: string }) => `/callbacks?${callbackListQuery(filters, p)}`;
  return (
    <div className="page stack">
      <header className="page-header">
        <div>
          <h1>Callbacks</h1>
          <p>Every callback the payment service sent, exactly as it came, and what became of it.</p>
        </div>
        {canReapply ? (
          <ReapplyAllForm
            query={query}
            label={filtered ? "Re-apply all matching" : "Re-apply all"}
            count={reapplicable}
            filters={describeCallbackFilters({ ...filters })}
          />
        ) : null}
      </header>

      <CallbackFilters filters={filters} errors={errors} />
      <FilterErrors errors={errors} />

      {result.rows.length === 0 ? (
        <div className="card">
          <p>
            {filtered ? (
              <>
                No callback matches these filters. <Link href="/callbacks">Clear the filters</Link>.
              </>
            ) : (
              "No callbacks yet. The service sends one on every status change of an order."
            )}
          </p>
        </div>
      ) : (
        <CallbacksTable rows={result.rows} />
      )}

      {result.prevCursor || result.nextCursor ? (
        <nav className={styles.pager} aria-label="Pages">
          <span className="muted">{result.rows.length} callbacks on this page</span>
          <span className={styles.pagerLinks}>
            {result.prevCursor ? (
              <Link className="button button-small" href={pageHref({ before: result.prevCursor })} rel="prev">
                ← Newer
              </Link>
            ) : null}
            {result.nextCursor ? (
              <Link className="button button-small" href={pageHref({ after: result.nextCursor })} rel="next">
                Older →
              </Link>
            ) : null}
          </span>
        </nav>
      ) : null}
    </div>
  );
}
