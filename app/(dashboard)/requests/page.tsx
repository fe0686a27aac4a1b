import type { Metadata } from "next";
import { FilterErrors } from "@/components/forms/filter-errors";
import { ApiCalls } from "@/components/orders/api-calls";
import { Pagination } from "@/components/orders/pagination";
import { RequestLogFilters } from "@/components/request-log/request-log-filters";
import { requirePageUser } from "@/lib/auth";
import { getDb, getEnv } from "@/lib/runtime";
import { listCalls } from "@/lib/database/dashboard/queries/payment-api-calls";
import { listUsers } from "@/lib/database/dashboard/queries/users";
import { callListQuery, parseCallListParams, REQUEST_LOG_EXPORT_CAP } from "@/lib/request-log/list-filters";

export const metadata: Metadata = { title: "Request log" };

const PAGE_SIZE = 100;

/** /requests — every attempt of every call to the payment service, newest first, filtered, in keyset pages. */
export default async function RequestLogPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requirePageUser();
  const { filters, page, errors, raw } = parseCallListParams(await searchParams);
  const db = await getDb();
  const [result, users] = await Promise.all([
    listCalls(db, filters, { ...page, limit: PAGE_SIZE }),
    listUsers(db),
  ]);
  const query = callListQuery(filters);
  return (
    <div className="page stack">
      <header className="page-header">
        <div>
          <h1>Request log</h1>
          <p>
            Every call this dashboard made to the payment service, newest first: each attempt as sent and as
            answered (card numbers masked), who caused it and how long it took. Bank-directory reads are left
            out unless you ask for them.
          </p>
        </div>
        <a
          href={`/requests/export${query ? `?${query}` : ""}`}
          className="button"
          download
          title={`The calls of these filters, ${REQUEST_LOG_EXPORT_CAP.toLocaleString("en")} at most`}
        >
          Export CSV
        </a>
      </header>

      <RequestLogFilters filters={filters} raw={raw} errors={errors} emails={users.map((u) => u.email)} />
      <FilterErrors errors={errors} />

      <section className="card stack" aria-label="Calls">
        {result.rows.length === 0 && query ? (
          <p>
            No call matches these filters. <a href="/requests">Clear the filters</a>.
          </p>
        ) : (
          <ApiCalls calls={result.rows} clientId={getEnv().PAYMENT_API_CLIENT_ID} withOrders />
        )}
      </section>

      {result.prevCursor || result.nextCursor ? (
        <Pagination
          href={(p) => `/requests?${callListQuery(filters, p)}`}
          prevCursor={result.prevCursor}
          nextCursor={result.nextCursor}
          summary={`${result.rows.length} calls on this page`}
        />
      ) : null}
    </div>
  );
}
