/**
 * The trace each order was created in, so that its callbacks, sent later by the dispatcher (after a status
 * change made by another request, the sweeper or a trigger), continue that trace: the order's `traceparent`
 * as the create request's span had it, by order id. Only while tracing is on (lib/observability/tracing.ts).
 *
 * Kept in this process's memory, not in the database (no migration): a sandbox restarted between an order's
 * creation and its callback, or another instance on the same PostgreSQL delivering it, sends that callback in
 * a trace of its own. Bounded: past MAX_ORDER_TRACES the oldest are forgotten (a trace is for following what
 * happens now, not a record).
 */
import { traceparentOf, tracingOn } from "@/lib/observability/tracing";

export const MAX_ORDER_TRACES = 50_000;

const traces = new Map<string, string>();

/** Remembers the current span's trace as order `orderId`'s (a no-op when tracing is off or there is none). */
export function rememberOrderTrace(orderId: string): void {
  if (!tracingOn()) return;
  const traceparent = traceparentOf();
  if (traceparent === undefined) return;
  if (traces.size >= MAX_ORDER_TRACES) {
    const oldest = traces.keys().next().value;
    if (oldest !== undefined) traces.delete(oldest);
  }
  traces.set(orderId, traceparent);
}

/** The `traceparent` order `orderId` was created under, if this process remembers it. */
export function orderTrace(orderId: string): string | undefined {
  return traces.size === 0 ? undefined : traces.get(orderId);
}
