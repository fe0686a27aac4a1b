/**
 * The logger's stdout is buffered (lib/observability/logger.ts, stdoutDestination): what a process logged
 * must still be written when it ends, by exiting or by running out of work, and a warning at once.
 */
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

function runLogging(body: string) {
  const script = `import { createLogger } from "./lib/observability/logger.ts";\nconst log = createLogger({ level: "info" });\n${body}`;
  return spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: root,
    encoding: "utf8",
    timeout: 30_000,
  });
}

const messages = (stdout: string) =>
  stdout
    .split("\n")
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { msg: string }).msg);

describe("the logger's stdout", () => {
  test("lines buffered when the process runs out of work are written", () => {
    const run = runLogging(`log.info("first"); log.info("second");`);
    expect(run.status).toBe(0);
    expect(messages(run.stdout)).toEqual(["first", "second"]);
  });

  test("lines buffered when the process calls process.exit are written", () => {
    const run = runLogging(`log.info("before exit"); process.exit(3);`);
    expect(run.status).toBe(3);
    expect(messages(run.stdout)).toEqual(["before exit"]);
  });

  test("a burst of warnings while a write is in flight leaves no listener waiting and fsyncs nothing", () => {
    // pino's own flush() passes sonic-boom a callback: it then waits for the write in flight with a "drain" and
    // an "error" listener each, and fsyncs stdout when it ends (Node warned of a leak at eleven).
    const run = runLogging(`import fs from "node:fs";
import pino from "pino";
let fsyncs = 0;
const fsync = fs.fsync;
fs.fsync = (...args) => { fsyncs += 1; return fsync(...args); };
const stream = log[pino.symbols.streamSym];
const listeners = () => ({ drain: stream.listenerCount("drain"), error: stream.listenerCount("error") });
const before = listeners();
log.info("x".repeat(5000)); // over the buffer's 4 KB: its write starts now and is in flight
for (let i = 0; i < 20; i++) log.warn("burst " + i);
const after = listeners();
setTimeout(() => process.stderr.write(JSON.stringify({ before, after, fsyncs }) + "\\n"), 200);`);
    expect(run.status).toBe(0);
    expect(messages(run.stdout)).toHaveLength(21);
    const { before, after, fsyncs } = JSON.parse(run.stderr.trim().split("\n").at(-1) ?? "{}");
    expect(after).toEqual(before);
    expect(fsyncs).toBe(0);
  });

  /** Runs `script` in a child process; `seen(msg)` resolves once a line with that message is on its stdout. */
  function watchLogging(script: string) {
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: root,
      stdio: ["pipe", "pipe", "inherit"],
    });
    let out = "";
    const waiting = new Set<() => void>();
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
      for (const check of waiting) check();
    });
    const seen = (msg: string, what: string) => {
      let timer: NodeJS.Timeout | undefined;
      const line = new Promise<void>((resolve) => {
        const check = () => {
          if (!messages(out).includes(msg)) return;
          waiting.delete(check);
          resolve();
        };
        waiting.add(check);
        check();
      });
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: "${msg}" not written within 10 s`)), 10_000);
      });
      return Promise.race([line, late]).finally(() => clearTimeout(timer));
    };
    return { child, seen, messages: () => messages(out) };
  }

  test("an info line is written within the flush interval while the process goes on", async () => {
    const { child, seen } = watchLogging(`import { createLogger } from "./lib/observability/logger.ts";
createLogger({ level: "info" }).info("waiting");
process.stdin.resume();`);
    try {
      await seen("waiting", "by the interval's flush: the process neither ended nor wrote 4 KB");
    } finally {
      child.kill("SIGKILL");
    }
  }, 40_000);

  test("a warning is written at once, also when it comes while a write is in flight", async () => {
    // The interval is an hour and nothing fills the buffer or ends the process: only the warning's own flush writes.
    const { child, seen, messages } =
      watchLogging(`import { createLogger } from "./lib/observability/logger.ts";
const log = createLogger({ level: "info", flushEveryMs: 3_600_000 });
log.info("buffered");
let step = 0;
process.stdin.on("data", () => {
  step += 1;
  if (step === 1) log.warn("alone");
  else {
    log.info("x".repeat(5000)); // over the buffer's 4 KB: its write starts now and is in flight ...
    log.warn("during a write"); // ... when this warning asks for a flush
  }
});`);
    try {
      child.stdin.write("1\n");
      await seen("alone", "a warning with nothing in flight");
      expect(messages()).toEqual(["buffered", "alone"]);
      child.stdin.write("2\n");
      await seen("during a write", "a warning logged while a write was in flight");
      expect(messages()).toEqual(["buffered", "alone", "x".repeat(5000), "during a write"]);
    } finally {
      child.kill("SIGKILL");
    }
  }, 40_000);
});
