/**
 * The dashboard's environment, validated with zod: parsed once, when the process's runtime starts
 * (lib/runtime.ts), and handed from there to whatever needs a setting. Each variable's `.meta` is its row in
 * docs/configuration.md (`npm run docs:config` writes the tables, lib/config-docs.ts): `description`, and
 * `docDefault` where the schema's own default does not say it; `docTable` when not the main table.
 * .env.example lists the same variables.
 */
import "server-only";
import { z } from "zod";
import { parseTrustedProxyList } from "@/lib/auth/trusted-proxies";
import { observabilityEnvFields } from "@/lib/observability/env";

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

/** Credentials the embedded sandbox accepts by default (lib/sandbox/config.ts uses the same defaults). */
export const SANDBOX_DEFAULT_CLIENT_ID = "sandbox-merchant";
export const SANDBOX_DEFAULT_CLIENT_SECRET = "sandbox-secret";
export const SANDBOX_DEFAULT_PORT = 4010;

/** A logo the customer's browser loads: https (a pay page is served over TLS) or a path on this dashboard. */
const logoUrl = z
  .string()
  .refine((v) => (v.startsWith("/") && !v.startsWith("//")) || /^https:\/\/[^/\s]+/i.test(v), {
    message: "Must be an https:// URL or a path on this dashboard starting with /",
  })
  .refine((v) => !/[\s"'()\\]/.test(v), {
    message: "Must not contain spaces, quotes, brackets or backslashes",
  });

/** Metrics, logs and traces: the same variables for the sandbox (lib/sandbox/config.ts reads them undocumented). */
function observabilityFields() {
  const f = observabilityEnvFields();
  return {
    METRICS_TOKEN: f.METRICS_TOKEN.meta({
      description:
        "Bearer token of `GET /metrics` on the dashboard and the sandbox (≥ 16 characters); unset: `/metrics` answers 404 ([Metrics](operations.md#metrics))",
    }),
    LOG_LEVEL: f.LOG_LEVEL.meta({
      description:
        "Least level logged by the dashboard and the sandbox: `fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent` ([Logs](operations.md#logs))",
      docDefault: "`warn` for pretty lines at a terminal, else `info`",
    }),
    LOG_PRETTY: f.LOG_PRETTY.meta({
      description:
        "`1`: log lines for people (pino-pretty) instead of JSON; `0`: JSON even at a terminal or in development ([Logs](operations.md#logs))",
      docDefault: "`1` when stdout is a terminal or in development, else `0`",
    }),
    OTEL_EXPORTER_OTLP_ENDPOINT: f.OTEL_EXPORTER_OTLP_ENDPOINT.meta({
      description:
        "OTLP/HTTP collector (`http://collector:4318`): traces of the dashboard and the sandbox are posted to its `/v1/traces`. Unset (and the next one unset): tracing is off ([Traces](operations.md#traces))",
      docTable: "observability",
    }),
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: f.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT.meta({
      description: "The traces URL itself, used as it is (wins over `OTEL_EXPORTER_OTLP_ENDPOINT`)",
      docTable: "observability",
    }),
    OTEL_SERVICE_NAME: f.OTEL_SERVICE_NAME.meta({
      description:
        "`service.name` of the process's spans. `npm start` does not pass it to the embedded sandbox",
      docDefault: "`payorders-dashboard`, `payorders-sandbox`",
      docTable: "observability",
    }),
    OTEL_TRACES_SAMPLER: f.OTEL_TRACES_SAMPLER.meta({
      description:
        "Which traces are recorded: `parentbased_always_on` (all, and the sandbox follows the dashboard's choice), `parentbased_traceidratio` (a share, see the next one), `always_on`, `always_off`, `traceidratio`, `parentbased_always_off`",
      docTable: "observability",
    }),
    OTEL_TRACES_SAMPLER_ARG: f.OTEL_TRACES_SAMPLER_ARG.meta({
      description: "The share of traces the `…traceidratio` samplers record, 0–1",
      docDefault: "`1`",
      docTable: "observability",
    }),
    OTEL_BSP_SCHEDULE_DELAY: f.OTEL_BSP_SCHEDULE_DELAY.meta({
      description: "How long (ms) ended spans wait to be sent together",
      docTable: "observability",
    }),
  };
}

/** The dashboard's `service.name` in traces unless OTEL_SERVICE_NAME says otherwise. */
export const DASHBOARD_SERVICE_NAME = "payorders-dashboard";

