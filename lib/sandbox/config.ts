/**
 * The sandbox's environment (npm run sandbox), validated once with zod. The dashboard's lib/env.ts holds
 * the same default credentials (SANDBOX_DEFAULT_*); a unit test keeps the two equal.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import {
  amount,
  PAYIN_METHODS,
  PAYOUT_METHODS,
  requiredError,
  sandboxChaosSchema,
  toMinorUnits,
} from "@/lib/contract";
import type { DatabaseConfig } from "@/lib/database";
import {
  type DetailsPool,
  poolCardSchema,
  poolListSchema,
  poolPixReceiverSchema,
  poolSbpPayeeSchema,
} from "./details/pool";
import { observabilityEnvFields, type TracingSettings, tracingSettings } from "@/lib/observability/env";
import type { LogLevel } from "@/lib/observability/logger";
import {
  DEFAULT_EXPIRY_MINUTES,
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  DEFAULT_AUTH_FAILURES_PER_MINUTE,
  DEFAULT_RETRY_SCHEDULE,
  DEFAULT_RUN_IDLE_MINUTES,
  type MerchantAccount,
  type PartialAmountLimits,
} from "./options";

export const SANDBOX_DEFAULT_CLIENT_ID = "sandbox-merchant";
export const SANDBOX_DEFAULT_CLIENT_SECRET = "sandbox-secret";
export const SANDBOX_DEFAULT_PORT = 4010;

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

const accountsFileSchema = z
  .array(
    z
      .object({
        clientId: z.string().trim().min(1, "Must not be empty"),
        secret: z.string().min(8, "Must be at least 8 characters"),
        nextSecret: z.string().min(8, "Must be at least 8 characters").optional(),
        /** Callback chaos for every order of the account that does not pick its own (X-Sandbox-Chaos). */
        chaos: sandboxChaosSchema.optional(),
      })
      .refine((a) => a.nextSecret !== a.secret, {
        path: ["nextSecret"],
        message: "Must differ from secret (it is the secret being rotated to)",
      }),
  )
  .min(1, "Must list at least one account");

/** Refuses unknown keys, naming them and the keys allowed (a typo must not be silently ignored). */
const strict = <T extends z.core.$ZodLooseShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `unknown key${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => `"${k}"`).join(", ")} (allowed: ${Object.keys(shape).join(", ")})`
        : issue.input === undefined
          ? "Required: an object"
          : "Must be an object",
  });

const DECIMAL_AMOUNT = /^(0|[1-9]\d*)(\.\d{1,2})?$/;

/**
 * An amount in major units, as a decimal string ("500000.00") or a JSON number, read into minor units the
 * way the contract reads request amounts (no floating-point arithmetic: toMinorUnits works on the digits).
 */
const majorAmount = z
  .union(
    [z.number(), z.string()],
    requiredError('an amount: a decimal string (e.g. "500000.00") or a number'),
  )
  .refine(
    (v) => typeof v === "number" || DECIMAL_AMOUNT.test(v),
    'Must be a decimal amount with at most two decimals (e.g. "500000.00" or "10")',
  )
  .transform(Number)
  .pipe(amount)
  .transform(toMinorUnits);

const amountLimitSchema = strict({ min: majorAmount, max: majorAmount }).refine((l) => l.min <= l.max, {
  message: "min must not be greater than max",
  // Only when both parsed: otherwise their own issues say what is wrong.
  when: (payload) => payload.issues.length === 0,
});

const limitsOf = <M extends string>(methods: readonly M[]) =>
  strict(
    Object.fromEntries(methods.map((m) => [m, amountLimitSchema.optional()])) as Record<
      M,
      z.ZodOptional<typeof amountLimitSchema>
    >,
  );

/** SANDBOX_CONFIG_FILE: SandboxOptions.amountLimits and .detailsPool; every key optional. */
export const sandboxConfigFileSchema = strict({
  amountLimits: strict({
    payin: limitsOf(PAYIN_METHODS).optional(),
    payout: limitsOf(PAYOUT_METHODS).optional(),
  }).optional(),
  detailsPool: strict({
    cards: poolListSchema(strict(poolCardSchema.shape)).optional(),
    sbpPayees: poolListSchema(strict(poolSbpPayeeSchema.shape)).optional(),
    pixReceivers: poolListSchema(strict(poolPixReceiverSchema.shape)).optional(),
  }).optional(),
});

export interface SandboxConfigFile {
  amountLimits?: PartialAmountLimits;
  detailsPool?: Partial<DetailsPool>;
}

const retrySchedule = z
  .string()
  .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, "Must be comma-separated milliseconds, e.g. 1000,5000,30000")
  .transform((v) => v.split(",").map((s) => Number(s.trim())));

