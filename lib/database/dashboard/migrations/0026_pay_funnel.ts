import type { Migration } from "@/lib/database";

/**
 * The NSPK/SBP bank-app chooser's funnel (issue 18 §1): pay page opened with the chooser → app chosen →
 * paid. One row per order whose pay page showed the chooser, the first time of each step and nothing else:
 * no address, no browser, no cookie (the pay page's events carry none). It is what is needed to count each
 * order once however often its page is reloaded, and to know which chosen orders were paid (the order's
 * own status at read time); it goes when the order goes.
 */
export const m0026PayFunnel: Migration = {
  id: "0026_pay_funnel",
  sql: `
CREATE TABLE pay_funnel (
  order_id uuid PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  opened_at timestamptz NOT NULL,
  chosen_at timestamptz
);
CREATE INDEX pay_funnel_opened_at ON pay_funnel (opened_at);
`,
};
