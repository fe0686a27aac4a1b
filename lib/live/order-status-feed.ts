/**
 * The live status feed of this instance (issue 10 §4): one LISTEN on "order_status" (migration 0014) per
 * process, fanned out to every open page's event stream. A status applied on any instance sharing the
 * database reaches them all; on embedded PGlite (one instance) it is this process's own change.
 */
import "server-only";
import type { Database } from "@/lib/database";

export interface OrderStatusEvent {
  id: string;
  status: string;
  updatedAt: string;
}

type Listener = (event: OrderStatusEvent) => void;

const listeners = new Set<Listener>();
let listening: Promise<() => Promise<void>> | undefined;

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

/**
 * Calls `listener` with every status change from now on; the function it resolves to stops that. The first
 * subscriber starts the instance's LISTEN; it stays for the process's life (one connection).
 */
export async function subscribeOrderStatus(db: Database, listener: Listener): Promise<() => void> {
  listeners.add(listener);
  listening ??= db
    .listen("order_status", (payload) => {
      const event = parse(payload);
      if (event) for (const l of listeners) l(event);
    })
    .catch((error) => {
      listening = undefined;
      throw error;
    });
  try {
    await listening;
  } catch (error) {
    listeners.delete(listener);
    throw error;
  }
  return () => listeners.delete(listener);
}

/** Stops the instance's LISTEN (tests, and a database about to close); the next subscriber starts it again. */
export async function stopOrderStatusFeed(): Promise<void> {
  const started = listening;
  listening = undefined;
  listeners.clear();
  await (await started?.catch(() => undefined))?.();
}

/** How many streams this instance feeds now (the bench's figure). */
export function openStatusStreams(): number {
  return listeners.size;
}
