/**
 * Tracing's two states in one process: off (no endpoint) every helper gives back what it was given and no
 * log line carries a trace; on (the SDK started, spans kept in memory instead of posted), log lines written
 * inside a span carry its ids, outgoing headers its traceparent, and a request's first span its request id.
 */
import { Writable } from "node:stream";
import { SpanKind } from "@opentelemetry/api";
import { InMemorySpanExporter } from "@opentelemetry/sdk-trace";
import { afterAll, describe, expect, test } from "vitest";
import { tracingSettings } from "./env";
import { createLogger } from "./logger";
import { BaseServerSpan as NextRequestSpan } from "next/dist/server/lib/trace/constants";
import { getTracer as getNextTracer } from "next/dist/server/lib/trace/tracer";
import { runWithRequestId } from "./request-id";
import {
  activeSpanIds,
  extractContext,
  inRequestSpan,
  inSpan,
  type RunningTracing,
  startSpan,
  traceHeaders,
  traceparentOf,
  tracingOn,
} from "./tracing";
import { startTracing } from "./tracing-sdk";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger({ level: "info", name: "test", destination }), lines };
}

const settings = (sampler: "parentbased_always_on" | "always_off" = "parentbased_always_on") => {
  const s = tracingSettings(
    {
      OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:1",
      OTEL_TRACES_SAMPLER: sampler,
      OTEL_BSP_SCHEDULE_DELAY: 60_000,
    },
    "payorders-test",
  );
  if (!s) throw new Error("an endpoint is set");
  return s;
};

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;

