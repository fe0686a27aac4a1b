/**
 * Second factors (migration 0019): authenticator apps and passkeys, recovery codes, WebAuthn challenges,
 * pending sign-ins and the admins' "required" switch; one function per query, the db handle first.
 * lib/auth/second-factor drives them.
 */
import "server-only";
import { type Kysely, sql as raw } from "kysely";
import type { Sql } from "@/lib/database";
import { typed } from "@/lib/database/kysely";
import type {
  DashboardDatabase,
  PendingSignInRow,
  SecondFactorChallengesColumns,
  SecondFactorRow,
} from "@/lib/database/dashboard/schema";

export type { PendingSignInRow, SecondFactorRow } from "@/lib/database/dashboard/schema";

const db = (sql: Sql): Kysely<DashboardDatabase> => typed<DashboardDatabase>(sql);

/** A user's factors, confirmed ones only unless `withUnconfirmed`, oldest first. */
export async function listSecondFactors(
  sql: Sql,
  userId: string,
  withUnconfirmed = false,
): Promise<SecondFactorRow[]> {
  let q = db(sql).selectFrom("secondFactors").selectAll().where("userId", "=", userId);
  if (!withUnconfirmed) q = q.where("confirmedAt", "is not", null);
  return q.orderBy("createdAt").orderBy("id").execute();
}

/** Users (of `userIds`) with at least one confirmed factor. */
export async function usersWithSecondFactor(sql: Sql, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db(sql)
    .selectFrom("secondFactors")
    .select("userId")
    .distinct()
    .where("userId", "in", userIds)
    .where("confirmedAt", "is not", null)
    .execute();
  return new Set(rows.map((r) => r.userId));
}

export async function getSecondFactor(sql: Sql, userId: string, id: string): Promise<SecondFactorRow | null> {
  return (
    (await db(sql)
      .selectFrom("secondFactors")
      .selectAll()
      .where("userId", "=", userId)
      .where("id", "=", id)
      .executeTakeFirst()) ?? null
  );
}

