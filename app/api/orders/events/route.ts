import { ANY_ROLE, authorizeSession, authProblemResponse } from "@/lib/auth";
import { statusEventStream } from "@/lib/live/event-stream";
import { readOrderIds } from "@/lib/orders/order-ids";
import { runtime } from "@/lib/runtime";

export const dynamic = "force-dynamic";

/**
 * GET /api/orders/events?ids=<uuid>,<uuid> → Server-Sent Events: a "status" event ({ id, status,
 * updatedAt }) whenever one of these orders changes status, on any instance sharing the database. The
 * orders pages open it and poll /api/orders/status only as a fallback. Session-checked here, and closed (after
 * an "ended" event) the moment that session ends or its user's streams must close (lib/live/session-ends.ts).
 */
export async function GET(request: Request): Promise<Response> {
  const auth = await authorizeSession(ANY_ROLE);
  if (!auth.ok) return authProblemResponse(auth);
  const ids = readOrderIds(request);
  if (!ids.ok) return ids.response;
  const wanted = new Set(ids.ids.map((id) => id.toLowerCase()));
  const rt = runtime();
  return statusEventStream(
    rt.statusFeed,
    request,
    (e) => (wanted.has(e.id) ? { ...e } : null),
    (end) => rt.sessionEnds.watch({ sessionId: auth.sessionId, userId: auth.user.id }, end),
  );
}
