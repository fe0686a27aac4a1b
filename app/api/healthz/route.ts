/**
 * Liveness check for load balancers and scripts: answers without touching the database or the session.
 * Also the "empty Next route handler" baseline of the dashboard benchmark (bench/dashboard-postback.ts).
 */
export const dynamic = "force-dynamic";

const HEADERS = { "Cache-Control": "no-store" };

export function GET(): Response {
  return Response.json({ ok: true }, { headers: HEADERS });
}

export function POST(): Response {
  return Response.json({ ok: true }, { headers: HEADERS });
}
