/**
 * The request log (issue 10 §2): every attempt of every call to the payment service, stored as sent and as
 * answered with card numbers masked, linked to the user whose action caused it and to the order it was
 * about. Recording never holds up or fails a call: the gateway hands each attempt over and goes on.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import { maskOrderRequest } from "@/lib/contract/card-mask";
import { isRecord } from "@/lib/contract/is-record";
import { isUuid, UUID_GROUP } from "@/lib/contract/uuid";
import type { Sql } from "@/lib/database";
import type { DashboardDatabase } from "@/lib/database/dashboard/schema";
import { typed } from "@/lib/database/kysely";
import { callKindOf } from "./call-kinds";
import type { ApiAttempt } from "./http";
import { log } from "@/lib/observability/logger";

/** Longest response body kept (a banks list can be long; the log is for reading, not replaying answers). */
const MAX_RESPONSE_CHARS = 16_384;

/** Writes not yet finished, so tests (and a graceful stop) can wait for them. */
const pending = new Set<Promise<unknown>>();

export async function flushCallLog(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}

/** Starts storing one attempt; the returned promise settles when it is stored (or could not be). */
export function recordAttempt(
  db: () => Promise<Sql>,
  attempt: ApiAttempt,
  userId: string | null,
): Promise<void> {
  const write = (async () => {
    await storeAttempt(await db(), attempt, userId);
  })().catch((error) => log().error({ err: error }, "request log: an attempt was not recorded"));
  pending.add(write);
  void write.finally(() => pending.delete(write));
  return write;
}

export async function storeAttempt(sql: Sql, a: ApiAttempt, userId: string | null): Promise<void> {
  const request = parseJson(a.requestBody);
  const response = parseJson(a.responseBody);
  await typed<DashboardDatabase>(sql)
    .insertInto("paymentApiCalls")
    .values({
      id: randomUUID(),
      callId: a.callId,
      attempt: a.attempt,
      startedAt: a.startedAt,
      userId,
      method: a.method,
      url: a.url,
      requestBody: masked(a.requestBody, request),
      status: a.status,
      responseBody: masked(a.responseBody, response)?.slice(0, MAX_RESPONSE_CHARS) ?? null,
      error: a.error,
      errorKind: a.errorKind,
      kind: callKindOf(a.method, a.url),
      latencyMs: a.latencyMs,
      traceId: a.traceId ?? null,
      paymentId: uuidField(request, "paymentId") ?? uuidField(response, "paymentId"),
      serviceOrderId: serviceOrderIdOf(a.url) ?? uuidField(response, "id"),
    })
    .execute();
}

function parseJson(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

/** The text with a pay-out's card number masked; the text as it was when it names none. */
function masked(text: string | null, json: Record<string, unknown> | null): string | null {
  if (text === null || json === null) return text;
  const safe = maskOrderRequest(json);
  // Serialised again only when something was masked: otherwise the stored bytes are the bytes sent.
  return JSON.stringify(safe) === JSON.stringify(json) ? text : JSON.stringify(safe);
}

function uuidField(json: Record<string, unknown> | null, key: string): string | null {
  const value = json?.[key];
  return typeof value === "string" && isUuid(value) ? value.toLowerCase() : null;
}

const SANDBOX_ORDER_PATH = new RegExp(`/sandbox/orders/${UUID_GROUP}(?:/|$)`);

/** The service order a sandbox control's path names ("/sandbox/orders/<id>/…"). */
function serviceOrderIdOf(url: string): string | null {
  const m = SANDBOX_ORDER_PATH.exec(new URL(url).pathname);
  return m?.[1] ? m[1].toLowerCase() : null;
}
