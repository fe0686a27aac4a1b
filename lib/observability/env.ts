/**
 * The variables of metrics, logs and traces, read by both processes with the same meaning: the dashboard's
 * schema (lib/env.ts) documents them, the sandbox's (lib/sandbox/config.ts) reads the same fields. The OTEL_*
 * ones are OpenTelemetry's own names (its SDK environment specification), so a collector's usual setup
 * works as is; `tracingSettings` turns them into a process's TracingSettings, or undefined when no endpoint
 * is configured (tracing off).
 */
import { z } from "zod";
import { LOG_LEVELS } from "./logger";

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

const httpUrl = z.url({ protocol: /^https?$/, error: "Must be an http(s) URL" });

/** OTEL_TRACES_SAMPLER's values this code knows (the specification's, without the Jaeger remote one). */
export const TRACE_SAMPLERS = [
  "always_on",
  "always_off",
  "traceidratio",
  "parentbased_always_on",
  "parentbased_always_off",
  "parentbased_traceidratio",
] as const;
export type TraceSamplerName = (typeof TRACE_SAMPLERS)[number];

export const observabilityEnvFields = () => ({
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, "Must be at least 16 characters").optional()),
  LOG_LEVEL: optionalString.pipe(z.enum(LOG_LEVELS).optional()),
  LOG_PRETTY: optionalString.pipe(z.enum(["0", "1"]).optional()),
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalString.pipe(httpUrl.optional()),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optionalString.pipe(httpUrl.optional()),
  OTEL_SERVICE_NAME: optionalString.pipe(z.string().max(200, "At most 200 characters").optional()),
  OTEL_TRACES_SAMPLER: optionalString.pipe(z.enum(TRACE_SAMPLERS).default("parentbased_always_on")),
  OTEL_TRACES_SAMPLER_ARG: optionalString.pipe(
    z.coerce.number<string | undefined>().min(0).max(1).optional(),
  ),
  OTEL_BSP_SCHEDULE_DELAY: optionalString.pipe(
    z.coerce.number<string | undefined>().int().min(1).max(600_000).default(5_000),
  ),
});

/** The parsed values of the tracing variables. */
export interface TracingEnv {
  OTEL_EXPORTER_OTLP_ENDPOINT?: string | undefined;
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string | undefined;
  OTEL_SERVICE_NAME?: string | undefined;
  OTEL_TRACES_SAMPLER: TraceSamplerName;
  OTEL_TRACES_SAMPLER_ARG?: number | undefined;
  OTEL_BSP_SCHEDULE_DELAY: number;
}

/** What tracing-sdk.ts starts a process's tracing with. */
export interface TracingSettings {
  /** Where spans are posted (OTLP/HTTP, JSON): the full URL, `/v1/traces` included. */
  url: string;
  /** The `service.name` of every span of this process. */
  serviceName: string;
  sampler: TraceSamplerName;
  /** The ratio of the traceidratio samplers (default 1). */
  samplerRatio: number;
  /** How long ended spans wait to be sent in a batch, in ms. */
  scheduledDelayMillis: number;
}

/**
 * The settings of a process whose `service.name` is `defaultServiceName` unless OTEL_SERVICE_NAME names
 * it; undefined when neither endpoint variable is set. As the specification says: the traces endpoint is
 * used as it is, the general one gets `/v1/traces` appended.
 */
export function tracingSettings(env: TracingEnv, defaultServiceName: string): TracingSettings | undefined {
  const url =
    env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
    (env.OTEL_EXPORTER_OTLP_ENDPOINT
      ? `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, "")}/v1/traces`
      : undefined);
  if (!url) return undefined;
  return {
    url,
    serviceName: env.OTEL_SERVICE_NAME ?? defaultServiceName,
    sampler: env.OTEL_TRACES_SAMPLER,
    samplerRatio: env.OTEL_TRACES_SAMPLER_ARG ?? 1,
    scheduledDelayMillis: env.OTEL_BSP_SCHEDULE_DELAY,
  };
}
