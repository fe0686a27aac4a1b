/**
 * The process's logger (pino): one JSON object a line, at LOG_LEVEL, each line of a request with its
 * `requestId` (lib/observability/request-id.ts), and each line written inside a traced span with that
 * span's `trace_id` and `span_id` (OpenTelemetry's names for them in logs; lib/observability/tracing.ts). Pretty (pino-pretty, as a
 * transport) for a person: at a terminal, in development, or with LOG_PRETTY=1 (logStyle). What must never reach a log is removed before a line is written:
 * the paths in REDACTED_KEYS at any of the first three levels of a logged object, and card numbers (digit
 * runs passing Luhn) in messages (masked as the contract masks a card: first six, last four).
 *
 * Held in a process slot: the dashboard installs its configured logger in instrumentation.ts, the sandbox in
 * lib/sandbox/main.ts; until then (tests, scripts) a default one writes to stdout.
 * No `import "server-only"`: the sandbox uses it too.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { isLuhnValid } from "@/lib/contract/checksums";
import pino, { type DestinationStream, type Logger, type LoggerOptions } from "pino";
import { processSlot } from "@/lib/process-slot";
import { currentRequestId } from "./request-id";
import { activeSpanIds } from "./tracing";

export type { Logger };

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Keys whose values are secrets or card data, wherever they appear in a logged object (first 3 levels). */
export const REDACTED_KEYS = [
  "authorization",
  "cookie",
  "set-cookie",
  "x-signature",
  "webhook-signature",
  "signature",
  "secret",
  "previousSecret",
  "nextSecret",
  "password",
  "token",
  "accessToken",
  "refreshToken",
  "apiKey",
  "pan",
  "cardNumber",
  "card_number",
  "cvv",
  "cvc",
  "totp",
];

/** pino redact paths: each key at the top, one and two levels down ("a.key", "a.b.key"). */
export function redactPaths(keys: readonly string[] = REDACTED_KEYS): string[] {
  const quoted = keys.map((k) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : `["${k}"]`));
  const at = (prefix: string) => quoted.map((k) => (k.startsWith("[") ? `${prefix}${k}` : `${prefix}.${k}`));
  return [...quoted, ...at("*"), ...at("*.*")];
}

/** 13–19 digits, optionally grouped by spaces or dashes: a card number's shape. */
const PAN_LIKE = /\b\d(?:[ -]?\d){12,18}\b/g;

/** `text` with every card-number-like run (13–19 digits passing Luhn) masked to its first six and last four. */
export function maskCardNumbers(text: string): string {
  return text.replace(PAN_LIKE, (run) => {
    const digits = run.replace(/\D/g, "");
    if (!isLuhnValid(digits)) return run;
    return `${digits.slice(0, 6)}${"*".repeat(digits.length - 10)}${digits.slice(-4)}`;
  });
}

export interface LoggerSettings {
  level?: LogLevel;
  pretty?: boolean;
  /** Name on every line ("dashboard", "sandbox"). */
  name?: string;
  /** Where lines go (tests); default stdout, or pino-pretty's transport when `pretty`. */
  destination?: DestinationStream;
  /** How often stdout's buffer is written at the latest; default FLUSH_EVERY_MS (tests set it long). */
  flushEveryMs?: number;
}

