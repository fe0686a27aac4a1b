import type { Metadata } from "next";
import Link from "next/link";
import { OrderFilters } from "@/components/orders/order-filters";
import { OrdersTable } from "@/components/orders/orders-table";
import { Pagination } from "@/components/orders/pagination";
import { LiveStatuses } from "@/components/orders/live-statuses";
import { ORDER_WRITE_ROLES, requirePageUser } from "@/lib/auth";
import { getDb } from "@/lib/db/client";
import { listOrders } from "@/lib/db/queries/order-list";
import { hasFilters, orderListQuery, parseOrderListParams } from "@/lib/orders/list-filters";

export const metadata: Metadata = { title: "Orders" };

const PAGE_SIZE = 50;

/** /orders — filters and search in the URL, keyset pages, live statuses, CSV of the current filter. */
export default async function OrdersPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePageUser();
  const { filters, page, errors, raw } = parseOrderListParams(await searchParams);
  const result = await listOrders(await getDb(), filters, { ...page, limit: PAGE_SIZE });
  const filtered = hasFilters(filters);
  const exportQuery = orderListQuery(filters);
  const canWrite = ORDER_WRITE_ROLES.includes(user.role);

  return (
    <div className="page stack">
      <header className="page-header">
        <div>
          <h1>Orders</h1>
          <p>Pay-ins and pay-outs, newest first. Statuses update as callbacks arrive.</p>
        </div>
        <div className="row">
          {canWrite && (
            <>
              <Link href="/payins/new" className="button button-primary">
                New pay-in
              </Link>
              <Link href="/payouts/new" className="button">
                New pay-out
              </Link>
            </>
          )}
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

      {errors.length > 0 && (
        <div id="filter-errors" role="alert" className="alert alert-error">
          <strong>Some filters were not applied:</strong>
          <ul>
            {errors.map((e) => (
              <li key={e.field}>
                <strong>{e.field}</strong>: {e.message}
              </li>
            ))}
          </ul>
        </div>
      )}

      {result.rows.length === 0 ? (
        <div className="card">
          {filtered ? (
            <p>
              No orders match these filters. <a href="/orders">Clear the filters</a>.
            </p>
          ) : page.after || page.before ? (
            <p>
              No more orders here. <a href="/orders">Back to the newest</a>.
            </p>
          ) : (
            <p>
              No orders yet.
              {canWrite && (
                <>
                  {" "}
                  <Link href="/payins/new">Create a pay-in</Link> or{" "}
                  <Link href="/payouts/new">a pay-out</Link>.
                </>
              )}
            </p>
          )}
        </div>
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
          filters={filters}
          prevCursor={result.prevCursor}
          nextCursor={result.nextCursor}
          summary={`${result.rows.length} orders on this page`}
        />
      )}
    </div>
  );
}
