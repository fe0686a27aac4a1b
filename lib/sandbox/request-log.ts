/**
 * The request log (GET /sandbox/requests): what every request got, for a QA engineer who wants to see why a
 * call was refused without reading server logs. Entries are buffered and written in one insert every
 * FLUSH_MS, so recording costs a request nothing on its way; a crash loses at most that last moment of log.
 */
import { randomUUID } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { PROBLEM_CONTENT_TYPE, storableText } from "@/lib/contract";
import type { Sql } from "@/lib/database";
import { insertRequests } from "@/lib/database/sandbox/requests";
import type { SandboxRequestRow } from "@/lib/database/sandbox/schema";
import type { SandboxContext } from "./context";
import type { SandboxEnv } from "./http-env";
import { log } from "@/lib/observability/logger";

const FLUSH_MS = 100;
const MAX_BATCH = 1_000;
/** Past this many unwritten entries (a database that stopped answering), new ones are dropped. */
const MAX_QUEUED = 50_000;
/** Not logged: the probes and scrapes, and reading the log itself. */
const UNLOGGED = new Set(["/healthz", "/openapi.json", "/metrics", "/sandbox/requests"]);

export class RequestLog {
  private queue: SandboxRequestRow[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;

  constructor(private readonly db: Sql) {}

  record(entry: Omit<SandboxRequestRow, "id">): void {
    if (this.queue.length < MAX_QUEUED) this.queue.push({ id: randomUUID(), ...entry });
  }

  start(): void {
    this.timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  /** Writes what is buffered (one batch at a time). */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    const batch = this.queue.splice(0, MAX_BATCH);
    if (batch.length === 0) return Promise.resolve();
    this.flushing = insertRequests(this.db, batch)
      .catch((error: Error) =>
        log().error({ lost: batch.length, error: error.message }, "sandbox: request log entries lost"),
      )
      .finally(() => {
        this.flushing = undefined;
      });
    return this.flushing;
  }

  /** Writes everything recorded so far (a run's reset must find its entries in the table to delete them). */
  async drain(): Promise<void> {
    await this.flushing;
    while (this.queue.length > 0) await this.flush();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.drain();
  }
}

/** What a refusal said: the problem's kind, and its first field error or its detail. */
async function refusalOf(res: Response): Promise<{ verdict: string; detail: string | null }> {
  if (!res.headers.get("content-type")?.startsWith(PROBLEM_CONTENT_TYPE))
    return { verdict: `http-${res.status}`, detail: null };
  try {
    const p = (await res.clone().json()) as {
      type?: string;
      detail?: string;
      errors?: { path: string; message: string }[];
    };
    const first = p.errors?.[0];
    return {
      verdict: (p.type ?? "").replace(/^urn:payorders:problem:/, "") || `http-${res.status}`,
      detail: first ? `${first.path}: ${first.message}` : (p.detail ?? null),
    };
  } catch {
    return { verdict: `http-${res.status}`, detail: null };
  }
}

const storableOrNull = (text: string | undefined) => (text === undefined ? null : storableText(text));

/** Records every request the app answers (after the answer is made). */
export function requestLogging(ctx: SandboxContext, log: RequestLog): MiddlewareHandler<SandboxEnv> {
  return async (c: Context<SandboxEnv>, next) => {
    if (UNLOGGED.has(c.req.path)) return next();
    const started = performance.now();
    await next();
    const { verdict, detail } =
      c.res.status < 400 ? { verdict: "accepted", detail: null } : await refusalOf(c.res);
    const url = new URL(c.req.url);
    log.record({
      at: ctx.opts.now(),
      clientId: storableOrNull((c.req.header("x-client-id") ?? c.get("merchant")?.clientId)?.slice(0, 200)),
      method: c.req.method.slice(0, 16),
      path: (url.pathname + url.search).slice(0, 500),
      status: c.res.status,
      verdict: verdict.slice(0, 100),
      // A refusal may quote what was sent (a path parameter with a NUL): stored as text the column holds.
      detail: detail === null ? null : storableText(detail.slice(0, 500)),
      latencyMs: Math.round((performance.now() - started) * 100) / 100,
      orderId: c.get("orderId") ?? null,
    });
  };
}
