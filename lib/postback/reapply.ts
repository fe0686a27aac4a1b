import "server-only";
import { randomUUID } from "node:crypto";
import type { Sql } from "@/lib/database";
import { storeAndApplySignedCallback } from "@/lib/database/dashboard/queries/callback-receiver";
import { writeAudit } from "@/lib/database/dashboard/queries/audit";
import type { CallbackOutcome } from "@/lib/database/dashboard/schema";
import { typed } from "@/lib/database/kysely";
import type { DashboardDatabase } from "@/lib/database/dashboard/schema";
import { summarizeBody } from "./body-summary";
import { parsePayload, whatItSays } from "./receive";
import { verifyCallbackSignature } from "./verify";

export interface ReapplySettings {
  secret: string;
  previousSecret?: string | undefined;
  clientId: string;
}

export type ReapplyResult =
  | { ok: true; deliveryId: string; outcome: Exclude<CallbackOutcome, "received">; orderId: string | null }
  | { ok: false; reason: "not-found" | "unsigned" | "signature" | "invalid"; message: string };

/**
 * Re-applies a stored delivery: the receiver's logic runs again on its stored bytes, as if it came now.
 * - Only a signed delivery kept whole qualifies; its signature is checked again, as of when it came (its
 *   timestamp was fresh then), with the secrets configured now.
 * - The event's one-claim rule is left out (the event was claimed when it first came); the status rules
 *   alone decide, so a re-application is idempotent: what is already applied comes out "duplicate", what
 *   the order has moved past "stale", and an "unknown order" whose order exists now is applied.
 * - The re-application is a delivery of its own, linked to the original and to who asked, in one
 *   transaction with its effect; audited there too, unless `audit` is false ("Re-apply all" writes one
 *   entry for the whole batch instead).
 */
export async function reapplyDelivery(
  db: Sql,
  deliveryId: string,
  settings: ReapplySettings,
  userId: string,
  { audit = true }: { audit?: boolean } = {},
): Promise<ReapplyResult> {
  const d = await typed<DashboardDatabase>(db)
    .selectFrom("callbackDeliveries")
    .select(["id", "receivedAt", "headers", "rawBody", "bodyBytes", "outcome"])
    .where("id", "=", deliveryId)
    .executeTakeFirst();
  if (!d) return { ok: false, reason: "not-found", message: "No such callback delivery." };
  const bytes = Buffer.byteLength(d.rawBody, "utf8");
  if (d.outcome === "rejected" || (d.bodyBytes !== null && d.bodyBytes !== bytes))
    return {
      ok: false,
      reason: "unsigned",
      message:
        "Its signature was refused when it came, and only a part of it was kept: there is nothing to re-apply.",
    };
  const verification = verifyCallbackSignature({
    ...settings,
    headers: d.headers,
    rawBody: d.rawBody,
    now: d.receivedAt,
  });
  if (!verification.ok)
    return {
      ok: false,
      reason: "signature",
      message: `Its signature does not verify with the secrets configured now (${verification.error}), so it is not re-applied.`,
    };
  const parsed = parsePayload(d.rawBody);
  if (!parsed.ok)
    return {
      ok: false,
      reason: "invalid",
      message: `Its body is not a valid callback (${parsed.errors.map((e) => `${e.path}: ${e.message}`).join("; ")}), so the receiver would refuse it again.`,
    };
  const payload = parsed.payload;
  const id = randomUUID();
  return db.transaction(async (tx) => {
    const { outcome, orderId } = await storeAndApplySignedCallback(tx, {
      id,
      // The event stays the original's: this row claims nothing (see migration 0012).
      webhookId: null,
      eventId: null,
      headers: d.headers,
      body: { rawBody: d.rawBody, ...summarizeBody(Buffer.from(d.rawBody, "utf8")) },
      ...whatItSays(payload),
    });
    await typed<DashboardDatabase>(tx)
      .updateTable("callbackDeliveries")
      .set({ reapplyOf: d.id, reappliedBy: userId })
      .where("id", "=", id)
      .execute();
    if (audit)
      await writeAudit(tx, {
        userId,
        action: "callback.reapply",
        target: d.id,
        details: { outcome, orderId, delivery: id, status: payload.status },
      });
    return { ok: true as const, deliveryId: id, outcome, orderId };
  });
}
