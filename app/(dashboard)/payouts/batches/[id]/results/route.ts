import { ANY_ROLE, authorizeRequest, authProblemResponse } from "@/lib/auth";
import { isUuid } from "@/lib/contract/uuid";
import {
  getBatch,
  listBatchLines,
  type PayoutBatchLineView,
} from "@/lib/database/dashboard/queries/payout-batches";
import type { Sql } from "@/lib/database";
import { csvStreamResponse } from "@/lib/http/csv-response";
import { csvLine } from "@/lib/orders/csv";
import { SETTLED_STATUSES } from "@/lib/database/dashboard/local-status";
import { getDb } from "@/lib/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const HEADER = [
  "row",
  "payment_id",
  "payment_method",
  "amount",
  "currency",
  "row_state",
  "order_id",
  "order_status",
  "provider_order_id",
  "note",
  // yes: the order is final (SETTLED_STATUSES); no: sent but still In progress, or not sent.
  "settled",
];

async function* batches(db: Sql, batchId: string): AsyncGenerator<PayoutBatchLineView[]> {
  let afterRow = 0;
  for (;;) {
    const lines = await listBatchLines(db, batchId, { afterRow, limit: 1_000 });
    if (lines.length === 0) return;
    yield lines;
    afterRow = lines.at(-1)?.rowNumber ?? afterRow;
  }
}

/** GET /payouts/batches/<id>/results — each row of the batch and the order it became, as CSV (streamed). */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ id: string }> },
): Promise<Response> {
  const auth = await authorizeRequest(ANY_ROLE);
  if (!auth.ok) return authProblemResponse(auth);
  const { id } = await params;
  const db = await getDb();
  const batch = isUuid(id) ? await getBatch(db, id.toLowerCase()) : null;
  if (!batch) return new Response("No such pay-out file.", { status: 404 });
  return csvStreamResponse(
    `payout-file-${batch.id.slice(0, 8)}-results`,
    HEADER,
    batches(db, batch.id),
    (l) =>
      csvLine([
        l.rowNumber,
        l.paymentId,
        l.paymentMethod,
        l.amount,
        l.currency,
        l.state,
        l.orderId,
        l.orderStatus,
        l.providerOrderId,
        l.note,
        l.state === "sent" && l.orderStatus !== null && SETTLED_STATUSES.includes(l.orderStatus)
          ? "yes"
          : "no",
      ]),
  );
}
