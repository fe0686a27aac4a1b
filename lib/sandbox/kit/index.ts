/**
 * The sandbox QA kit: a typed client of the sandbox's API and test controls, for a QA team's own suites
 * (Playwright, Vitest, scripts). It signs every call like a merchant (lib/signing) and parses every answer
 * with the contract's schemas, so a suite reads typed orders, callbacks and request-log entries. A refusal
 * throws SandboxKitError with the problem's status, kind and field errors.
 *
 *   const sandbox = sandboxKit({ baseUrl: "http://127.0.0.1:4010", clientId: "sandbox-merchant", secret: "sandbox-secret" });
 *   const order = await sandbox.createPayin(request);
 *   await sandbox.markPaid(order.id);
 *   const { callbacks } = await sandbox.order(order.id);
 *   const run = await sandbox.startRun(); // a clock of its own: never move the shared account's
 *   await run.advanceClock({ seconds: 15 * 60 }); // the run's unpaid pay-ins are Expired now
 *   await run.resetClock(); // back on the real time
 *   await sandbox.createPayin(request, { chaos: { modes: ["duplicate", "out-of-order"], seed: 7 } });
 *   const alive = run.keepAlive(); // while a system under test holds the run's credentials; alive.stop()
 *
 * where `request` is a request builder's: `samplePayinRequest("SBP", { amount: 1500 })` (exported below).
 * The Playwright fixture built on it is in ./playwright.ts; starting a system under test with a run's
 * credentials in ./system-under-test.ts.
 *
 * Relative imports only: Playwright suites load it without the app's path aliases, and scripts/pack.mjs
 * packs it (with what it imports from lib/contract and lib/signing) as the `payorders-sandbox-kit` package.
 */
import type { z } from "zod";
import {
  type Bank,
  bankListSchema,
  type FinalStatus,
  CHAOS_HEADER,
  formatChaosHeader,
  type SandboxChaos,
  type SandboxRun,
  type SandboxRunCleared,
  type SandboxRunList,
  type SandboxRunStart,
  sandboxRunClearedSchema,
  sandboxRunListSchema,
  sandboxRunSchema,
  type PayinRequest,
  type PayinResponse,
  type PayoutRequest,
  type PayoutResponse,
  payinResponseSchema,
  payoutResponseSchema,
  problemSchema,
  type Problem,
  type SandboxClock,
  type SandboxOrder,
  type SandboxRequestLog,
  sandboxClockSchema,
  sandboxOrderSchema,
  sandboxRequestLogSchema,
} from "../../contract";
import { signRequest } from "../../signing";

/** The request builders: valid sample requests of every method, with deep-merged overrides. */
export {
  type DeepPartial,
  deepMerge,
  SAMPLE_VALUES,
  type SampleOverrides,
  samplePayinRequest,
  samplePayoutRequest,
} from "../../contract/samples";
export type {
  Bank,
  FinalStatus,
  PayinMethod,
  PayinRequest,
  PayinResponse,
  PayoutMethod,
  PayoutRequest,
  PayoutResponse,
  Problem,
  SandboxChaos,
  SandboxClock,
  SandboxOrder,
  SandboxRequestLog,
  SandboxRun,
  SandboxRunCleared,
  SandboxRunStart,
} from "../../contract";
export { PAYIN_METHODS, PAYOUT_METHODS } from "../../contract";
export {
  freePort,
  type RunningSystemUnderTest,
  startSystemUnderTest,
  type SystemUnderTestConfig,
  type SystemUnderTestContext,
} from "./system-under-test";
/** How the sandbox and the service sign: X-Signature of a request, and verifying a callback's. */
export { sign, signRequest, verify, verifyStandardWebhook } from "../../signing";

export interface SandboxKitOptions {
  /** The sandbox's base URL, e.g. http://127.0.0.1:4010. */
  baseUrl: string;
  clientId: string;
  secret: string;
}

/** A call the sandbox refused: its HTTP status and problem details (which field, and why). */
export class SandboxKitError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem | null,
    what: string,
  ) {
    const fields = problem?.errors?.map((e) => `${e.path}: ${e.message}`).join("; ");
    super(
      `${what}: ${status} ${problem?.detail ?? problem?.title ?? ""}${fields ? ` (${fields})` : ""}`.trim(),
    );
    this.name = "SandboxKitError";
  }
}

export interface RequestLogFilter {
  orderId?: string;
  /** ISO time: only requests answered before it (the next page). */
  before?: string;
  limit?: number;
}

export type SandboxKit = ReturnType<typeof sandboxKit>;

