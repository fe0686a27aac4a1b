/**
 * How openPgliteThread waits for its worker to open the database (whenWorkerOpened), with real worker threads
 * standing in for PGlite's: every way the wait can end, including a thread that ends without a word.
 */
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { whenWorkerOpened } from "./pglite-thread";

/** A worker thread running `source` (CommonJS), and a promise of its exit code from the start. */
function workerOf(source: string): { worker: Worker; exited: Promise<number> } {
  const worker = new Worker(`const { parentPort } = require("node:worker_threads");\n${source}`, {
    eval: true,
  });
  return { worker, exited: new Promise((resolve) => worker.once("exit", resolve)) };
}

describe("waiting for the PGlite worker to open its database", () => {
  it("resolves when it answers ready, with why it did not use the template", async () => {
    const { worker, exited } = workerOf(
      `parentPort.postMessage({ ready: true, templateError: "made by PGlite 0.2" });`,
    );
    await expect(whenWorkerOpened(worker, exited)).resolves.toEqual({ templateError: "made by PGlite 0.2" });
    await worker.terminate();
  });

  it("rejects with the worker's own error when it answers that it could not open", async () => {
    const { worker, exited } = workerOf(
      `parentPort.postMessage({ ready: false, error: { message: "could not open the data folder", code: "ENOENT" } });`,
    );
    await expect(whenWorkerOpened(worker, exited)).rejects.toThrow("could not open the data folder");
    await worker.terminate();
  });

  it("rejects when the worker throws", async () => {
    const { worker, exited } = workerOf(`throw new Error("the WebAssembly failed to compile");`);
    await expect(whenWorkerOpened(worker, exited)).rejects.toThrow("the WebAssembly failed to compile");
  });

  it("rejects, instead of waiting for ever, when the worker ends without a word", async () => {
    const { worker, exited } = workerOf(`setTimeout(() => process.exit(7), 50);`);
    await expect(whenWorkerOpened(worker, exited)).rejects.toThrow(
      "the PGlite worker exited (7) before it opened the database",
    );
  });

  it("rejects when the worker had already ended before the wait began (a prewarmed worker that died)", async () => {
    const { worker, exited } = workerOf(`process.exit(3);`);
    await exited;
    await expect(whenWorkerOpened(worker, exited)).rejects.toThrow("the PGlite worker exited (3)");
  });
});
