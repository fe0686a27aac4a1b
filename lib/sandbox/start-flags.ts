/**
 * The sandbox's start flags (`npx payorders-sandbox --port 4010 --database-url postgres://…`, or
 * `npm run sandbox -- --port 0`): one flag per environment variable of lib/sandbox/config.ts, named after it
 * (`SANDBOX_RUN_IDLE_MINUTES` → `--run-idle-minutes`, `METRICS_TOKEN` → `--metrics-token`), with the same
 * meaning and checks: a flag is its variable, set for this start (a flag wins over the environment).
 * `DATA_DIR` (shared with the dashboard) has no flag of its own: `--data-dir` is `SANDBOX_DATA_DIR`.
 */
import { sandboxEnvObject } from "./config";

export interface StartFlag {
  flag: string;
  variable: string;
  description: string;
  /** The default as docs/configuration.md shows it, when there is one to show. */
  defaultText?: string;
}

/** Variables that are no flag: DATA_DIR is the dashboard's too (its sandbox folder is --data-dir). */
const NOT_FLAGS = new Set(["DATA_DIR"]);

/** Descriptions of the variables documented with the dashboard (lib/env.ts), for `--help`. */
const SHARED_DESCRIPTIONS: Record<string, string> = {
  METRICS_TOKEN: "Bearer token of GET /metrics (≥ 16 characters); unset: /metrics answers 404",
  LOG_LEVEL:
    "Least level logged: fatal, error, warn, info, debug, trace or silent (default: warn for human-readable lines at a terminal, else info)",
  LOG_PRETTY:
    "1: human-readable logs (needs the pino-pretty package installed), 0: JSON lines (default: human-readable at a terminal where pino-pretty is installed)",
  OTEL_EXPORTER_OTLP_ENDPOINT:
    "OTLP/HTTP collector (http://collector:4318); spans go to its /v1/traces; unset: no traces",
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT:
    "The OTLP traces URL itself, used as it is (wins over the endpoint above)",
  OTEL_SERVICE_NAME: "service.name of the sandbox's spans (default payorders-sandbox)",
  OTEL_TRACES_SAMPLER:
    "Which traces are recorded: parentbased_always_on (default), parentbased_traceidratio, always_on, always_off, traceidratio, parentbased_always_off",
  OTEL_TRACES_SAMPLER_ARG: "The share of traces the …traceidratio samplers record, 0–1 (default 1)",
  OTEL_BSP_SCHEDULE_DELAY: "How long (ms) ended spans wait to be sent together (default 5000)",
};

/** `SANDBOX_RUN_IDLE_MINUTES` → `--run-idle-minutes`. */
export function flagOf(variable: string): string {
  return `--${variable
    .replace(/^SANDBOX_/, "")
    .toLowerCase()
    .replaceAll("_", "-")}`;
}

export const START_FLAGS: readonly StartFlag[] = Object.entries(sandboxEnvObject.shape)
  .filter(([variable]) => !NOT_FLAGS.has(variable))
  .map(([variable, schema]) => {
    const meta = (schema.meta() ?? {}) as { description?: string; docDefault?: string };
    const description = meta.description ?? SHARED_DESCRIPTIONS[variable] ?? "";
    return {
      flag: flagOf(variable),
      variable,
      description,
      ...(meta.docDefault ? { defaultText: meta.docDefault.replaceAll("`", "") } : {}),
    };
  });

export class StartFlagError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StartFlagError";
  }
}

export type StartArgs = { help: true } | { help: false; env: Record<string, string> };

/**
 * Reads `--flag value` and `--flag=value` into the variables they stand for; `--help`/`-h` asks for the
 * usage. Unknown flags, a flag without its value and stray words are errors naming them.
 */
export function parseStartFlags(argv: readonly string[]): StartArgs {
  const byFlag = new Map(START_FLAGS.map((f) => [f.flag, f]));
  const env: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--help" || arg === "-h") return { help: true };
    if (!arg.startsWith("--")) throw new StartFlagError(`unexpected argument "${arg}"`);
    const eq = arg.indexOf("=");
    const name = eq < 0 ? arg : arg.slice(0, eq);
    const flag = byFlag.get(name);
    if (!flag) throw new StartFlagError(`unknown flag ${name}`);
    let value: string | undefined;
    if (eq >= 0) value = arg.slice(eq + 1);
    else {
      value = argv[i + 1];
      if (value === undefined || value.startsWith("--"))
        throw new StartFlagError(`${name} needs a value (${flag.variable})`);
      i++;
    }
    env[flag.variable] = value;
  }
  return { help: false, env };
}

/**
 * The usage of the start: every flag with its variable, meaning and default; `verbs` when the same program
 * also runs the command line's verbs (the package's bin.ts).
 */
export function startUsage(program: string, verbs = false): string {
  const width = Math.max(...START_FLAGS.map((f) => f.flag.length)) + 8;
  const lines = START_FLAGS.map((f) => {
    const head = `  ${f.flag} <value>`.padEnd(width + 2);
    const tail = `${f.description}${f.defaultText ? ` (default ${f.defaultText})` : ""} [${f.variable}]`;
    return `${head} ${tail}`;
  });
  return [
    `usage: ${program}${verbs ? " [start]" : ""} [flags]   starts the sandbox payment service (PGlite in a folder unless --database-url)`,
    ...(verbs ? [`       ${program} <verb> …          the test controls and check-receiver (below)`] : []),
    "",
    "flags (each is the environment variable in brackets; a flag wins over the environment):",
    ...lines,
    "",
    'GET /healthz answers {"ok":true} once it is ready; SIGINT or SIGTERM stops it.',
  ].join("\n");
}
