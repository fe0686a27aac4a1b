/** The request log's rows (GET /sandbox/requests). */
import type { Sql } from "@/lib/database";
import type { Kysely } from "kysely";
import { prepare, typed } from "@/lib/database/kysely";
import { type ColumnArrays, columnArrays, everyColumn, unnestRows } from "@/lib/database/unnest";
import type { SandboxDatabase, SandboxRequestRow } from "./schema";

const db = (sql: Sql) => typed<SandboxDatabase>(sql);

const REQUEST_COLUMNS = everyColumn<SandboxRequestRow>()([
  "id",
  "at",
  "clientId",
  "method",
  "path",
  "status",
  "verdict",
  "detail",
  "latencyMs",
  "orderId",
]);

const COLUMN_TYPES: Record<(typeof REQUEST_COLUMNS)[number], string> = {
  id: "uuid",
  at: "timestamptz",
  clientId: "text",
  method: "text",
  path: "text",
  status: "integer",
  verdict: "text",
  detail: "text",
  latencyMs: "real",
  orderId: "uuid",
};

// A batch is up to 1,000 rows (lib/sandbox/request-log.ts): as arrays, one statement compiled once, where a VALUES
// list took a Kysely compile and a server parse of up to 10,000 parameters every flush.
const insertMany = prepare(
  REQUEST_COLUMNS,
  (k: Kysely<SandboxDatabase>, a: ColumnArrays<(typeof REQUEST_COLUMNS)[number]>) =>
    k
      .insertInto("sandboxRequests")
      .columns([...REQUEST_COLUMNS])
      .expression(k.selectFrom(unnestRows(REQUEST_COLUMNS, COLUMN_TYPES, a)).selectAll()),
);

export async function insertRequests(sql: Sql, rows: readonly SandboxRequestRow[]): Promise<void> {
  if (rows.length > 0) await insertMany(sql, columnArrays(REQUEST_COLUMNS, rows));
}

/** An account's requests, newest first; only those about `orderId` when given; older than `before`. */
export async function listRequests(
  sql: Sql,
  clientId: string,
  filter: { orderId?: string; before?: Date; limit: number },
): Promise<SandboxRequestRow[]> {
  let q = db(sql).selectFrom("sandboxRequests").selectAll().where("clientId", "=", clientId);
  if (filter.orderId) q = q.where("orderId", "=", filter.orderId);
  if (filter.before) q = q.where("at", "<", filter.before);
  return q.orderBy("at", "desc").orderBy("id", "desc").limit(filter.limit).execute();
}

export async function deleteRequestsBefore(sql: Sql, before: Date): Promise<void> {
  await db(sql).deleteFrom("sandboxRequests").where("at", "<", before).execute();
}
