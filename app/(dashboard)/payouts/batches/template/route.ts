import { authorizeRequest, authProblemResponse, ORDER_WRITE_ROLES } from "@/lib/auth";
import { isPayoutMethod } from "@/lib/contract";
import { batchTemplate, FILE_METHODS } from "@/lib/batches/file";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET /payouts/batches/template?method=SBP — a bulk pay-out file's header and one example row, as CSV. */
export async function GET(request: Request): Promise<Response> {
  const auth = await authorizeRequest(ORDER_WRITE_ROLES);
  if (!auth.ok) return authProblemResponse(auth);
  const method = new URL(request.url).searchParams.get("method") ?? "";
  if (!isPayoutMethod(method) || !FILE_METHODS.includes(method)) {
    return new Response(`Unknown method: choose one of ${FILE_METHODS.join(", ")}.`, { status: 400 });
  }
  return new Response(`\uFEFF${batchTemplate(method)}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="payouts-${method}-template.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
