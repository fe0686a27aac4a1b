import type { Migration } from "@/lib/database";
import { m0001Init } from "./0001_init";
import { m0002OrdersCallbacks } from "./0002_orders_callbacks";
import { m0003CallbackReceiverBounds } from "./0003_callback_receiver_bounds";
import { m0004SignInDevices } from "./0004_sign_in_devices";
import { m0005OrderSubmitLease } from "./0005_order_submit_lease";
import { m0006OrderRefused } from "./0006_order_refused";
import { m0008OrderStatusCounts } from "./0008_order_status_counts";
import { m0009CallbackReceiverBatch } from "./0009_callback_receiver_batch";
import { m0010PasswordChange } from "./0010_password_change";
import { m0011SavedViews } from "./0011_saved_views";
import { m0012CallbackReapply } from "./0012_callback_reapply";
import { m0013PaymentApiCalls } from "./0013_payment_api_calls";
import { m0014OrderStatusNotify } from "./0014_order_status_notify";
import { m0015RequestLogFilters } from "./0015_request_log_filters";
import { m0016OrderCurrency } from "./0016_order_currency";
import { m0017PayoutApprovals } from "./0017_payout_approvals";
import { m0018Sessions } from "./0018_sessions";
import { m0019SecondFactor } from "./0019_second_factor";
import { m0020PayoutBatches } from "./0020_payout_batches";
import { m0021PaymentCases } from "./0021_payment_cases";
import { m0022InsightsRollups } from "./0022_insights_rollups";
import { m0023Alerts } from "./0023_alerts";
import { m0025InsightsSpans } from "./0025_insights_spans";
import { m0026PayFunnel } from "./0026_pay_funnel";
import { m0028RequestLogTrace } from "./0028_request_log_trace";
import { m0029InsightsPayoutBank } from "./0029_insights_payout_bank";
import { m0900OrderSearchIndexes } from "./0900_order_search_indexes";

/** Every committed migration, in order. Add new files here; never edit an applied one. */
export const migrations: readonly Migration[] = [
  m0001Init,
  m0002OrdersCallbacks,
  m0003CallbackReceiverBounds,
  m0004SignInDevices,
  m0005OrderSubmitLease,
  m0006OrderRefused,
  m0008OrderStatusCounts,
  m0009CallbackReceiverBatch,
  m0010PasswordChange,
  m0011SavedViews,
  m0012CallbackReapply,
  m0013PaymentApiCalls,
  m0014OrderStatusNotify,
  m0015RequestLogFilters,
  m0016OrderCurrency,
  m0017PayoutApprovals,
  m0018Sessions,
  m0019SecondFactor,
  m0020PayoutBatches,
  m0021PaymentCases,
  m0022InsightsRollups,
  m0023Alerts,
  m0025InsightsSpans,
  m0026PayFunnel,
  m0028RequestLogTrace,
  m0029InsightsPayoutBank,
  m0900OrderSearchIndexes,
];
