import "server-only";
import { randomUUID } from "node:crypto";
import {
  type CallbackPayload,
  callbackPayloadSchema,
  FINAL_STATUSES,
  type FieldError,
  fieldErrorsFromZod,
  findBadText,
  textProblem,
} from "@/lib/contract";
import { UUID_PATTERN as UUID } from "@/lib/contract/uuid";
import type { Sql } from "@/lib/database";
import type { CallbackOutcome } from "@/lib/database/dashboard/queries/callback-deliveries";
import {
  type StoredBody,
  storeInvalidDelivery,
  storeReceivedDelivery,
  storeUnverifiedDelivery,
} from "@/lib/database/dashboard/queries/callback-receiver";
import { storeAndApplyGrouped } from "./group-commit";
import { summarizeBody, UNVERIFIED_PREFIX_BYTES, utf8Prefix } from "./body-summary";
import { type HeaderSource, pickCallbackHeaders } from "./headers";
import { verifyCallbackSignature } from "./verify";

/** Callbacks are small JSON objects; anything bigger is refused before it is stored. */
export const MAX_CALLBACK_BYTES = 64 * 1024;

/** Unverified posts stored per source per window; more in one window are answered 429 and not stored. */
export const UNVERIFIED_LIMIT_PER_WINDOW = 30;
export const UNVERIFIED_WINDOW_MS = 60_000;
/** Header values kept with an unverified post are cut shorter than a verified one's. */
const UNVERIFIED_HEADER_LENGTH = 200;
/** The rate-limit keys of the receiver (rate_limits.key starts with this). */
export const UNVERIFIED_RATE_KEY_PREFIX = "postback-unverified:";

export interface ReceiveInput {
  headers: HeaderSource;
  /** The body exactly as received: signatures cover these bytes. */
  rawBody: string;
  secret: string;
  /** The secret before a rotation, accepted too (see verifyCallbackSignature). */
  previousSecret?: string | undefined;
  clientId: string;
  /** Who sent it, for the per-source limit on unverified posts (see postbackSource). */
  source?: string | null;
  /** Overrides UNVERIFIED_LIMIT_PER_WINDOW (tests). */
  unverifiedLimit?: number;
  now?: Date;
}

export type ReceiveOutcome = Exclude<CallbackOutcome, "received"> | "too-large" | "rate-limited";

export interface ReceiveResult {
  httpStatus: 200 | 400 | 401 | 413 | 429;
  outcome: ReceiveOutcome;
  /** The stored delivery; null when nothing was stored (too large, rate-limited, or text no column can hold). */
  deliveryId: string | null;
  orderId: string | null;
  /** Field errors of an invalid payload (safe to return: they describe the sender's own body). */
  errors?: FieldError[];
  /** Seconds until a rate-limited sender may post again. */
  retryAfterSeconds?: number;
}

/**
 * The callback receiver (docs/architecture.md, Callbacks). Signatures are checked in memory first, then one statement does the
 * rest: a verified, well-formed delivery is stored whole and applied atomically (de-duplicated on the
 * event id, applied monotonically, see receive_signed_callback; concurrent deliveries share one statement,
 * see group-commit.ts); a signed but invalid one is stored whole;
 * one failing verification is stored bounded (a prefix, its size and hash) while its sender is within its
 * limit, and is never applied. Plain function over a db handle so it runs the same in the Next route, in
 * tests and in the benchmark.
 */
