import type { Env, MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";

/**
 * Runs one of Hono's own middleware (basicAuth, csrf), answering its refusal with the sandbox's response
 * instead of Hono's plain-text one. Errors from later handlers never reach here: Hono hands those to onError
 * where they are thrown.
 */
export function answeringRefusal<E extends Env>(
  middleware: MiddlewareHandler<E>,
  refusal: () => Response,
): MiddlewareHandler<E> {
  return async (c, next) => {
    try {
      return await middleware(c, next);
    } catch (error) {
      if (error instanceof HTTPException) return refusal();
      throw error;
    }
  };
}
