import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { knownAbortReruns, runWorker } from "@/bench/dashboard-support";

/**
 * A bench child that dies `deaths` times (how it dies is `death`), then succeeds; counts its runs in a file.
 * Real child processes: the verdict rests on the exit signal and the stderr the bench runner saw.
 */
function flakyChild(deaths: number, death: string): { file: string; runs: () => number } {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-worker-"));
  const counter = path.join(dir, "runs");
  writeFileSync(counter, "0");
  const file = path.join(dir, "child.mjs");
  writeFileSync(
    file,
    `import { readFileSync, writeFileSync } from "node:fs";
const runs = Number(readFileSync(${JSON.stringify(counter)}, "utf8")) + 1;
writeFileSync(${JSON.stringify(counter)}, String(runs));
if (runs <= ${deaths}) { ${death} }`,
  );
  return { file, runs: () => Number(readFileSync(counter, "utf8")) };
}

const v8Abort = `process.stderr.write("#\\n# Fatal error in , line 0\\n# Check failed: jit_page_->allocations_.erase(addr) == 1.\\n#\\n", () => process.kill(process.pid, "SIGTRAP")); await new Promise(() => {});`;

describe("a bench child that dies", () => {
  // The children's stderr (the abort's text) is passed on to ours: kept out of the test step's stderr, where the
  // test runner looks for that text to judge a dead test worker (scripts/worker-deaths.mjs).
  beforeAll(() => {
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
  });
  afterAll(() => vi.restoreAllMocks());

  it("of V8's known JIT-page abort: runs once more, and the part passes when that run does", async () => {
    const child = flakyChild(1, v8Abort);
    await runWorker(child.file);
    expect(child.runs()).toBe(2);
    expect(knownAbortReruns.at(-1)).toContain(`${child.file} died of V8's known JIT-page abort`);
    expect(knownAbortReruns.at(-1)).toContain("run again: passed");
  });

  it("of the abort twice: the part fails after the one rerun", async () => {
    const child = flakyChild(2, v8Abort);
    await expect(runWorker(child.file)).rejects.toThrow(/exited with SIGTRAP, run again after V8's known/);
    expect(child.runs()).toBe(2);
  });

  it.each([
    [
      "a plain exit code, the abort's text on stderr",
      `process.stderr.write("Check failed: jit_page", () => process.exit(1)); await new Promise(() => {});`,
      /exited with 1$/,
    ],
    [
      "a signal without the abort's text",
      `process.kill(process.pid, "SIGKILL"); await new Promise(() => {});`,
      /exited with SIGKILL$/,
    ],
  ])("of %s: fails the part at once", async (_, death, message) => {
    const child = flakyChild(1, death);
    await expect(runWorker(child.file)).rejects.toThrow(message);
    expect(child.runs()).toBe(1);
  });
});
