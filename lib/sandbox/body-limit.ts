/**
 * Form bodies held to the sandbox's byte limit, counted on the bytes actually received (lib/http): a
 * chunked body or a Content-Length that lies is cut off at the limit and answered 413.
 */
import type { MiddlewareHandler } from "hono";
import { readBodyWithin } from "@/lib/http/read-body-within";
import type { SandboxEnv } from "./http-env";
import { problem, problemResponse } from "./problems";

/** For handlers that parse the body themselves (forms): the body, read under `limit`, or a 413. */
export function bodyWithin(limit: number): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    if (c.req.raw.body === null) return next();
    const body = await readBodyWithin(c.req.raw, limit);
    if (!body.ok) return bodyTooLarge(limit);
    c.req.raw = new Request(c.req.raw, { body: body.bytes });
    await next();
  };
}

/** The 413 for a body past `limit`; the rest of it is never read, so the connection is closed. */
export function bodyTooLarge(limit: number): Response {
  return problemResponse(problem(413, "body-too-large", `The request body must be at most ${limit} bytes`), {
    connection: "close",
  });
}
