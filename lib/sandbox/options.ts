/** Options of a sandbox instance and their defaults. */
import type { PayinMethod, PayoutMethod, SandboxChaos } from "@/lib/contract";
import type { Database, DatabaseConfig } from "@/lib/database";
import type { AuthThrottleRule } from "./auth-throttle";
import { type DetailsPool, DEFAULT_DETAILS_POOL } from "./details/pool";

export interface MerchantAccount {
  clientId: string;
  secret: string;
  /**
   * A second secret during a rotation: requests signed with either are accepted, and callbacks carry a
   * webhook-signature made with each (X-Signature stays the current secret's).
   */
  nextSecret?: string;
  /** Callback chaos for the account's orders that pick none themselves (X-Sandbox-Chaos). */
  chaos?: SandboxChaos;
}

/** Inclusive amount bounds in minor units (cents). */
export interface AmountLimit {
  min: number;
  max: number;
}

export interface AmountLimits {
  payin: Record<PayinMethod, AmountLimit>;
  payout: Record<PayoutMethod, AmountLimit>;
}

export interface SandboxOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** A config the sandbox opens and closes, or an open Database that it leaves open on close(). */
  database: DatabaseConfig | Database;
  /** Merchant accounts (X-Client-Id → secret). */
  accounts: readonly MerchantAccount[];
  /** Lifetime of pay-in payment details; fractions allowed (0.01 = 600 ms, for tests). Default 15. */
  expiryMinutes?: number;
  /** Delay before each retry of a failed callback delivery, in ms; the last one repeats. */
  callbackRetrySchedule?: readonly number[];
  /** Attempts per callback in all (first one included). Default: schedule length + 1. */
  callbackMaxAttempts?: number;
  /** Per-attempt timeout of a callback delivery. Default CALLBACK_TIMEOUT_MS (10 s). */
  callbackTimeoutMs?: number;
  /** How often the dispatcher looks for due callbacks. Default 250 ms (it is also woken on every event). */
  dispatcherPollMs?: number;
  /** How often expired pay-ins are swept. Default 1000 ms. */
  expirySweepMs?: number;
  /** API requests per window per client id; 0 turns the limit off. Default 1200. */
  rateLimit?: number;
  /** Rate-limit window. Default 60 000 ms. */
  rateLimitWindowMs?: number;
  /**
   * Failed sign-ins (wrong signatures, wrong operator passwords) per window for one client id from one
   * address, before its attempts are answered 429; 0 turns the throttle off. Default 20.
   */
  authFailureLimit?: number;
  /** Failed sign-ins per window from one address, whatever the client id. Default 5 × authFailureLimit. */
  authFailureAddressLimit?: number;
  /** The failed sign-ins' window. Default 60 000 ms. */
  authFailureWindowMs?: number;
  /** Largest accepted request body in bytes. Default 64 KiB. */
  bodyLimitBytes?: number;
  amountLimits?: PartialAmountLimits;
  detailsPool?: Partial<DetailsPool>;
  /** How long the "slow-once" trigger (amount ending .56) holds its first response. Default 3000 ms. */
  slowTriggerMs?: number;
  /** How long a QA run (POST /sandbox/runs) may stay unused before it is removed. Default 60. */
  runIdleMinutes?: number;
  /** Wall clock; tests may move it. */
  now?: () => Date;
  /** Bearer token of GET /metrics (METRICS_TOKEN); unset: /metrics answers 404. */
  metricsToken?: string;
}

export interface PartialAmountLimits {
  payin?: Partial<Record<PayinMethod, AmountLimit>>;
  payout?: Partial<Record<PayoutMethod, AmountLimit>>;
}

/** How long the service waits for a receiver's answer to one callback delivery before it counts as failed. */
export const CALLBACK_TIMEOUT_MS = 10_000;

export const DEFAULT_RETRY_SCHEDULE = [1_000, 5_000, 30_000, 120_000, 600_000] as const;
export const DEFAULT_EXPIRY_MINUTES = 15;
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 1_200;
export const DEFAULT_RUN_IDLE_MINUTES = 60;
export const DEFAULT_AUTH_FAILURES_PER_MINUTE = 20;

const limit = (minMajor: number, maxMajor: number): AmountLimit => ({
  min: minMajor * 100,
  max: maxMajor * 100,
});

