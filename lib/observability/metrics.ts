/**
 * The process's Prometheus metrics (prom-client), served at /metrics by the dashboard (app/metrics/route.ts)
 * and the sandbox (lib/sandbox/routes/metrics.ts). One registry per process, held in a process slot: Next
 * bundles instrumentation.ts apart from the route handlers, and each copy of this module must count into the
 * registry the other serves. Labels take bounded values only (route patterns, outcomes, kinds), never a raw
 * URL or an id. Alerts open and acknowledged, and alert messages
 * waiting, are read from the dashboard's database at a scrape (sources added by lib/runtime.ts).
 *
 * No `import "server-only"`: the sandbox (its own Node process) uses it too.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { processSlot } from "@/lib/process-slot";

/** A database a process has open, asked at each scrape how many connections it uses. */
export interface PoolSource {
  kind: "pglite" | "postgres";
  /** postgres: total, idle and waiting clients of the pool; pglite: statements running or queued. */
  read(): Record<string, number>;
}

export interface Metrics {
  readonly registry: Registry;
  readonly httpDuration: Histogram<"service" | "method" | "route" | "status">;
  readonly httpRequests: Counter<"service" | "method" | "route" | "status">;
  readonly callbackOutcomes: Counter<"outcome">;
  readonly paymentApiDuration: Histogram<"kind" | "outcome">;
  readonly paymentApiErrors: Counter<"kind" | "error">;
  readonly eventStreamsOpen: Gauge<"stream">;
  /** Sources of the sandbox's pending deliveries (one per sandbox in this process), summed at a scrape. */
  readonly deliveryQueues: Set<() => Promise<number>>;
  readonly pools: Set<PoolSource>;
  /** Unresolved alerts by state and pending alert messages, read at a scrape (one source per runtime). */
  readonly alertSources: Set<() => Promise<AlertCounts>>;
}

export interface AlertCounts {
  open: number;
  acknowledged: number;
  pendingDeliveries: number;
}

/** Latency buckets in seconds: 5 ms to 10 s (a payment-service attempt times out at 10 s by default). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The method as a label: the standard ones, anything else "OTHER" (a client may send any token). */
export function methodLabel(method: string): string {
  const upper = method.toUpperCase();
  return METHODS.has(upper) ? upper : "OTHER";
}

function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const deliveryQueues = new Set<() => Promise<number>>();
  const pools = new Set<PoolSource>();
  const alertSources = new Set<() => Promise<AlertCounts>>();
  const alertCounts = () =>
    Promise.all([...alertSources].map((read) => read().catch(() => null))).then((all) =>
      all.filter((c): c is AlertCounts => c !== null),
    );
  new Gauge({
    name: "payorders_alerts_open",
    help: "Alerts not resolved, by state (open, acknowledged)",
    labelNames: ["state"] as const,
    registers,
    async collect() {
      this.reset();
      for (const c of await alertCounts()) {
        this.inc({ state: "open" }, c.open);
        this.inc({ state: "acknowledged" }, c.acknowledged);
      }
    },
  });
  new Gauge({
    name: "payorders_alert_deliveries_pending",
    help: "Alert messages waiting to be sent or retried",
    registers,
    async collect() {
      this.set((await alertCounts()).reduce((n, c) => n + c.pendingDeliveries, 0));
    },
  });
  new Gauge({
    name: "payorders_sandbox_callback_deliveries_pending",
    help: "Sandbox callback deliveries waiting to be delivered or retried",
    registers,
    async collect() {
      const counts = await Promise.all([...deliveryQueues].map((count) => count().catch(() => 0)));
      this.set(counts.reduce((a, b) => a + b, 0));
    },
  });
  new Gauge({
    name: "payorders_db_connections",
    help: "Database connections by state: a PostgreSQL pool's total, idle and waiting; PGlite's statements running or queued (busy)",
    labelNames: ["database", "state"] as const,
    registers,
    collect() {
      this.reset();
      for (const pool of pools)
        for (const [state, n] of Object.entries(pool.read())) this.inc({ database: pool.kind, state }, n);
    },
  });
  return {
    registry,
    httpDuration: new Histogram({
      name: "http_request_duration_seconds",
      help: "HTTP requests answered, by route pattern, method and status: latency until the response ended",
      labelNames: ["service", "method", "route", "status"] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    httpRequests: new Counter({
      name: "http_requests_total",
      help: "HTTP requests answered, by route pattern, method and status",
      labelNames: ["service", "method", "route", "status"] as const,
      registers,
    }),
    callbackOutcomes: new Counter({
      name: "payorders_callbacks_received_total",
      help: "Callbacks posted to the dashboard's receiver (/api/postback), by outcome",
      labelNames: ["outcome"] as const,
      registers,
    }),
    paymentApiDuration: new Histogram({
      name: "payorders_payment_api_attempt_duration_seconds",
      help: "Attempts of calls to the payment service, by kind of call and outcome (2xx, 4xx, 5xx, timeout, network)",
      labelNames: ["kind", "outcome"] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    paymentApiErrors: new Counter({
      name: "payorders_payment_api_errors_total",
      help: "Failed attempts of calls to the payment service: timeout, network, or an error status (4xx, 5xx)",
      labelNames: ["kind", "error"] as const,
      registers,
    }),
    eventStreamsOpen: new Gauge({
      name: "payorders_event_streams_open",
      help: "Live status streams (Server-Sent Events) open now",
      labelNames: ["stream"] as const,
      registers,
    }),
    deliveryQueues,
    pools,
    alertSources,
  };
}

/** The process's metrics, made on first use. */
export function metrics(): Metrics {
  return processSlot<Metrics>("metrics").getOrSet(createMetrics);
}

/** Records one answered HTTP request (`route`: the pattern it matched, never the raw path). */
export function observeHttp(
  service: "dashboard" | "sandbox",
  method: string,
  route: string,
  status: number,
  seconds: number,
): void {
  const m = metrics();
  const labels = { service, method: methodLabel(method), route, status: String(status) };
  m.httpDuration.observe(labels, seconds);
  m.httpRequests.inc(labels);
}

/** The outcome label of one payment-service attempt. */
export function attemptOutcome(status: number | null, errorKind: string | null): string {
  if (status === null) return errorKind === "timeout" ? "timeout" : "network";
  return `${Math.floor(status / 100)}xx`;
}
