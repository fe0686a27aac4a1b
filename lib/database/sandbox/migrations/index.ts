import type { Migration } from "@/lib/database";
import { m0001Init } from "./0001_init";
import { m0002DropCreatedIndex } from "./0002_drop_created_index";
import { m0003RequestLog } from "./0003_request_log";
import { m0004AccountClocks } from "./0004_account_clocks";
import { m0005CallbackChaos } from "./0005_callback_chaos";
import { m0006Runs } from "./0006_runs";
import { m0007OrderCurrency } from "./0007_order_currency";

/** Every committed sandbox migration, in order. Add new files here; never edit an applied one. */
export const sandboxMigrations: readonly Migration[] = [
  m0001Init,
  m0002DropCreatedIndex,
  m0003RequestLog,
  m0004AccountClocks,
  m0005CallbackChaos,
  m0006Runs,
  m0007OrderCurrency,
];

/** Differs from the dashboard's key, so both can migrate one PostgreSQL server at the same time. */
export const SANDBOX_MIGRATION_LOCK_KEY = 731_002;