export async function receiveCallback(db: Sql, input: ReceiveInput): Promise<ReceiveResult> {
  const bytes = Buffer.from(input.rawBody, "utf8");
  if (bytes.byteLength > MAX_CALLBACK_BYTES) {
    return { httpStatus: 413, outcome: "too-large", deliveryId: null, orderId: null };
  }
  // Text no column can hold (a raw NUL, an unpaired surrogate) is refused before anything is stored.
  const badBody = textProblem(input.rawBody);
  if (badBody) {
    const errors = [{ path: "(body)", message: badBody }];
    return { httpStatus: 400, outcome: "invalid", deliveryId: null, orderId: null, errors };
  }
  const id = randomUUID();
  const now = input.now ?? new Date();
  const headers = pickCallbackHeaders(input.headers);
  const webhookId = headers["webhook-id"] ?? null;
  const summary = summarizeBody(bytes);

  const verification = verifyCallbackSignature({
    secret: input.secret,
    previousSecret: input.previousSecret,
    clientId: input.clientId,
    headers,
    rawBody: input.rawBody,
    now,
  });
  if (!verification.ok) {
    const limit = input.unverifiedLimit ?? UNVERIFIED_LIMIT_PER_WINDOW;
    const windowStart = Math.floor(now.getTime() / UNVERIFIED_WINDOW_MS) * UNVERIFIED_WINDOW_MS;
    const { count, storedId } = await storeUnverifiedDelivery(db, {
      id,
      webhookId: webhookId?.slice(0, UNVERIFIED_HEADER_LENGTH) ?? null,
      headers: Object.fromEntries(
        Object.entries(headers).map(([k, v]) => [k, v.slice(0, UNVERIFIED_HEADER_LENGTH)]),
      ),
      body: { rawBody: utf8Prefix(input.rawBody, UNVERIFIED_PREFIX_BYTES), ...summary },
      verificationError: verification.error,
      claimedProviderOrderId: claimedProviderId(input.rawBody),
      sourceKey: `${UNVERIFIED_RATE_KEY_PREFIX}${input.source ?? "unknown"}`,
      windowStart: new Date(windowStart),
      limit,
    });
    if (count > limit || storedId === null) {
      const retryAfterSeconds = Math.max(
        1,
        Math.ceil((windowStart + UNVERIFIED_WINDOW_MS - now.getTime()) / 1000),
      );
      return { httpStatus: 429, outcome: "rate-limited", deliveryId: null, orderId: null, retryAfterSeconds };
    }
    return { httpStatus: 401, outcome: "rejected", deliveryId: id, orderId: null };
  }

  const body: StoredBody = { rawBody: input.rawBody, ...summary };
  const parsed = parsePayload(input.rawBody);
  if (!parsed.ok) {
    await storeInvalidDelivery(db, {
      id,
      webhookId,
      headers,
      body,
      claimedProviderOrderId: claimedProviderId(input.rawBody),
    });
    return { httpStatus: 400, outcome: "invalid", deliveryId: id, orderId: null, errors: parsed.errors };
  }
  const payload = parsed.payload;
  try {
    const { outcome, orderId } = await storeAndApplyGrouped(db, {
      id,
      webhookId,
      eventId: verification.webhookId,
      headers,
      body,
      ...whatItSays(payload),
    });
    return { httpStatus: 200, outcome, deliveryId: id, orderId };
  } catch (error) {
    // Nothing was applied; keep what came all the same (store-first), then let the sender retry.
    await storeReceivedDelivery(db, { id, webhookId, headers, body }).catch(() => {});
    throw error;
  }
}

/** What a valid callback says, as the receiver's statement takes it (the final statuses from the contract). */
export function whatItSays(payload: CallbackPayload) {
  return {
    providerOrderId: payload.id,
    type: payload.type,
    paymentId: UUID.test(payload.paymentId) ? payload.paymentId.toLowerCase() : null,
    status: payload.status,
    updatedAt: new Date(payload.updatedAt),
    finalStatuses: FINAL_STATUSES,
  };
}

/** The service's order id a body names, so its timeline shows the delivery; display only, never applied. */
export function claimedProviderId(rawBody: string): string | null {
  try {
    const id: unknown = (JSON.parse(rawBody) as { id?: unknown } | null)?.id;
    return typeof id === "string" && UUID.test(id) ? id : null;
  } catch {
    return null;
  }
}

export function parsePayload(
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
