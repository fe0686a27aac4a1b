import "server-only";
import type { AuthorizeResult } from "./types";

/**
 * For route handlers: the 401/403 answer of a failed authorizeRequest as RFC 9457 problem details.
 *   const auth = await authorizeRequest(ORDER_WRITE_ROLES);
 *   if (!auth.ok) return authProblemResponse(auth);
 */
export function authProblemResponse(result: Extract<AuthorizeResult, { ok: false }>): Response {
  return Response.json(
    {
      type: "about:blank",
      title: result.status === 401 ? "Unauthorized" : "Forbidden",
      status: result.status,
      detail: result.message,
    },
    {
      status: result.status,
      headers: { "Content-Type": "application/problem+json", "Cache-Control": "no-store" },
    },
  );
}
