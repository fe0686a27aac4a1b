/**
 * For integration tests: a real sandbox on an ephemeral port over a scratch database of the backend TEST_DB
 * chooses, with a client pointed at it. The database stays open so tests can count what the sandbox stored.
 */
import "server-only";
import type { Database } from "@/lib/database";
import { typed } from "@/lib/database/kysely";
import { createScratchDatabase } from "@/lib/testing/database";
import { type RunningSandbox, type SandboxOptions, startSandbox } from "@/lib/sandbox/server";
import type { SandboxDatabase } from "@/lib/database/sandbox/schema";
import { createPaymentApiClient } from "@/lib/payment-api/client";
import type { PaymentApi, PaymentApiConfig } from "@/lib/payment-api/types";

import { TEST_ACCOUNT } from "@/lib/testing/sandbox-http";

export { TEST_ACCOUNT };

/** The dashboard's environment for calling the sandbox at `url` as TEST_ACCOUNT. */
export function paymentApiEnv(url: string): Record<string, string> {
  return {
    PAYMENT_API_BASE_URL: url,
    PAYMENT_API_CLIENT_ID: TEST_ACCOUNT.clientId,
    PAYMENT_API_SECRET: TEST_ACCOUNT.secret,
  };
}

export interface SandboxFixture {
  url: string;
  db: Database;
  /** A client of the sandbox with the test account; `config` overrides any setting (baseUrl included). */
  client(config?: Partial<PaymentApiConfig>): PaymentApi;
  /** How many orders the sandbox holds for a paymentId (both directions). */
  countOrders(paymentId: string): Promise<number>;
  close(): Promise<void>;
}

export interface ScratchSandbox {
  sandbox: RunningSandbox;
  /** The sandbox's database, open for the test to read what it stored. */
  db: Database;
  /** Stops the sandbox and drops its database. */
  close(): Promise<void>;
}

/**
 * A real sandbox on a free port over a scratch database (`prefix` names it on PostgreSQL), with the test
 * account unless `options` says otherwise. `wrap` may put something between the sandbox and its database
 * (a statement counter).
 */
export async function startScratchSandbox(
  prefix: string,
  options: Partial<SandboxOptions> = {},
  wrap: (db: Database) => Database = (db) => db,
): Promise<ScratchSandbox> {
  const scratch = await createScratchDatabase(prefix, "sandbox");
  const db = await scratch.open();
  const sandbox = await startSandbox({ port: 0, database: wrap(db), accounts: [TEST_ACCOUNT], ...options });
  return {
    sandbox,
    db,
    close: async () => {
      await sandbox.close();
      await db.close();
      await scratch.drop();
    },
  };
}

export async function startSandboxFixture(options: Partial<SandboxOptions> = {}): Promise<SandboxFixture> {
  const { sandbox, db, close } = await startScratchSandbox("payment_api", {
    callbackRetrySchedule: [50],
    ...options,
  });
  return {
    url: sandbox.url,
    db,
    client: (config = {}) =>
      createPaymentApiClient({
        baseUrl: sandbox.url,
        clientId: TEST_ACCOUNT.clientId,
        secret: TEST_ACCOUNT.secret,
        timeoutMs: 5_000,
        backoffMs: 10,
        ...config,
      }),
    countOrders: async (paymentId) => {
      const row = await typed<SandboxDatabase>(db)
        .selectFrom("sandboxOrders")
        .select((eb) => eb.cast<number>(eb.fn.countAll(), "integer").as("n"))
        .where("paymentId", "=", paymentId)
        .executeTakeFirst();
      return row?.n ?? 0;
    },
    close,
  };
}
