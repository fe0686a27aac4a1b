/** The request log's rows (GET /sandbox/requests). */
import type { Sql } from "@/lib/database";
import { typed } from "@/lib/database/kysely";
import type { SandboxDatabase, SandboxRequestRow } from "./schema";

const db = (sql: Sql) => typed<SandboxDatabase>(sql);

export async function insertRequests(sql: Sql, rows: readonly SandboxRequestRow[]): Promise<void> {
  if (rows.length > 0)
    await db(sql)
      .insertInto("sandboxRequests")
      .values([...rows])
      .execute();
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
