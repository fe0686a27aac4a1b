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
 *
 * The Playwright fixture built on it is in ./playwright.ts.
 *
 * Relative imports only: Playwright suites load it without the app's path aliases.
 */
import type { z } from "zod";
import {
  type Bank,
  bankListSchema,
  type FinalStatus,
  type PayinRequest,
  type PayinResponse,
  type PayoutRequest,
  type PayoutResponse,
  payinResponseSchema,
  payoutResponseSchema,
  problemSchema,
  type Problem,
  type SandboxOrderBody,
  type SandboxRequestLog,
  sandboxOrderSchema,
  sandboxRequestLogSchema,
} from "../../contract";
import { signRequest } from "../../signing";

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

export function sandboxKit(options: SandboxKitOptions) {
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

  async function post<S extends z.ZodType>(path: string, body: unknown, schema: S): Promise<z.infer<S>> {
    const raw = JSON.stringify(body);
    const res = await fetch(base + path, {
      method: "POST",
      body: raw,
      headers: {
        "content-type": "application/json",
        ...headers(signRequest(options.secret, { method: "POST", body: raw })),
      },
    });
    return answer(res, schema, `POST ${path}`);
  }

  async function get<S extends z.ZodType>(path: string, schema: S): Promise<z.infer<S>> {
    const res = await fetch(base + path, {
      headers: headers(signRequest(options.secret, { method: "GET", pathWithQuery: path })),
    });
    return answer(res, schema, `GET ${path}`);
  }

  const order = (id: string): Promise<SandboxOrderBody> =>
    get(`/sandbox/orders/${encodeURIComponent(id)}`, sandboxOrderSchema);
  const setStatus = (id: string, status: FinalStatus): Promise<SandboxOrderBody> =>
    post(`/sandbox/orders/${encodeURIComponent(id)}/status`, { status }, sandboxOrderSchema);

  return {
    /** POST /api/v1/payin/create. */
    createPayin: (request: PayinRequest): Promise<PayinResponse> =>
      post("/api/v1/payin/create", request, payinResponseSchema) as Promise<PayinResponse>,
    /** POST /api/v1/payout/create. */
    createPayout: (request: PayoutRequest): Promise<PayoutResponse> =>
      post("/api/v1/payout/create", request, payoutResponseSchema),
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
    async resendCallback(id: string, webhookId?: string): Promise<SandboxOrderBody> {
      const which = webhookId ?? (await order(id)).callbacks.at(-1)?.webhookId;
      if (!which) throw new SandboxKitError(404, null, `order ${id} has sent no callback yet`);
      return post(
        `/sandbox/orders/${encodeURIComponent(id)}/callbacks/${encodeURIComponent(which)}/resend`,
        {},
        sandboxOrderSchema,
      );
    },
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
