import type { Migration } from "@/lib/database";

/**
 * An order's currency is its method's (orderCurrency in lib/contract): SBP and NSPK QR pay into a Russian
 * SBP bank, so their amount is in roubles whatever the payer's country. Before, the dashboard stored the
 * country's currency, and a cross-border order for KZ showed "KZT" while its QR charged RUB. Those orders
 * now store RUB; `shown_currency` keeps what they showed (the empty string: no currency at all) and the
 * order page labels them. It is null for every other order. The method list is frozen here on purpose.
 */
export const m0016OrderCurrency: Migration = {
  id: "0016_order_currency",
  sql: `
ALTER TABLE orders ADD COLUMN shown_currency text;
UPDATE orders SET shown_currency = coalesce(currency, ''), currency = 'RUB'
 WHERE direction = 'payin'
   AND payment_method IN ('SBP', 'CrossBorderSBP', 'QRNSPK', 'QRNSPKCrossBorder')
   AND currency IS DISTINCT FROM 'RUB';
`,
};
