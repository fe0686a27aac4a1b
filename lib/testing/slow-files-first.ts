/**
 * The test files' order: vitest's own (the longest first by the last run's durations, which a clean clone — CI —
 * has not, so there it falls back to the largest file first), except that the files listed here, measured the
 * longest on the integration steps (the slowest files `npm test` prints), start before all others. Without
 * this, on a clean clone the longest (batch-crash, 35 s, a small file) started last and one worker ran it
 * alone while the other had nothing left to do.
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Longest first; paths from the repository's root. */
export const SLOW_FILES = [
  "lib/sandbox/package.int.test.ts",
  "lib/batches/batch-crash.int.test.ts",
  "lib/sandbox/crash.int.test.ts",
  "lib/batches/sender-pacing.int.test.ts",
  "lib/orders/resume-crash.int.test.ts",
  "lib/auth/sign-in.fuzz.int.test.ts",
  "lib/postback/postback.fuzz.int.test.ts",
  "lib/database/pglite-memory-template.int.test.ts",
  "lib/testing/database.int.test.ts",
  "lib/database/pglite-maintenance.int.test.ts",
];

export class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const listed = (file: TestSpecification) => {
      const i = SLOW_FILES.indexOf(file.moduleId.slice(root.length + 1));
      return i < 0 ? SLOW_FILES.length : i;
    };
    // Stable: within a project, the listed files first, the rest in vitest's order; projects (and their groups)
    // stay in the order vitest gave them.
    const projects = [...new Set(sorted.map((file) => file.project))];
    const key = new Map(
      sorted.map((file, i) => [file, [projects.indexOf(file.project), listed(file), i] as const]),
    );
    return [...sorted].sort((a, b) => {
      const [ka, kb] = [key.get(a) ?? [0, 0, 0], key.get(b) ?? [0, 0, 0]];
      return ka[0] - kb[0] || ka[1] - kb[1] || ka[2] - kb[2];
    });
  }
}
