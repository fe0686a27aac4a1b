import type { AuditAction } from "@/lib/database/dashboard/audit-actions";
import { isAuditAction } from "@/lib/database/dashboard/audit-actions";
import { batchHref, callbackHref, orderHref, userHref } from "./user-link";
import { isRecord } from "@/lib/contract/is-record";
import { isUuid } from "@/lib/contract/uuid";
import { describeCallbackFilters } from "@/lib/callbacks/list-filters";
import { OUTCOME_FILTER_TEXT, OUTCOME_TEXT } from "@/lib/callbacks/outcomes";
import type { CallbackOutcome } from "@/lib/database/dashboard/schema";

/**
 * Turns an audit entry into a sentence for the activity log, with the users and orders it names as links.
 * SENTENCES has one entry per audit action code (the type makes a missing one a compile error, and the
 * unit test a failing one), so no raw code ever reaches the page.
 */
export interface ActivityEntry {
  action: string;
  target: string | null;
  targetEmail: string | null;
  details: Record<string, unknown>;
}

/** Plain text, or a link (to a user's row on /users or an order's page). */
export type ActivityPart = string | { text: string; href: string; title?: string };

const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** "2026-03-01T10:15:00.000Z" → "2026-03-01 10:15 UTC"; anything else as it is. */
function utcMinute(iso: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
  return m ? `${m[1]} ${m[2]} UTC` : iso;
}

/** The user an entry is about: their email, linked to their row when the target is a user id. */
function who(e: ActivityEntry): ActivityPart {
  const email = e.targetEmail ?? (str(e.details.email) || null);
  if (e.target && isUuid(e.target)) return { text: email ?? "a user", href: userHref(e.target) };
  return email ?? e.target ?? "an unknown account";
}

/**
 * An admin who adds an approver (or an admin) has a second person for their own pay-outs: the entry says so
 * beside who did it and when (docs/security.md, Roles).
 */
function mayApprove(role: unknown): string {
  return role === "approver" || role === "admin"
    ? " — who may now approve pay-outs, this admin's own included"
    : "";
}

const DIRECTION: Record<string, string> = { payin: "pay-in", payout: "pay-out" };

/** "pay-in 7651ab12" linked to the order: the paymentId's first 8 characters, as the orders list shows it. */
function order(e: ActivityEntry): ActivityPart[] {
  const direction = DIRECTION[str(e.details.direction)] ?? "order";
  if (!e.target || !isUuid(e.target)) return [`an ${direction === "order" ? "order" : direction}`];
  const paymentId = str(e.details.paymentId);
  const ref = (paymentId || e.target).slice(0, 8);
  return [`${direction} `, { text: ref, href: orderHref(e.target), title: paymentId || e.target }];
}

/** " (SBP, 150.00): In progress" — what was sent and what came of it. */
function orderSummary(e: ActivityEntry): string {
  const what = [str(e.details.paymentMethod), str(e.details.amount)].filter(Boolean).join(", ");
  const outcome = str(e.details.outcome);
  return `${what ? ` (${what})` : ""}${outcome ? `: ${outcome}` : ""}`;
}

const FILTER_LABELS: Record<string, string> = {
  direction: "direction",
  method: "method",
  status: "status",
  country: "country",
  from: "from",
  to: "to",
  q: "search",
};

/** "all orders", or "orders with status “Success”" (`rows`: what was exported). */
function exportFilters(e: ActivityEntry, rows = "orders"): string {
  const filters = e.details.filters;
  if (!filters || typeof filters !== "object") return `all ${rows}`;
  const parts = Object.entries(filters as Record<string, unknown>)
    .filter(([, v]) => typeof v === "string" && v !== "")
    .map(([k, v]) => `${FILTER_LABELS[k] ?? k} “${DIRECTION[v as string] ?? v}”`);
  return parts.length ? `${rows} with ${parts.join(", ")}` : `all ${rows}`;
}

const FAILED_REASON: Record<string, string> = {
  "unknown-email": "no such account",
  "wrong-password": "wrong password",
  disabled: "account disabled",
  "one-time-expired": "one-time password expired",
  "one-time-used": "one-time password already used",
};

/** " (Chrome on Linux, 203.0.113.9)": which session an entry ended. */
function sessionPlace(e: ActivityEntry): string {
  const place = [str(e.details.browser), str(e.details.ip)].filter(Boolean).join(", ");
  return place ? ` (${place})` : "";
}

const count = (e: ActivityEntry, one: string): string => {
  const n = typeof e.details.count === "number" ? e.details.count : 0;
  return `${n} ${one}${n === 1 ? "" : "s"}`;
};

const FACTOR_TEXT: Record<string, string> = {
  totp: "an authenticator app code",
  "recovery-code": "a recovery code",
  passkey: "a passkey",
};

