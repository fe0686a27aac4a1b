/**
 * A vitest reporter for scripts/test.mjs: writes the run's unhandled errors (which fail a run though every
 * test passed, and which vitest's JSON report leaves out) to the file named by VITEST_UNHANDLED_FILE, so the
 * runner can repeat them in its closing "Failed tests" block.
 *
 * A worker that dies (a signal, a native crash) shows up only as "[vitest-pool]: Worker forks emitted error"
 * with no file, and the JSON report lists that file's tests as "pending". The test files that started and
 * never ended are the ones it was running, so each is written as an error of its own.
 */
import { writeFileSync } from "node:fs";

export default class UnhandledErrorsReporter {
  /** The files still running. */
  running = new Set();

  onTestModuleStart(testModule) {
    this.running.add(testModule.moduleId);
  }

  onTestModuleEnd(testModule) {
    this.running.delete(testModule.moduleId);
  }

  onTestRunEnd(_testModules, unhandledErrors) {
    const file = process.env.VITEST_UNHANDLED_FILE;
    if (!file) return;
    const errors = (unhandledErrors ?? []).map((e) => ({
      name: e?.name ?? "Error",
      message: String(e?.message ?? e),
      stack: String(e?.stack ?? "").slice(0, 2_000),
      testFile: e?.testPath ?? e?.VITEST_TEST_PATH ?? null,
      test: e?.VITEST_TEST_NAME ?? null,
    }));
    for (const moduleId of this.running)
      errors.push({
        name: "Unfinished",
        message:
          "this test file started and never finished: its worker died while running it (none of its tests is counted)",
        stack: "",
        testFile: moduleId,
        test: null,
      });
    writeFileSync(file, JSON.stringify(errors, null, 2));
  }
}
