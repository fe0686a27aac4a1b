import { statusEventStream } from "@/lib/live/event-stream";
import { runtime } from "@/lib/runtime";
import { liveStatusRoute } from "../live-status-route";

export const dynamic = "force-dynamic";

/**
 * GET /api/orders/events?ids=<uuid>,<uuid> → Server-Sent Events: a "status" event ({ id, status,
 * updatedAt }) whenever one of these orders changes status, on any instance sharing the database. The
 * orders pages open it and poll /api/orders/status only as a fallback. Closed (after an "ended" event) the
 * moment that session ends or its user's streams must close (lib/live/session-ends.ts).
 */
export const GET = liveStatusRoute(async (request, ids, caller) => {
  const wanted = new Set(ids.map((id) => id.toLowerCase()));
  const rt = runtime();
  return statusEventStream(
    rt.statusFeed,
    request,
    (e) => (wanted.has(e.id) ? { ...e } : null),
    (end) => rt.sessionEnds.watch({ sessionId: caller.sessionId, userId: caller.user.id }, end),
  );
});
