/**
 * The dashboard database's tables as Kysely types (lib/database/kysely.ts): the one definition its rows are
 * typed from. camelCase here, snake_case in SQL (lib/database/dashboard/migrations), converted by CamelCasePlugin. Keep in
 * step with the migrations: a column added there is added here.
 *
 * Driver conventions (lib/database/index.ts): numeric → string, timestamptz → Date, jsonb → parsed value;
 * jsonb is written as JSON text (JSON.stringify), never as an object (pg would turn an array into a
 * PostgreSQL array literal).
 *
 * Names (docs/architecture.md, One owner per shape): a table's interface is `<Table>Columns`, a row as stored
 * `<Thing>Row`, a row to insert `New<Thing>Row`.
 */
import type { ColumnType, Insertable, Selectable } from "kysely";
import type { BankDetails, Direction } from "@/lib/contract";
import type { Defaulted, Json } from "@/lib/database/column-types";

export interface DashboardDatabase {
  users: UsersColumns;
  sessions: SessionsColumns;
  rateLimits: RateLimitsColumns;
  orders: OrdersColumns;
  callbackDeliveries: CallbackDeliveriesColumns;
  auditLog: AuditLogColumns;
  signInDevices: SignInDevicesColumns;
  orderStatusCounts: OrderStatusCountsColumns;
  savedViews: SavedViewsColumns;
  paymentApiCalls: PaymentApiCallsColumns;
  payoutApprovalSettings: PayoutApprovalSettingsColumns;
  payoutApprovals: PayoutApprovalsColumns;
  secondFactors: SecondFactorsColumns;
  recoveryCodes: RecoveryCodesColumns;
  secondFactorChallenges: SecondFactorChallengesColumns;
  pendingSignIns: PendingSignInsColumns;
  secondFactorSettings: SecondFactorSettingsColumns;
  payoutBatches: PayoutBatchesColumns;
  payoutBatchRows: PayoutBatchRowsColumns;
  paymentCases: PaymentCasesColumns;
  alertRuleSettings: AlertRuleSettingsColumns;
  alerts: AlertsColumns;
  alertChannels: AlertChannelsColumns;
  alertDeliveries: AlertDeliveriesColumns;
  approverHoldSettings: ApproverHoldSettingsColumns;
}

/** One row (0030): how many hours a new approver waits before approving (0: off). */
export interface ApproverHoldSettingsColumns {
  id: Defaulted<boolean>;
  hours: number;
  updatedBy: string | null;
  updatedAt: Defaulted<Date>;
}

/** Staff roles, the users.role column's values (what each may do: lib/auth/roles.ts). */
export const USER_ROLES = ["admin", "operator", "approver", "viewer"] as const;
export type UserRole = (typeof USER_ROLES)[number];

export interface UsersColumns {
  id: string;
  /** Stored lower-cased. */
  email: string;
  name: Defaulted<string>;
  passwordHash: string;
  role: UserRole;
  disabledAt: Date | null;
  createdAt: Defaulted<Date>;
  updatedAt: Defaulted<Date>;
  /** When the user got their present role, added or changed (0030). */
  roleGrantedAt: Defaulted<Date>;
  /** The admin who gave it (null: the first admin, or before 0030). */
  roleGrantedBy: Defaulted<string | null>;
  /** Set by an admin's password reset: the one-time password must be replaced at the next sign-in (0010). */
  mustChangePassword: Defaulted<boolean>;
  passwordChangedAt: Date | null;
  /** When an admin's one-time password stops working (null: none set; 0018). */
  oneTimePasswordExpiresAt: Date | null;
  /** When the one-time password was signed in with: it works once (0018). */
  oneTimePasswordUsedAt: Date | null;
}

export interface SessionsColumns {
  /** SHA-256 of the cookie token. */
  id: string;
  userId: string;
  createdAt: Defaulted<Date>;
  lastSeenAt: Defaulted<Date>;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
  /** When this session last passed a second factor (0019): step-up is fresh for five minutes after. */
  secondFactorAt: Defaulted<Date | null>;
  /** When this session was opened with a recovery code (0029): it may enrol a factor for five minutes after. */
  recoverySignInAt: Defaulted<Date | null>;
  /** Signed in without the second factor the role requires (0019): Your account only, until one is set up. */
  mustEnrol: Defaulted<boolean>;
}

export interface RateLimitsColumns {
  key: string;
  windowStart: Date;
  count: number;
}

