/**
 * The sandbox database's tables as Kysely types (lib/database/kysely.ts): the one definition its rows are
 * typed from. camelCase here, snake_case in SQL (lib/database/sandbox/migrations), converted by CamelCasePlugin.
 * Keep in step with the migrations: a column added there is added here.
 *
 * Driver conventions (lib/database/index.ts): numeric → string, timestamptz → Date, jsonb → parsed value;
 * jsonb is written as JSON text (JSON.stringify), never as an object (pg would turn an array into a
 * PostgreSQL array literal).
 *
 * Names (docs/architecture.md, One owner per shape): a table's interface is `<Table>Columns`, a row as stored
 * `<Thing>Row`, a row to insert `New<Thing>Row`.
 */
import type { ColumnType, Generated, Selectable } from "kysely";
import type { BankDetails, ChaosMode, Direction, ResolvedChaos, SandboxChaos } from "@/lib/contract";
import type { Defaulted, Json } from "@/lib/database/column-types";

/**
 * The chaos chosen for one callback (lib/sandbox/chaos.ts): its modes ("stale": the older-status callback
 * that out-of-order sends after the real one), the seed its retry jitter is drawn from, and how long
 * "late" holds it.
 */
export interface CallbackChaos {
  modes: (ChaosMode | "stale")[];
  seed: number;
  delayMs: number;
}

export interface SandboxDatabase {
  sandboxOrders: SandboxOrdersColumns;
  sandboxCallbacks: SandboxCallbacksColumns;
  sandboxCallbackAttempts: SandboxCallbackAttemptsColumns;
  sandboxRateLimits: SandboxRateLimitsColumns;
  sandboxFaults: SandboxFaultsColumns;
  sandboxRequests: SandboxRequestsColumns;
  sandboxClocks: SandboxClocksColumns;
  sandboxRuns: SandboxRunsColumns;
}

/** A QA run: a merchant account made on the fly (migration 0006). */
export interface SandboxRunsColumns {
  clientId: string;
  secret: string;
  /** The configured account that made it. */
  parentClientId: string;
  label: string | null;
  /** Callback chaos for the run's orders that pick none themselves. */
  chaos: Json<SandboxChaos | null>;
  createdAt: Date;
  lastSeenAt: Date;
}

/** How far an account's clock runs ahead of the real one (migration 0004; no row: not at all). */
export interface SandboxClocksColumns {
  clientId: string;
  /** bigint: read as a string by both drivers; cast to int8 → number in queries. */
  offsetMs: ColumnType<string, number, number>;
  updatedAt: Defaulted<Date>;
}

/** One request the sandbox answered (migration 0003). */
export interface SandboxRequestsColumns {
  id: string;
  at: Date;
  /** As the request named it (X-Client-Id or the operator page's sign-in), known account or not. */
  clientId: string | null;
  method: string;
  /** Path and query as sent (bounded). */
  path: string;
  status: number;
  /** "accepted", or the problem's kind ("validation", "unauthorized", …). */
  verdict: string;
  /** For a refusal: what was wrong (the problem's first field error, or its detail). */
  detail: string | null;
  latencyMs: number;
  orderId: string | null;
}

export interface SandboxOrdersColumns {
  id: string;
  clientId: string;
  direction: Direction;
  paymentId: string;
  requestHash: string;
  paymentMethod: string;
  country: string;
  currency: string | null;
  amount: string;
  finalAmount: string;
  status: string;
  request: Json<Record<string, unknown>>;
  bankDetails: Json<BankDetails | null>;
  postbackUrl: string | null;
  expiresAt: Date | null;
  createdAt: Defaulted<Date>;
  updatedAt: Defaulted<Date>;
  /** Callback chaos asked for (migration 0005); null: none. */
  chaos: Json<ResolvedChaos | null>;
}

export interface SandboxCallbacksColumns {
  id: string;
  orderId: string;
  clientId: string;
  url: string;
  status: string;
  body: string;
  state: "pending" | "delivered" | "failed";
  attempts: Defaulted<number>;
  nextAttemptAt: Defaulted<Date>;
  lockedUntil: Date | null;
  createdAt: Defaulted<Date>;
  finishedAt: Date | null;
  /** What chaos was chosen for this callback (migration 0005); null: none. */
  chaos: ColumnType<CallbackChaos | null, string | null | undefined, string | null>;
}

export interface SandboxCallbackAttemptsColumns {
  id: string;
  callbackId: string;
  attempt: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  /** What was done to this attempt on purpose (callback chaos), e.g. "bad-signature". */
  chaos: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SandboxRateLimitsColumns {
  clientId: string;
  windowStart: Date;
  count: number;
}

export interface SandboxFaultsColumns {
  clientId: string;
  direction: Direction;
  paymentId: string;
  kind: string;
  at: Generated<Date>;
}

export type SandboxOrderRow = Selectable<SandboxOrdersColumns>;
/** A new order as created (orders.ts writes its jsonb values as JSON text); updatedAt starts as createdAt. */
export type NewSandboxOrderRow = Omit<SandboxOrderRow, "updatedAt">;
export type SandboxRunRow = Selectable<SandboxRunsColumns>;
export type SandboxRequestRow = Selectable<SandboxRequestsColumns>;
export type SandboxCallbackRow = Selectable<SandboxCallbacksColumns>;
export type SandboxCallbackAttemptRow = Selectable<SandboxCallbackAttemptsColumns>;
