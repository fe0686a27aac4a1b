import { describe, expect, it } from "vitest";
import { filesToRunAgain } from "@/scripts/worker-deaths.mjs";

const died = { name: "Unfinished", testFile: "/repo/lib/a.int.test.ts" };
const poolError = { name: "Error", message: "[vitest-pool]: Worker forks emitted error" };
const v8Abort =
  "#\n# Fatal error in , line 0\n# Check failed: jit_page.has_value().\n#\n 2: 0x2684403 V8_Fatal";

describe("the test runner's verdict on a dead worker", () => {
  it("V8's known JIT-page abort and nothing else: the file runs again", () => {
    expect(
      filesToRunAgain({
        ok: false,
        rerun: false,
        failedTests: 0,
        errors: [died, poolError],
        stderr: v8Abort,
      }),
    ).toEqual(["/repo/lib/a.int.test.ts"]);
  });

  it.each([
    ["a death of unknown cause (a plain SIGSEGV)", { stderr: "Segmentation fault (core dumped)" }],
    ["a failed test beside it", { failedTests: 1 }],
    [
      "another unhandled error beside it",
      { errors: [died, { name: "TypeError", message: "x is undefined" }] },
    ],
    ["a death during a rerun", { rerun: true }],
  ])("%s: the step fails, nothing runs again", (_, change) => {
    const step = { ok: false, rerun: false, failedTests: 0, errors: [died, poolError], stderr: v8Abort };
    expect(filesToRunAgain({ ...step, ...change })).toEqual([]);
  });

  it("a step that passed is left alone", () => {
    expect(filesToRunAgain({ ok: true, rerun: false, failedTests: 0, errors: [], stderr: "" })).toEqual([]);
  });
});
