/**
 * Embedded PGlite in a worker thread (issue 8 item 9). PGlite is PostgreSQL compiled to WebAssembly: every
 * statement is CPU work on the thread that runs it. On the main thread it competed with HTTP serving (the
 * callback receiver spent most of its time there); in a worker it runs on another core while the main
 * thread goes on serving. Still one connection and one process: the worker owns the data folder.
 *
 * The main thread sends each query, script and transaction step as a message and awaits the answer; a
 * transaction is held open in the worker (inside PGlite's own transaction(), so other statements wait for
 * it exactly as they did in-process) until the main thread commits or rolls it back. Durability is PGlite's,
 * unchanged: a statement is answered after PGlite finished it, as before.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { Database, Sql } from "./index";

/** The worker, plain CommonJS (evaluated, so no build step and no bundler has to know about it). */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const fs = require("node:fs");
const path = require("node:path");
// Loaded before the worker is told which database to open (prewarmPgliteThread): PGlite's module, its
// WebAssembly compiled and its file bundle read, while the main thread loads the rest of the program.
let PGlite;
const loaded = (async () => {
  ({ PGlite } = require(workerData.modulePath));
  const dist = path.dirname(workerData.modulePath);
  const [pgliteWasmModule, fsBundle] = await Promise.all([
    fs.promises.readFile(path.join(dist, "pglite.wasm")).then((bytes) => WebAssembly.compile(bytes)),
    fs.openAsBlob(path.join(dist, "pglite.data")),
  ]);
  return { pgliteWasmModule, fsBundle };
})();
loaded.catch(() => {});
const txs = new Map();
const listeners = new Map();
let nextTx = 1;
let db;
const plain = (error) => {
  const out = { message: error && error.message ? String(error.message) : String(error), name: error && error.name };
  if (error && typeof error === "object")
    for (const [k, v] of Object.entries(error)) if (v === null || typeof v !== "object") if (typeof v !== "function") out[k] = v;
  return out;
};
const reply = (id, ok, value) => parentPort.postMessage(ok ? { id, ok, value } : { id, ok, error: plain(value) });
async function handle(m) {
  switch (m.op) {
    case "query": {
      const q = m.tx ? txs.get(m.tx).tx : db;
      return (await q.query(m.text, m.params)).rows;
    }
    case "exec":
      await (m.tx ? txs.get(m.tx).tx : db).exec(m.script);
      return undefined;
    case "begin":
      return await new Promise((ready, failed) => {
        const id = nextTx++;
        const entry = {};
        entry.done = db.transaction((tx) => new Promise((commit, rollback) => {
          Object.assign(entry, { tx, commit, rollback });
          txs.set(id, entry);
          ready(id);
        }));
        entry.done.catch(failed).finally(() => txs.delete(id));
      });
    case "commit": {
      const entry = txs.get(m.tx);
      entry.commit();
      await entry.done;
      return undefined;
    }
    case "rollback": {
      const entry = txs.get(m.tx);
      entry.rollback(new Error("rolled back"));
      await entry.done.catch(() => {});
      return undefined;
    }
    case "listen": {
      const stop = await db.listen(m.channel, (payload) => parentPort.postMessage({ notify: m.channel, payload }));
      listeners.set(m.channel, stop);
      return undefined;
    }
    case "unlisten": {
      const stop = listeners.get(m.channel);
      listeners.delete(m.channel);
      if (stop) await stop();
      return undefined;
    }
    case "close":
      await db.close();
      return undefined;
  }
  throw new Error("unknown op " + m.op);
}
// A database in memory from a template's tar when given (a new folder is unpacked before,
// pglite-template-extract.ts); should PGlite refuse it, PGlite creates the database itself.
async function open({ dataDir, templateTar, sharedBuffers }) {
  const options = { ...(await loaded) };
  if (sharedBuffers) options.startParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=" + sharedBuffers];
  if (!templateTar) return { created: await PGlite.create(dataDir, options) };
  try {
    const loadDataDir = new File([templateTar], "template.tar");
    return { created: await PGlite.create(dataDir, { ...options, loadDataDir }) };
  } catch (error) {
    return { created: await PGlite.create(dataDir, options), templateError: plain(error).message };
  }
}
parentPort.once("message", (m) =>
  open(m).then(
    ({ created, templateError }) => {
      db = created;
      parentPort.on("message", (m) => handle(m).then((v) => reply(m.id, true, v), (e) => reply(m.id, false, e)));
      parentPort.postMessage({ ready: true, templateError });
    },
    (error) => parentPort.postMessage({ ready: false, error: plain(error) }),
  ),
);
`;

type Message =
  | { op: "query"; text: string; params?: readonly unknown[]; tx?: number }
  | { op: "exec"; script: string; tx?: number }
  | { op: "begin" }
  | { op: "commit" | "rollback"; tx: number }
  | { op: "listen" | "unlisten"; channel: string }
  | { op: "close" };

type Answer =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: ErrorFields }
  | { notify: string; payload: string };
type ErrorFields = { message: string; name?: string } & Record<string, unknown>;

/** An Error on this thread carrying the worker's error fields (message, PostgreSQL code, detail, ...). */
function toError(fields: ErrorFields): Error {
  const { message, name, stack: _stack, ...rest } = fields;
  const error = Object.assign(new Error(message), rest);
  if (name) error.name = name;
  return error;
}

export function pgliteModulePath(): string {
  try {
    return createRequire(path.join(process.cwd(), "index.js")).resolve("@electric-sql/pglite");
  } catch {
    return createRequire(import.meta.url).resolve("@electric-sql/pglite");
  }
}

interface StartedWorker {
  worker: Worker;
  /** An error the worker raised before it was told what to open. */
  failure?: Error;
  onEarlyError: (error: Error) => void;
  /** Settles with the exit code when the worker's thread ends, whenever that is (even before it is opened). */
  exited: Promise<number>;
}

function startWorker(): StartedWorker {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { modulePath: pgliteModulePath() } });
  // Idle until opened: it must not keep the process alive.
  worker.unref();
  const exited = new Promise<number>((resolve) => worker.once("exit", resolve));
  const started: StartedWorker = { worker, exited, onEarlyError: (error) => (started.failure ??= error) };
  worker.on("error", started.onEarlyError);
  return started;
}

/**
 * Waits for the worker's answer to "open": resolves when it opened the database, rejects when it says it could
 * not, raises an error, or ends without a word (a thread that exits raises no "error": without this the caller
 * would wait for ever). `exited` settles when the thread ends, also before this was called.
 */
export function whenWorkerOpened(worker: Worker, exited: Promise<number>): Promise<PgliteOpened> {
  return new Promise<PgliteOpened>((resolve, reject) => {
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      worker.off("error", onError);
      worker.off("message", onMessage);
      done();
    };
    const onError = (error: Error) => settle(() => reject(error));
    const onMessage = (m: { ready: boolean; error?: ErrorFields } & Partial<PgliteOpened>) =>
      settle(() =>
        m.ready
          ? resolve({ templateError: m.templateError })
          : reject(m.error ? toError(m.error) : new Error("PGlite did not start")),
      );
    worker.once("error", onError);
    worker.once("message", onMessage);
    void exited.then((code) =>
      settle(() => reject(new Error(`the PGlite worker exited (${code}) before it opened the database`))),
    );
  });
}

let prewarmed: StartedWorker | undefined;

/**
 * Starts the worker of the next openPgliteThread now, before the database is known: its Node.js start, PGlite's
 * module, WebAssembly and file bundle load on another core while this thread loads the rest of the program
 * (a sandbox starts about half a second sooner on a slow machine). Unused, it is ended by
 * discardPrewarmedPgliteThread (a database by URL) or with the process (it is unreferenced).
 */
export function prewarmPgliteThread(): void {
  prewarmed ??= startWorker();
}

export function discardPrewarmedPgliteThread(): void {
  void prewarmed?.worker.terminate();
  prewarmed = undefined;
}

/** How the worker opened its database: why not from the template, when one was given and PGlite refused it. */
export interface PgliteOpened {
  templateError?: string;
}

/**
 * Opens PGlite in a worker on `dataDir` (memory when undefined). `templateTar`: the unzipped tar of a template a
 * database in memory is created from (the caller decided, pglite-template.ts; a new folder is unpacked by the
 * caller instead); `onOpened` hears how it went.
 */
export async function openPgliteThread(
  dataDir: string | undefined,
  options: {
    templateTar?: Uint8Array;
    /** PostgreSQL's shared_buffers (e.g. "16MB"); PostgreSQL's default (128MB) when undefined. */
    sharedBuffers?: string;
    onOpened?: (opened: PgliteOpened) => void;
  } = {},
): Promise<Database> {
  const started = prewarmed ?? startWorker();
  prewarmed = undefined;
  const { worker } = started;
  if (started.failure) {
    await worker.terminate();
    throw started.failure;
  }
  worker.off("error", started.onEarlyError);
  worker.ref(); // while it opens: a caller awaiting only this must not see the process end
  worker.postMessage({ dataDir, templateTar: options.templateTar, sharedBuffers: options.sharedBuffers });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  let nextId = 1;
  let failure: Error | undefined;

  const opened = await whenWorkerOpened(worker, started.exited).catch(async (error) => {
    await worker.terminate();
    throw error;
  });
  options.onOpened?.(opened);

  // An idle worker must not keep the process alive (as an idle in-process PGlite did not): referenced only
  // while an answer is awaited.
  worker.unref();
  const fail = (error: Error) => {
    failure ??= error;
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`the PGlite worker exited (${code})`)));
  /** channel → this thread's callbacks; the worker listens once per channel. */
  const subscribers = new Map<string, Set<(payload: string) => void>>();
  worker.on("message", (answer: Answer) => {
    if ("notify" in answer) {
      for (const onPayload of subscribers.get(answer.notify) ?? []) onPayload(answer.payload);
      return;
    }
    const p = pending.get(answer.id);
    if (!p) return;
    pending.delete(answer.id);
    if (pending.size === 0) worker.unref();
    if (answer.ok) p.resolve(answer.value);
    else p.reject(toError(answer.error));
  });

  const call = <T>(message: Message): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ id, ...message });
    });
  };

  const inTransaction = (tx: number): Sql => ({
    query: <T>(text: string, params?: readonly unknown[]) => call<T[]>({ op: "query", text, params, tx }),
    // One connection: a transaction inside a transaction just joins the outer one (as before).
    transaction: (fn) => fn(inTransaction(tx)),
    exec: (script) => call({ op: "exec", script, tx }),
  });

  return {
    kind: "pglite",
    query: <T>(text: string, params?: readonly unknown[]) => call<T[]>({ op: "query", text, params }),
    transaction: async <T>(fn: (tx: Sql) => Promise<T>): Promise<T> => {
      const tx = await call<number>({ op: "begin" });
      let result: T;
      try {
        result = await fn(inTransaction(tx));
      } catch (error) {
        await call({ op: "rollback", tx }).catch(() => {});
        throw error;
      }
      await call({ op: "commit", tx });
      return result;
    },
    exec: (script) => call({ op: "exec", script }),
    listen: async (channel, onPayload) => {
      let set = subscribers.get(channel);
      if (!set) {
        set = new Set();
        subscribers.set(channel, set);
        await call({ op: "listen", channel });
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
        if (set.size > 0 || subscribers.get(channel) !== set) return;
        subscribers.delete(channel);
        if (!failure) await call({ op: "unlisten", channel });
      };
    },
    close: async () => {
      if (!failure) await call({ op: "close" });
      failure ??= new Error("the database is closed");
      await worker.terminate();
    },
  };
}
