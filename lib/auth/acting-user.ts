import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Who the code running now acts for: set around every server action's handler (lib/actions/define-action)
 * and around the calls a signed-in person's page or route makes (the Banks page, /api/banks); read by what
 * records a person's doing without being handed it (the request log of calls to the payment service).
 * Elsewhere (the resume job) nobody is: null.
 *
 * One store per process, on globalThis: Next.js bundles instrumentation.ts (which makes the payment client
 * that reads it) apart from the actions and routes (which set it), each with its own copy of this module.
 */
const holder = globalThis as unknown as Record<symbol, AsyncLocalStorage<string> | undefined>;
const KEY = Symbol.for("payorders.acting-user");
holder[KEY] ??= new AsyncLocalStorage<string>();
const acting: AsyncLocalStorage<string> = holder[KEY];

export function runActingAs<T>(userId: string, fn: () => T): T {
  return acting.run(userId, fn);
}

export function actingUserId(): string | null {
  return acting.getStore() ?? null;
}
