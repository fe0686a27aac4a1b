import "server-only";
import type { Sql } from "@/lib/database";
import { readBodyWithin } from "@/lib/http/read-body-within";
import { log } from "@/lib/observability/logger";
import { metrics } from "@/lib/observability/metrics";
import { inRequestSpan, type Span, spanError } from "@/lib/observability/tracing";
import type { ProxyTrust } from "@/lib/auth/client-address";
import type { UnverifiedPurge } from "./purge";
import { MAX_CALLBACK_BYTES, receiveCallback } from "./receive";
import { callbackResponse } from "./response";
import { postbackSource } from "./source";

export interface PostbackSettings {
  secret: string;
  /** The secret before a rotation, accepted too until it is removed (PAYMENT_API_PREVIOUS_SECRET). */
  previousSecret?: string;
  clientId: string;
  /** The process's purge of expired unverified deliveries (lib/runtime.ts; createUnverifiedPurge). */
  purge: UnverifiedPurge;
  /** Which reverse proxies may name the client (TRUSTED_PROXIES / TRUSTED_PROXY_HOPS); default none. */
  proxyTrust?: ProxyTrust;
  /** Overrides the per-source limit on unverified posts (tests). */
  unverifiedLimit?: number;
}

const POSTBACK_ROUTE = "/api/postback";
/** Made once, not for each callback (decode without `stream` starts afresh every call). */
const utf8 = new TextDecoder();

/**
 * POST /api/postback from request to response: the body is read under MAX_CALLBACK_BYTES counted on the
 * bytes received (413 past it, nothing stored, nothing more read), then handed to receiveCallback. With
 * tracing on, the outcome goes on the request's server span (`POST /api/postback`), which continues the
 * sandbox's `traceparent` (the order's trace, from the server action that created it).
 */
export async function handlePostback(
  db: Sql,
  request: Request,
  settings: PostbackSettings,
): Promise<Response> {
  return inRequestSpan(
    `POST ${POSTBACK_ROUTE}`,
    request.headers,
    { attributes: { "http.request.method": "POST", "http.route": POSTBACK_ROUTE } },
    (span) => receive(db, request, settings, span),
  );
}

/** The receiver's work (verify, store, apply), its outcome on the request's span when tracing is on. */
async function receive(
  db: Sql,
  request: Request,
  settings: PostbackSettings,
  span: Span | undefined,
): Promise<Response> {
  settings.purge.maybePurge(db);
  const body = await readBodyWithin(request, MAX_CALLBACK_BYTES);
  if (!body.ok) {
    const response = callbackResponse({
      httpStatus: 413,
      outcome: "too-large",
      deliveryId: null,
      orderId: null,
    });
    metrics().callbackOutcomes.inc({ outcome: "too-large" });
    spanError(span, "too-large");
    // The rest of the body is never read: close the connection rather than drain it.
    response.headers.set("Connection", "close");
    return response;
  }
  const result = await receiveCallback(db, {
    headers: request.headers,
    rawBody: utf8.decode(body.bytes),
    secret: settings.secret,
    previousSecret: settings.previousSecret,
    clientId: settings.clientId,
    source: postbackSource(request.headers, settings.proxyTrust ?? { kind: "none" }),
    unverifiedLimit: settings.unverifiedLimit,
  });
  metrics().callbackOutcomes.inc({ outcome: result.outcome });
  if (span) {
    span.setAttributes({
      "payorders.callback.outcome": result.outcome,
      "http.response.status_code": result.httpStatus,
      ...(result.deliveryId ? { "payorders.callback.delivery_id": result.deliveryId } : {}),
      ...(result.orderId ? { "payorders.order.id": result.orderId } : {}),
    });
    if (result.httpStatus >= 400) spanError(span, result.outcome);
  }
  log().debug(
    { outcome: result.outcome, deliveryId: result.deliveryId, orderId: result.orderId },
    "callback received",
  );
  return callbackResponse(result);
}
