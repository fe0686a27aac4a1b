import { ANY_ROLE, authorizeRequest, authProblemResponse } from "@/lib/auth";
import { getDb } from "@/lib/runtime";
import { writeAudit } from "@/lib/database/dashboard/queries/audit";
import { type CallListRow, iterateCalls } from "@/lib/database/dashboard/queries/payment-api-calls";
import { csvStreamResponse } from "@/lib/http/csv-response";
import { filtersRefused } from "@/lib/http/route-problem";
import { csvLine } from "@/lib/orders/csv";
import { parseCallListParams, REQUEST_LOG_EXPORT_CAP } from "@/lib/request-log/list-filters";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const HEADER = [
  "started_at",
  "call_id",
  "attempt",
  "call",
  "method",
  "url",
  "status",
  "error_kind",
  "error",
  "latency_ms",
  "who",
  "order_id",
  "payment_id",
  "service_order_id",
  "trace_id",
];

function record(r: CallListRow): string {
  return csvLine([
    r.startedAt,
    r.callId,
    r.attempt,
    r.kind,
    r.method,
    r.url,
    r.status,
    r.errorKind,
    r.error,
    r.latencyMs,
    r.userEmail ?? "system",
    r.orderId,
    r.paymentId,
    r.serviceOrderId,
    r.traceId,
  ]);
}

/**
 * GET /requests/export?<the log's filters> — the calls of the filter as CSV, newest first, at most
 * REQUEST_LOG_EXPORT_CAP, streamed in keyset batches. The list's columns only: no request or answer bodies
 * (a pay-in's body holds the customer's data), so nothing the page keeps folded or masked is in the file.
 */
export async function GET(request: Request): Promise<Response> {
  const auth = await authorizeRequest(ANY_ROLE);
  if (!auth.ok) return authProblemResponse(auth);
  const { filters, errors } = parseCallListParams(new URL(request.url).searchParams);
  if (errors.length > 0) return filtersRefused(errors);

  const db = await getDb();
  await writeAudit(db, { userId: auth.user.id, action: "requests.export", details: { filters } });
  return csvStreamResponse("requests", HEADER, iterateCalls(db, filters, REQUEST_LOG_EXPORT_CAP), record);
}
