/** The signed client of the payment service: one method per endpoint (and per sandbox test control). */
import "server-only";
import { z } from "zod";
import type { FinalStatus, PayinRequest, PayoutRequest } from "@/lib/contract";
import { callApi, type TransportConfig } from "./http";
import { rawBankListSchema, rawPayinResponseSchema, rawPayoutResponseSchema } from "./provider-types";
import { DEFAULT_BACKOFF_MS, DEFAULT_MAX_ATTEMPTS } from "./retry";
import { sandboxOrderSchema } from "@/lib/contract/sandbox-controls";
import { toBankInfo, toPayinOrder, toPayoutOrder } from "./transform";
import type { PaymentApi, PaymentApiConfig } from "./types";

const configSchema = z.object({
  baseUrl: z.url({ protocol: /^https?$/, error: "Must be an http(s) URL" }),
  clientId: z.string().min(1, "Required"),
  secret: z.string().min(1, "Required"),
  timeoutMs: z.number().int().min(1).max(300_000),
  maxAttempts: z.number().int().min(1).max(10).default(DEFAULT_MAX_ATTEMPTS),
  backoffMs: z.number().int().min(0).max(60_000).default(DEFAULT_BACKOFF_MS),
});

/** Extra knobs for unit tests only (no real waiting, deterministic jitter). */
export interface TransportOverrides {
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  onAttempt?: TransportConfig["onAttempt"];
}

export function createPaymentApiClient(
  config: PaymentApiConfig,
  overrides: TransportOverrides = {},
): PaymentApi {
  const { fetch: fetchImpl, ...rest } = config;
  const parsed = configSchema.safeParse(rest);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new TypeError(`Invalid payment API config: ${lines}`);
  }
  const cfg: TransportConfig = { ...parsed.data, fetch: fetchImpl ?? globalThis.fetch, ...overrides };

  return {
    async createPayin(req: PayinRequest) {
      const res = await callApi(
        cfg,
        { method: "POST", path: "/api/v1/payin/create", body: req },
        rawPayinResponseSchema(req.paymentMethod),
      );
      return toPayinOrder(req, res.data, res.attempts);
    },

    async createPayout(req: PayoutRequest) {
      const res = await callApi(
        cfg,
        { method: "POST", path: "/api/v1/payout/create", body: req },
        rawPayoutResponseSchema,
      );
      return toPayoutOrder(req, res.data, res.attempts);
    },

    async listBanks(country: string) {
      const res = await callApi(
        cfg,
        { method: "GET", path: "/api/v1/bank/available", query: { country } },
        rawBankListSchema,
      );
      return res.data.map(toBankInfo);
    },

    async getSandboxOrder(id: string) {
      const res = await callApi(
        cfg,
        { method: "GET", path: `/sandbox/orders/${encodeURIComponent(id)}` },
        sandboxOrderSchema,
      );
      return res.data;
    },

    async setSandboxOrderStatus(id: string, status: FinalStatus) {
      const res = await callApi(
        cfg,
        { method: "POST", path: `/sandbox/orders/${encodeURIComponent(id)}/status`, body: { status } },
        sandboxOrderSchema,
        // Not idempotent: a retry after a lost answer would meet "already final" (409) instead.
        { maxAttempts: 1 },
      );
      return res.data;
    },

    async resendSandboxCallback(id: string, callbackId: string) {
      const path = `/sandbox/orders/${encodeURIComponent(id)}/callbacks/${encodeURIComponent(callbackId)}/resend`;
      // Not retried: a lost answer's retry would send the callback a second time.
      const res = await callApi(cfg, { method: "POST", path, body: {} }, sandboxOrderSchema, {
        maxAttempts: 1,
      });
      return res.data;
    },
  };
}