describe("the settings", () => {
  test("off without an endpoint; the traces endpoint as it is, the general one with /v1/traces", () => {
    const base = { OTEL_TRACES_SAMPLER: "parentbased_always_on", OTEL_BSP_SCHEDULE_DELAY: 5000 } as const;
    expect(tracingSettings(base, "x")).toBeUndefined();
    expect(tracingSettings({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4318/" }, "x")?.url).toBe(
      "http://c:4318/v1/traces",
    );
    expect(
      tracingSettings(
        {
          ...base,
          OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4318",
          OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://t:9/traces",
        },
        "x",
      ),
    ).toMatchObject({ url: "http://t:9/traces", serviceName: "x" });
    expect(
      tracingSettings({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: "http://c", OTEL_SERVICE_NAME: "mine" }, "x")
        ?.serviceName,
    ).toBe("mine");
  });
});

describe("tracing off", () => {
  test("every helper is a pass-through and log lines carry no trace", async () => {
    expect(tracingOn()).toBe(false);
    const { logger, lines } = capture();
    const headers = { "x-client-id": "a" };
    await inSpan("work", {}, async (span) => {
      expect(span).toBeUndefined();
      expect(activeSpanIds()).toBeUndefined();
      expect(traceHeaders(headers)).toBe(headers);
      expect(traceparentOf()).toBeUndefined();
      logger.info("inside");
    });
    expect(startSpan("call", {})).toBeUndefined();
    expect(lines[0]).not.toHaveProperty("trace_id");
    expect(lines[0]).not.toHaveProperty("span_id");
  });
});

describe("tracing on", () => {
  const exporter = new InMemorySpanExporter();
  let tracing: RunningTracing;
  afterAll(() => tracing?.shutdown());

  test("lines written inside a span carry its ids, lines outside none", async () => {
    tracing = startTracing(settings(), { exporter });
    expect(tracingOn()).toBe(true);
    const { logger, lines } = capture();
    let ids: { traceId: string; spanId: string } | undefined;
    await runWithRequestId("req-trace-0001", () =>
      inSpan("work", {}, async (span) => {
        await Promise.resolve();
        ids = { traceId: span?.spanContext().traceId ?? "", spanId: span?.spanContext().spanId ?? "" };
        logger.info("inside");
      }),
    );
    logger.info("outside");
    expect(lines[0]).toMatchObject({
      msg: "inside",
      requestId: "req-trace-0001",
      trace_id: ids?.traceId,
      span_id: ids?.spanId,
    });
    expect(lines[0]?.trace_id).toMatch(/^[0-9a-f]{32}$/);
    expect(lines[1]).not.toHaveProperty("trace_id");
  });

  test("a request's first span is marked with its request id", async () => {
    await runWithRequestId("req-trace-0002", () =>
      inSpan("request", {}, async () => {
        await inSpan("nested", {}, async () => {});
      }),
    );
    await tracing.forceFlush();
    const spans = exporter.getFinishedSpans();
    expect(spans.find((s) => s.name === "request")?.attributes["payorders.request_id"]).toBe(
      "req-trace-0002",
    );
    expect(spans.find((s) => s.name === "nested")?.attributes).not.toHaveProperty("payorders.request_id");
  });

  test("an outgoing call's traceparent names its span; an incoming one is continued", async () => {
    const span = startSpan("call", {});
    const headers: Record<string, string> = traceHeaders({ accept: "application/json" }, span);
    span?.end();
    const [, traceId, spanId] = TRACEPARENT.exec(headers.traceparent ?? "") ?? [];
    expect(traceId).toBe(span?.spanContext().traceId);
    expect(spanId).toBe(span?.spanContext().spanId);

    const parent = extractContext(new Headers({ traceparent: headers.traceparent ?? "" }));
    await inSpan("handling", { parent }, async (child) => {
      expect(child?.spanContext().traceId).toBe(traceId);
      expect(traceparentOf()).toMatch(TRACEPARENT);
    });
    await tracing.forceFlush();
    const handling = exporter.getFinishedSpans().find((s) => s.name === "handling");
    expect(handling?.parentSpanContext?.spanId).toBe(spanId);
  });

  test("a dashboard request's server span continues its traceparent, is named by its route and holds the work inside it", async () => {
    const remote = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
    let inner = "";
    const request = runWithRequestId("req-trace-0003", () =>
      tracing.startRequestSpan("POST", "/api/postback", { traceparent: remote }),
    );
    await request.run(() =>
      inSpan("handling", {}, async (span) => {
        inner = span?.spanContext().spanId ?? "";
      }),
    );
    request.end(503, "/api/postback");
    // For the request's log line: the trace it continued (sampled, as the traceparent's flags say).
    expect(request.traceId).toBe("0af7651916cd43dd8448eb211c80319c");
    const unsampled = tracing.startRequestSpan("GET", "/login", {
      traceparent: "00-1af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00",
    });
    unsampled.end(200, "/login");
    expect(unsampled.traceId).toBeUndefined();
    await tracing.forceFlush();
    const spans = exporter.getFinishedSpans();
    const server = spans.find((s) => s.name === "POST /api/postback");
    expect(server?.kind).toBe(SpanKind.SERVER);
    expect(server?.spanContext().traceId).toBe("0af7651916cd43dd8448eb211c80319c");
    expect(server?.parentSpanContext?.spanId).toBe("b7ad6b7169203331");
    expect(server?.attributes).toMatchObject({
      "http.request.method": "POST",
      "http.route": "/api/postback",
      "http.response.status_code": 503,
      "payorders.request_id": "req-trace-0003",
    });
    expect(server?.status.code).toBe(2);
    expect(spans.find((s) => s.spanContext().spanId === inner)?.parentSpanContext?.spanId).toBe(
      server?.spanContext().spanId,
    );
  });

  test("a request handler's work goes on the request's server span, or on one of its own when there is none", async () => {
    const traceparent = "00-2af7651916cd43dd8448eb211c80319c-c7ad6b7169203331-01";
    const headers = new Headers({ traceparent });
    const request = tracing.startRequestSpan("POST", "/api/postback", { traceparent });
    const spansBefore = exporter.getFinishedSpans().length;
    const onRequestSpan = await request.run(() =>
      inRequestSpan("POST /api/postback", headers, {}, async (span) => {
        span?.setAttribute("payorders.callback.outcome", "applied");
        return span?.spanContext().spanId;
      }),
    );
    request.end(200, "/api/postback");
    // Handled without a request span (a route handler called directly): a server span of its own.
    const alone = await inRequestSpan(
      "POST /api/postback",
      new Headers({ traceparent: "00-3af7651916cd43dd8448eb211c80319c-d7ad6b7169203331-01" }),
      { attributes: { "http.route": "/api/postback" } },
      async (span) => span?.spanContext().spanId,
    );
    await tracing.forceFlush();
    const spans = exporter.getFinishedSpans().slice(spansBefore);
    // One span a request: the handler made none inside the request's.
    expect(spans.filter((s) => s.spanContext().traceId === "2af7651916cd43dd8448eb211c80319c")).toHaveLength(
      1,
    );
    const server = spans.find((s) => s.spanContext().traceId === "2af7651916cd43dd8448eb211c80319c");
    expect(server?.spanContext().spanId).toBe(onRequestSpan);
    expect(server?.attributes).toMatchObject({
      "payorders.callback.outcome": "applied",
      "http.route": "/api/postback",
    });
    const own = spans.find((s) => s.spanContext().traceId === "3af7651916cd43dd8448eb211c80319c");
    expect(own?.spanContext().spanId).toBe(alone);
    expect(own?.kind).toBe(SpanKind.SERVER);
    expect(own?.name).toBe("POST /api/postback");
    expect(own?.parentSpanContext?.spanId).toBe("d7ad6b7169203331");
    expect(own?.attributes).toMatchObject({ "http.route": "/api/postback" });
  });

  test("Next.js sees tracing as off: it makes no span of its own, inside ours or not", async () => {
    const next = getNextTracer();
    let nextRan = 0;
    await next.trace(NextRequestSpan.handleRequest, async () => {
      nextRan++;
    });
    await inSpan("ours", {}, () =>
      next.trace(NextRequestSpan.handleRequest, async () => {
        nextRan++;
      }),
    );
    await tracing.forceFlush();
    expect(nextRan).toBe(2);
    const names = exporter.getFinishedSpans().map((s) => s.name);
    expect(names).toContain("ours");
    expect(names).not.toContain(NextRequestSpan.handleRequest);
  });

  test("a failure marks its span as an error", async () => {
    await expect(
      inSpan("failing", {}, async () => {
        throw new TypeError("no such order");
      }),
    ).rejects.toThrow("no such order");
    await tracing.forceFlush();
    const failing = exporter.getFinishedSpans().find((s) => s.name === "failing");
    expect(failing?.status).toMatchObject({ code: 2, message: "no such order" });
    expect(failing?.attributes["error.type"]).toBe("TypeError");
  });

  test("shut down, it is off again and a trace not sampled puts no ids on lines", async () => {
    await tracing.shutdown();
    expect(tracingOn()).toBe(false);
    tracing = startTracing(settings("always_off"), { exporter });
    const { logger, lines } = capture();
    await inSpan("unsampled", {}, async () => logger.info("inside"));
    expect(lines[0]).not.toHaveProperty("trace_id");
  });
});