export function loggerOptions(settings: LoggerSettings = {}): LoggerOptions {
  return {
    level: settings.level ?? "info",
    ...(settings.name ? { name: settings.name } : {}),
    redact: { paths: redactPaths(), censor: "[redacted]" },
    mixin() {
      const requestId = currentRequestId();
      const ids = activeSpanIds();
      if (ids === undefined) return requestId === undefined ? {} : { requestId };
      const { traceId, spanId } = ids;
      return requestId === undefined
        ? { trace_id: traceId, span_id: spanId }
        : { requestId, trace_id: traceId, span_id: spanId };
    },
    hooks: {
      logMethod(args, method, level) {
        method.apply(
          this,
          args.map((a) => (typeof a === "string" ? maskCardNumbers(a) : a)) as Parameters<typeof method>,
        );
        // A warning or worse is written at once, not left in stdout's buffer (stdoutDestination). Through the
        // stream's own flush, without a callback: pino's `flush()` passes one, for which sonic-boom adds a
        // listener that waits for the write in flight and then fsyncs stdout — one of each per warning.
        if (level >= WRITE_AT_ONCE_FROM) streamOf(this)?.flush?.();
      },
    },
    formatters: {
      // The level as its name ("info"), which log stores index better than pino's number.
      level: (label) => ({ level: label }),
    },
    serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
}

/** The stream a pino logger writes to (pino keeps it under a symbol). */
const streamOf = (logger: unknown) =>
  (logger as Record<symbol, { flush?: () => void } | undefined>)[pino.symbols.streamSym];

/** pino's level number of `warn`: lines at it and above are flushed as they are written. */
const WRITE_AT_ONCE_FROM = 40;
/** stdout's buffer: written when it holds this much, or every FLUSH_EVERY_MS, whichever comes first. */
const BUFFER_BYTES = 4096;
const FLUSH_EVERY_MS = 1000;

/**
 * stdout, buffered: a write a line cost the callback receiver about 2 % of its CPU (one `fs.write` and its
 * callback each), one write per 4 KB costs next to nothing. An `info` line waits at most a second; a
 * warning or an error is flushed at once, and pino flushes the rest when the process exits (not on SIGKILL:
 * at most the last second's `info` lines are lost then).
 */
function stdoutDestination(flushEveryMs = FLUSH_EVERY_MS): DestinationStream {
  const destination = pino.destination({ dest: 1, sync: false, minLength: BUFFER_BYTES });
  const flushBuffered = destination.flush.bind(destination);
  // sonic-boom's flush does nothing while a write is in flight, and when that write ends it writes what
  // came meanwhile only if it fills the buffer: a warning logged then would wait for the interval. So a
  // flush asked for (a warning's) is asked again when the write in flight has ended ("drain"). With nothing
  // in flight, that second flush finds the buffer empty and costs one empty write: once a warning, not a line.
  let flushAgainOnDrain = false;
  destination.on("drain", () => {
    if (!flushAgainOnDrain) return;
    flushAgainOnDrain = false;
    flushBuffered();
  });
  destination.flush = (done?: (err?: Error) => void) => {
    flushAgainOnDrain = true;
    flushBuffered(done);
  };
  const timer = setInterval(() => {
    try {
      flushBuffered();
    } catch {
      clearInterval(timer); // ended (the process is exiting): nothing more to flush
    }
  }, flushEveryMs);
  timer.unref();
  return destination;
}

export function createLogger(settings: LoggerSettings = {}): Logger {
  const options = loggerOptions(settings);
  if (settings.destination) return pino(options, settings.destination);
  if (settings.pretty)
    return pino({
      ...options,
      formatters: {},
      transport: { target: "pino-pretty", options: { colorize: true, translateTime: "SYS:HH:MM:ss.l" } },
    });
  return pino(options, stdoutDestination(settings.flushEveryMs));
}

/** What decides how a process logs: its environment, and whether a person or a machine reads its stdout. */
export interface LogStyleInput {
  nodeEnv: string | undefined;
  /** LOG_PRETTY: "1" pretty, "0" JSON, unset: decided below. */
  logPretty: string | undefined;
  /** LOG_LEVEL; unset: decided below. */
  logLevel: LogLevel | undefined;
  /** process.stdout.isTTY: a person runs it in a terminal (`npm start`), not a service manager or a pipe. */
  stdoutIsTerminal: boolean;
  /** Whether pino-pretty can be loaded (the packaged sandbox has it only as an optional peer). */
  prettyInstalled: boolean;
}

/**
 * Pretty lines when LOG_PRETTY=1, or unset in development or at a terminal (where pino-pretty is installed);
 * JSON otherwise. At a terminal outside development the default level is `warn`: a line a request at `info`
 * scrolled the first start's printed-once admin password out of sight. JSON stays at `info`.
 */
export function logStyle(s: LogStyleInput): { pretty: boolean; level: LogLevel } {
  const pretty =
    s.logPretty === "1" ||
    (s.logPretty !== "0" && (s.nodeEnv === "development" || (s.stdoutIsTerminal && s.prettyInstalled)));
  const quiet = pretty && s.stdoutIsTerminal && s.nodeEnv !== "development";
  return { pretty, level: s.logLevel ?? (quiet ? "warn" : "info") };
}

/** Whether pino-pretty resolves from where the process runs (its transport loads it by name). */
export function prettyInstalled(): boolean {
  try {
    createRequire(path.join(process.cwd(), "package.json")).resolve("pino-pretty");
    return true;
  } catch {
    return false;
  }
}

/** logStyle for this process: its stdout and its installed packages. */
export function processLogStyle(env: Pick<LogStyleInput, "nodeEnv" | "logPretty" | "logLevel">) {
  return logStyle({
    ...env,
    stdoutIsTerminal: process.stdout.isTTY === true,
    prettyInstalled: prettyInstalled(),
  });
}

const held = processSlot<Logger>("logger");

/**
 * The process's logger. Until one is installed: `info`, or `warn` under a test runner (NODE_ENV=test), so a
 * test's output holds what went wrong rather than a line a request.
 */
export function log(): Logger {
  return held.getOrSet(() => createLogger({ level: process.env.NODE_ENV === "test" ? "warn" : "info" }));
}

/** Makes `logger` the process's logger (at start, from the validated environment). */
export function installLogger(logger: Logger): void {
  held.set(logger);
}

const unredacted = new WeakMap<Logger, Logger>();

/**
 * The process's logger without redaction, for lines whose fields are all our own and never secret (each
 * request's line: its id, method, route pattern, status, duration). Redaction walks every logged object for
 * 60 paths, wildcards included: on the callback receiver's line a request it cost more CPU than tracing
 * (bench/dashboard-observability.ts). Anything holding input, headers or errors goes through log().
 */
export function logOwnFields(): Logger {
  const logger = log();
  let child = unredacted.get(logger);
  if (!child) {
    child = logger.child({}, { redact: [] });
    unredacted.set(logger, child);
  }
  return child;
}
