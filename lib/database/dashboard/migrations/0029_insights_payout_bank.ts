import type { Migration } from "@/lib/database";
import { AMOUNT, BY_KEY, COLUMNS, rollupFunctions, rollupKey, SPANS } from "./0025_insights_spans";

/**
 * A pay-out's bank in the Insights rollups (issue 43 §4): 0025 took an order's bank from its bank details
 * (`bankName`), which only a pay-in gets back from the service, so every pay-out counted under no bank and
 * "Success rate by bank" showed "—" for pay-outs that all named one. A pay-out names its bank by the
 * request's `bankId` (SBP); its key is `bankId:<id>`, which Insights names from the bank directory when it
 * reads (lib/insights/bank-names.ts). The trigger functions are replaced and the rollup rebuilt from the
 * orders in the same transaction (writers of orders wait on the function replacement's lock).
 */
const BANK = `coalesce(o.bank_details ->> 'bankName', 'bankId:' || (o.request ->> 'bankId'), '')`;

export const m0029InsightsPayoutBank: Migration = {
  id: "0029_insights_payout_bank",
  sql: `
LOCK TABLE orders IN SHARE ROW EXCLUSIVE MODE;
${rollupFunctions(rollupKey(BANK), "CREATE OR REPLACE")}
DELETE FROM order_rollup;
INSERT INTO order_rollup (${COLUMNS}, n, amount)
  SELECT ${rollupKey(BANK)}, count(*), sum(${AMOUNT}) FROM orders o CROSS JOIN ${SPANS} ${BY_KEY};
`,
};
