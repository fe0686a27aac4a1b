/**
 * A Server-Sent Events response fed by the live status feed: `pick` decides what of each change this
 * stream's reader may see (null: nothing). A comment every 20 s keeps proxies from closing an idle stream;
 * the stream ends when the reader goes away, or when `endWhen` calls its `end` (a staff stream's session
 * ended: lib/live/session-ends.ts), after an "ended" event with the reason.
 */
import "server-only";
import { metrics } from "@/lib/observability/metrics";
import type { OrderStatusEvent, OrderStatusFeed } from "./order-status-feed";

const HEARTBEAT_MS = 20_000;

export async function statusEventStream(
  feed: OrderStatusFeed,
  request: Request,
  pick: (event: OrderStatusEvent) => Record<string, unknown> | null,
  endWhen?: (end: (reason: string) => void) => Promise<() => void>,
): Promise<Response> {
  const encoder = new TextEncoder();
  let stop = () => {};
  // Which stream, for the open-streams gauge: a customer's pay page or the staff's orders.
  const open = metrics().eventStreamsOpen.labels({
    stream: new URL(request.url).pathname.startsWith("/api/pay/") ? "pay-page" : "orders",
  });
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      const unsubscribe = await feed.subscribe((event) => {
        const data = pick(event);
        if (data) send(`event: status\ndata: ${JSON.stringify(data)}\n\n`);
      });
      const heartbeat = setInterval(() => send(": keep-alive\n\n"), HEARTBEAT_MS);
      let unwatch = () => {};
      let stopped = false;
      open.inc();
      stop = () => {
        if (stopped) return;
        stopped = true;
        open.dec();
        clearInterval(heartbeat);
        unsubscribe();
        unwatch();
        try {
          controller.close();
        } catch {
          // Already closed.
        }
      };
      request.signal.addEventListener("abort", () => stop(), { once: true });
      if (endWhen) {
        try {
          unwatch = await endWhen((reason) => {
            send(`event: ended\ndata: ${JSON.stringify({ reason })}\n\n`);
            stop();
          });
        } catch (error) {
          stop();
          throw error;
        }
        // The reader left while the watch was starting.
        if (stopped) unwatch();
        if (stopped) return;
      }
      // Tells the page the push is live, so it may slow its polling down.
      send(`retry: 3000\nevent: ready\ndata: {}\n\n`);
    },
    cancel() {
      stop();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
