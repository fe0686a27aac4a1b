/**
 * Request header through which proxy.ts tells server components the path being rendered, so that
 * requirePageUser can send a signed-out visitor to /login?next=<that path>. Plain module (no server-only):
 * proxy.ts imports it.
 */
export const REQUEST_PATH_HEADER = "x-request-path";
