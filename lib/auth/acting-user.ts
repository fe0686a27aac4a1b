import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { processSlot } from "@/lib/process-slot";

/**
 * Who the code running now acts for: set around every server action's handler (lib/actions/define-action)
 * and around the calls a signed-in person's page or route makes (the Banks page, /api/banks); read by what
 * records a person's doing without being handed it (the request log of calls to the payment service).
 * Elsewhere (the resume job) nobody is: null.
 *
 * One store per process (lib/process-slot.ts): the payment client that reads it is made in instrumentation.ts's
 * bundle, the actions and routes that set it are in another.
 */
const acting = processSlot<AsyncLocalStorage<string>>("acting-user").getOrSet(
  () => new AsyncLocalStorage<string>(),
);

export function runActingAs<T>(userId: string, fn: () => T): T {
  return acting.run(userId, fn);
}

export function actingUserId(): string | null {
  return acting.getStore() ?? null;
}