export interface OrdersColumns {
  id: string;
  direction: Direction;
  paymentId: string;
  providerOrderId: string | null;
  paymentMethod: string;
  amount: string;
  finalAmount: string | null;
  currency: string | null;
  /** Migration 0015: the currency an SBP/NSPK order showed before it was corrected to RUB ("" = none). */
  shownCurrency: string | null;
  country: string;
  status: string;
  /** As sent, the card number masked (first six + last four). */
  request: Json<Record<string, unknown>>;
  response: Json<Record<string, unknown> | null>;
  bankDetails: Json<BankDetails | null>;
  expiresAt: Date | null;
  /** Public customer-page token (pay-ins only): /pay/<token>. */
  payToken: string | null;
  /** Problem details or transport error of the last failed attempt (PaymentApiErrorJson), null after success. */
  lastError: Json<Record<string, unknown> | null>;
  submitAttempts: Defaulted<number>;
  clientEmail: string;
  createdBy: string | null;
  createdAt: Defaulted<Date>;
  updatedAt: Defaulted<Date>;
  /** The service's `updatedAt` of the status last applied from a callback (0002). */
  statusUpdatedAt: Date | null;
  /** While "Submitting": when the sending process must have answered by (0005). */
  submitLeaseUntil: Date | null;
  /** "Fix and resend": the refused order this one corrects (0006). */
  resendOf: string | null;
}

/** Outcome of one callback delivery. "received" only while it is being processed. */
export type CallbackOutcome =
  | "received"
  | "applied"
  | "duplicate"
  | "stale"
  | "unknown-order"
  | "rejected"
  | "invalid";

export interface CallbackDeliveriesColumns {
  id: string;
  receivedAt: Defaulted<Date>;
  webhookId: string | null;
  headers: Json<Record<string, string>>;
  rawBody: string;
  verified: boolean;
  verificationError: string | null;
  orderId: string | null;
  status: string | null;
  outcome: CallbackOutcome;
  bodyBytes: number | null;
  bodySha256: string | null;
  /** A re-application's original delivery, and who asked for it (0012). */
  reapplyOf: Defaulted<string | null>;
  reappliedBy: Defaulted<string | null>;
}

export interface AuditLogColumns {
  id: string;
  at: Defaulted<Date>;
  userId: string | null;
  action: string;
  target: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
}

export interface SignInDevicesColumns {
  /** SHA-256 of the cookie token. */
  id: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
}

/** A user's named orders-list filters (0011). */
export interface SavedViewsColumns {
  id: string;
  userId: string;
  /** Unique per user, ignoring case. */
  name: string;
  /** The filters' canonical query string ("direction=payin&status=Success"). */
  query: string;
  createdAt: Defaulted<Date>;
}

/** What a call to the payment service was (0015): lib/payment-api/call-kinds.ts reads it off the request. */
export const CALL_KINDS = ["payin-create", "payout-create", "bank-list", "sandbox", "other"] as const;
export type CallKind = (typeof CALL_KINDS)[number];

/** Why a call got no answer. */
export type CallErrorKind = "timeout" | "network";

/** One attempt of a call to the payment service as the client saw it, card numbers masked (0013). */
export interface PaymentApiCallsColumns {
  id: string;
  /** Shared by the attempts of one call. */
  callId: string;
  attempt: number;
  startedAt: Date;
  method: "GET" | "POST";
  url: string;
  /** The request body exactly as sent (null for a GET). */
  requestBody: string | null;
  /** The HTTP status; null when no answer came (a timeout, a network error). */
  status: number | null;
  responseBody: string | null;
  /** Why no answer came. */
  error: string | null;
  /** Which way no answer came (null when one did). */
  errorKind: CallErrorKind | null;
  latencyMs: number;
  /** Whose action caused it; null: the dashboard itself (the resume job). */
  userId: string | null;
  /** The order it concerns, when the request or answer names one. */
  paymentId: string | null;
  serviceOrderId: string | null;
  /** What the call was (0015), read off its method and path: lib/payment-api/call-kinds.ts. */
  kind: CallKind;
  /** The trace of the attempt's span (0028; 32 hex digits), when tracing was on and the trace sampled. */
  traceId: string | null;
}
export type PaymentApiCallRow = Selectable<PaymentApiCallsColumns>;

/** A saved view as the app uses it (the list's canonical filter query under a name). */
export type SavedViewRow = Pick<Selectable<SavedViewsColumns>, "id" | "name" | "query">;

export type UserRow = Selectable<UsersColumns>;
export type SessionRow = Selectable<SessionsColumns>;
export type AuditLogRow = Selectable<AuditLogColumns>;
export type CallbackDeliveryRow = Selectable<CallbackDeliveriesColumns>;

/** Orders per status, kept by triggers (0008, 0032): the sum of `n` over a status's slots is its count. */
export interface OrderStatusCountsColumns {
  status: string;
  /** bigint since 0030 (the writing transaction's txid; 0 once folded): read as a string. */
  slot: string;
  /** bigint: read as a string. */
  n: string;
}