/** The dashboard's variables, each documented; refined and completed by `schema` below. */
export const dashboardEnvObject = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development").meta({
    description:
      "`production` for `npm start` behind TLS (session cookies become Secure); set by Next.js itself in dev and build",
  }),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000).meta({ description: "Dashboard port" }),
  PUBLIC_BASE_URL: optionalString.pipe(z.url().optional()).meta({
    description:
      "Public origin of the dashboard: customer links and the `postbackUrl` sent with every order are built from it. Must be reachable by the payment service for callbacks",
    docDefault: "`http://localhost:$PORT`",
  }),
  PAYMENT_API_BASE_URL: optionalString.pipe(z.url().optional()).meta({
    description: "Base URL of the payment service (without `/api/v1`)",
    docDefault: "— (embedded sandbox)",
  }),
  PAYMENT_API_CLIENT_ID: optionalString.meta({
    description: "Merchant account id, sent as `X-Client-Id`. Required with `PAYMENT_API_BASE_URL`",
    docDefault: `\`${SANDBOX_DEFAULT_CLIENT_ID}\``,
  }),
  PAYMENT_API_SECRET: optionalString.meta({
    description:
      "Signing secret for `X-Signature`; also verifies callbacks. Required with `PAYMENT_API_BASE_URL`",
    docDefault: `\`${SANDBOX_DEFAULT_CLIENT_SECRET}\``,
  }),
  PAYMENT_API_PREVIOUS_SECRET: optionalString.meta({
    description:
      "During a secret rotation: the old secret, with which callbacks still verify until it is removed ([Rotating the secret](operations.md#rotating-the-secret))",
  }),
  PAYMENT_API_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000).meta({
    description:
      "Per-attempt timeout; timeouts, network errors and 5xx are retried with the same `paymentId`",
  }),
  ORDER_RESUME_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000).meta({
    description:
      'How often each instance looks for orders a crash left "Submitting" and resends them (also at start, and as soon as one\'s in-flight window ends); see below',
  }),
  PAYMENT_API_IS_SANDBOX: optionalString.pipe(z.enum(["true", "false"]).optional()).meta({
    description:
      "`true` when `PAYMENT_API_BASE_URL` points at a sandbox: shows the sandbox banner and the mark paid / fail / expire controls",
    docDefault: "`false`",
  }),
  // Documented with the sandbox (lib/sandbox/config.ts): the dashboard reads it to find the embedded one.
  SANDBOX_PORT: z.coerce.number().int().min(1).max(65535).default(SANDBOX_DEFAULT_PORT),
  DATABASE_URL: optionalString.meta({
    description: "PostgreSQL URL of the dashboard's database; needed to run several dashboard instances",
    docDefault: "— (PGlite)",
  }),
  PG_POOL_MAX: optionalString
    .pipe(z.coerce.number<string | undefined>().int().min(1).max(1000).default(10))
    .meta({
      description:
        "Connections of this instance's PostgreSQL pool (with `DATABASE_URL`), plus one it keeps for listening",
    }),
  DATA_DIR: optionalString
    .transform((v) => v ?? ".data")
    .meta({ description: "Folder of the embedded databases (`dashboard/`, `sandbox/`)" }),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()).meta({
    description: "First admin, created when there are no users yet",
    docDefault: "— (generated, printed)",
  }),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(12, "Must be at least 12 characters").optional()).meta({
    description: "The first admin's password, ≥ 12 characters",
    docDefault: "— (generated, printed)",
  }),
  SECOND_FACTOR_KEY: optionalString
    .refine((v) => v === undefined || /^([0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/.test(v), {
      message: "Must be 32 bytes: 64 hex digits or base64 (openssl rand -hex 32)",
    })
    .meta({
      description:
        "Key (32 bytes: `openssl rand -hex 32`) that encrypts authenticator-app seeds at rest (AES-256-GCM). Unset: generated once into `$DATA_DIR/second-factor.key`. Instances sharing a `DATABASE_URL` must share it; losing it means everyone sets up their authenticator app again",
      docDefault: "— (generated into the data folder)",
    }),
  POSTBACK_UNVERIFIED_RETENTION_HOURS: optionalString
    .pipe(z.coerce.number<string | undefined>().int().min(1).max(8760).default(72))
    .meta({
      description: "Hours a post that failed verification is kept (in the bounded form above); 1–8760",
      docTable: "receiver",
      docDefault: "`72`",
    }),
  TRUSTED_PROXY_HOPS: z.coerce.number<string | undefined>().int().min(0).max(10).optional().meta({
    description:
      "Reverse proxies in front of the dashboard that append to `X-Forwarded-For` (0–10). `0`: the client address is the TCP peer, whatever headers say. See below",
    docDefault: "`0`",
  }),
  TRUSTED_PROXIES: optionalString
    .transform((v, ctx) => {
      const list = v ? parseTrustedProxyList(v) : [];
      if (typeof list === "string") {
        ctx.addIssue({ code: "custom", message: list });
        return z.NEVER;
      }
      return list;
    })
    .meta({
      description:
        "Instead of a hop count: the proxies' addresses or CIDR ranges, comma-separated (`10.0.0.0/8, ::1`). Not together with `TRUSTED_PROXY_HOPS`",
    }),
  MERCHANT_DISPLAY_NAME: optionalString.pipe(z.string().max(60, "At most 60 characters").optional()).meta({
    description:
      'Whom the customer pays, as the pay page names it ("Payment to Acme Store"), at most 60 characters. Unset: the page says "Payment" with the order reference only',
  }),
  MERCHANT_LOGO_URL: optionalString.pipe(logoUrl.optional()).meta({
    description:
      "Your logo beside that name on the pay page: an `https://` URL or a path on this dashboard (`/brand/logo.png`); shown at 40×40 px",
  }),
  ALERT_EVALUATION_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(15_000).meta({
    description:
      "How often each instance evaluates the alert rules and sends due alert messages ([Alerts](operations.md#alerts)); 100–600000",
  }),
  ALERT_RETRY_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000).meta({
    description:
      "First retry delay of an alert message a channel did not accept, doubled per attempt (at most an hour, 8 attempts)",
  }),
  SMTP_URL: optionalString
    .refine((v) => v === undefined || /^smtps?:\/\/[^/\s]+/i.test(v), {
      message: "Must be an smtp:// or smtps:// URL (smtp://user:password@mail.example.com:587)",
    })
    .meta({
      description:
        "Mail server of the alert e-mails: `smtp://user:password@host:587` (STARTTLS when offered) or `smtps://…:465`. Unset: e-mail channels fail with that reason",
    }),
  ALERT_EMAIL_FROM: optionalString.meta({
    description: "Sender of the alert e-mails (`Payments <alerts@example.com>`)",
    docDefault: "`alerts@` + the host of `PUBLIC_BASE_URL`",
  }),
  ...observabilityFields(),
  NEXT_DIST_DIR: optionalString.meta({
    description: "Build output folder, read by next.config.ts (lets parallel builds coexist)",
    docDefault: "`.next`",
  }),
});

