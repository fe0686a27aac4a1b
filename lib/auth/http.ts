import "server-only";
import { routeProblem } from "@/lib/http/route-problem";
import type { AuthorizeResult } from "./types";

/**
 * For route handlers: the 401/403 answer of a failed authorizeRequest as RFC 9457 problem details.
 *   const auth = await authorizeRequest(ORDER_WRITE_ROLES);
 *   if (!auth.ok) return authProblemResponse(auth);
 */
export function authProblemResponse(result: Extract<AuthorizeResult, { ok: false }>): Response {
  return routeProblem(result.status, result.status === 401 ? "Unauthorized" : "Forbidden", result.message);
}