const SENTENCES: Record<AuditAction, (e: ActivityEntry) => ActivityPart[]> = {
  "auth.sign-in": (e) => [
    typeof e.details.secondFactor === "string"
      ? `Signed in with ${FACTOR_TEXT[str(e.details.secondFactor)] ?? "a second factor"}`
      : "Signed in",
  ],
  "auth.second-factor-failed": (e) => [
    `Wrong second factor at sign-in${e.details.exhausted === true ? " (too many: sign-in ended)" : ""}`,
  ],
  "auth.sign-out": () => ["Signed out"],
  "auth.sign-in-failed": (e) => {
    const reason = FAILED_REASON[str(e.details.reason)];
    return [`Failed sign-in as ${e.target ?? "unknown"}${reason ? ` (${reason})` : ""}`];
  },
  "auth.session-end": (e) => [`Signed out one of their other sessions${sessionPlace(e)}`],
  "auth.sessions-end-others": (e) => [`Signed out their ${count(e, "other session")}`],
  "auth.sign-in-blocked": (e) => [`Sign-in as ${e.target ?? "unknown"} blocked (too many attempts)`],
  "auth.account-locked": (e) => [
    "Locked ",
    who(e),
    ` against sign-in until ${utcMinute(str(e.details.until))} (too many failed attempts)`,
  ],
  "user.bootstrap": (e) => ["Created the first admin ", who(e)],
  "user.create": (e) => ["Added ", who(e), ` as ${str(e.details.role)}`, mayApprove(e.details.role)],
  "user.role": (e) => [
    "Changed ",
    who(e),
    ` from ${str(e.details.from)} to ${str(e.details.to)}`,
    mayApprove(e.details.to),
  ],
  "user.disable": (e) => ["Disabled ", who(e)],
  "user.enable": (e) => ["Enabled ", who(e)],
  "user.unlock": (e) => ["Unlocked ", who(e)],
  "user.password-change": (e) => [
    e.details.afterReset === true
      ? "Replaced their one-time password with a new password"
      : "Changed their own password",
  ],
  "user.password-reset": (e) => [
    "Reset the password of ",
    who(e),
    " (signed out; a one-time password must be replaced at the next sign-in)",
  ],
  "user.session-end": (e) => ["Ended a session of ", who(e), sessionPlace(e)],
  "user.sessions-end": (e) => ["Ended every session of ", who(e), ` (${count(e, "session")})`],
  "user.second-factor-add": (e) => [
    e.details.kind === "passkey"
      ? `Added the passkey “${str(e.details.name)}”`
      : "Set up an authenticator app",
  ],
  "user.second-factor-remove": (e) => [`Removed the second factor “${str(e.details.name)}”`],
  "user.second-factor-reset": (e) => [
    "Reset the second factors of ",
    who(e),
    " (signed out; recovery codes removed)",
  ],
  "user.recovery-codes": () => ["Made new recovery codes"],
  "order.create": (e) => ["Created the ", ...order(e), orderSummary(e)],
  "order.retry": (e) => ["Resent the ", ...order(e), ` by hand${orderSummary(e)}`],
  "order.resume": (e) => ["Resumed the ", ...order(e), ` after an interrupted submission${orderSummary(e)}`],
  "order.sandbox-status": (e) => [
    "Asked the sandbox to mark ",
    ...order(e),
    ` as ${str(e.details.status) || "changed"}`,
  ],
  "order.approval-requested": (e) => [
    "Created the ",
    ...order(e),
    `${orderSummary(e)}: awaits approval (${str(e.details.rule) || "approval required"})`,
  ],
  "order.approve": (e) => [
    "Approved the ",
    ...order(e),
    `${orderSummary(e)}${e.details.stepUp === "password" ? ", confirmed with their password" : ""}`,
  ],
  "order.approved-send": (e) => ["Sent the approved ", ...order(e), orderSummary(e)],
  "order.reject": (e) => ["Rejected the ", ...order(e), `${orderSummary(e)}: “${str(e.details.reason)}”`],
  "order.cancel": (e) => [
    "Cancelled the ",
    ...order(e),
    `${orderSummary(e)}${str(e.details.reason) ? `: “${str(e.details.reason)}”` : ""}`,
  ],
  "settings.payout-approvals": (e) => [
    `Set pay-out approvals from ${str(e.details.from) || "off"} to ${str(e.details.to) || "off"}`,
  ],
  "settings.approver-hold": (e) => [
    `Set the wait before a new approver may approve from ${Number(e.details.from) ? `${Number(e.details.from)} h` : "off"} to ${Number(e.details.to) ? `${Number(e.details.to)} h` : "off"}`,
  ],
  "settings.second-factor": (e) => [
    e.details.required === true
      ? "Required a second factor for admins and approvers"
      : "Made the second factor optional",
  ],
  "batch.upload": (e) => [
    "Uploaded ",
    ...batch(e),
    `: ${num(e.details.rows)} pay-outs${batchTotals(e)}${str(e.details.rule) ? `, awaiting approval (${str(e.details.rule)})` : ""}`,
  ],
  "batch.approve": (e) => [
    "Approved ",
    ...batch(e),
    `${batchTotals(e)}${e.details.stepUp === "password" ? ", confirmed with their password" : ""}`,
  ],
  "batch.reject": (e) => ["Rejected ", ...batch(e), `${batchTotals(e)}: “${str(e.details.reason)}”`],
  "batch.cancel": (e) => [
    "Cancelled ",
    ...batch(e),
    `: ${num(e.details.cancelledRows)} pay-outs not yet sent${str(e.details.reason) ? `: “${str(e.details.reason)}”` : ""}`,
  ],
  "orders.export": (e) => [`Exported ${exportFilters(e)} as CSV`],
  "requests.export": (e) => [`Exported ${exportFilters(e, "calls to the payment service")} as CSV`],
  "callback.reapply": (e) => [
    "Re-applied a ",
    ...callback(e),
    str(e.details.outcome)
      ? `: ${OUTCOME_TEXT[str(e.details.outcome) as CallbackOutcome] ?? str(e.details.outcome)}`
      : "",
  ],
  "callbacks.reapply-filter": (e) => [
    `Re-applied ${num(e.details.count)} callback${e.details.count === 1 ? "" : "s"} (${callbackFilters(e)})${tally(e.details.outcomes)}`,
  ],
  "callback.resend": (e) => ["Asked the sandbox to send a ", ...callback(e), " again"],
  "case.open": (e) => [
    "The customer reported paying the ",
    ...order(e),
    ` (“I have paid”: ${str(e.details.reference)})`,
  ],
  "case.close": (e) => [
    `Closed the “I have paid” case of the `,
    ...order(e),
    ` as ${e.details.state === "found" ? "found" : "not found"}${str(e.details.note) ? `: “${str(e.details.note)}”` : ""}`,
  ],
  "alert.acknowledge": (e) => ["Acknowledged the alert ", ...alert(e)],
  "alert.resolve": (e) => ["Resolved the alert ", ...alert(e)],
  "settings.alerts": (e) => [
    `Changed the alert rules${Array.isArray(e.details.changes) ? `: ${e.details.changes.map(str).join("; ")}` : ""}`,
  ],
  "settings.alert-channel-add": (e) => [
    `Added the alert channel “${str(e.details.name)}” (${e.details.kind === "email" ? "e-mail" : "webhook"})`,
  ],
  "settings.alert-channel-remove": (e) => [`Removed the alert channel “${str(e.details.name)}”`],
  "settings.alert-channel-test": (e) => [
    `Sent a test message to the alert channel “${str(e.details.name)}”${e.details.accepted === false ? `, which did not accept it: ${str(e.details.refusal)}` : ""}`,
  ],
};