/** The sandbox's variables; each `.meta` is its row in docs/configuration.md (lib/config-docs.ts). */
export const sandboxEnvObject = z.object({
  SANDBOX_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(SANDBOX_DEFAULT_PORT)
    .meta({ description: "Port (the dashboard reads it too, to find the embedded sandbox)" }),
  SANDBOX_HOST: optionalString
    .transform((v) => v ?? "127.0.0.1")
    .meta({ description: "Interface (`0.0.0.0` to serve a QA network)" }),
  SANDBOX_CLIENT_ID: optionalString
    .transform((v) => v ?? SANDBOX_DEFAULT_CLIENT_ID)
    .meta({ description: "The merchant account it accepts: its id (`X-Client-Id`)" }),
  SANDBOX_CLIENT_SECRET: optionalString
    .transform((v) => v ?? SANDBOX_DEFAULT_CLIENT_SECRET)
    .meta({ description: "That account's signing secret" }),
  /** A second secret of that account while it is rotated (see MerchantAccount.nextSecret). */
  SANDBOX_CLIENT_NEXT_SECRET: optionalString
    .pipe(z.string().min(8, "Must be at least 8 characters").optional())
    .meta({ description: "A second secret of that account while it is rotated (either signs)" }),
  SANDBOX_ACCOUNTS_FILE: optionalString.meta({
    description:
      'JSON file of more accounts: `[{"clientId":"qa-2","secret":"≥ 8 chars"}]`, each with an optional `"nextSecret"` and `"chaos"` (callback chaos for its orders)',
  }),
  SANDBOX_CONFIG_FILE: optionalString.meta({
    description: "JSON file of per-method amount limits and the payment-details pool",
  }),
  SANDBOX_DATABASE_URL: optionalString
    .pipe(z.url("Must be a postgres:// URL").optional())
    .meta({ description: "PostgreSQL URL of the sandbox's own database", docDefault: "— (PGlite)" }),
  // Documented with the dashboard (lib/env.ts): the same token, log and trace settings for both processes.
  ...observabilityEnvFields(),
  // Documented with the dashboard (lib/env.ts): one folder for both embedded databases.
  DATA_DIR: optionalString.transform((v) => v ?? ".data"),
  SANDBOX_DATA_DIR: optionalString.meta({ description: "PGlite folder", docDefault: "`$DATA_DIR/sandbox`" }),
  SANDBOX_EXPIRY_MINUTES: optionalString
    .pipe(z.coerce.number<string | undefined>().positive().max(10_080).optional())
    .meta({
      description: "Lifetime of pay-in payment details (`expiresAt`)",
      docDefault: `\`${DEFAULT_EXPIRY_MINUTES}\``,
    }),
  SANDBOX_CALLBACK_RETRY_SCHEDULE: optionalString.pipe(retrySchedule.optional()).meta({
    description: "Delays (ms) before callback retries",
    docDefault: `\`${DEFAULT_RETRY_SCHEDULE.join(",")}\``,
  }),
  SANDBOX_CALLBACK_MAX_ATTEMPTS: optionalString
    .pipe(z.coerce.number<string | undefined>().int().min(1).max(100).optional())
    .meta({ description: "Delivery attempts per callback", docDefault: "schedule length + 1" }),
  /** How long a QA run (POST /sandbox/runs) may stay unused before it is removed with its orders. */
  SANDBOX_RUN_IDLE_MINUTES: optionalString
    .pipe(z.coerce.number<string | undefined>().positive().max(43_200).optional())
    .meta({
      description:
        "How long a QA run (`POST /sandbox/runs`) may stay unused before it is removed with its orders",
      docDefault: `\`${DEFAULT_RUN_IDLE_MINUTES}\``,
    }),
  /** 0 turns the rate limit off (load tests). */
  SANDBOX_RATE_LIMIT_PER_MINUTE: optionalString
    .pipe(z.coerce.number<string | undefined>().int().min(0).optional())
    .meta({
      description: "Requests per minute per client id (`0` = off)",
      docDefault: `\`${DEFAULT_RATE_LIMIT_PER_MINUTE}\``,
    }),
  /** Failed sign-ins per minute per client id and address (five times as many per address); 0 turns it off. */
  SANDBOX_AUTH_FAILURE_LIMIT: optionalString
    .pipe(z.coerce.number<string | undefined>().int().min(0).optional())
    .meta({
      description:
        "Wrong signatures or operator-page passwords per minute for one client id from one address (five times as many per address) before 429 (`0` = off)",
      docDefault: `\`${DEFAULT_AUTH_FAILURES_PER_MINUTE}\``,
    }),
});

export const sandboxEnvSchema = sandboxEnvObject.refine(
  (e) => e.SANDBOX_CLIENT_NEXT_SECRET !== e.SANDBOX_CLIENT_SECRET,
  {
    path: ["SANDBOX_CLIENT_NEXT_SECRET"],
    message: "Must differ from SANDBOX_CLIENT_SECRET (it is the secret being rotated to)",
  },
);