/** One order as the app reads it (every column). */
export type OrderRow = Selectable<OrdersColumns>;

/** Which pay-outs wait for approval (0017): one row, absent until an admin first saves the setting ("off"). */
export interface PayoutApprovalSettingsColumns {
  id: Defaulted<boolean>;
  mode: "off" | "all" | "threshold";
  /** Currency → the smallest amount that waits, a decimal string ("100000", "5000.50"). */
  thresholds: Json<Record<string, string>>;
  updatedBy: string | null;
  updatedAt: Defaulted<Date>;
}

/** A pay-out held for approval and what became of it (0017). */
export interface PayoutApprovalsColumns {
  orderId: string;
  requestedBy: string | null;
  requestedAt: Defaulted<Date>;
  /** Which setting held it, in words ("every pay-out", "RUB from 100000.00"). */
  rule: string;
  decision: "approved" | "rejected" | "cancelled" | null;
  decidedBy: string | null;
  decidedAt: Date | null;
  /** Why it was rejected (required then), or cancelled (optional). */
  reason: string | null;
}
export type PayoutApprovalRow = Selectable<PayoutApprovalsColumns>;

/** A user's authenticator app or passkey (0019). */
export interface SecondFactorsColumns {
  id: string;
  userId: string;
  kind: "totp" | "passkey";
  name: string;
  createdAt: Defaulted<Date>;
  /** An authenticator app: NULL until a code from it confirmed the enrolment. A passkey: when registered. */
  confirmedAt: Date | null;
  lastUsedAt: Date | null;
  /** TOTP seed sealed with AES-256-GCM (lib/auth/second-factor/seal.ts). */
  secret: string | null;
  /** bigint as a string: the last accepted 30-second step (a code is accepted once). */
  lastStep: string | null;
  /** WebAuthn credential id (base64url). */
  credentialId: string | null;
  /** COSE public key (base64url). */
  publicKey: string | null;
  /** bigint as a string: the authenticator's signature counter. */
  counter: string | null;
  transports: Json<string[] | null>;
}
export type SecondFactorRow = Selectable<SecondFactorsColumns>;

export interface RecoveryCodesColumns {
  userId: string;
  /** SHA-256 hex of the normalised code. */
  codeHash: string;
  usedAt: Date | null;
}

export interface SecondFactorChallengesColumns {
  userId: string;
  purpose: "register" | "sign-in" | "step-up";
  challenge: string;
  expiresAt: Date;
}

/** Between the password and the second factor (0019): not a session; five minutes, used once. */
export interface PendingSignInsColumns {
  /** SHA-256 of the cookie token. */
  id: string;
  userId: string;
  createdAt: Defaulted<Date>;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
  /** The trusted device the password was checked with (lib/auth/device.ts), retired at the end. */
  deviceId: string | null;
}
export type PendingSignInRow = Selectable<PendingSignInsColumns>;

export interface SecondFactorSettingsColumns {
  id: Defaulted<boolean>;
  required: boolean;
  updatedBy: string | null;
  updatedAt: Defaulted<Date>;
}
export const PAYOUT_BATCH_STATUSES = [
  "awaiting_approval",
  "sending",
  "done",
  "rejected",
  "cancelled",
] as const;
export type PayoutBatchStatus = (typeof PAYOUT_BATCH_STATUSES)[number];
export const PAYOUT_BATCH_ROW_STATES = ["pending", "sending", "sent", "cancelled"] as const;
export type PayoutBatchRowState = (typeof PAYOUT_BATCH_ROW_STATES)[number];

/** An uploaded pay-out file, approved and sent as one (0020). */
export interface PayoutBatchesColumns {
  id: string;
  fileName: string;
  /** Lowercase hex SHA-256 of the file's bytes. */
  fileSha256: string;
  status: PayoutBatchStatus;
  rowCount: number;
  /** Currency → the rows' total, a two-decimal string. */
  totals: Json<Record<string, string>>;
  /** Which approval setting held it, in words; null when it was sent at once. */
  rule: string | null;
  createdBy: string | null;
  createdAt: Defaulted<Date>;
  decision: "approved" | "rejected" | "cancelled" | null;
  decidedBy: string | null;
  decidedAt: Date | null;
  reason: string | null;
  finishedAt: Date | null;
  updatedAt: Defaulted<Date>;
}
export type PayoutBatchRow = Selectable<PayoutBatchesColumns>;

