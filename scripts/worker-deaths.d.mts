/** Types of scripts/worker-deaths.mjs for its unit test. */
export declare const WORKER_DIED: RegExp;
export declare const KNOWN_V8_ABORT: RegExp;
export declare function filesToRunAgain(step: {
  ok: boolean;
  rerun: boolean;
  failedTests: number;
  errors: { name: string; message?: string; testFile?: string }[];
  stderr: string;
}): string[];