export interface SandboxEnvConfig {
  port: number;
  host: string;
  /** The first from SANDBOX_CLIENT_ID / SANDBOX_CLIENT_SECRET, then those of `accountsFile`. */
  accounts: MerchantAccount[];
  accountsFile?: string;
  database: DatabaseConfig;
  expiryMinutes?: number;
  callbackRetrySchedule?: number[];
  callbackMaxAttempts?: number;
  rateLimitPerMinute?: number;
  authFailuresPerMinute?: number;
  runIdleMinutes?: number;
  /** From SANDBOX_CONFIG_FILE; unset when the file does not set them. */
  amountLimits?: PartialAmountLimits;
  detailsPool?: Partial<DetailsPool>;
  metricsToken?: string;
  /** LOG_LEVEL; unset: `warn` for pretty lines at a terminal, else `info` (logStyle). */
  logLevel?: LogLevel;
  /** LOG_PRETTY: "1" pretty, "0" JSON, unset: pretty in development or at a terminal (logStyle). */
  logPretty?: "0" | "1";
  /** From the OTEL_* variables; unset: no OTLP endpoint, tracing off. */
  tracing?: TracingSettings;
}

/** The sandbox's `service.name` in traces unless OTEL_SERVICE_NAME says otherwise. */
export const SANDBOX_SERVICE_NAME = "payorders-sandbox";

export class SandboxConfigError extends Error {}

/**
 * Validates the sandbox's environment (`source`: process.env and the start flags, read once by lib/sandbox/start.ts at start) and
 * reads the files it names; throws SandboxConfigError listing every bad variable.
 */
export function loadSandboxConfig(source: Record<string, string | undefined>): SandboxEnvConfig {
  const parsed = sandboxEnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new SandboxConfigError(`Invalid sandbox environment:\n${lines}`);
  }
  const e = parsed.data;
  const accounts: MerchantAccount[] = [
    {
      clientId: e.SANDBOX_CLIENT_ID,
      secret: e.SANDBOX_CLIENT_SECRET,
      ...(e.SANDBOX_CLIENT_NEXT_SECRET ? { nextSecret: e.SANDBOX_CLIENT_NEXT_SECRET } : {}),
    },
  ];
  if (e.SANDBOX_ACCOUNTS_FILE) accounts.push(...readAccountsFile(e.SANDBOX_ACCOUNTS_FILE));
  const file = e.SANDBOX_CONFIG_FILE ? readConfigFile(e.SANDBOX_CONFIG_FILE) : {};
  return {
    port: e.SANDBOX_PORT,
    host: e.SANDBOX_HOST,
    accounts,
    accountsFile: e.SANDBOX_ACCOUNTS_FILE,
    database: e.SANDBOX_DATABASE_URL
      ? { url: e.SANDBOX_DATABASE_URL }
      : { dataDir: path.resolve(e.SANDBOX_DATA_DIR ?? path.join(e.DATA_DIR, "sandbox")) },
    expiryMinutes: e.SANDBOX_EXPIRY_MINUTES,
    callbackRetrySchedule: e.SANDBOX_CALLBACK_RETRY_SCHEDULE,
    callbackMaxAttempts: e.SANDBOX_CALLBACK_MAX_ATTEMPTS,
    rateLimitPerMinute: e.SANDBOX_RATE_LIMIT_PER_MINUTE,
    authFailuresPerMinute: e.SANDBOX_AUTH_FAILURE_LIMIT,
    runIdleMinutes: e.SANDBOX_RUN_IDLE_MINUTES,
    amountLimits: file.amountLimits,
    detailsPool: file.detailsPool,
    metricsToken: e.METRICS_TOKEN,
    logLevel: e.LOG_LEVEL,
    logPretty: e.LOG_PRETTY,
    tracing: tracingSettings(e, SANDBOX_SERVICE_NAME),
  };
}

function readAccountsFile(file: string): MerchantAccount[] {
  return readJsonFile("SANDBOX_ACCOUNTS_FILE", file, accountsFileSchema, 'expected [{"clientId","secret"}]');
}

/** Reads SANDBOX_CONFIG_FILE; throws SandboxConfigError naming the file and every failing path. */
export function readConfigFile(file: string): SandboxConfigFile {
  return readJsonFile("SANDBOX_CONFIG_FILE", file, sandboxConfigFileSchema, "invalid sandbox configuration");
}

/** A JSON file named by `variable`, checked against `schema`; SandboxConfigError names every failing path. */
function readJsonFile<T>(variable: string, file: string, schema: z.ZodType<T>, problem: string): T {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new SandboxConfigError(`${variable}: cannot read ${file} as JSON (${String(error)})`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const lines = parsed.error.issues
      .map((i) => `  ${i.path.length > 0 ? i.path.map(String).join(".") : "(top level)"}: ${i.message}`)
      .join("\n");
    throw new SandboxConfigError(`${variable} ${file}: ${problem}:\n${lines}`);
  }
  return parsed.data;
}
