/**
 * Sending one alert message to one channel: a webhook (POST, JSON, 2xx is success, 10 s at most) or an
 * e-mail over SMTP (nodemailer, SMTP_URL). Throws with a short reason in our own words when it was not
 * accepted; the caller records it and retries later (lib/alerts/deliver.ts).
 */
import "server-only";
import nodemailer from "nodemailer";
import type { AlertChannelRow, AlertEvent, AlertRow } from "@/lib/database/dashboard/schema";
import { hasCredentials } from "./channel-schema";
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

/**
 * Why a message was not delivered, in our own words: shown on pages, kept on the delivery and logged. A
 * library's error text is never passed on, as it may quote the channel's URL or the mail server's answer.
 */
export class ChannelSendError extends Error {
  override name = "ChannelSendError";
}

/** The error code a network or SMTP error carries (ECONNREFUSED, EAUTH), when it is one. */
function errorCode(error: unknown): string | null {
  const of = (e: unknown) =>
    e && typeof e === "object" && "code" in e && typeof e.code === "string" && /^[A-Z_]{2,32}$/.test(e.code)
      ? e.code
      : null;
  return of(error) ?? of(error instanceof Error ? error.cause : null);
}

function inWords(kind: string, error: unknown): string {
  if (error instanceof ChannelSendError) return error.message;
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
    return `no answer within ${SEND_TIMEOUT_MS / 1000} s`;
  const code = errorCode(error);
  const what = kind === "webhook" ? "the webhook could not be reached" : "the mail server did not take it";
  return code ? `${what} (${code})` : what;
}

/** Sends one message; throws a ChannelSendError whose message says why not, in words safe to show. */
export async function sendToChannel(
  settings: SendSettings,
  channel: AlertChannelRow,
  alert: AlertRow,
  event: AlertEvent,
): Promise<void> {
  try {
    await send(settings, channel, alert, event);
  } catch (error) {
    throw new ChannelSendError(inWords(channel.kind, error));
  }
}

async function send(
  settings: SendSettings,
  channel: AlertChannelRow,
  alert: AlertRow,
  event: AlertEvent,
): Promise<void> {
  if (channel.kind === "webhook") {
    // A channel saved before such URLs were refused (alertChannelInputSchema).
    if (URL.canParse(channel.target) && hasCredentials(new URL(channel.target)))
      throw new ChannelSendError("its URL carries a user name or password: edit the channel and remove them");
    const response = await fetch(channel.target, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "payorders-dashboard-alerts" },
      body: JSON.stringify(webhookBody(channel, alert, event, settings.publicBaseUrl)),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      redirect: "manual",
    });
    // The body is not needed; reading it frees the connection.
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new ChannelSendError(`the webhook answered ${response.status}`);
    return;
  }
  if (!settings.smtpUrl) throw new ChannelSendError("SMTP_URL is not set: e-mail cannot be sent");
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