/** One valid row of a batch's file and the order it became (0020). */
export interface PayoutBatchRowsColumns {
  batchId: string;
  /** The row's line in the file (the header is line 1). */
  rowNumber: number;
  paymentId: string;
  paymentMethod: string;
  /** Two-decimal string. */
  amount: string;
  currency: string | null;
  /** The pay-out request without postbackUrl (no card numbers: files refuse Card rows). */
  request: Json<Record<string, unknown>>;
  state: Defaulted<PayoutBatchRowState>;
  leaseUntil: Date | null;
  orderId: string | null;
  /** Why a sent row's order is not its own (its paymentId was already used by another request). */
  note: string | null;
  updatedAt: Defaulted<Date>;
}
export type PayoutBatchLineRow = Selectable<PayoutBatchRowsColumns>;
export type NewPayoutBatchLineRow = Insertable<PayoutBatchRowsColumns>;

/** "I have paid" cases (0021): open until staff close them, or the order turns Success. */
export const PAYMENT_CASE_STATES = ["open", "found", "not_found"] as const;
export type PaymentCaseState = (typeof PAYMENT_CASE_STATES)[number];

export interface PaymentCasesColumns {
  id: string;
  orderId: string;
  /** The customer's receipt reference (Pix end-to-end id, SBP operation id, or free text), normalized. */
  reference: string;
  note: string | null;
  submittedAt: Defaulted<Date>;
  state: Defaulted<PaymentCaseState>;
  /** Who closed it; null while open, or when the order's Success closed it (closedAt set). */
  closedBy: Defaulted<string | null>;
  closedAt: Defaulted<Date | null>;
  staffNote: Defaulted<string | null>;
}
export type PaymentCaseRow = Selectable<PaymentCasesColumns>;

/** An admin's change to an alert rule (0023); rules without a row run with their defaults. */
export interface AlertRuleSettingsColumns {
  rule: string;
  enabled: boolean;
  /** numeric: a string when read. */
  threshold: ColumnType<string, string | number, string | number>;
  updatedBy: string | null;
  updatedAt: Defaulted<Date>;
}

export const ALERT_STATES = ["open", "acknowledged", "resolved"] as const;
export type AlertState = (typeof ALERT_STATES)[number];

/** One raise of an alert rule (0023): at most one unresolved per rule and subject. */
export interface AlertsColumns {
  id: string;
  rule: string;
  /** What it is about: '' for a whole-dashboard rule, else e.g. a batch id. */
  subject: Defaulted<string>;
  state: Defaulted<AlertState>;
  title: string;
  detail: string;
  /** The orders it names (a few ids). */
  orderIds: ColumnType<string[], string | undefined, string>;
  raisedAt: Defaulted<Date>;
  lastSeenAt: Defaulted<Date>;
  acknowledgedBy: Defaulted<string | null>;
  acknowledgedAt: Defaulted<Date | null>;
  /** Who resolved it; null while unresolved, or when the condition cleared by itself (resolvedAt set). */
  resolvedBy: Defaulted<string | null>;
  resolvedAt: Defaulted<Date | null>;
}
export type AlertRow = Selectable<AlertsColumns>;

export const ALERT_CHANNEL_KINDS = ["webhook", "email"] as const;
export type AlertChannelKind = (typeof ALERT_CHANNEL_KINDS)[number];
/** A webhook's body: plain JSON, Slack-compatible {text}, Telegram-compatible {chat_id, text}; e-mail: "email". */
export const ALERT_CHANNEL_FORMATS = ["json", "slack", "telegram", "email"] as const;
export type AlertChannelFormat = (typeof ALERT_CHANNEL_FORMATS)[number];

/** Where alerts are sent (0023). */
export interface AlertChannelsColumns {
  id: string;
  kind: AlertChannelKind;
  name: string;
  /** The webhook's URL, or the e-mail recipients (comma-separated). */
  target: string;
  format: Defaulted<AlertChannelFormat>;
  /** Telegram-compatible bodies: the chat to post to. */
  chatId: string | null;
  createdBy: string | null;
  createdAt: Defaulted<Date>;
}
export type AlertChannelRow = Selectable<AlertChannelsColumns>;

export const ALERT_EVENTS = ["raised", "resolved"] as const;
export type AlertEvent = (typeof ALERT_EVENTS)[number];
export type AlertDeliveryState = "pending" | "sent" | "failed";

/** One alert's event to one channel (0023): made once, claimed and sent by one instance, retried with back-off. */
export interface AlertDeliveriesColumns {
  alertId: string;
  channelId: string;
  event: AlertEvent;
  state: Defaulted<AlertDeliveryState>;
  attempts: Defaulted<number>;
  nextAttemptAt: Defaulted<Date>;
  leaseUntil: Date | null;
  lastError: string | null;
  sentAt: Date | null;
  createdAt: Defaulted<Date>;
}
export type AlertDeliveryRow = Selectable<AlertDeliveriesColumns>;
