/**
 * The one typed fetch of the gateway: signs, times out, retries and maps every failure to a typed error.
 *
 * The body is serialised once and those exact bytes are both signed and sent, on every attempt — so a retry
 * is byte-identical (same paymentId), which is what makes it safe against the service's idempotency.
 */
import "server-only";
import type { z } from "zod";
import { fieldErrorsFromZod, type Problem, problemSchema } from "@/lib/contract";
import {
  type Span,
  SpanKind,
  sampledTraceId,
  spanError,
  startSpan,
  traceHeaders,
} from "@/lib/observability/tracing";
import { signRequest } from "@/lib/signing";
import {
  PaymentApiContractError,
  type PaymentApiError,
  PaymentApiNetworkError,
  PaymentApiProblemError,
  PaymentApiTimeoutError,
} from "./errors";
import { backoffDelay, isRetryableStatus, parseRetryAfter } from "./retry";
import type { PaymentApiCallsColumns } from "@/lib/database/dashboard/schema";

export interface TransportConfig {
  baseUrl: string;
  clientId: string;
  secret: string;
  timeoutMs: number;
  maxAttempts: number;
  backoffMs: number;
  fetch: typeof fetch;
  /** Injected by unit tests to skip real waiting. */
  sleep?: (ms: number) => Promise<void>;
  /**
   * Told of every attempt once it has ended (the request log, lib/payment-api/call-log.ts). Never awaited
   * and never allowed to fail the call.
   */
  onAttempt?: (attempt: ApiAttempt) => unknown;
  random?: () => number;
}

export type ApiRequest =
  | { method: "GET"; path: string; query?: Record<string, string> }
  | { method: "POST"; path: string; body: unknown };

/**
 * One attempt of a call as the client saw it (what was sent, the exact bytes; what came back; how long it
 * took): the request log's row without what the log adds. `traceId`: the trace of the attempt's span, when
 * tracing is on and the trace sampled.
 */
export type ApiAttempt = Omit<
  PaymentApiCallsColumns,
  "id" | "userId" | "paymentId" | "serviceOrderId" | "kind" | "traceId"
> & { traceId?: string | null };

export interface ApiResult<T> {
  data: T;
  status: number;
  attempts: number;
}

/** Longest piece of a non-JSON error body quoted in a synthesised problem. */
const MAX_DETAIL_CHARS = 300;

