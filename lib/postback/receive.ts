import "server-only";
import { randomUUID } from "node:crypto";
import {
  type CallbackPayload,
  callbackPayloadSchema,
  type FieldError,
  fieldErrorsFromZod,
  findBadText,
  textProblem,
} from "@/lib/contract";
import type { Sql } from "@/lib/database";
import {
  type CallbackOutcome,
  finishCallbackDelivery,
  insertCallbackDelivery,
  isCallbackEventClaimed,
  lockCallbackEvent,
} from "@/lib/db/queries/callback-deliveries";
import {
  adoptProviderOrderId,
  applyOrderStatus,
  type CallbackTargetOrder,
  findOrderIdByProviderId,
  lockOrderByProviderId,
  lockUnconfirmedOrder,
} from "@/lib/db/queries/order-callback-status";
import { decideStatusChange } from "./decide";
import { type HeaderSource, pickCallbackHeaders } from "./headers";
import { verifyCallbackSignature } from "./verify";

/** Callbacks are small JSON objects; anything bigger is refused before it is stored. */
export const MAX_CALLBACK_BYTES = 64 * 1024;

export interface ReceiveInput {
  headers: HeaderSource;
  /** The body exactly as received: signatures cover these bytes. */
  rawBody: string;
  secret: string;
  clientId: string;
  now?: Date;
}

export type ReceiveOutcome = Exclude<CallbackOutcome, "received"> | "too-large";

export interface ReceiveResult {
  httpStatus: 200 | 400 | 401 | 413;
  outcome: ReceiveOutcome;
  /** The stored delivery; null only when nothing was stored (too large, or text no column can hold). */
  deliveryId: string | null;
  orderId: string | null;
  /** Field errors of an invalid payload (safe to return: they describe the sender's own body). */
  errors?: FieldError[];
}

/**
 * The callback receiver (DESIGN §4): stores the raw delivery first, verifies its signatures, validates it,
 * de-duplicates on the event id and applies the status monotonically. Plain function over a db handle so
 * it runs the same in the Next route, in tests and in the benchmark.
 */
export async function receiveCallback(db: Sql, input: ReceiveInput): Promise<ReceiveResult> {
  if (Buffer.byteLength(input.rawBody) > MAX_CALLBACK_BYTES) {
    return { httpStatus: 413, outcome: "too-large", deliveryId: null, orderId: null };
  }
  // Text no column can hold (a raw NUL, an unpaired surrogate) is refused before anything is stored.
  const badBody = textProblem(input.rawBody);
  if (badBody) {
    const errors = [{ path: "(body)", message: badBody }];
    return { httpStatus: 400, outcome: "invalid", deliveryId: null, orderId: null, errors };
  }
  const id = randomUUID();
  const headers = pickCallbackHeaders(input.headers);
  await db.transaction(async (tx) => {
    // Asynchronous commit is safe for this first write: every path below ends in a synchronous commit
    // before the sender is answered, and that commit flushes this row too. It saves one disk flush per delivery.
    await tx.query("SET LOCAL synchronous_commit = off");
    await insertCallbackDelivery(tx, {
      id,
      headers,
      rawBody: input.rawBody,
      webhookId: headers["webhook-id"] ?? null,
    });
  });

  const verification = verifyCallbackSignature({
    secret: input.secret,
    clientId: input.clientId,
    headers,
    rawBody: input.rawBody,
    now: input.now ?? new Date(),
  });
  if (!verification.ok) {
    const orderId = await claimedOrderId(db, input.rawBody);
    await finishCallbackDelivery(db, id, {
      verified: false,
      verificationError: verification.error,
      orderId,
      outcome: "rejected",
    });
    return { httpStatus: 401, outcome: "rejected", deliveryId: id, orderId: null };
  }

  const parsed = parsePayload(input.rawBody);
  if (!parsed.ok) {
    await finishCallbackDelivery(db, id, {
      verified: true,
      orderId: await claimedOrderId(db, input.rawBody),
      outcome: "invalid",
    });
    return { httpStatus: 400, outcome: "invalid", deliveryId: id, orderId: null, errors: parsed.errors };
  }
  const payload = parsed.payload;
  const webhookId = verification.webhookId;

  return db.transaction(async (tx) => {
    const finish = async (
      outcome: "applied" | "duplicate" | "stale" | "unknown-order",
      orderId: string | null,
    ) => {
      await finishCallbackDelivery(tx, id, { verified: true, orderId, status: payload.status, outcome });
      return { httpStatus: 200 as const, outcome, deliveryId: id, orderId };
    };
    if (webhookId) {
      await lockCallbackEvent(tx, webhookId);
      if (await isCallbackEventClaimed(tx, webhookId, id)) {
        // Matched for the timeline only; nothing is applied.
        const order = await lockOrderByProviderId(tx, payload.id);
        return finish("duplicate", order && matches(order, payload) ? order.id : null);
      }
    }
    const order = await findTarget(tx, payload);
    if (!order) return finish("unknown-order", null);
    const decision = decideStatusChange(order, {
      status: payload.status,
      updatedAt: new Date(payload.updatedAt),
    });
    if (decision === "applied")
      await applyOrderStatus(tx, order.id, payload.status, new Date(payload.updatedAt));
    return finish(decision, order.id);
  });
}

/**
 * The order a callback is about: ours by the service's id, with type and paymentId agreeing. Failing that,
 * an order of ours with this type and paymentId whose answer never arrived (timeout, crash): the signed
 * callback is the service saying it holds that order, so its id is adopted rather than the news dropped.
 */
async function findTarget(tx: Sql, payload: CallbackPayload): Promise<CallbackTargetOrder | null> {
  const known = await lockOrderByProviderId(tx, payload.id);
  if (known) return matches(known, payload) ? known : null;
  if (!UUID.test(payload.paymentId)) return null;
  const unconfirmed = await lockUnconfirmedOrder(tx, payload.type, payload.paymentId.toLowerCase());
  if (!unconfirmed) return null;
  await adoptProviderOrderId(tx, unconfirmed.id, payload.id);
  return unconfirmed;
}

/**
 * The order a refused or invalid body names, so the order's timeline shows it (marked as refused). Only a
 * reference for display: nothing of such a body is ever applied, and the sender is told nothing of it.
 */
async function claimedOrderId(db: Sql, rawBody: string): Promise<string | null> {
  try {
    const id: unknown = (JSON.parse(rawBody) as { id?: unknown } | null)?.id;
    return typeof id === "string" && UUID.test(id) ? await findOrderIdByProviderId(db, id) : null;
  } catch {
    return null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The service's order id must be ours AND its type and paymentId must agree with what we sent. */
function matches(order: { direction: string; paymentId: string }, payload: CallbackPayload): boolean {
  return (
    order.direction === payload.type && order.paymentId.toLowerCase() === payload.paymentId.toLowerCase()
  );
}

function parsePayload(
  rawBody: string,
): { ok: true; payload: CallbackPayload } | { ok: false; errors: FieldError[] } {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return { ok: false, errors: [{ path: "(body)", message: "Must be a JSON object" }] };
  }
  // Escaped the same characters are storable in the raw body, but not in the status column: refused here,
  // so the delivery is recorded as invalid rather than left "received" by a failed write.
  const bad = findBadText(json);
  if (bad) return { ok: false, errors: [bad] };
  const result = callbackPayloadSchema.safeParse(json);
  return result.success
    ? { ok: true, payload: result.data }
    : { ok: false, errors: fieldErrorsFromZod(result.error) };
}
