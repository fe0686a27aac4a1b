import type { Metadata } from "next";
import { OrdersListView } from "@/components/orders/orders-list-view";
import { ORDER_WRITE_ROLES, requirePageUser } from "@/lib/auth";
import { getDb } from "@/lib/runtime";
import { listOrders } from "@/lib/database/dashboard/queries/order-list";
import { listSavedViews } from "@/lib/database/dashboard/queries/saved-views";
import { parseOrderListParams } from "@/lib/orders/list-filters";

export const metadata: Metadata = { title: "Orders" };

const PAGE_SIZE = 50;

/** /orders — filters and search in the URL, keyset pages, live statuses, CSV of the current filter, saved views. */
export default async function OrdersPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePageUser();
  const { filters, page, errors, raw } = parseOrderListParams(await searchParams);
  const db = await getDb();
  const [result, views] = await Promise.all([
    listOrders(db, filters, { ...page, limit: PAGE_SIZE }),
    listSavedViews(db, user.id),
  ]);
  return (
    <OrdersListView
      result={result}
      filters={filters}
      page={page}
      raw={raw}
      errors={errors}
      canWrite={ORDER_WRITE_ROLES.includes(user.role)}
      views={views}
    />
  );
}
