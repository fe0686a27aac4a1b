/**
 * Migrations 0016 (dashboard) and sandbox_0007: orders stored with their country's currency before an
 * order's currency became its method's (orderCurrency). A database migrated up to the step before gets one
 * order per method × country the contract allows, as the old code stored it; after the step, each stores orderCurrency's
 * currency, and a dashboard order whose currency changed keeps the old one in `shown_currency`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  currencyForCountry,
  type Direction,
  orderCurrency,
  PAYIN_METHODS,
  PAYOUT_METHODS,
  servedCountries,
} from "@/lib/contract";
import { type Database, migrate } from "@/lib/database";
import { SANDBOX_MIGRATION_LOCK_KEY, sandboxMigrations } from "@/lib/database/sandbox/migrations";
import { createScratchDatabase, type ScratchDatabase } from "@/lib/testing/database";
import { migrations } from "./index";

const LOCK = 731_015;
const COUNTRIES = ["RU", "KZ", "BR", "DE", "AQ"];
const CASES: { direction: Direction; method: string; country: string }[] = [
  ...PAYIN_METHODS.map((method) => ({ direction: "payin" as const, method })),
  ...PAYOUT_METHODS.map((method) => ({ direction: "payout" as const, method })),
].flatMap((m) => (servedCountries(m.direction, m.method) ?? COUNTRIES).map((country) => ({ ...m, country })));

let dashboardScratch: ScratchDatabase;
let sandboxScratch: ScratchDatabase;
let dashboard: Database;
let sandbox: Database;

beforeAll(async () => {
  dashboardScratch = await createScratchDatabase("m0016");
  dashboard = await dashboardScratch.open();
  await migrate(
    dashboard,
    migrations.filter((m) => m.id < "0016"),
    LOCK,
  );
  sandboxScratch = await createScratchDatabase("sandbox_m0007");
  sandbox = await sandboxScratch.open();
  await migrate(
    sandbox,
    sandboxMigrations.filter((m) => m.id < "sandbox_0007"),
    SANDBOX_MIGRATION_LOCK_KEY,
  );
});
afterAll(async () => {
  await dashboard?.close();
  await sandbox?.close();
  await dashboardScratch?.drop();
  await sandboxScratch?.drop();
});

describe("0016 order currency (dashboard)", () => {
  it("stores the method's currency and keeps what the order showed before where it differed", async () => {
    const ids = new Map<string, (typeof CASES)[number]>();
    for (const c of CASES) {
      const id = crypto.randomUUID();
      ids.set(id, c);
      await dashboard.query(
        `INSERT INTO orders (id, direction, payment_id, payment_method, amount, currency, country, status, request,
           client_email)
         VALUES ($1, $2, $3, $4, '999.99', $5, $6, 'In progress', '{}'::jsonb, 'c@example.com')`,
        [id, c.direction, crypto.randomUUID(), c.method, currencyForCountry(c.country) ?? null, c.country],
      );
    }
    await migrate(dashboard, migrations, LOCK);
    let labelled = 0;
    for (const [id, c] of ids) {
      const [row] = await dashboard.query<{ currency: string | null; shown_currency: string | null }>(
        "SELECT currency, shown_currency FROM orders WHERE id = $1",
        [id],
      );
      const before = currencyForCountry(c.country) ?? null;
      const now = orderCurrency({
        direction: c.direction,
        paymentMethod: c.method,
        country: c.country,
      }).currency;
      const shown = before === (now ?? null) ? null : (before ?? "");
      if (shown !== null) labelled++;
      expect({ ...c, ...row }).toEqual({ ...c, currency: now ?? null, shown_currency: shown });
    }
    // CrossBorderSBP and QRNSPKCrossBorder in KZ, BR, DE and AQ.
    expect(labelled).toBe(2 * 4);
  });
});

describe("sandbox_0007 order currency", () => {
  it("the sandbox's record stores the currency its payment details charge", async () => {
    const ids = new Map<string, (typeof CASES)[number]>();
    for (const c of CASES) {
      const id = crypto.randomUUID();
      ids.set(id, c);
      await sandbox.query(
        `INSERT INTO sandbox_orders (id, client_id, direction, payment_id, request_hash, payment_method, country,
           currency, amount, final_amount, status, request)
         VALUES ($1, 'merchant', $2, $3, 'h', $4, $5, $6, 999.99, 999.99, 'In progress', '{}'::jsonb)`,
        [id, c.direction, crypto.randomUUID(), c.method, c.country, currencyForCountry(c.country) ?? null],
      );
    }
    await migrate(sandbox, sandboxMigrations, SANDBOX_MIGRATION_LOCK_KEY);
    for (const [id, c] of ids) {
      const [row] = await sandbox.query<{ currency: string | null }>(
        "SELECT currency FROM sandbox_orders WHERE id = $1",
        [id],
      );
      const now = orderCurrency({
        direction: c.direction,
        paymentMethod: c.method,
        country: c.country,
      }).currency;
      expect({ ...c, currency: row?.currency }).toEqual({ ...c, currency: now ?? null });
    }
  });
});
