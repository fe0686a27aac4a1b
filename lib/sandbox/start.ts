/**
 * Starting the sandbox from a command line (`npm run sandbox`, the packaged `payorders-sandbox`): its
 * environment and flags (start-flags.ts) read once, the logger installed, its tracing started when an OTLP
 * endpoint is set, the server started, and stopped on SIGINT/SIGTERM.
 */
import { type Database, openDatabase } from "@/lib/database";
import { createLogger, installLogger, log, processLogStyle } from "@/lib/observability/logger";
import { loadSandboxConfig, SandboxConfigError } from "./config";
import type { RunningSandbox } from "./server";
import { parseStartFlags, StartFlagError, startUsage } from "./start-flags";
import { startupMessage } from "./startup-message";

/**
 * Starts the sandbox from `argv` (flags) and the process environment. Resolves to an exit code when it
 * should not go on (`--help`: 0, a bad flag or setting: 2 or 1, with the message printed), to undefined
 * once it is serving. `pgliteTemplate`: the packaged sandbox's template a new PGlite folder is created from
 * (lib/database/pglite-template.ts); `npm run sandbox` has none.
 */
export async function startFromCommandLine(
  argv: readonly string[],
  program: string,
  verbs = false,
  pgliteTemplate?: string,
): Promise<number | undefined> {
  let flags: Record<string, string>;
  try {
    const parsed = parseStartFlags(argv);
    if (parsed.help) {
      console.log(startUsage(program, verbs));
      return 0;
    }
    flags = parsed.env;
  } catch (error) {
    if (!(error instanceof StartFlagError)) throw error;
    console.error(`${error.message}\n${startUsage(program, verbs)}`);
    return 2;
  }
  let config: ReturnType<typeof loadSandboxConfig>;
  try {
    // The one place the sandbox reads its environment: everything below gets its settings from `config`.
    config = loadSandboxConfig({ ...process.env, ...flags });
  } catch (error) {
    if (!(error instanceof SandboxConfigError)) throw error;
    console.error(error.message);
    return 1;
  }
  installLogger(
    createLogger({
      name: "sandbox",
      ...processLogStyle({
        nodeEnv: process.env.NODE_ENV,
        logPretty: config.logPretty,
        logLevel: config.logLevel,
      }),
    }),
  );
  // Before anything handles a request: its spans need the SDK registered (loaded only when configured).
  const tracing = config.tracing
    ? (await import("@/lib/observability/tracing-sdk")).startTracing(config.tracing)
    : undefined;
  // The database opens (on PGlite, PostgreSQL starts on its worker thread) while this thread loads the server:
  // server.ts and what it imports are a dynamic import for that reason.
  const opening = openDatabase(
    pgliteTemplate && "dataDir" in config.database
      ? { ...config.database, template: pgliteTemplate }
      : config.database,
  );
  let db: Database;
  let sandbox: RunningSandbox;
  try {
    const [opened, { startSandbox }] = await Promise.all([opening, import("./server")]);
    db = opened;
    sandbox = await startSandbox({ port: config.port, host: config.host, database: db, ...settings(config) });
  } catch (error) {
    await opening.then(
      (opened) => opened.close(),
      () => {},
    );
    throw error;
  }
  const store =
    "url" in config.database
      ? "PostgreSQL"
      : `PGlite in ${"dataDir" in config.database ? config.database.dataDir : "memory"}`;
  // A line for people (and for the scripts that wait for it), not a log entry.
  console.log(
    startupMessage({ url: sandbox.url, accounts: config.accounts, accountsFile: config.accountsFile, store }),
  );
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log().info({ signal }, "sandbox: shutting down");
    sandbox
      .close()
      .then(() => db.close())
      // The spans still batched are sent before the process ends.
      .then(() => tracing?.shutdown())
      .then(
        () => process.exit(0),
        (error) => {
          log().error({ err: error }, "sandbox: shutdown failed");
          process.exit(1);
        },
      );
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  return undefined;
}

/** The sandbox's settings from its configuration: all but where it listens and its database. */
function settings(config: ReturnType<typeof loadSandboxConfig>) {
  return {
    accounts: config.accounts,
    expiryMinutes: config.expiryMinutes,
    callbackRetrySchedule: config.callbackRetrySchedule,
    callbackMaxAttempts: config.callbackMaxAttempts,
    rateLimit: config.rateLimitPerMinute,
    authFailureLimit: config.authFailuresPerMinute,
    runIdleMinutes: config.runIdleMinutes,
    amountLimits: config.amountLimits,
    detailsPool: config.detailsPool,
    metricsToken: config.metricsToken,
  };
}