/** The kit of a QA run (startRun): signed as the run, which it can reset and end (it starts no runs). */
export type SandboxRunKit = ReturnType<typeof accountKit> & {
  run: SandboxRun;
  /** Deletes the run's orders, callbacks, request log and clock; the run goes on. */
  reset(): Promise<SandboxRunCleared>;
  /** Removes the run and everything it made. */
  end(): Promise<SandboxRunCleared>;
  /**
   * A signed call as the run that does nothing else: any signed request of the run's starts its idle time
   * (`run.idleMinutes`) again.
   */
  touch(): Promise<void>;
  /**
   * Keeps the run from going idle while something else holds its credentials (a system under test that
   * may sit unused): touch() every `everyMs` (default a quarter of the idle time, at most 5 minutes) until
   * stop(). The timer never keeps a process alive on its own.
   */
  keepAlive(everyMs?: number, onError?: (error: unknown) => void): KeepAlive;
};

export interface KeepAlive {
  stop(): void;
}

/** The longest wait between two touches of keepAlive() by default. */
export const KEEP_ALIVE_MAX_MS = 5 * 60_000;

export interface CreateOptions {
  /** Callback chaos for this order ({ modes: [] }: none, even where the account has some). */
  chaos?: SandboxChaos;
}

const chaosHeaders = ({ chaos }: CreateOptions): Record<string, string> =>
  chaos ? { [CHAOS_HEADER]: formatChaosHeader(chaos) } : {};

/** Signed calls as one account, each answer parsed with its schema (a refusal throws SandboxKitError). */
function signedCalls(options: SandboxKitOptions) {
  const base = options.baseUrl.replace(/\/+$/, "");
  const headers = (signature: string) => ({ "x-client-id": options.clientId, "x-signature": signature });

  async function answer<S extends z.ZodType>(res: Response, schema: S, what: string): Promise<z.infer<S>> {
    const text = await res.text();
    if (!res.ok) {
      let problem: Problem | null = null;
      try {
        problem = problemSchema.parse(JSON.parse(text));
      } catch {}
      throw new SandboxKitError(res.status, problem, what);
    }
    return schema.parse(JSON.parse(text));
  }

  async function post<S extends z.ZodType>(
    path: string,
    body: unknown,
    schema: S,
    extraHeaders: Record<string, string> = {},
  ): Promise<z.infer<S>> {
    const raw = JSON.stringify(body);
    const res = await fetch(base + path, {
      method: "POST",
      body: raw,
      headers: {
        "content-type": "application/json",
        ...extraHeaders,
        ...headers(signRequest(options.secret, { method: "POST", body: raw })),
      },
    });
    return answer(res, schema, `POST ${path}`);
  }

  async function get<S extends z.ZodType>(
    path: string,
    schema: S,
    method: "GET" | "DELETE" = "GET",
  ): Promise<z.infer<S>> {
    const res = await fetch(base + path, {
      method,
      headers: headers(signRequest(options.secret, { method, pathWithQuery: path })),
    });
    return answer(res, schema, `${method} ${path}`);
  }

  return { post, get };
}

