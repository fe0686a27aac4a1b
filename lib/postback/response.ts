import { routeProblem as problem } from "@/lib/http/route-problem";
import type { ReceiveResult } from "./receive";

/**
 * The receiver's HTTP answer. Every accepted delivery gets the same small body, whatever it matched, so a
 * sender learns nothing about our orders; a refused signature is told nothing about why.
 */
export function callbackResponse(result: ReceiveResult): Response {
  const headers = { "Cache-Control": "no-store" };
  switch (result.httpStatus) {
    case 200:
      return Response.json({ received: true }, { status: 200, headers });
    case 401:
      return problem(401, "Unauthorized", "The callback signature could not be verified.");
    case 413:
      return problem(413, "Payload Too Large", "The callback body is too large.");
    case 429: {
      const response = problem(
        429,
        "Too Many Requests",
        "Too many callbacks from this address failed verification; try again later.",
      );
      response.headers.set("Retry-After", String(result.retryAfterSeconds ?? 60));
      return response;
    }
    case 400:
      return problem(400, "Bad Request", "The callback body is not a valid callback payload.", result.errors);
  }
}
