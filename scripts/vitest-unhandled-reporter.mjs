/**
 * A vitest reporter for scripts/test.mjs: writes the run's unhandled errors (which fail a run though every
 * test passed, and which vitest's JSON report leaves out) to the file named by VITEST_UNHANDLED_FILE, so the
 * runner can repeat them in its closing "Failed tests" block.
 */
import { writeFileSync } from "node:fs";

export default class UnhandledErrorsReporter {
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
    writeFileSync(file, JSON.stringify(errors, null, 2));
  }
}
