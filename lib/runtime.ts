/**
 * The dashboard process's singletons, made in one place: its environment, parsed once (lib/env.ts), and
 * from it the database, the payment-service client, the live status feed and its session ends, the callback
 * receiver's purge, the submit resume loop, the batch sender, the alert loop and the Insights fold — each by its own module's factory, its
 * settings passed in. instrumentation.ts
 * starts the runtime when the server starts; anything used before that (`next build`) starts it on first
 * use. Tests make their own with explicit settings (lib/testing/dashboard-runtime.ts) and install it.
 *
 * Held in a process slot (lib/process-slot.ts): Next.js bundles instrumentation.ts and the routes apart
 * (each with its own copy of this module), and a dev reload evaluates modules again, yet one process must
 * open PGlite once and run one resume loop.
 */
import "server-only";
import { type ProxyTrust, proxyTrustFrom } from "@/lib/auth/client-address";
import type { Database } from "@/lib/database";
import { openDashboardStore } from "@/lib/database/dashboard/client";
import { type Env, parseEnv } from "@/lib/env";
import { createOrderStatusFeed, type OrderStatusFeed } from "@/lib/live/order-status-feed";
import { type BatchSenderLoop, startBatchSender } from "@/lib/batches/sender";
import { type AlertLoop, startAlertLoop } from "@/lib/alerts/loop";
import { ROLLUP_FOLD_INTERVAL_MS, startInsightsFold } from "@/lib/insights/fold";
import type { PeriodicLoop } from "@/lib/periodic-loop";
import { createSessionEndFeed, type SessionEndFeed } from "@/lib/live/session-ends";
import type { ResumeLoop } from "@/lib/orders/resume";
import { startSubmitResumeLoop } from "@/lib/orders/resume-at-start";
import type { OrderSubmitDeps } from "@/lib/orders/send";
import {
  createDashboardPaymentApi,
  flushCallLog,
  type PaymentApi,
  paymentApiInFlightMs,
} from "@/lib/payment-api";
import { createUnverifiedPurge, type UnverifiedPurge } from "@/lib/postback/purge";
import { log } from "@/lib/observability/logger";
import { metrics } from "@/lib/observability/metrics";
import { countAlertsByState } from "@/lib/database/dashboard/queries/alerts";
import { countPendingDeliveries } from "@/lib/database/dashboard/queries/alert-deliveries";
import { processSlot } from "@/lib/process-slot";
import { loadSecondFactorKey } from "@/lib/auth/second-factor/key";
import { type RelyingParty, relyingPartyFor } from "@/lib/auth/second-factor/relying-party";
import type { SecondFactorDeps } from "@/lib/auth/second-factor/deps";

export interface DashboardRuntime {
  readonly env: Env;
  /** The database, opened (and migrated) on first use; a failed open is tried again next time. */
  db(): Promise<Database>;
  /** The payment-service client (PAYMENT_API_*); every attempt goes to the request log. */
  readonly paymentApi: PaymentApi;
  /** How long a call of `paymentApi` can stay in flight (the "Submitting" lease, lib/orders/send.ts). */
  readonly paymentApiInFlightMs: number;
  /** Which reverse proxies may name the client (TRUSTED_PROXIES / TRUSTED_PROXY_HOPS). */
  readonly proxyTrust: ProxyTrust;
  /** The one LISTEN of this process, fanned out to the open pages (lib/live). */
  readonly statusFeed: OrderStatusFeed;
  /** Closes the open event streams of sessions that end, on any instance (lib/live/session-ends.ts). */
  readonly sessionEnds: SessionEndFeed;
  /** The receiver's purge of expired unverified deliveries (POSTBACK_UNVERIFIED_RETENTION_HOURS). */
  readonly unverifiedPurge: UnverifiedPurge;
  /** What second factors need: the database, the key sealing TOTP seeds, the WebAuthn relying party. */
  secondFactorDeps(): Promise<SecondFactorDeps>;
  /** What sending an order needs, for `userId` (null: the automatic resume). */
  submitDeps(userId: string | null): Promise<OrderSubmitDeps>;
  /** Starts the submit resume loop (ORDER_RESUME_INTERVAL_MS); later calls return the running one. */
  startSubmitResume(): ResumeLoop;
  /** Starts the batch sender (lib/batches/sender.ts); later calls return the running one. */
  startBatchSender(): BatchSenderLoop;
  /** Starts the alert loop (lib/alerts/loop.ts, ALERT_EVALUATION_INTERVAL_MS); later calls return the running one. */
  startAlerts(): AlertLoop;
  /** Starts the Insights fold (lib/insights/fold.ts); later calls return the running one. */
  startInsightsFold(): PeriodicLoop;
  /** Stops the loops and the feeds, waits for the request log, then closes the database (a test's end). */
  close(): Promise<void>;
}

/** How often the batch sender looks for rows to send when nobody kicked it (a batch submitted or approved). */
const BATCH_SENDER_INTERVAL_MS = 2_000;

