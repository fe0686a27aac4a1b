import type { Migration } from "@/lib/database";

/**
 * The sandbox's record of an order carries the currency its payment details charge (orderCurrency in
 * lib/contract): SBP and NSPK QR pay-ins, cross-border too, are in roubles; before, a cross-border order
 * stored its country's currency. The method list is frozen here on purpose.
 */
export const m0007OrderCurrency: Migration = {
  id: "sandbox_0007_order_currency",
  sql: `
UPDATE sandbox_orders SET currency = 'RUB'
 WHERE direction = 'payin'
   AND payment_method IN ('SBP', 'CrossBorderSBP', 'QRNSPK', 'QRNSPKCrossBorder')
   AND currency IS DISTINCT FROM 'RUB';
`,
};
