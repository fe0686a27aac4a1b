import { ANY_ROLE, authorizeRequest, authProblemResponse } from "@/lib/auth";
import { readOrderIds } from "@/lib/orders/order-ids";

/**
 * A GET handler of the orders pages' live status (?ids=<uuid>,<uuid>): any signed-in user, session-checked
 * here and not only by the shell; the ids read and checked (a 400 names what is wrong), then `answer`.
 */
export function liveStatusRoute(
  answer: (request: Request, ids: string[]) => Promise<Response>,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const auth = await authorizeRequest(ANY_ROLE);
    if (!auth.ok) return authProblemResponse(auth);
    const ids = readOrderIds(request);
    if (!ids.ok) return ids.response;
    return answer(request, ids.ids);
  };
}