/** The runtime of a dashboard configured by `env`; nothing is opened until it is used. */
export function createRuntime(env: Env): DashboardRuntime {
  let opened: Promise<Database> | undefined;
  let resumeLoop: ResumeLoop | undefined;
  let batchSender: BatchSenderLoop | undefined;
  let alertLoop: AlertLoop | undefined;
  let insightsFold: PeriodicLoop | undefined;
  const db = (): Promise<Database> => {
    opened ??= openDashboardStore({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      poolMax: env.PG_POOL_MAX,
    }).catch((error) => {
      opened = undefined;
      throw error;
    });
    return opened;
  };
  const paymentApi = createDashboardPaymentApi(
    {
      baseUrl: env.PAYMENT_API_BASE_URL,
      clientId: env.PAYMENT_API_CLIENT_ID,
      secret: env.PAYMENT_API_SECRET,
      timeoutMs: env.PAYMENT_API_TIMEOUT_MS,
    },
    db,
  );
  const inFlightMs = paymentApiInFlightMs(env.PAYMENT_API_TIMEOUT_MS);
  let key: Promise<Buffer> | undefined;
  const relyingParty: RelyingParty = relyingPartyFor(env.PUBLIC_BASE_URL);
  const statusFeed = createOrderStatusFeed(db);
  const sessionEnds = createSessionEndFeed(db);
  /** What /metrics reports of this dashboard's alerts (payorders_alerts_open). */
  const alertCounts = async () => {
    const sql = await db();
    const [byState, pendingDeliveries] = await Promise.all([
      countAlertsByState(sql),
      countPendingDeliveries(sql),
    ]);
    return { open: byState.open, acknowledged: byState.acknowledged, pendingDeliveries };
  };
  const submitDeps = async (userId: string | null): Promise<OrderSubmitDeps> => ({
    sql: await db(),
    api: paymentApi,
    publicBaseUrl: env.PUBLIC_BASE_URL,
    userId,
    inFlightMs,
  });
  return {
    env,
    db,
    paymentApi,
    paymentApiInFlightMs: inFlightMs,
    proxyTrust: proxyTrustFrom(env),
    statusFeed,
    sessionEnds,
    unverifiedPurge: createUnverifiedPurge(env.POSTBACK_UNVERIFIED_RETENTION_HOURS),
    submitDeps,
    async secondFactorDeps() {
      key ??= loadSecondFactorKey(env.SECOND_FACTOR_KEY, env.DATA_DIR).catch((error) => {
        key = undefined;
        throw error;
      });
      return { sql: await db(), key: await key, relyingParty };
    },
    startSubmitResume() {
      resumeLoop ??= startSubmitResumeLoop({
        intervalMs: env.ORDER_RESUME_INTERVAL_MS,
        deps: () => submitDeps(null),
      });
      return resumeLoop;
    },
    startBatchSender() {
      batchSender ??= startBatchSender({
        intervalMs: BATCH_SENDER_INTERVAL_MS,
        deps: () => submitDeps(null),
        onPass: ({ sent, found, failed, finished }) =>
          log().info(
            `batches: sent ${sent} row(s)${found > 0 ? `, ${found} found already made` : ""}${failed > 0 ? `, ${failed} failed` : ""}${finished.map((id) => `; batch ${id} done`).join("")}`,
          ),
        // Only the message: a pass works with requests.
        onError: (error) =>
          log().error({ error: String((error as Error)?.message) }, "batches: sending failed"),
      });
      return batchSender;
    },
    startAlerts() {
      if (!alertLoop) metrics().alertSources.add(alertCounts);
      alertLoop ??= startAlertLoop({
        intervalMs: env.ALERT_EVALUATION_INTERVAL_MS,
        deps: async () => ({
          sql: await db(),
          delivery: {
            publicBaseUrl: env.PUBLIC_BASE_URL,
            smtpUrl: env.SMTP_URL,
            emailFrom: env.ALERT_EMAIL_FROM,
            retryMs: env.ALERT_RETRY_MS,
          },
        }),
        onPass: (evaluation, delivery) => {
          for (const a of evaluation.raised)
            log().warn({ alert: a.id, rule: a.rule }, `alert raised: ${a.title}`);
          if (evaluation.resolved.length > 0) log().info(`alerts: ${evaluation.resolved.length} resolved`);
          for (const f of evaluation.failed)
            log().error(
              { rule: f.rule, error: String((f.error as Error)?.message) },
              "alerts: a rule failed",
            );
          for (const f of delivery.failed)
            log().warn({ channel: f.channel, error: f.error }, "alerts: a message was not delivered");
        },
        onError: (error) =>
          log().error({ error: String((error as Error)?.message) }, "alerts: a pass failed"),
      });
      return alertLoop;
    },
    startInsightsFold() {
      insightsFold ??= startInsightsFold({
        intervalMs: ROLLUP_FOLD_INTERVAL_MS,
        sql: db,
        onError: (error) =>
          log().error({ error: String((error as Error)?.message) }, "insights: a fold failed"),
      });
      return insightsFold;
    },
    async close() {
      metrics().alertSources.delete(alertCounts);
      await insightsFold?.stop();
      await alertLoop?.stop();
      await batchSender?.stop();
      await resumeLoop?.stop();
      await statusFeed.stop();
      await sessionEnds.stop();
      await flushCallLog();
      const closing = opened;
      opened = undefined;
      await (await closing?.catch(() => undefined))?.close();
    },
  };
}

const held = processSlot<DashboardRuntime>("dashboard-runtime");

/**
 * The process's runtime: the one started (or installed), else one made now from process.env — the only
 * place the dashboard reads its environment.
 */
export function runtime(): DashboardRuntime {
  return held.getOrSet(() => createRuntime(parseEnv(process.env)));
}

/** Makes `next` the process's runtime (tests, each with its own settings); the one before is not closed. */
export function installRuntime(next: DashboardRuntime | undefined): void {
  held.set(next);
}

/** The dashboard's environment, as parsed at start. */
export const getEnv = (): Env => runtime().env;
/** The dashboard's database handle. */
export const getDb = (): Promise<Database> => runtime().db();
/** The dashboard's payment-service client. */
export const getPaymentApi = (): PaymentApi => runtime().paymentApi;
