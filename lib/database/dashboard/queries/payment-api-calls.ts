import "server-only";
import type { Sql } from "@/lib/database";
import type { DashboardDatabase, PaymentApiCall } from "@/lib/database/dashboard/schema";
import { typed } from "@/lib/database/kysely";

/**
 * An attempt as the pages show it, with the email of whoever caused it (null: the dashboard itself) and
 * the order it was about, if it is one of ours.
 */
export type PaymentApiCallRow = PaymentApiCall & { userEmail: string | null; orderId: string | null };

const calls = (sql: Sql) =>
  typed<DashboardDatabase>(sql)
    .selectFrom("paymentApiCalls as c")
    .leftJoin("users as u", "u.id", "c.userId")
    .selectAll("c")
    .select((eb) => [
      "u.email as userEmail",
      eb
        .selectFrom("orders as o")
        .select("o.id")
        .where((w) =>
          w.or([
            w("o.paymentId", "=", w.ref("c.paymentId")),
            w("o.providerOrderId", "=", w.ref("c.serviceOrderId")),
          ]),
        )
        .limit(1)
        .as("orderId"),
    ]);

/** An order's calls, oldest first: those whose body named its paymentId or whose path its service id. */
export async function listCallsForOrder(
  sql: Sql,
  order: { paymentId: string; providerOrderId: string | null },
): Promise<PaymentApiCallRow[]> {
  return calls(sql)
    .where((eb) =>
      eb.or([
        eb("c.paymentId", "=", order.paymentId),
        ...(order.providerOrderId ? [eb("c.serviceOrderId", "=", order.providerOrderId)] : []),
      ]),
    )
    .orderBy("c.startedAt")
    .orderBy("c.attempt")
    .execute();
}

/** The latest attempts of any call, newest first. */
export async function listRecentCalls(sql: Sql, limit: number): Promise<PaymentApiCallRow[]> {
  return calls(sql).orderBy("c.startedAt", "desc").orderBy("c.id", "desc").limit(limit).execute();
}
