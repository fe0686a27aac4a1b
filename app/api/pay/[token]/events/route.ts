/**
 * The pay page's pushed status (Server-Sent Events): "status" events carrying the new status of this
 * token's order only, nothing else. Unknown or malformed tokens get the same bare 404 as the JSON route.
 */
import { getDb, runtime } from "@/lib/runtime";
import { getPayPageOrderId } from "@/lib/database/dashboard/queries/pay-page";
import { statusEventStream } from "@/lib/live/event-stream";
import { isWellFormedPayToken } from "@/lib/pay-page/token";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const db = await getDb();
  const orderId = isWellFormedPayToken(token) ? await getPayPageOrderId(db, token) : null;
  if (!orderId)
    return Response.json(
      { error: "Not found" },
      { status: 404, headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } },
    );
  return statusEventStream(runtime().statusFeed, request, (e) =>
    e.id === orderId ? { status: e.status } : null,
  );
}
