import Link from "next/link";
import { FilterErrors } from "@/components/forms/filter-errors";
import type { OrderListResult } from "@/lib/database/dashboard/queries/order-list";
import type { SavedView } from "@/lib/orders/saved-views";
import {
  type FilterError,
  hasFilters,
  type OrderListFilters,
  type OrderListPage,
  orderListQuery,
} from "@/lib/orders/list-filters";
import { LiveStatuses } from "./live-statuses";
import { OrderFilters } from "./order-filters";
import { OrdersTable } from "./orders-table";
import { Pagination } from "./pagination";
import { SavedViewBar } from "./saved-view-bar";

export interface OrdersListViewProps {
  result: OrderListResult;
  filters: OrderListFilters;
  page: OrderListPage;
  raw: Partial<Record<keyof OrderListFilters, string>>;
  errors: FilterError[];
  canWrite: boolean;
  /** The signed-in user's saved views. */
  views: readonly SavedView[];
}

/** The orders page below the session check: header, filters, their errors, the live table and pages. */
export function OrdersListView({ result, filters, page, raw, errors, canWrite, views }: OrdersListViewProps) {
  const filtered = hasFilters(filters);
  const exportQuery = orderListQuery(filters);
  return (
    <div className="page stack">
      <header className="page-header">
        <div>
          <h1>Orders</h1>
          <p>Pay-ins and pay-outs, newest first. Statuses update as callbacks arrive.</p>
        </div>
        <div className="row">
          {canWrite && <NewOrderLinks />}
          <a
            href={exportQuery ? `/orders/export?${exportQuery}` : "/orders/export"}
            className="button"
            download
          >
            Export CSV
          </a>
        </div>
      </header>

      <OrderFilters filters={filters} raw={raw} errors={errors} />
      <FilterErrors errors={errors} />
      <SavedViewBar views={views} query={exportQuery} savable={filtered && errors.length === 0} />

      {result.rows.length === 0 ? (
        <NoOrders filtered={filtered} paged={Boolean(page.after || page.before)} canWrite={canWrite} />
      ) : (
        <LiveStatuses
          initial={Object.fromEntries(
            result.rows.map((r) => [r.id, { status: r.status, updatedAt: r.updatedAt.toISOString() }]),
          )}
        >
          <OrdersTable rows={result.rows} caption={filtered ? "Orders matching the filters" : "Orders"} />
        </LiveStatuses>
      )}

      {(result.prevCursor || result.nextCursor) && (
        <Pagination
          href={(p) => `/orders?${orderListQuery(filters, p)}`}
          prevCursor={result.prevCursor}
          nextCursor={result.nextCursor}
          summary={`${result.rows.length} orders on this page`}
        />
      )}
    </div>
  );
}

function NewOrderLinks() {
  return (
    <>
      <Link href="/payins/new" className="button button-primary">
        New pay-in
      </Link>
      <Link href="/payouts/new" className="button">
        New pay-out
      </Link>
    </>
  );
}

function NoOrders({ filtered, paged, canWrite }: { filtered: boolean; paged: boolean; canWrite: boolean }) {
  return (
    <div className="card">
      {filtered ? (
        <p>
          No orders match these filters. <a href="/orders">Clear the filters</a>.
        </p>
      ) : paged ? (
        <p>
          No more orders here. <a href="/orders">Back to the newest</a>.
        </p>
      ) : (
        <p>
          No orders yet.
          {canWrite && (
            <>
              {" "}
              <Link href="/payins/new">Create a pay-in</Link> or <Link href="/payouts/new">a pay-out</Link>.
            </>
          )}
        </p>
      )}
    </div>
  );
}