/** A new, unconfirmed authenticator app in place of any unconfirmed one (a confirmed one stays: the index refuses). */
export async function putPendingTotp(
  sql: Sql,
  f: { id: string; userId: string; name: string; secret: string },
): Promise<boolean> {
  await db(sql)
    .deleteFrom("secondFactors")
    .where("userId", "=", f.userId)
    .where("kind", "=", "totp")
    .where("confirmedAt", "is", null)
    .execute();
  const row = await db(sql)
    .insertInto("secondFactors")
    .values({ ...f, kind: "totp" })
    .onConflict((oc) => oc.doNothing())
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Confirms the user's pending authenticator app at `step` (the code that confirmed it is then spent). */
export async function confirmTotp(sql: Sql, userId: string, step: number, now: Date): Promise<boolean> {
  const row = await db(sql)
    .updateTable("secondFactors")
    .set({ confirmedAt: now, lastUsedAt: now, lastStep: String(step) })
    .where("userId", "=", userId)
    .where("kind", "=", "totp")
    .where("confirmedAt", "is", null)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Records a TOTP step as spent; false when that step (or a later one) was already (a replay, or a race). */
export async function spendTotpStep(sql: Sql, factorId: string, step: number, now: Date): Promise<boolean> {
  const row = await db(sql)
    .updateTable("secondFactors")
    .set({ lastStep: String(step), lastUsedAt: now })
    .where("id", "=", factorId)
    .where((eb) => eb.or([eb("lastStep", "is", null), eb("lastStep", "<", String(step))]))
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertPasskey(
  sql: Sql,
  p: {
    id: string;
    userId: string;
    name: string;
    credentialId: string;
    publicKey: string;
    counter: number;
    transports: string[];
    now: Date;
  },
): Promise<void> {
  await db(sql)
    .insertInto("secondFactors")
    .values({
      id: p.id,
      userId: p.userId,
      kind: "passkey",
      name: p.name,
      createdAt: p.now,
      confirmedAt: p.now,
      credentialId: p.credentialId,
      publicKey: p.publicKey,
      counter: String(p.counter),
      transports: JSON.stringify(p.transports),
    })
    .execute();
}

export async function getPasskeyByCredential(
  sql: Sql,
  userId: string,
  credentialId: string,
): Promise<SecondFactorRow | null> {
  return (
    (await db(sql)
      .selectFrom("secondFactors")
      .selectAll()
      .where("userId", "=", userId)
      .where("kind", "=", "passkey")
      .where("credentialId", "=", credentialId)
      .executeTakeFirst()) ?? null
  );
}

export async function updatePasskeyCounter(sql: Sql, id: string, counter: number, now: Date): Promise<void> {
  await db(sql)
    .updateTable("secondFactors")
    .set({ counter: String(counter), lastUsedAt: now })
    .where("id", "=", id)
    .execute();
}

export async function renameSecondFactor(
  sql: Sql,
  userId: string,
  id: string,
  name: string,
): Promise<boolean> {
  const row = await db(sql)
    .updateTable("secondFactors")
    .set({ name })
    .where("userId", "=", userId)
    .where("id", "=", id)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteSecondFactor(
  sql: Sql,
  userId: string,
  id: string,
): Promise<SecondFactorRow | null> {
  return (
    (await db(sql)
      .deleteFrom("secondFactors")
      .where("userId", "=", userId)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst()) ?? null
  );
}

/** Every factor, recovery code, challenge and pending sign-in of the user (an admin's reset); how many factors went. */
export async function deleteAllSecondFactors(sql: Sql, userId: string): Promise<number> {
  const gone = await db(sql)
    .deleteFrom("secondFactors")
    .where("userId", "=", userId)
    .returning("id")
    .execute();
  await db(sql).deleteFrom("recoveryCodes").where("userId", "=", userId).execute();
  await db(sql).deleteFrom("secondFactorChallenges").where("userId", "=", userId).execute();
  await db(sql).deleteFrom("pendingSignIns").where("userId", "=", userId).execute();
  return gone.length;
}

/** Replaces the user's recovery codes with these hashes. */
export async function replaceRecoveryCodes(
  sql: Sql,
  userId: string,
  hashes: readonly string[],
): Promise<void> {
  await db(sql).deleteFrom("recoveryCodes").where("userId", "=", userId).execute();
  await db(sql)
    .insertInto("recoveryCodes")
    .values(hashes.map((codeHash) => ({ userId, codeHash })))
    .execute();
}

export async function deleteRecoveryCodes(sql: Sql, userId: string): Promise<void> {
  await db(sql).deleteFrom("recoveryCodes").where("userId", "=", userId).execute();
}

/** Marks an unused code used; false when there is no such unused code (used before, or never issued). */
export async function spendRecoveryCode(
  sql: Sql,
  userId: string,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const row = await db(sql)
    .updateTable("recoveryCodes")
    .set({ usedAt: now })
    .where("userId", "=", userId)
    .where("codeHash", "=", codeHash)
    .where("usedAt", "is", null)
    .returning("codeHash")
    .executeTakeFirst();
  return row !== undefined;
}

export async function countUnusedRecoveryCodes(sql: Sql, userId: string): Promise<number> {
  const row = await db(sql)
    .selectFrom("recoveryCodes")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("userId", "=", userId)
    .where("usedAt", "is", null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

type Purpose = SecondFactorChallengesColumns["purpose"];

export async function putChallenge(
  sql: Sql,
  c: { userId: string; purpose: Purpose; challenge: string; expiresAt: Date },
): Promise<void> {
  await db(sql)
    .insertInto("secondFactorChallenges")
    .values(c)
    .onConflict((oc) =>
      oc.columns(["userId", "purpose"]).doUpdateSet({ challenge: c.challenge, expiresAt: c.expiresAt }),
    )
    .execute();
}

/** Takes the outstanding challenge (it is gone after, whatever comes of it); null when none or expired. */
export async function takeChallenge(
  sql: Sql,
  userId: string,
  purpose: Purpose,
  now: Date,
): Promise<string | null> {
  const row = await db(sql)
    .deleteFrom("secondFactorChallenges")
    .where("userId", "=", userId)
    .where("purpose", "=", purpose)
    .returning(["challenge", "expiresAt"])
    .executeTakeFirst();
  return row && row.expiresAt.getTime() > now.getTime() ? row.challenge : null;
}

export async function insertPendingSignIn(
  sql: Sql,
  p: Omit<PendingSignInRow, "createdAt"> & { createdAt: Date },
): Promise<void> {
  await db(sql).insertInto("pendingSignIns").values(p).execute();
}

export async function getPendingSignIn(sql: Sql, id: string): Promise<PendingSignInRow | null> {
  return (
    (await db(sql).selectFrom("pendingSignIns").selectAll().where("id", "=", id).executeTakeFirst()) ?? null
  );
}

/** Takes it (single use): only one of two requests racing with the same token gets it. */
export async function takePendingSignIn(sql: Sql, id: string): Promise<PendingSignInRow | null> {
  return (
    (await db(sql).deleteFrom("pendingSignIns").where("id", "=", id).returningAll().executeTakeFirst()) ??
    null
  );
}

export async function deleteExpiredPendingSignIns(sql: Sql, now: Date): Promise<void> {
  await db(sql).deleteFrom("pendingSignIns").where("expiresAt", "<=", now).execute();
  await db(sql).deleteFrom("secondFactorChallenges").where("expiresAt", "<=", now).execute();
}

export async function getSecondFactorRequired(sql: Sql): Promise<boolean> {
  const row = await db(sql).selectFrom("secondFactorSettings").select("required").executeTakeFirst();
  return row?.required ?? false;
}

export async function saveSecondFactorRequired(
  sql: Sql,
  required: boolean,
  updatedBy: string,
): Promise<void> {
  await db(sql)
    .insertInto("secondFactorSettings")
    .values({ id: true, required, updatedBy })
    .onConflict((oc) => oc.column("id").doUpdateSet({ required, updatedBy, updatedAt: raw`now()` }))
    .execute();
}

/** Step-up: this session passed a factor now. */
export async function markSessionSecondFactor(sql: Sql, sessionId: string, now: Date): Promise<void> {
  await db(sql).updateTable("sessions").set({ secondFactorAt: now }).where("id", "=", sessionId).execute();
}

/** When this session last passed a factor, and when it was opened with a recovery code (null: never). */
export async function getSessionSecondFactorAt(
  sql: Sql,
  sessionId: string,
  userId: string,
): Promise<{ secondFactorAt: Date | null; recoverySignInAt: Date | null }> {
  const row = await db(sql)
    .selectFrom("sessions")
    .select(["secondFactorAt", "recoverySignInAt"])
    .where("id", "=", sessionId)
    .where("userId", "=", userId)
    .executeTakeFirst();
  return { secondFactorAt: row?.secondFactorAt ?? null, recoverySignInAt: row?.recoverySignInAt ?? null };
}

/** The user set a factor up: none of their sessions is held at Your account any longer. */
export async function clearMustEnrol(sql: Sql, userId: string): Promise<void> {
  await db(sql).updateTable("sessions").set({ mustEnrol: false }).where("userId", "=", userId).execute();
}
