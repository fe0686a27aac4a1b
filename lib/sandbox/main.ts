/**
 * `npm run sandbox [-- flags]`: the sandbox payment service on its own (env in lib/sandbox/config.ts,
 * docs/configuration.md; each variable also a flag, start-flags.ts). The packaged `payorders-sandbox` starts
 * it the same way (bin.ts).
 */
import { prewarmPgliteThread } from "../database/pglite-thread";

// PGlite's worker loads while this thread loads the server (imported after it; a database by URL discards it).
prewarmPgliteThread();
import("./start")
  .then(({ startFromCommandLine }) => startFromCommandLine(process.argv.slice(2), "npm run sandbox --"))
  .then(
    (code) => {
      if (code !== undefined) process.exit(code);
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
