import { ANY_ROLE, authorizeSession, authProblemResponse } from "@/lib/auth";
import type { CurrentUser } from "@/lib/auth/types";
import { readOrderIds } from "@/lib/orders/order-ids";

/** Who asked, as a live-status route sees them: the user and the session the request came with. */
export interface LiveStatusCaller {
  user: CurrentUser;
  sessionId: string;
}

/**
 * A GET handler of the orders pages' live status (?ids=<uuid>,<uuid>): any signed-in user, session-checked
 * here and not only by the shell; the ids read and checked (a 400 names what is wrong), then `answer`.
 */
export function liveStatusRoute(
  answer: (request: Request, ids: string[], caller: LiveStatusCaller) => Promise<Response>,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const auth = await authorizeSession(ANY_ROLE);
    if (!auth.ok) return authProblemResponse(auth);
    const ids = readOrderIds(request);
    if (!ids.ok) return ids.response;
    return answer(request, ids.ids, { user: auth.user, sessionId: auth.sessionId });
  };
}