export const DEFAULT_AMOUNT_LIMITS: AmountLimits = {
  payin: {
    Card: limit(10, 500_000),
    CrossBorderCard: limit(10, 500_000),
    SBP: limit(10, 1_000_000),
    CrossBorderSBP: limit(10, 1_000_000),
    QRNSPK: limit(1, 1_000_000),
    QRNSPKCrossBorder: limit(1, 1_000_000),
    PIX: limit(1, 100_000),
  },
  payout: {
    Card: limit(100, 600_000),
    SBP: limit(10, 1_000_000),
    BankAccount: limit(100, 10_000_000),
    PIX_OUT_CPF: limit(1, 100_000),
    PIX_OUT_EMAIL: limit(1, 100_000),
    PIX_OUT_PHONE: limit(1, 100_000),
    PIX_OUT_EVP: limit(1, 100_000),
  },
};

export interface ResolvedOptions {
  port: number;
  host: string;
  accounts: ReadonlyMap<string, string>;
  /** The accounts being rotated: client id → next secret. */
  nextSecrets: ReadonlyMap<string, string>;
  /** The accounts with configured callback chaos: client id → chaos. */
  chaos: ReadonlyMap<string, SandboxChaos>;
  expiryMs: number;
  retrySchedule: readonly number[];
  maxAttempts: number;
  callbackTimeoutMs: number;
  dispatcherPollMs: number;
  expirySweepMs: number;
  rateLimit: number;
  rateLimitWindowMs: number;
  authFailures: AuthThrottleRule;
  bodyLimitBytes: number;
  amountLimits: AmountLimits;
  detailsPool: DetailsPool;
  slowTriggerMs: number;
  runIdleMs: number;
  now: () => Date;
  metricsToken: string | undefined;
}

export function resolveOptions(o: SandboxOptions): ResolvedOptions {
  if (o.accounts.length === 0) throw new Error("startSandbox: at least one merchant account is needed");
  const retrySchedule = o.callbackRetrySchedule?.length
    ? [...o.callbackRetrySchedule]
    : [...DEFAULT_RETRY_SCHEDULE];
  return {
    port: o.port ?? 0,
    host: o.host ?? "127.0.0.1",
    accounts: new Map(o.accounts.map((a) => [a.clientId, a.secret])),
    nextSecrets: new Map(o.accounts.flatMap((a) => (a.nextSecret ? [[a.clientId, a.nextSecret]] : []))),
    chaos: new Map(o.accounts.flatMap((a) => (a.chaos ? [[a.clientId, a.chaos]] : []))),
    expiryMs: Math.round((o.expiryMinutes ?? DEFAULT_EXPIRY_MINUTES) * 60_000),
    retrySchedule,
    maxAttempts: o.callbackMaxAttempts ?? retrySchedule.length + 1,
    callbackTimeoutMs: o.callbackTimeoutMs ?? CALLBACK_TIMEOUT_MS,
    dispatcherPollMs: o.dispatcherPollMs ?? 250,
    expirySweepMs: o.expirySweepMs ?? 1_000,
    rateLimit: o.rateLimit ?? DEFAULT_RATE_LIMIT_PER_MINUTE,
    rateLimitWindowMs: o.rateLimitWindowMs ?? 60_000,
    authFailures: {
      perClient: o.authFailureLimit ?? DEFAULT_AUTH_FAILURES_PER_MINUTE,
      perAddress: o.authFailureAddressLimit ?? 5 * (o.authFailureLimit ?? DEFAULT_AUTH_FAILURES_PER_MINUTE),
      windowMs: o.authFailureWindowMs ?? 60_000,
    },
    bodyLimitBytes: o.bodyLimitBytes ?? 64 * 1024,
    amountLimits: {
      payin: { ...DEFAULT_AMOUNT_LIMITS.payin, ...o.amountLimits?.payin },
      payout: { ...DEFAULT_AMOUNT_LIMITS.payout, ...o.amountLimits?.payout },
    },
    detailsPool: { ...DEFAULT_DETAILS_POOL, ...o.detailsPool },
    slowTriggerMs: o.slowTriggerMs ?? 3_000,
    runIdleMs: Math.round((o.runIdleMinutes ?? DEFAULT_RUN_IDLE_MINUTES) * 60_000),
    now: o.now ?? (() => new Date()),
    metricsToken: o.metricsToken,
  };
}
