/** The sandbox's Hono environment: Node bindings, and on admitted requests the merchant (c.get("merchant")). */
import type { HttpBindings } from "@hono/node-server";
import type { Merchant } from "./context";

/**
 * Every request: `orderId` is set by a handler that found or made an order (the request log records it);
 * `merchant` once a request is admitted.
 */
export type SandboxEnv = { Bindings: HttpBindings; Variables: { orderId?: string; merchant?: Merchant } };

/** After admission (API, controls, operator page): who is asking. */
export type MerchantEnv = { Bindings: HttpBindings; Variables: { merchant: Merchant } };

/** After a POST's admission: the merchant and the body, checked and parsed (`text` is what was signed). */
export type AdmittedPostEnv = {
  Bindings: HttpBindings;
  Variables: { merchant: Merchant; json: unknown; text: string };
};
