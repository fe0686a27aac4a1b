/**
 * The live status feed of an instance (issue 10 §4): one LISTEN on "order_status" (migration 0014) per
 * process, fanned out to every open page's event stream. A status applied on any instance sharing the
 * database reaches them all; on embedded PGlite (one instance) it is this process's own change. The
 * process's feed is made by lib/runtime.ts; tests make their own.
 */
import "server-only";
import type { Database } from "@/lib/database";
import { lazyListen } from "./lazy-listen";

export interface OrderStatusEvent {
  id: string;
  status: string;
  updatedAt: string;
}

type Listener = (event: OrderStatusEvent) => void;

export interface OrderStatusFeed {
  /**
   * Calls `listener` with every status change from now on; the function it resolves to stops that. The
   * first subscriber starts the feed's LISTEN; it stays until stop() (one connection).
   */
  subscribe(listener: Listener): Promise<() => void>;
  /** Stops the LISTEN (tests, and a database about to close); the next subscriber starts it again. */
  stop(): Promise<void>;
  /** How many streams this feed serves now (the bench's figure). */
  openStreams(): number;
}

function parse(payload: string): OrderStatusEvent | null {
  try {
    const e = JSON.parse(payload) as Partial<OrderStatusEvent>;
    return typeof e.id === "string" && typeof e.status === "string" && typeof e.updatedAt === "string"
      ? { id: e.id, status: e.status, updatedAt: e.updatedAt }
      : null;
  } catch {
    return null;
  }
}

/** A feed listening on the database `db` resolves to (opened on the first subscriber, not before). */
export function createOrderStatusFeed(db: () => Promise<Database>): OrderStatusFeed {
  const listeners = new Set<Listener>();
  const listening = lazyListen(db, "order_status", (payload) => {
    const event = parse(payload);
    if (event) for (const l of listeners) l(event);
  });
  return {
    async subscribe(listener) {
      listeners.add(listener);
      try {
        await listening.start();
      } catch (error) {
        listeners.delete(listener);
        throw error;
      }
      return () => listeners.delete(listener);
    },
    async stop() {
      listeners.clear();
      await listening.stop();
    },
    openStreams: () => listeners.size,
  };
}
