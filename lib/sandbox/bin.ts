/**
 * `payorders-sandbox`, the packaged sandbox's one command (scripts/pack.mjs compiles this file): with no verb,
 * `start`, or only flags it starts the sandbox (start.ts, flags as in start-flags.ts); with a verb of the
 * command line (`trigger`, `create`, `clock`, `runs`, `requests`, `callbacks`, `check-receiver`) it runs that
 * (cli/run.ts). Each path loads only what it needs.
 */
import { fileURLToPath } from "node:url";
import { prewarmPgliteThread } from "../database/pglite-thread";
import { PGLITE_TEMPLATE_FILE } from "./pglite-template-file";

const PROGRAM = "payorders-sandbox";
const CLI_VERBS = new Set(["trigger", "create", "clock", "runs", "requests", "callbacks", "check-receiver"]);

async function main(argv: string[]): Promise<number | undefined> {
  const [first, ...rest] = argv;
  if (first === "--version" || first === "-v") {
    console.log(process.env.PAYORDERS_SANDBOX_VERSION ?? "unknown");
    return 0;
  }
  if (first === "--help" || first === "-h" || first === "help") {
    const [{ startUsage }, { USAGE }] = await Promise.all([import("./start-flags"), import("./cli/run")]);
    console.log(`${startUsage(PROGRAM, true)}\n\n${USAGE.replaceAll("sandbox-cli", PROGRAM)}`);
    return 0;
  }
  if (first !== undefined && CLI_VERBS.has(first)) {
    const { run } = await import("./cli/run");
    return run(argv, {
      stdout: (text) => process.stdout.write(text),
      stderr: (text) => process.stderr.write(text),
      env: process.env,
      program: PROGRAM,
    });
  }
  if (first !== undefined && first !== "start" && !first.startsWith("-")) {
    console.error(`unknown verb "${first}" (${PROGRAM} --help)`);
    return 2;
  }
  // The server runs PGlite: on a Node.js whose V8 can abort under it, in a child started with the guarding flag.
  const { rerunWithPgliteSafeFlag } = await import("./pglite-safe-rerun");
  const rerun = await rerunWithPgliteSafeFlag();
  if (rerun !== null) return rerun;
  // PGlite's worker loads while this thread loads the server (a database by URL discards it).
  prewarmPgliteThread();
  const { startFromCommandLine } = await import("./start");
  // Beside the compiled bin.ts in the package (scripts/pack.mjs); absent in the repository: no template.
  const template = fileURLToPath(new URL(PGLITE_TEMPLATE_FILE, import.meta.url));
  return startFromCommandLine(first === "start" ? rest : argv, PROGRAM, true, template);
}

main(process.argv.slice(2)).then(
  (code) => {
    // The CLI's verbs end when their work is done; the server stays up (undefined).
    if (code !== undefined) process.exitCode = code;
  },
  (error) => {
    console.error(error);
    process.exitCode = 1;
  },
);