/** The kit of one account (configured or a run): the API and the test controls. */
function accountKit(options: SandboxKitOptions) {
  const { post, get } = signedCalls(options);
  const order = (id: string): Promise<SandboxOrder> =>
    get(`/sandbox/orders/${encodeURIComponent(id)}`, sandboxOrderSchema);
  const setStatus = (id: string, status: FinalStatus): Promise<SandboxOrder> =>
    post(`/sandbox/orders/${encodeURIComponent(id)}/status`, { status }, sandboxOrderSchema);

  return {
    /** POST /api/v1/payin/create; `chaos` spoils its callbacks on purpose (X-Sandbox-Chaos). */
    createPayin: (request: PayinRequest, create: CreateOptions = {}): Promise<PayinResponse> =>
      post(
        "/api/v1/payin/create",
        request,
        payinResponseSchema,
        chaosHeaders(create),
      ) as Promise<PayinResponse>,
    /** POST /api/v1/payout/create; `chaos` as for createPayin. */
    createPayout: (request: PayoutRequest, create: CreateOptions = {}): Promise<PayoutResponse> =>
      post("/api/v1/payout/create", request, payoutResponseSchema, chaosHeaders(create)),
    /** GET /api/v1/bank/available. */
    banks: (country: string): Promise<Bank[]> =>
      get(`/api/v1/bank/available?country=${encodeURIComponent(country)}`, bankListSchema),
    /** The order as the sandbox holds it, with its callbacks and every delivery attempt. */
    order,
    /** Moves an `In progress` order to a final status and fires its callback. */
    setStatus,
    markPaid: (id: string) => setStatus(id, "Success"),
    fail: (id: string) => setStatus(id, "Failed"),
    /** Pay-ins only. */
    expire: (id: string) => setStatus(id, "Expired"),
    /** Sends a past callback again (its webhookId; the order's latest when omitted). */
    async resendCallback(id: string, webhookId?: string): Promise<SandboxOrder> {
      const which = webhookId ?? (await order(id)).callbacks.at(-1)?.webhookId;
      if (!which) throw new SandboxKitError(404, null, `order ${id} has sent no callback yet`);
      return post(
        `/sandbox/orders/${encodeURIComponent(id)}/callbacks/${encodeURIComponent(which)}/resend`,
        {},
        sandboxOrderSchema,
      );
    },
    /**
     * Sets the callback chaos of an order still In progress (its status callback is queued with it);
     * `{ modes: [] }` turns it off.
     */
    setChaos: (id: string, chaos: SandboxChaos): Promise<SandboxOrder> =>
      post(`/sandbox/orders/${encodeURIComponent(id)}/chaos`, chaos, sandboxOrderSchema),
    /** The account's clock: its time now and how far it runs ahead of the real one. */
    clock: (): Promise<SandboxClock> => get("/sandbox/clock", sandboxClockSchema),
    /**
     * Moves the account's clock forwards, by seconds or to a time. Pay-ins it takes past their expiresAt are
     * Expired when it returns; callbacks waiting to be retried come due as much sooner.
     */
    advanceClock: (by: { seconds: number } | { to: Date | string }): Promise<SandboxClock> =>
      post(
        "/sandbox/clock",
        "seconds" in by
          ? { advanceSeconds: by.seconds }
          : { to: typeof by.to === "string" ? by.to : by.to.toISOString() },
        sandboxClockSchema,
      ),
    /** Puts the account's clock back on the real time (DELETE /sandbox/clock). */
    resetClock: (): Promise<SandboxClock> => get("/sandbox/clock", sandboxClockSchema, "DELETE"),
    /** The account's request log, newest first. */
    async requests(filter: RequestLogFilter = {}): Promise<SandboxRequestLog["requests"]> {
      const query = new URLSearchParams();
      if (filter.orderId) query.set("orderId", filter.orderId);
      if (filter.before) query.set("before", filter.before);
      if (filter.limit !== undefined) query.set("limit", String(filter.limit));
      const q = query.toString();
      return (await get(`/sandbox/requests${q ? `?${q}` : ""}`, sandboxRequestLogSchema)).requests;
    },
  };
}

export function sandboxKit(options: SandboxKitOptions) {
  const { post, get } = signedCalls(options);
  return {
    ...accountKit(options),
    /**
     * Starts a QA run: an account of its own (orders, clock, chaos, request log), removed after the
     * sandbox's idle time. Returns a kit signed as the run, with `run` (its client id and secret for the
     * system under test), `reset()` and `end()`.
     */
    async startRun(start: SandboxRunStart = {}): Promise<SandboxRunKit> {
      const run = await post("/sandbox/runs", start, sandboxRunSchema);
      const path = `/sandbox/runs/${encodeURIComponent(run.clientId)}`;
      const own = accountKit({ ...options, clientId: run.clientId, secret: run.secret });
      const touch = async () => {
        await own.clock();
      };
      return {
        ...own,
        run,
        reset: () => post(`${path}/reset`, {}, sandboxRunClearedSchema),
        end: () => get(path, sandboxRunClearedSchema, "DELETE"),
        touch,
        keepAlive(everyMs, onError) {
          const every = everyMs ?? Math.min(KEEP_ALIVE_MAX_MS, (run.idleMinutes * 60_000) / 4);
          const timer = setInterval(() => {
            touch().catch((error: unknown) => onError?.(error));
          }, every);
          timer.unref?.();
          return { stop: () => clearInterval(timer) };
        },
      };
    },
    /** Deletes a run's orders, callbacks, request log and clock by its client id (signed as the account that started it). */
    resetRun: (clientId: string): Promise<SandboxRunCleared> =>
      post(`/sandbox/runs/${encodeURIComponent(clientId)}/reset`, {}, sandboxRunClearedSchema),
    /** Removes a run and everything it made, by its client id. */
    endRun: (clientId: string): Promise<SandboxRunCleared> =>
      get(`/sandbox/runs/${encodeURIComponent(clientId)}`, sandboxRunClearedSchema, "DELETE"),
    /** The account's live runs, newest first. */
    runs: async (): Promise<SandboxRunList["runs"]> =>
      (await get("/sandbox/runs", sandboxRunListSchema)).runs,
  };
}
