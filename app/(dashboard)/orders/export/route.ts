import { ANY_ROLE, authorizeRequest, authProblemResponse } from "@/lib/auth";
import { getDb } from "@/lib/runtime";
import { writeAudit } from "@/lib/database/dashboard/queries/audit";
import { iterateOrders } from "@/lib/database/dashboard/queries/order-list";
import { csvStreamResponse } from "@/lib/http/csv-response";
import { filtersRefused } from "@/lib/http/route-problem";
import { ORDER_CSV_HEADER, orderCsvRecord } from "@/lib/orders/csv";
import { parseOrderListParams } from "@/lib/orders/list-filters";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * GET /orders/export?<the list's filters> — every order of the filter as CSV, streamed in keyset batches
 * (no full result in memory). Only list columns: no request bodies, no payment details, no card data.
 */
export async function GET(request: Request): Promise<Response> {
  const auth = await authorizeRequest(ANY_ROLE);
  if (!auth.ok) return authProblemResponse(auth);
  const { filters, errors } = parseOrderListParams(new URL(request.url).searchParams);
  if (errors.length > 0) return filtersRefused(errors);

  const db = await getDb();
  await writeAudit(db, { userId: auth.user.id, action: "orders.export", details: { filters } });
  return csvStreamResponse("orders", ORDER_CSV_HEADER, iterateOrders(db, filters), orderCsvRecord);
}
