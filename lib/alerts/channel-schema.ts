/**
 * Settings → Alert channels, as submitted: a webhook (an http(s) URL and a body format) or e-mail
 * recipients. Refusals name the field. Plain module: the form validates with it too.
 */
import { z } from "zod";

export const WEBHOOK_FORMAT_LABELS = {
  json: "Plain JSON",
  slack: "Slack-compatible ({text})",
  telegram: "Telegram-compatible ({chat_id, text})",
} as const;
export type WebhookFormat = keyof typeof WEBHOOK_FORMAT_LABELS;

/** Recipients of one e-mail channel at most. */
export const MAX_RECIPIENTS = 20;

const email = z.email();

/**
 * A password in a webhook URL (`https://user:pass@host/…`) would be shown wherever the URL is and is never
 * sent (fetch refuses such URLs): the URL is refused instead. A token in its path or query is kept, and
 * lists show only the URL's start (maskedTarget).
 */
export const CREDENTIALS_IN_URL_MESSAGE =
  "Remove the user name and password before the @: a webhook URL cannot carry them (put a token in its path instead)";

export function hasCredentials(url: URL): boolean {
  return url.username !== "" || url.password !== "";
}

export const alertChannelInputSchema = z
  .object({
    kind: z.enum(["webhook", "email"], { message: "Choose webhook or e-mail" }),
    name: z.string().trim().min(1, "Give the channel a name").max(60, "At most 60 characters"),
    target: z.string().trim().min(1, "Required").max(2000, "At most 2000 characters"),
    format: z.enum(["json", "slack", "telegram"]).default("json"),
    chatId: z
      .string()
      .trim()
      .max(100, "At most 100 characters")
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((c, ctx) => {
    if (c.kind === "webhook") {
      let url: URL | null = null;
      try {
        url = new URL(c.target);
      } catch {}
      if (!url || (url.protocol !== "https:" && url.protocol !== "http:"))
        ctx.addIssue({ code: "custom", path: ["target"], message: "Enter an http:// or https:// URL" });
      else if (hasCredentials(url))
        ctx.addIssue({ code: "custom", path: ["target"], message: CREDENTIALS_IN_URL_MESSAGE });
      if (c.format === "telegram" && !c.chatId)
        ctx.addIssue({
          code: "custom",
          path: ["chatId"],
          message: "Telegram-compatible bodies need a chat id",
        });
      return;
    }
    const list = c.target.split(/[,;\s]+/).filter(Boolean);
    if (list.length > MAX_RECIPIENTS)
      ctx.addIssue({ code: "custom", path: ["target"], message: `At most ${MAX_RECIPIENTS} recipients` });
    const bad = list.find((a) => !email.safeParse(a).success);
    if (bad) ctx.addIssue({ code: "custom", path: ["target"], message: `“${bad}” is not an e-mail address` });
  })
  .transform((c) => ({
    kind: c.kind,
    name: c.name,
    target:
      c.kind === "email"
        ? c.target
            .split(/[,;\s]+/)
            .filter(Boolean)
            .join(", ")
        : c.target,
    format: c.kind === "email" ? ("email" as const) : c.format,
    chatId: c.kind === "webhook" && c.format === "telegram" ? c.chatId : null,
  }));
export type AlertChannelInput = z.output<typeof alertChannelInputSchema>;

/** A webhook URL as lists show it: its origin and path start, never a secret path or query in full. */
export function maskedTarget(kind: string, target: string): string {
  if (kind !== "webhook") return target;
  try {
    const url = new URL(target);
    const path = url.pathname.length > 12 ? `${url.pathname.slice(0, 12)}…` : url.pathname;
    return `${url.origin}${path}${url.search ? "?…" : ""}`;
  } catch {
    return "(not a URL)";
  }
}
