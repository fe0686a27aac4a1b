import "server-only";
import type { Sql } from "@/lib/database";
import { typed } from "@/lib/database/kysely";
import type { DashboardDatabase } from "@/lib/database/dashboard/schema";

const db = (sql: Sql) => typed<DashboardDatabase>(sql);

export async function getSignInDevice(sql: Sql, id: string) {
  const row = await db(sql)
    .selectFrom("signInDevices as d")
    .innerJoin("users as u", "u.id", "d.userId")
    .select(["d.id", "d.userId", "u.email", "d.expiresAt"])
    .where("d.id", "=", id)
    .executeTakeFirst();
  return row ?? null;
}

export type SignInDeviceRow = NonNullable<Awaited<ReturnType<typeof getSignInDevice>>>;

export async function insertSignInDevice(
  sql: Sql,
  d: { id: string; userId: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db(sql).insertInto("signInDevices").values(d).execute();
}

export async function deleteSignInDevice(sql: Sql, id: string): Promise<void> {
  await db(sql).deleteFrom("signInDevices").where("id", "=", id).execute();
}

export async function deleteExpiredSignInDevices(sql: Sql, now: Date): Promise<void> {
  await db(sql).deleteFrom("signInDevices").where("expiresAt", "<=", now).execute();
}
