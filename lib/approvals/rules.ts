/**
 * Which pay-outs wait for approval (docs/guide.md, Pay-out approvals): the setting's shape, its validation
 * (the settings form and the server action share it) and the rule itself. Amounts are decimal strings and
 * are compared in minor units, never as binary floats (lib/contract/money.ts).
 * Pure module: safe in client components.
 */
import { z } from "zod";
import { formatMinorUnits, ORDER_CURRENCIES, parseAmountText, toMinorUnits } from "@/lib/contract";

export const APPROVAL_MODES = ["off", "all", "threshold"] as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[number];

export const APPROVAL_MODE_LABELS: Record<ApprovalMode, string> = {
  off: "Off: pay-outs are sent at once",
  all: "Every pay-out waits for approval",
  threshold: "Pay-outs from an amount, per currency",
};

export interface ApprovalSettings {
  mode: ApprovalMode;
  /** Currency → the smallest amount that waits ("100000.00"); read only in "threshold" mode. */
  thresholds: Record<string, string>;
}

export const APPROVALS_OFF: ApprovalSettings = { mode: "off", thresholds: {} };

/** The threshold as typed, read as every amount is (lib/contract/amount-text.ts): "100 000", "5000,5". */
function thresholdProblem(text: string): string | undefined {
  const reading = parseAmountText(text);
  return reading.ok ? undefined : reading.message;
}

/** A threshold as stored: two decimals ("100 000" → "100000.00"). */
export function canonicalThreshold(text: string): string {
  const reading = parseAmountText(text);
  if (!reading.ok) throw new RangeError(reading.message);
  return formatMinorUnits(reading.minor);
}

const thresholdValue = z
  .string({ error: "Required: an amount" })
  .trim()
  .superRefine((text, ctx) => {
    const problem = thresholdProblem(text);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .transform(canonicalThreshold);

/**
 * The settings as an admin saves them. Refusals name the field: `mode`, or `thresholds.RUB` for one
 * currency's amount, or `thresholds.XYZ` for a currency no order can be in.
 */
export const approvalSettingsSchema = z
  .object({
    mode: z.enum(APPROVAL_MODES, { error: `Must be one of ${APPROVAL_MODES.join(", ")}` }),
    thresholds: z.record(z.string(), thresholdValue).default({}),
  })
  .superRefine((s, ctx) => {
    for (const currency of Object.keys(s.thresholds)) {
      if (!ORDER_CURRENCIES.includes(currency)) {
        ctx.addIssue({
          code: "custom",
          path: ["thresholds", currency],
          message: `Unknown currency “${currency}”: must be one of ${ORDER_CURRENCIES.join(", ")}`,
        });
      }
    }
    if (s.mode === "threshold" && Object.keys(s.thresholds).length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["thresholds"],
        message: "Set an amount for at least one currency, or choose another mode",
      });
    }
  });

export type ApprovalSettingsInput = z.input<typeof approvalSettingsSchema>;

/** The smallest two-decimal amount string's minor units; pay-out amounts are stored the same way. */
const minorOf = (decimal: string) => toMinorUnits(Number(decimal));

/**
 * Why a pay-out of `amount` in `currency` must wait, in words ("every pay-out", "RUB from 100000.00"), or
 * null when it is sent at once. A currency with no threshold, or an order with no currency, is not held.
 */
export function approvalRuleFor(
  settings: ApprovalSettings,
  order: { amount: string; currency: string | null },
): string | null {
  if (settings.mode === "off") return null;
  if (settings.mode === "all") return "every pay-out";
  const threshold = order.currency ? settings.thresholds[order.currency] : undefined;
  if (threshold === undefined) return null;
  return minorOf(order.amount) >= minorOf(threshold) ? `${order.currency} from ${threshold}` : null;
}

/** The setting in words, for the activity log and the settings page. */
export function describeApprovalSettings(settings: ApprovalSettings): string {
  if (settings.mode !== "threshold") return settings.mode === "off" ? "off" : "every pay-out";
  const parts = Object.entries(settings.thresholds)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, amount]) => `${currency} from ${amount}`);
  return `pay-outs of ${parts.join(", ")}`;
}
