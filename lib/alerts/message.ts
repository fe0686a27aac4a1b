/**
 * What an alert's message says, per channel format (docs/operations.md, Channels): the plain JSON
 * body, Slack-compatible `{text}`, Telegram-compatible `{chat_id, text}`, and the e-mail's subject and text.
 */
import type { AlertChannelRow, AlertEvent, AlertRow } from "@/lib/database/dashboard/schema";
import { ALERT_RULES, isAlertRuleId } from "./rules";

export interface AlertMessage {
  subject: string;
  text: string;
}

/** The words of an alert's event, with a link to the Alerts page and its orders. */
export function alertMessage(alert: AlertRow, event: AlertEvent, publicBaseUrl: string): AlertMessage {
  const base = publicBaseUrl.replace(/\/$/, "");
  const rule = isAlertRuleId(alert.rule) ? ALERT_RULES[alert.rule].label : alert.rule;
  const subject = `${event === "raised" ? "Alert" : "Resolved"}: ${alert.title}`;
  const lines = [
    `${subject}`,
    `Rule: ${rule}`,
    event === "raised" ? alert.detail : "Its condition no longer holds, or someone resolved it.",
    ...(alert.orderIds.length > 0
      ? [`Orders: ${alert.orderIds.map((id) => `${base}/orders/${id}`).join(" ")}`]
      : []),
    `${base}/alerts`,
  ];
  return { subject, text: lines.join("\n") };
}

/** The webhook's JSON body in the channel's format. */
export function webhookBody(
  channel: Pick<AlertChannelRow, "format" | "chatId">,
  alert: AlertRow,
  event: AlertEvent,
  publicBaseUrl: string,
): Record<string, unknown> {
  const { text } = alertMessage(alert, event, publicBaseUrl);
  if (channel.format === "slack") return { text };
  if (channel.format === "telegram") return { chat_id: channel.chatId ?? "", text };
  return {
    event,
    alert: {
      id: alert.id,
      rule: alert.rule,
      subject: alert.subject,
      state: alert.state,
      title: alert.title,
      detail: alert.detail,
      orderIds: alert.orderIds,
      raisedAt: alert.raisedAt,
      resolvedAt: alert.resolvedAt,
      url: `${publicBaseUrl.replace(/\/$/, "")}/alerts`,
    },
    text,
  };
}
