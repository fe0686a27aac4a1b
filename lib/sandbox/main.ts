/**
 * `npm run sandbox`: the sandbox payment service on its own (env in lib/sandbox/config.ts,
 * docs/configuration.md), its logger installed first and its tracing started when an OTLP endpoint is set.
 */
import { createLogger, installLogger, log, wantsPrettyLogs } from "@/lib/observability/logger";
import { loadSandboxConfig, SandboxConfigError } from "./config";
import { startSandbox } from "./server";
import { startupMessage } from "./startup-message";

async function main(): Promise<void> {
  // The one place the sandbox reads its environment: everything below gets its settings from `config`.
  const config = loadSandboxConfig(process.env);
  installLogger(
    createLogger({
      name: "sandbox",
      level: config.logLevel,
      pretty: wantsPrettyLogs(process.env.NODE_ENV, config.logPretty),
    }),
  );
  // Before anything handles a request: its spans need the SDK registered (loaded only when configured).
  const tracing = config.tracing
    ? (await import("@/lib/observability/tracing-sdk")).startTracing(config.tracing)
    : undefined;
  const sandbox = await startSandbox({
    port: config.port,
    host: config.host,
    database: config.database,
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
  });
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
}

main().catch((error) => {
  console.error(error instanceof SandboxConfigError ? error.message : error);
  process.exit(1);
});
