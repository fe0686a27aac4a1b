/**
 * Sending one alert message to one channel: a webhook (POST, JSON, 2xx is success, 10 s at most) or an
 * e-mail over SMTP (nodemailer, SMTP_URL). Throws with a short reason when it was not accepted; the caller
 * records it and retries later (lib/alerts/deliver.ts).
 */
import "server-only";
import nodemailer from "nodemailer";
import type { AlertChannelRow, AlertEvent, AlertRow } from "@/lib/database/dashboard/schema";
import { alertMessage, webhookBody } from "./message";

export const SEND_TIMEOUT_MS = 10_000;

export interface SendSettings {
  publicBaseUrl: string;
  /** smtp:// or smtps:// URL of the mail server; undefined: e-mail channels fail with a clear reason. */
  smtpUrl: string | undefined;
  /** The From of alert e-mails. */
  emailFrom: string;
}

/** Splits "a@x.org, b@y.org" into its addresses. */
export function recipientsOf(target: string): string[] {
  return target
    .split(/[,;\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export async function sendToChannel(
  settings: SendSettings,
  channel: AlertChannelRow,
  alert: AlertRow,
  event: AlertEvent,
): Promise<void> {
  if (channel.kind === "webhook") {
    const response = await fetch(channel.target, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "payorders-dashboard-alerts" },
      body: JSON.stringify(webhookBody(channel, alert, event, settings.publicBaseUrl)),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      redirect: "manual",
    });
    // The body is not needed; reading it frees the connection.
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new Error(`the webhook answered ${response.status}`);
    return;
  }
  if (!settings.smtpUrl) throw new Error("SMTP_URL is not set: e-mail cannot be sent");
  const transport = nodemailer.createTransport({
    url: settings.smtpUrl,
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
  });
  try {
    const { subject, text } = alertMessage(alert, event, settings.publicBaseUrl);
    await transport.sendMail({ from: settings.emailFrom, to: recipientsOf(channel.target), subject, text });
  } finally {
    transport.close();
  }
}
