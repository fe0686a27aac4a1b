/**
 * The test runner's verdict on a vitest step whose worker process died (scripts/test.mjs). A death fails the
 * step, unless it is V8's known abort in its JIT-page registry under PGlite's WebAssembly (nodejs/node#64500)
 * and nothing else went wrong: then the files that worker was running may be run once more, alone.
 * Pure, so it is unit-tested (lib/testing/worker-deaths.test.ts).
 */

/** How vitest's pool reports a worker process that died under it (a signal, a V8 fatal error). */
export const WORKER_DIED = /\[vitest-pool\]: Worker \w+ emitted error|Worker exited unexpectedly/;
/** V8's abort in its JIT-page registry, as it prints it on stderr: the one known cause. */
export const KNOWN_V8_ABORT = /Check failed: jit_page|jit_page_->allocations_|ThreadIsolation/;

/**
 * The files to run again, or [] when the step's verdict stands.
 * @param {{ ok: boolean, rerun: boolean, failedTests: number, errors: { name: string, message?: string, testFile?: string }[], stderr: string }} step
 *   `rerun`: this run is already a rerun; `errors`: what scripts/vitest-unhandled-reporter.mjs recorded
 *   ("Unfinished" for a file whose worker died).
 */
export function filesToRunAgain({ ok, rerun, failedTests, errors, stderr }) {
  const died = errors.filter((e) => e.name === "Unfinished" && e.testFile).map((e) => e.testFile);
  const onlyKnownDeaths =
    !ok &&
    !rerun &&
    died.length > 0 &&
    failedTests === 0 &&
    errors.every((e) => e.name === "Unfinished" || WORKER_DIED.test(e.message ?? "")) &&
    KNOWN_V8_ABORT.test(stderr);
  return onlyKnownDeaths ? died : [];
}
