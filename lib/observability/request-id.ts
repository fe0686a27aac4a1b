/**
 * The request id: taken from a well-formed incoming X-Request-Id (a proxy in front may have made one),
 * otherwise made here; echoed on the response and put on every log line of the request through an
 * AsyncLocalStorage held in a process slot (scripts/next-server.mjs enters the dashboard's under the same
 * key, lib/sandbox/request-id.ts the sandbox's).
 *
 * No `import "server-only"`: the sandbox uses it too.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { processSlot } from "@/lib/process-slot";

export const REQUEST_ID_HEADER = "x-request-id";

/** Keep in step with scripts/next-server.mjs (same rule, same slot name). */
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/;

/** The incoming id when it is well-formed (no spaces, quotes or control characters; 8–128 long), else a new one. */
export function requestIdFrom(incoming: string | null | undefined): string {
  return incoming && WELL_FORMED.test(incoming) ? incoming : randomUUID();
}

const context = processSlot<AsyncLocalStorage<string>>("request-id").getOrSet(
  () => new AsyncLocalStorage<string>(),
);

export function runWithRequestId<T>(id: string, fn: () => T): T {
  return context.run(id, fn);
}

/** The id of the request being handled now; undefined outside one (timers, the resume loop). */
export function currentRequestId(): string | undefined {
  return context.getStore();
}
