/**
 * What a call to the payment service was, as the request log files and filters it: read off its method and
 * path (the base URL may carry a path of its own, so the service's path is matched at the end). Pure.
 */

import { CALL_KINDS, type CallKind } from "@/lib/database/dashboard/schema";

export { CALL_KINDS, type CallKind };

export const CALL_KIND_TEXT: Record<CallKind, string> = {
  "payin-create": "Pay-in create",
  "payout-create": "Pay-out create",
  "bank-list": "Bank list",
  sandbox: "Sandbox controls",
  other: "Other",
};

export function isCallKind(value: string): value is CallKind {
  return (CALL_KINDS as readonly string[]).includes(value);
}

/** The kind of a call from its method and full URL (what the log stores). */
export function callKindOf(method: string, url: string): CallKind {
  const path = new URL(url).pathname;
  if (method === "POST" && path.endsWith("/api/v1/payin/create")) return "payin-create";
  if (method === "POST" && path.endsWith("/api/v1/payout/create")) return "payout-create";
  if (method === "GET" && path.endsWith("/api/v1/bank/available")) return "bank-list";
  if (path.includes("/sandbox/")) return "sandbox";
  return "other";
}
