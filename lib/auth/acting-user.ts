import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Who the code running now acts for: set around every server action's handler (lib/actions/define-action),
 * read by what records a person's doing without being handed it (the request log of calls to the payment
 * service). Outside an action (the resume job, a route) nobody is: null.
 */
const acting = new AsyncLocalStorage<string>();

export function runActingAs<T>(userId: string, fn: () => T): T {
  return acting.run(userId, fn);
}

export function actingUserId(): string | null {
  return acting.getStore() ?? null;
}
