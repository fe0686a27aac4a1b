/**
 * Sends the due alert deliveries (lib/database/dashboard/queries/alert-deliveries.ts): claims a few, sends
 * each to its channel (./send.ts), marks it sent or due again after a back-off. Any number of instances
 * may run it at once: a claim is one instance's until its lease runs out, which outlasts a send.
 */
import "server-only";
import type { Sql } from "@/lib/database";
import {
  claimDueDeliveries,
  markDeliveryFailed,
  markDeliverySent,
} from "@/lib/database/dashboard/queries/alert-deliveries";
import { SEND_TIMEOUT_MS, type SendSettings, sendToChannel } from "./send";

/** Deliveries claimed at a time. */
const CLAIM = 10;
/** A claim outlasts a send's timeouts (an e-mail: connection, greeting and socket). */
const LEASE_MS = SEND_TIMEOUT_MS * 4;

export interface DeliverySettings extends SendSettings {
  /** The first retry's delay; doubled per attempt. */
  retryMs: number;
}

export interface DeliverySummary {
  sent: number;
  failed: { channel: string; error: string }[];
}

/** Sends every due delivery, claim after claim, until none is due. */
export async function deliverDueAlerts(sql: Sql, settings: DeliverySettings): Promise<DeliverySummary> {
  const summary: DeliverySummary = { sent: 0, failed: [] };
  for (;;) {
    const claimed = await claimDueDeliveries(sql, { limit: CLAIM, leaseMs: LEASE_MS });
    if (claimed.length === 0) return summary;
    await Promise.all(
      claimed.map(async (d) => {
        try {
          await sendToChannel(settings, d.channel, d.alert, d.event);
          await markDeliverySent(sql, d);
          summary.sent++;
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          await markDeliveryFailed(sql, d, reason, settings.retryMs);
          summary.failed.push({ channel: d.channel.name, error: reason });
        }
      }),
    );
  }
}
