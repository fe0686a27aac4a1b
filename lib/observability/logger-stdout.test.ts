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

  test("an info line is written within the flush interval while the process goes on; a warning at once", async () => {
    const script = `import { createLogger } from "./lib/observability/logger.ts";
const log = createLogger({ level: "info" });
log.info("waiting");
process.stdin.once("data", () => {
  log.warn("at once");
  // This thread stops for 20 s: no timer can flush; only a write started by the warning itself gets out.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20_000);
});
process.stdin.resume();`;
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
    const seen = (msg: string) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!messages(out).includes(msg)) return;
          waiting.delete(check);
          resolve();
        };
        waiting.add(check);
        check();
      });
    try {
      await seen("waiting"); // by the interval's flush: the process neither ended nor wrote 4 KB
      child.stdin.write("go\n");
      const blocked = new Promise((_, reject) =>
        setTimeout(
          () => reject(new Error("the warning was not written while its process was blocked")),
          10_000,
        ),
      );
      await Promise.race([seen("at once"), blocked]);
      expect(messages(out)).toEqual(["waiting", "at once"]);
    } finally {
      child.kill("SIGKILL");
    }
  }, 40_000);
});