export async function callApi<S extends z.ZodType>(
  cfg: TransportConfig,
  req: ApiRequest,
  schema: S,
  options: { maxAttempts?: number } = {},
): Promise<ApiResult<z.output<S>>> {
  const maxAttempts = Math.max(1, options.maxAttempts ?? cfg.maxAttempts);
  const url = buildUrl(cfg.baseUrl, req);
  const body = req.method === "POST" ? new TextEncoder().encode(JSON.stringify(req.body)) : undefined;
  const signature =
    body === undefined
      ? signRequest(cfg.secret, { method: "GET", pathWithQuery: url.pathname + url.search })
      : signRequest(cfg.secret, { method: "POST", body });
  const headers = {
    "Content-Type": "application/json",
    Accept: "application/json, application/problem+json",
    "X-Client-Id": cfg.clientId,
    "X-Signature": signature,
  };
  const label = `${req.method} ${url.pathname}${url.search}`;
  const spanName = `${req.method} ${pathTemplate(url.pathname)}`;
  const callId = crypto.randomUUID();
  const requestText = body === undefined ? null : new TextDecoder().decode(body);
  const report = (a: Omit<ApiAttempt, "callId" | "method" | "url" | "requestBody">) => {
    if (!cfg.onAttempt) return;
    try {
      const recorded = cfg.onAttempt({
        callId,
        method: req.method,
        url: url.href,
        requestBody: requestText,
        ...a,
      });
      if (recorded instanceof Promise) recorded.catch(() => {});
    } catch {
      // The log is a record of the call, never a reason for it to fail.
    }
  };
  const sleep = cfg.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));

  let lastError: PaymentApiError | undefined;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    if (attempt > 1) await sleep(backoffDelay(attempt, cfg.backoffMs, cfg.random));

    let status: number;
    let statusText: string;
    let text: string;
    let retryAfter: string | null;
    const startedAt = new Date();
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    // Tracing on: the attempt is a client span of the current one (the server action's), named in its
    // traceparent, which the service continues.
    const span = startSpan(spanName, {
      kind: SpanKind.CLIENT,
      attributes: {
        "http.request.method": req.method,
        "url.full": url.href,
        "server.address": url.hostname,
        "http.request.resend_count": attempt - 1,
      },
    });
    const traceId = sampledTraceId(span);
    try {
      const res = await cfg.fetch(url, {
        method: req.method,
        headers: span ? traceHeaders(headers, span) : headers,
        body,
        // The signature covers the path: a redirect would send it somewhere it was not made for.
        redirect: "manual",
        signal: AbortSignal.timeout(cfg.timeoutMs),
        cache: "no-store",
      });
      status = res.status;
      statusText = res.statusText;
      retryAfter = res.headers.get("retry-after");
      // Reading the body is part of the attempt: the timeout covers a stalled body too.
      text = await res.text();
    } catch (error) {
      lastError = isTimeout(error)
        ? new PaymentApiTimeoutError({
            timeoutMs: cfg.timeoutMs,
            attempts: attempt,
            request: label,
            cause: error,
          })
        : new PaymentApiNetworkError({ attempts: attempt, request: label, cause: error });
      endSpan(span, null, lastError.kind);
      report({
        traceId,
        attempt,
        startedAt,
        status: null,
        responseBody: null,
        error: lastError.message,
        errorKind: lastError.kind === "timeout" ? "timeout" : "network",
        latencyMs: elapsed(),
      });
      continue;
    }
    endSpan(span, status, status >= 400 ? String(status) : undefined);
    report({
      traceId,
      attempt,
      startedAt,
      status,
      responseBody: text,
      error: null,
      errorKind: null,
      latencyMs: elapsed(),
    });

    if (status >= 200 && status < 300) {
      return {
        data: parseBody(text, schema, { status, attempts: attempt, request: label }),
        status,
        attempts: attempt,
      };
    }
    lastError = new PaymentApiProblemError(problemFrom(text, status, statusText), {
      status,
      attempts: attempt,
      request: label,
      retryAfterMs: parseRetryAfter(retryAfter),
    });
    if (!isRetryableStatus(status)) break;
  }
  // maxAttempts >= 1, so the loop ran and set lastError.
  throw lastError;
}

/** The path with its ids replaced (`/sandbox/orders/{id}/status`): a span name names the operation, not the order. */
export function pathTemplate(pathname: string): string {
  return pathname.replace(
    /\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?=\/|$)/gi,
    "/{id}",
  );
}

function endSpan(span: Span | undefined, status: number | null, error: string | undefined): void {
  if (!span) return;
  if (status !== null) span.setAttribute("http.response.status_code", status);
  if (error !== undefined) spanError(span, error);
  span.end();
}

function buildUrl(baseUrl: string, req: ApiRequest): URL {
  const url = new URL(baseUrl.replace(/\/+$/, "") + req.path);
  if (req.method === "GET" && req.query) {
    for (const [k, v] of Object.entries(req.query)) url.searchParams.set(k, v);
  }
  return url;
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
}

function parseBody<S extends z.ZodType>(
  text: string,
  schema: S,
  ctx: { status: number; attempts: number; request: string },
): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new PaymentApiContractError({
      ...ctx,
      issues: [{ path: "(body)", message: `Not JSON: ${snippet(text) || "(empty body)"}` }],
    });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new PaymentApiContractError({
      ...ctx,
      issues: fieldErrorsFromZod(parsed.error),
      zodIssues: parsed.error.issues,
    });
  }
  return parsed.data;
}

/** The service's problem details, or one made up from the status when it sent something else. */
function problemFrom(text: string, status: number, statusText: string): Problem {
  try {
    const parsed = problemSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON (a proxy's HTML error page, an empty body): fall through.
  }
  const detail = snippet(text);
  return {
    type: "about:blank",
    title: statusText || `HTTP ${status}`,
    status,
    ...(detail ? { detail } : {}),
  };
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > MAX_DETAIL_CHARS ? `${flat.slice(0, MAX_DETAIL_CHARS)}…` : flat;
}
