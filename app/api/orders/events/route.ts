import { statusEventStream } from "@/lib/live/event-stream";
import { runtime } from "@/lib/runtime";
import { liveStatusRoute } from "../live-status-route";

export const dynamic = "force-dynamic";

/**
 * GET /api/orders/events?ids=<uuid>,<uuid> → Server-Sent Events: a "status" event ({ id, status,
 * updatedAt }) whenever one of these orders changes status, on any instance sharing the database. The
 * orders pages open it and poll /api/orders/status only as a fallback.
 */
export const GET = liveStatusRoute(async (request, ids) => {
  const wanted = new Set(ids.map((id) => id.toLowerCase()));
  return statusEventStream(runtime().statusFeed, request, (e) => (wanted.has(e.id) ? { ...e } : null));
});