/** "“3 orders not sent…”" linked to the Alerts page. */
function alert(e: ActivityEntry): ActivityPart[] {
  return [
    { text: `“${str(e.details.title) || "an alert"}”`, href: "/alerts?state=all", title: e.target ?? "" },
  ];
}

/** "the file payouts.csv" linked to its batch's page. */
function batch(e: ActivityEntry): ActivityPart[] {
  const name = str(e.details.fileName) || "a pay-out file";
  if (!e.target || !isUuid(e.target)) return [`the file ${name}`];
  return ["the file ", { text: name, href: batchHref(e.target), title: e.target }];
}

/** " (RUB 1500.00, BRL 100.50)" from a batch's totals. */
function batchTotals(e: ActivityEntry): string {
  const totals = e.details.totals;
  if (!isRecord(totals)) return "";
  const parts = Object.entries(totals).map(
    ([currency, amount]) => `${currency || "no currency"} ${str(amount)}`,
  );
  return parts.length > 0 ? ` (${parts.join(", ")})` : "";
}

/** "callback 1a2b3c4d" linked to its page on /callbacks. */
function callback(e: ActivityEntry): ActivityPart[] {
  if (!e.target || !isUuid(e.target)) return ["callback"];
  return ["callback ", { text: e.target.slice(0, 8), href: callbackHref(e.target), title: e.target }];
}

const num = (v: unknown): string => (typeof v === "number" ? String(v) : "0");

function callbackFilters(e: ActivityEntry): string {
  const filters = e.details.filters;
  return isRecord(filters) ? describeCallbackFilters(filters) : "all";
}

/** ": 3 applied, 1 duplicate" from { applied: 3, duplicate: 1 }. */
function tally(outcomes: unknown): string {
  if (!outcomes || typeof outcomes !== "object") return "";
  const parts = Object.entries(outcomes as Record<string, unknown>)
    .filter(([, n]) => typeof n === "number" && n > 0)
    .map(([k, n]) => `${n} ${(OUTCOME_FILTER_TEXT[k as CallbackOutcome] ?? k).toLowerCase()}`);
  return parts.length ? `: ${parts.join(", ")}` : "";
}

/** The entry as sentence parts; a code this build does not know (a newer version wrote it) says so in words. */
export function activityParts(e: ActivityEntry): ActivityPart[] {
  if (!isAuditAction(e.action)) return ["Recorded an event this version of the dashboard does not describe"];
  return SENTENCES[e.action](e).filter((p) => p !== "");
}

/** The sentence as plain text (links as their text). */
export function describeActivity(e: ActivityEntry): string {
  return activityParts(e)
    .map((p) => (typeof p === "string" ? p : p.text))
    .join("");
}
