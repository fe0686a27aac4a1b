/**
 * The headers that authenticate a callback (docs/architecture.md, Callbacks): the contract's X-Client-Id +
 * X-Signature, and the Standard Webhooks trio, each signed by lib/signing over the raw body. The dispatcher
 * sends them; check-receiver (lib/sandbox/conformance) builds its deliveries, good and spoiled, with them too.
 */
import { CALLBACK_HEADERS } from "@/lib/contract";
import { sign, signStandardWebhook } from "@/lib/signing";

export interface CallbackSigning {
  /** X-Client-Id and X-Signature made with `key`; left out when absent. */
  contract?: { clientId: string; key: string } | undefined;
  /** webhook-id, webhook-timestamp and webhook-signature with one `v1,` per key (two during a rotation). */
  standard?: { webhookId: string; timestamp: number; keys: readonly string[] } | undefined;
}

export function callbackAuthHeaders(
  body: string,
  { contract, standard }: CallbackSigning,
): Record<string, string> {
  const headers: Record<string, string> = {};
  if (contract) {
    headers[CALLBACK_HEADERS.clientId] = contract.clientId;
    headers[CALLBACK_HEADERS.signature] = sign(contract.key, body);
  }
  if (standard) {
    headers[CALLBACK_HEADERS.webhookId] = standard.webhookId;
    headers[CALLBACK_HEADERS.webhookTimestamp] = String(standard.timestamp);
    headers[CALLBACK_HEADERS.webhookSignature] = standard.keys
      .map((key) => signStandardWebhook(key, standard.webhookId, standard.timestamp, body))
      .join(" ");
  }
  return headers;
}