const schema = dashboardEnvObject
  .superRefine((e, ctx) => {
    if (e.TRUSTED_PROXY_HOPS !== undefined && e.TRUSTED_PROXIES.length > 0)
      ctx.addIssue({
        code: "custom",
        path: ["TRUSTED_PROXIES"],
        message: "Set either TRUSTED_PROXIES or TRUSTED_PROXY_HOPS, not both",
      });
    if (e.PAYMENT_API_BASE_URL && e.PAYMENT_API_IS_SANDBOX !== "true") {
      for (const key of ["PAYMENT_API_CLIENT_ID", "PAYMENT_API_SECRET"] as const) {
        if (!e[key])
          ctx.addIssue({ code: "custom", path: [key], message: "Required when PAYMENT_API_BASE_URL is set" });
      }
    }
    if (e.PAYMENT_API_PREVIOUS_SECRET && e.PAYMENT_API_PREVIOUS_SECRET === e.PAYMENT_API_SECRET)
      ctx.addIssue({
        code: "custom",
        path: ["PAYMENT_API_PREVIOUS_SECRET"],
        message: "Must differ from PAYMENT_API_SECRET (it is the secret rotated from)",
      });
  })
  .transform((e) => {
    const usesSandbox = !e.PAYMENT_API_BASE_URL || e.PAYMENT_API_IS_SANDBOX === "true";
    return {
      ...e,
      PUBLIC_BASE_URL: e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`,
      PAYMENT_API_BASE_URL: e.PAYMENT_API_BASE_URL ?? `http://127.0.0.1:${e.SANDBOX_PORT}`,
      PAYMENT_API_CLIENT_ID: e.PAYMENT_API_CLIENT_ID ?? SANDBOX_DEFAULT_CLIENT_ID,
      PAYMENT_API_SECRET: e.PAYMENT_API_SECRET ?? SANDBOX_DEFAULT_CLIENT_SECRET,
      /** True when the payment service is a sandbox: the banner shows and test controls are offered. */
      usesSandbox,
      TRUSTED_PROXY_HOPS: e.TRUSTED_PROXY_HOPS ?? 0,
      ALERT_EMAIL_FROM:
        e.ALERT_EMAIL_FROM ?? `alerts@${new URL(e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).hostname}`,
    };
  });

export type Env = z.infer<typeof schema>;

/** Validates an environment; throws one error naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment:\n${lines}`);
  }
  return parsed.data;
}
